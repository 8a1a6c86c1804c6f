// Shared pieces of the fuzz harnesses (tests/fuzz/*_fuzz.cpp) and of the
// in-process fuzz tests (tests/unit/fuzz_support.h): an in-memory FILE* for
// protocol output, line splitting, printable rendering, protocol-line
// vocabularies and the referee's failure report. No test framework: a
// harness runs under libFuzzer (clang) and under replay_main.cpp (any
// compiler, from ctest), and a violated rule aborts, which both report.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "protocol/output.h"

namespace ludus::fuzz {

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
  MemOut(const MemOut&) = delete;
  MemOut& operator=(const MemOut&) = delete;
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

inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// `word` alone (if `alone_ok`) or `word` followed by a space and more.
inline bool is_line_of(std::string_view l, std::initializer_list<std::string_view> with_args,
                       std::initializer_list<std::string_view> alone) {
  for (std::string_view w : alone)
    if (l == w) return true;
  for (std::string_view w : with_args)
    if (l.size() > w.size() && starts_with(l, w) && l[w.size()] == ' ') return true;
  return false;
}

inline bool is_protocol_line(std::string_view l) {  // UGI
  return is_line_of(l, {"id", "option", "bestmove", "info", "response"}, {"ugiok", "readyok", "response"});
}

inline bool is_aei_line(std::string_view l) {
  return is_line_of(l, {"protocol-version", "id", "bestmove", "info", "log"}, {"aeiok", "readyok", "log"});
}

inline bool is_nboard_line(std::string_view l) {
  return is_line_of(l, {"set", "pong", "status", "===", "search", "nodestats", "analysis"}, {"learned", "pong"});
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

// The first 200 bytes, control and non-ASCII bytes as \xNN (as the
// engine's own escaping of echoed input writes them).
inline std::string printable(std::string_view s) { return escaped(s.substr(0, 200)); }

// Engine settings for one fuzz input: a tiny table, no book (loading the
// book for every input is slow, and the book is not the input).
inline EngineSettings fuzz_settings() {
  EngineSettings settings;
  settings.hash_mib = 1;
  settings.own_book = false;
  return settings;
}

inline bool all_printable(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c >= 0x7F) return false;
  return true;
}

// The fuzz input as lines (split at '\n'; a final line without one counts).
inline std::vector<std::string> input_lines(const std::uint8_t* data, std::size_t size, std::size_t max_lines) {
  std::vector<std::string> lines;
  std::string cur;
  for (std::size_t i = 0; i < size && lines.size() < max_lines; ++i) {
    if (data[i] == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(data[i]);
    }
  }
  if (!cur.empty() && lines.size() < max_lines) lines.push_back(cur);
  return lines;
}

// LUDUS_FUZZ_TRACE=1 in the environment: the harnesses print each line
// they send and what came back, to stderr (for reading a finding).
inline bool tracing() {
  static const bool on = std::getenv("LUDUS_FUZZ_TRACE") != nullptr;
  return on;
}
inline void trace(std::string_view line, std::string_view output) {
  if (!tracing()) return;
  std::fprintf(stderr, "<< %s\n", printable(line).c_str());
  std::size_t start = 0;
  while (start < output.size()) {
    const std::size_t nl = std::min(output.find('\n', start), output.size());
    std::fprintf(stderr, ">> %s\n", printable(output.substr(start, nl - start)).c_str());
    start = nl + 1;
  }
}

// A referee violation: says which rule, on which input line, and aborts
// (libFuzzer saves the input as a crash; the replayer's test fails).
[[noreturn]] inline void violation(std::string_view rule, std::string_view line, std::string_view detail) {
  std::fprintf(stderr, "fuzz referee: %.*s\n  input line: %s\n  detail: %s\n", static_cast<int>(rule.size()),
               rule.data(), printable(line).c_str(), printable(detail).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace ludus::fuzz

#define LUDUS_REFEREE(cond, rule, line, detail)                          \
  do {                                                                   \
    if (!(cond)) ::ludus::fuzz::violation((rule), (line), (detail));     \
  } while (0)
