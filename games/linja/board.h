// The Linja position (rules: docs/rules/linja.md, sections 2-6).
//
// Pieces of one colour are indistinguishable (rules 5.8), so a position is
// just 16 small counts: red and black pieces in each of the 8 rows. They are
// packed as 4-bit fields of one 64-bit word, which makes copies, moves and
// the hash key trivial. Rows are 0..7 internally (row number - 1).
//
// The search plays one sub-move per ply (rules 5.9), so the position also
// carries the mid-turn state: the phase (first move, or second move with N
// movement points pending) and whether the extra turn has been used. The
// colour to move changes only when the turn ends.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace ludus::linja {

enum Colour : std::uint8_t { kRed = 0, kBlack = 1 };
constexpr Colour other(Colour c) { return c == kRed ? kBlack : kRed; }

constexpr int kRows = 8;
constexpr int kPieces = 12;     // per colour
constexpr int kCapacity = 6;    // middle rows 2..7 (indices 1..6)

// Direction of travel, goal row and home row of a colour (rules 2).
constexpr int forward(Colour c) { return c == kRed ? 1 : -1; }
constexpr int goal_row(Colour c) { return c == kRed ? 7 : 0; }
constexpr int home_row(Colour c) { return c == kRed ? 0 : 7; }
constexpr bool is_end_row(int r) { return r == 0 || r == 7; }
// Rows a colour's pieces have still to travel from row r to the goal.
constexpr int distance_to_goal(Colour c, int r) { return c == kRed ? 7 - r : r; }

// Points of a piece of colour c in row r at the end (rules 6.3).
constexpr int kPointsByDistance[kRows] = {5, 3, 2, 1, 0, 0, 0, 0};  // by distance to goal
constexpr int piece_points(Colour c, int r) { return kPointsByDistance[distance_to_goal(c, r)]; }

// A sub-move: a piece of the mover goes from row `from` to row `to` (rows
// 0..7). The forced pass of a whole turn (rules 5.7) is from = to = kPassRow.
constexpr std::uint8_t kPassRow = 8;
constexpr std::uint8_t kNoRow = 255;
struct Move {
  std::uint8_t from = kNoRow;
  std::uint8_t to = kNoRow;
  constexpr bool is_pass() const { return from == kPassRow; }
  constexpr bool is_none() const { return from == kNoRow; }
  friend constexpr bool operator==(Move, Move) = default;
};
constexpr Move kPass{kPassRow, kPassRow};
constexpr Move kNoMove{};

struct Position {
  // 4 bits per (colour, row): red row r at bit 4r, black row r at bit 32+4r.
  std::uint64_t cells = 0;
  Colour mover = kRed;         // colour to move
  Colour p1 = kRed;            // colour of p1 (LinjaFirst), for Side and results
  std::uint8_t points = 0;     // 0: phase "first"; 1..5: phase "second" with N = points
  bool extra_used = false;     // the turn's one extra turn has been taken (rules 5.4)
  bool forbid = false;         // LinjaOvershoot = forbid (rules 5.3)

  int count(Colour c, int r) const { return static_cast<int>((cells >> (32 * c + 4 * r)) & 15); }
  int total(int r) const { return count(kRed, r) + count(kBlack, r); }
  // n may be negative; no field ever under- or overflows (counts stay 0..12).
  void add(Colour c, int r, int n) {
    cells += static_cast<std::uint64_t>(static_cast<std::int64_t>(n)) << (32 * c + 4 * r);
  }
  // A row accepts a piece: an end row, or a middle row with fewer than 6.
  bool accepts(int r) const { return is_end_row(r) || total(r) < kCapacity; }
  // Bit r set when colour c has a piece in row r.
  unsigned occupied(Colour c) const {
    const std::uint32_t x = static_cast<std::uint32_t>(cells >> (32 * c));
    unsigned m = 0;
    for (int r = 0; r < kRows; ++r) m |= ((x >> (4 * r)) & 15u) ? 1u << r : 0u;
    return m;
  }
  // At a turn boundary: phase first and no extra turn taken yet.
  bool at_turn_start() const { return points == 0 && !extra_used; }

  friend bool operator==(const Position&, const Position&) = default;
};

// Rules 6.1: every red piece strictly above every black piece.
inline bool separated(const Position& p) {
  const unsigned red = p.occupied(kRed), black = p.occupied(kBlack);
  const int min_red = __builtin_ctz(red);          // both colours always have 12 pieces
  const int max_black = 31 - __builtin_clz(black);
  return min_red > max_black;
}

// End-of-game points of colour c as the board stands (rules 6.3).
int score(const Position& p, Colour c);

// The default start position (rules 3) with `first` to move.
Position start_position(Colour first, bool forbid);

// Perfect 64-bit identity of the whole state (board, mover, phase, N,
// extra turn flag, overshoot rule), mixed by a bijection so that its bits
// spread evenly over the transposition table.
std::uint64_t hash_key(const Position& p);

}  // namespace ludus::linja
