// What a `go` command asks for: the limits of one search.
#pragma once

#include <cstdint>

namespace ludus {

struct SearchLimits {
  int depth = 0;               // 0: no depth limit
  std::int64_t movetime = 0;   // ms, 0: none
  std::uint64_t nodes = 0;     // 0: no node limit
  std::int64_t time[2] = {-1, -1};  // remaining clock of p1, p2 in ms; -1: not given
  std::int64_t inc[2] = {0, 0};
  int movestogo = 0;           // 0: sudden death / unknown
  bool infinite = false;       // search until `stop`
  bool ponder = false;         // like infinite until `ponderhit`

  bool has_clock() const { return time[0] >= 0 || time[1] >= 0; }
};

}  // namespace ludus
