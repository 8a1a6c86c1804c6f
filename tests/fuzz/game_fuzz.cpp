// libFuzzer harness of one game's FEN, move-token and option parsers,
// straight on its Session (games/registry.h); the game is LUDUS_FUZZ_GAME.
// The input is lines, one command each:
//   fen <text> [moves <m>...]   set_position(text, moves)
//   start [moves <m>...]        set_position(start, moves)
//   opt <name> <value>          set_game_option
//   new | go | list             new_game, a depth-1 search, a full move check
//   anything else               each token through play_move
// The referee: a rejected command leaves the FEN unchanged; after every
// accepted one the FEN is printable, parses back (on a second session with
// the same options) to the same FEN, the base and moves played reproduce
// it, and the listed moves are accepted; every `go` gives exactly one
// bestmove, legal in the position (or "none" when the game is over).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/session.h"
#include "engine/text.h"
#include "games/registry.h"
#include "tests/fuzz/referee.h"

#ifndef LUDUS_FUZZ_GAME
#error "LUDUS_FUZZ_GAME names the game (tests/fuzz/CMakeLists.txt)"
#endif

using namespace ludus;
using namespace ludus::fuzz;

namespace {

// Arimaa lists whole turns: tens of thousands per position. Listing them
// after every command would make one input take seconds, so there they are
// listed on `list` and `go` only.
const bool kHugeMoveLists = std::string_view(LUDUS_FUZZ_GAME) == "arimaa";
constexpr std::size_t kMaxLines = 64;
constexpr std::size_t kMovesTried = 24;  // listed moves played per check (spread over the list)

std::unique_ptr<Session> new_session() {
  auto s = make_session(LUDUS_FUZZ_GAME);
  if (!s) violation("the game exists", LUDUS_FUZZ_GAME, "make_session returned nullptr");
  const EngineSettings settings = fuzz_settings();
  (void)s->apply_settings(settings);
  return s;
}

std::vector<std::string> tokens_of(std::string_view text) {
  std::vector<std::string> v;
  for (auto t : split_words(text)) v.emplace_back(t);
  return v;
}

struct Harness {
  std::unique_ptr<Session> s = new_session();       // the session under test
  std::unique_ptr<Session> other = new_session();   // re-reads what s prints
  // What s was last set to and the moves played since; nullopt base: the
  // start position. Invalid after a rules option re-read the position.
  std::optional<std::string> base;
  std::vector<std::string> played;
  bool track = true;

  void check_moves(const std::string& line, const std::string& fen) {
    const auto moves = s->legal_moves();
    for (const auto& m : moves)
      LUDUS_REFEREE(!m.empty() && all_printable(m) && m.find(' ') == std::string::npos,
                    "a listed move is one printable token", line, m);
    const std::size_t step = std::max<std::size_t>(1, moves.size() / kMovesTried);
    for (std::size_t i = 0; i < moves.size(); i += step) {
      LUDUS_REFEREE(other->set_position(std::string_view(fen), {}), "a printed FEN parses", line, fen);
      const Status st = other->play_move(moves[i]);
      LUDUS_REFEREE(st, "every listed move is accepted", line, moves[i] + " in " + fen + ": " + st.error);
    }
  }

  void check_state(const std::string& line, bool list_moves) {
    const std::string fen = s->fen();
    trace("", "fen " + fen);
    LUDUS_REFEREE(!fen.empty() && all_printable(fen), "the FEN is printable", line, fen);
    const Status st = other->set_position(std::string_view(fen), {});
    LUDUS_REFEREE(st, "a printed FEN parses", line, fen + ": " + st.error);
    LUDUS_REFEREE(other->fen() == fen, "a printed FEN parses to the same position", line, fen + " -> " + other->fen());
    if (track) {
      const std::optional<std::string_view> b = base ? std::optional<std::string_view>(*base) : std::nullopt;
      const Status replay = other->set_position(b, played);
      LUDUS_REFEREE(replay, "the moves played replay", line, replay.error);
      LUDUS_REFEREE(other->fen() == fen, "the moves played replay to the same position", line,
                    fen + " vs " + other->fen());
    }
    if (list_moves) check_moves(line, fen);
  }

