// Threats to pieces, learned: the pressure term of the Arimaa evaluation
// (eval.h). A piece near a trap that the enemy controls, with a stronger
// enemy piece close by, is a capture being built; how much that costs is
// looked up in a table fitted to the per-piece threat values that Sharp's
// static evaluation prints (`sharp-dev evalPos`; scripts/arimaa_data.py
// label --static --threats; the fitter games/arimaa/tune/threat_fit.cpp).
//
// Each piece but the elephant falls in one cell of the table, described by
// the trap its enemy would need the fewest steps to drag it onto (counted
// as 2 a square to the trap, 2 a guard of the trap, plus the nearest
// stronger enemy's walk): its distance to that trap (0-4; 4 only when a
// stronger enemy stands beside it), the other pieces of its own colour
// guarding the trap (0, 1, 2 or more), the enemy's lead in control of the
// trap in five bands, the walk of the nearest stronger enemy (squares
// between them, one more when that enemy is frozen; 0-3, 4 for four or
// more), whether it is beside a stronger enemy and frozen (0, 1, 2),
// whether it is a rabbit, and whether the trap is on its own side. A piece
// with no stronger enemy, or no trap close enough, has no cell.
#pragma once

#include "games/arimaa/board.h"

namespace ludus::arimaa {

inline constexpr int kThreatCells = 5 * 3 * 5 * 5 * 3 * 2 * 2;

// The cell of colour c's piece on `sq` (kNoCell when it has none).
// `control[trap][colour]`: trap control as eval.cpp computes it (trap
// index 0..3 = c3, f3, c6, f6); `frozen_of[colour]`: the frozen pieces.
inline constexpr int kNoCell = -1;
int threat_cell(const Position& p, int c, int sq, const int control[4][2], const Bitboard frozen_of[2]);

// A cell's share of (piece value + kThreatBase), per mille: the table.
int threat_table_entry(int cell);
inline constexpr int kThreatBase = 50;

// The threats to colour c's pieces, centi-rabbits, never negative: each
// piece's table entry x (its value + kThreatBase) / 1000.
int learned_threats(const Position& p, int c, const int control[4][2], const Bitboard frozen_of[2]);

}  // namespace ludus::arimaa
