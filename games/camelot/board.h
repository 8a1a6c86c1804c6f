// Camelot geometry and position (rules: docs/rules/camelot.md, sections 2-3).
//
// Squares are numbered as the rules doc's square number n = 12*(rank-1) + file
// (a = 0 ... l = 11), so n runs over a 12 x 16 grid of 192 cells of which 160
// exist. Sets of squares are 192-bit bitboards (three 64-bit words); shifting
// a set one step in a direction masks the files that would wrap and then keeps
// only existing squares, so "nothing passes over or lands on a non-existent
// square" holds by construction.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "engine/types.h"

namespace ludus::camelot {

constexpr int kFiles = 12;
constexpr int kRanks = 16;
constexpr int kGrid = kFiles * kRanks;  // 192 cells, 160 of them squares
constexpr int kSquares = 160;
constexpr int kNone = 255;  // "no square" in the neighbour table

constexpr int file_of(int sq) { return sq % kFiles; }
constexpr int rank_of(int sq) { return sq / kFiles; }  // 0-based: rank 1 = 0
constexpr int make_square(int file, int rank0) { return rank0 * kFiles + file; }

// Rows of the board: rank 1/16 have f-g, 2/15 c-j, 3/14 b-k, 4..13 a-l.
constexpr int row_first_file(int rank0) {
  return (rank0 == 0 || rank0 == 15) ? 5 : (rank0 == 1 || rank0 == 14) ? 2 : (rank0 == 2 || rank0 == 13) ? 1 : 0;
}
constexpr int row_width(int rank0) { return kFiles - 2 * row_first_file(rank0); }
constexpr bool exists(int file, int rank0) {
  return file >= 0 && file < kFiles && rank0 >= 0 && rank0 < kRanks && file >= row_first_file(rank0) &&
         file < kFiles - row_first_file(rank0);
}

// ---- 192-bit square sets ----------------------------------------------------

struct BB {
  std::uint64_t w[3] = {0, 0, 0};

  static constexpr BB square(int sq) {
    BB b;
    b.w[sq >> 6] = std::uint64_t{1} << (sq & 63);
    return b;
  }
  constexpr bool test(int sq) const { return (w[sq >> 6] >> (sq & 63)) & 1; }
  constexpr void set(int sq) { w[sq >> 6] |= std::uint64_t{1} << (sq & 63); }
  constexpr void reset(int sq) { w[sq >> 6] &= ~(std::uint64_t{1} << (sq & 63)); }
  constexpr bool any() const { return (w[0] | w[1] | w[2]) != 0; }
  constexpr bool none() const { return !any(); }
  int count() const { return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]); }
  // Lowest square; the set must not be empty.
  int first() const {
    if (w[0]) return std::countr_zero(w[0]);
    if (w[1]) return 64 + std::countr_zero(w[1]);
    return 128 + std::countr_zero(w[2]);
  }
  // Removes and returns the lowest square.
  int pop() {
    const int sq = first();
    reset(sq);
    return sq;
  }
  // Number of members below `sq` (the index of a piece in square order).
  int count_below(int sq) const {
    const int word = sq >> 6;
    int n = std::popcount(w[word] & ((std::uint64_t{1} << (sq & 63)) - 1));
    for (int i = 0; i < word; ++i) n += std::popcount(w[i]);
    return n;
  }

  friend constexpr BB operator|(BB a, BB b) { return {{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}}; }
  friend constexpr BB operator&(BB a, BB b) { return {{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}}; }
  friend constexpr BB operator^(BB a, BB b) { return {{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]}}; }
  // Set difference a \ b (there is no ~, so that no set ever holds a non-square).
  friend constexpr BB operator-(BB a, BB b) { return {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]}}; }
  constexpr BB& operator|=(BB b) { return *this = *this | b; }
  constexpr BB& operator&=(BB b) { return *this = *this & b; }
  constexpr BB& operator-=(BB b) { return *this = *this - b; }
  friend constexpr bool operator==(const BB&, const BB&) = default;
};

namespace detail {
constexpr BB make_mask(bool (*pred)(int)) {
  BB b;
  for (int sq = 0; sq < kGrid; ++sq)
    if (pred(sq)) b.set(sq);
  return b;
}
}  // namespace detail

inline constexpr BB kValid = detail::make_mask([](int sq) { return exists(file_of(sq), rank_of(sq)); });
inline constexpr BB kNotFileA = detail::make_mask([](int sq) { return file_of(sq) != 0; });
inline constexpr BB kNotFileL = detail::make_mask([](int sq) { return file_of(sq) != kFiles - 1; });

// Castles (rules 2): White's is f1 g1, Black's f16 g16.
constexpr int kF1 = 5, kG1 = 6, kF16 = 15 * kFiles + 5, kG16 = 15 * kFiles + 6;
inline constexpr BB kCastle[2] = {BB::square(kF1) | BB::square(kG1), BB::square(kF16) | BB::square(kG16)};
constexpr bool in_castle(int side, int sq) { return side == 0 ? (sq == kF1 || sq == kG1) : (sq == kF16 || sq == kG16); }

