#include "engine/timeman.h"

#include <algorithm>

namespace ludus {

void TimeManager::start(const SearchLimits& limits, Side us, int moves_left,
                        std::int64_t overhead_ms) {
  start_ns_.store(Clock::now().time_since_epoch().count());
  soft_ms_.store(0);
  hard_ms_.store(0);
  fixed_time_.store(false);
  if (limits.infinite || limits.ponder) return;
  std::int64_t soft_ms = 0, hard_ms = 0;

  const int idx = us == Side::P1 ? 0 : 1;
  // Clocks beyond a few years are "unlimited" for planning; clamping keeps
  // the arithmetic below far from overflow.
  constexpr std::int64_t kMaxMs = std::int64_t{1} << 40;
  overhead_ms = std::clamp<std::int64_t>(overhead_ms, 0, kMaxMs);
  if (limits.movetime > 0) {
    // A fixed time per move: use it all, minus the transport allowance, but
    // keep at least half of it for the search: a client that asks for a
    // movetime at or below MoveOverhead still wants a searched move (a UGI
    // runner such as cutegames allows 25 ms over the movetime).
    const std::int64_t movetime = std::min(limits.movetime, kMaxMs);
    hard_ms = soft_ms = std::max<std::int64_t>(1, movetime - std::min(overhead_ms, movetime / 2));
  }
  if (limits.time[idx] >= 0) {
    const std::int64_t left = std::min(limits.time[idx], kMaxMs);
    const std::int64_t inc = std::clamp<std::int64_t>(limits.inc[idx], 0, kMaxMs);
    // Moves to plan for: the controller's movestogo, else the game's estimate
    // (capped so that long games keep a reserve for the later moves).
    const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, 50)
                                         : std::clamp(moves_left, 8, 40);
    // What can be spent in total: the clock now plus the increments to come,
    // minus one overhead per move, never the last overhead's worth.
    const std::int64_t usable =
        std::max<std::int64_t>(1, left + inc * (mtg - 1) - overhead_ms * (mtg + 1));
    std::int64_t soft = usable / mtg;
    // The hard limit lets a difficult move take several shares, but never
    // more than a fraction of the clock actually left.
    std::int64_t cap = left - overhead_ms;
    cap = limits.movestogo == 1 ? cap * 9 / 10 : cap / 3;
    std::int64_t hard = std::min<std::int64_t>(soft * 5, cap);
    hard = std::max<std::int64_t>(hard, 1);
    soft = std::clamp<std::int64_t>(soft, 1, hard);
    if (hard_ms == 0 || hard < hard_ms) {
      hard_ms = hard;
      soft_ms = soft;
    }
  }
  if (limits.has_reserve_control()) {
    const auto [soft, hard] = reserve_budget(limits, us, moves_left, overhead_ms);
    if (hard_ms == 0 || hard < hard_ms) {
      hard_ms = hard;
      soft_ms = std::min(soft, hard);
    }
  }
  soft_ms_.store(soft_ms);
  hard_ms_.store(hard_ms);
  fixed_time_.store(limits.movetime > 0 && !limits.has_clock() && !limits.has_reserve_control());
}

