// Where each piece stands, learned: the placement term of the Arimaa
// evaluation (eval.h). A square's worth depends on the piece's rank, the
// number of enemy pieces stronger than it, more than on its type: a camel
// facing an elephant wants what a horse facing an elephant and a camel
// wants once the camel is gone. Strong programs weigh placement this way
// (Sharp's piece-square tables are indexed by that count); ludus's
// hand-set tables (eval.cpp) are indexed by type and are a tenth of their
// size. This table is fitted to the turns Sharp chooses
// (arimaa_move_fit --placement, tune/move_fit.cpp); the term's weight is
// 0 (eval.cpp, kTermPercent, says why).
//
// Each piece falls in one cell: its class (a non-rabbit by the enemy
// pieces stronger than it, 0..6, 6 for six or more; rabbits class 7) and
// its square seen from its own side (rank 1 its home row) with the files
// folded (a-h, b-g, c-f, d-e alike: the rules are left-right symmetric).
#pragma once

#include <array>

#include "games/arimaa/board.h"

namespace ludus::arimaa {

inline constexpr int kPlacementClasses = 8;
inline constexpr int kRabbitClass = kPlacementClasses - 1;
inline constexpr int kPlacementSquares = 32;
inline constexpr int kPlacementCells = kPlacementClasses * kPlacementSquares;

// The cell of colour c's piece of type t on `sq`.
int placement_cell(const Position& p, int c, int t, int sq);

// Each cell's count of colour c's pieces less the other colour's.
std::array<int, kPlacementCells> placement_counts(const Position& p, int c);

// The table entry of a cell, centi-rabbits.
int placement_table_entry(int cell);

// Colour c's placement less the other colour's, centi-rabbits.
int placement_balance(const Position& p, int c);

}  // namespace ludus::arimaa
