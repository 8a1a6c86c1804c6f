#include "games/camelot/movegen.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

#include <spdlog/spdlog.h>

#include "engine/thread_array.h"

namespace ludus::camelot {

BB leg_sources(BB targets, BB landing) {
  // `targets` holds squares only, so only the union needs the kValid mask.
  const BB r = shift_grid<N>(shift_grid<N>(landing) & targets) | shift_grid<NE>(shift_grid<NE>(landing) & targets) |
               shift_grid<E>(shift_grid<E>(landing) & targets) | shift_grid<SE>(shift_grid<SE>(landing) & targets) |
               shift_grid<S>(shift_grid<S>(landing) & targets) | shift_grid<SW>(shift_grid<SW>(landing) & targets) |
               shift_grid<W>(shift_grid<W>(landing) & targets) | shift_grid<NW>(shift_grid<NW>(landing) & targets);
  return r & kValid;
}

namespace {

// This thread's whole move list for the rare paths below that list every
// move (has_any_move, noisy_forced, max_capture_value): built once, where a
// MoveList per call would construct kMaxMoves Moves each time. Those
// functions never call one another while they use it.
Move* scratch_list() {
  thread_local MoveList list;
  return list;
}

BB neighbours(BB b) {
  return shift<N>(b) | shift<NE>(b) | shift<E>(b) | shift<SE>(b) | shift<S>(b) | shift<SW>(b) | shift<W>(b) |
         shift<NW>(b);
}

// Every square a canter from `from` can land on (rules 5.3): legs over
// `friends` onto `land`; a landing in `stop` (the enemy castle) ends the move.
// Breadth-first: the visit rule changes no reachable square.
BB canter_reach(int from, BB friends, BB land, BB stop) {
  const Geometry& geo = geometry();
  BB reached;
  if ((geo.adjacent[from] & friends).none()) return reached;
  std::uint8_t queue[kSquares];
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::uint8_t>(from);
  while (head < tail) {
    const int x = queue[head++];
    if (x != from && stop.test(x)) continue;
    const Leg* legs = geo.legs[x];
    for (int i = 0, n = geo.leg_count[x]; i < n; ++i) {
      const int t = legs[i].land;
      if (!friends.test(legs[i].mid) || !land.test(t) || reached.test(t)) continue;
      reached.set(t);
      queue[tail++] = static_cast<std::uint8_t>(t);
    }
  }
  return reached;
}

// A small open-addressing set of (square, captured mask) states, cleared in
// O(1) by a stamp. One per thread: the search runs several threads.
class StateSet {
 public:
  void clear() {
    if (++stamp_ == 0) {
      std::memset(stamps_, 0, sizeof(stamps_));
      stamp_ = 1;
    }
    count_ = 0;
    overflowed_ = false;
  }
  // True if `key` was not in the set (and is now). When the table is full
  // every key counts as new and overflowed() becomes true.
  bool insert(std::uint32_t key) {
    if (count_ >= kCapacity * 3 / 4) {
      overflowed_ = true;
      return true;
    }
    std::uint32_t h = (key * 0x9E3779B1u) >> (32 - kBits);
    while (stamps_[h] == stamp_) {
      if (keys_[h] == key) return false;
      h = (h + 1) & (kCapacity - 1);
    }
    stamps_[h] = stamp_;
    keys_[h] = key;
    ++count_;
    return true;
  }
  bool overflowed() const { return overflowed_; }

 private:
  static constexpr int kBits = 12;
  static constexpr int kCapacity = 1 << kBits;
  std::uint32_t keys_[kCapacity];
  std::uint32_t stamps_[kCapacity] = {};
  std::uint32_t stamp_ = 0;
  int count_ = 0;
  bool overflowed_ = false;
};

StateSet& state_set() { return *thread_array<StateSet, 1>(); }

struct Gen {
  const Position& p;
  int us, them;
  BB own, opp, empty, own_castle, enemy_castle;
  Move* out;
  int n = 0;
  // Best-value mode (max_capture_value): complete capture chains are not
  // listed, only the most material one takes is kept (100 a Man, 135 a
  // Knight); `opp_knights` marks the Knights among the captured-set bits.
  bool best_only = false;
  int best_value = 0;
  std::uint16_t opp_knights = 0;

  Gen(const Position& pos, Move* o)
      : p(pos), us(pos.side), them(pos.side ^ 1), own(pos.pieces[pos.side]), opp(pos.pieces[pos.side ^ 1]),
        empty(pos.empty()), own_castle(kCastle[pos.side]), enemy_castle(kCastle[pos.side ^ 1]), out(o) {}

  void add(Move m) {
    if (n < kMaxMoves) {
      out[n++] = m;
      return;
    }
    // Past kMaxMoves, several times the longest list found so far: keep
    // the first kMaxMoves rather than abort (movegen.h).
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true))
      spdlog::warn("Camelot: a position has more than {} legal moves; only the first {} are listed", kMaxMoves,
                   kMaxMoves);
  }

