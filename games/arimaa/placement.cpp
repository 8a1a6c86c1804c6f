#include "games/arimaa/placement.h"

#include <algorithm>

namespace ludus::arimaa {

namespace {

// Fitted by arimaa_move_fit --placement (docs/games/arimaa.md gives the
// command); centi-rabbits, in the order of placement_cell's index.
constexpr int kTable[kPlacementCells] = {
#include "games/arimaa/placement_table_data.inc"
};

// The square from colour c's side (rank 0 its home row) with the files
// folded: rank * 4 + the file's distance from the nearer edge.
int own_square(int c, int sq) {
  const int rank = rank_from_home(c, sq);
  const int file = file_of(sq);
  return rank * 4 + std::min(file, 7 - file);
}

}  // namespace

int placement_cell(const Position& p, int c, int t, int sq) {
  const int cls = t == kRabbit ? kRabbitClass : std::min(popcount(p.stronger(c ^ 1, t + 1)), kRabbitClass - 1);
  return cls * kPlacementSquares + own_square(c, sq);
}

std::array<int, kPlacementCells> placement_counts(const Position& p, int c) {
  std::array<int, kPlacementCells> n{};
  for (int side = 0; side < 2; ++side)
    for (int t = kRabbit; t <= kElephant; ++t)
      for (Bitboard b = p.pieces(side, t); b; b &= b - 1) n[placement_cell(p, side, t, lsb(b))] += side == c ? 1 : -1;
  return n;
}

int placement_table_entry(int cell) { return kTable[cell]; }

int placement_balance(const Position& p, int c) {
  // The evaluation's hot path: a class per type, not per piece.
  int v = 0;
  for (int side = 0; side < 2; ++side) {
    int own = 0;
    for (int t = kRabbit; t <= kElephant; ++t) {
      Bitboard b = p.pieces(side, t);
      if (!b) continue;
      const int cls = t == kRabbit ? kRabbitClass : std::min(popcount(p.stronger(side ^ 1, t + 1)), kRabbitClass - 1);
      const int* row = kTable + cls * kPlacementSquares;
      for (; b; b &= b - 1) own += row[own_square(side, lsb(b))];
    }
    v += side == c ? own : -own;
  }
  return v;
}

}  // namespace ludus::arimaa
