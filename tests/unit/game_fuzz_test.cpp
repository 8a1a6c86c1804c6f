// In-process fuzz test of every game's FEN and move-token parsers through
// UGI, and of the AEI front end's Arimaa parsers (setposition boards, step
// lists, options). ugi_fuzz_test.cpp covers the UGI command parser itself on
// Othello; here the lines are mostly well-formed commands whose game text
// (FENs, tokens, game options) is mutated at the character level, where each
// game's own parser does the work.
//
// Checks, for every line: no crash (run under the asan preset for UB), only
// whole protocol lines, an error comes as one line alone and leaves the
// position unchanged, only position-setting commands change the position,
// and a `go depth 1` gives exactly one legal bestmove.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/options.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/aei.h"
#include "protocol/output.h"
#include "protocol/ugi.h"
#include "tests/unit/fuzz_support.h"

using namespace ludus;
using namespace ludus::fuzz;

namespace {

// Character-level edits drawn from `alphabet` (the game's own characters,
// so that most mutants get past the first check of the parser).
std::string mutate_text(Rng& r, std::string s, const std::string& alphabet) {
  const int edits = 1 + static_cast<int>(r.below(3));
  for (int k = 0; k < edits; ++k) {
    const char c = r.chance(90) && !alphabet.empty() ? alphabet[r.below(alphabet.size())]
                                                     : static_cast<char>(1 + r.below(255));
    const std::size_t at = r.below(s.size() + 1);
    switch (r.below(6)) {
      case 0:
        if (at < s.size()) s[at] = c;
        break;
      case 1:
        if (at < s.size()) s.erase(at, 1);
        break;
      case 2: s.insert(at, 1, c); break;
      case 3: s.resize(at); break;  // truncate
      case 4:                       // repeat a piece
        if (!s.empty()) s.insert(at, s.substr(r.below(s.size()), 1 + r.below(4)));
        break;
      default: s.insert(at, std::to_string(static_cast<long long>(r.next() % 40) - 5)); break;
    }
  }
  std::replace(s.begin(), s.end(), '\n', ' ');  // one line per handle() call
  return s;
}

std::string characters_of(const std::vector<std::string>& texts) {
  std::string chars;
  for (const auto& t : texts)
    for (char c : t)
      if (chars.find(c) == std::string::npos) chars += c;
  return chars;
}

struct GameCorpus {
  std::vector<std::string> fens;    // real positions of the game
  std::vector<std::string> tokens;  // real move tokens
  std::string fen_chars, token_chars;
};

GameCorpus make_corpus(Rng& r, Session& oracle, std::size_t max_plies) {
  GameCorpus c;
  oracle.new_game();
  c.fens.push_back(oracle.fen());
  for (int g = 0; g < 6; ++g) {
    oracle.new_game();
    for (const auto& m : random_line(r, oracle, 1 + r.below(max_plies))) {
      c.tokens.push_back(m);
      if (r.chance(30)) c.fens.push_back(oracle.fen());
    }
    c.fens.push_back(oracle.fen());
  }
  c.fen_chars = characters_of(c.fens);
  c.token_chars = characters_of(c.tokens);
  return c;
}

std::string game_line(Rng& r, Session& oracle, const GameCorpus& c, const std::vector<OptionSpec>& options,
                      bool cheap_perft) {
  switch (r.below(12)) {
    case 0:
    case 1: {  // a mutated FEN, sometimes with legal moves of the original
      const std::string fen = r.pick(c.fens);
      std::string line = "position fen " + mutate_text(r, fen, c.fen_chars);
      if (r.chance(30) && oracle.set_position(fen, {})) {
        const auto moves = random_line(r, oracle, r.below(4));
        if (!moves.empty()) line += " moves " + join(moves);
      }
      return line;
    }
    case 2:
    case 3: {  // a legal line, then a mutated token
      oracle.new_game();
      auto moves = random_line(r, oracle, r.below(12));
      moves.push_back(mutate_text(r, c.tokens.empty() ? std::string("x") : r.pick(c.tokens), c.token_chars));
      return "position startpos moves " + join(moves);
    }
    case 4: {  // a real FEN and a mutated move list
      const std::string fen = r.pick(c.fens);
      if (!oracle.set_position(fen, {})) return "position fen " + fen;
      auto moves = random_line(r, oracle, 1 + r.below(3));
      if (moves.empty()) return "position fen " + fen;
      auto& m = moves[r.below(moves.size())];
      m = mutate_text(r, m, c.token_chars);
      return "position fen " + fen + " moves " + join(moves);
    }
    case 5: {  // legal, to move through real positions
      oracle.new_game();
      const auto moves = random_line(r, oracle, r.below(30));
      return moves.empty() ? "position startpos" : "position startpos moves " + join(moves);
    }
    case 6: return "position fen " + r.pick(c.fens);
    case 7: return "go depth 1";
    case 8:
      return "query " + r.pick(std::vector<std::string>{"fen", "moves", "p1turn", "gameover", "result", "game"});
    case 9: {  // a game option with a real or mutated value
      if (options.empty()) return "isready";
      const OptionSpec& o = r.pick(options);
      std::string value = o.default_value;
      if (!o.values.empty() && r.chance(60)) value = r.pick(o.values);
      if (r.chance(50)) value = mutate_text(r, value, "0123456789-abcdefghijklmnopqrstuvwxyz");
      return "setoption name " + o.name + " value " + value;
    }
    case 10: return cheap_perft ? "perft 1" : "d";
    default: return r.chance(50) ? "eval" : random_bytes(r, r.below(30));
  }
}

}  // namespace

