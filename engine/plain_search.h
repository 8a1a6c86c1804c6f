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
//
// `Search plain-fast` (fast = true) gives the same move and score as the
// textbook search, found with a transposition table and move ordering: the
// exact minimax value V at the depth first, then the first root move in
// generation order whose value reaches V (null-window tests). The seed's
// fox-geese geese then search about a quarter of the nodes at depth 9, so a
// match against it can be screened in a fraction of the time; its time per
// move is not the seed's, so equal-time figures of record stay with `plain`.
// Only for games where a position's value depends on the position alone (no
// repetition rule) and a turn is one move (a table cut-off leaves no line to
// complete a turn); elsewhere it plays the textbook search.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/pv_table.h"
#include "engine/search.h"
#include "engine/turns.h"

namespace ludus {

template <class G>
class PlainSearcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit PlainSearcher(SearchShared<G>& shared, bool fast = false)
      : shared_(shared), fast_(fast && fast_supported()) {
    shared_.node_counters.push_back(&nodes_);
  }

  static constexpr bool fast_supported() {
    return repetition_rule<G>() == RepetitionRule::None && !multi_move_turns<G>();
  }

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
    for (int depth = shared_.limits.depth > 0 && !fast_ ? max_depth : 1; depth <= max_depth; ++depth) {
      shared_.iteration.store(depth, std::memory_order_relaxed);
      Score alpha = -kInfinity;
      std::vector<Move> line;
      if (fast_) {
        line = fast_root(root, root_moves, depth, alpha);
        // Below a fixed depth, iterations only order the moves of the next.
        if (shared_.limits.depth > 0 && depth < max_depth && !stopped()) {
          if (!line.empty()) best_ = line;
          continue;
        }
      } else {
        for (const Move m : root_moves) {
          const Position child = G::play(root, m);
          pv_.clear(1);
          const Score s = child_value(child, G::side_to_move(child) == us, alpha, kInfinity, depth - 1, 1);
          if (stopped()) break;
          if (s > alpha) {
            alpha = s;
            line.assign(1, m);
            line.insert(line.end(), pv_.begin(1), pv_.end(1));
          }
        }
      }
      if (stopped() || line.empty()) break;  // an unfinished iteration is not trusted
      best_ = line;
      best_score_ = alpha;
      completed_depth_ = depth;
      shared_.first_iteration_done.store(true, std::memory_order_relaxed);
      shared_.publish_best(depth, depth, alpha, best_);
      if (report) {
        IterationReport<G> r;
        r.depth = r.seldepth = depth;
        r.score = alpha;
        r.nodes = nodes_.load(std::memory_order_relaxed);
        r.time_ms = shared_.time.elapsed_ms();
        r.pv = best_;
        report(r);
        shared_.last_report_ms.store(r.time_ms, std::memory_order_relaxed);
        shared_.reported_version.store(shared_.best_so_far().version, std::memory_order_relaxed);
        shared_.progress_since_report.store(false, std::memory_order_relaxed);
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

  // A node's start, the same in both searches: the terminal test, the
  // repetition draw and the horizon. A leaf's score, or nothing after the
  // node's n moves were generated into move_buffer(ply).
  std::optional<Score> leaf_value(const Position& pos, int depth, int ply, int& n) {
    pv_.clear(ply);
    count_node();
    if (stopped()) return 0;
    if constexpr (ends_with_moves_left<G>()) {
      if (G::outcome(pos) != Outcome::Ongoing) return G::terminal_score(pos, ply);
    }
    n = G::legal_moves(pos, move_buffer(ply));
    if (n == 0) return G::terminal_score(pos, ply);
    if (drawn_by_third_time<G>(rep_stack_, pos)) return 0;
    if (depth <= 0 || ply >= kMaxSearchPly - 1) return G::evaluate(pos, *shared_.config);
    return std::nullopt;
  }

  // Negamax form of MAX-VALOR / MIN-VALOR: terminal test, horizon, then the
  // successors in generation order with the alpha-beta cut.
  Score search(const Position& pos, Score alpha, Score beta, int depth, int ply) {
    int n = 0;
    if (const auto leaf = leaf_value(pos, depth, ply, n)) return *leaf;
    Move* const moves = move_buffer(ply);
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
          pv_.update(ply, moves[i]);
          if (s >= beta) break;
        }
      }
    }
    return best == -kInfinity ? mated_in(ply) : best;  // -inf: every move repeats a third time
  }

  // ---- plain-fast: the same value and move, with a table and ordering ----

  // The root at `depth`: V = the best value, then the first move in
  // generation order whose value reaches V. Sets alpha to V; returns the
  // chosen move and the line below it (possibly cut short by the table).
  std::vector<Move> fast_root(const Position& root, const std::vector<Move>& root_moves, int depth, Score& alpha) {
    // The previous iteration's move first, then the game's ordering.
    std::vector<Move> ordered = root_moves;
    ordering_->order(root, ordered.data(), static_cast<int>(ordered.size()), 0, 0);
    if (!best_.empty()) {
      const auto it = std::find(ordered.begin(), ordered.end(), best_.front());
      if (it != ordered.end()) std::rotate(ordered.begin(), it, it + 1);
    }
    Score v = -kInfinity;
    for (const Move m : ordered) {
      const Position child = G::play(root, m);
      Score s = v == -kInfinity ? child_fast(child, root, v, kInfinity, depth - 1, 1)
                                : child_fast(child, root, v, v + 1, depth - 1, 1);
      if (s > v && v != -kInfinity && !stopped()) s = child_fast(child, root, v, kInfinity, depth - 1, 1);
      if (stopped()) return {};
      v = std::max(v, s);
    }
    for (const Move m : root_moves) {
      const Position child = G::play(root, m);
      pv_.clear(1);
      if (child_fast(child, root, v - 1, v, depth - 1, 1) < v) continue;
      if (stopped()) return {};
      // Its exact value is V: search it with an open window for its line.
      pv_.clear(1);
      child_fast(child, root, v - 1, v + 1, depth - 1, 1);
      if (stopped()) return {};
      alpha = v;
      std::vector<Move> line{m};
      line.insert(line.end(), pv_.begin(1), pv_.end(1));
      return line;
    }
    return {};  // unreachable: some move has the value V
  }

  Score child_fast(const Position& child, const Position& parent, Score alpha, Score beta, int depth, int ply) {
    if (G::side_to_move(child) == G::side_to_move(parent)) return search_fast(child, alpha, beta, depth, ply);
    return -search_fast(child, -beta, -alpha, depth, ply);
  }

  // Not the engine's TranspositionTable: that one keeps one bound and checks
  // 32 bits of the key, fine for hints; here a wrong hit would change the
  // move played, so entries keep the whole key and both bounds.
  struct Entry {
    std::uint64_t key = 0;
    Score lower = -kInfinity, upper = kInfinity;  // bounds on the value at `depth`, relative to the node
    int depth = -1;
    std::uint16_t best = 0;  // packed best move, for ordering only
  };
  static constexpr std::size_t kTableSize = std::size_t{1} << 18;  // entries (6 MiB), always replaced

  // search() with a transposition table, principal-variation windows and
  // the engine search's move ordering. None of them changes a value: a node's value at
  // a given depth is a function of the position (no repetition rule), so an
  // entry of the same key and depth bounds it exactly; entries of other
  // depths only order the moves.
  Score search_fast(const Position& pos, Score alpha, Score beta, int depth, int ply) {
    int n = 0;
    if (const auto leaf = leaf_value(pos, depth, ply, n)) return *leaf;
    Move* const moves = move_buffer(ply);
    const std::uint64_t key = G::key(pos);
    Entry& e = table_[key & (kTableSize - 1)];
    std::uint16_t first = 0;
    if (e.key == key) {
      first = e.best;
      if (e.depth == depth) {
        const Score lo = score_from_tt(e.lower, ply), hi = score_from_tt(e.upper, ply);
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
      }
    }
    ordering_->order(pos, moves, n, first, ply);
    const Score alpha0 = alpha;
    Score best = -kInfinity;
    std::uint16_t best_move = 0;
    for (int i = 0; i < n; ++i) {
      const Position child = G::play(pos, moves[i]);
      Score s;
      if (i > 0 && beta - alpha > 1) {  // a later move: first prove it beats alpha
        s = child_fast(child, pos, alpha, alpha + 1, depth - 1, ply + 1);
        if (s > alpha && s < beta && !stopped()) s = child_fast(child, pos, alpha, beta, depth - 1, ply + 1);
      } else {
        s = child_fast(child, pos, alpha, beta, depth - 1, ply + 1);
      }
      if (stopped()) return 0;
      if (s > best) {
        best = s;
        best_move = G::pack(moves[i]);
        if (s > alpha) {
          alpha = s;
          pv_.update(ply, moves[i]);
          if (s >= beta) {
            ordering_->record_cutoff(moves[i], ply, depth);
            break;
          }
        }
      }
    }
    if (e.key != key || e.depth != depth) e = Entry{key, -kInfinity, kInfinity, depth, 0};
    if (best > alpha0) e.lower = std::max(e.lower, score_to_tt(best, ply));
    if (best < beta) e.upper = std::min(e.upper, score_to_tt(best, ply));
    e.best = best_move;
    return best;
  }

  Move* move_buffer(int ply) {
    auto& b = move_buffers_[static_cast<std::size_t>(ply)];
    if (!b) b = std::make_unique_for_overwrite<Move[]>(static_cast<std::size_t>(G::kMaxMoves));
    return b.get();
  }

  SearchShared<G>& shared_;
  const bool fast_;
  // plain-fast only:
  std::vector<Entry> table_ = std::vector<Entry>(fast_ ? kTableSize : 0);
  // The engine's search's ordering (hash move, killers, history, the game's
  // prior), on the heap: 256 KiB of history that plain never uses.
  std::unique_ptr<MoveOrdering<G>> ordering_ = fast_ ? std::make_unique<MoveOrdering<G>>() : nullptr;
  std::atomic<std::uint64_t> nodes_{0};
  std::vector<std::uint64_t> history_keys_;
  std::vector<std::uint64_t> rep_stack_;
  std::vector<Move> best_;
  Score best_score_ = 0;
  int completed_depth_ = 0;
  PvTable<Move> pv_;
  std::array<std::unique_ptr<Move[]>, kMaxSearchPly + 1> move_buffers_;
};

}  // namespace ludus
