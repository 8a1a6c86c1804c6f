// Arimaa board, step state and step generation (rules: docs/rules/arimaa.md;
// user notes: docs/games/arimaa.md).
//
// The search works on *steps*: a Position is a board plus the state of the
// turn in progress (§5.7 of the rules): steps used, a pending push, the pull
// option, and the turn-start board (rule 3: a turn must change the board).
// A turn ends with an explicit end-of-turn move (`kPass`) or by itself after
// the 4th step; only then does the side to move change.
//
// Squares: sq = 8 * (rank - 1) + file, a1 = 0, h1 = 7, h8 = 63 (as pyrimaa).
// Piece types 0..5 = rabbit, cat, dog, horse, camel, elephant; strength =
// type + 1. Colour 0 = gold (p1), 1 = silver (p2).
#pragma once

#include <bit>
#include <cstdint>

namespace ludus::arimaa {

using Bitboard = std::uint64_t;

enum Color : int { kGold = 0, kSilver = 1 };
enum PieceType : int { kRabbit = 0, kCat, kDog, kHorse, kCamel, kElephant, kNoType = 6 };
constexpr int kNumTypes = 6;
constexpr int kNoSquare = 64;

// Directions in token order: n (towards rank 8), s, e (towards file h), w.
enum Dir : int { kNorth = 0, kSouth = 1, kEast = 2, kWest = 3 };
constexpr int kDelta[4] = {8, -8, 1, -1};
constexpr char kDirChar[4] = {'n', 's', 'e', 'w'};

constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }
constexpr int lsb(Bitboard b) { return std::countr_zero(b); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }  // r = 0..7
// c3, f3, c6, f6.
constexpr Bitboard kTraps = bit(18) | bit(21) | bit(42) | bit(45);
// Where each colour's rabbits score (gold: rank 8, silver: rank 1).
constexpr Bitboard kGoalRow[2] = {kRank8, kRank1};
// Setup rows (gold: ranks 1-2, silver: ranks 7-8).
constexpr Bitboard kSetupRows[2] = {kRank1 | rank_bb(1), rank_bb(6) | kRank8};
// A rabbit's forbidden direction.
constexpr int kBackward[2] = {kSouth, kNorth};

constexpr Bitboard shift(Bitboard b, int dir) {
  switch (dir) {
    case kNorth: return b << 8;
    case kSouth: return b >> 8;
    case kEast: return (b << 1) & ~kFileA;
    default: return (b >> 1) & ~kFileH;
  }
}
// Squares orthogonally adjacent to some square of b.
constexpr Bitboard adj(Bitboard b) {
  return (b << 8) | (b >> 8) | ((b << 1) & ~kFileA) | ((b >> 1) & ~kFileH);
}
// Neighbours of one square (table).
struct AdjTable {
  Bitboard v[64];
  constexpr AdjTable() : v() {
    for (int s = 0; s < 64; ++s) v[s] = adj(bit(s));
  }
};
inline constexpr AdjTable kAdj{};
constexpr int rank_of(int sq) { return sq >> 3; }
// The rank of sq counted from colour c's home row (0) towards its goal (7).
constexpr int rank_from_home(int c, int sq) { return c == kGold ? rank_of(sq) : 7 - rank_of(sq); }
constexpr int file_of(int sq) { return sq & 7; }

// Zobrist keys.
struct Zobrist {
  std::uint64_t piece[2][kNumTypes][64];
  std::uint64_t side;   // silver to move
  std::uint64_t setup;  // setup phase (turn 1)
  std::uint64_t steps[4];
  std::uint64_t push[65][kNumTypes + 1];  // [square or kNoSquare][strength]; none = 0
  std::uint64_t pull[65][kNumTypes + 1];
  std::uint64_t start;  // multiplier for the turn-start key
};
const Zobrist& zobrist();

