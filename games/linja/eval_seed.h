// The seed thesis's strongest AI personality, "Tania" (seed L1192, L1396):
//   25% Puntuación positiva  - own pieces scored as if the game ended now:
//                              5/3/2/1 in the four rows nearest the goal;
//   25% Puntuación negativa  - own pieces held back: -5 in the home row,
//                              then -3, -2, -1 (seed L582);
//   50% Opciones de movimiento - the number m of distinct moves of the next
//                              player, valued exponentially (seed L1166-L1184):
//                              2^(7-m) - 1, i.e. 0 with the usual 7 options,
//                              127 when the player must pass; good for us when
//                              the next player is the opponent, bad when it is us.
// The thesis evaluates every leaf from the root player's view with only that
// player's score criteria. Our search is negamax (a leaf's value may not
// depend on which player is at the root), so the two score criteria are
// taken as own minus opponent's; the options criterion is already two-sided.
// Units: round(100 x the weighted sum of the thesis's points).
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/linja/board.h"

namespace ludus::linja {

struct SeedTerms {
  double positive = 0;  // own minus opponent's, thesis points
  double negative = 0;
  double options = 0;   // from the side to move's view
  double total() const { return 0.25 * positive + 0.25 * negative + 0.5 * options; }
};

SeedTerms seed_terms(const Position& p);
Score evaluate_seed(const Position& p);
std::vector<std::string> eval_seed_lines(const Position& p);

}  // namespace ludus::linja
