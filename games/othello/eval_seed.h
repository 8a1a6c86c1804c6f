// `Evaluator=seed`: the evaluation of the seed thesis ("Jugando al Othello con
// Inteligencia Artificial", Algorithms 3-7): the plain sum of a disc term, a
// mobility term, a corner term and a corner-adjacency term, from the side to
// move's view (the thesis's "jugador"). It is a weak baseline, kept to play
// the thesis's program; the engine's own evaluation is eval.h.
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/othello/board.h"

namespace ludus::othello {

// The four terms in the thesis's own units (each roughly -100..+100, the
// adjacency term -150..+150).
struct SeedTerms {
  double discs = 0;
  double mobility = 0;
  double corners = 0;
  double adjacent = 0;
  double total() const { return discs + mobility + corners + adjacent; }
};
SeedTerms seed_terms(const Board& b);

// Our Score is round(kSeedScale * thesis value). See eval_seed.cpp.
inline constexpr int kSeedScale = 10;
Score evaluate_seed(const Board& b);
std::vector<std::string> eval_seed_lines(const Board& b);

}  // namespace ludus::othello
