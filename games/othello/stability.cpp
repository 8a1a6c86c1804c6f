#include "games/othello/stability.h"

#include <array>
#include <cstdint>

namespace ludus::othello {

namespace {

// Discs flipped on an 8-square line when `a` places on `sq` against `b`.
unsigned line_flips(int sq, unsigned a, unsigned b) {
  unsigned f = 0;
  for (int d : {-1, 1}) {
    unsigned run = 0;
    int i = sq + d;
    while (i >= 0 && i < 8 && (b >> i & 1)) {
      run |= 1u << i;
      i += d;
    }
    if (run && i >= 0 && i < 8 && (a >> i & 1)) f |= run;
  }
  return f;
}

struct EdgeTable {
  // stable[p][o] for disjoint p, o; other entries unused.
  std::array<std::array<std::uint8_t, 256>, 256> stable{};
  std::array<std::array<bool, 256>, 256> done{};

  unsigned solve(unsigned p, unsigned o) {
    if (done[p][o]) return stable[p][o];
    unsigned s = p;
    const unsigned empty = ~(p | o) & 0xFF;
    // Any empty edge square may be filled by either side (the placement can
    // be legal through another direction even if it flips nothing here).
    for (int sq = 0; sq < 8 && s; ++sq) {
      if (!(empty >> sq & 1)) continue;
      const unsigned fp = line_flips(sq, p, o);
      s &= solve(p | fp | (1u << sq), o & ~fp);
      const unsigned fo = line_flips(sq, o, p);
      s &= solve(p & ~fo, o | fo | (1u << sq));
    }
    done[p][o] = true;
    stable[p][o] = static_cast<std::uint8_t>(s);
    return s;
  }

  EdgeTable() {
    for (unsigned p = 0; p < 256; ++p)
      for (unsigned o = 0; o < 256; ++o)
        if (!(p & o)) solve(p, o);
  }
};

const EdgeTable& edge_table() {
  static const EdgeTable table;
  return table;
}

struct ColumnTable {
  std::array<Bitboard, 256> to_col{};
  constexpr ColumnTable() {
    for (unsigned v = 0; v < 256; ++v)
      for (int i = 0; i < 8; ++i)
        if (v >> i & 1) to_col[v] |= bit(8 * i);
  }
};
constexpr ColumnTable kColumnTable;

// Diagonal lines of length >= 3 (shorter ones are corners' neighbourhoods
// and are covered by the edge analysis) in both directions.
struct Diagonals {
  std::array<Bitboard, 30> lines{};
  int count = 0;
  constexpr Diagonals() {
    for (int dir : {7, 9})
      for (int start = 0; start < 64; ++start) {
        // start squares: first row or first/last column, walk while inside
        const int r = start / 8, c = start % 8;
        const int dc = dir == 9 ? 1 : -1;
        const int pc = c - dc, pr = r - 1;  // previous square on the line
        if (pr >= 0 && pc >= 0 && pc < 8) continue;  // not the line's start
        Bitboard m = 0;
        for (int rr = r, cc = c; rr < 8 && cc >= 0 && cc < 8; ++rr, cc += dc) m |= bit(8 * rr + cc);
        if (std::popcount(m) >= 2) lines[count++] = m;
      }
  }
};
constexpr Diagonals kDiagonals;

}  // namespace

Bitboard byte_to_column_a(unsigned byte) { return kColumnTable.to_col[byte & 0xFF]; }

unsigned edge_stable_byte(unsigned p, unsigned o) { return edge_table().stable[p & 0xFF][o & 0xFF]; }

Bitboard edge_stable_discs(Bitboard P, Bitboard O) {
  const auto& t = edge_table().stable;
  Bitboard s = Bitboard{t[P & 0xFF][O & 0xFF]};
  s |= Bitboard{t[P >> 56][O >> 56]} << 56;
  s |= byte_to_column_a(t[column_a_to_byte(P)][column_a_to_byte(O)]);
  s |= byte_to_column_a(t[column_a_to_byte(P >> 7)][column_a_to_byte(O >> 7)]) << 7;
  return s;
}

namespace {
struct FullLines {
  Bitboard h = 0, v = 0, d7 = 0, d9 = 0;
};

FullLines full_lines(Bitboard occ) {
  FullLines f;
  for (int r = 0; r < 8; ++r) {
    const Bitboard row = Bitboard{0xFF} << (8 * r);
    if ((occ & row) == row) f.h |= row;
  }
  Bitboard col = occ & (occ >> 32);
  col &= col >> 16;
  col &= col >> 8;
  f.v = (col & 0xFF) * kColumnA;
  for (int i = 0; i < kDiagonals.count; ++i) {
    const Bitboard m = kDiagonals.lines[i];
    if ((occ & m) != m) continue;
    // a line's direction: its two lowest squares differ by 7 or 9
    const int a = lsb(m), b = lsb(m & (m - 1));
    (b - a == 9 ? f.d9 : f.d7) |= m;
  }
  // single-square diagonals (the corners) are always "full" in that direction
  f.d7 |= bit(0) | bit(63);
  f.d9 |= bit(7) | bit(56);
  return f;
}
}  // namespace

Bitboard all_lines_full(Bitboard occupied) {
  const FullLines f = full_lines(occupied);
  return f.h & f.v & f.d7 & f.d9;
}

Bitboard stable_discs(Bitboard P, Bitboard O) {
  const Bitboard occ = P | O;
  Bitboard stable = edge_stable_discs(P, O);
  const FullLines f = full_lines(occ);
  stable |= P & f.h & f.v & f.d7 & f.d9;
  // The outer ring is fully handled by the edge analysis; interior discs
  // grow from stable neighbours.
  Bitboard cand = P & ~stable & 0x007E7E7E7E7E7E00ULL;
  while (cand) {
    const Bitboard sh = f.h | ((stable << 1) & kNotA) | ((stable >> 1) & kNotH);
    const Bitboard sv = f.v | (stable << 8) | (stable >> 8);
    const Bitboard s9 = f.d9 | ((stable << 9) & kNotA) | ((stable >> 9) & kNotH);
    const Bitboard s7 = f.d7 | ((stable << 7) & kNotH) | ((stable >> 7) & kNotA);
    const Bitboard add = cand & sh & sv & s9 & s7;
    if (!add) break;
    stable |= add;
    cand &= ~add;
  }
  return stable;
}

}  // namespace ludus::othello
