// What the threads of one search are busy with, for the simplified ABDADA
// of Tom Kerrigan: a thread about to search a child that another thread is
// searching right now searches its other moves first and that child last,
// when the other thread's result is likely in the shared table. Lazy SMP's
// threads otherwise walk the same tree in the same order and mostly wait on
// each other's table entries; deferring splits the work of a node between
// them. Used when several threads search; the first move of a node is never
// deferred (its result sets the window for the others).
//
// One slot per hash, no locks: the latest thread's mark wins and a lost or
// stale mark only costs a duplicated search or a needless deferral.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace ludus {

class BusyTable {
 public:
  // Is some thread searching the node of this key?
  bool busy(std::uint64_t key) const {
    const std::uint64_t k = key | 1;
    return slots_[k & kMask].load(std::memory_order_relaxed) == k;
  }
  // Marks the node as being searched; returns the mark for leave().
  std::uint64_t enter(std::uint64_t key) {
    const std::uint64_t k = key | 1;
    slots_[k & kMask].store(k, std::memory_order_relaxed);
    return k;
  }
  // Clears the mark unless another thread has marked the slot since.
  void leave(std::uint64_t mark) {
    std::uint64_t expected = mark;
    slots_[mark & kMask].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kMask = (std::size_t{1} << 14) - 1;  // 128 KiB: stays in L2
  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_ = std::make_unique<std::atomic<std::uint64_t>[]>(kMask + 1);
};

// The moves a node put off because another thread was on them, searched
// after the node's other moves. A move loop runs j over [0, size()): its
// own order while j < n, then the deferred moves, at(j).
template <int kMax>
class DeferredMoves {
 public:
  explicit DeferredMoves(int n) : n_(n) {}
  int size() const { return n_ + count_; }
  // Whether the j-th move may be put off: a first-pass move, with room left.
  bool deferrable(int j) const { return j < n_ && count_ < kMax; }
  void defer(int move_index) { moves_[count_++] = move_index; }
  int at(int j) const { return moves_[j - n_]; }  // for j >= n
  // A move loop's split: the move at loop position j (index i) is put off,
  // and false returned, when another thread is on its node `key` (never
  // the node's `first` move searched, nor with no room left); otherwise it
  // is marked as this thread's, `mark` to leave when its search ends.
  bool claim(BusyTable& busy, int j, int i, bool first, std::uint64_t key, std::uint64_t& mark) {
    if (!first && deferrable(j) && busy.busy(key)) {
      defer(i);
      return false;
    }
    mark = busy.enter(key);
    return true;
  }

 private:
  int n_;
  int count_ = 0;
  int moves_[kMax];
};

// Clears a move's busy mark (0: none) when its search ends, whichever way
// it ends.
struct BusyLeave {
  BusyTable* table;
  std::uint64_t mark;
  ~BusyLeave() {
    if (mark) table->leave(mark);
  }
};

}  // namespace ludus
