// `Evaluator=seed`: the ten-factor evaluation of the seed thesis (BOU,
// "Implementación del juego Camelot aplicando algoritmos de búsqueda
// intensiva", section 4.5, final weights L1855-L1861):
//
//   F = 200 t f1 + 75 f2 + 50 f3 + 200 t f4 + 50 f5 + 75 f6 + 175 f7 + 75 f8 + 75 f9 + 25 f10
//
// where each factor is computed per colour and combined as
// (mine - theirs) / (mine + theirs + 1) (section 4.5.2), and t is the move
// number i = ceil(ply / 2) of the move being chosen (section 4.5.3). It is a
// baseline for self-play; the engine's own evaluation is eval.h. The exact
// reading of every factor and the two seed bugs we fix are in
// docs/games/camelot.md and in eval_seed.cpp.
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/camelot/board.h"

namespace ludus::camelot {

struct SeedFactors {
  double raw[10][2] = {};  // per factor, per side (0 = side to move, 1 = the other)
  double norm[10] = {};    // combined, each in [-1, 1]
  int t = 1;               // move number
  double total = 0;        // F, in the thesis's points
};
SeedFactors seed_factors(const Position& p);

// round(F), clamped to +-kSeedClamp so that it can never reach the search's
// proven-result range (the thesis's sentinel bug, see eval_seed.cpp).
inline constexpr int kSeedClamp = 29000;
Score evaluate_seed(const Position& p);
std::vector<std::string> eval_seed_lines(const Position& p);

}  // namespace ludus::camelot
