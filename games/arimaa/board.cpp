#include "games/arimaa/board.h"

#include "games/arimaa/setups.h"

namespace ludus::arimaa {

namespace {

constexpr std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Zobrist make_zobrist() {
  Zobrist z{};
  std::uint64_t s = 0xA1A1AA5EEDULL;
  for (auto& c : z.piece)
    for (auto& t : c)
      for (auto& k : t) k = splitmix(s);
  z.side = splitmix(s);
  z.setup = splitmix(s);
  for (auto& k : z.steps) k = splitmix(s);
  for (auto& sq : z.push)
    for (auto& k : sq) k = splitmix(s);
  for (auto& sq : z.pull)
    for (auto& k : sq) k = splitmix(s);
  z.push[kNoSquare][0] = z.pull[kNoSquare][0] = 0;
  z.start = splitmix(s) | 1;
  return z;
}

// Applies the trap rule (§5.5) after a piece of colour c left `from`.
// Every piece on a trap was supported before the step (the FEN parser
// rejects a board with an unsupported one), so only a trap next to `from`
// can lose a piece: the one the piece entered, or the one it may have been
// the last supporter of. No square has two traps next to it.
inline void capture_after_step(Position& p, int c, int from) {
  const Bitboard trap = kTraps & p.color[c] & kAdj.v[from];
  if (trap && !(kAdj.v[lsb(trap)] & p.color[c])) remove_piece(p, c, p.type_at(lsb(trap)), lsb(trap));
}

// Moves colour c's piece on `from` one step in direction `dir` and applies
// the trap rule: the board part of a step, shared by do_step and
// hash_after_step. Returns the piece's type.
inline int move_and_capture(Position& p, int c, int from, int dir) {
  const int t = p.type_at(from);
  move_piece(p, c, t, from, from + kDelta[dir]);
  capture_after_step(p, c, from);
  return t;
}

}  // namespace

const Zobrist& zobrist() {
  static const Zobrist z = make_zobrist();
  return z;
}

std::uint64_t board_hash(const Position& p) {
  const Zobrist& z = zobrist();
  std::uint64_t h = 0;
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < kNumTypes; ++t)
      for (Bitboard b = p.pieces(c, t); b; b &= b - 1) h ^= z.piece[c][t][lsb(b)];
  if (p.side == kSilver) h ^= z.side;
  if (p.setup_phase()) h ^= z.setup;
  return h;
}

bool frozen_at(const Position& p, int c, int sq) {
  const Bitboard around = kAdj.v[sq];
  return !(around & p.color[c]) && (around & p.stronger(c ^ 1, p.type_at(sq) + 1));
}

Bitboard frozen(const Position& p, int c) {
  const int e = c ^ 1;
  // Only pieces with an enemy beside them and no friend can be frozen:
  // usually few, of few types, so the neighbours of the stronger enemies
  // are worked out only for those types (the evaluation's capture
  // detector asks this of every board it reaches).
  const Bitboard candidates = p.color[c] & adj(p.color[e]) & ~adj(p.color[c]);
  if (!candidates) return 0;
  // Walk down from the camel: `stronger` accumulates the enemy pieces
  // stronger than the current type.
  Bitboard result = 0;
  Bitboard stronger = p.color[e] & p.type[kElephant];
  for (int t = kCamel; t >= kRabbit; --t) {
    if (const Bitboard here = candidates & p.type[t]) result |= here & adj(stronger);
    stronger |= p.color[e] & p.type[t];
  }
  return result;
}

void end_turn(Position& p) {
  const Zobrist& z = zobrist();
  p.hash ^= z.side;
  if (p.side == kSilver) {
    if (p.turn == 1) p.hash ^= z.setup;  // Silver's setup ends the setup phase
    ++p.turn;
  }
  p.side ^= 1;
  p.steps = 0;
  p.push_sq = p.pull_sq = kNoSquare;
  p.push_str = p.pull_str = 0;
  p.start_hash = p.hash;
  p.start_occ = p.occupied();
  p.no_goal_this_turn = 0;
}

