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
  bool use_book = true;        // false for analysis: a book move has no score to show

  // Reserve time controls (AEI and the arimaa.com gameroom: tcmove,
  // tcreserve, tcpercent, tcmax, tcturntime, tctotal): every turn has
  // `per_move` ms; what it leaves unused, times reserve_percent / 100, goes
  // to the mover's reserve (never above reserve_max when that is > 0); a
  // turn may last per_move plus the reserve, and never longer than turn_max
  // or the game time left. The controller sends the current reserves.
  std::int64_t per_move = 0;             // ms; 0 with no reserve: not a reserve control
  std::int64_t reserve[2] = {-1, -1};    // ms of p1, p2; -1: not given
  int reserve_percent = 100;
  std::int64_t reserve_max = 0;          // ms, 0: no cap
  std::int64_t turn_max = 0;             // ms, 0: no per-turn cap
  std::int64_t game_left = 0;            // ms left in the game, 0: no game limit
  std::int64_t used = 0;                 // ms already used on this turn

  bool has_clock() const { return time[0] >= 0 || time[1] >= 0; }
  bool has_reserve_control() const { return per_move > 0 || reserve[0] >= 0 || reserve[1] >= 0; }
};

}  // namespace ludus
