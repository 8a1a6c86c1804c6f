// Bit tricks for the 8x8 Othello board.
//
// Square index = 8 * row + column (a1 = 0, h1 = 7, a8 = 56, h8 = 63), as in the
// rules (section 2). A bitboard has bit `sq` set for square `sq`. Moving one
// column right is +1, one row down is +8.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

namespace ludus::othello {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }
inline int popcount(Bitboard b) { return std::popcount(b); }
// Index of the lowest set bit; b must not be 0.
inline int lsb(Bitboard b) { return std::countr_zero(b); }

constexpr Bitboard kColumnA = 0x0101010101010101ULL;
constexpr Bitboard kColumnH = 0x8080808080808080ULL;
constexpr Bitboard kNotA = ~kColumnA;  // for shifts that move a disc one column right
constexpr Bitboard kNotH = ~kColumnH;  // for shifts that move a disc one column left
constexpr Bitboard kInner = 0x7E7E7E7E7E7E7E7EULL;  // columns b..g

constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);
constexpr Bitboard kXSquares = bit(9) | bit(14) | bit(49) | bit(54);
constexpr Bitboard kCentre = bit(27) | bit(28) | bit(35) | bit(36);

// Iterate set bits: for (Bitboard b = x; b; b &= b - 1) { int sq = lsb(b); ... }

// The 8 neighbours of every set square (dilation by one king step), without
// wrapping from one edge of the board to the other.
constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard h = ((b << 1) & kNotA) | ((b >> 1) & kNotH);  // left/right
  const Bitboard row = b | h;
  return (h | (row << 8) | (row >> 8)) ;
}

// All legal placements for the player with discs `P` against `O`.
// For each direction the runs of O discs that start next to a P disc are
// grown by a doubling fill (runs are at most 6 long), and the square after
// such a run is a move if it is empty. Horizontal and diagonal directions use
// O restricted to columns b..g so that a run cannot wrap around an edge.
namespace detail {
// T: a Bitboard, or a vector of them (both_moves' two players at once).
template <int D, class T>
constexpr T moves_dir(T P, T mask) {
  // towards higher indices
  T fl = mask & (P << D);
  fl |= mask & (fl << D);
  const T pl = mask & (mask << D);
  fl |= pl & (fl << (2 * D));
  fl |= pl & (fl << (2 * D));
  // towards lower indices
  T fr = mask & (P >> D);
  fr |= mask & (fr >> D);
  const T pr = mask & (mask >> D);
  fr |= pr & (fr >> (2 * D));
  fr |= pr & (fr >> (2 * D));
  return (fl << D) | (fr >> D);
}
// The placements of P against O, for a Bitboard or a vector of them.
template <class T>
constexpr T moves_mask(T P, T O) {
  const T inner = O & kInner;
  const T m = moves_dir<1>(P, inner) | moves_dir<8>(P, O) | moves_dir<7>(P, inner) | moves_dir<9>(P, inner);
  return m & ~(P | O);
}
}  // namespace detail

constexpr Bitboard legal_moves_mask(Bitboard P, Bitboard O) { return detail::moves_mask(P, O); }

// Both players' placements at once, {P's, O's}: the same fills on the two
// lanes of one 16-byte vector (SSE2 shifts both 64-bit lanes alike), about
// the cost of one legal_moves_mask. The evaluation's mobility needs both.
inline std::pair<Bitboard, Bitboard> both_moves(Bitboard P, Bitboard O) {
  using Pair = Bitboard __attribute__((vector_size(16)));
  const Pair legal = detail::moves_mask(Pair{P, O}, Pair{O, P});
  return {legal[0], legal[1]};
}

// Rays used by flips(): for every square, the squares strictly beyond it in
// each direction, up to the board edge. Directions 0..3 go to higher indices
// (E, SW, S, SE), 4..7 to lower indices (W, NE, N, NW).
namespace detail {
struct Rays {
  std::array<std::array<Bitboard, 4>, 64> up{};
  std::array<std::array<Bitboard, 4>, 64> down{};
};
constexpr Rays make_rays() {
  Rays r{};
  constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
  constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
  for (int sq = 0; sq < 64; ++sq)
    for (int d = 0; d < 8; ++d) {
      Bitboard m = 0;
      int c = sq % 8 + dc[d], row = sq / 8 + dr[d];
      while (c >= 0 && c < 8 && row >= 0 && row < 8) {
        m |= bit(8 * row + c);
        c += dc[d];
        row += dr[d];
      }
      (d < 4 ? r.up[sq][d] : r.down[sq][d - 4]) = m;
    }
  return r;
}
inline constexpr Rays kRays = make_rays();
}  // namespace detail

// Discs flipped when the player with `P` places on the empty square `sq`
// (0 if the placement is illegal). Per direction, branch-free:
//  - rays to higher indices: adding 1 to (O | ~ray) carries through the run of
//    O discs at the start of the ray; the first ray square that is not O is the
//    lowest ray bit of the sum. If it is a P disc (the "outflank" square), the
//    ray bits below it are exactly the bracketed run.
//  - rays to lower indices: the nearest non-O ray square is the highest set bit
//    of (~O & ray); if it is P, the ray bits above it are the run.
// One function per square with the rays as constants (rays shorter than two
// squares cannot bracket anything and vanish at compile time); flips() calls
// it through a table. This is the solver's hottest function.
namespace detail {
template <Bitboard Ray>
inline Bitboard flips_up(Bitboard P, Bitboard O) {
  if constexpr (std::popcount(Ray) < 2) {
    return 0;
  } else {
    const Bitboard outflank = Ray & ((O | ~Ray) + 1) & P;
    return (outflank - (outflank != 0)) & Ray;
  }
}
template <Bitboard Ray>
inline Bitboard flips_down(Bitboard P, Bitboard O) {
  if constexpr (std::popcount(Ray) < 2) {
    return 0;
  } else {
    // `| 1` keeps countl_zero defined when the whole ray is O; bit 0 is then
    // either outside the ray or an O disc, so it is masked out.
    const Bitboard outflank = (Bitboard{1} << (63 - std::countl_zero((~O & Ray) | 1))) & P & Ray;
    return (Bitboard{0} - (outflank << 1)) & Ray;
  }
}
template <int Sq>
Bitboard flips_at(Bitboard P, Bitboard O) {
  constexpr auto& up = kRays.up[Sq];
  constexpr auto& down = kRays.down[Sq];
  return flips_up<up[0]>(P, O) | flips_up<up[1]>(P, O) | flips_up<up[2]>(P, O) | flips_up<up[3]>(P, O) |
         flips_down<down[0]>(P, O) | flips_down<down[1]>(P, O) | flips_down<down[2]>(P, O) |
         flips_down<down[3]>(P, O);
}
using FlipFn = Bitboard (*)(Bitboard, Bitboard);
template <std::size_t... I>
constexpr std::array<FlipFn, 64> make_flip_table(std::index_sequence<I...>) {
  return {&flips_at<static_cast<int>(I)>...};
}
inline constexpr std::array<FlipFn, 64> kFlipTable = make_flip_table(std::make_index_sequence<64>{});
}  // namespace detail

inline Bitboard flips(int sq, Bitboard P, Bitboard O) { return detail::kFlipTable[sq](P, O); }

}  // namespace ludus::othello
