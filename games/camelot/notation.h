// Camelot notation: FEN (rules 4) and move tokens (rules 7), including the
// canonical path of a move (rules 5.8), and the text board of `d`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "games/camelot/board.h"

namespace ludus::camelot {

std::string to_fen(const Position& p);
// Rules 4.2: every invalid FEN is rejected with a reason. `continue_rule` is
// the OwnCastleJump option, stored in the position.
Status parse_fen(std::string_view text, Position& out, bool continue_rule);

// A path: the landing squares after the origin; the first `canter_legs`
// legs are written with '-' (a plain move is one '-' leg), the rest with 'x'.
struct Path {
  int origin = kNone;
  std::vector<int> squares;
  int canter_legs = 0;
};
std::string path_to_string(const Path& path);
// Rules 5.8: the canonical path of a legal move of `p` (fewest legs, then the
// smallest sequence of landing squares by square number).
Path canonical_path(const Position& p, Move m);
// The canonical token of a legal move of `p`.
std::string move_token(const Position& p, Move m);

// Rules 7: checks the token leg by leg on `p`, then requires its triple to be
// one of the legal moves. Accepts any valid path of a legal move.
Status parse_move(const Position& p, std::string_view text, Move& out);

std::vector<std::string> board_lines(const Position& p);

}  // namespace ludus::camelot
