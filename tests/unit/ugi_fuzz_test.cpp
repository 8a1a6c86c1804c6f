// In-process fuzz test of the UGI parser: many deterministic pseudo-random
// lines (mutated valid commands, random bytes, huge and negative numbers,
// random FENs and move lists) through UgiProtocol::handle(). Checks: no crash
// (run under the asan preset for UB), every line's output is whole protocol
// lines, an error line comes alone and leaves the position unchanged, and the
// engine still answers isready at the end.
//
// Lines that could run for long are made safe before they are sent: `go` only
// with a depth of 1..2 (no infinite/ponder), `perft` at most 3, no `bench`,
// no `quit`, small Hash/Threads values (see make_safe()).
#include <doctest/doctest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "engine/options.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/output.h"
#include "protocol/ugi.h"
#include "tests/unit/fuzz_support.h"

using namespace ludus;
using namespace ludus::fuzz;

namespace {

const std::vector<std::string> kNumbers = {
    "0", "1", "2", "3", "-1", "-3", "+1", "+2", "007", "1.5", "1e3", "0x10", "abc", "",
    "99999", "2147483647", "2147483648", "-2147483648", "4294967296", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "99999999999999999999999999", "18446744073709551615", "--1", "+", "-"};

const std::vector<std::string> kWords = {
    "ugi", "isready", "setoption", "name", "value", "uginewgame", "newgame", "position", "startpos",
    "fen", "moves", "go", "depth", "movetime", "nodes", "p1time", "p2time", "p1inc", "p2inc",
    "wtime", "btime", "winc", "binc", "movestogo", "infinite", "ponder", "stop", "ponderhit",
    "query", "gameover", "p1turn", "result", "game", "perft", "d", "eval", "help", "othello",
    "chess", "Hash", "Threads", "Ponder", "OwnBook", "MoveOverhead", "Evaluator", "Game",
    "true", "false", "pass", "PASS", "none", "d3", "F5", "i1", "a0", "a9", "d33", "pa", "zz",
    "X", "O", "x", "o", "*", "0", "-", ".", ";", "G8:+18;"};

const std::vector<std::string> kFenChars = {"X", "O", "x", "o", "*", "0", "-", "-", "-", ".", "B", "W", "Z", " "};

std::string random_fen(Rng& r, const std::vector<std::string>& real_fens) {
  std::string f;
  if (r.chance(50)) {
    f = r.pick(real_fens);
    // Point mutations of a real FEN.
    const int edits = static_cast<int>(r.below(4));
    for (int i = 0; i < edits && !f.empty(); ++i) {
      const std::size_t at = r.below(f.size());
      switch (r.below(4)) {
        case 0: f[at] = r.pick(kFenChars)[0]; break;
        case 1: f.erase(at, 1); break;
        case 2: f.insert(at, 1, r.pick(kFenChars)[0]); break;
        default: f.insert(at, 1, ' '); break;
      }
    }
    return f;
  }
  const std::size_t cells = r.chance(80) ? 64 : 60 + r.below(9);
  for (std::size_t i = 0; i < cells; ++i) {
    if (i == 27 || i == 28 || i == 35 || i == 36) f += r.chance(95) ? (r.chance(50) ? "X" : "O") : "-";
    else f += r.pick(kFenChars);
    if (r.chance(3)) f += " ";
  }
  if (r.chance(90)) f += r.chance(80) ? " " : "";
  if (r.chance(90)) f += r.pick(std::vector<std::string>{"X", "O", "x", "o", "*", "0", "B", "w", "-"});
  return f;
}

// A legal move sequence from the start (walked on a separate session).
std::vector<std::string> random_game_prefix(Rng& r, Session& oracle, std::size_t max_len) {
  oracle.new_game();
  return random_line(r, oracle, max_len);
}

std::string valid_command(Rng& r, Session& oracle, const std::vector<std::string>& real_fens,
                          const std::vector<std::string>& evaluators) {
  switch (r.below(16)) {
    case 0: return "isready";
    case 1: return r.chance(50) ? "ugi" : "help";
    case 2: return r.chance(50) ? "uginewgame" : (r.chance(50) ? "newgame" : "newgame othello");
    case 3:
    case 4: {
      const auto moves = random_game_prefix(r, oracle, r.below(70));
      return moves.empty() ? "position startpos" : "position startpos moves " + join(moves);
    }
    case 5: {
      std::string s = "position fen " + random_fen(r, real_fens);
      if (r.chance(40)) {
        const auto moves = random_game_prefix(r, oracle, r.below(6));
        s += " moves " + join(moves);
      }
      return s;
    }
    case 7:  // an illegal move at the end of a legal list
      return "position startpos moves " + join(random_game_prefix(r, oracle, r.below(20))) + " " +
             r.pick(std::vector<std::string>{"pass", "a1", "h8", "d4", "e3", "zz"});
    case 6: {
      std::string s = "go depth " + std::to_string(1 + r.below(2));
      static const std::vector<std::string> extra = {"movetime", "nodes", "p1time", "p2time", "p1inc",
                                                     "p2inc", "wtime", "btime", "winc", "binc", "movestogo"};
      const int n = static_cast<int>(r.below(4));
      for (int i = 0; i < n; ++i) s += " " + r.pick(extra) + " " + r.pick(kNumbers);
      return s;
    }
    case 8:
      return "query " + r.pick(std::vector<std::string>{"fen", "moves", "p1turn", "gameover", "result", "game"});
    case 9: return "perft " + std::to_string(r.below(4));
    case 10: return r.chance(50) ? "d" : "eval";
    case 11: return r.chance(50) ? "stop" : "ponderhit";
    case 12: {
      static const std::vector<std::string> names = {"Hash", "Threads",   "Ponder",   "OwnBook", "MoveOverhead",
                                                     "Game", "Evaluator", "BookFile", "NoSuch"};
      const std::string name = r.pick(names);
      std::string value;
      if (name == "Ponder" || name == "OwnBook") value = r.chance(50) ? "true" : "false";
      else if (name == "Game") value = r.chance(80) ? "othello" : "chess";
      else if (name == "Evaluator") value = evaluators.empty() || r.chance(10) ? "magic" : r.pick(evaluators);
      else if (name == "BookFile")
        value = r.pick(std::vector<std::string>{"<empty>", "/no/such/book", "/dev/null", LUDUS_SOURCE_DIR "/README.md"});
      else value = r.pick(kNumbers);
      return "setoption name " + name + " value " + value;
    }
    case 13: return "position startpos";
    case 14: return random_bytes(r, r.below(40));
    default: {
      std::string s;
      const int n = 1 + static_cast<int>(r.below(6));
      for (int i = 0; i < n; ++i) s += (i ? " " : "") + r.pick(r.chance(70) ? kWords : kNumbers);
      return s;
    }
  }
}

std::string mutate(Rng& r, std::string line) {
  const int rounds = static_cast<int>(r.below(4));
  for (int k = 0; k < rounds; ++k) {
    auto views = split_words(line);
    std::vector<std::string> t(views.begin(), views.end());
    switch (r.below(10)) {
      case 0:  // drop a token
        if (!t.empty()) t.erase(t.begin() + static_cast<long>(r.below(t.size())));
        line = join(t);
        break;
      case 1:  // duplicate a token
        if (!t.empty()) {
          const std::size_t i = r.below(t.size());
          t.insert(t.begin() + static_cast<long>(i), t[i]);
        }
        line = join(t);
        break;
      case 2:  // swap two tokens
        if (t.size() >= 2) std::swap(t[r.below(t.size())], t[r.below(t.size())]);
        line = join(t);
        break;
      case 3:  // replace a token by a number
        if (!t.empty()) t[r.below(t.size())] = r.pick(kNumbers);
        line = join(t);
        break;
      case 4:  // replace a token by a word
        if (!t.empty()) t[r.below(t.size())] = r.pick(kWords);
        line = join(t);
        break;
      case 5:  // random bytes somewhere
        line.insert(r.below(line.size() + 1), random_bytes(r, 1 + r.below(8)));
        break;
      case 6:  // truncate
        line.resize(r.below(line.size() + 1));
        break;
      case 7:  // flip letter case
        for (auto& c : line)
          if (r.chance(30) && std::isalpha(static_cast<unsigned char>(c)))
            c = static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
        break;
      case 8: {  // odd whitespace
        static const std::vector<std::string> ws = {" ", "  ", "\t", "\r", " \t ", "\v", "\f"};
        line.insert(r.below(line.size() + 1), r.pick(ws));
        break;
      }
      default:  // append garbage
        line += " " + r.pick(r.chance(50) ? kWords : kNumbers);
        break;
    }
  }
  return line;
}

// Rewrites a line so that it cannot run for long (see the file comment).
// Returns false if the line is to be skipped.
bool make_safe(std::string& line) {
  const auto t = split_words(line);
  if (t.empty()) return true;
  const std::string cmd = to_lower(t[0]);
  if (cmd == "quit" || cmd == "bench") return false;
  if (cmd == "go") {
    // Safe if it errors before searching or has only depths 1..2.
    bool has_depth = false;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string k = to_lower(t[i]);
      if (k == "infinite" || k == "ponder") return false;
      if (k == "depth") {
        std::int64_t v = 0;
        if (i + 1 < t.size() && parse_int(t[i + 1], v)) {
          if (v > 2) return false;
          if (v >= 1) has_depth = true;
        }
      }
    }
    if (!has_depth) line = "go depth 1";
    return true;
  }
  if (cmd == "perft") {
    std::int64_t v = 0;
    if (t.size() == 2 && parse_int(t[1], v) && v > 3) line = "perft 3";
    return true;
  }
  if (cmd == "setoption") {
    // Large Hash/Threads values are legal but allocate a lot (and take long).
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string k = to_lower(t[i]);
      if (k == "hash" || k == "threads") {
        for (std::size_t j = i + 1; j < t.size(); ++j) {
          std::int64_t v = 0;
          if (parse_int(t[j], v) && v > (k == "hash" ? 4 : 2)) return false;
        }
      }
    }
    return true;
  }
  return true;
}

}  // namespace

