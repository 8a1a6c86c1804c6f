// The engine's Camelot evaluation (Evaluator=ludus), side to move's view,
// 100 = one Man. It is linear in its weights: a feature vector (side to move
// minus opponent where it is a count per side), each feature with an
// opening and an endgame weight blended by the number of pieces left. The
// weights (eval_weights.h) are fitted to self-play results by camelot_tune
// (games/camelot/tune/). Features:
//   material     Men, Knights
//   castle       a piece in the enemy castle (permanent, half a win)
//   distance     pieces by distance (in moves, ignoring others) to the nearer
//                enemy castle square, 1..15: advance, and home defence
//   race         attackers past every defender (cannot be stopped), their
//                closeness, and with a castle square already held
//   safety       pieces the opponent can jump next move (the side to move
//                can usually save one), lines open to a jump
//   mobility     plain moves available
//   formation    2x2 blocks, isolated pieces
//   flanks       pieces on files a/l (only attackable vertically)
//   defence      enemy attackers near the own castle beyond its guards
//   charge       Knights with a friend just ahead and room to land
//   endgame      two or more pieces against one
//   threat       the opponent, holding one square of our castle, can take
//                the other next move (we must capture the attacker)
//   race         when attackers past every defender can take a castle, who
//                takes it first (moves needed, the side to move first)
//   threat       the opponent's best capturing move if we passed (whole jump
//                chains and charges, generated), in Men: the hang terms see
//                only first captures
//   race-all     moves to fill the enemy castle with the two nearest pieces,
//                whoever they are, the opponent's minus ours (endgames; with
//                12 pieces or fewer, a pair cantering over each other counts
//                as going up in tandem, in this term and in race)
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/camelot/board.h"

namespace ludus::camelot {

enum Feature : int {
  kFMen,
  kFKnights,
  kFCastle,
  kFDist1,  // ... kFDist1 + 14 = distance 15
  kFPassed = kFDist1 + 15,
  kFPassedNear,
  kFPassedHeld,
  kFHangFirst,  // the side to move's most valuable hanging piece (in Men)
  kFHangRest,   // its other hanging pieces
  kFHangTheirs, // the opponent's hanging pieces
  kFExposed,
  kFMobility,
  kFBlocks,
  kFIsolated,
  kFFlanks,
  kFDefence,
  kFCharge,
  kFTwoVsOne,
  kFCastleThreat,  // the opponent holds one square of our castle and can take the other next move
  kFRace,          // +1: our unstoppable attackers take the castle first, -1: theirs do
  kFTempo,
  kFThreat,   // the most material (in Men) one capturing move of the opponent would take if we passed
  kFRaceAll,  // castle race over all pieces: the opponent's moves to win minus ours, clamped to +-8
  kNumFeatures
};
const char* feature_name(int f);

constexpr int kPhaseScale = 64;
struct Features {
  float x[kNumFeatures] = {};
  int phase = 0;  // 0 (28 pieces) .. kPhaseScale (4 pieces or fewer)
};
Features features(const Position& p);

struct EvalWeights {
  int w[2][kNumFeatures];  // [opening, endgame][feature], centi-Men per unit
};
const EvalWeights& eval_weights();

// Not cached: a per-thread evaluation cache (engine/eval_cache.h) saves no
// time to a fixed depth (9,353 ms with it, 9,374 without) and costs each
// search thread 1 MB to zero.
Score evaluate(const Position& p);
// The same with explicit weights (the tuner's view).
double evaluate_with(const Features& f, const EvalWeights& w);
std::vector<std::string> eval_lines(const Position& p);

}  // namespace ludus::camelot
