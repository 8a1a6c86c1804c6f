// PlainSearcher<G>: the textbook fixed-depth alpha-beta of the seed theses
// (e.g. the hunt games' seed, L726-L760: MAX-VALOR / MIN-VALOR over the
// successors in generation order). No transposition table, no move
// ordering, no reductions or extensions, no quiescence, no exact solvers.
//
// Why it exists: the issues measure ludus against "the seed's approach at
// equal time". Giving the seed's evaluation ludus's own search (Searcher<G>)
// makes the seed play at a fraction of its real cost, and its late-move
// reductions make it something the seed never was. `setoption name Search
// value plain` plays the seed's algorithm itself, so that its time per move,
// and therefore the time an equal-time match gives ludus, is the seed's.
//
// With `go depth N` it searches exactly N plies; without a depth it deepens
// 1, 2, 3, ... until the clock says stop (each iteration a plain search), so
// that it still obeys every time control.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/search.h"

namespace ludus {

template <class G>
class PlainSearcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit PlainSearcher(SearchShared<G>& shared) : shared_(shared) { shared_.node_counters.push_back(&nodes_); }

  void set_history(std::vector<std::uint64_t> keys) { history_keys_ = std::move(keys); }

  void run(const Position& root, const std::function<void(const IterationReport<G>&)>& report) {
    rep_stack_ = history_keys_;
    Move* const moves = move_buffer(0);
    const int n = G::legal_moves(root, moves);
    std::vector<Move> root_moves;
    for (int i = 0; i < n; ++i)
      if (!illegal_repetition(root, moves[i])) root_moves.push_back(moves[i]);
    if (root_moves.empty()) return;
    best_ = {root_moves.front()};
    const int max_depth = shared_.limits.depth > 0 ? std::min(shared_.limits.depth, kMaxSearchPly - 1)
                                                   : kMaxSearchPly - 1;
    const Side us = G::side_to_move(root);
    // A fixed depth is searched once, as the seed does; otherwise deepen.
    for (int depth = shared_.limits.depth > 0 ? max_depth : 1; depth <= max_depth; ++depth) {
      Score alpha = -kInfinity;
      std::vector<Move> line;
      for (const Move m : root_moves) {
        const Position child = G::play(root, m);
        pv_len_[1] = 0;
        const Score s = child_value(child, G::side_to_move(child) == us, alpha, kInfinity, depth - 1, 1);
        if (stopped()) break;
        if (s > alpha) {
          alpha = s;
          line.assign(1, m);
          line.insert(line.end(), pv_[1], pv_[1] + pv_len_[1]);
        }
      }
      if (stopped() || line.empty()) break;  // an unfinished iteration is not trusted
      best_ = line;
      best_score_ = alpha;
      completed_depth_ = depth;
      shared_.first_iteration_done.store(true, std::memory_order_relaxed);
      if (report) {
        IterationReport<G> r;
        r.depth = r.seldepth = depth;
        r.score = alpha;
        r.nodes = nodes_.load(std::memory_order_relaxed);
        r.time_ms = shared_.time.elapsed_ms();
        r.pv = best_;
        report(r);
      }
      if (is_mate_score(alpha) || shared_.time.should_stop_iterating(1.0)) break;
    }
    while (shared_.unbounded.load() && !shared_.stop.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  const std::vector<Move>& best_line() const { return best_; }
  Score best_score() const { return best_score_; }
  int completed_depth() const { return completed_depth_; }
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

  void count_node() {
    const auto n = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(n, std::memory_order_relaxed);
    if ((n & 1023) == 0 && !shared_.unbounded.load(std::memory_order_relaxed) &&
        (shared_.out_of_time() || (shared_.limits.nodes > 0 && n >= shared_.limits.nodes)))
      shared_.stop.store(true, std::memory_order_relaxed);
  }

  // The side changes only when a turn ends (Arimaa steps, Linja sub-moves).
  Score child_value(const Position& child, bool same_side, Score alpha, Score beta, int depth, int ply) {
    if (same_side) return search(child, alpha, beta, depth, ply);
    if constexpr (repetition_rule<G>() != RepetitionRule::None) {
      rep_stack_.push_back(repetition_key<G>(child));
      const Score s = -search(child, -beta, -alpha, depth, ply);
      rep_stack_.pop_back();
      return s;
    }
    return -search(child, -beta, -alpha, depth, ply);
  }

  bool illegal_repetition(const Position& pos, Move m) const { return repeats_third_time<G>(rep_stack_, pos, m); }

  // Negamax form of MAX-VALOR / MIN-VALOR: terminal test, horizon, then the
  // successors in generation order with the alpha-beta cut.
  Score search(const Position& pos, Score alpha, Score beta, int depth, int ply) {
    pv_len_[ply] = 0;
    count_node();
    if (stopped()) return 0;
    if constexpr (ends_with_moves_left<G>()) {
      if (G::outcome(pos) != Outcome::Ongoing) return G::terminal_score(pos, ply);
    }
    Move* const moves = move_buffer(ply);
    const int n = G::legal_moves(pos, moves);
    if (n == 0) return G::terminal_score(pos, ply);
    if (drawn_by_third_time<G>(rep_stack_, pos)) return 0;
    if (depth <= 0 || ply >= kMaxSearchPly - 1) return G::evaluate(pos, *shared_.config);
    const Side us = G::side_to_move(pos);
    Score best = -kInfinity;
    for (int i = 0; i < n; ++i) {
      if (illegal_repetition(pos, moves[i])) continue;
      const Position child = G::play(pos, moves[i]);
      const Score s = child_value(child, G::side_to_move(child) == us, alpha, beta, depth - 1, ply + 1);
      if (stopped()) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          pv_[ply][0] = moves[i];
          std::copy(pv_[ply + 1], pv_[ply + 1] + pv_len_[ply + 1], pv_[ply] + 1);
          pv_len_[ply] = std::min(pv_len_[ply + 1] + 1, kMaxSearchPly - 1);
          if (s >= beta) break;
        }
      }
    }
    return best == -kInfinity ? mated_in(ply) : best;  // -inf: every move repeats a third time
  }

  Move* move_buffer(int ply) {
    auto& b = move_buffers_[static_cast<std::size_t>(ply)];
    if (!b) b = std::make_unique_for_overwrite<Move[]>(static_cast<std::size_t>(G::kMaxMoves));
    return b.get();
  }

  SearchShared<G>& shared_;
  std::atomic<std::uint64_t> nodes_{0};
  std::vector<std::uint64_t> history_keys_;
  std::vector<std::uint64_t> rep_stack_;
  std::vector<Move> best_;
  Score best_score_ = 0;
  int completed_depth_ = 0;
  Move pv_[kMaxSearchPly + 1][kMaxSearchPly + 1];
  int pv_len_[kMaxSearchPly + 1] = {};
  std::array<std::unique_ptr<Move[]>, kMaxSearchPly + 1> move_buffers_;
};

}  // namespace ludus
