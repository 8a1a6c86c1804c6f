// The features of an Arimaa step (and of the end of the turn) that
// `arimaa_order_fit` (tune/order_fit.cpp) weighs to model the steps a
// strong player chooses: a move-ordering prior of the kind Sharp fits to
// expert moves. The search's prior stays the hand-written one
// (Arimaa::order_hint): the fitted one predicts Sharp's steps better and
// loses more games to Sharp (docs/games/arimaa.md, "Ordering").
#pragma once

#include "games/arimaa/board.h"

namespace ludus::arimaa {

// The features, each a value in hundredths (100 = 1.0).
enum StepFeature : int {
  kStepToRank = 0,          // own step: 6 types x 8 ranks of the to-square, counted from the mover's home
  kStepForward = 48,        // own officer step towards the enemy's home
  kStepBackward = 49,       // own step towards its home
  kStepHomeTrapSide = 50,   // own step onto a square beside a trap of its own half
  kStepEnemyTrapSide = 51,  // ... beside a trap of the enemy's half
  kStepOntoTrap = 52,       // own step onto a trap square (kept alive by a neighbour)
  kStepLeavesTrapSide = 53, // own step off a square beside a trap
  kStepNextToStronger = 54, // the to-square touches a stronger enemy piece
  kStepNextToWeaker = 55,   // an officer's to-square touches a weaker enemy piece
  kStepSamePiece = 56,      // the piece that took the turn's previous own step moves on
  kStepPushStart = 57,      // the enemy piece steps away first: a push
  kStepPullStep = 58,       // the enemy piece follows into the square just left: a pull
  kStepEnemyValue = 59,     // pushes and pulls: the enemy piece's value, in rabbits
  kStepEnemyToTrap = 60,    // pushes and pulls: the enemy piece goes onto or beside a trap
  kStepCaptures = 61,       // enemy material the step captures, in rabbits
  kStepLoses = 62,          // own material the step loses, in rabbits
  kStepPass = 63,           // the end of the turn
  kStepPassStepsLeft = 64,  // the end of the turn: the steps it leaves unused
  kStepFeatures = 65
};

// The colour whose piece a step moves, and the type of the piece the step
// captures (kNoType if none): the trap rule applied to the moved piece's
// colour on the bitboards alone (a step can only capture its own colour's
// pieces: the moved one, or one it leaves without a neighbour on a trap).
struct StepEffect {
  int mover_color;
  int captured_type;
};
// Inline: the search's ordering, quiet-step test and quiescence call it on
// every step they look at.
inline StepEffect step_effect(const Position& p, Move m) {
  const int from = m.from(), to = m.to();
  const int c = p.color_at(from);
  const Bitboard own = (p.color[c] & ~bit(from)) | bit(to);
  const Bitboard dead = kTraps & own & ~adj(own);
  if (!dead) return {c, kNoType};
  const int sq = lsb(dead);
  return {c, sq == to ? p.type_at(from) : p.type_at(sq)};
}

// The nonzero features of move m at p (a step or the end of the turn;
// other moves have none): out[0..n) as (feature, value in hundredths).
struct FeatureValue {
  int feature, value;
};
constexpr int kMaxStepFeatures = 16;
int step_features(const Position& p, Move m, FeatureValue (&out)[kMaxStepFeatures]);

}  // namespace ludus::arimaa
