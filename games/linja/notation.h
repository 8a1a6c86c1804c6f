// Text forms of Linja positions and turns (rules sections 4 and 7).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "games/linja/board.h"

namespace ludus::linja {

// Canonical FEN (rules 4.1): "r6b0/r1b1/.../r0b6 r", row 1 first.
std::string to_fen(const Position& p);
// Rules 4.1-4.2. The board and the colour to move come from the text; `p1`
// and `forbid` (the options) are given. On failure `out` is unchanged.
Status parse_fen(std::string_view text, Colour p1, bool forbid, Position& out);

// "3-4" (rows 1..8), "pass", "none".
std::string move_to_string(Move m);
// A whole turn: its sub-moves joined by commas, or "pass" (rules 7.1).
std::string turn_to_string(const std::vector<Move>& moves);
// Syntax (rules 7.1) and legality (the token is one of the legal turns of
// rules 5): on success `out` holds the sub-moves of the whole turn.
Status parse_turn(const Position& p, std::string_view token, std::vector<Move>& out);
// One sub-move "a-b" legal in `p` (no commas); "pass" when it is the pass.
Status parse_sub_move(const Position& p, std::string_view text, Move& out);

// The board as text, row 8 at the top, with the state and the scores.
std::vector<std::string> board_lines(const Position& p);

}  // namespace ludus::linja
