#include "games/arimaa/capture.h"

#include <algorithm>

#include "engine/eval_cache.h"

namespace ludus::arimaa {

namespace {

// What colour `a` needs to move the enemy piece on `sq` by one square: a
// push or a pull, two steps (one after the first step of a pull that it
// may follow: the pull option), and before the first drag of a sequence
// a stronger unfrozen piece of `a` beside the piece it drags (`approach`:
// at least the distance of the nearest stronger piece minus one, or one
// step to unfreeze an adjacent frozen one). A piece nothing of `a` is
// stronger than never moves (cost 99).
constexpr int kTrapSquares[4] = {18, 21, 42, 45};  // c3, f3, c6, f6
// Squares two steps from each trap.
constexpr Bitboard ring2_of(int trap) { return adj(adj(bit(trap))) & ~adj(bit(trap)) & ~bit(trap); }
constexpr Bitboard kTrapRing2[4] = {ring2_of(18), ring2_of(21), ring2_of(42), ring2_of(45)};

struct Drag {
  int cost;
  int approach;
};
// The pieces of the attacker by what they can drag: stronger_than[t] holds
// its pieces stronger than type t, `mobile` its unfrozen pieces.
struct Attackers {
  Bitboard stronger_than[kNumTypes];
  Bitboard mobile;
  Attackers(const Position& p, int a) : mobile(p.color[a] & ~frozen(p, a)) {
    Bitboard acc = 0;
    for (int t = kElephant; t >= kRabbit; --t) stronger_than[t] = acc, acc |= p.pieces(a, t);
  }
};
inline Drag drag_of(const Position& p, const Attackers& at, int sq) {
  const int t = p.type_at(sq);
  if (p.pull_sq != kNoSquare && (kAdj.v[p.pull_sq] & bit(sq)) && t + 1 < p.pull_str) return {1, 0};
  const Bitboard stronger = at.stronger_than[t];
  if (!stronger) return {99, 0};
  const Bitboard around = kAdj.v[sq];
  if (around & at.mobile & stronger) return {2, 0};
  if (around & stronger) return {2, 1};  // frozen: one step unfreezes it or brings another
  // Two or three squares away (ignoring obstacles); farther cannot matter
  // within a turn, as each drag takes two steps.
  const Bitboard ring2 = adj(around);
  if (ring2 & stronger) return {2, 1};
  return {2, (adj(ring2) & stronger) ? 2 : 3};
}

// The lower bound of capture_steps_bound for trap i (c3, f3, c6, f6), and
// the enemy pieces it counted (supporters and victims) in `pieces`.
// Every enemy piece beside the trap must leave it (rings 1 are no traps,
// so only a drag moves them), the victim included when it is one of
// them: it is dragged onto the trap. A victim two squares away is dragged
// twice. Approach steps are counted once, for the first drag only: later
// drags may find their attacker already in place. An own piece on the
// empty-of-enemies trap must step off first, unless it can pull the victim
// on as it leaves.
int trap_bound(const Position& p, int a, const Attackers& at, int i, Bitboard& pieces) {
  const Bitboard def = p.color[a ^ 1];
  const int trap = kTrapSquares[i];
  const Bitboard ring1 = kAdj.v[trap];
  const Bitboard ring2 = kTrapRing2[i];
  pieces = 0;
  if (!(def & (ring1 | ring2 | bit(trap)))) return 99;
  const int supporters = popcount(def & ring1);
  if (supporters >= 3) return 2 * supporters;  // beyond any turn: no need to look closer
  int cost = 0, approach = 99;
  for (Bitboard b = def & ring1; b; b &= b - 1) {
    const Drag g = drag_of(p, at, lsb(b));
    cost += g.cost;
    approach = std::min(approach, g.approach);
  }
  if (def & bit(trap)) {
    pieces = def & (bit(trap) | ring1);
    return std::min(99, cost + approach);
  }
  // The trap is empty or holds an own piece.
  int clear = 0;
  if (p.color[a] & bit(trap)) {
    const int t = p.type_at(trap);
    const bool pulls = (at.mobile & bit(trap)) && (def & ring1 & p.weaker(a ^ 1, t + 1));
    clear = pulls ? 0 : 1;
  }
  int best = 99;
  if (def & ring1) {
    best = std::min(99, cost + approach + clear);
    pieces = def & ring1;
  }
  if (cost + 4 + clear < best) {
    for (Bitboard b = def & ring2; b; b &= b - 1) {
      const Drag g = drag_of(p, at, lsb(b));
      const int v = std::min(99, cost + g.cost + 2 + clear + std::min(approach, g.approach));
      if (v < best) best = v, pieces = (def & ring1) | (b & -b);
      else if (v == best) pieces |= b & -b;
    }
  }
  return best;
}

// The capture-gain cache: 2^17 entries of 16 bytes (2 MiB) per searcher
// thread. `go depth 9` on the 12 midgame positions of
// scripts/bench_arimaa.py took 5.59 s of CPU without it, 5.07 s with 2^16
// entries, 4.93 s with 2^17 and 4.96 s with 2^18.
constexpr int kCaptureCacheBits = 17;

int value_of(const Position& p, int c) {
  int v = 0;
  for (int t = 0; t < kNumTypes; ++t) v += kPieceValue[t] * popcount(p.pieces(c, t));
  return v;
}

// Net material `a` (the side to move at the root) wins from p to c.
inline int material_delta(const Position& p, const Position& c, int a) {
  if (popcount(c.occupied()) == popcount(p.occupied())) return 0;
  return (value_of(p, a ^ 1) - value_of(c, a ^ 1)) - (value_of(p, a) - value_of(c, a));
}

int gain(const Position& p, int d, int trap);

inline int dir_of(int from, int to) {
  const int diff = to - from;
  return diff == 8 ? kNorth : diff == -8 ? kSouth : diff == 1 ? kEast : kWest;
}

// The steps that can bring a capture one step closer when it needs every
// step left (the detector spends no step on detours): drag a counted
// enemy piece (the first step of a push, or the second of a pull), step
// away from one (the first step of a pull: any step of a stronger piece
// beside it), bring a stronger piece within two squares of one, or
// unfreeze a frozen own piece beside one. Legal steps only, as
// generate_moves() makes them (a 4th step restoring the turn-start board
// aside: such a step captures nothing). With `d` steps left, fewer can
// gain: with one, only a pull's second step; with two, of the own steps
// only a pull's first. The others were played for nothing (an own step
// can lose own pieces, never capture an enemy one), and leaving them out
// keeps every answer: 7% fewer instructions in `go depth 5` on 30
// positions of games against the seed.
int capture_steps(const Position& p, const Attackers& at, Bitboard counted, int d, Move* out) {
  const int a = p.side, e = a ^ 1;
  const Bitboard own = p.color[a], occ = p.occupied(), empty = ~occ;
  const Bitboard mobile = at.mobile, fr = own & ~mobile;
  int n = 0;
  if (p.push_sq != kNoSquare) {
    // Only the completion of the push.
    for (Bitboard b = mobile & p.stronger(a, p.push_str) & kAdj.v[p.push_sq]; b; b &= b - 1)
      out[n++] = Move::step(lsb(b), dir_of(lsb(b), p.push_sq));
    return n;
  }
  // Drags of counted pieces: pull completions, then first steps of pushes.
  Bitboard pulled = 0;
  if (p.pull_sq != kNoSquare) {
    for (Bitboard b = counted & p.weaker(e, p.pull_str) & kAdj.v[p.pull_sq]; b; b &= b - 1) {
      out[n++] = Move::step(lsb(b), dir_of(lsb(b), p.pull_sq));
      pulled |= b & -b;
    }
  }
  if (d == 1) return n;  // a push needs two steps
  if (p.steps <= 2) {
    for (Bitboard b = counted & p.color[e]; b; b &= b - 1) {
      const int v = lsb(b);
      if (!(kAdj.v[v] & mobile & p.stronger(a, p.type_at(v) + 1))) continue;
      for (Bitboard to = kAdj.v[v] & empty; to; to &= to - 1) {
        if (lsb(to) == p.pull_sq && (pulled & bit(v))) continue;  // listed as a pull
        out[n++] = Move::step(v, dir_of(v, lsb(to)));
      }
    }
  }
  // Own steps: pieces that can drag a counted piece (pull first steps,
  // approaches) and pieces that unfreeze a frozen one beside it.
  const Bitboard enemies = counted & p.color[e];
  const Bitboard helpers_room = adj(fr & adj(enemies)) & empty;
  // Only pieces within three squares of a counted enemy can approach it in
  // time; others only to unfreeze a helper, or the own piece on the trap.
  const Bitboard near1 = adj(enemies), near2 = adj(near1);
  const Bitboard movers = mobile & ((near1 | near2 | adj(near2)) | adj(helpers_room) | counted);
  for (Bitboard b = movers; b; b &= b - 1) {
    const int from = lsb(b);
    const int t = p.type_at(from);
    const Bitboard weaker = p.weaker(e, t + 1);
    if (d == 2 && !(kAdj.v[from] & weaker)) continue;  // no pull to begin
    const Bitboard prey = counted & weaker;
    Bitboard targets = (counted & bit(from)) ? ~Bitboard{0} : 0;  // an own piece leaving the trap
    if (prey) {
      const Bitboard near = adj(prey);
      targets = (kAdj.v[from] & prey) ? ~Bitboard{0} : near | adj(near);
    }
    targets |= helpers_room;
    targets &= kAdj.v[from] & empty;
    if (t == kRabbit) targets &= ~shift(bit(from), kBackward[a]);
    for (; targets; targets &= targets - 1) out[n++] = Move::step(from, dir_of(from, lsb(targets)));
  }
  return n;
}

// Whether d steps can capture at all from p: one step captures only as
// the second step of a pull (an own step never removes an enemy supporter
// by itself, and a push needs two).
inline bool can_gain(const Position& p, int d) {
  return d > 1 || (d == 1 && (p.pull_sq != kNoSquare || p.push_sq != kNoSquare));
}

// gain() once the attacker's pieces (`at`) and the enemy pieces
// trap_bound() counted for `trap` (none with a push pending) are known.
int gain_counted(const Position& p, int d, int trap, const Attackers& at, Bitboard counted) {
  const int a = p.side;
  const bool forced = p.push_sq != kNoSquare;
  // An own piece on the trap may have to step off it.
  if (!forced) counted |= p.color[a] & bit(kTrapSquares[trap]) & adj(counted);
  MoveBuffer buffer;
  Move* const moves = buffer.data();
  const int n = capture_steps(p, at, counted, d, moves);
  constexpr int kNoCompletion = -1000000;
  int best = forced ? kNoCompletion : 0;
  for (int i = 0; i < n; ++i) {
    const Position c = play(p, moves[i]);
    // A push started must be completed within the budget.
    const bool opens_push = c.side == a && c.push_sq != kNoSquare;
    if (opens_push && d == 1) continue;
    int v = material_delta(p, c, a);
    if (c.side == a && d > 1) v += gain(c, d - 1, trap);
    best = std::max(best, v);
  }
  // A pending push cannot be left: its best completion counts, even a bad one.
  if (forced) return best == kNoCompletion ? 0 : best;
  return best;
}

// The best net gain within d steps by captures on `trap` (an index), the
// sequences that need every step (see capture_steps). The subtrees are
// small: a table of their answers cost more than it saved (measured); the
// whole detector's answers are cached in capture_gain().
int gain(const Position& p, int d, int trap) {
  if (!can_gain(p, d)) return 0;
  Bitboard counted = 0;
  const Attackers at(p, p.side);
  if (p.push_sq == kNoSquare && trap_bound(p, p.side, at, trap, counted) > d) return 0;
  return gain_counted(p, d, trap, at, counted);
}

}  // namespace

int capture_steps_bound(const Position& p, int attacker) {
  const Attackers at(p, attacker);
  int best = 99;
  Bitboard pieces;
  for (int i = 0; i < 4; ++i) best = std::min(best, trap_bound(p, attacker, at, i, pieces));
  return best;
}

int capture_gain(const Position& p, int limit) {
  if (p.setup_phase()) return 0;
  limit = std::min(limit, 4 - static_cast<int>(p.steps));
  // One step captures only as the second step of a pull.
  if (limit <= 0 || (limit == 1 && p.pull_sq == kNoSquare && p.push_sq == kNoSquare)) return 0;
  // Each trap on its own, with the steps its capture needs at least:
  // captures that need detours, or two traps at once, are not looked for.
  const bool forced = p.push_sq != kNoSquare;
  const Attackers at(p, p.side);
  int bounds[4];
  Bitboard counted[4] = {};
  bool any = false;
  for (int i = 0; i < 4; ++i) {
    bounds[i] = forced ? limit : trap_bound(p, p.side, at, i, counted[i]);
    any |= bounds[i] <= limit;
  }
  if (!any) return 0;
  // Each trap's search starts from what the bounds found (gain()
  // would find it again).
  auto search = [&] {
    int best = 0;
    for (int i = 0; i < 4; ++i)
      if (bounds[i] <= limit && can_gain(p, bounds[i]))
        best = std::max(best, gain_counted(p, bounds[i], i, at, counted[i]));
    return best;
  };
  // The evaluation asks again for boards it met before (the opponent's
  // threat is the same whatever steps the side to move has used, and the
  // evaluation's own tables are smaller and keyed by the steps used too):
  // over half of the searches are repeats in `ludus bench --game arimaa`
  // when those tables keep no bounds. The answer
  // depends on the board, the side and the limit only: the steps used
  // matter through the limit (4 - steps caps it, and the search never
  // looks past it). A pending push or pull option is not cached.
  if (p.push_sq != kNoSquare || p.pull_sq != kNoSquare) return search();
  struct CaptureGainTable;
  const std::uint64_t key = p.hash ^ (static_cast<std::uint64_t>(limit) * 0x9E3779B97F4A7C15ULL);
  return cached_evaluation<CaptureGainTable, kCaptureCacheBits>(key, search);
}

}  // namespace ludus::arimaa
