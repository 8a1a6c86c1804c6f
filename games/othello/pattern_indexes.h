// The pattern indexes of a position kept up to date move by move, as Zebra,
// Logistello and Edax do: a placement changes the few instances through the
// placed and flipped squares, so a move adds one precomputed vector per
// changed square instead of the evaluation reading all 46 instances again
// from the bitboards (raw_indexes: 60% of an evaluation's time, 18% of the
// midgame search's; docs/games/othello.md, "Speed: incremental indexes").
//
// A position keeps the indexes from both colours' views (digit 1 the
// colour's own disc, 2 the other's), and the evaluation reads the side to
// move's: a move then changes only the squares it touches, a pass nothing,
// and one weight table serves both colours. (One absolute set read through
// a second, colour-swapped table doubles the tables' cache footprint: the
// evaluation's loads then cost more than the update saves.)
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "games/othello/board.h"
#include "games/othello/patterns.h"

namespace ludus::othello::patterns {

// 46 instances, padded to 48 lanes: six 16-byte vectors (GCC/Clang vector
// extensions; SSE2 on x86-64), so that a move's update is six additions per
// changed square.
inline constexpr int kIndexLanes = 48;
inline constexpr int kIndexVectors = kIndexLanes / 8;
using IndexVector = std::uint16_t __attribute__((vector_size(16)));

struct Indexes {
  IndexVector v[kIndexVectors]{};
  std::uint16_t lane(int i) const { return v[i >> 3][i & 7]; }
  void set_lane(int i, std::uint16_t x) { v[i >> 3][i & 7] = x; }
  // The two padding lanes stay 0 (no square has a power there).
  friend bool operator==(const Indexes& a, const Indexes& b) { return std::memcmp(a.v, b.v, sizeof a.v) == 0; }
};

// kSquarePowers[q] lane i = 3^j when square q is digit j of instance i, else
// 0: the change of every index when q's digit grows by one.
extern const std::array<Indexes, 64> kSquarePowers;

// The indexes from each colour's view, by Side.
using ColourIndexes = std::array<Indexes, 2>;
ColourIndexes colour_indexes(const Board& b);

// After `mover` placed a disc on `sq` and turned the discs of `flipped`. In
// the mover's view the new disc's digit goes from 0 to 1 and each turned
// disc's from 2 to 1; in the other colour's view from 0 to 2 and from 1 to
// 2. Lanes wrap modulo 2^16; every final index is in range.
[[gnu::always_inline]] inline void play_indexes(ColourIndexes& idx, int sq, Bitboard flipped, Side mover) {
  IndexVector turned[kIndexVectors]{};
  for (Bitboard f = flipped; f; f &= f - 1) {
    const Indexes& p = kSquarePowers[static_cast<std::size_t>(std::countr_zero(f))];
    for (int k = 0; k < kIndexVectors; ++k) turned[k] += p.v[k];
  }
  const Indexes& placed = kSquarePowers[static_cast<std::size_t>(sq)];
  Indexes& mine = idx[static_cast<std::size_t>(mover)];
  Indexes& theirs = idx[static_cast<std::size_t>(opposite(mover))];
  for (int k = 0; k < kIndexVectors; ++k) {
    mine.v[k] += placed.v[k] - turned[k];
    theirs.v[k] += placed.v[k] + placed.v[k] + turned[k];
  }
}

}  // namespace ludus::othello::patterns

namespace ludus::othello {

// The midgame search's position: a board and its pattern indexes,
// which every way of making one keeps consistent (from a board: read in
// full; by a move: updated). The endgame solver works on bare bitboards.
struct IndexedBoard : Board {
  patterns::ColourIndexes indexes{};  // by Side; the empty board's are all 0

  IndexedBoard() = default;
  // From any board (a FEN, the start): the indexes read in full.
  IndexedBoard(const Board& b) : Board(b), indexes(patterns::colour_indexes(b)) {}  // NOLINT: implicit on purpose

  // The indexes follow from the board.
  friend bool operator==(const IndexedBoard& a, const IndexedBoard& b) {
    return static_cast<const Board&>(a) == static_cast<const Board&>(b);
  }
};

// Always inlined: where only the child's key is wanted (the search's table
// prefetch) the compiler then drops the index update.
[[gnu::always_inline]] inline IndexedBoard play(const IndexedBoard& b, Move m) {
  IndexedBoard out = b;
  static_cast<Board&>(out) = play(static_cast<const Board&>(b), m);
  // The turned discs: the opponent's before the move, the mover's after it.
  if (!m.is_pass()) patterns::play_indexes(out.indexes, m.sq, b.opp & out.opp, b.side);
  return out;
}

}  // namespace ludus::othello
