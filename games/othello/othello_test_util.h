// Helpers shared by Othello's unit tests (othello_test.cpp, patterns_test.cpp).
#pragma once

#include <random>

#include "games/othello/othello.h"

namespace ludus::othello::test {

// Random legal play from the start until `empties` squares remain (or the
// game ends); deterministic for a given generator.
inline Board random_position(std::mt19937_64& rng, int empties) {
  Othello::Position b = Othello::start({});
  Othello::Move ms[Othello::kMaxMoves];
  while (b.empty_count() > empties) {
    const int n = Othello::legal_moves(b, ms);
    if (n == 0) break;
    b = Othello::play(b, ms[rng() % static_cast<unsigned>(n)]);
  }
  return b;
}

}  // namespace ludus::othello::test
