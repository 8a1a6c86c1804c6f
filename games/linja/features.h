// The features of the `ludus` evaluation (eval.h), from the side to move's
// point of view. The evaluation is a weighted sum of them; the weights were
// fitted by logistic regression on exactly solved self-play positions
// (docs/games/linja.md, "Evaluation").
#pragma once

#include "games/linja/board.h"

namespace ludus::linja {

constexpr int kNumFeatures = 39;
extern const char* const kFeatureNames[kNumFeatures];

// lambda = kEndK / (kEndK + overlap): how near the separation is.
constexpr int kEndK = 16;

// Calls emit(k, value) for every feature k that is not 0, in increasing k.
// A template so that the evaluation sums weights on the fly.
template <class Emit>
void extract_features(const Position& p, Emit&& emit);

struct Features {
  float v[kNumFeatures] = {};
};
Features features(const Position& p);

// What colour c could do in a fresh turn (or in the extra turn when
// `extra_used`) on the board of `p`.
struct TurnInfo {
  int best_n = 0;      // largest N a first move buys
  bool extra = false;  // some first + second move enters an empty row (and the extra turn is unused)
  int moves = 0;       // legal first moves
  int gain = 0;        // best points gain (rules 6.3) of a first + second move
  int n0 = 0;          // first moves into an empty row (N = 0)
  int big = 0;         // first moves buying N >= 3
};
TurnInfo turn_info(const Position& p, Colour c, bool extra_used);

// Rows still to travel by every piece (both colours) to its goal row.
int remaining_distance(const Position& p);
// Pairs (red piece, black piece) not yet past each other: 0 = separated.
int overlap(const Position& p);

}  // namespace ludus::linja

#include "games/linja/features_impl.h"
