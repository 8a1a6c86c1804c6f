// A cheap lower bound of stable discs (discs that no sequence of moves can
// flip). Used by the evaluation and by the endgame solver's stability cutoff,
// so it must never count an unstable disc; it may miss stable ones.
#pragma once

#include "games/othello/bitboard.h"

namespace ludus::othello {

// Stable discs of P (against O). Three sources, combined to a fixpoint:
//  1. edges: an edge disc can only be flipped along its edge, so a complete
//     1-D analysis of the edge (every placement by either side on every empty
//     edge square, recursively) is exact for that line; it is precomputed;
//  2. a disc whose four lines (row, column, both diagonals) are all full can
//     never be bracketed;
//  3. a disc is stable if on each of its four lines it is on a full line or
//     next to a stable disc of its own colour (that side of the line is then
//     sealed: a run through it would have to include the stable disc).
Bitboard stable_discs(Bitboard P, Bitboard O);

// Stable discs of P on the four edges only (source 1), the cheap part.
Bitboard edge_stable_discs(Bitboard P, Bitboard O);

// Squares lying on a full row, column, and both full diagonals (source 2).
Bitboard all_lines_full(Bitboard occupied);

// The 8 squares of an edge gathered into one byte and back (exposed for tests).
inline unsigned column_a_to_byte(Bitboard b) {
  return static_cast<unsigned>(((b & kColumnA) * 0x0102040810204080ULL) >> 56);
}
Bitboard byte_to_column_a(unsigned byte);

// 1-D stability of an 8-square line: bits of `p` that are stable (exposed for
// the evaluation's edge table).
unsigned edge_stable_byte(unsigned p, unsigned o);

}  // namespace ludus::othello
