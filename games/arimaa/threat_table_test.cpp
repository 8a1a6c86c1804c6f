// The learned piece threats (games/arimaa/threat_table.h): the cell of a
// piece on hand-made positions, digit by digit, the pieces that have none,
// and the pressure term as the two sides' threats.
#include <doctest/doctest.h>

#include <string>

#include "games/arimaa/board.h"
#include "games/arimaa/capture.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/fen_for_tests.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/threat_table.h"

using namespace ludus::arimaa;

namespace {

// threat_cell's index from its digits, as threat_table.h describes them.
int cell_of(int distance, int guards, int band, int walk, int beside_frozen, bool rabbit, bool own_side) {
  return (((((distance * 3 + guards) * 5 + band) * 5 + walk) * 3 + beside_frozen) * 2 + (rabbit ? 1 : 0)) * 2 +
         (own_side ? 1 : 0);
}

// What the evaluation computes once for all its terms and passes in.
struct Shared {
  int control[4][2];
  Bitboard frozen_of[2];
  explicit Shared(const Position& p) : frozen_of{frozen(p, kGold), frozen(p, kSilver)} { trap_controls(p, control); }
};

int cell_at(const Position& p, int c, int sq) {
  const Shared s(p);
  return threat_cell(p, c, sq, s.control, s.frozen_of);
}

int threats_on(const Position& p, int c) {
  const Shared s(p);
  return learned_threats(p, c, s.control, s.frozen_of);
}

constexpr int kA3 = 16, kB3 = 17, kD3 = 19, kB5 = 33, kA8 = 56;

}  // namespace

TEST_CASE("arimaa threat table: a rabbit frozen beside its home trap by the enemy elephant") {
  // Gold rabbit b3 beside trap c3, Silver elephant a3 beside it: no walk,
  // beside and frozen (2), no guard, the trap on the rabbit's side. Control
  // of c3: Silver's elephant one square off the ring (12), Gold's rabbit on
  // it (2 x 2): Silver leads by 8, the band 5..19 (3).
  const Position p = fen_or_fail("8/8/8/8/8/eR6/8/8 g 10");
  const int cell = cell_at(p, kGold, kB3);
  CHECK(cell == cell_of(1, 0, 3, 0, 2, true, true));
  CHECK(threats_on(p, kGold) == threat_table_entry(cell) * (kPieceValue[kRabbit] + kThreatBase) / 1000);
  CHECK(cell_at(p, kSilver, kA3) == kNoCell);  // the elephant: nothing stronger
  CHECK(threats_on(p, kSilver) == 0);
}

TEST_CASE("arimaa threat table: a guard of the trap, a friend that unfreezes, a walk") {
  // A Gold dog on d3 guards c3 (one guard; not beside the rabbit, which
  // stays frozen); Gold's control of c3 is 2x2 + 2x4 = 12 against Silver's
  // 12: the band -4..4 (2).
  const Position p = fen_or_fail("8/8/8/8/8/eR1D4/8/8 g 10");
  CHECK(cell_at(p, kGold, kB3) == cell_of(1, 1, 2, 0, 2, true, true));
  // The dog: the elephant three squares off (walk 2), not beside it; c3 at
  // distance 1 with the rabbit as its one guard and f3 at distance 2
  // unguarded both take 6 steps: the first trap, c3, is kept.
  CHECK(cell_at(p, kGold, kD3) == cell_of(1, 1, 2, 2, 0, false, true));
}

TEST_CASE("arimaa threat table: no cell far from the traps or with nothing stronger near") {
  // A Gold horse on b5, Silver's camel on a8: the horse is two squares from
  // c6 (7 steps: 4 + a walk of 3) and three from c3 (9); c6 is Silver's
  // trap, where the horse's own control (6, one square off the ring) leads:
  // Silver's lead -6, the band -19..-5 (1).
  const Position p = fen_or_fail("m7/8/8/1H6/8/8/8/E7 s 10");
  CHECK(cell_at(p, kGold, kB5) == cell_of(2, 0, 1, 3, 0, false, false));
  // The camel has a stronger enemy (the elephant), but no trap within
  // three squares of a8 and it is not beside it.
  CHECK(cell_at(p, kSilver, kA8) == kNoCell);
  // The pressure term is Gold's threats minus Silver's for Silver to move.
  const auto terms = eval_terms(p);
  constexpr int kPressure = 15;
  CHECK(std::string(kEvalTermNames[kPressure]) == "pressure");
  CHECK(terms[kPressure] == threats_on(p, kGold) - threats_on(p, kSilver));
}
