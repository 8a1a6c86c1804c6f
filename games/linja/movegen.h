// Sub-move generation and the turn procedure (rules 5.1-5.7, 6.2).
//
// play() applies one sub-move and then settles the state so that every
// position the search sees either has at least one legal sub-move or is a
// finished game: a turn whose second move is impossible, or whose extra
// turn has no first move, ends inside play() (rules 5.3, 5.4, D7, D13).
#pragma once

#include "games/linja/board.h"

namespace ludus::linja {

constexpr int kMaxSubMoves = 7;  // one per origin row (rules 5.8)

// Does colour c have a legal first move (rules 5.1)?
bool has_first_move(const Position& p, Colour c);

// Target row of a second move from row a with N points, or -1 when the move
// is illegal (beyond the goal under `forbid`, or a full target row).
int second_target(const Position& p, Colour c, int a, int n);

// The legal sub-moves in canonical order (origin rows increasing for Red,
// decreasing for Black); the single pass when the mover has no first move at
// a turn boundary but the opponent has; 0 when the game is over.
int generate(const Position& p, Move* out);

// Rules 6.2 at any state: separated, or (at a turn boundary) neither side
// has a first move.
bool game_over(const Position& p);

// Plays a legal sub-move (or the pass).
Position play(const Position& p, Move m);

}  // namespace ludus::linja
