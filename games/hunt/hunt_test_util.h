// Helpers for the hunt games' unit tests (games/*/<game>_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/perft.h"
#include "games/hunt/rules.h"

namespace ludus::hunt::test {

template <class G>
typename G::Position fen(std::string_view s) {
  typename G::Position p;
  const Status st = G::parse_fen(s, p, typename G::Config{});
  INFO("FEN: ", s, " error: ", st.error);
  REQUIRE(st);
  return p;
}

template <class G>
bool fen_ok(std::string_view s) {
  typename G::Position p;
  return static_cast<bool>(G::parse_fen(s, p, typename G::Config{}));
}

// The legal move tokens, space-separated, in the engine's order.
template <class G>
std::string moves(const typename G::Position& p) {
  std::vector<typename G::Move> list(static_cast<std::size_t>(G::kMaxMoves));
  const int n = G::legal_moves(p, list.data());
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + G::move_to_string(list[static_cast<std::size_t>(i)]);
  return s;
}

template <class G>
int move_count(const typename G::Position& p) {
  std::vector<typename G::Move> list(static_cast<std::size_t>(G::kMaxMoves));
  return G::legal_moves(p, list.data());
}

template <class G>
std::string result(const typename G::Position& p) {
  return std::string(outcome_word(G::outcome(p)));
}

// Plays space-separated tokens; every one must parse.
template <class G>
typename G::Position play(typename G::Position p, std::string_view tokens) {
  std::istringstream in{std::string(tokens)};
  std::string t;
  while (in >> t) {
    typename G::Move m;
    const Status st = G::parse_move(p, t, m);
    INFO("move ", t, " on ", G::to_fen(p), ": ", st.error);
    REQUIRE(st);
    p = G::play(p, m);
  }
  return p;
}

// Parses one token; returns the canonical token or "" when rejected.
template <class G>
std::string parse(const typename G::Position& p, std::string_view token) {
  typename G::Move m;
  const Status st = G::parse_move(p, token, m);
  return st ? G::move_to_string(m) : std::string();
}

// Perft (positions at exactly depth d; finished games have no moves), with
// memoisation on (position, depth) so deep tables stay fast; `leaf` counts
// only the leaves for which it holds.
template <class G>
class MemoPerft {
 public:
  explicit MemoPerft(std::function<bool(const typename G::Position&)> leaf = nullptr) : leaf_(std::move(leaf)) {}
  std::uint64_t operator()(const typename G::Position& p, int depth) {
    if (depth == 0) return !leaf_ || leaf_(p) ? 1 : 0;
    if (G::outcome(p) != Outcome::Ongoing) return 0;
    if (static_cast<int>(memo_.size()) <= depth) {
      memo_.resize(static_cast<std::size_t>(depth) + 1);
      bufs_.resize(static_cast<std::size_t>(depth) + 1);
    }
    auto& m = memo_[static_cast<std::size_t>(depth)];
    const std::uint64_t k = G::key(p);
    if (depth >= 2)
      if (auto it = m.find(k); it != m.end()) return it->second;
    auto& list = bufs_[static_cast<std::size_t>(depth)];
    if (list.empty()) list.resize(static_cast<std::size_t>(G::kMaxMoves));
    const int n = G::legal_moves(p, list.data());
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) total += (*this)(G::play(p, list[static_cast<std::size_t>(i)]), depth - 1);
    if (depth >= 2) m.emplace(k, total);
    return total;
  }

 private:
  std::function<bool(const typename G::Position&)> leaf_;
  std::vector<std::unordered_map<std::uint64_t, std::uint64_t>> memo_;
  std::vector<std::vector<typename G::Move>> bufs_;
};

}  // namespace ludus::hunt::test
