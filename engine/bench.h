// `bench`: fixed-depth searches over a game's benchmark positions, reporting
// nodes and speed. Also a quick "does the search work" check after a build.
#pragma once

#include <string>
#include <vector>

#include "engine/session.h"

namespace ludus {

// depth 0: the game's default bench depth. Returns human-readable lines; the
// last one is "bench nodes <n> time <ms> nps <n>". The session's position is
// restored afterwards.
std::vector<std::string> run_bench(Session& session, int depth);

}  // namespace ludus
