// Exact solution of hunt-game positions by retrograde analysis (backward
// induction over the whole state space), shared by the three games.
//
// The state space of one hunter count k is every (hunter set, prey point,
// side to move, stall counter); the tables hold, for every valid position
// (one the FEN rules accept), the game-theoretic result for the side to move
// and the number of plies to the end under perfect play (the winner ends the
// game as fast as possible, the loser as late as possible).
//
// No hunt game has cycles: every hunter move either advances (the sum of the
// hunters' progress coordinates grows) or, under the stall rule, raises the
// stall counter; prey moves change neither, and a fox capture lowers the
// hunter count. So the states are solved level by level, from the most
// advanced hunters and highest stall counter down, hunters-to-move before
// prey-to-move within a level, smaller hunter counts first: every successor
// is already solved when a state is visited. That is retrograde analysis in
// its simplest form, with no unknown states and no iteration to a fixpoint.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/types.h"
#include "games/hunt/rules.h"

namespace ludus::hunt {

class Tablebase {
 public:
  // The value of a position for the side to move.
  struct Value {
    bool win = false;
    int plies = 0;  // to the end of the game under perfect play
  };
  struct Stats {
    int hunters = 0;            // hunter count of this table
    std::uint64_t indexed = 0;  // size of the index space
    std::uint64_t valid = 0;    // positions the FEN rules accept
    std::uint64_t terminal = 0;
    std::uint64_t prey_wins = 0;  // valid positions won by the prey's player
    int longest = 0;            // largest plies-to-end over valid positions
  };

  // Solves every valid position of `rules` with kmin..kmax hunters (captures
  // need every smaller count: kmin must be 0 for a game with captures).
  // `abort` (optional) stops the build early; the tables are then unusable.
  Tablebase(const Rules& rules, int kmin, int kmax, const std::atomic<bool>* abort = nullptr);

  bool covers(const Pos& p) const {
    const int k = popcount(p.hunters);
    return complete_ && k >= kmin_ && k <= kmax_;
  }
  // nullopt for positions outside the tables or invalid ones.
  std::optional<Value> probe(const Pos& p) const;

  // Perfect play from `p`: the moves the solver plays for both sides (fastest
  // win, slowest loss, first in listing order among equals).
  std::vector<Move> principal_line(Pos p) const;
  // The best move of `p` per principal_line; false if the game is over.
  bool best_move(const Pos& p, Move& m) const;

  // Number of distinct positions reachable from `start` by legal play.
  std::uint64_t reachable_from(const Pos& start) const;

  const std::vector<Stats>& stats() const { return stats_; }
  double build_seconds() const { return seconds_; }
  bool complete() const { return complete_; }
  std::size_t memory_bytes() const;

 private:
  std::uint64_t rank(std::uint64_t hunters) const;
  std::uint64_t index(const Pos& p) const;  // within the table of its hunter count
  std::int16_t raw(const Pos& p) const;
  void build_table(int k, const std::atomic<bool>* abort);

  const Rules& rules_;
  int kmin_, kmax_;
  int n_;       // points
  int stalls_;  // stall counter values: 11 with the stall rule, else 1
  std::vector<std::vector<std::int16_t>> tables_;  // [k - kmin]; +(d+1) win in d, -(d+1) loss in d, 0 invalid
  std::vector<Stats> stats_;
  std::uint64_t binom_[kMaxPoints + 1][kMaxJumps + 2] = {};
  double seconds_ = 0;
  bool complete_ = false;
};

// The solved tables of mouse-cats (4 cats) and hare-hounds (3 hounds), built
// on first use (thread-safe) and kept for the life of the process.
const Tablebase& mouse_cats_tablebase();
const Tablebase& hare_hounds_tablebase();

// Mate score of a table value at `ply` plies from the search root.
inline Score table_score(const Tablebase::Value& v, int ply) {
  return v.win ? mate_in(ply + v.plies) : mated_in(ply + v.plies);
}

}  // namespace ludus::hunt
