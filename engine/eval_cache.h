// A per-thread, direct-mapped cache of static evaluations, for games whose
// evaluation is costly and whose search meets the same position again
// where the transposition table does not help (leaves and quiescence nodes
// reached by other move orders). Each game passes its own `Tag` type, so
// each has its own table; searcher threads never share one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace ludus {

// `key` must cover everything the evaluation reads (the whole key is
// stored: a hit is the same position up to a 64-bit collision);
// `compute()` evaluates on a miss.
template <class Tag, int Bits = 16, class Compute>
Score cached_evaluation(std::uint64_t key, Compute&& compute) {
  struct Entry {
    std::uint64_t key;
    Score score;
  };
  constexpr std::size_t kSize = std::size_t{1} << Bits;
  thread_local std::vector<Entry> table(kSize, Entry{0, 0});
  if (key == 0) key = 1;  // 0 marks an empty slot
  Entry& e = table[key & (kSize - 1)];
  if (e.key == key) return e.score;
  const Score score = compute();
  e = {key, score};
  return score;
}

}  // namespace ludus