TEST_CASE("game fuzz: every game's FEN, token and option parsers through UGI") {
  const char* seed_env = std::getenv("LUDUS_FUZZ_SEED");
  for (const auto& name : game_names()) {
    if (name == "othello") continue;  // ugi_fuzz_test.cpp
    CAPTURE(name);
    Rng r{(seed_env ? std::strtoull(seed_env, nullptr, 10) : 0x6A3E5EEDull) ^ std::hash<std::string>{}(name)};
    MemOut mem;
    REQUIRE(mem.f != nullptr);
    Output out(mem.f);
    EngineSettings settings;
    settings.hash_mib = 1;
    UgiProtocol ugi(out, name, settings);
    auto oracle = make_session(name);
    REQUIRE(oracle);
    const bool multi_step = name == "arimaa";  // whole turns: tens of thousands of moves per position
    const GameCorpus corpus = make_corpus(r, *oracle, multi_step ? 8 : 40);
    const auto options = ugi.session().game_options();

    int errors = 0, lines_sent = 0;
    const int kLines = multi_step ? 400 : 1500;
    for (int n = 0; n < kLines; ++n) {
      const std::string line = game_line(r, *oracle, corpus, options, !multi_step);
      const std::string fen_before = ugi.session().fen();
      CAPTURE(n);
      const std::string shown = printable(line);
      CAPTURE(shown);
      const UgiStep step = ugi_step(ugi, mem, line);
      errors += step.error ? 1 : 0;
      const std::string& best = step.best;
      if (!best.empty()) {
        // The bestmove is legal: the session itself (same options, same
        // spelling rules: Arimaa's steps in any order, capture marks) takes
        // it after the position; then the position is restored.
        REQUIRE(ugi.handle("position fen " + fen_before + " moves " + best));
        const std::string answer = mem.take();
        CHECK_MESSAGE(answer.empty(), "illegal bestmove ", best, " in ", fen_before, ": ", answer);
        REQUIRE(ugi.handle("position fen " + fen_before));
        REQUIRE(mem.take().empty());
      }
      ++lines_sent;
    }
    REQUIRE(ugi.handle("isready"));
    CHECK(mem.take() == "readyok\n");
    // The mutants reached the parsers: many were refused, many accepted.
    CHECK(errors > lines_sent / 10);
    CHECK(errors < lines_sent * 9 / 10);
    MESSAGE(name << ": " << errors << " of " << lines_sent << " lines refused");
  }
}

namespace {

// After `go`: a refused go says so at once (log Error: go...); otherwise
// waits (bounded) until the output holds the bestmove line.
std::string wait_for_bestmove(MemOut& mem) {
  std::string text = mem.take();
  if (text.find("log Error: go") != std::string::npos) return text;
  // Until the bestmove line is whole (the search thread may be writing it).
  auto done = [&text] {
    const std::size_t at = text.find("bestmove");
    return at != std::string::npos && text.find('\n', at) != std::string::npos;
  };
  for (int i = 0; i < 20000 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    text += mem.take();
  }
  return text;
}

}  // namespace

