// `Evaluator=pattern`: a learned n-tuple ("pattern") evaluation of Othello
// positions, in the style of Logistello (Buro 1997) and Edax.
//
// The value of a position is the sum, over 46 pattern instances, of one
// learned weight per configuration of the instance's squares (each square
// empty, own or opponent's, from the side to move's view: a base-3 index),
// plus two global terms (parity, mobility difference), with one weight set
// per game stage. Units: 100 = one disc of final margin for the side to
// move, the scale of the exact endgame scores (Othello::terminal_score).
//
// The pattern set is Logistello's (M. Buro, "Experiments with Multi-ProbCut
// and a new high-quality evaluation function for Othello", 1997), which Edax
// keeps almost unchanged; both programs publish it and its value is
// established: the edges, corners and lines are where Othello's structure
// lives, and the set covers every square of the board several times.
//
//   kind       squares  instances  what it sees
//   corner3x3     9        4       corner regions: who can take / holds a corner
//   edge2x       10        4       an edge plus its two X-squares (edge fights,
//                                  X-square danger while the corner is empty)
//   corner2x5    10        8       a corner with the next 4 edge squares and
//                                  the row behind them (both orientations)
//   row2/3/4      8     4 each     the lines at distance 1, 2, 3 from an edge
//                                  (mobility and frontier in the midgame)
//   diag8         8        2       the two main diagonals
//   diag7..4    7..4    4 each     the shorter diagonals
//
// Symmetric instances share one weight table per kind: instance k of a kind
// is the kind's base instance (squares listed in patterns.cpp, near a1)
// moved by one of the 8 board symmetries, its digits in the moved order, so
// a position and its mirror image read the same configurations. A kind
// whose square set is mapped onto itself by a symmetry (every kind but
// corner2x5: the 3x3 corner by the reflection on its diagonal, an edge or a
// line by the mirror that reverses it, a diagonal by the reflection across
// the other diagonal) has pairs of configurations that are mirror images of
// each other; the two share one weight ("folding", Edax's packed weights),
// which both halves the table and makes the evaluation exactly invariant
// under the 8 symmetries.
//
// Stages: one weight set per 4 empty squares (stage = empties / 4, 16
// stages, Logistello's 4-disc stages). Narrower stages follow the game more
// closely but divide the training data: with 2 empties per stage each
// weight sees half the positions. The parity term separates the odd and
// even empties that a 4-empty stage mixes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/types.h"
#include "games/othello/board.h"

namespace ludus::othello::patterns {

enum Kind : int {
  kCorner3x3,
  kEdge2X,
  kCorner2x5,
  kRow2,
  kRow3,
  kRow4,
  kDiag8,
  kDiag7,
  kDiag6,
  kDiag5,
  kDiag4,
  kNumKinds
};

// Identifies the pattern set, its order of weights, the stages and the
// global terms in the weight file (patterns_file.h). Change it with any of
// them.
inline constexpr std::uint32_t kPatternSetId = 1;

inline constexpr int kNumInstances = 46;
inline constexpr int kEmptiesPerStage = 4;
inline constexpr int kNumStages = 16;  // empties 0..63
inline constexpr int stage_of(int empties) { return (empties < 0 ? 0 : empties > 63 ? 63 : empties) / kEmptiesPerStage; }

// Global terms after the pattern weights of a stage, in this order.
enum Global : int {
  kGParity,    // +1 with an odd number of empties (the side to move gets the last move), -1 even
  kGMobility,  // own legal placements minus the opponent's
  kNumGlobals
};

struct KindInfo {
  const char* name;
  int squares;
  int instances;
  int raw_size;     // 3^squares
  int packed_size;  // configurations after folding mirror images
};
const KindInfo& kind_info(int kind);

// Kind of instance i (instances are numbered kind by kind).
int instance_kind(int i);
// Squares of instance i, digit 0 first: the raw index is sum of 3^j * cell
// of squares[j], cell 0 empty, 1 own, 2 opponent.
const std::vector<int>& instance_squares(int i);

// Offsets of a kind's block in a stage: raw (the unpacked table the
// evaluation reads) and packed (the trainer's parameters and the file).
int raw_offset(int kind);
int packed_offset(int kind);
inline constexpr int kRawPerStage = 19683 + 2 * 59049 + 4 * 6561 + 2187 + 729 + 243 + 81;  // 167265
inline constexpr int kPackedPerStage = 10206 + 29646 + 59049 + 4 * 3321 + 1134 + 378 + 135 + 45;  // 113877
// Parameters of one stage: the packed pattern weights, then the globals.
inline constexpr int kWeightsPerStage = kPackedPerStage + kNumGlobals;

// The raw index (0 .. 3^squares - 1) of every instance, from bitboards.
void raw_indexes(Bitboard own, Bitboard opp, std::uint16_t* out);
// The same by reading instance_squares() one by one (the reference for
// tests; slow).
void raw_indexes_slow(Bitboard own, Bitboard opp, std::uint16_t* out);
// A raw index of `kind` -> its packed index (0 .. packed_size - 1); mirror
// images get the same packed index.
int packed_index(int kind, int raw);

struct GlobalTerms {
  int parity = 0;
  int mobility = 0;
};
GlobalTerms global_terms(const Board& b);

struct Indexes;

// The loaded weights, unpacked so that an evaluation reads one int16 per
// instance (centi-discs).
class PatternWeights {
 public:
  // `packed`: kNumStages * kWeightsPerStage weights in centi-discs, stage
  // by stage (the file's order).
  explicit PatternWeights(const std::vector<std::int16_t>& packed);

  // A finished game returns its exact final score (x100), like the other
  // evaluators; otherwise the pattern sum, inside the exact range.
  Score evaluate(const Board& b) const;
  // The same from the side to move's indexes kept by the search
  // (pattern_indexes.h) instead of reading them from the bitboards.
  Score evaluate(const Board& b, const Indexes& own_view) const;
  // Per-kind breakdown for the `eval` command.
  std::vector<std::string> eval_lines(const Board& b) const;

 private:
  std::vector<std::int16_t> raw_;  // [stage][raw_offset(kind) + raw index]
  std::array<std::array<std::int16_t, kNumGlobals>, kNumStages> globals_{};
};

}  // namespace ludus::othello::patterns
