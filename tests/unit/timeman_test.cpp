// Time manager (engine/timeman.cpp): budgets of the `go` forms and when an
// iteration may still start. Only lower bounds of sleeps are relied on.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "engine/timeman.h"

using namespace ludus;

TEST_CASE("timeman: movetime is used whole, minus the overhead") {
  TimeManager tm;
  SearchLimits l;
  l.movetime = 500;
  tm.start(l, Side::P1, 30, 30);
  CHECK(tm.timed());
  CHECK(tm.hard_ms() == 470);
  CHECK(tm.soft_ms() == 470);
}

TEST_CASE("timeman: a movetime at or below the overhead keeps half of it for the search") {
  TimeManager tm;
  SearchLimits l;
  l.movetime = 30;
  tm.start(l, Side::P1, 30, 30);
  CHECK(tm.hard_ms() == 15);
  l.movetime = 20;
  tm.start(l, Side::P1, 30, 5000);
  CHECK(tm.hard_ms() == 10);
  l.movetime = 1;
  tm.start(l, Side::P1, 30, 30);
  CHECK(tm.hard_ms() == 1);
}

TEST_CASE("timeman: a fixed movetime never stops iterating early; a clock does") {
  SearchLimits fixed;
  fixed.movetime = 2;
  SearchLimits clock;
  clock.time[0] = 40;  // 40 ms left: a soft budget of about a millisecond
  TimeManager a, b;
  a.start(fixed, Side::P1, 30, 0);
  b.start(clock, Side::P1, 30, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  CHECK(a.hard_limit_reached());        // the search itself stops at the hard limit
  CHECK_FALSE(a.should_stop_iterating());  // but never gives up time between iterations
  CHECK(b.should_stop_iterating());
}

TEST_CASE("timeman: infinite and ponder are untimed; ponderhit re-arms") {
  TimeManager tm;
  SearchLimits l;
  l.infinite = true;
  l.movetime = 100;
  tm.start(l, Side::P2, 30, 30);
  CHECK_FALSE(tm.timed());
  CHECK_FALSE(tm.should_stop_iterating());
  l.infinite = false;
  tm.start(l, Side::P2, 30, 30);
  CHECK(tm.timed());
}

TEST_CASE("timeman: the clock budget stays within the clock") {
  for (std::int64_t left : {50, 1000, 60000, 3600000}) {
    for (int mtg : {0, 1, 10}) {
      TimeManager tm;
      SearchLimits l;
      l.time[1] = left;
      l.inc[1] = left / 100;
      l.movestogo = mtg;
      tm.start(l, Side::P2, 30, 10);
      CHECK(tm.hard_ms() >= 1);
      CHECK(tm.soft_ms() <= tm.hard_ms());
      CHECK(tm.hard_ms() <= std::max<std::int64_t>(1, left - 10));
    }
  }
}

TEST_CASE("timeman: exact-solve jump limit grows one ply per 3x of budget") {
  CHECK(solve_jump_limit(0) == 14);
  CHECK(solve_jump_limit(15) == 14);
  CHECK(solve_jump_limit(16) == 15);
  CHECK(solve_jump_limit(45) == 15);
  CHECK(solve_jump_limit(46) == 16);
  // An unbounded search starts modestly (no 60-ply solve at iteration 4)
  // and allows deeper solves the longer it has run.
  const int at_start = solve_jump_limit(unbounded_solve_budget(0));
  CHECK(at_start >= 15);
  CHECK(at_start <= 18);
  CHECK(solve_jump_limit(unbounded_solve_budget(10000)) > at_start);
  CHECK(solve_jump_limit(unbounded_solve_budget(10000)) < 30);
  CHECK(unbounded_solve_budget(-5) == unbounded_solve_budget(0));
}

TEST_CASE("timeman: the clock stops a search only after its first iteration, or a short grace") {
  // Before the hard limit: never.
  CHECK_FALSE(clock_stops_search(99, 100, true));
  CHECK_FALSE(clock_stops_search(0, 1, false));
  // At the hard limit with an iteration done: at once.
  CHECK(clock_stops_search(100, 100, true));
  CHECK(clock_stops_search(1, 1, true));
  // Without one: the grace is the hard limit itself, between 20 and 50 ms.
  CHECK_FALSE(clock_stops_search(1, 1, false));
  CHECK_FALSE(clock_stops_search(20, 1, false));
  CHECK(clock_stops_search(21, 1, false));
  CHECK_FALSE(clock_stops_search(59, 30, false));
  CHECK(clock_stops_search(60, 30, false));
  CHECK_FALSE(clock_stops_search(1049, 1000, false));
  CHECK(clock_stops_search(1050, 1000, false));
}
