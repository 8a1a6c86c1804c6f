#include "games/linja/board.h"

namespace ludus::linja {

int score(const Position& p, Colour c) {
  int s = 0;
  for (int r = 0; r < kRows; ++r) s += piece_points(c, r) * p.count(c, r);
  return s;
}

Position start_position(Colour first, bool forbid) {
  Position p;
  p.add(kRed, 0, 6);
  p.add(kBlack, 7, 6);
  for (int r = 1; r <= 6; ++r) p.add(kRed, r, 1), p.add(kBlack, r, 1);
  p.mover = first;
  p.p1 = first;
  p.forbid = forbid;
  return p;
}

std::uint64_t hash_key(const Position& p) {
  // Red's row-1 count and Black's row-8 count follow from the totals of 12,
  // so 7 + 7 fields of 4 bits (56 bits) identify the board; the rest of the
  // state needs 6 more bits. The packing is injective on all valid states.
  const std::uint64_t red = (p.cells >> 4) & 0x0FFFFFFFull;  // red rows 2..8
  const std::uint64_t black = (p.cells >> 32) & 0x0FFFFFFFull;  // black rows 1..7
  std::uint64_t x = red | black << 28;
  x |= static_cast<std::uint64_t>(p.mover) << 56;
  x |= static_cast<std::uint64_t>(p.points) << 57;  // 0..5: 3 bits
  x |= static_cast<std::uint64_t>(p.extra_used) << 60;
  x |= static_cast<std::uint64_t>(p.forbid) << 61;
  // splitmix64's finaliser: a bijection of 64-bit words, so distinct states
  // keep distinct keys while every key bit depends on every state bit.
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

}  // namespace ludus::linja
