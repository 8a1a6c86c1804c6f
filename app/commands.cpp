// The executable's subcommands (app/commands.h).
#include "app/commands.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "app/input_reader.h"
#include "engine/bench.h"
#include "engine/text.h"
#include "protocol/aei.h"
#include "protocol/nboard.h"
#include "protocol/output.h"
#include "protocol/ugi.h"

namespace ludus {

namespace {

// One protocol conversation: the first line (already read), then every line
// until `quit` or the end of input. Returns the protocol's exit code.
template <class Protocol>
int serve(Protocol& protocol, const std::string& first, InputReader& input) {
  auto exit_code = [&] {
    if constexpr (requires { protocol.exit_code(); }) return protocol.exit_code();
    return 0;
  };
  if (!first.empty() && !protocol.handle(first)) return exit_code();
  while (const auto line = input.next())
    if (!protocol.handle(*line)) return exit_code();
  protocol.finish();  // end of input is `quit`
  return 0;
}

// `quit` while a long command runs (a big Hash being allocated): the
// protocol lines sent so far are flushed and the process ends at once.
void quit_now() {
  std::fflush(stdout);
  if (auto logger = spdlog::default_logger()) logger->flush();
  std::_Exit(0);
}

}  // namespace

int run_protocol(const std::string& forced, const std::string& game, const EngineSettings& settings) {
  InputReader input(std::cin, quit_now);
  Output out;
  std::string protocol = forced;
  std::string first;
  if (protocol.empty()) {
    // Detect from the first non-blank line: `aei`, `nboard <n>`, else UGI.
    while (const auto line = input.next()) {
      const auto words = split_words(*line);
      if (words.empty()) continue;
      first = *line;
      const std::string w = to_lower(words[0]);
      protocol = w == "aei" ? "aei" : w == "nboard" ? "nboard" : "ugi";
      break;
    }
    if (protocol.empty()) return 0;  // end of input before any command
  }
  if (protocol == "nboard") {
    NBoardProtocol nboard(out, settings);
    return serve(nboard, first, input);
  }
  if (protocol == "aei") {
    AeiProtocol aei(out, settings);
    return serve(aei, first, input);
  }
  UgiProtocol ugi(out, game, settings);
  return serve(ugi, first, input);
}

int run_perft(const std::string& game, int depth, const std::string& fen) {
  auto session = make_session(game);
  if (!session) {
    std::cerr << "ludus: unknown game '" << game << "'\n";
    return 2;
  }
  if (!fen.empty()) {
    if (Status st = session->set_position(std::string_view(fen), {}); !st) {
      std::cerr << "ludus: " << st.error << "\n";
      return 2;
    }
  }
  if (Status st = session->check_perft(depth); !st) {
    std::cerr << "ludus: " << st.error << "\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t n = session->perft(depth, [](const std::string& m, std::uint64_t c) {
    std::cout << m << ' ' << c << '\n';
  });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "perft " << depth << " nodes " << n << " time " << static_cast<long long>(s * 1000)
            << " ms leaves/s " << static_cast<long long>(static_cast<double>(n) / std::max(s, 1e-9)) << std::endl;
  return 0;
}

int run_solve(const std::string& game, const SolveRequest& request) {
  for (const auto& s : solve_commands())
    if (s.name == game) return s.run(request, std::cout);
  std::cerr << "ludus solve: the game '" << game << "' has no exact solver\n";
  return 2;
}

int run_bench_command(const std::string& game, int depth, const EngineSettings& settings) {
  auto session = make_session(game);
  if (!session) {
    std::cerr << "ludus: unknown game '" << game << "'\n";
    return 2;
  }
  if (Status st = session->apply_settings(settings); !st) {
    std::cerr << "ludus: " << st.error << "\n";
    return 2;
  }
  for (const auto& l : run_bench(*session, depth)) std::cout << l << '\n';
  return 0;
}

}  // namespace ludus
