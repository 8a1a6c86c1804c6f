// MoveOrdering<G>: the move-ordering state of one search thread, shared by
// the engine's search (engine/search.h) and `Search plain-fast`
// (engine/plain_search.h): the hash move first, then two killer moves per
// ply, then the history of cut-offs plus the game's optional ordering prior.
// Ordering never changes a search's value, only how soon it cuts.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "engine/types.h"

namespace ludus {

template <class G>
concept HasOrderHint = requires(const typename G::Position& p, typename G::Move m) {
  { G::order_hint(p, m) } -> std::convertible_to<int>;
};
// The same told the remaining depth of the node, for a prior worth its
// cost only far enough from the horizon.
template <class G>
concept HasDepthOrderHint = requires(const typename G::Position& p, typename G::Move m, int depth) {
  { G::order_hint(p, m, depth) } -> std::convertible_to<int>;
};

template <class G>
class MoveOrdering {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  MoveOrdering() { clear(); }

  // A new search learns from scratch.
  void clear() {
    std::memset(history_, 0, sizeof(history_));
    for (auto& k : killers_) k = {0, 0};
  }

  // `depth`: the node's remaining depth, for HasDepthOrderHint (callers
  // without one, such as quiescence or the plain search, pass none).
  static constexpr int kNoDepth = 1 << 20;
  void order(const Position& pos, Move* moves, int n, std::uint16_t tt_move, int ply, int depth = kNoDepth) {
    if (n <= 1) return;
    if (!keys_) keys_ = std::make_unique_for_overwrite<int[]>(static_cast<std::size_t>(G::kMaxMoves));
    int* keys = keys_.get();
    for (int i = 0; i < n; ++i) {
      const std::uint16_t p = G::pack(moves[i]);
      int k;
      if (p == tt_move && tt_move != 0) k = 1 << 30;
      else if (p == killers_[ply][0]) k = 1 << 26;
      else if (p == killers_[ply][1]) k = (1 << 26) - 1;
      else {
        k = history_[p & kHistoryMask];
        if constexpr (HasDepthOrderHint<G>) k += G::order_hint(pos, moves[i], depth) * 64;
        else if constexpr (HasOrderHint<G>) k += G::order_hint(pos, moves[i]) * 64;
      }
      keys[i] = k;
    }
    if (n > 64) {  // rare long lists (Camelot charges, fox-geese jumps): no quadratic sort
      auto& tagged = tagged_;
      tagged.resize(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) tagged[static_cast<std::size_t>(i)] = {keys[i], moves[i]};
      std::stable_sort(tagged.begin(), tagged.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      for (int i = 0; i < n; ++i) moves[i] = tagged[static_cast<std::size_t>(i)].second;
      return;
    }
    // Insertion sort: move lists are short.
    for (int i = 1; i < n; ++i) {
      const Move m = moves[i];
      const int k = keys[i];
      int j = i - 1;
      while (j >= 0 && keys[j] < k) {
        keys[j + 1] = keys[j];
        moves[j + 1] = moves[j];
        --j;
      }
      keys[j + 1] = k;
      moves[j + 1] = m;
    }
  }

  // Puts the hash move and then the killers first, the others in their
  // order, and returns how many were put first. The search tries them
  // before ordering the rest: they cut often enough that ordering every
  // move first (each with its game's prior) was a fifth of an Othello
  // search's time.
  int hoist(Move* moves, int n, std::uint16_t tt_move, int ply) const {
    int h = 0;
    for (const std::uint16_t want : {tt_move, killers_[ply][0], killers_[ply][1]}) {
      if (want == 0) continue;
      for (int i = h; i < n; ++i) {
        if (G::pack(moves[i]) != want) continue;
        std::rotate(moves + h, moves + i, moves + i + 1);
        ++h;
        break;
      }
    }
    return h;
  }

  // Move m caused a beta cut-off at this ply and depth.
  void record_cutoff(Move m, int ply, int depth) {
    const std::uint16_t p = G::pack(m);
    if (killers_[ply][0] != p) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = p;
    }
    int& h = history_[p & kHistoryMask];
    h += depth * depth;
    if (h > (1 << 20)) {
      for (auto& x : history_) x /= 2;
    }
  }

 private:
  static constexpr int kHistoryMask = 0xFFFF;

  std::array<std::array<std::uint16_t, 2>, kMaxSearchPly + 1> killers_{};
  int history_[kHistoryMask + 1];
  std::unique_ptr<int[]> keys_;                // order()'s sort keys (lists can be long)
  std::vector<std::pair<int, Move>> tagged_;  // and its sort buffer for lists over 64 moves
};

}  // namespace ludus
