// Maps a game name to a factory of its Session. Adding a game: write
// games/<name>/, a `make_<name>_session()` there, and one line in registry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"

namespace ludus {

struct GameEntry {
  std::string_view name;
  std::unique_ptr<Session> (*make)();
};

const std::vector<GameEntry>& registered_games();
std::vector<std::string> game_names();
// nullptr when no game has this name (case-insensitive).
std::unique_ptr<Session> make_session(std::string_view name);

// `ludus solve --game G [--fen F] [--seconds S] [--nodes N] [--hash MiB]`: games with an exact solver
// print its analysis (the value and length of perfect play) to `out`.
struct SolveRequest {
  std::string fen;      // empty: the start position under every option value
  double seconds = 0;   // time budget for solvers that search (0: the game's default)
  std::size_t table_mib = 0;  // table size for solvers that search (--hash; 0: the game's default)
  // Expansion budget for solvers that search (0: none). Unlike seconds, it
  // gives the same result on any machine: the way to compare two provers.
  std::uint64_t max_nodes = 0;
};
struct SolveEntry {
  std::string_view name;
  int (*run)(const SolveRequest& request, std::ostream& out);  // exit code
};
const std::vector<SolveEntry>& solve_commands();

}  // namespace ludus
