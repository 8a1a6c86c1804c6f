// Strength levels (engine/level.h).
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "engine/level.h"

using namespace ludus;

TEST_CASE("level: full strength changes no limit; lower levels cap depth and nodes") {
  SearchLimits l;
  apply_level(20, l);
  CHECK(l.depth == 0);
  CHECK(l.nodes == 0);
  apply_level(5, l);
  CHECK(l.depth == 5);
  CHECK(l.nodes == 200u << 4);
  SearchLimits tighter;
  tighter.depth = 2;
  tighter.nodes = 10;
  apply_level(5, tighter);  // the user's own tighter limits stay
  CHECK(tighter.depth == 2);
  CHECK(tighter.nodes == 10);
  SearchLimits low;
  apply_level(1, low);
  CHECK(low.depth == 1);
  // Each level searches more than the one below.
  for (int lv = 2; lv < 20; ++lv) {
    SearchLimits a, b;
    apply_level(lv - 1, a);
    apply_level(lv, b);
    CHECK(b.nodes > a.nodes);
    CHECK(b.depth > a.depth);
  }
}

TEST_CASE("level: the choice stays within the level's margin of the best") {
  std::mt19937_64 rng(42);
  const std::vector<Score> scores = {100, 95, 60, -300, 99};
  std::set<std::size_t> seen;
  for (int i = 0; i < 2000; ++i) seen.insert(pick_for_level(12, scores, rng));  // margin 20
  CHECK(seen == std::set<std::size_t>{0, 1, 4});
  seen.clear();
  for (int i = 0; i < 2000; ++i) seen.insert(pick_for_level(1, scores, rng));  // margin 240
  CHECK(seen == std::set<std::size_t>{0, 1, 2, 4});
  for (int i = 0; i < 100; ++i) CHECK(pick_for_level(13, scores, rng) == 0);
  for (int i = 0; i < 100; ++i) CHECK(pick_for_level(20, scores, rng) == 0);
}

TEST_CASE("level: a proven win is always taken and a proven loss never chosen") {
  std::mt19937_64 rng(7);
  const std::vector<Score> win = {50, mate_in(3), 40};
  for (int i = 0; i < 200; ++i) CHECK(pick_for_level(1, win, rng) == 1);
  const std::vector<Score> lose = {0, mated_in(4), -10};
  for (int i = 0; i < 500; ++i) CHECK(pick_for_level(1, lose, rng) != 1);
  CHECK(level_margin(20) == 0);
  CHECK(level_margin(1) > level_margin(12));
}
