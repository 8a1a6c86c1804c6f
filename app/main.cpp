// The `ludus` executable: the command line, logging, then one protocol
// conversation on stdin/stdout or a subcommand (app/commands.h, play).
// It sits above every other layer: app -> protocol -> games -> engine.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/serve/serve.h"
#include "engine/log.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/play.h"

namespace po = boost::program_options;
using namespace ludus;

namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::vector<std::string> solve_names() {
  std::vector<std::string> names;
  for (const auto& s : solve_commands()) names.emplace_back(s.name);
  return names;
}

}  // namespace


int main(int argc, char** argv) {
  po::options_description opts("Options", 100, 50);
  std::string game, protocol, log_level, log_file, fen;
  std::size_t hash = 64;
  int threads = 1, depth = 0;
  double seconds = 0;
  std::uint64_t nodes = 0;
  PlayOptions play;
  ServeOptions serve;
  const std::string games = join(game_names(), ", ");
  opts.add_options()
      ("help,h", "show this help")
      ("version,v", "print the version\n  e.g. ludus --version")
      ("game,g", po::value(&game)->default_value("othello"), ("the game: " + games + "\n  e.g. ludus --game arimaa").c_str())
      ("protocol,p", po::value(&protocol), "ugi | aei | nboard (default: detected from the first line)\n  e.g. ludus --protocol aei --game arimaa")
      ("hash", po::value(&hash)->default_value(64), "transposition table in MiB (solve: the proof table)\n  e.g. ludus --hash 256")
      ("threads", po::value(&threads)->default_value(1), "search threads (Lazy SMP)\n  e.g. ludus --threads 2")
      ("log-level", po::value(&log_level)->default_value("warn"), "trace|debug|info|warn|error|critical|off\n  e.g. ludus --log-level info")
      ("log-file", po::value(&log_file), "write the log to this file instead of stderr\n  e.g. ludus --log-file ludus.log")
      ("depth", po::value(&depth), "perft: the depth; bench: the search depth\n  e.g. ludus perft --depth 8")
      ("fen", po::value(&fen), "perft / solve / play: start from this position\n  e.g. ludus perft --depth 6 --fen \"<a FEN of the game>\"")
      ("seconds", po::value(&seconds), "solve: time budget (games that search)\n  e.g. ludus solve --game fox-geese --seconds 60")
      ("nodes", po::value(&nodes), "solve: expansion budget (games that search)\n  e.g. ludus solve --game fox-geese --nodes 1000000")
      ("human", po::value(&play.human)->default_value("p1"), "play: the side(s) a person plays: p1|p2|both|none\n  e.g. ludus play --human p2")
      ("level", po::value(&play.settings.level)->default_value(20), "play: engine level 1 (beginner) .. 20 (full)\n  e.g. ludus play --level 5")
      ("movetime", po::value(&play.movetime_ms)->default_value(1000), "play: engine thinking time per turn in ms\n  e.g. ludus play --movetime 3000")
      ("max-turns", po::value(&play.max_turns)->default_value(1000), "play: stop the game after this many turns\n  e.g. ludus play --human none --max-turns 40")
      ("host", po::value(&serve.host)->default_value(serve.host), "serve: the address to listen on (0.0.0.0: every network)\n  e.g. ludus serve --host 0.0.0.0")
      ("port", po::value(&serve.port)->default_value(serve.port), "serve: the TCP port (0: any free one, printed)\n  e.g. ludus serve --port 9000")
      ("max-games", po::value(&serve.max_games)->default_value(serve.max_games), "serve: browser games at once (each has its Hash)\n  e.g. ludus serve --max-games 8")
      ("web-root", po::value(&serve.web_root), "serve: the page's files from this folder, not the built-in ones\n  e.g. ludus serve --web-root web");
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
    std::cout << "Usage: ludus [command] [options]\n\n"
                 "Commands:\n"
                 "  (none)   speak UGI, AEI or NBoard on stdin/stdout (detected from the first line)\n"
                 "             e.g. ludus --game arimaa --protocol aei\n"
                 "  play     play a game in the terminal against the engine\n"
                 "             e.g. ludus play --game camelot --human p2 --level 10\n"
                 "  perft    count the leaves of the move tree to a depth, per first move\n"
                 "             e.g. ludus perft --game othello --depth 8\n"
                 "  bench    search the game's benchmark positions; prints nodes, nps and a signature\n"
                 "             e.g. ludus bench --game linja --depth 12\n"
                 "  serve    a board in the browser for every game, at http://127.0.0.1:8080/\n"
                 "             e.g. ludus serve --port 8080\n"
                 "  solve    exact analysis of a hunt game (" << join(solve_names(), ", ") << ")\n"
                 "             e.g. ludus solve --game fox-geese --seconds 60\n\n"
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
  if (command == "bench") return run_bench_command(game, depth, settings);
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
  if (command == "serve") {
    if (serve.port < 0 || serve.port > 65535 || serve.max_games < 1 || serve.max_games > 64) {
      std::cerr << "ludus serve: --port must be 0..65535 and --max-games 1..64\n";
      return 2;
    }
    serve.settings = settings;
    return run_serve(serve);
  }
  if (!command.empty()) {
    std::cerr << "ludus: unknown command '" << command << "' (play, perft, bench, solve, serve)\nTry 'ludus --help'.\n";
    return 2;
  }
  if (isatty(STDIN_FILENO)) std::cerr << "ludus " << LUDUS_VERSION << " ready. Type 'help' for the commands.\n";
  return run_protocol(protocol, game, settings);
}
