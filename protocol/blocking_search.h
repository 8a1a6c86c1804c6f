// One search of a session's position, waited for: for front ends that think
// synchronously (NBoard's go/hint/analyze, `ludus play`) rather than
// streaming a search's lines as UGI and AEI do.
#pragma once

#include <functional>
#include <string>

#include "engine/session.h"

namespace ludus {

struct SearchResult {
  std::string best;      // empty when the search could not start; "none" when the game is over
  SearchInfo info;       // the last iteration's report (valid when has_info)
  bool has_info = false; // false for a book move or a single legal move
  std::string error;     // why the search could not start
};

// Starts the search, calls `started` (if given) once it runs, so that a
// caller can stop it at once when a cancel arrived meanwhile, and waits for
// its bestmove. `on_info` sees every iteration's report.
SearchResult search_and_wait(Session& session, const SearchLimits& limits,
                             const std::function<void(const SearchInfo&)>& on_info = nullptr,
                             const std::function<void()>& started = nullptr);

}  // namespace ludus
