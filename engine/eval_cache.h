// A per-thread, direct-mapped cache of static evaluations, for games whose
// evaluation is costly and whose search meets the same position again
// where the transposition table does not help (leaves and quiescence nodes
// reached by other move orders). Each game passes its own `Tag` type, so
// each has its own table; searcher threads never share one. Any costly
// score of a position may use it the same way (Arimaa's capture detector
// does, with a table of its own).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/interrupt.h"
#include "engine/types.h"

namespace ludus {

namespace detail {
struct EvalCacheEntry {
  std::uint64_t key;
  Score score;
};
// The table of one game (`Tag`), per thread. 0 marks an empty slot.
template <class Tag, int Bits>
EvalCacheEntry& eval_cache_slot(std::uint64_t& key) {
  constexpr std::size_t kSize = std::size_t{1} << Bits;
  thread_local std::vector<EvalCacheEntry> table(kSize, EvalCacheEntry{0, 0});
  if (key == 0) key = 1;
  return table[key & (kSize - 1)];
}
}  // namespace detail

// `key` must cover everything the evaluation reads (the whole key is
// stored: a hit is the same position up to a 64-bit collision);
// `compute()` evaluates on a miss. Nothing is stored once the search is
// stopped: an evaluation may have been cut short (engine/interrupt.h).
template <class Tag, int Bits = 16, class Compute>
Score cached_evaluation(std::uint64_t key, Compute&& compute) {
  detail::EvalCacheEntry& e = detail::eval_cache_slot<Tag, Bits>(key);
  if (e.key == key) return e.score;
  const Score score = compute();
  if (!search_interrupted()) e = {key, score};
  return score;
}

// The result of a lazy evaluation: the score, or only a lower bound of it
// when the evaluation stopped as soon as it knew the score reaches what
// the caller asked for (the terms it skipped can only add).
struct LazyScore {
  Score score;
  bool exact;
};

// Like cached_evaluation for a lazy evaluation sharing the same table:
// only exact scores are stored, and a stored score answers every caller.
template <class Tag, int Bits = 16, class Compute>
Score cached_lazy_evaluation(std::uint64_t key, Compute&& compute) {
  detail::EvalCacheEntry& e = detail::eval_cache_slot<Tag, Bits>(key);
  if (e.key == key) return e.score;
  const LazyScore s = compute();
  if (s.exact && !search_interrupted()) e = {key, s.score};
  return s.score;
}

}  // namespace ludus
