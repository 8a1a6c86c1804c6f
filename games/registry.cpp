#include "games/registry.h"

#include "engine/options.h"

namespace ludus {

std::unique_ptr<Session> make_othello_session();

const std::vector<GameEntry>& registered_games() {
  static const std::vector<GameEntry> games = {
      {"othello", &make_othello_session},
  };
  return games;
}


const std::vector<SolveEntry>& solve_commands() {
  static const std::vector<SolveEntry> solvers = {
  };
  return solvers;
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : registered_games()) names.emplace_back(g.name);
  return names;
}

std::unique_ptr<Session> make_session(std::string_view name) {
  for (const auto& g : registered_games())
    if (iequals(g.name, name)) return g.make();
  return nullptr;
}

}  // namespace ludus
