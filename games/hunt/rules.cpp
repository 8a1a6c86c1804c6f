#include "games/hunt/rules.h"

#include <algorithm>
#include <cassert>

#include "engine/options.h"

namespace ludus::hunt {

// ---- the three rule sets -----------------------------------------------------------

const Rules& mouse_cats_rules() {
  static const Rules r = [] {
    Rules x;
    x.game = "mouse-cats";
    x.graph = &mouse_cats_graph();
    x.prey_side = Side::P1;
    for (int p = 0; p < x.graph->size(); ++p) {
      if (x.graph->y(p) == 7) x.goal |= bit(p);                            // rank 8
      x.advance[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(7 - x.graph->y(p));  // cats go down
    }
    x.min_hunters = x.max_hunters = 4;
    x.prey_word = "mouse", x.hunters_word = "cats";
    x.prey_name = "mouse", x.hunter_name = "cat";
    x.backward_rule = "cats only step toward rank 1";
    x.prey_char = 'M', x.hunter_char = 'C';
    return x;
  }();
  return r;
}

const Rules& hare_hounds_rules() {
  static const Rules r = [] {
    Rules x;
    x.game = "hare-hounds";
    x.graph = &hare_hounds_graph();
    x.prey_side = Side::P2;
    x.goal = bit(0);
    for (int p = 0; p < x.graph->size(); ++p) x.advance[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(x.graph->x(p));
    x.stall_rule = true;
    x.min_hunters = x.max_hunters = 3;
    x.prey_word = "hare", x.hunters_word = "hounds";
    x.prey_name = "hare", x.hunter_name = "hound";
    x.backward_rule = "hounds never step to a smaller x";
    x.prey_char = 'H', x.hunter_char = 'D';  // hare, hounds (dogs)
    return x;
  }();
  return r;
}

const Rules& fox_geese_rules() {
  static const Rules r = [] {
    Rules x;
    x.game = "fox-geese";
    x.graph = &fox_geese_graph();
    x.prey_side = Side::P2;
    for (int p = 0; p < x.graph->size(); ++p) {
      if (x.graph->y(p) == 0) x.goal |= bit(p);  // c1 d1 e1
      x.advance[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(x.graph->y(p));
    }
    x.stall_rule = true;
    x.prey_jumps = true;
    x.min_hunters = 0, x.max_hunters = 17;
    x.prey_word = "fox", x.hunters_word = "geese";
    x.prey_name = "fox", x.hunter_name = "goose";
    x.backward_rule = "geese never move to a lower rank";
    x.prey_char = 'F', x.hunter_char = 'G';
    return x;
  }();
  return r;
}

// ---- move generation -------------------------------------------------------------

namespace {

// The (end point, captured set) pairs already reached by the jump search of
// one generate_jumps() call: open addressing with a generation stamp, one
// table per thread (searcher threads generate concurrently).
class VisitSet {
 public:
  void reset() {
    if (++epoch_ == 0) {
      std::fill(stamp_.begin(), stamp_.end(), 0u);
      epoch_ = 1;
    }
    count_ = 0;
  }
  // True if `k` was not there yet (and adds it).
  bool insert(std::uint64_t k) {
    if (count_ * 2 >= keys_.size()) grow();
    std::size_t i = hash(k) & (keys_.size() - 1);
    while (stamp_[i] == epoch_) {
      if (keys_[i] == k) return false;
      i = (i + 1) & (keys_.size() - 1);
    }
    stamp_[i] = epoch_, keys_[i] = k, ++count_;
    return true;
  }

 private:
  static std::uint64_t hash(std::uint64_t k) {
    k ^= k >> 29;
    k *= 0x9E3779B97F4A7C15ULL;
    return k ^ (k >> 32);
  }
  void grow() {
    std::vector<std::uint64_t> old_keys;
    std::vector<std::uint32_t> old_stamp;
    old_keys.swap(keys_), old_stamp.swap(stamp_);
    const std::size_t size = std::max<std::size_t>(256, old_keys.size() * 2);
    keys_.assign(size, 0), stamp_.assign(size, 0u);
    const std::uint32_t e = epoch_;
    epoch_ = 1, count_ = 0;
    for (std::size_t i = 0; i < old_keys.size(); ++i)
      if (old_stamp[i] == e) insert(old_keys[i]);
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t epoch_ = 0;
  std::size_t count_ = 0;
};

struct JumpSearch {
  const Graph& g;
  std::uint64_t goal;
  int from;
  Move* out;
  int n = 0;
  VisitSet& seen;
  std::uint64_t path = 0;  // direction bits of the chain so far

  // Depth first, landing points in square order: the first path reaching a
  // given (end, captured set) is its canonical path (rules 5.4), and every
  // continuation of a state already reached was found from its first visit.
  void run(int at, std::uint64_t geese, std::uint64_t caps, int depth) {
    for (const int d : g.jump_dirs(at)) {
      const int mid = g.step(at, d), land = g.jump(at, d);
      if (!(geese & bit(mid)) || (geese & bit(land))) continue;
      const std::uint64_t ncaps = caps | bit(mid);
      if (!seen.insert(ncaps | static_cast<std::uint64_t>(land) << 56)) continue;
      const std::uint64_t npath = path | static_cast<std::uint64_t>(d) << (11 + 3 * depth);
      out[n++] = Move{static_cast<std::uint64_t>(from) | static_cast<std::uint64_t>(depth + 1) << 6 | npath};
      if (goal & bit(land)) continue;  // a chain ends on the goal
      const std::uint64_t saved = path;
      path = npath;
      run(land, geese & ~bit(mid), ncaps, depth + 1);
      path = saved;
    }
  }
};

// Token order of two jump moves from the same point: landing points compared
// in listing order, a prefix first.
bool token_less(const Graph& g, Move a, Move b) {
  int pa = a.from(), pb = b.from();
  const int na = a.jumps(), nb = b.jumps();
  for (int i = 0; i < na && i < nb; ++i) {
    pa = g.jump(pa, a.dir(i)), pb = g.jump(pb, b.dir(i));
    if (pa != pb) return g.listing_rank(pa) < g.listing_rank(pb);
  }
  return na < nb;
}

bool fox_can_jump(const Graph& g, const Pos& p) {
  for (const int d : g.jump_dirs(p.prey))
    if ((p.hunters & bit(g.step(p.prey, d))) && !(p.hunters & bit(g.jump(p.prey, d)))) return true;
  return false;
}

}  // namespace

int generate_jumps(const Rules& r, const Pos& p, Move* out) {
  const Graph& g = *r.graph;
  if (!r.prey_jumps || !fox_can_jump(g, p)) return 0;
  thread_local VisitSet seen;
  seen.reset();
  JumpSearch js{g, r.goal, p.prey, out, 0, seen};
  js.run(p.prey, p.hunters, 0, 0);
  if (js.n > 1) std::sort(out, out + js.n, [&](Move a, Move b) { return token_less(g, a, b); });
  return js.n;
}

int generate(const Rules& r, const Pos& p, Move* out) {
  const Graph& g = *r.graph;
  int n = 0;
  if (p.prey_to_move) {
    for (int d = 0; d < 8; ++d) {
      const int t = g.step(p.prey, d);
      if (t != kNone && !(p.hunters & bit(t))) out[n++] = Move::step(p.prey, d);
    }
    if (r.prey_jumps) n += generate_jumps(r, p, out + n);
    return n;
  }
  const std::uint64_t occ = p.hunters | bit(p.prey);
  for (const int h : g.listing()) {
    if (!(p.hunters & bit(h))) continue;
    const int a = r.advance[static_cast<std::size_t>(h)];
    for (int d = 0; d < 8; ++d) {
      const int t = g.step(h, d);
      if (t != kNone && !(occ & bit(t)) && r.advance[static_cast<std::size_t>(t)] >= a) out[n++] = Move::step(h, d);
    }
  }
  return n;
}

bool has_move(const Rules& r, const Pos& p) {
  const Graph& g = *r.graph;
  if (p.prey_to_move) {
    if (g.neighbours(p.prey) & ~p.hunters) return true;
    return r.prey_jumps && fox_can_jump(g, p);
  }
  const std::uint64_t occ = p.hunters | bit(p.prey);
  for (std::uint64_t b = p.hunters; b; b &= b - 1) {
    const int h = lsb(b);
    const int a = r.advance[static_cast<std::size_t>(h)];
    for (int d = 0; d < 8; ++d) {
      const int t = g.step(h, d);
      if (t != kNone && !(occ & bit(t)) && r.advance[static_cast<std::size_t>(t)] >= a) return true;
    }
  }
  return false;
}

int legal_moves(const Rules& r, const Pos& p, Move* out) {
  if ((r.goal & bit(p.prey)) || (r.stall_rule && p.stall >= kStallLimit)) return 0;
  return generate(r, p, out);
}

Outcome outcome(const Rules& r, const Pos& p) {
  if (r.goal & bit(p.prey)) return prey_wins(r);                              // check 1
  if (!has_move(r, p)) return p.prey_to_move ? hunters_win(r) : prey_wins(r);  // check 2
  if (r.stall_rule && p.stall >= kStallLimit) return prey_wins(r);             // check 3
  return Outcome::Ongoing;
}

Pos play(const Rules& r, const Pos& p, Move m) {
  const Graph& g = *r.graph;
  Pos n = p;
  if (p.prey_to_move) {
    if (!m.is_jump()) {
      n.prey = static_cast<std::uint8_t>(g.step(m.from(), m.dir(0)));
    } else {
      int at = m.from();
      for (int i = 0; i < m.jumps(); ++i) {
        const int d = m.dir(i);
        n.hunters &= ~bit(g.step(at, d));
        at = g.jump(at, d);
      }
      n.prey = static_cast<std::uint8_t>(at);
    }
  } else {
    const int from = m.from(), to = g.step(from, m.dir(0));
    n.hunters ^= bit(from) | bit(to);
    if (r.stall_rule) {
      const bool forward = r.advance[static_cast<std::size_t>(to)] > r.advance[static_cast<std::size_t>(from)];
      n.stall = forward ? 0 : static_cast<std::uint8_t>(p.stall + 1);
    }
  }
  n.prey_to_move = !p.prey_to_move;
  return n;
}

int move_end(const Rules& r, Move m) {
  const Graph& g = *r.graph;
  if (!m.is_jump()) return g.step(m.from(), m.dir(0));
  int at = m.from();
  for (int i = 0; i < m.jumps(); ++i) at = g.jump(at, m.dir(i));
  return at;
}

std::uint64_t move_captures(const Rules& r, Move m) {
  const Graph& g = *r.graph;
  std::uint64_t caps = 0;
  int at = m.from();
  for (int i = 0; i < m.jumps(); ++i) {
    caps |= bit(g.step(at, m.dir(i)));
    at = g.jump(at, m.dir(i));
  }
  return caps;
}

std::uint16_t pack(Move m) {
  if (!m.is_jump()) return static_cast<std::uint16_t>(1 + m.from() * 8 + m.dir(0));
  std::uint64_t h = m.v * 0x9E3779B97F4A7C15ULL;
  h ^= h >> 31;
  return static_cast<std::uint16_t>(1024 + h % (65536 - 1024));
}

}  // namespace ludus::hunt