// A position at a step boundary: the board, the side to move, and the turn
// in progress. Cheap to copy (the search copies it per step).
struct Position {
  Bitboard color[2] = {0, 0};
  Bitboard type[kNumTypes] = {0, 0, 0, 0, 0, 0};
  std::uint64_t hash = 0;        // board + side + setup phase: the repetition identity
  std::uint64_t start_hash = 0;  // `hash` at the start of the turn in progress
  Bitboard start_occ = 0;        // occupancy at the start of the turn in progress
  std::uint32_t turn = 1;        // move number (1 = setup phase)
  std::uint8_t side = kGold;
  std::uint8_t steps = 0;        // steps used in the turn in progress (0..3)
  std::uint8_t push_sq = kNoSquare;  // pending push: the square the pusher must enter
  std::uint8_t push_str = 0;         //   and the pushed piece's strength
  std::uint8_t pull_sq = kNoSquare;  // pull option: the square an own piece just left
  std::uint8_t pull_str = 0;         //   and that piece's strength
  // Search cache, not part of the state: set once the goal detector
  // (goal.h) found no goal for the side to move in the rest of this turn.
  // Later steps of the same turn inherit it (they only have fewer steps
  // left); end_turn() clears it.
  mutable std::uint8_t no_goal_this_turn = 0;

  Bitboard occupied() const { return color[0] | color[1]; }
  bool setup_phase() const { return turn == 1; }
  bool turn_start() const { return steps == 0 && push_sq == kNoSquare && pull_sq == kNoSquare; }
  // Piece type on sq (kNoType if empty).
  int type_at(int sq) const {
    const Bitboard b = bit(sq);
    for (int t = 0; t < kNumTypes; ++t)
      if (type[t] & b) return t;
    return kNoType;
  }
  int color_at(int sq) const { return (color[0] & bit(sq)) ? kGold : (color[1] & bit(sq)) ? kSilver : -1; }
  Bitboard pieces(int c, int t) const { return color[c] & type[t]; }
  // Pieces of colour c stronger than strength `str` (type >= str).
  Bitboard stronger(int c, int str) const {
    Bitboard b = 0;
    for (int t = str; t < kNumTypes; ++t) b |= type[t];
    return b & color[c];
  }
  // Pieces of colour c weaker than strength `str` (type < str - 1).
  Bitboard weaker(int c, int str) const {
    Bitboard b = 0;
    for (int t = 0; t < str - 1; ++t) b |= type[t];
    return b & color[c];
  }
  bool same_board(const Position& o) const {
    if (color[0] != o.color[0] || color[1] != o.color[1]) return false;
    for (int t = 0; t < kNumTypes; ++t)
      if (type[t] != o.type[t]) return false;
    return true;
  }
};

// Board edits that keep `hash` in step.
inline void put_piece(Position& p, int c, int t, int sq) {
  p.color[c] |= bit(sq);
  p.type[t] |= bit(sq);
  p.hash ^= zobrist().piece[c][t][sq];
}
inline void remove_piece(Position& p, int c, int t, int sq) {
  p.color[c] &= ~bit(sq);
  p.type[t] &= ~bit(sq);
  p.hash ^= zobrist().piece[c][t][sq];
}
// Moves a piece to the empty square `to` (one xor per board and key).
inline void move_piece(Position& p, int c, int t, int from, int to) {
  const Bitboard moved = bit(from) | bit(to);
  const auto& keys = zobrist().piece[c][t];
  p.color[c] ^= moved;
  p.type[t] ^= moved;
  p.hash ^= keys[from] ^ keys[to];
}

// Recomputes `hash` from scratch (after building a board by hand).
std::uint64_t board_hash(const Position& p);

// Pieces of colour c that are frozen (§5.2).
Bitboard frozen(const Position& p, int c);
// Whether colour c's piece on sq is frozen (frozen() for one square).
bool frozen_at(const Position& p, int c, int sq);

