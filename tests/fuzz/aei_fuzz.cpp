// libFuzzer harness of the AEI front end (protocol/aei.cpp, Arimaa): the
// input's lines go through AeiProtocol::handle(), and the referee checks
// every line's output: whole lines, each an AEI line of printable ASCII;
// an accepted `go` gives exactly one bestmove, and no other line gives
// one; the bestmove is legal: `makemove <bestmove>` (sent by the harness,
// as a controller would) is taken without an error or a warning.
//
// Searches are kept short: the engine starts with `setoption name depth
// value 1`, a depth the input sets is lowered to 1..2, `go ponder` is
// followed by `stop`; Hash and Threads values are capped. `quit` (or an
// unrecognised message, on which AEI exits) ends the input.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "engine/options.h"
#include "engine/session.h"
#include "engine/text.h"
#include "protocol/aei.h"
#include "protocol/output.h"
#include "tests/fuzz/referee.h"

using namespace ludus;
using namespace ludus::fuzz;

namespace {

constexpr std::size_t kMaxLines = 64;

std::string make_safe(const std::string& line) {
  const auto views = split_words(line);
  if (views.size() < 5 || to_lower(views[0]) != "setoption") return line;
  const std::string name = to_lower(views[2]);
  std::int64_t v = 0;
  // AEI numbers may be decimals: anything but a small whole number is
  // replaced, keeping the option's parse errors for non-numbers.
  const bool number = parse_int(views[4], v) || views[4].find_first_of("0123456789") != std::string_view::npos;
  if (!number) return line;
  std::string value;
  if (name == "depth" && !(parse_int(views[4], v) && v >= 1 && v <= 2)) value = "1";
  if (name == "hash" && !(parse_int(views[4], v) && v <= 4)) value = "4";
  if (name == "threads" && !(parse_int(views[4], v) && v <= 2)) value = "2";
  if (value.empty()) return line;
  return "setoption name " + std::string(views[2]) + " value " + value;
}

bool has_line(const std::string& text, std::string_view start) {
  std::vector<std::string> lines;
  split_lines(text, lines);
  for (const auto& l : lines)
    if (starts_with(l, start)) return true;
  return false;
}

void check_lines(const std::string& line, const std::string& text, int& bestmoves, std::string& best) {
  std::vector<std::string> lines;
  LUDUS_REFEREE(split_lines(text, lines), "output is whole lines", line, text);
  for (const auto& l : lines) {
    LUDUS_REFEREE(all_printable(l), "output is printable ASCII", line, l);
    LUDUS_REFEREE(is_aei_line(l), "every line is an AEI line", line, l);
    if (starts_with(l, "bestmove")) {
      ++bestmoves;
      best = l.size() > 9 ? l.substr(9) : "";
    }
  }
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
  AeiProtocol aei(out, settings);
  aei.handle("setoption name depth value 1");
  mem.take();
  for (const auto& raw : input_lines(data, size, kMaxLines)) {
    const std::string line = make_safe(raw);
    const auto words = split_words(line);
    const std::string cmd = words.empty() ? "" : to_lower(words[0]);
    const bool more = aei.handle(line);
    std::string text = mem.take();
    int bestmoves = 0;
    std::string best;
    // A go that is taken starts a search whose bestmove comes from the
    // search thread; a refused one logs its error at once.
    const bool go_taken = more && cmd == "go" && !has_line(text, "log Error: expected") &&
                          !has_line(text, "log Error: go");
    if (go_taken) {
      if (words.size() == 2) aei.handle("stop");  // go ponder
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      while (!has_line(text, "bestmove") && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        text += mem.take();
      }
    }
    trace(line, text);
    check_lines(line, text, bestmoves, best);
    if (!more) break;  // quit, or an unrecognised message
    if (!go_taken) {
      LUDUS_REFEREE(bestmoves == 0, "only go gives a bestmove", line, text);
      continue;
    }
    LUDUS_REFEREE(bestmoves == 1, "an accepted go gives one bestmove", line, text);
    if (has_line(text, "log Error: no legal move")) continue;  // the game is over
    aei.handle("makemove " + best);
    const std::string answer = mem.take();
    LUDUS_REFEREE(answer.empty(), "the bestmove is legal", line, best + ": " + answer);
  }
  aei.finish();
  return 0;
}
