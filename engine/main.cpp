// The `ludus` executable: command line, logging, then one protocol
// conversation on stdin/stdout (or a subcommand: perft, bench).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <string>

#include "engine/bench.h"
#include "engine/log.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/aei.h"
#include "protocol/nboard.h"
#include "protocol/play.h"
#include "protocol/output.h"
#include "protocol/ugi.h"

namespace po = boost::program_options;
using namespace ludus;

namespace {

int run_protocol(const std::string& forced, const std::string& game, const EngineSettings& settings) {
  Output out;
  std::string line;
  std::string protocol = forced;
  std::string first;
  if (protocol.empty()) {
    // Detect from the first non-blank line: `aei`, `nboard <n>`, else UGI.
    while (std::getline(std::cin, line)) {
      const auto words = split_words(line);
      if (words.empty()) continue;
      first = line;
      const std::string w = to_lower(words[0]);
      protocol = w == "aei" ? "aei" : w == "nboard" ? "nboard" : "ugi";
      break;
    }
    if (protocol.empty()) return 0;  // end of input before any command
  }
  if (protocol == "nboard") {
    NBoardProtocol nboard(out, settings);
    if (!first.empty() && !nboard.handle(first)) return 0;
    while (std::getline(std::cin, line))
      if (!nboard.handle(line)) return 0;
    nboard.finish();
    return 0;
  }
  if (protocol == "aei") {
    AeiProtocol aei(out, settings);
    if (!first.empty() && !aei.handle(first)) return aei.exit_code();
    while (std::getline(std::cin, line))
      if (!aei.handle(line)) return aei.exit_code();
    aei.finish();  // end of input is `quit`
    return 0;
  }
  if (protocol != "ugi") {
    spdlog::error("protocol '{}' is not available in this build yet; use UGI", protocol);
    std::cerr << "ludus: protocol '" << protocol << "' is not available in this build yet\n";
    return 2;
  }
  UgiProtocol ugi(out, game, settings);
  if (!first.empty() && !ugi.handle(first)) return 0;
  while (std::getline(std::cin, line))
    if (!ugi.handle(line)) return 0;
  ugi.finish();  // end of input is `quit`
  return 0;
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

int run_bench_cmd(const std::string& game, int depth, const EngineSettings& settings) {
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

}  // namespace

int main(int argc, char** argv) {
  po::options_description opts("Options");
  std::string game, protocol, log_level, log_file, fen;
  std::size_t hash = 64;
  int threads = 1, depth = 0;
  double seconds = 0;
  std::uint64_t nodes = 0;
  PlayOptions play;
  opts.add_options()
      ("help,h", "show this help")
      ("version,v", "print the version")
      ("game,g", po::value(&game)->default_value("othello"), "game: othello, arimaa, camelot, linja, mouse-cats, hare-hounds, fox-geese")
      ("protocol,p", po::value(&protocol), "ugi | aei | nboard (default: detect from the first line)")
      ("hash", po::value(&hash)->default_value(64), "transposition table size in MiB (solve: the proof table)")
      ("threads", po::value(&threads)->default_value(1), "search threads")
      ("log-level", po::value(&log_level)->default_value("warn"), "trace|debug|info|warn|error|critical|off")
      ("log-file", po::value(&log_file), "write the log to this file instead of stderr")
      ("depth", po::value(&depth), "depth for perft / bench")
      ("fen", po::value(&fen), "position for perft / solve / play")
      ("seconds", po::value(&seconds), "time budget for solve (games that search)")
      ("nodes", po::value(&nodes), "expansion budget for solve (games that search; default: none)")
      ("human", po::value(&play.human)->default_value("p1"), "play: the side(s) a person plays: p1|p2|both|none")
      ("level", po::value(&play.settings.level)->default_value(20), "play: engine level 1 (beginner) .. 20 (full)")
      ("movetime", po::value(&play.movetime_ms)->default_value(1000), "play: engine thinking time per turn in ms")
      ("max-turns", po::value(&play.max_turns)->default_value(1000), "play: stop the game after this many turns");
  po::options_description hidden;
  std::string command;
  hidden.add_options()("command", po::value(&command));
  po::positional_options_description pos;
  pos.add("command", 1);
  po::options_description all;
  all.add(opts).add(hidden);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "ludus: " << e.what() << "\nTry 'ludus --help'.\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "Usage: ludus [options]              play over UGI/AEI/NBoard on stdin/stdout\n"
                 "       ludus perft --game G --depth N [--fen F]\n"
                 "       ludus solve --game G [--fen F] [--seconds S] [--hash MiB]\n"
                 "       ludus bench [--game G] [--depth N]\n"
                 "       ludus play --game G [--human p1|p2|both|none] [--level L] [--movetime MS] [--fen F]\n\n"
              << opts << std::endl;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "ludus " << LUDUS_VERSION << std::endl;
    return 0;
  }
  if (Status st = setup_logging(log_level, log_file); !st) {
    std::cerr << "ludus: " << st.error << "\n";
    return 2;
  }
  game = to_lower(game);
  if (!make_session(game)) {
    std::cerr << "ludus: unknown game '" << game << "'\n";
    return 2;
  }
  if (!protocol.empty()) {
    protocol = to_lower(protocol);
    if (protocol != "ugi" && protocol != "aei" && protocol != "nboard") {
      std::cerr << "ludus: unknown protocol '" << protocol << "' (ugi, aei, nboard)\n";
      return 2;
    }
  }
  // The ranges of the Hash and Threads options (a negative --hash wraps to a huge size_t).
  if (threads < 1 || threads > 256 || hash < 1 || hash > 16384) {
    std::cerr << "ludus: --hash must be 1..16384 and --threads 1..256\n";
    return 2;
  }
  EngineSettings settings;
  settings.hash_mib = hash;
  settings.threads = threads;

  if (command == "perft") {
    if (depth < 0 || !vm.count("depth")) {
      std::cerr << "ludus perft: --depth N is required\n";
      return 2;
    }
    return run_perft(game, depth, fen);
  }
  if (command == "bench") return run_bench_cmd(game, depth, settings);
  // --hash sizes a searching solver's table only when given (fox-geese's
  // proof search keeps 256 MiB otherwise, not the search's 64).
  if (command == "solve") return run_solve(game, SolveRequest{fen, seconds, vm["hash"].defaulted() ? 0 : hash, nodes});
  if (command == "play") {
    play.game = game;
    play.fen = fen;
    play.human = to_lower(play.human);
    play.settings.hash_mib = hash;
    play.settings.threads = threads;
    return run_play(play, std::cin, std::cout);
  }
  if (!command.empty()) {
    std::cerr << "ludus: unknown command '" << command << "' (perft, bench, solve, play)\n";
    return 2;
  }
  if (isatty(STDIN_FILENO)) std::cerr << "ludus " << LUDUS_VERSION << " ready. Type 'help' for the commands.\n";
  return run_protocol(protocol, game, settings);
}