  // A byte board for the canter search (built on first use): the side's
  // pieces, and the empty squares a canter may land on.
  enum Cell : std::uint8_t { kOther, kFriend, kLand, kSeen };
  std::uint8_t cell[kGrid];
  bool have_cells = false;
  void build_cells() {
    // Legs only name existing squares, so the non-squares may read kLand.
    std::memset(cell, kLand, sizeof cell);
    for (BB b = own; b.any();) cell[b.pop()] = kFriend;
    for (BB b = opp | own_castle; b.any();) {
      const int sq = b.pop();
      if (cell[sq] != kFriend) cell[sq] = kOther;
    }
    have_cells = true;
  }
  // canter_reach() for the piece on `from` (lifted: neither a middle nor a landing).
  BB canter_from(int from) {
    if (!have_cells) build_cells();
    const Geometry& geo = geometry();
    BB reached;
    if ((geo.adjacent[from] & own).none()) return reached;
    const std::uint8_t saved = cell[from];
    cell[from] = kOther;
    std::uint8_t queue[kSquares];
    int head = 0, tail = 0;
    queue[tail++] = static_cast<std::uint8_t>(from);
    while (head < tail) {
      const int x = queue[head++];
      if (x != from && enemy_castle.test(x)) continue;  // C3: the move ends there
      const Leg* legs = geo.legs[x];
      for (int i = 0, k = geo.leg_count[x]; i < k; ++i) {
        const int t = legs[i].land;
        if (cell[legs[i].mid] != kFriend || cell[t] != kLand) continue;
        cell[t] = kSeen;
        queue[tail++] = static_cast<std::uint8_t>(t);
      }
    }
    for (int i = 1; i < tail; ++i) {
      reached.set(queue[i]);
      cell[queue[i]] = kLand;
    }
    cell[from] = saved;
    return reached;
  }

  // ---- jump chains ----------------------------------------------------------
  // Depth-first over complete chains from one start square; the board has the
  // mover lifted from `origin`. Every leg removes a piece, so chains end.
  struct Jumps {
    Gen& g;
    int origin;
    BB opp_now, empty_now;
    StateSet& seen;
    int first_result;

    void record(int sq, std::uint16_t mask) {
      if (g.best_only) {
        const int v = material_value(std::popcount(static_cast<unsigned>(mask)),
                                     std::popcount(static_cast<unsigned>(mask & g.opp_knights)));
        if (v > g.best_value) g.best_value = v;
        return;
      }
      if (seen.overflowed()) {  // no memo any more: remove duplicates by hand
        for (int i = first_result; i < g.n; ++i)
          if (g.out[i].to == sq && g.out[i].captures == mask && g.out[i].from == origin) return;
      }
      g.add(Move{static_cast<std::uint8_t>(origin), static_cast<std::uint8_t>(sq), mask});
    }

    void dfs(int cur, std::uint16_t mask) {
      if (mask) {
        if (!seen.insert(static_cast<std::uint32_t>(cur) << 16 | mask)) return;
        // C3: a landing in the enemy castle ends the move; C4 (default): so
        // does a jump landing in the own castle.
        if (in_castle(g.them, cur) || (!g.p.continue_rule && in_castle(g.us, cur))) return record(cur, mask);
      }
      const Geometry& geo = geometry();
      bool any = false;
      for (int i = 0, n = geo.leg_count[cur]; i < n; ++i) {
        const int m = geo.legs[cur][i].mid, t = geo.legs[cur][i].land;
        if (!opp_now.test(m) || !empty_now.test(t)) continue;
        any = true;
        const auto bit = static_cast<std::uint16_t>(1u << g.opp.count_below(m));
        opp_now.reset(m);
        empty_now.set(m);
        dfs(t, mask | bit);
        opp_now.set(m);
        empty_now.reset(m);
      }
      if (!any && mask) record(cur, mask);  // complete: no jump available here
    }
  };

