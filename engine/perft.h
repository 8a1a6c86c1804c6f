// Perft: the number of leaves of the move tree to a fixed depth, the
// standard check of move generation. Every move (a forced pass included)
// uses one ply. Games differ on finished games above the full depth:
// `G::kPerftFinishedIsLeaf` = true counts them as leaves (Othello's
// convention), false (the default) counts only positions at exactly the
// depth. Games with multi-move turns count whole turns (engine/turns.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/game_concept.h"
#include "engine/search.h"
#include "engine/turns.h"

namespace ludus {

template <class G>
constexpr bool perft_finished_is_leaf() {
  if constexpr (requires { G::kPerftFinishedIsLeaf; }) return G::kPerftFinishedIsLeaf;
  return false;
}

// Perft over whole turns (games whose turn is several moves).
template <class G>
std::uint64_t perft_turns(const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  std::vector<std::vector<typename G::Move>> turns;
  legal_turns<G>(pos, turns);
  if (turns.empty()) return perft_finished_is_leaf<G>() ? 1 : 0;
  if (depth == 1) return turns.size();
  std::uint64_t total = 0;
  for (const auto& t : turns) total += perft_turns<G>(play_all<G>(pos, t), depth - 1);
  return total;
}

template <class G>
std::uint64_t perft(const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  constexpr std::uint64_t kFinished = perft_finished_is_leaf<G>() ? 1 : 0;
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(pos) != Outcome::Ongoing) return kFinished;
  }
  typename G::Move moves[G::kMaxMoves];
  const int n = G::legal_moves(pos, moves);
  if (n == 0) return kFinished;
  if (depth == 1) {
    if constexpr (!ends_with_moves_left<G>()) return static_cast<std::uint64_t>(n);
  }
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft<G>(G::play(pos, moves[i]), depth - 1);
  return total;
}

// Perft with the count of every root move (turn) reported, for `perft`.
template <class G>
std::uint64_t perft_divide(const typename G::Position& pos, int depth,
                           const std::function<void(const std::string&, std::uint64_t)>& per_move) {
  if (depth <= 0) return 1;
  std::vector<std::vector<typename G::Move>> turns;
  legal_turns<G>(pos, turns);
  if (turns.empty()) return perft_finished_is_leaf<G>() ? 1 : 0;
  std::uint64_t total = 0;
  for (const auto& t : turns) {
    const auto child = play_all<G>(pos, t);
    const std::uint64_t count = multi_move_turns<G>() ? perft_turns<G>(child, depth - 1) : perft<G>(child, depth - 1);
    if (per_move) per_move(turn_to_string<G>(pos, t), count);
    total += count;
  }
  return total;
}

}  // namespace ludus
