// The Othello position: the side to move's discs, the opponent's discs, and
// who the side to move is. Storing "own/opp" instead of "black/white" keeps
// move generation, the solver and the evaluation colour-blind; the colour is
// only needed for FEN, result and display.
#pragma once

#include <cstdint>

#include "engine/types.h"
#include "games/othello/bitboard.h"

namespace ludus::othello {

constexpr int kPassSquare = 64;   // the `pass` move
constexpr int kNoSquare = 255;    // "no move"

// A whole turn: a placement square 0..63, or the pass.
struct Move {
  std::uint8_t sq = kNoSquare;
  constexpr bool is_pass() const { return sq == kPassSquare; }
  constexpr bool is_none() const { return sq == kNoSquare; }
  friend constexpr bool operator==(Move, Move) = default;
};
constexpr Move kPass{kPassSquare};
constexpr Move kNoMove{kNoSquare};

struct Board {
  Bitboard own = 0;  // discs of the side to move
  Bitboard opp = 0;  // discs of the other side
  Side side = Side::P1;

  Bitboard black() const { return side == Side::P1 ? own : opp; }
  Bitboard white() const { return side == Side::P1 ? opp : own; }
  Bitboard empties() const { return ~(own | opp); }
  int empty_count() const { return 64 - popcount(own | opp); }
  Bitboard moves() const { return legal_moves_mask(own, opp); }
  Bitboard opp_moves() const { return legal_moves_mask(opp, own); }

  friend bool operator==(const Board&, const Board&) = default;
};

Board start_board();
Board from_colours(Bitboard black, Bitboard white, Side to_move);

// Places a disc of the side to move on `sq`, which must be a legal placement.
// (The moves are always inlined: the search plays through IndexedBoard,
// pattern_indexes.h, and a call here made it about 10% slower.)
[[gnu::always_inline]] inline Board play_square(const Board& b, int sq) {
  const Bitboard f = flips(sq, b.own, b.opp);
  return Board{b.opp & ~f, b.own | f | bit(sq), opposite(b.side)};
}
[[gnu::always_inline]] inline Board play_pass(const Board& b) { return Board{b.opp, b.own, opposite(b.side)}; }
[[gnu::always_inline]] inline Board play(const Board& b, Move m) {
  return m.is_pass() ? play_pass(b) : play_square(b, m.sq);
}

// Rules 6.1: the game is over when neither side has a placement.
inline bool game_over(const Board& b) { return b.moves() == 0 && b.opp_moves() == 0; }

// Rules 6.3 from the side to move's view, in discs: the empty squares go to
// the winner. Only meaningful once the game is over, but defined for any board.
inline int final_score(Bitboard own, Bitboard opp) {
  const int o = popcount(own), p = popcount(opp);
  const int e = 64 - o - p;
  return o > p ? o - p + e : o < p ? o - p - e : 0;
}
inline int final_score(const Board& b) { return final_score(b.own, b.opp); }

// The legal moves in canonical order (rules 5.3): placements by ascending
// square; the single pass when the side to move has no placement but the
// opponent has; nothing when the game is over. Returns the count (<= 60).
int generate_moves(const Board& b, Move* out);

// Black/white/draw by disc count (rules 6.2); Ongoing while a side can move.
Outcome outcome(const Board& b);

// 64-bit hash of the board and the side to move (different sides to move give
// different keys even for the same discs).
std::uint64_t hash_key(const Board& b);

}  // namespace ludus::othello