  // Candidate moves of the piece on `from` (rules 5.2-5.4).
  void piece(int from, bool quiet, bool captures) {
    const Geometry& geo = geometry();
    if (in_castle(them, from)) {
      // C1: a piece in the enemy castle only makes castle moves.
      if (quiet && p.castle_moves[us] < 2) {
        const int other = from == kF1 ? kG1 : from == kG1 ? kF1 : from == kF16 ? kG16 : kF16;
        if (empty.test(other)) add(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(other), 0});
      }
      return;
    }
    const bool knight = p.knights.test(from);
    const BB origin = BB::square(from);
    if (quiet) {
      for (int d = 0; d < 8; ++d) {
        const int t = geo.nb[from][d];
        if (t != kNone && empty.test(t) && !in_castle(us, t))  // C2: never step into the own castle
          add(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(t), 0});
      }
    }
    const bool jump_here = captures && jump_from(from);
    BB available;  // Knights: squares a charge could start from
    if (knight) {
      // Judged with the Knight lifted from its origin, which adds the
      // squares two steps away beyond an adjacent enemy.
      available = base_available();
      for (int d = 0; d < 8; ++d) {
        const int m = geo.nb[from][d];
        if (m == kNone || !opp.test(m)) continue;
        const int x = geo.nb[m][d];
        if (x != kNone && !in_castle(them, x)) available.set(x);
      }
    }
    // Canter legs keep the parity of file and rank: without one such square a
    // Knight has no charge, and then only quiet moves need the canter search.
    const bool charges = (available & kParity[parity_of(from)]).any();
    if (!quiet && !charges) {
      if (!jump_here) return;
    }
    BB reach, charge_starts;
    if (quiet || charges) reach = canter_from(from);
    if (knight && reach.any()) {
      charge_starts = reach & available;
      if (quiet) reach -= available;
    }
    if (quiet) {
      BB dests = reach;
      while (dests.any()) add(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(dests.pop()), 0});
    }
    if (!captures) return;
    if (!jump_here && charge_starts.none()) return;
    StateSet& seen = state_set();
    seen.clear();
    Jumps j{*this, from, opp, empty | origin, seen, n};
    if (jump_here) j.dfs(from, 0);
    while (charge_starts.any()) j.dfs(charge_starts.pop(), 0);
  }

  // Squares with a jump available on the current board (enemy castle excluded).
  BB base_available() {
    if (!have_available_) available_ = leg_sources(opp, empty) - enemy_castle, have_available_ = true;
    return available_;
  }
  BB available_;
  bool have_available_ = false;

  bool jump_from(int x) const {
    const Geometry& geo = geometry();
    for (int i = 0, n = geo.leg_count[x]; i < n; ++i)
      if (opp.test(geo.legs[x][i].mid) && empty.test(geo.legs[x][i].land)) return true;
    return false;
  }

  // Rules 5.6 step 1. Returns true if it decided the list.
  bool castle_exit(bool noisy) {
    BB castle_pieces = own & own_castle;
    if (castle_pieces.none()) return false;
    const int start = n;
    while (castle_pieces.any()) piece(castle_pieces.pop(), true, true);
    // E: the candidates whose final square is not in the own castle.
    int kept = start;
    bool any_capture = false;
    for (int i = start; i < n; ++i) {
      if (in_castle(us, out[i].to)) continue;
      any_capture |= out[i].is_capture();
      out[kept++] = out[i];
    }
    n = kept;
    if (n == start) return false;  // no way out: the obligation lapses this turn
    if (any_capture) {
      int k = start;
      for (int i = start; i < n; ++i)
        if (out[i].is_capture()) out[k++] = out[i];
      n = k;
    } else if (noisy) {
      n = start;  // quiet exits: nothing for quiescence
    }
    return true;
  }
};

}  // namespace

Outcome material_or_castle_outcome(const Position& p) {
  if ((p.pieces[0] & kCastle[1]) == kCastle[1]) return Outcome::P1Win;
  if ((p.pieces[1] & kCastle[0]) == kCastle[0]) return Outcome::P2Win;
  const int w = p.pieces[0].count(), b = p.pieces[1].count();
  if (w <= 1 && b <= 1) return Outcome::Draw;
  if (b == 0) return Outcome::P1Win;
  if (w == 0) return Outcome::P2Win;
  return Outcome::Ongoing;
}

bool has_any_move(const Position& p) {
  const int us = p.side;
  const BB own = p.pieces[us], empty = p.empty();
  const BB enemy_castle = kCastle[us ^ 1];
  // Fast path: a plain move of a piece outside the enemy castle (almost always).
  if ((neighbours(own - enemy_castle) & (empty - kCastle[us])).any()) return true;
  // A castle move.
  const BB in_enemy = own & enemy_castle;
  if (in_enemy.any() && p.castle_moves[us] < 2 && (enemy_castle & empty).any()) return true;
  // A leg over any piece (canter or jump): every such first leg starts some
  // candidate move (a Knight that may not stop there can jump or go on).
  // Rare enough to settle by generating.
  return generate_moves(p, scratch_list()) > 0;
}

Outcome outcome(const Position& p) {
  const Outcome o = material_or_castle_outcome(p);
  if (o != Outcome::Ongoing) return o;
  if (!has_any_move(p)) return p.side == 0 ? Outcome::P2Win : Outcome::P1Win;
  if (p.clock >= 100) return Outcome::Draw;
  return Outcome::Ongoing;
}

