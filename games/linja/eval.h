// The `ludus` evaluation of Linja (docs/games/linja.md, "Evaluation").
//
// A weighted sum of the features of features.h, from the side to move's
// point of view: the pieces by distance to the goal, once as they count
// during the mixed middle game and once weighted by how near the separation
// is (there the points table 5/3/2/1 takes over), the movement points and
// extra turns the side to move can still get in this turn, the opponent's
// options (its first moves, its extra turns), empty and full rows, the
// pieces that still have to cross, and the tempo.
//
// The weights were fitted by logistic regression of exact (solver) game
// values on the features over self-play positions (tune/linja_tune.cpp),
// then scaled so that 100 = about one point of final margin (rules 6.3).
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/linja/board.h"
#include "games/linja/features.h"

namespace ludus::linja {

// Weights, in 1/100 points: [0] at the start of the game, [1] at its end,
// blended by taper(). The engine never changes them; the tuner
// (tune/linja_tune.cpp) may, to play self-play games with other weights.
extern float g_weights[2][kNumFeatures];

// The phase: 1 while remaining_distance >= kTaperStart, 0 at or below
// kTaperEnd, linear in between.
constexpr int kTaperStart = 110, kTaperEnd = 30;
double taper(const Position& p);

Score evaluate(const Position& p);
std::vector<std::string> eval_lines(const Position& p);

}  // namespace ludus::linja
