// The rules engine shared by the three hunt games, driven by a `Rules`
// description (board graph, goal, hunters' direction, stall rule, jumps).
// Rules: docs/rules/hunt.md; user notes: docs/games/hunt.md.
//
// State: one prey point, a bitmask of hunter points, the side to move and the
// stall counter (0 in mouse-cats). It is the complete state: options and
// history never change moves or results (rules 4).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "games/hunt/graph.h"

namespace ludus::hunt {

constexpr int kStallLimit = 10;  // the 10th non-forward hunter move in a row ends the game
constexpr int kMaxJumps = 17;    // a chain captures at most every goose
// The most jump moves (distinct end point + captured set) of any position: a
// fox on c5 amid 17 geese (fox-geese test "the largest move list fits").
constexpr int kMaxJumpMoves = 11155;

struct Pos {
  std::uint64_t hunters = 0;
  std::uint8_t prey = 0;
  bool prey_to_move = false;
  std::uint8_t stall = 0;
  bool operator==(const Pos&) const = default;
};

// A whole turn in 64 bits: bits 0-5 the piece's point, bits 6-10 the number
// of jumps (0 for a step), then 3 bits per direction (one for a step, one per
// jump of a chain, in order).
struct Move {
  std::uint64_t v = 0;

  static Move step(int from, int dir) {
    return Move{static_cast<std::uint64_t>(from) | static_cast<std::uint64_t>(dir) << 11};
  }
  int from() const { return static_cast<int>(v & 63); }
  int jumps() const { return static_cast<int>((v >> 6) & 31); }
  bool is_jump() const { return jumps() > 0; }
  int dir(int i) const { return static_cast<int>((v >> (11 + 3 * i)) & 7); }
  bool operator==(const Move&) const = default;
};

struct Rules {
  std::string_view game;      // the Game value
  const Graph* graph = nullptr;
  Side prey_side = Side::P1;  // the prey's player (p1 or p2)
  std::uint64_t goal = 0;     // the prey's goal points
  // The hunters' progress coordinate of each point: a hunter may step to a
  // point of equal (a "non-forward" move) or greater (forward) value, never less.
  std::array<std::int8_t, kMaxPoints> advance{};
  bool stall_rule = false;
  bool prey_jumps = false;    // the fox jumps and captures
  int min_hunters = 0, max_hunters = 0;
  std::string_view prey_word, hunters_word;  // FEN side words
  std::string_view prey_name, hunter_name;   // singular piece names for messages
  std::string_view backward_rule;            // message for a hunter stepping backwards
  char prey_char = 'P', hunter_char = 'H';   // letters of the `d` drawing
};

const Rules& mouse_cats_rules();
const Rules& hare_hounds_rules();
const Rules& fox_geese_rules();

// ---- state -------------------------------------------------------------------

inline Side side_to_move(const Rules& r, const Pos& p) {
  return p.prey_to_move ? r.prey_side : opposite(r.prey_side);
}
inline Outcome win_for(Side s) { return s == Side::P1 ? Outcome::P1Win : Outcome::P2Win; }
inline Outcome prey_wins(const Rules& r) { return win_for(r.prey_side); }
inline Outcome hunters_win(const Rules& r) { return win_for(opposite(r.prey_side)); }

// A bijective mix of the whole state (at most 33 hunter points + prey + side +
// stall fit in 64 bits): distinct states never share a key.
inline std::uint64_t key(const Pos& p) {
  std::uint64_t z = p.hunters ^ (static_cast<std::uint64_t>(p.prey) << 52) ^
                    (static_cast<std::uint64_t>(p.prey_to_move) << 58) ^ (static_cast<std::uint64_t>(p.stall) << 59);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// ---- moves ---------------------------------------------------------------------

// Every move of the side to move, ignoring whether the game is over (the
// "per section 5" moves of rules 6, check 2), in listing order: pieces in
// listing order, their targets in listing order; a fox's steps, then its
// jump moves sorted as token strings.
int generate(const Rules& r, const Pos& p, Move* out);
// Whether the side to move has a move (same rules as generate()).
bool has_move(const Rules& r, const Pos& p);
// The fox's jump moves only (one per end point + captured set, canonical path).
int generate_jumps(const Rules& r, const Pos& p, Move* out);
// The legal moves: none once the game is over (rules 5).
int legal_moves(const Rules& r, const Pos& p, Move* out);
Outcome outcome(const Rules& r, const Pos& p);
Pos play(const Rules& r, const Pos& p, Move m);

// The point a move ends on, and the geese a jump move captures.
int move_end(const Rules& r, Move m);
std::uint64_t move_captures(const Rules& r, Move m);
// For a hunter step: does it advance?
inline bool is_forward(const Rules& r, Move m) {
  const int to = r.graph->step(m.from(), m.dir(0));
  return r.advance[static_cast<std::size_t>(to)] > r.advance[static_cast<std::size_t>(m.from())];
}

// 16-bit move code for the transposition table: steps are exact; jump moves
// are hashed (a collision only affects move ordering).
std::uint16_t pack(Move m);

// ---- notation ------------------------------------------------------------------

std::string move_to_string(const Rules& r, Move m);
Status parse_move(const Rules& r, const Pos& p, std::string_view text, Move& out);
std::string to_fen(const Rules& r, const Pos& p);
Status parse_fen(const Rules& r, std::string_view text, Pos& out);
std::vector<std::string> board_lines(const Rules& r, const Pos& p);
// "p1win", "p2win" or "none".
std::string_view outcome_word(Outcome o);

}  // namespace ludus::hunt
