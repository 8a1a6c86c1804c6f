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

// Rough piece values (centi-rabbits) for threats, captures and move
// ordering (the evaluation's material term is HarLog): rabbit, cat, dog,
// horse, camel, elephant.
inline constexpr int kPieceValue[kNumTypes] = {100, 150, 200, 300, 500, 800};

// The fewest steps colour `attacker` needs to capture some enemy piece on
// the current board, as a lower bound, or 99 when no enemy piece near a
// trap can be dragged. Each enemy piece beside the trap must be dragged
// away (two steps each) and the victim dragged onto the trap (two steps
// per square); the first drag needs a stronger unfrozen attacker beside
// its piece (the steps to bring or unfreeze one count).
int capture_steps_bound(const Position& p, int attacker);

// The best net material (enemy values captured minus own values lost,
// never below 0) the side to move can win within `limit` steps of this
// turn (capped by the steps it has left). A pending push is completed
// first.
int capture_gain(const Position& p, int limit);

}  // namespace ludus::arimaa
