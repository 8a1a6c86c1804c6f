// The step-ordering prior's features (games/arimaa/step_features.h) on
// hand-made positions whose values are known: a push onto an unguarded
// trap, a rabbit's rank from its own side for either colour, an
// elephant's retreat beside its home trap, the piece that moves on, the
// end of the turn.
#include <doctest/doctest.h>

#include <map>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/fen_for_tests.h"
#include "games/arimaa/step_features.h"

using namespace ludus;
using namespace ludus::arimaa;

namespace {

int square(const char* name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

std::map<int, int> features(const Position& p, Move m) {
  FeatureValue f[kMaxStepFeatures];
  const int n = step_features(p, m, f);
  std::map<int, int> out;
  for (int i = 0; i < n; ++i) out[f[i].feature] += f[i].value;
  return out;
}

// Gold: elephant d4, rabbit a1; Silver: cat c4 (beside the unguarded trap
// c3), rabbit a8.
constexpr const char* kFen = "r7/8/8/8/2cE4/8/8/R7 g 5";

}  // namespace

TEST_CASE("step features: a push of a cat onto an unguarded trap") {
  const Position p = fen_or_fail(kFen);
  const auto f = features(p, Move::step(square("c4"), kSouth));
  CHECK(f == std::map<int, int>{{kStepPushStart, 100}, {kStepEnemyValue, 150}, {kStepEnemyToTrap, 100},
                                {kStepCaptures, 150}});
}

TEST_CASE("step features: a rabbit's rank counts from its own side") {
  const Position gold = fen_or_fail(kFen);
  CHECK(features(gold, Move::step(square("a1"), kNorth)) == std::map<int, int>{{kStepToRank + kRabbit * 8 + 1, 100}});
  const Position silver = fen_or_fail("r7/8/8/8/2cE4/8/8/R7 s 5");
  CHECK(features(silver, Move::step(square("a8"), kSouth)) == std::map<int, int>{{kStepToRank + kRabbit * 8 + 1, 100}});
}

TEST_CASE("step features: the elephant steps back beside its home trap, then moves on") {
  const Position p = fen_or_fail(kFen);
  const Move back = Move::step(square("d4"), kSouth);
  CHECK(features(p, back) == std::map<int, int>{{kStepToRank + kElephant * 8 + 2, 100},
                                                {kStepBackward, 100},
                                                {kStepHomeTrapSide, 100}});
  const Position q = Arimaa::play(p, back);
  // From d3 beside the trap: the same piece moving on, leaving the trap's side.
  const auto f = features(q, Move::step(square("d3"), kEast));
  CHECK(f.count(kStepSamePiece) == 1);
  CHECK(f.count(kStepLeavesTrapSide) == 1);
  CHECK(features(q, Move::step(square("a1"), kNorth)).count(kStepSamePiece) == 0);
  // The end of the turn after one step leaves three unused.
  CHECK(features(q, Move::pass()) == std::map<int, int>{{kStepPass, 100}, {kStepPassStepsLeft, 300}});
}

TEST_CASE("step features: a step beside stronger and weaker enemy pieces") {
  // Gold's dog d5 steps to d6, beside Silver's elephant d7 and cat e6.
  const Position p = fen_or_fail("8/3e4/4c3/3D4/8/8/8/R6r g 5");
  const auto f = features(p, Move::step(square("d5"), kNorth));
  CHECK(f.count(kStepNextToStronger) == 1);
  CHECK(f.count(kStepNextToWeaker) == 1);
  CHECK(f.count(kStepForward) == 1);
}