TEST_CASE("ugi fuzz: 20000 mutated lines, no crash, whole lines, errors change nothing") {
  MemOut mem;
  REQUIRE(mem.f != nullptr);
  Output out(mem.f);
  EngineSettings settings;
  settings.hash_mib = 1;
  UgiProtocol ugi(out, "othello", settings);
  auto oracle = make_session("othello");
  REQUIRE(oracle);

  // Real FENs to mutate (start, a few mid-game ones, pass and game-over ones).
  // A fixed seed; LUDUS_FUZZ_SEED=<n> explores other sequences.
  const char* seed_env = std::getenv("LUDUS_FUZZ_SEED");
  Rng r{seed_env ? std::strtoull(seed_env, nullptr, 10) : 0x1D05C0DEull};
  std::vector<std::string> real_fens = {oracle->fen(),
                                        "X-O------O------OOXX-------XX------XXX-------------------------- X",
                                        "X--------X-------XXXXX-----XXX-----XXX-------------------------- O",
                                        "-O-XXO-O-OO--XOX-OOOXOX--OOXOXOX-OOOXOXXOXOXXXOX-XX-OOOOOX-XOO-X X"};
  for (int i = 0; i < 8; ++i) {
    random_game_prefix(r, *oracle, 10 + r.below(50));
    real_fens.push_back(oracle->fen());
  }
  std::vector<std::string> evaluators;
  for (const auto& o : ugi.session().game_options())
    if (iequals(o.name, "Evaluator")) evaluators = o.values;

  int errors = 0, with_output = 0, searches = 0;
  const int kLines = 20000;
  for (int n = 0; n < kLines; ++n) {
    std::string line = valid_command(r, *oracle, real_fens, evaluators);
    if (r.chance(70)) line = mutate(r, line);
    if (r.chance(1)) line = std::string(100000, 'x');  // a very long line
    if (!make_safe(line)) continue;

    const auto words = split_words(line);
    const std::string cmd = words.empty() ? "" : to_lower(words[0]);
    CAPTURE(n);
    const std::string shown = printable(line);
    CAPTURE(shown);
    const UgiStep step = ugi_step(ugi, mem, line);
    if (cmd == "go" && !step.best.empty()) ++searches;
    if (!step.lines.empty()) ++with_output;
    errors += step.error ? 1 : 0;
    for (const auto& l : step.lines) REQUIRE(l.size() <= 4000);  // Othello's longest answer is short
  }
  // Still serving.
  REQUIRE(ugi.handle("isready"));
  CHECK(mem.take() == "readyok\n");
  REQUIRE(ugi.handle("position startpos moves f5"));
  REQUIRE(ugi.handle("query fen"));
  CHECK(mem.take() == "response ---------------------------OX------XXX-------------------------- O\n");
  // The mix exercised every path.
  CHECK(errors > 2000);
  CHECK(with_output > 5000);
  CHECK(searches > 300);
  MESSAGE("fuzz: " << errors << " error lines, " << searches << " searches, " << with_output
                   << " lines with output");
}