void do_step(Position& p, int from, int dir) {
  const int to = from + kDelta[dir];
  const int c = (p.color[kGold] & bit(from)) ? kGold : kSilver;  // an occupied square
  const int t = move_and_capture(p, c, from, dir);
  if (p.push_sq != kNoSquare) {
    // Step B of a push: nothing is pending afterwards, and it is no pull's step A.
    p.push_sq = kNoSquare;
    p.push_str = 0;
  } else if (c == p.side) {
    // An own step: the next step may pull a weaker enemy into `from`
    // (even if this piece was just captured, §5.4).
    p.pull_sq = static_cast<std::uint8_t>(from);
    p.pull_str = static_cast<std::uint8_t>(t + 1);
  } else if (p.pull_sq == to && t + 1 < p.pull_str) {
    // An enemy step into the square an own stronger piece just left: a pull
    // (the ambiguity rule prefers the pull, which needs no completion).
    p.pull_sq = kNoSquare;
    p.pull_str = 0;
  } else {
    // Step A of a push: an own stronger piece must enter `from` next.
    p.push_sq = static_cast<std::uint8_t>(from);
    p.push_str = static_cast<std::uint8_t>(t + 1);
    p.pull_sq = kNoSquare;
    p.pull_str = 0;
  }
  if (++p.steps == 4) end_turn(p);
}

std::uint64_t hash_after_step(const Position& p, int from, int dir) {
  Position q = p;
  move_and_capture(q, (q.color[kGold] & bit(from)) ? kGold : kSilver, from, dir);
  return q.hash;
}

Position opponent_turn_view(const Position& p) {
  Position q = p;
  q.hash ^= zobrist().side;
  q.side = static_cast<std::uint8_t>(p.side ^ 1);
  q.steps = 0;
  q.push_sq = q.pull_sq = kNoSquare;
  q.push_str = q.pull_str = 0;
  q.start_hash = q.hash;
  q.start_occ = q.occupied();
  return q;
}

Position play(const Position& pos, Move m) {
  Position p = pos;
  if (m.is_step()) {
    do_step(p, m.from(), m.dir());
  } else if (m.is_pass() || m.is_forced_end()) {
    end_turn(p);
  } else if (m.is_place()) {
    put_piece(p, p.side, m.place_type(), m.place_sq());
    if (popcount(p.color[p.side]) == 16) end_turn(p);
  } else if (m.is_setup()) {
    const auto& s = book_setups()[static_cast<std::size_t>(m.setup_index())];
    for (const auto& pl : s.pieces) put_piece(p, p.side, pl.type, p.side == kGold ? pl.sq : pl.sq ^ 56);
    end_turn(p);
  }
  return p;
}

namespace {

// Appends the ordinary own steps of the mobile pieces.
inline int own_steps(const Position& p, Bitboard mobile, Bitboard empty, Move* out, int n) {
  const Bitboard rabbits = p.type[kRabbit];
  for (int d = 0; d < 4; ++d) {
    // Pieces whose neighbour in direction d is empty.
    Bitboard movers = mobile & shift(empty, d ^ 1);
    if (d == kBackward[p.side]) movers &= ~rabbits;
    for (; movers; movers &= movers - 1) out[n++] = Move::step(lsb(movers), d);
  }
  return n;
}

}  // namespace

