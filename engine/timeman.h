// Time manager: turns the limits of a `go` into a soft budget (when to stop
// starting new iterations) and a hard limit (never exceeded). Its fields are
// atomics because `ponderhit` re-arms it while the search threads read it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>

#include "engine/limits.h"
#include "engine/types.h"

namespace ludus {

using Clock = std::chrono::steady_clock;

// The (soft, hard) budget in ms of one turn under a reserve time control
// (SearchLimits::per_move/reserve...): soft is the target, hard is never
// exceeded and stays clear of the controller's deadline.
std::pair<std::int64_t, std::int64_t> reserve_budget(const SearchLimits& limits, Side us, int moves_left,
                                                     std::int64_t overhead_ms);

// The deepest exact solve (in plies to the end) worth jumping to from the
// midgame iterations with `budget_ms` to spend: 14 plies at 15 ms and one
// more for every 3x the time (a solver's cost grows about 3x per ply).
int solve_jump_limit(std::int64_t budget_ms);

// The budget an unbounded search (`go infinite`, pondering, a bare `go`
// without limits) gives such a solve after `elapsed_ms` of searching:
// about as much again as it has spent (times 4), so an analysis deepens
// normally and turns to the exact solve only once it can plausibly finish;
// jumping to a 60-ply solve at once would leave it stuck at depth 3.
std::int64_t unbounded_solve_budget(std::int64_t elapsed_ms);

// Whether the clock stops a search `elapsed_ms` into it: at the hard limit
// once the main searcher has completed an iteration; before that, only after
// a grace of 20-50 ms more. Without a completed iteration the move would be
// the first legal one in listing order (a blunder as often as not), and a
// first iteration takes well under a millisecond in every game: what keeps
// it from finishing is a budget below MoveOverhead (1 ms left) or a thread
// the loaded machine has not scheduled yet. The grace stays inside the
// margins the time controls keep (reserve_budget, the referees' allowances).
bool clock_stops_search(std::int64_t elapsed_ms, std::int64_t hard_ms, bool iteration_done);

class TimeManager {
 public:
  // `moves_left`: the game's estimate of the mover's remaining turns, used
  // when the clock has no movestogo. `overhead_ms`: MoveOverhead.
  void start(const SearchLimits& limits, Side us, int moves_left, std::int64_t overhead_ms);

  std::int64_t elapsed_ms() const;
  bool timed() const { return hard_ms_.load(std::memory_order_relaxed) > 0; }
  std::int64_t soft_ms() const { return soft_ms_.load(std::memory_order_relaxed); }
  std::int64_t hard_ms() const { return hard_ms_.load(std::memory_order_relaxed); }
  // After an iteration: is it worth starting another one? `stability` in
  // [0.5, 2] scales the soft budget (the best move kept changing: spend more).
  // A fixed `go movetime` (no clock, no reserve) never stops early: the
  // user asked for exactly that much thinking, as in UCI.
  bool should_stop_iterating(double stability = 1.0) const;
  bool hard_limit_reached() const { return timed() && elapsed_ms() >= hard_ms(); }

 private:
  std::atomic<std::int64_t> start_ns_{0};
  std::atomic<std::int64_t> soft_ms_{0};  // 0: untimed
  std::atomic<std::int64_t> hard_ms_{0};
  std::atomic<bool> fixed_time_{false};  // the budget is a plain movetime
};

}  // namespace ludus
