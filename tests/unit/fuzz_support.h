// Shared pieces of the in-process parser fuzz tests (ugi_fuzz_test.cpp,
// game_fuzz_test.cpp): a portable random generator, an in-memory FILE* for
// the protocol output, and checks that output is whole protocol lines.
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

// Output written to an in-memory FILE*, read back after every line.
struct MemOut {
  char* buf = nullptr;
  std::size_t size = 0;
  std::size_t read = 0;
  std::FILE* f = nullptr;
  MemOut() { f = open_memstream(&buf, &size); }
  ~MemOut() {
    std::fclose(f);
    std::free(buf);
  }
  // Locks the stream: a search thread may be writing its lines meanwhile
  // (and the stream may move its buffer when it grows).
  std::string take() {
    flockfile(f);
    std::fflush(f);
    std::string s(buf + read, size - read);
    read = size;
    funlockfile(f);
    return s;
  }
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

inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

inline bool is_protocol_line(std::string_view l) {
  static const char* words[] = {"id", "option", "ugiok", "readyok", "bestmove", "info", "response"};
  for (const char* w : words) {
    const std::string_view word(w);
    if (l == word) return word == "ugiok" || word == "readyok" || word == "response";
    if (starts_with(l, word) && l.size() > word.size() && l[word.size()] == ' ' && word != "ugiok" &&
        word != "readyok")
      return true;
  }
  return false;
}

// Splits output into lines; false if the output does not end with a newline.
inline bool split_lines(const std::string& out, std::vector<std::string>& lines) {
  lines.clear();
  std::size_t start = 0;
  while (start < out.size()) {
    const std::size_t nl = out.find('\n', start);
    if (nl == std::string::npos) return false;
    lines.push_back(out.substr(start, nl - start));
    start = nl + 1;
  }
  return true;
}

inline std::string printable(std::string_view s) {
  std::string r;
  for (unsigned char c : s.substr(0, 200)) {
    if (c >= 0x20 && c < 0x7F) r += static_cast<char>(c);
    else {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02X", c);
      r += b;
    }
  }
  return r;
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
