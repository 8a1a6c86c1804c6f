// Which searcher's line a multi-threaded search answers with.
//
// Lazy SMP's helper threads search the same root over a shared table and
// often complete an iteration the main thread has not reached when the
// clock stops the search. Answering only with the main thread's line throws
// that work away. As Stockfish does (its get_best_thread before the vote),
// a helper's line replaces the main thread's when the helper completed at
// least as deep an iteration and scored its best move higher, or proved a
// better win: a deeper look that found more is the better-informed answer.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/types.h"

namespace ludus {

// What one searcher ended with: the depth of its last completed iteration,
// the score of its line and whether it has a line at all.
struct ThreadResult {
  int depth = 0;
  Score score = 0;
  bool has_line = false;
};

// The index of the searcher to answer with; 0 (the main thread) unless a
// helper's result is better by the rule above.
inline std::size_t pick_best_thread(const std::vector<ThreadResult>& results) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < results.size(); ++i) {
    const ThreadResult& r = results[i];
    const ThreadResult& b = results[best];
    if (!r.has_line || r.depth == 0) continue;
    if (!b.has_line || b.depth == 0) {  // the main thread completed no iteration
      best = i;
      continue;
    }
    const bool proven_win = r.score >= kMateBound;
    if (r.score > b.score && (r.depth >= b.depth || proven_win)) best = i;
  }
  return best;
}

}  // namespace ludus