// A move of the step search (16 bits, also the transposition-table packing).
//   1..256     step: 1 + from * 4 + dir (own step, push or pull: the kind
//              follows from the position, §5.4 ambiguity rule included)
//   257        end the turn (after 1-3 steps)
//   258        end the turn with a push left unfinished (AEI makemove only,
//              rules §7.4; never generated)
//   512..895   placement of one piece in a setup: 512 + type * 64 + sq
//   1024+i     setup candidate i of the book (a whole setup in one move)
struct Move {
  std::uint16_t v = 0;
  static constexpr std::uint16_t kPass = 257, kForcedEnd = 258, kPlaceBase = 512, kSetupBase = 1024;
  static constexpr Move step(int from, int dir) { return Move{static_cast<std::uint16_t>(1 + from * 4 + dir)}; }
  static constexpr Move pass() { return Move{kPass}; }
  static constexpr Move forced_end() { return Move{kForcedEnd}; }
  static constexpr Move place(int t, int sq) { return Move{static_cast<std::uint16_t>(kPlaceBase + t * 64 + sq)}; }
  static constexpr Move setup(int i) { return Move{static_cast<std::uint16_t>(kSetupBase + i)}; }
  constexpr bool is_none() const { return v == 0; }
  constexpr bool is_step() const { return v >= 1 && v <= 256; }
  constexpr bool is_pass() const { return v == kPass; }
  constexpr bool is_forced_end() const { return v == kForcedEnd; }
  constexpr bool is_place() const { return v >= kPlaceBase && v < kPlaceBase + 6 * 64; }
  constexpr bool is_setup() const { return v >= kSetupBase; }
  constexpr int from() const { return (v - 1) >> 2; }
  constexpr int dir() const { return (v - 1) & 3; }
  constexpr int to() const { return from() + kDelta[dir()]; }
  constexpr int place_type() const { return (v - kPlaceBase) / 64; }
  constexpr int place_sq() const { return (v - kPlaceBase) % 64; }
  constexpr int setup_index() const { return v - kSetupBase; }
  constexpr bool operator==(const Move& o) const { return v == o.v; }
};

// Upper bound of generate_moves(): 16 own pieces x 4 directions, 16 enemy
// pieces x 4 directions (pushes and pulls), the end of the turn; in the
// setup phase the number of book setups (setups.h caps it).
constexpr int kMaxMoves = 160;

// Storage for a move list that is not zero-filled first (a `Move[]` is:
// Move has a default member initialiser), for the hot loops. Move is an
// aggregate, so the generator's writes create the objects.
struct MoveBuffer {
  alignas(Move) unsigned char raw[sizeof(Move) * kMaxMoves];
  Move* data() { return reinterpret_cast<Move*>(raw); }
};

// Every legal move of the step state (§5.7): steps (own, push A, push B,
// pull) and the end of the turn; in the setup phase the book setups.
// Excludes a 4th step that would restore the turn-start board (rule 3).
// Repetition (rule 4) is left to the caller. Returns the count.
int generate_moves(const Position& p, Move* out);

// Applies one step (own step, push step, pull step) without legality
// checks: moves the piece, applies the trap captures (§5.5), updates the
// push/pull state and ends the turn after the 4th step.
void do_step(Position& p, int from, int dir);
// Ends the turn in progress: the other side moves, a new turn starts.
void end_turn(Position& p);
// Applies any Move (step, end of turn, placement, book setup).
Position play(const Position& p, Move m);
// The board as the side not to move would find it at the start of its
// turn (the threats it would have if the side to move passed now).
Position opponent_turn_view(const Position& p);

// Is the step m among generate_moves(p)? The same rules, for one step
// (a replayed sequence checks its steps without listing every move).
bool is_legal_step(const Position& p, Move m);

// True if the side to move has at least one legal first step (then it has
// a legal turn, repetitions aside: rules §5.7 "useful fact").
bool has_legal_step(const Position& p);

// The position after an ordinary step, captures included, as a key only:
// used for the rule-3 check of 4th steps.
std::uint64_t hash_after_step(const Position& p, int from, int dir);

}  // namespace ludus::arimaa