TEST_CASE("game fuzz: AEI setposition, makemove and setoption with mutated arguments") {
  const char* seed_env = std::getenv("LUDUS_FUZZ_SEED");
  Rng r{seed_env ? std::strtoull(seed_env, nullptr, 10) : 0xAE1F0221ull};
  auto oracle = make_session("arimaa");
  REQUIRE(oracle);
  // Real positions and steps: boards in AEI form, turns as AEI step lists.
  std::vector<std::string> boards, steps;
  for (int g = 0; g < 4; ++g) {
    oracle->new_game();
    for (const auto& m : random_line(r, *oracle, 2 + r.below(8))) steps.push_back(ugi_move_to_aei(m));
    const std::string fen = oracle->fen();
    std::string board = "[";
    for (char ch : fen.substr(0, fen.find(' '))) {
      if (ch == '/') continue;
      if (ch >= '1' && ch <= '8') board.append(static_cast<std::size_t>(ch - '0'), ' ');
      else board += ch;
    }
    board += "]";
    boards.push_back(board);
  }
  const std::string board_chars = "[] rcdhmeRCDHMEx", step_chars = "rcdhmeRCDHMEabcdefgh12345678nsewx ";
  const std::vector<std::string> option_names = {"tcmove", "tcreserve", "tcpercent", "tcmax", "tctotal", "tcturns",
                                                 "tcturntime", "greserve", "sreserve", "gused", "sused", "lastmoveused",
                                                 "moveused", "hash", "depth", "opponent", "rating", "nosuch"};

  MemOut mem;
  REQUIRE(mem.f != nullptr);
  Output out(mem.f);
  EngineSettings settings;
  settings.hash_mib = 1;
  auto aei = std::make_unique<AeiProtocol>(out, settings);
  REQUIRE(aei->handle("aei"));
  REQUIRE(aei->handle("setoption name depth value 1"));
  REQUIRE(aei->handle("newgame"));
  mem.take();
  int errors = 0, bestmoves = 0;
  for (int n = 0; n < 1500; ++n) {
    std::string line;
    switch (r.below(8)) {
      case 0:
      case 1: {
        const std::string colour = r.chance(90) ? (r.chance(50) ? "g" : "s") : mutate_text(r, "g", "gswb");
        std::string b = r.pick(boards);
        if (r.chance(80)) b = mutate_text(r, b, board_chars);
        line = "setposition " + colour + " " + b;
        break;
      }
      case 2:
      case 3: line = "makemove " + mutate_text(r, r.pick(steps), step_chars); break;
      case 4: line = "makemove " + r.pick(steps); break;
      case 5: {
        std::string value = std::to_string(static_cast<long long>(r.next() % 1000));
        if (r.chance(50)) value = mutate_text(r, value, "0123456789-.x");
        line = "setoption name " + r.pick(option_names) + " value " + value;
        // Keep searches short and tables small (a valid Hash of 40 GiB would
        // be allocated and cleared: legal, but not what this test is about).
        if (line.find("depth") != std::string::npos) line = "setoption name depth value 1";
        if (line.find("hash") != std::string::npos) line = "setoption name hash value " + std::to_string(1 + r.below(4));
        break;
      }
      case 6: line = r.chance(50) ? "newgame" : "isready"; break;
      default: line = "go"; break;
    }
    CAPTURE(n);
    const std::string shown = printable(line);
    CAPTURE(shown);
    REQUIRE(aei->handle(line));
    std::string text = line == "go" ? wait_for_bestmove(mem) : mem.take();
    std::vector<std::string> lines;
    REQUIRE_MESSAGE(split_lines(text, lines), "output does not end with a newline: ", printable(text));
    for (const auto& l : lines) {
      CAPTURE(l);
      REQUIRE_MESSAGE(is_aei_line(l), "not an AEI line: ", printable(l));
      if (starts_with(l, "log Error")) ++errors;
      if (starts_with(l, "bestmove")) ++bestmoves;
    }
    if (line == "go") {
      // A finished game answers with an error instead of a move.
      const bool over = text.find("log Error") != std::string::npos;
      REQUIRE_MESSAGE((text.find("bestmove") != std::string::npos || over), "no bestmove: ", printable(text));
    }
  }
  REQUIRE(aei->handle("isready"));
  CHECK(mem.take() == "readyok\n");
  aei->finish();
  CHECK(errors > 100);
  CHECK(bestmoves > 50);
  MESSAGE("aei: " << errors << " error logs, " << bestmoves << " bestmoves");
}
