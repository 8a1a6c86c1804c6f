// libFuzzer harness of the UGI front end (protocol/ugi.cpp): the input's
// lines go through UgiProtocol::handle() of an Othello engine (a
// `setoption name Game` line switches to any game), and the referee checks
// every line's output: whole lines, each a UGI line of printable ASCII; an
// error line comes alone and leaves the position unchanged; only
// position-setting commands change the position; an accepted `go` gives
// exactly one bestmove, which is legal, and no other line gives one; a
// `query fen` answers the session's FEN.
//
// Lines that could run long are made short before they are sent: `go`
// searches to depth 1 (a larger depth is lowered, a depth is added when
// none is given; `infinite` and `ponder` are followed by `stop`), `perft`
// and Hash/Threads values are capped, `bench` is skipped. `quit` ends the
// input, as it ends the conversation.
#include <spdlog/spdlog.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/options.h"
#include "engine/session.h"
#include "engine/text.h"
#include "protocol/output.h"
#include "protocol/ugi.h"
#include "tests/fuzz/referee.h"

using namespace ludus;
using namespace ludus::fuzz;

namespace {

constexpr std::size_t kMaxLines = 64;

std::string join_tokens(const std::vector<std::string>& t) {
  std::string s;
  for (const auto& w : t) s += (s.empty() ? "" : " ") + w;
  return s;
}

// Lowers a number token to at most `cap` (numbers that do not parse stay:
// their error is part of what is fuzzed).
void cap_number(std::string& tok, std::int64_t cap) {
  std::int64_t v = 0;
  if (parse_int(tok, v) && v > cap) tok = std::to_string(cap);
}

struct Safe {
  std::string line;
  bool skip = false;
  bool needs_stop = false;  // go infinite / go ponder
};

Safe make_safe(const std::string& line, std::string_view game) {
  Safe r{line};
  const auto views = split_words(line);
  if (views.empty()) return r;
  std::vector<std::string> t(views.begin(), views.end());
  const std::string cmd = to_lower(t[0]);
  if (cmd == "bench") r.skip = true;
  if (cmd == "go") {
    bool has_depth = false;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string k = to_lower(t[i]);
      if (k == "infinite" || k == "ponder") r.needs_stop = true;
      if (k == "depth") {
        has_depth = true;
        if (i + 1 < t.size()) cap_number(t[i + 1], 1);
      }
    }
    if (!has_depth) t.insert(t.end(), {"depth", "1"});
    r.line = join_tokens(t);
  }
  if (cmd == "perft" && t.size() >= 2) {
    cap_number(t[1], game == "arimaa" ? 1 : 3);
    r.line = join_tokens(t);
  }
  if (cmd == "setoption") {
    // Large Hash/Threads values are valid but allocate (and clear) a lot.
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string k = to_lower(t[i]);
      if (k == "hash" || k == "threads")
        for (std::size_t j = i + 1; j < t.size(); ++j) cap_number(t[j], k == "hash" ? 4 : 2);
    }
    r.line = join_tokens(t);
  }
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  MemOut mem;
  Output out(mem.f);
  const EngineSettings settings = fuzz_settings();
  UgiProtocol ugi(out, "othello", settings);
  for (const auto& raw : input_lines(data, size, kMaxLines)) {
    const Safe safe = make_safe(raw, ugi.session().game());
    if (safe.skip) continue;
    const std::string& line = safe.line;
    const auto words = split_words(line);
    const std::string cmd = words.empty() ? "" : to_lower(words[0]);
    const std::string fen_before = ugi.session().fen();

    const bool more = ugi.handle(line);
    if (safe.needs_stop) ugi.handle("stop");
    ugi.session().wait();
    LUDUS_REFEREE(!ugi.session().searching(), "no search runs after stop and wait", line, "");
    const std::string text = mem.take();
    trace(line, text);
    std::vector<std::string> lines;
    LUDUS_REFEREE(split_lines(text, lines), "output is whole lines", line, text);
    int error_lines = 0, bestmoves = 0;
    std::string best, response;
    for (const auto& l : lines) {
      LUDUS_REFEREE(all_printable(l), "output is printable ASCII", line, l);
      LUDUS_REFEREE(is_protocol_line(l), "every line is a UGI line", line, l);
      if (starts_with(l, "info string error: ")) ++error_lines;
      if (starts_with(l, "bestmove ")) {
        ++bestmoves;
        best = l.substr(9);
      }
      if (starts_with(l, "response ")) response = l.substr(9);
    }
    const std::string fen_after = ugi.session().fen();
    LUDUS_REFEREE(error_lines <= 1, "at most one error line", line, text);
    if (error_lines == 1) {
      LUDUS_REFEREE(lines.size() == 1, "an error line comes alone", line, text);
      LUDUS_REFEREE(fen_after == fen_before, "a rejected line leaves the position", line, fen_before + " -> " + fen_after);
    }
    if (cmd != "position" && cmd != "newgame" && cmd != "uginewgame" && cmd != "setoption")
      LUDUS_REFEREE(fen_after == fen_before, "only position commands change the position", line,
                    fen_before + " -> " + fen_after);
    if (!more) break;  // quit
    if (cmd == "go" && error_lines == 0) {
      LUDUS_REFEREE(bestmoves == 1, "an accepted go gives one bestmove", line, text);
      const std::string move = best.substr(0, best.find(' '));  // without "ponder <move>"
      if (move == "none") {
        LUDUS_REFEREE(ugi.session().outcome() != Outcome::Ongoing, "bestmove none only when the game is over", line,
                      fen_before);
      } else {
        // Legal: the session takes it after the position (the same options,
        // the same spelling rules); then the position is set back from its
        // FEN, which must read back the same.
        ugi.handle("position fen " + fen_before + " moves " + move);
        const std::string answer = mem.take();
        LUDUS_REFEREE(answer.empty(), "the bestmove is legal", line, move + " in " + fen_before + ": " + answer);
        ugi.handle("position fen " + fen_before);
        const std::string again = mem.take();
        LUDUS_REFEREE(again.empty() && ugi.session().fen() == fen_before, "a printed FEN reads back the same", line,
                      fen_before + " -> " + ugi.session().fen() + " " + again);
      }
    } else {
      LUDUS_REFEREE(bestmoves == 0, "only go gives a bestmove", line, text);
    }
    if (cmd == "query" && words.size() == 2 && to_lower(words[1]) == "fen" && error_lines == 0)
      LUDUS_REFEREE(response == fen_after, "query fen answers the FEN", line, response + " vs " + fen_after);
  }
  ugi.finish();
  return 0;
}
