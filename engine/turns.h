// Whole turns for games whose protocol token is several search moves (an
// Arimaa turn of 1-4 steps, a Linja turn of sub-moves and an extra turn).
// The search works on moves; the protocols work on turns. A turn is the
// sequence of moves from a position until the side to move changes or the
// game ends. Games with one move per turn need none of this: every helper
// below falls back to a single move.
//
// Optional game hooks (engine/game_concept.h):
//   static constexpr bool kMultiMoveTurns = true;
//   static Status parse_turn(const Position&, std::string_view, std::vector<Move>&);
//   static std::string turn_to_string(const Position&, const std::vector<Move>&);
//   static void legal_turns(const Position&, std::vector<std::vector<Move>>&);
//       (default: every move sequence to the end of the turn, depth first;
//        a game that identifies turns by their result, like Arimaa, dedupes here)
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search.h"

namespace ludus {

// A whole legal-move list on the heap: some games' kMaxMoves are too large
// for a stack array (Camelot: 65,536 moves).
template <class G>
std::vector<typename G::Move> move_list() {
  return std::vector<typename G::Move>(static_cast<std::size_t>(G::kMaxMoves));
}

template <class G>
constexpr bool multi_move_turns() {
  if constexpr (requires { G::kMultiMoveTurns; }) return G::kMultiMoveTurns;
  return false;
}

template <class G>
bool game_finished(const typename G::Position& p) {
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(p) != Outcome::Ongoing) return true;
  }
  auto tmp = move_list<G>();
  return G::legal_moves(p, tmp.data()) == 0;
}

// Has the turn that started at `start` ended at `now`?
template <class G>
bool turn_over(const typename G::Position& start, const typename G::Position& now) {
  return G::side_to_move(now) != G::side_to_move(start) || game_finished<G>(now);
}

template <class G>
Status parse_turn(const typename G::Position& pos, std::string_view token, std::vector<typename G::Move>& out) {
  out.clear();
  if constexpr (requires { G::parse_turn(pos, token, out); }) {
    return G::parse_turn(pos, token, out);
  } else {
    typename G::Move m{};
    Status st = G::parse_move(pos, token, m);
    if (st) out.push_back(m);
    return st;
  }
}

template <class G>
std::string turn_to_string(const typename G::Position& pos, const std::vector<typename G::Move>& moves) {
  if constexpr (requires { G::turn_to_string(pos, moves); }) return G::turn_to_string(pos, moves);
  else return moves.empty() ? std::string("none") : G::move_to_string(moves.front());
}

template <class G>
typename G::Position play_all(typename G::Position p, const std::vector<typename G::Move>& moves) {
  for (const auto& m : moves) p = G::play(p, m);
  return p;
}

namespace detail {
// Depth first over the moves of one turn from `start`: calls
// visit(moves, end) for every completed turn, in the game's move order, and
// stops as soon as it returns true (then returns true itself).
template <class G, class Visit>
bool for_each_turn(const typename G::Position& start, const typename G::Position& now,
                   std::vector<typename G::Move>& prefix, Visit& visit) {
  typename G::Move moves[G::kMaxMoves];
  const int n = G::legal_moves(now, moves);
  for (int i = 0; i < n; ++i) {
    const auto next = G::play(now, moves[i]);
    prefix.push_back(moves[i]);
    const bool stop = turn_over<G>(start, next) ? visit(prefix, next) : for_each_turn<G>(start, next, prefix, visit);
    prefix.pop_back();
    if (stop) return true;
  }
  return false;
}

template <class G>
void enumerate_turns(const typename G::Position& pos, std::vector<std::vector<typename G::Move>>& out) {
  std::vector<typename G::Move> prefix;
  auto keep = [&out](const std::vector<typename G::Move>& turn, const typename G::Position&) {
    out.push_back(turn);
    return false;
  };
  for_each_turn<G>(pos, pos, prefix, keep);
}
}  // namespace detail

// Every legal turn (ignoring repetition rules), in the game's order.
template <class G>
void legal_turns(const typename G::Position& pos, std::vector<std::vector<typename G::Move>>& out) {
  out.clear();
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(pos) != Outcome::Ongoing) return;
  }
  if constexpr (requires { G::legal_turns(pos, out); }) {
    G::legal_turns(pos, out);
  } else if constexpr (multi_move_turns<G>()) {
    detail::enumerate_turns<G>(pos, out);
  } else {
    auto moves = move_list<G>();
    const int n = G::legal_moves(pos, moves.data());
    for (int i = 0; i < n; ++i) out.push_back({moves[static_cast<std::size_t>(i)]});
  }
}

// At most `limit` playable turns (distinct resulting positions, none making
// a third repetition under IllegalThird), the first ones in move order.
// Cheap where legal_turns() is not: an Arimaa position has tens of
// thousands of turns, and a search only needs to know whether there are
// none, one (answer at once) or several.
template <class G>
std::vector<std::vector<typename G::Move>> sample_playable_turns(const typename G::Position& pos,
                                                                 const std::vector<std::uint64_t>& history,
                                                                 std::size_t limit) {
  std::vector<std::vector<typename G::Move>> out;
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(pos) != Outcome::Ongoing) return out;
  }
  std::vector<typename G::Move> prefix;
  std::vector<std::uint64_t> results;  // keys of the positions already reached
  auto keep = [&](const std::vector<typename G::Move>& turn, const typename G::Position& end) {
    const std::uint64_t key = G::key(end);
    const bool repeats = repetition_rule<G>() == RepetitionRule::IllegalThird &&
                         count_occurrences(history, repetition_key<G>(end)) >= 2;
    if (!repeats && std::find(results.begin(), results.end(), key) == results.end()) {
      results.push_back(key);
      out.push_back(turn);
    }
    return out.size() >= limit;
  };
  detail::for_each_turn<G>(pos, pos, prefix, keep);
  return out;
}

// Splits a line of moves into whole turns. The last group may be an
// unfinished turn; `complete` tells whether it ended.
template <class G>
std::vector<std::vector<typename G::Move>> split_turns(const typename G::Position& root,
                                                       const std::vector<typename G::Move>& line, bool& complete) {
  std::vector<std::vector<typename G::Move>> turns;
  auto start = root, now = root;
  complete = true;
  for (const auto& m : line) {
    if (complete) turns.emplace_back(), start = now;
    turns.back().push_back(m);
    now = G::play(now, m);
    complete = turn_over<G>(start, now);
  }
  return turns;
}

}  // namespace ludus