std::pair<std::int64_t, std::int64_t> reserve_budget(const SearchLimits& limits, Side us, int moves_left,
                                                     std::int64_t overhead_ms) {
  constexpr std::int64_t kMaxMs = std::int64_t{1} << 40;
  const int idx = us == Side::P1 ? 0 : 1;
  const std::int64_t per_move = std::clamp<std::int64_t>(limits.per_move, 0, kMaxMs);
  const std::int64_t reserve = std::clamp<std::int64_t>(limits.reserve[idx], 0, kMaxMs);
  const std::int64_t used = std::clamp<std::int64_t>(limits.used, 0, kMaxMs);
  overhead_ms = std::clamp<std::int64_t>(overhead_ms, 0, kMaxMs);
  // The controller's deadline for this turn, from now.
  std::int64_t deadline = per_move + reserve;
  if (limits.turn_max > 0) deadline = std::min(deadline, std::min(limits.turn_max, kMaxMs));
  if (limits.game_left > 0) deadline = std::min(deadline, std::min(limits.game_left, kMaxMs));
  deadline -= used;
  // Never closer to it than the transport allowance plus a margin for
  // scheduling noise: 10% of the deadline, at least 100 ms (a third of a
  // very short deadline), at most a second. A loaded machine deschedules
  // a process for tens to hundreds of milliseconds.
  const std::int64_t safety = std::min<std::int64_t>(
      std::max<std::int64_t>(deadline / 10, std::min<std::int64_t>(100, deadline / 3)), 1000);
  std::int64_t limit = std::max<std::int64_t>(1, deadline - overhead_ms - safety);
  // One hard turn never takes more than half of the reserve (unless this is
  // the last turn before the turn limit): the reserve is what keeps the
  // later turns, and this one, clear of the deadline.
  if (limits.movestogo != 1)
    limit = std::clamp<std::int64_t>(per_move - used - overhead_ms + reserve / 2, 1, limit);
  // The target: most of the move time (all of it when unused time is lost
  // for good, tcpercent 0) plus a share of the reserve for the turns to come.
  const double keep = std::clamp(limits.reserve_percent, 0, 100) / 100.0;
  // Turns to plan for: the game's estimate, or fewer when the controller's
  // turn limit (movestogo) comes first: reserve left at the limit is wasted.
  const int turns = limits.movestogo > 0 ? std::clamp(std::min(moves_left, limits.movestogo), 1, 40)
                                         : std::clamp(moves_left, 8, 40);
  double target = static_cast<double>(per_move) * (1.0 - 0.4 * keep) + static_cast<double>(reserve) / turns;
  if (limits.reserve_max > 0 && keep > 0) {
    // What the reserve cannot hold any more is lost: spend it now.
    const double room = static_cast<double>(std::max<std::int64_t>(0, limits.reserve_max - reserve));
    const double saved = (static_cast<double>(per_move) - target) * keep;
    if (saved > room) target += (saved - room) / keep;
    // A reserve above half its cap is spent over the next turns (a sixth
    // of the excess each): a search stops iterating before its target on
    // most turns (an Arimaa turn at 0.5 s/move used 0.35 s on average), so
    // a full reserve would otherwise stay full and every unused
    // millisecond be lost; half the cap still covers a hard turn.
    const double excess = static_cast<double>(reserve) - static_cast<double>(limits.reserve_max) / 2;
    if (excess > 0) target += excess / 6;
  }
  const std::int64_t soft = std::clamp<std::int64_t>(static_cast<std::int64_t>(target) - used, 1, limit);
  // A hard search may take a few shares, and at least the move time.
  const std::int64_t hard = std::clamp<std::int64_t>(std::max(soft * 4, per_move - used - overhead_ms), soft, limit);
  return {soft, hard};
}

std::int64_t TimeManager::elapsed_ms() const {
  const Clock::time_point start{Clock::duration(start_ns_.load(std::memory_order_relaxed))};
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

bool TimeManager::should_stop_iterating(double stability) const {
  if (!timed() || fixed_time_.load(std::memory_order_relaxed)) return false;
  // The next iteration usually costs more than all previous ones together,
  // so stop once about half of the (scaled) budget is used.
  const double budget =
      std::min<double>(static_cast<double>(hard_ms()), static_cast<double>(soft_ms()) * stability);
  return static_cast<double>(elapsed_ms()) >= budget * 0.55;
}


int solve_jump_limit(std::int64_t budget_ms) {
  int limit = 14;
  for (double t = 15; t < static_cast<double>(budget_ms); t *= 3) ++limit;
  return limit;
}

bool clock_stops_search(std::int64_t elapsed_ms, std::int64_t hard_ms, bool iteration_done) {
  if (elapsed_ms < hard_ms) return false;
  return iteration_done || elapsed_ms >= hard_ms + std::clamp<std::int64_t>(hard_ms, 20, 50);
}

std::int64_t unbounded_solve_budget(std::int64_t elapsed_ms) { return 250 + 4 * std::max<std::int64_t>(0, elapsed_ms); }

}  // namespace ludus
