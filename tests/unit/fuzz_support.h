// Shared pieces of the in-process parser fuzz tests (ugi_fuzz_test.cpp,
// game_fuzz_test.cpp): a portable random generator, random lines and the
// doctest form of the UGI referee. The output capture and line checks are
// those of the libFuzzer harnesses (tests/fuzz/referee.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "engine/session.h"
#include "engine/text.h"
#include "protocol/ugi.h"
#include "tests/fuzz/referee.h"

namespace ludus::fuzz {

// splitmix64: the same sequence on every platform and standard library.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(next() % n) : 0; }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
};

inline std::string random_bytes(Rng& r, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    char c = static_cast<char>(r.below(256));
    if (c == '\n') c = '\x01';  // one line per handle() call, as from getline
    s += c;
  }
  return s;
}

inline std::string join(const std::vector<std::string>& v, std::size_t from = 0) {
  std::string s;
  for (std::size_t i = from; i < v.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += v[i];
  }
  return s;
}

// A random legal line of up to `max_len` moves from the oracle's current
// position (the oracle ends after it).
inline std::vector<std::string> random_line(Rng& r, Session& oracle, std::size_t max_len) {
  std::vector<std::string> played;
  while (played.size() < max_len && oracle.outcome() == Outcome::Ongoing) {
    const auto moves = oracle.legal_moves();
    if (moves.empty()) break;
    const std::string m = r.pick(moves);
    if (!oracle.play_move(m)) break;
    played.push_back(m);
  }
  return played;
}


// One line through a UGI front end: sends it, waits for the search it may
// start (only short ones are sent) and checks the output: whole protocol
// lines of printable ASCII; an error comes as one line alone and leaves the
// position unchanged; only position-setting commands change the position;
// one bestmove per successful go.
struct UgiStep {
  std::string text;                // all output
  std::vector<std::string> lines;  // the same, split
  bool error = false;              // an `info string error:` line
  std::string best;                // the bestmove, empty if none
};

inline UgiStep ugi_step(UgiProtocol& ugi, MemOut& mem, const std::string& line) {
  UgiStep step;
  const std::string fen_before = ugi.session().fen();
  const auto words = split_words(line);
  const std::string cmd = words.empty() ? "" : to_lower(words[0]);
  REQUIRE(ugi.handle(line));
  ugi.session().wait();
  REQUIRE_FALSE(ugi.session().searching());
  step.text = mem.take();
  REQUIRE_MESSAGE(split_lines(step.text, step.lines), "output does not end with a newline: ", printable(step.text));
  int error_lines = 0, bestmoves = 0;
  for (const auto& l : step.lines) {
    CAPTURE(l);
    REQUIRE_MESSAGE(is_protocol_line(l), "not a protocol line: ", printable(l));
    REQUIRE_MESSAGE(printable(l) == l.substr(0, 200), "control or non-ASCII bytes in: ", printable(l));
    if (starts_with(l, "info string error: ")) ++error_lines;
    if (starts_with(l, "bestmove ")) {
      ++bestmoves;
      if (l.substr(9) != "none") step.best = l.substr(9);
    }
  }
  REQUIRE_MESSAGE(error_lines <= 1, "several error lines: ", printable(step.text));
  step.error = error_lines == 1;
  if (step.error) {
    REQUIRE_MESSAGE(step.lines.size() == 1, "an error line with other output: ", printable(step.text));
    REQUIRE(ugi.session().fen() == fen_before);
  }
  if (cmd != "position" && cmd != "newgame" && cmd != "uginewgame" && cmd != "setoption")
    REQUIRE(ugi.session().fen() == fen_before);
  if (cmd == "go" && !step.error) REQUIRE(bestmoves == 1);
  return step;
}

}  // namespace ludus::fuzz