  void go(const std::string& line) {
    const std::string fen = s->fen();
    int bestmoves = 0;
    std::string best;
    SearchLimits limits;
    limits.depth = 1;
    limits.use_book = false;
    SearchCallbacks cb;
    cb.on_bestmove = [&](const std::string& b, const std::string&) {
      ++bestmoves;
      best = b;
    };
    const Status st = s->go(limits, std::move(cb));
    LUDUS_REFEREE(st, "go starts when no search runs", line, st.error);
    s->wait();
    LUDUS_REFEREE(bestmoves == 1, "one bestmove per go", line, std::to_string(bestmoves) + " in " + fen);
    LUDUS_REFEREE(s->fen() == fen, "a search leaves the position", line, fen + " -> " + s->fen());
    if (best == "none") {
      LUDUS_REFEREE(s->outcome() != Outcome::Ongoing || s->legal_moves().empty(),
                    "bestmove none only when the game is over", line, fen);
      return;
    }
    LUDUS_REFEREE(other->set_position(std::string_view(fen), {}), "a printed FEN parses", line, fen);
    const Status legal = other->play_move(best);
    LUDUS_REFEREE(legal, "the bestmove is legal", line, best + " in " + fen + ": " + legal.error);
  }

  // `<text> [moves <m>...]`: splits at the first " moves " (FENs have none).
  static std::pair<std::string, std::vector<std::string>> fen_and_moves(std::string_view rest) {
    const std::size_t at = rest.find(" moves ");
    if (at == std::string_view::npos) {
      if (rest.size() >= 5 && rest.substr(rest.size() - 5) == "moves")
        return {std::string(rest.substr(0, rest.size() - 5)), {}};
      return {std::string(rest), {}};
    }
    return {std::string(rest.substr(0, at)), tokens_of(rest.substr(at + 7))};
  }

  void run(const std::string& line) {
    trace(line, "");
    const auto t = split_words(line);
    if (t.empty()) return;
    const std::string cmd(t[0]);
    const std::string fen_before = s->fen();
    auto rejected = [&](const Status& st, std::string_view what) {
      LUDUS_REFEREE(s->fen() == fen_before, "a rejected command leaves the position", line,
                    std::string(what) + ": " + st.error + "; " + fen_before + " -> " + s->fen());
    };
    if (cmd == "fen" || cmd == "start") {
      std::optional<std::string> fen;
      std::vector<std::string> moves;
      if (cmd == "fen") {
        if (t.size() < 2) return;
        auto [f, m] = fen_and_moves(rest_after(line, t[1]));
        fen = f;
        moves = m;
      } else if (t.size() > 1) {
        if (t[1] != "moves") return;
        for (std::size_t i = 2; i < t.size(); ++i) moves.emplace_back(t[i]);
      }
      const std::optional<std::string_view> f = fen ? std::optional<std::string_view>(*fen) : std::nullopt;
      const Status st = s->set_position(f, moves);
      if (!st) return rejected(st, "set_position");
      base = fen;
      played = moves;
      track = true;
      return check_state(line, !kHugeMoveLists);
    }
    if (cmd == "opt") {
      if (t.size() < 2) return;
      const std::string name(t[1]);
      const std::string value = t.size() > 2 ? std::string(rest_after(line, t[2])) : std::string();
      const Status st = s->set_game_option(name, value);
      if (!st) return rejected(st, "set_game_option");
      const Status same = other->set_game_option(name, value);
      LUDUS_REFEREE(same, "an option one session takes, another takes", line, same.error);
      // A rules option replays the game from its first position (the start
      // position as it was, if an option changes the start: HareStart,
      // Geese, LinjaFirst), or re-reads its FEN if the moves are illegal
      // under the new rule: then the moves no longer describe it.
      if (!base || s->fen() != fen_before) track = false;
      return check_state(line, !kHugeMoveLists);
    }
    if (cmd == "new") {
      s->new_game();
      base.reset();
      played.clear();
      track = true;
      return check_state(line, !kHugeMoveLists);
    }
    if (cmd == "go") return go(line);
    if (cmd == "list") return check_state(line, true);
    for (auto tok : t) {
      const std::string before = s->fen();
      const Status st = s->play_move(tok);
      if (!st) {
        LUDUS_REFEREE(s->fen() == before, "a rejected move leaves the position", line,
                      std::string(tok) + ": " + st.error);
        continue;
      }
      played.emplace_back(tok);
      check_state(line, !kHugeMoveLists);
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Harness h;
  h.check_state("(the start position)", !kHugeMoveLists);
  for (const auto& line : input_lines(data, size, kMaxLines)) h.run(line);
  return 0;
}
