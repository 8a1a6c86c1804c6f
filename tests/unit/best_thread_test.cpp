// Which searcher a multi-threaded search answers with (engine/best_thread.h).
#include <doctest/doctest.h>

#include "engine/best_thread.h"

using namespace ludus;

TEST_CASE("best thread: the main thread answers unless a helper knows more") {
  // One thread: always itself.
  CHECK(pick_best_thread({{7, 30, true}}) == 0);
  // A helper at the same depth with a lower or equal score: the main thread.
  CHECK(pick_best_thread({{7, 30, true}, {7, 30, true}}) == 0);
  CHECK(pick_best_thread({{7, 30, true}, {7, 10, true}}) == 0);
  // Deeper but worse: the main thread (the deeper look found less).
  CHECK(pick_best_thread({{7, 30, true}, {8, 20, true}}) == 0);
  // As deep or deeper and better: the helper.
  CHECK(pick_best_thread({{7, 30, true}, {7, 40, true}}) == 1);
  CHECK(pick_best_thread({{7, 30, true}, {8, 40, true}}) == 1);
  // Shallower and better: the main thread, unless the helper proved a win.
  CHECK(pick_best_thread({{7, 30, true}, {6, 40, true}}) == 0);
  CHECK(pick_best_thread({{7, 30, true}, {6, mate_in(5), true}}) == 1);
}

TEST_CASE("best thread: the best of several helpers, and none without a line") {
  CHECK(pick_best_thread({{7, 30, true}, {8, 40, true}, {8, 50, true}}) == 2);
  CHECK(pick_best_thread({{7, 30, true}, {8, 50, true}, {8, 40, true}}) == 1);
  CHECK(pick_best_thread({{7, 30, true}, {9, 90, false}}) == 0);
  CHECK(pick_best_thread({{7, 30, true}, {0, 90, true}}) == 0);  // no completed iteration
  // The main thread completed nothing: a helper that did answers.
  CHECK(pick_best_thread({{0, 50, true}, {3, -20, true}}) == 1);
  CHECK(pick_best_thread({{2, 50, false}, {1, -20, true}}) == 1);
}
