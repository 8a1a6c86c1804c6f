// Game records for the Arimaa fitters (eval_fit.cpp, move_fit.cpp, order_fit.cpp): the
// roundrobin format that scripts/aei_match.py and scripts/arimaa_data.py
// write (rules doc §7.7): tags, one line a turn (`12g Ed6s hb5w Mc5w Ra2n`),
// the result (`1-0` or `0-1`). White plays Gold.
#pragma once

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "games/arimaa/arimaa.h"

namespace ludus::arimaa {

struct Game {
  std::vector<std::string> turns;  // AEI moves, setups first
  int winner = -1;                 // 0 Gold, 1 Silver
  std::string gold, silver;        // the White and Black tags
};

// The finished games of a record file (a game without a result, or with
// no turn after the setups, is left out); ok = whether the file opened.
inline std::vector<Game> read_records(const std::string& path, bool& ok) {
  std::vector<Game> games;
  std::ifstream in(path);
  ok = static_cast<bool>(in);
  Game cur;
  bool open = false;
  static const std::regex turn_line(R"(^(\d+)([gswb])(?:\s+(.*))?$)");
  static const std::regex tag_line(R"re(^\[(\w+) "(.*)"\]$)re");
  std::string line;
  auto close = [&] {
    if (open && cur.winner >= 0 && cur.turns.size() > 2) games.push_back(cur);
    cur = Game{};
    open = false;
  };
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '[') {
      if (open && (cur.winner >= 0 || !cur.turns.empty())) close();
      open = true;
      std::smatch m;
      if (std::regex_match(line, m, tag_line)) {
        if (m[1] == "White") cur.gold = m[2];
        else if (m[1] == "Black") cur.silver = m[2];
      }
      continue;
    }
    open = true;
    if (line == "1-0" || line == "0-1") {
      cur.winner = line == "1-0" ? 0 : 1;
      close();
      continue;
    }
    std::smatch m;
    if (!std::regex_match(line, m, turn_line)) continue;
    std::istringstream items(m[3].str());
    std::string item, token;
    while (items >> item) {
      if (item == "resigns" || item == "lost") continue;
      if (item == "takeback") {
        token.clear();
        if (!cur.turns.empty()) cur.turns.pop_back();
        break;
      }
      token += (token.empty() ? "" : ",") + item;
    }
    if (!token.empty()) cur.turns.push_back(token);
  }
  return games;
}

// Appends the finished games of each file, in order; false, with a
// message naming the file, when one does not open.
inline bool read_all_records(const std::vector<std::string>& paths, std::vector<Game>& out) {
  for (const std::string& path : paths) {
    bool ok = false;
    const std::vector<Game> gs = read_records(path, ok);
    if (!ok) {
      std::fprintf(stderr, "cannot read %s\n", path.c_str());
      return false;
    }
    out.insert(out.end(), gs.begin(), gs.end());
  }
  return true;
}

// Whether the game numbered `index` (0-based, in input order) is held
// out: those equal to `fold` modulo `holdout` (none when holdout is 0).
inline bool held_out_game(std::size_t index, int holdout, int fold) {
  return holdout > 0 && static_cast<int>(index % static_cast<std::size_t>(holdout)) == fold;
}

// Replays a game from its record: visit(p, turn, mover, moves) for each
// turn (turn 1 the setups), p the position before it and mover the name
// of the player making it, before its moves are played. False if a turn
// does not parse (the rest of the game is not visited).
template <class Visit>
bool replay_record(const Game& g, Visit&& visit) {
  Arimaa::Config cfg;
  Position p = Arimaa::start(cfg);
  for (std::size_t i = 0; i < g.turns.size(); ++i) {
    std::vector<Move> moves;
    std::vector<std::string> warnings;
    if (!Arimaa::parse_turn_lenient(p, g.turns[i], moves, warnings)) return false;
    visit(p, static_cast<int>(i / 2) + 1, p.side == kGold ? g.gold : g.silver, moves);
    for (Move m : moves) p = Arimaa::play(p, m);
  }
  return true;
}

}  // namespace ludus::arimaa
