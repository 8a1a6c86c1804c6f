#include "games/registry.h"

#include "engine/options.h"

namespace ludus {

std::unique_ptr<Session> make_othello_session();
std::unique_ptr<Session> make_mouse_cats_session();
std::unique_ptr<Session> make_hare_hounds_session();
std::unique_ptr<Session> make_fox_geese_session();
std::unique_ptr<Session> make_linja_session();
std::unique_ptr<Session> make_camelot_session();
std::unique_ptr<Session> make_arimaa_session();

const std::vector<GameEntry>& registered_games() {
  static const std::vector<GameEntry> games = {
      {"othello", &make_othello_session},
      {"mouse-cats", &make_mouse_cats_session},
      {"hare-hounds", &make_hare_hounds_session},
      {"fox-geese", &make_fox_geese_session},
      {"linja", &make_linja_session},
      {"camelot", &make_camelot_session},
      {"arimaa", &make_arimaa_session},
  };
  return games;
}

int solve_mouse_cats(const SolveRequest& request, std::ostream& out);
int solve_hare_hounds(const SolveRequest& request, std::ostream& out);
int solve_fox_geese(const SolveRequest& request, std::ostream& out);

const std::vector<SolveEntry>& solve_commands() {
  static const std::vector<SolveEntry> solvers = {
      {"mouse-cats", &solve_mouse_cats},
      {"hare-hounds", &solve_hare_hounds},
      {"fox-geese", &solve_fox_geese},
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
