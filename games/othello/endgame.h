// Exact endgame solver for Othello: negamax alpha-beta on the final score
// (rules 6.3) with the usual tricks of strong solvers:
//  - null-window searches (PVS) everywhere except on the principal variation;
//  - a transposition table (exact bounds, with best move) above a few empties,
//    plus enhanced transposition cutoffs near the root of big searches;
//  - move ordering: hash move, then "fastest first" (fewest opponent replies,
//    corners counted double, wipeouts first) with potential-mobility and
//    parity tie-breaks; with few empties, odd quadrants first (parity);
//  - stability cutoff: the opponent's stable discs bound our best score;
//  - hand-written code for the last 1-4 empties (the last move's flips are
//    counted, never played); passes and finished games scored exactly.
// Internally scores are in discs; the public entry points of the engine's
// Solver hook use centi-discs like Othello::terminal_score.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/busy_table.h"
#include "engine/types.h"
#include "games/othello/board.h"

namespace ludus::othello {

namespace patterns {
class PatternWeights;
}

class EndgameSolver {
 public:
  // `mb`: size of the solver's own transposition table in MiB (at least 1).
  explicit EndgameSolver(std::size_t mb = 16);

  // Forgets all stored results (of the shared table, see share_table).
  void clear();

  // Makes this solver use `main`'s table instead of its own: the threads of
  // one search then share their endgame results as they share the midgame
  // table (Lazy SMP, engine/game_concept.h). Each entry is written and read
  // without locks, checked against its own contents, so that an entry torn
  // by two threads writing at once reads as a miss, never as a wrong bound.
  // Called before the threads start.
  void share_table(EndgameSolver& main) {
    if (!main.table_->busy) main.table_->busy = std::make_unique<BusyTable>();
    table_ = main.table_;
  }

  // Exact final score of `b` for the side to move, x100, fail-soft within
  // (alpha, beta): a result <= alpha is an upper bound, >= beta a lower
  // bound, anything in between exact. `nodes` is increased by the nodes
  // visited. If `stop` becomes true the search returns soon with a
  // meaningless value (the caller must discard it).
  Score solve(const Board& b, Score alpha, Score beta, const std::atomic<bool>& stop, std::uint64_t& nodes);

  struct RootResult {
    Move best;        // an optimal move; kPass if forced; kNoMove if game over
    int score_discs;  // exact final score for the side to move (rules 6.3)
  };
  // The nodes of the solve in progress (updated every few thousand nodes;
  // 0 between solves), read by the search's progress reports.
  std::atomic<std::uint64_t>* live_node_counter() { return &live_nodes_; }

  // Exact value and a best move of `b` (for tools and tests).
  RootResult solve_root(const Board& b, const std::atomic<bool>& stop, std::uint64_t& nodes);

  // The line of best moves from `b` as far as the table knows it (each
  // position's stored move, passes included), after `b` was solved.
  // Returns its length (at most max_len).
  int pv_line(const Board& b, Move* out, int max_len) const;

  // True if the last solve was interrupted by `stop`.
  bool aborted() const { return aborted_; }

  // Selective solves (End-ProbCut, as in Zebra and Edax): at level k in
  // 1..kSelectiveLevels a null-window node far enough from the end is cut
  // when a shallow search of the pattern evaluation predicts the result
  // beyond the window by kCutConfidence[k] standard errors of that
  // prediction (measured against exact values); level 0 solves exactly.
  // A selective result is probably right, never proven: the table marks
  // every result with the level it came from, and a search trusts only
  // bounds from its own level or a surer one (exact results serve all).
  static constexpr int kSelectiveLevels = 4;
  // The first level proves a position of up to this many more empties than
  // an exact solve in the same time (24 empties: about 30 ms, as an exact
  // solve of 17). One more (25 empties at 250 ms, two levels) loses more
  // results than the midgame search (docs/games/othello.md).
  static constexpr int kSelectiveReach = 7;
  void set_selectivity(int level) { selectivity_ = level; }

 private:
  // What the table knows of a position.
  struct Entry {
    std::int8_t lower = -64;  // bounds of the exact score, in discs
    std::int8_t upper = 64;
    std::uint8_t move = kNoSquare;
    std::uint8_t empties = 0;  // replacement priority: bigger subtrees stay; 0 = empty slot
    std::uint8_t sureness = 0;  // the level's reliability (kExactSureness for an exact solve)
  };
  // How sure the current search's results are: selective levels in order
  // of their confidence, an exact solve above them all.
  static constexpr std::uint8_t kExactSureness = kSelectiveLevels + 1;
  std::uint8_t sureness() const {
    return selectivity_ == 0 ? kExactSureness : static_cast<std::uint8_t>(selectivity_);
  }
  // An entry as stored: the position's two bitboards each xor-ed with a
  // spread of the packed entry, so that a slot whose words come from two
  // different writes fails the check (lockless hashing, as in Crafty).
  struct Slot {
    std::atomic<std::uint64_t> p{0}, o{0}, data{0};
  };
  // Two slots per 64-byte bucket: one cache line per probe.
  struct alignas(64) Bucket {
    Slot s[2];
  };
  struct Table {
    std::unique_ptr<Bucket[]> buckets;
    std::size_t mask = 0;
    // The positions the threads sharing the table are searching, so that
    // they split a node's moves; made by share_table (null for one thread).
    std::unique_ptr<BusyTable> busy;
  };

  Bucket& bucket(Bitboard P, Bitboard O) const;
  static bool read_slot(const Slot& s, Bitboard P, Bitboard O, Entry& out);
  // The entry of (P, O); its bounds are widened to (-64, 64) (the move
  // kept) when they come from a less sure search than the current one.
  bool probe(Bitboard P, Bitboard O, Entry& out) const;
  // End-ProbCut at a null-window node: the fail-soft bound it proves at
  // the current selectivity, or kNoCut.
  int selective_cut(Bitboard P, Bitboard O, int alpha, int n) const;
  void store(Bitboard P, Bitboard O, int empties, int alpha, int beta, int score, int move);

  void begin(const std::atomic<bool>& stop);
  bool poll();

  int pvs(Bitboard P, Bitboard O, int alpha, int beta, int n);
  int nws(Bitboard P, Bitboard O, int alpha, int n);
  int nws_shallow(Bitboard P, Bitboard O, int alpha, const std::uint8_t* empties, int n, unsigned parity);
  int solve4(Bitboard P, Bitboard O, int alpha, const std::uint8_t* sq, unsigned parity);
  int solve3(Bitboard P, Bitboard O, int alpha, int x1, int x2, int x3);
  int solve2(Bitboard P, Bitboard O, int alpha, int x1, int x2);
  int solve1(Bitboard P, int x);
  int search_child(Bitboard P, Bitboard O, int alpha, int n);  // dispatch on n
  struct MoveItem;
  int order_moves(Bitboard P, Bitboard O, Bitboard moves, int tt_move, int n, MoveItem* list) const;

  // The evaluation that orders moves far from the end (and the root's
  // first guess): the shipped pattern weights, or null for the ludus one.
  std::shared_ptr<const patterns::PatternWeights> order_weights_;
  int order_eval(Bitboard P, Bitboard O) const;
  int mid_search(Bitboard P, Bitboard O, int alpha, int beta, int depth) const;

  std::shared_ptr<Table> table_;  // shared with the other threads' solvers
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  int selectivity_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = 0;
  // nodes_ of the solve in progress, as of the last poll, for reports made
  // from another thread (a solve of 26 empties takes minutes); 0 between solves.
  std::atomic<std::uint64_t> live_nodes_{0};
};

}  // namespace ludus::othello
