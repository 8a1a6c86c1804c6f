// libFuzzer harness of the NBoard front end (protocol/nboard.cpp, Othello):
// the input's lines go through NBoardProtocol::handle(), and an Othello
// session beside it follows the same `set game` / `move` lines through the
// public parsers (parse_ggf, nboard_move_to_ugi). The referee checks every
// line's output: whole lines, each an NBoard line of printable ASCII; the
// front end rejects (`status error`) exactly what the follower rejects, so
// a rejected line leaves the position unchanged; an answered `go` gives
// exactly one move (`=== <move>...`, legal in the follower's position) or
// `status game over` when there is none; `hint` lines' first moves are
// legal; `ping n` answers `pong n` last.
//
// Searches are kept short: `set depth` is lowered to 1 (the endgame is then
// solved exactly from 11 empties), hints ask for at most 4 moves.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "engine/options.h"
#include "engine/session.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/nboard.h"
#include "protocol/output.h"
#include "tests/fuzz/referee.h"

using namespace ludus;
using namespace ludus::fuzz;

namespace {

constexpr std::size_t kMaxLines = 64;

std::string make_safe(const std::string& line) {
  const auto t = split_words(line);
  if (t.size() >= 3 && to_lower(t[0]) == "set" && to_lower(t[1]) == "depth") {
    std::int64_t v = 0;
    if (parse_int(t[2], v) && v > 1) return "set depth 1";
  }
  if (t.size() >= 2 && to_lower(t[0]) == "hint") {
    std::int64_t v = 0;
    if (parse_int(t[1], v) && v > 4) return "hint 4";
  }
  return line;
}

bool legal(Session& s, const std::string& ugi) {
  const auto moves = s.legal_moves();
  return std::find(moves.begin(), moves.end(), ugi) != moves.end();
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
  NBoardProtocol nb(out, settings);
  auto follower = make_session("othello");
  int pings = 0;
  for (const auto& raw : input_lines(data, size, kMaxLines)) {
    const std::string line = make_safe(raw);
    const auto t = split_words(line);
    const std::string cmd = t.empty() ? "" : to_lower(t[0]);
    // What the follower makes of the line (the dispatch of NBoardProtocol::handle).
    bool changes = false;  // a `set game` or a move: accepted unless it says `status error`
    Status expected = Status::ok();
    if (cmd == "set" && t.size() >= 3 && to_lower(t[1]) == "game") {
      changes = true;
      GgfGame g;
      expected = parse_ggf(rest_after(line, t[2]), g);
      if (expected) expected = follower->set_position(std::string_view(g.fen), g.moves);
    } else if ((cmd == "move" && t.size() >= 2) ||
               (t.size() == 1 && !nboard_move_to_ugi(t[0].substr(0, t[0].find('/'))).empty())) {
      changes = true;
      const std::string_view m = cmd == "move" ? t[1] : t[0];
      const std::string ugi = nboard_move_to_ugi(m.substr(0, m.find('/')));
      expected = ugi.empty() ? Status::fail("bad move") : follower->play_move(ugi);
    }
    const bool job = cmd == "go" || cmd == "hint" || cmd == "analyze";
    const std::string fen = follower->fen();
    const bool more = nb.handle(line);
    if (job) {
      // The job thread ends with the idle status (or game over); then a
      // ping joins it, so that nothing it writes comes after this line.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      std::string seen;
      while (seen.find("status Ludus is waiting\n") == std::string::npos &&
             seen.find("status game over\n") == std::string::npos && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        flockfile(mem.f);
        std::fflush(mem.f);
        seen.assign(mem.buf + mem.read, mem.size - mem.read);
        funlockfile(mem.f);
      }
      nb.handle("ping " + std::to_string(++pings));
    }
    const std::string text = mem.take();
    trace(line, text);
    std::vector<std::string> lines;
    LUDUS_REFEREE(split_lines(text, lines), "output is whole lines", line, text);
    int answers = 0, errors = 0;
    for (const auto& l : lines) {
      LUDUS_REFEREE(all_printable(l), "output is printable ASCII", line, l);
      LUDUS_REFEREE(is_nboard_line(l), "every line is an NBoard line", line, l);
      if (starts_with(l, "status error")) ++errors;
      if (starts_with(l, "=== ") || l == "status game over") ++answers;
      if (starts_with(l, "=== ")) {
        const std::string mv = nboard_move_to_ugi(l.substr(4, l.find('/') - 4));
        LUDUS_REFEREE(cmd == "go" && legal(*follower, mv), "the answer to go is legal", line, l + " in " + fen);
      }
      if (starts_with(l, "search ") && cmd == "hint") {
        const std::string pv = l.substr(7, l.find(' ', 7) - 7);
        const std::string first = nboard_move_to_ugi(pv.substr(0, pv.find('-')));
        LUDUS_REFEREE(legal(*follower, first), "a hint's first move is legal", line, l + " in " + fen);
      }
    }
    if (!more) break;
    if (job) {
      LUDUS_REFEREE(!lines.empty() && lines.back() == "pong " + std::to_string(pings), "the ping is answered last",
                    line, text);
      if (cmd == "go") LUDUS_REFEREE(answers == 1, "an answered go gives one move", line, text);
      if (cmd == "go" && lines.size() >= 2 && lines[lines.size() - 2] == "status game over")
        LUDUS_REFEREE(follower->legal_moves().empty() || follower->outcome() != Outcome::Ongoing,
                      "game over only when it is", line, fen);
    }
    if (changes) {
      LUDUS_REFEREE(errors == (expected ? 0 : 1), "rejects what the rules reject, and only that", line,
                    text + " vs " + (expected ? std::string("accepted") : expected.error));
    } else if (cmd != "set") {
      LUDUS_REFEREE(errors == 0, "only set game and moves are rejected", line, text);
    }
    if (cmd == "ping") {
      // The GUI's n is a number; other bytes may come back escaped (the
      // line stays printable), and a long n cut.
      const bool plain = t.size() < 2 || (all_printable(t[1]) && t[1].size() <= 200);
      const std::string want = "pong" + (t.size() > 1 ? " " + std::string(t[1]) : std::string());
      LUDUS_REFEREE(!lines.empty() && (plain ? lines.back() == want : starts_with(lines.back(), "pong ")),
                    "ping n answers pong n", line, text);
    }
  }
  nb.finish();
  return 0;
}
