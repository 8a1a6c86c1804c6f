// Text forms of Othello positions and moves (rules sections 4 and 7), and the
// OBF/FFO problem lines used by the test files.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/types.h"
#include "games/othello/board.h"

namespace ludus::othello {

// "a1".."h8" for 0..63.
std::string square_name(int sq);

// Canonical FEN: 64 cells of X/O/-, a space, X or O (rules 4.2).
std::string to_fen(const Board& b);
// Rules 4.1/4.4. On failure `out` is left unchanged.
Status parse_fen(std::string_view text, Board& out);

// "d3", "pass" (lower case); "none" for kNoMove.
std::string move_to_string(Move m);
// Syntax only (rules 7): [a-hA-H][1-8] or "pass" in any case.
Status parse_move_syntax(std::string_view text, Move& out);
// Syntax and legality in `b`; distinguishes malformed from illegal tokens.
Status parse_move(const Board& b, std::string_view text, Move& out);

// An 8x8 diagram with coordinates, side to move, disc counts and the legal moves.
std::vector<std::string> board_lines(const Board& b);

// One line of an FFO .obf file (rules 4.6): the position and the listed
// (move, exact final score) items, in file order.
struct ObfProblem {
  Board board;
  std::vector<std::pair<Move, int>> moves;
};
Status parse_obf_line(std::string_view line, ObfProblem& out);

}  // namespace ludus::othello
