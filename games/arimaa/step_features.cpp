#include "games/arimaa/step_features.h"

#include "games/arimaa/capture.h"

namespace ludus::arimaa {

namespace {

// Each colour's traps: those of its own half (c3 and f3 are Gold's).
constexpr Bitboard kHomeTraps[2] = {kTraps & rank_bb(2), kTraps & rank_bb(5)};
static_assert(kHomeTraps[kGold] == (bit(18) | bit(21)) && kHomeTraps[kSilver] == (bit(42) | bit(45)));
constexpr Bitboard kTrapSides = adj(kTraps);

}  // namespace

int step_features(const Position& p, Move m, FeatureValue (&out)[kMaxStepFeatures]) {
  int n = 0;
  auto add = [&](int feature, int value) { out[n++] = {feature, value}; };
  if (m.is_pass()) {
    add(kStepPass, 100);
    add(kStepPassStepsLeft, 100 * (4 - p.steps));
    return n;
  }
  if (!m.is_step()) return 0;
  const int from = m.from(), to = m.to();
  const int t = p.type_at(from);
  const StepEffect e = step_effect(p, m);
  const int us = p.side, them = us ^ 1;
  if (e.mover_color != us) {
    // The enemy piece moves: the first half of a push, or a pull.
    add(p.pull_sq == to ? kStepPullStep : kStepPushStart, 100);
    add(kStepEnemyValue, kPieceValue[t]);
    if ((kTraps | kTrapSides) & bit(to)) add(kStepEnemyToTrap, 100);
    if (e.captured_type != kNoType) add(kStepCaptures, kPieceValue[e.captured_type]);
    return n;
  }
  add(kStepToRank + t * 8 + rank_from_home(us, to), 100);
  // kBackward (board.h) is each colour's direction towards its home.
  if (m.dir() == kBackward[them]) {
    if (t != kRabbit) add(kStepForward, 100);
  } else if (m.dir() == kBackward[us]) {
    add(kStepBackward, 100);
  }
  if (kTrapSides & bit(to)) add((adj(kHomeTraps[us]) & bit(to)) ? kStepHomeTrapSide : kStepEnemyTrapSide, 100);
  if ((kTraps & bit(to)) && e.captured_type == kNoType) add(kStepOntoTrap, 100);
  if (kTrapSides & bit(from)) add(kStepLeavesTrapSide, 100);
  const Bitboard around = kAdj.v[to] & ~bit(from);
  if (around & p.stronger(them, t + 1)) add(kStepNextToStronger, 100);
  if (t != kRabbit && (around & p.color[them] & ~p.stronger(them, t))) add(kStepNextToWeaker, 100);
  if (p.pull_sq != kNoSquare && (kAdj.v[p.pull_sq] & bit(from)) && p.pull_str == t + 1) add(kStepSamePiece, 100);
  if (e.captured_type != kNoType) add(kStepLoses, kPieceValue[e.captured_type]);
  return n;
}

}  // namespace ludus::arimaa