// The four classes of squares by (file parity, rank parity). Canter legs
// and jump legs move two squares in a line, so they never leave a class.
constexpr int parity_of(int sq) { return (file_of(sq) & 1) | (rank_of(sq) & 1) << 1; }
namespace detail {
constexpr BB make_parity(int cls) {
  BB b;
  for (int sq = 0; sq < kGrid; ++sq)
    if (exists(file_of(sq), rank_of(sq)) && parity_of(sq) == cls) b.set(sq);
  return b;
}
}  // namespace detail
inline constexpr BB kParity[4] = {detail::make_parity(0), detail::make_parity(1), detail::make_parity(2),
                                  detail::make_parity(3)};

// Directions: N NE E SE S SW W NW; the opposite of d is d ^ 4.
enum Dir : int { N, NE, E, SE, S, SW, W, NW };
constexpr int kDirFile[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDirRank[8] = {1, 1, 0, -1, -1, -1, 0, 1};

inline BB shl(BB b, int k) {
  return {{b.w[0] << k, (b.w[1] << k) | (b.w[0] >> (64 - k)), (b.w[2] << k) | (b.w[1] >> (64 - k))}};
}
inline BB shr(BB b, int k) {
  return {{(b.w[0] >> k) | (b.w[1] << (64 - k)), (b.w[1] >> k) | (b.w[2] << (64 - k)), b.w[2] >> k}};
}
// Every member moved one step in direction d on the 12 x 16 grid, files
// masked so that nothing wraps, non-existent cells kept (for callers that
// intersect the result with a set of squares anyway).
template <int D>
inline BB shift_grid(BB b) {
  if constexpr (D == N) return shl(b, 12);
  else if constexpr (D == S) return shr(b, 12);
  else if constexpr (D == E) return shl(b & kNotFileL, 1);
  else if constexpr (D == W) return shr(b & kNotFileA, 1);
  else if constexpr (D == NE) return shl(b & kNotFileL, 13);
  else if constexpr (D == NW) return shl(b & kNotFileA, 11);
  else if constexpr (D == SE) return shr(b & kNotFileL, 11);
  else return shr(b & kNotFileA, 13);  // SW
}
// Every member moved one step in direction d (members whose neighbour does
// not exist disappear).
template <int D>
inline BB shift(BB b) {
  return shift_grid<D>(b) & kValid;
}
BB shift(BB b, int d);

// The neighbour of a square in a direction, or kNone.
// A leg from a square: over `mid` onto `land` (both exist).
struct Leg {
  std::uint8_t mid, land;
};
struct Geometry {
  std::uint8_t nb[kGrid][8];
  Leg legs[kGrid][8];            // the legs from a square, `leg_count` of them
  std::uint8_t leg_count[kGrid];
  BB adjacent[kGrid];            // the neighbours of a square
  std::uint8_t compact[kGrid];   // 0..159 for squares, kNone otherwise
  std::uint8_t grid_of[kSquares];
};
namespace detail {
extern const Geometry kGeometry;
}
inline const Geometry& geometry() { return detail::kGeometry; }
inline int neighbour(int sq, int d) { return geometry().nb[sq][d]; }

std::string square_name(int sq);
// Parses a square name (case-insensitive); -1 unless it names an existing square.
int parse_square(std::string_view text);

// ---- pieces, moves, positions -------------------------------------------------

// A whole Camelot move, chain included, identified by the rules' triple
// (origin, destination, set of captured squares), section 5.8. The captured
// set is stored as a mask over the opponent's pieces numbered in ascending
// square order in the position the move belongs to (at most 14 pieces), which
// keeps a move in 4 bytes. The path is not stored: tokens are printed from the
// position (notation.h computes the canonical path).
struct Move {
  std::uint8_t from = kNone;
  std::uint8_t to = kNone;
  std::uint16_t captures = 0;
  constexpr bool is_capture() const { return captures != 0; }
  friend constexpr bool operator==(const Move&, const Move&) = default;
};

struct Position {
  BB pieces[2];  // by side: 0 = White (p1), 1 = Black (p2)
  BB knights;    // Knights of both colours; the other pieces are Men
  std::uint64_t base_key = 0;  // Zobrist of everything but the clock (= the repetition key)
  std::uint8_t side = 0;       // side to move
  std::uint8_t castle_moves[2] = {0, 0};  // castle moves made (rules 5.5), 0..2
  std::uint8_t clock = 0;                 // plies without progress, 0..100 (rules 5.7)
  bool continue_rule = false;             // OwnCastleJump=continue (rules 8)
  std::uint16_t ply = 0;                  // plies since the base position (seed evaluator only)

  BB occupied() const { return pieces[0] | pieces[1]; }
  BB empty() const { return kValid - occupied(); }
  // 'K' 'M' 'k' 'm' or 0.
  char piece_at(int sq) const;
};

struct Zobrist {
  std::uint64_t piece[4][kGrid];  // White Man, White Knight, Black Man, Black Knight
  std::uint64_t side;
  std::uint64_t castle[2][3];
  std::uint64_t clock[101];
  std::uint64_t continue_rule;
};
const Zobrist& zobrist();

std::uint64_t compute_base_key(const Position& p);
inline std::uint64_t full_key(const Position& p) { return p.base_key ^ zobrist().clock[p.clock]; }

Position start_position(bool continue_rule);

// Plays a move produced by the move generator (or the parser) for `p`.
Position play(const Position& p, Move m);

// The squares of the opponent's pieces captured by `m` in `p`.
BB captured_squares(const Position& p, Move m);

}  // namespace ludus::camelot
