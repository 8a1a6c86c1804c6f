// Maps a game name to a factory of its Session. Adding a game: write
// games/<name>/, a `make_<name>_session()` there, and one line in registry.cpp.
#pragma once

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

}  // namespace ludus
