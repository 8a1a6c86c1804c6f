// The engine's own ("ludus") evaluation of Othello positions.
//
// Units: 100 = one disc of final margin, from the side to move's view, so the
// heuristic values and the exact endgame results (terminal_score) share one
// scale. The evaluation is a linear combination of integer features whose
// weights depend on the game phase (number of discs): each weight is given at
// three anchor phases and interpolated linearly in between. A tuning script
// can compute features() and phase_coefficients() on labelled positions and
// fit EvalWeights by linear regression; nothing else needs to change.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/types.h"
#include "games/othello/board.h"

namespace ludus::othello {

// Every feature is "side to move minus opponent" unless noted.
enum Feature : int {
  kFDiscs,        // disc count
  kFMobility,     // number of legal placements
  kFCornerMoves,  // legal placements on a corner
  kFPotMobility,  // empty squares next to an enemy disc (future moves)
  kFFrontier,     // own discs next to an empty square (bad: they give moves away)
  kFCorners,      // corners held
  kFStable,       // stable discs (lower bound, stability.h)
  kFXSquares,     // X-squares held while their corner is empty
  kFCAttacked,    // C-square next to an empty corner that the opponent can
                  //   take along the edge right now (own run from C ends at an enemy disc)
  kFCExposed,     // C-square next to an empty corner, own run from C ends at an empty square
  kFWedge,        // empty non-corner edge square between two enemy discs: a wedge for us
  kFEdgeDiscs,    // discs on A- and B-squares (edge, not next to a corner)
  kFParity,       // +1 if the side to move gets the last move (odd empties), -1 if even, 0 if full
  kNumFeatures
};

inline constexpr int kNumPhases = 3;
// Disc counts of the anchor phases (opening, midgame, endgame); weights are
// constant below the first and above the last anchor.
inline constexpr std::array<int, kNumPhases> kPhaseDiscs = {20, 40, 58};

// ===================== ALL TUNABLE EVALUATION WEIGHTS =====================
// w[phase][feature], in centi-discs per unit of the feature.
struct EvalWeights {
  std::array<std::array<float, kNumFeatures>, kNumPhases> w;
};
// Initial hand-set values (not fitted yet; see eval.cpp for the reasoning).
extern const EvalWeights kDefaultWeights;
// ==========================================================================

using Features = std::array<int, kNumFeatures>;

const char* feature_name(int f);
Features features(const Board& b);
// Interpolation coefficients of the anchor phases for a position with
// `discs` discs on the board; they sum to 1.
std::array<float, kNumPhases> phase_coefficients(int discs);

// The evaluation with kDefaultWeights. A finished game returns its exact
// final score (x100).
Score evaluate(const Board& b);
// The same for an explicit weight set (slow path, for tuning tools and tests).
Score evaluate_with(const Board& b, const EvalWeights& weights);

// Per-feature breakdown for the `eval` command.
std::vector<std::string> eval_lines(const Board& b);

}  // namespace ludus::othello
