// Game records for the Arimaa fitters (eval_fit.cpp, move_fit.cpp): the
// roundrobin format that scripts/aei_match.py and scripts/arimaa_data.py
// write (rules doc §7.7): tags, one line a turn (`12g Ed6s hb5w Mc5w Ra2n`),
// the result (`1-0` or `0-1`). White plays Gold.
#pragma once

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace ludus::arimaa
