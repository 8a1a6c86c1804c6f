// Camelot move generation and end-of-game checks (rules 5 and 6).
//
// Moves are generated per piece as the rules' *candidate moves* (plain moves,
// canters, complete jumps, complete charges), then filtered by the three
// steps of rules 5.6 (own-castle exit, capture obligation, otherwise all).
// Each distinct triple (origin, destination, captured set) is produced once:
// canter destinations come from a breadth-first search over square sets
// (reachability does not depend on the visit rule), and jump chains from a
// depth-first search memoised on (square, captured set), which both prunes
// repeated states and makes every complete chain's triple appear once.
#pragma once

#include <vector>

#include "engine/types.h"
#include "games/camelot/board.h"

namespace ludus::camelot {

// More than any position's legal move count: the start position has 100,
// middle games about 70, but a Knight facing a lattice of enemy pieces has a
// charge for every set of pieces its chains can take. A search in a real
// game met 2,183 moves (1,705 of them one Knight's; camelot_test.cpp), and
// a hill-climb over set-ups (moving, adding and promoting pieces, keeping
// any set-up with as many moves) found no position with more than 14,137
// (tests/protocol/test_camelot.py). A generator that would exceed the
// bound keeps the first kMaxMoves moves and logs a warning once (it does
// not abort: a GUI may send any FEN); see docs/games/camelot.md.
// Lists of this size (256 KiB) live on the heap (MoveList, the search's and
// perft's per-ply lists) or in per-thread scratch lists, never on the stack.
constexpr int kMaxMoves = 65536;

// A whole move list on the heap; converts to the Move* the generators take.
struct MoveList {
  std::vector<Move> moves = std::vector<Move>(kMaxMoves);
  operator Move*() { return moves.data(); }
};

// Rules 6, checks 1 and 2 (castle, material): Ongoing when neither applies.
Outcome material_or_castle_outcome(const Position& p);
// Checks 1, 2, 3 and 5 (everything but repetition, which needs the history).
Outcome outcome(const Position& p);
// True if the side to move has any legal move (ignoring the end of the game).
bool has_any_move(const Position& p);
// The squares from which the side `side` has a jump available (rules 5.1),
// enemy castle squares excluded.
BB jump_sources(const Position& p, int side);
// Rules 5.6 step 2: a jump is available from some piece of the side to move.
bool capture_obligation(const Position& p);

// The legal move list of rules 5.6 (empty when the game is over by checks 1,
// 2 or 5). Order: by piece in square order, each piece's plain moves, canters,
// then captures.
int legal_moves(const Position& p, Move* out);
// The same list without the end-of-game checks (a finished position still
// lists the moves its pieces could make).
int generate_moves(const Position& p, Move* out);

// Quiescence moves: every legal move when all of them capture (a capture
// obligation, or a capturing exit from the own castle), otherwise the optional
// charges plus the moves that complete the enemy castle (an immediate win).
int noisy_moves(const Position& p, Move* out);
// True when every legal move captures, so that standing pat is not an option.
bool noisy_forced(const Position& p);

// The squares the piece of `side` on `from` can end a canter on (rules 5.3,
// the knight rule aside): its friends as middles, the piece lifted.
BB canter_squares(const Position& p, int side, int from);
// The union of canter_squares over the pieces of `side` on `from`, in one
// bitboard flood (the evaluation's charge threats).
BB canter_squares_of(const Position& p, int side, BB from);

// Squares X with X+d holding one of `targets` and X+2d in `landing`, for
// some direction d: where a jump over a member of `targets` can start
// (`targets` must hold squares only, as every set of pieces does).
BB leg_sources(BB targets, BB landing);

// Piece values used by ordering and evaluation (100 = one Man).
constexpr int kManValue = 100;
constexpr int kKnightValue = 135;
// The material of `pieces` captured pieces of which `knights` are Knights.
constexpr int material_value(int pieces, int knights) {
  return knights * kKnightValue + (pieces - knights) * kManValue;
}
int captured_value(const Position& p, Move m);
// The most material (100 a Man, 135 a Knight) one quiescence move of the side
// to move captures: max of captured_value over noisy_moves(p), without
// listing the moves.
int max_capture_value(const Position& p);

}  // namespace ludus::camelot