int generate_moves(const Position& p, Move* out) {
  if (p.setup_phase()) {
    const int k = static_cast<int>(book_setups().size());
    for (int i = 0; i < k; ++i) out[i] = Move::setup(i);
    return k;
  }
  const int us = p.side, them = us ^ 1;
  const Bitboard own = p.color[us], opp = p.color[them];
  const Bitboard empty = ~(own | opp);
  const Bitboard mobile = own & ~frozen(p, us);
  int n = 0;
  if (p.push_sq != kNoSquare) {
    // Only step B of the push: a mobile own piece stronger than the pushed
    // one, next to the square it left, moves into it.
    for (Bitboard b = mobile & p.stronger(us, p.push_str) & kAdj.v[p.push_sq]; b; b &= b - 1) {
      const int from = lsb(b);
      const int diff = p.push_sq - from;
      const int d = diff == 8 ? kNorth : diff == -8 ? kSouth : diff == 1 ? kEast : kWest;
      // Rule 3: as the 4th step, the completion may not restore the start.
      if (p.steps == 3 && hash_after_step(p, from, d) == p.start_hash) continue;
      out[n++] = Move::step(from, d);
    }
    return n;
  }
  n = own_steps(p, mobile, empty, out, n);
  // Pull steps: a weaker enemy next to the square an own piece just left.
  Bitboard pulled = 0;
  if (p.pull_sq != kNoSquare) {
    for (Bitboard b = p.weaker(them, p.pull_str) & kAdj.v[p.pull_sq]; b; b &= b - 1) {
      const int from = lsb(b);
      const int diff = p.pull_sq - from;
      const int d = diff == 8 ? kNorth : diff == -8 ? kSouth : diff == 1 ? kEast : kWest;
      out[n++] = Move::step(from, d);
      pulled |= bit(from);
    }
  }
  // Step A of pushes (steps 1-3 only): an enemy next to a mobile own piece
  // stronger than it moves to any empty neighbour square.
  if (p.steps <= 2) {
    Bitboard pushers = mobile & p.type[kElephant];
    for (int t = kCamel; t >= kRabbit; --t) {
      Bitboard victims = opp & p.type[t] & adj(pushers);
      for (; victims; victims &= victims - 1) {
        const int from = lsb(victims);
        for (Bitboard to = kAdj.v[from] & empty; to; to &= to - 1) {
          const int sq = lsb(to);
          if (sq == p.pull_sq && (pulled & bit(from))) continue;  // already listed as a pull
          const int diff = sq - from;
          const int d = diff == 8 ? kNorth : diff == -8 ? kSouth : diff == 1 ? kEast : kWest;
          out[n++] = Move::step(from, d);
        }
      }
      pushers |= mobile & p.type[t];
    }
  }
  // Rule 3: a 4th step may not restore the turn-start board. That needs the
  // board to differ from the start by exactly one piece's step.
  if (p.steps == 3) {
    const Bitboard occ = own | opp;
    if (popcount(occ ^ p.start_occ) == 2 && popcount(occ) == popcount(p.start_occ)) {
      int k = 0;
      for (int i = 0; i < n; ++i)
        if (hash_after_step(p, out[i].from(), out[i].dir()) != p.start_hash) out[k++] = out[i];
      n = k;
    }
  }
  // The end of the turn: at least one step, no pending push, a changed board.
  if (p.steps >= 1 && p.hash != p.start_hash) out[n++] = Move::pass();
  return n;
}

bool is_legal_step(const Position& p, Move m) {
  if (p.setup_phase() || !m.is_step()) return false;
  const int from = m.from(), d = m.dir(), to = m.to();
  // Off the board (a step across an edge wraps to another file or rank).
  if ((d == kNorth && rank_of(from) == 7) || (d == kSouth && rank_of(from) == 0) ||
      (d == kEast && file_of(from) == 7) || (d == kWest && file_of(from) == 0))
    return false;
  const int us = p.side, them = us ^ 1;
  // Only the pieces that could make the step are asked whether they are
  // frozen (replaying goal sequences in the goal-defence search checks
  // steps by the million; frozen() looks at the whole board).
  auto mobile_at = [&](int sq) { return !frozen_at(p, us, sq); };
  if (p.push_sq != kNoSquare) {
    // Only step B of the push.
    if (to != p.push_sq || !(p.stronger(us, p.push_str) & bit(from)) || !mobile_at(from)) return false;
  } else {
    if (p.occupied() & bit(to)) return false;
    if (p.color[us] & bit(from)) {
      if (!mobile_at(from)) return false;
      if (d == kBackward[us] && (p.type[kRabbit] & bit(from))) return false;
    } else if (p.color[them] & bit(from)) {
      const bool pull = to == p.pull_sq && (p.weaker(them, p.pull_str) & bit(from));
      bool push = false;
      if (p.steps <= 2)
        for (Bitboard b = p.stronger(us, p.type_at(from) + 1) & kAdj.v[from]; b && !push; b &= b - 1)
          push = mobile_at(lsb(b));
      if (!pull && !push) return false;
    } else {
      return false;
    }
  }
  // Rule 3: a 4th step may not restore the turn-start board.
  return p.steps != 3 || hash_after_step(p, from, d) != p.start_hash;
}

bool has_legal_step(const Position& p) {
  const int us = p.side, them = us ^ 1;
  const Bitboard own = p.color[us], opp = p.color[them];
  const Bitboard empty = ~(own | opp);
  const Bitboard mobile = own & ~frozen(p, us);
  const Bitboard rabbits = p.type[kRabbit];
  for (int d = 0; d < 4; ++d) {
    Bitboard movers = mobile & shift(empty, d ^ 1);
    if (d == kBackward[us]) movers &= ~rabbits;
    if (movers) return true;
  }
  // No own step: a push still works if a weaker enemy next to a mobile
  // stronger piece has an empty neighbour.
  Bitboard pushers = mobile & p.type[kElephant];
  for (int t = kCamel; t >= kRabbit; --t) {
    if (opp & p.type[t] & adj(pushers) & adj(empty)) return true;
    pushers |= mobile & p.type[t];
  }
  return false;
}

}  // namespace ludus::arimaa
