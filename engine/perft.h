// Perft: the number of leaves of the move tree to a fixed depth, the
// standard check of move generation. Every move (a forced pass included)
// uses one ply. Games differ on finished games above the full depth:
// `G::kPerftFinishedIsLeaf` = true counts them as leaves (Othello's
// convention), false (the default) counts only positions at exactly the
// depth. Games with multi-move turns count whole turns (engine/turns.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_concept.h"
#include "engine/search.h"
#include "engine/turns.h"

namespace ludus {

template <class G>
constexpr bool perft_finished_is_leaf() {
  if constexpr (requires { G::kPerftFinishedIsLeaf; }) return G::kPerftFinishedIsLeaf;
  return false;
}

// A game that counts its turns faster than it lists them (optional hook):
//   static std::uint64_t count_turns(const Position&);  == legal_turns().size()
template <class G>
concept HasTurnCount = requires(const typename G::Position& p) {
  { G::count_turns(p) } -> std::convertible_to<std::uint64_t>;
};
// A position whose moves are not enumerated (optional hook, e.g. Arimaa's
// setup phase): sets `count` for `depth`, or fails for depths that cannot be
// counted; leaves `count` empty for ordinary positions.
//   static Status perft_shortcut(const Position&, int depth, std::optional<std::uint64_t>& count);
template <class G>
concept HasPerftShortcut = requires(const typename G::Position& p, int d, std::optional<std::uint64_t>& c) {
  { G::perft_shortcut(p, d, c) } -> std::same_as<Status>;
};

// Perft over whole turns (games whose turn is several moves). `history`
// holds the repetition keys of the game and of the path (IllegalThird games
// skip turns that would repeat a position a third time, rules as in play).
template <class G>
std::uint64_t perft_turns(const typename G::Position& pos, int depth, std::vector<std::uint64_t>& history) {
  if (depth <= 0) return 1;
  constexpr bool kIllegalThird = repetition_rule<G>() == RepetitionRule::IllegalThird;
  if constexpr (HasTurnCount<G>) {
    // Nothing in the history can be repeated a third time: count directly.
    bool twice = false;
    if constexpr (kIllegalThird)
      for (std::size_t i = 0; i < history.size() && !twice; ++i) twice = count_occurrences(history, history[i]) >= 2;
    if (depth == 1 && !twice) {
      const std::uint64_t n = G::count_turns(pos);
      return n == 0 && perft_finished_is_leaf<G>() ? 1 : n;
    }
  }
  std::vector<std::vector<typename G::Move>> turns;
  legal_turns<G>(pos, turns);
  if (turns.empty()) return perft_finished_is_leaf<G>() ? 1 : 0;
  std::uint64_t total = 0;
  for (const auto& t : turns) {
    const auto child = play_all<G>(pos, t);
    if constexpr (kIllegalThird) {
      const std::uint64_t key = repetition_key<G>(child);
      if (count_occurrences(history, key) >= 2) continue;
      history.push_back(key);
      total += perft_turns<G>(child, depth - 1, history);
      history.pop_back();
    } else {
      total += depth == 1 ? 1 : perft_turns<G>(child, depth - 1, history);
    }
  }
  return total;
}
template <class G>
std::uint64_t perft_turns(const typename G::Position& pos, int depth) {
  std::vector<std::uint64_t> history;
  return perft_turns<G>(pos, depth, history);
}

namespace detail {
// `moves` holds depth * kMaxMoves entries, one list per remaining ply: a
// list on the stack would be constructed at every node, and some games'
// kMaxMoves are large (Camelot: 65,536).
template <class G>
std::uint64_t perft_with(const typename G::Position& pos, int depth, typename G::Move* moves) {
  if (depth <= 0) return 1;
  constexpr std::uint64_t kFinished = perft_finished_is_leaf<G>() ? 1 : 0;
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(pos) != Outcome::Ongoing) return kFinished;
  }
  const int n = G::legal_moves(pos, moves);
  if (n == 0) return kFinished;
  if (depth == 1) {
    if constexpr (!ends_with_moves_left<G>()) return static_cast<std::uint64_t>(n);
  }
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft_with<G>(G::play(pos, moves[i]), depth - 1, moves + G::kMaxMoves);
  return total;
}
}  // namespace detail

template <class G>
std::uint64_t perft(const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  std::vector<typename G::Move> moves(static_cast<std::size_t>(depth) * G::kMaxMoves);
  return detail::perft_with<G>(pos, depth, moves.data());
}

// Perft with the count of every root move (turn) reported, for `perft`.
// `history`: the repetition keys of the game so far (IllegalThird games).
template <class G>
std::uint64_t perft_divide(const typename G::Position& pos, int depth,
                           const std::function<void(const std::string&, std::uint64_t)>& per_move,
                           std::vector<std::uint64_t> history = {}) {
  if (depth <= 0) return 1;
  if constexpr (HasPerftShortcut<G>) {
    std::optional<std::uint64_t> count;
    if (G::perft_shortcut(pos, depth, count) && count) return *count;
  }
  std::vector<std::vector<typename G::Move>> turns;
  legal_turns<G>(pos, turns);
  if (turns.empty()) return perft_finished_is_leaf<G>() ? 1 : 0;
  std::uint64_t total = 0;
  for (const auto& t : turns) {
    const auto child = play_all<G>(pos, t);
    std::uint64_t count;
    if constexpr (multi_move_turns<G>()) {
      if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
        const std::uint64_t key = repetition_key<G>(child);
        if (count_occurrences(history, key) >= 2) continue;
        history.push_back(key);
        count = perft_turns<G>(child, depth - 1, history);
        history.pop_back();
      } else {
        count = perft_turns<G>(child, depth - 1, history);
      }
    } else {
      count = perft<G>(child, depth - 1);
    }
    if (per_move) per_move(turn_to_string<G>(pos, t), count);
    total += count;
  }
  return total;
}

}  // namespace ludus