BB jump_sources(const Position& p, int side) {
  return leg_sources(p.pieces[side ^ 1], p.empty()) - kCastle[side ^ 1];
}

bool capture_obligation(const Position& p) {
  return (jump_sources(p, p.side) & p.pieces[p.side]).any();
}

int generate_moves(const Position& p, Move* out) {
  Gen g(p, out);
  if (g.castle_exit(false)) return g.n;
  const bool forced = capture_obligation(p);
  BB own = g.own;
  while (own.any()) g.piece(own.pop(), !forced, true);
  return g.n;
}

int legal_moves(const Position& p, Move* out) {
  if (p.clock >= 100 || material_or_castle_outcome(p) != Outcome::Ongoing) return 0;
  return generate_moves(p, out);
}

bool noisy_forced(const Position& p) {
  if (p.clock >= 100 || material_or_castle_outcome(p) != Outcome::Ongoing) return false;
  if ((p.pieces[p.side] & kCastle[p.side]).any()) {
    Move* buf = scratch_list();
    Gen g(p, buf);
    if (g.castle_exit(false)) return g.n > 0 && buf[0].is_capture();
  }
  return capture_obligation(p);
}

int noisy_moves(const Position& p, Move* out) {
  if (p.clock >= 100 || material_or_castle_outcome(p) != Outcome::Ongoing) return 0;
  Gen g(p, out);
  if (g.castle_exit(true)) return g.n;
  const bool forced = capture_obligation(p);
  if (forced) {
    BB own = g.own;
    while (own.any()) g.piece(own.pop(), false, true);
    return g.n;
  }
  // Optional charges.
  BB knights = g.own & p.knights;
  while (knights.any()) g.piece(knights.pop(), false, true);
  // Moves that complete the enemy castle.
  const BB held = g.own & g.enemy_castle;
  if (held.count() == 1) {
    const BB target = g.enemy_castle - held;
    if ((target & g.empty).any()) {
      const int t = target.first();
      BB movers = g.own - g.enemy_castle;
      while (movers.any()) {
        const int from = movers.pop();
        const BB origin = BB::square(from);
        bool reaches = (neighbours(origin) & target).any();
        if (!reaches) reaches = canter_reach(from, g.own - origin, g.empty - g.own_castle, g.enemy_castle).test(t);
        if (reaches) g.add(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(t), 0});
      }
    }
  }
  return g.n;
}

BB canter_squares(const Position& p, int side, int from) {
  return canter_reach(from, p.pieces[side] - BB::square(from), p.empty() - kCastle[side], kCastle[side ^ 1]);
}

BB canter_squares_of(const Position& p, int side, BB from) {
  // One flood from every origin at once, a leg (over a friend onto a free
  // square) a round. It is the union of the pieces' own canter_squares
  // because a canter keeps the parity of file and rank: a piece's legs never
  // pass over its own origin (a neighbour is of another class), so each
  // piece's flood runs over the same middles and landings as this one.
  const BB friends = p.pieces[side], land = p.empty() - kCastle[side], stop = kCastle[side ^ 1];
  BB reached, frontier = from;
  while (frontier.any()) {
    const BB next = leg_sources(friends, frontier) & (land - reached);
    reached |= next;
    frontier = next - stop;  // C3: a landing in the enemy castle ends the move
  }
  return reached;
}

int max_capture_value(const Position& p) {
  if (p.clock >= 100 || material_or_castle_outcome(p) != Outcome::Ongoing) return 0;
  if ((p.pieces[p.side] & kCastle[p.side]).any()) {
    // Rules 5.6 step 1 filters whole moves: list them (rare).
    Move* buf = scratch_list();
    const int n = noisy_moves(p, buf);
    int best = 0;
    for (int i = 0; i < n; ++i) best = std::max(best, captured_value(p, buf[i]));
    return best;
  }
  Gen g(p, nullptr);
  g.best_only = true;
  {
    int i = 0;
    for (BB b = g.opp; b.any(); ++i)
      if (p.knights.test(b.pop())) g.opp_knights = static_cast<std::uint16_t>(g.opp_knights | 1u << i);
  }
  // As noisy_moves: every piece's captures under the obligation, else the
  // optional charges (the castle-completing moves capture nothing).
  const BB sources = jump_sources(p, p.side) & g.own;
  if (sources.any()) {
    // Men only capture from a jump source; Knights also by charges.
    BB movers = sources | (g.own & p.knights);
    while (movers.any()) g.piece(movers.pop(), false, true);
  } else {
    BB knights = g.own & p.knights;
    while (knights.any()) g.piece(knights.pop(), false, true);
  }
  return g.best_value;
}

int captured_value(const Position& p, Move m) {
  if (!m.captures) return 0;
  const BB caps = captured_squares(p, m);
  return material_value(caps.count(), (caps & p.knights).count());
}

}  // namespace ludus::camelot
