// Perft: the number of leaves of the move tree to a fixed depth, the
// standard check of move generation. A finished game is a leaf at any depth;
// every move (a forced pass included) uses one ply.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/game_concept.h"
#include "engine/search.h"

namespace ludus {

template <class G>
std::uint64_t perft(const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(pos) != Outcome::Ongoing) return 1;
  }
  typename G::Move moves[G::kMaxMoves];
  const int n = G::legal_moves(pos, moves);
  if (n == 0) return 1;
  if (depth == 1) {
    if constexpr (!ends_with_moves_left<G>()) return static_cast<std::uint64_t>(n);
  }
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft<G>(G::play(pos, moves[i]), depth - 1);
  return total;
}

// Perft with the count of every root move reported (for `perft` commands).
template <class G>
std::uint64_t perft_divide(const typename G::Position& pos, int depth,
                           const std::function<void(const std::string&, std::uint64_t)>& per_move) {
  if (depth <= 0) return 1;
  if (G::outcome(pos) != Outcome::Ongoing) return 1;
  typename G::Move moves[G::kMaxMoves];
  const int n = G::legal_moves(pos, moves);
  if (n == 0) return 1;
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t count = perft<G>(G::play(pos, moves[i]), depth - 1);
    if (per_move) per_move(G::move_to_string(moves[i]), count);
    total += count;
  }
  return total;
}

}  // namespace ludus
