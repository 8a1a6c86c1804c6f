// Exact win/draw/loss solver for the end of a Linja game.
//
// Pieces of a colour are indistinguishable, so the states left near the end
// are few and transpose heavily: a negamax over the three values
// {loss, draw, win} with its own table of bounds (valid forever: an exact
// game-theoretic value does not depend on depth) settles the game to its
// very end. The midgame search hands a node to the solver when its remaining
// depth reaches exact_depth() (engine/search.h).
//
// Score units: a proven win is +kSolvedWin, a loss -kSolvedWin, a draw 0.
// kSolvedWin is just below the engine's mate range: the solver proves the
// result, not its distance, so it cannot return a "mate in n" (search scores
// are relative to the root, and a solved node does not know its ply).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/busy_table.h"
#include "engine/types.h"
#include "games/linja/board.h"
#include "games/linja/features.h"
#include "games/linja/movegen.h"

namespace ludus::linja {


// Static move-ordering prior, larger first: second moves that earn the extra
// turn, first moves that buy many movement points, pieces reaching the
// scoring rows.
int move_prior(const Position& p, Move m);

class Solver {
 public:
  static constexpr Score kSolvedWin = 30000;
  // Positions with remaining_distance <= kEasyDistance are solved at any
  // remaining depth; each extra ply of depth allows one more row.
  static constexpr int kEasyDistance = 24;

  explicit Solver(std::size_t mib);
  void clear();
  // Use `main`'s table instead of this solver's own: the threads of one
  // search share their results (engine/game_concept.h). Entries are read
  // and written without locks, each checked against its own contents, so a
  // torn entry reads as a miss. Called before the threads start.
  void share_table(Solver& main) {
    if (!main.table_->busy) main.table_->busy = std::make_unique<BusyTable>();
    table_ = main.table_;
  }

  // Fail-soft: the exact value if it lies inside (alpha, beta), else a bound
  // on the right side. Returns 0 (and stores nothing) when `stop` is raised.
  Score solve(const Position& p, Score alpha, Score beta, const std::atomic<bool>& stop, std::uint64_t& nodes);

  // Tools only: give up (like `stop`) after this many nodes; 0 = no limit.
  std::uint64_t node_limit = 0;
  // Did the last solve() give up (stop or node_limit)?
  bool aborted() const { return aborted_; }

  // The remaining search depth at which a node is handed to the solver.
  static int exact_depth(const Position& p) {
    const int d = remaining_distance(p) - kEasyDistance;
    return d > 0 ? d : 0;
  }

  // Win/draw/loss (+1/0/-1) of a finished game for the side to move.
  static int final_value(const Position& p);

  // The line the solver proves from `p`, a position it has just solved
  // (engine/game_concept.h, optional Solver::pv_line): sub-moves that keep
  // the exact value, to the end of the turn after the current one, at most
  // `max_len`. This matters beyond `info ... pv`: the search often hands a
  // node to the solver in the middle of the root's turn, and `bestmove` plays
  // the whole turn of the principal variation; without this line the rest of
  // the turn would be completed with arbitrary legal sub-moves. Returns the
  // length written (shorter when `stop` is raised).
  int pv_line(const Position& p, Move* out, int max_len);

 private:
  struct Entry {
    std::int8_t lower = -1, upper = 1;  // bounds of the value, side to move's view
    std::uint8_t move = 0;              // index+1 of the best sub-move, 0 = none
  };
  // An entry as stored: the key xor-ed with a spread of the packed entry
  // (lockless hashing: words of two different writes fail the check).
  struct Slot {
    std::atomic<std::uint64_t> check{0}, data{0};
  };
  struct Table {
    std::unique_ptr<Slot[]> slots;
    std::size_t mask = 0;
    // The positions the threads sharing the table are searching, so that
    // they split a node's moves; made by share_table (null for one thread).
    std::unique_ptr<BusyTable> busy;
  };
  bool probe(std::uint64_t key, Entry& out) const;
  void store(std::uint64_t key, const Entry& e);
  int search(const Position& p, int alpha, int beta) { return search(p, hash_key(p), alpha, beta); }
  int search(const Position& p, std::uint64_t key, int alpha, int beta);

  std::shared_ptr<Table> table_;  // shared with the other threads' solvers
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace ludus::linja
