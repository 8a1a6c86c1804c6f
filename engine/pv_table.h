// PvTable<Move>: the triangular table of principal variations one search
// thread keeps, shared by the engine's search (engine/search.h) and the
// seed's plain searches (engine/plain_search.h). Row `ply` holds the best
// line found so far from the node at that ply; a new best move at a ply
// takes the child's row behind it.
#pragma once

#include <algorithm>
#include <iterator>

#include "engine/types.h"

namespace ludus {

template <class Move>
struct PvTable {
  Move moves[kMaxSearchPly + 1][kMaxSearchPly + 1];
  int len[kMaxSearchPly + 1] = {};

  void clear(int ply) { len[ply] = 0; }
  void clear_all() { std::fill(std::begin(len), std::end(len), 0); }

  // The line of `ply`: its best move so far, then the child's line.
  void update(int ply, Move m) {
    moves[ply][0] = m;
    const int child_len = ply + 1 < kMaxSearchPly ? len[ply + 1] : 0;
    for (int i = 0; i < child_len && i + 1 < kMaxSearchPly; ++i) moves[ply][i + 1] = moves[ply + 1][i];
    len[ply] = std::min(child_len + 1, kMaxSearchPly - 1);
  }

  const Move* begin(int ply) const { return moves[ply]; }
  const Move* end(int ply) const { return moves[ply] + len[ply]; }
};

}  // namespace ludus
