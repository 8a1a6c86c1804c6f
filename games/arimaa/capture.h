// Capture detection: how much material can the side to move win by trap
// captures within the steps left in its turn? Like the goal detector
// (goal.h), it replays real legal steps, so every capture it reports can
// be played; it only looks at steps near traps where a lower bound on the
// steps a capture needs (supporters to drag away, victims to drag in) fits
// the steps left, so a "nothing" may miss an exotic capture.
//
// The evaluation uses it at the horizon, where the quiescence search only
// plays single capturing steps: a piece that the side to move can push,
// pull or strip of its last supporter within its turn is as good as lost.
#pragma once

#include "games/arimaa/board.h"

namespace ludus::arimaa {

// Material values used by the detector (centi-rabbits, the evaluation's
// rough piece values): rabbit, cat, dog, horse, camel, elephant.
inline constexpr int kCaptureValue[kNumTypes] = {100, 150, 200, 300, 500, 800};

// The fewest steps colour `attacker` needs to capture some enemy piece on
// the current board, as a lower bound: 0..8, or 99 when no enemy piece is
// near a trap. Each enemy supporter of the trap must be dragged away (two
// steps, three without a stronger unfrozen attacker beside it) and the
// victim dragged onto the trap (two steps per square).
int capture_steps_bound(const Position& p, int attacker);

// The best net material (enemy values captured minus own values lost,
// never below 0) the side to move can win within `limit` steps of this
// turn (capped by the steps it has left). A pending push is completed
// first.
int capture_gain(const Position& p, int limit);

// capture_gain() trap by trap (c3, f3, c6, f6): each trap's best gain on
// its own. Returns the largest.
int capture_gains(const Position& p, int limit, int by_trap[4]);

// The position with the other side to move at the start of its turn (the
// board unchanged): the opponent's view of the board for its next turn.
Position with_opponent_to_move(const Position& p);

// The same for the side NOT to move, with a whole turn of 4 steps on the
// current board (its next turn, if the side to move passed now).
int opponent_capture_gain(const Position& p);

}  // namespace ludus::arimaa
