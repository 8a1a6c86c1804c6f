// Arimaa text forms: the FEN of rules §4, the UGI move token of §7 (a whole
// turn, items joined by commas), setups, and square names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "games/arimaa/board.h"

namespace ludus::arimaa {

std::string square_name(int sq);
// Piece letter: upper case gold, lower case silver.
char piece_letter(int color, int type);

// §4.1 grammar and the validity rules of §4.3.
Status parse_fen(std::string_view text, Position& out);
std::string to_fen(const Position& p);
// The board part alone, and the §4.3 rules 1-3 (used by the FEN parser).
Status parse_fen_board(std::string_view board, Position& out);
Status check_board(const Position& p);

// Parses a whole-turn token (§7.1, §7.3) and validates it by replaying its
// steps (§5.6) or checking the setup (§5.1). On success `out` holds the
// moves to play: steps followed by the end of the turn (unless the 4th
// step ended it), or the 16 placements of a setup.
// `lenient` (AEI makemove, §7.4): a wrong piece letter and a push left
// unfinished at the end are accepted; `warnings` collects what was odd.
Status parse_turn(const Position& p, std::string_view token, std::vector<Move>& out, bool lenient = false,
                  std::vector<std::string>* warnings = nullptr);

// The canonical token of a turn (§7.2): steps in playing order with every
// capture written after the step that caused it; setups sorted R, C, D, H,
// M, E and by square.
std::string turn_to_string(const Position& p, const std::vector<Move>& moves);
// One move without its position (debugging): `e2n`, `end`, `setup3`.
std::string move_to_string(Move m);

std::vector<std::string> board_lines(const Position& p);

}  // namespace ludus::arimaa
