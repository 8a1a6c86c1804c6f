// Strength levels: Level 1 (beginner) .. 20 (full strength).
//
// A lower level weakens play the natural way an engine can: it searches
// shallower (depth <= level) and fewer nodes (a budget doubling with every
// level), and from level 12 down it chooses at random among the moves whose
// exact score is within a margin of the best (the margin growing as the
// level falls), never a move that is proven lost when the best is not.
// Those random levels also leave the opening book of deep-searched lines
// aside (engine/game_session.h, book_move).
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "engine/limits.h"
#include "engine/types.h"

namespace ludus {

constexpr int kMaxLevel = 20;
constexpr int kRandomLevels = 12;  // levels at or below this choose with randomness

// Tightens `limits` for `level` (no change at kMaxLevel).
inline void apply_level(int level, SearchLimits& limits) {
  if (level >= kMaxLevel) return;
  level = std::max(level, 1);
  limits.depth = limits.depth > 0 ? std::min(limits.depth, level) : level;
  const std::uint64_t budget = std::uint64_t{200} << (level - 1);
  limits.nodes = limits.nodes > 0 ? std::min(limits.nodes, budget) : budget;
}

// The score margin (game units, 100 = one man/disc) within which a level
// considers moves equally good.
inline Score level_margin(int level) { return level > kRandomLevels ? 0 : (kRandomLevels + 1 - level) * 20; }

// Picks the index of the move to play among `scores` (exact root scores).
template <class Rng>
std::size_t pick_for_level(int level, const std::vector<Score>& scores, Rng& rng) {
  if (scores.empty()) return 0;
  std::size_t best = 0;
  for (std::size_t i = 1; i < scores.size(); ++i)
    if (scores[i] > scores[best]) best = i;
  const Score margin = level_margin(level);
  if (margin == 0 || is_mate_score(scores[best])) return best;
  std::vector<std::size_t> near;
  for (std::size_t i = 0; i < scores.size(); ++i)
    if (scores[i] >= scores[best] - margin && scores[i] > -kMateBound) near.push_back(i);
  if (near.empty()) return best;
  std::uniform_int_distribution<std::size_t> pick(0, near.size() - 1);
  return near[pick(rng)];
}

}  // namespace ludus
