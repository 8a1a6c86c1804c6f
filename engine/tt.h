// Transposition table shared by all search threads of a session.
//
// Buckets of three 10-byte entries (32 bytes with padding, two per cache
// line). Replacement prefers, in order: the same position, an empty slot,
// then the entry whose depth minus age is lowest ("depth-preferred plus
// always-replace, with aging"). Threads read and write without locks, as in
// Stockfish's Lazy SMP: a torn entry only costs a wrong hint, because the
// search checks every hash move for legality before playing it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/types.h"

namespace ludus {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// What a fail-soft result `s` of a search with the window (alpha, beta) is.
constexpr Bound window_bound(Score s, Score alpha, Score beta) {
  return s >= beta ? Bound::Lower : s > alpha ? Bound::Exact : Bound::Upper;
}

struct __attribute__((packed)) TTEntry {
  std::uint32_t key32;
  std::uint16_t move;
  std::int16_t score;
  std::uint8_t depth;
  std::uint8_t gen_bound;  // generation in the high 6 bits, Bound in the low 2

  Bound bound() const { return static_cast<Bound>(gen_bound & 3); }
};

struct TTHit {
  bool found = false;
  std::uint16_t move = 0;
  Score score = kNoScore;
  int depth = -1;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  TranspositionTable() { resize(1); }
  // Size in MiB (rounded down to a power-of-two number of buckets).
  void resize(std::size_t mib);
  void clear();
  // Called at the start of every search so that old entries age out.
  void new_search() { generation_ = static_cast<std::uint8_t>(generation_ + 4); }

  TTHit probe(std::uint64_t key) const;
  // Asks the memory for the bucket of `key` ahead of its probe.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }
  void store(std::uint64_t key, Score score, Bound bound, int depth, std::uint16_t move);
  // Permille of entries written by the current search, sampled.
  int hashfull() const;
  std::size_t size_mib() const { return mib_; }

 private:
  struct Bucket {
    TTEntry entries[3];
    char padding[2];
  };
  static_assert(sizeof(TTEntry) == 10);
  static_assert(sizeof(Bucket) == 32);

  Bucket& bucket(std::uint64_t key) const { return table_[key & mask_]; }

  std::unique_ptr<Bucket[]> table_;
  std::size_t buckets_ = 0;
  std::size_t mask_ = 0;
  std::size_t mib_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace ludus
