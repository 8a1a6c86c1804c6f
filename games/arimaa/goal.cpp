#include "games/arimaa/goal.h"

#include <algorithm>

namespace ludus::arimaa {

namespace {

constexpr int kForward[2] = {kNorth, kSouth};

// Depth-first search over the real steps that can matter for a goal in
// `d` more steps: steps of rabbits that can still make it, and (when there
// are steps to spare) steps of pieces near them and their way forward
// (clearing or unfreezing the path, pushing or pulling blockers away).
bool reach_uncached(const Position& p, int d);

// reach() is a function of the step state and d alone: remember answers
// (the same nodes recur through different step orders).
bool reach(const Position& p, int d) {
  if (d <= 1) return reach_uncached(p, d);
  struct Entry {
    std::uint64_t key;
    bool value;
  };
  thread_local Entry memo[1 << 14];
  const Zobrist& z = zobrist();
  std::uint64_t key = (p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str]) +
                      static_cast<std::uint64_t>(d) * 0x9E3779B97F4A7C15ULL;
  if (key == 0) key = 1;
  Entry& e = memo[key & ((1 << 14) - 1)];
  if (e.key == key) return e.value;
  const bool v = reach_uncached(p, d);
  e = {key, v};
  return v;
}

bool reach_uncached(const Position& p, int d) {
  const int us = p.side;
  const Bitboard rabbits = p.color[us] & p.type[kRabbit];
  if (p.steps > 0 && p.push_sq == kNoSquare && (rabbits & kGoalRow[us])) return true;
  if (d == 0) return false;
  // Steps each rabbit needs at least: its distance, one more if it is
  // frozen or its way forward is blocked; one more for everyone while a push
  // waits for its completion.
  const Bitboard fr = frozen(p, us);
  const Bitboard occ = p.occupied();
  const int pending = p.push_sq != kNoSquare ? 1 : 0;
  Bitboard cand = 0;
  int mind = 8;  // plain distance of the nearest candidate (what may be spent elsewhere)
  for (Bitboard b = rabbits; b; b &= b - 1) {
    const int sq = lsb(b);
    const int dist = rabbit_distance(us, sq);
    int need = dist + pending;
    if ((fr & bit(sq)) || (shift(bit(sq), kForward[us]) & occ)) ++need;
    if (need <= d) cand |= bit(sq), mind = std::min(mind, dist);
  }
  if (!cand) return false;
  // One step left: a candidate is an unfrozen rabbit one row from the goal
  // with its way free and no push pending, so its step is legal and scores.
  if (d == 1) return true;
  const int slack = d - mind;
  Bitboard zone = 0;
  if (slack > 0) {
    Bitboard cone = cand;
    for (int i = 0; i < mind; ++i) cone |= shift(cone, kForward[us]);
    zone = cone | adj(cone);
    if (slack > 1) zone |= adj(zone);
  }
  Move moves[kMaxMoves];
  const int n = generate_moves(p, moves);
  const bool forced = p.push_sq != kNoSquare;
  // Rabbit steps first: the direct run is the common goal.
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < n; ++i) {
      const Move m = moves[i];
      if (!m.is_step()) continue;
      const bool rabbit_step = (cand & bit(m.from())) && !forced;
      if ((pass == 0) != rabbit_step) continue;
      if (!rabbit_step) {
        if (slack == 0 && !forced) continue;
        if (!forced && !(zone & (bit(m.from()) | bit(m.to())))) continue;
      } else if (slack == 0 && m.dir() != kForward[us]) {
        continue;
      }
      const Position c = play(p, m);
      if (c.side != us) {  // the 4th step ended the turn
        if (c.color[us] & c.type[kRabbit] & kGoalRow[us]) return true;
        continue;
      }
      if (reach(c, d - 1)) return true;
    }
  }
  return false;
}

struct CacheEntry {
  std::uint64_t key;
  std::int8_t result;
};
constexpr std::size_t kCacheSize = 1 << 15;

int cached_goal_steps(const Position& p, int limit) {
  thread_local CacheEntry cache[kCacheSize];
  const Zobrist& z = zobrist();
  std::uint64_t key = p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str] ^
                      (p.start_hash * z.start) ^ (static_cast<std::uint64_t>(limit + 1) * 0x9E3779B97F4A7C15ULL);
  if (key == 0) key = 1;
  CacheEntry& e = cache[key & (kCacheSize - 1)];
  if (e.key == key) return e.result;
  // Usually there is no goal: one search at the full limit says so; only
  // then look for the fewest steps.
  int result = -1;
  if (limit >= 0 && reach(p, limit)) {
    result = limit;
    for (int d = 0; d < limit; ++d)
      if (reach(p, d)) {
        result = d;
        break;
      }
  }
  e.key = key;
  e.result = static_cast<std::int8_t>(result);
  return result;
}

}  // namespace

int goal_steps(const Position& p, int limit) {
  if (p.setup_phase()) return -1;
  limit = std::min(limit, 4 - p.steps);
  const Bitboard rabbits = p.color[p.side] & p.type[kRabbit];
  // Quick filter: some rabbit within `limit` rows of the goal.
  Bitboard near = 0;
  for (int r = 0; r <= limit; ++r) near |= kGoalRow[p.side] == kRank8 ? rank_bb(7 - r) : rank_bb(r);
  if (!(rabbits & near)) return -1;
  return cached_goal_steps(p, limit);
}

int goal_win_plies(const Position& p) {
  // An earlier step of this turn found no goal in all the steps it had left
  // (a superset of the sequences from here): no need to look again.
  if (p.no_goal_this_turn) return 0;
  const int s = goal_steps(p, 4);
  if (s < 0) {
    p.no_goal_this_turn = 1;
    return 0;
  }
  return s + (p.steps + s < 4 ? 1 : 0);
}

int opponent_goal_threat(const Position& p) {
  const int them = p.side ^ 1;
  const Bitboard rabbits = p.color[them] & p.type[kRabbit];
  const Bitboard near = them == kGold ? (rank_bb(3) | rank_bb(4) | rank_bb(5) | rank_bb(6))
                                      : (rank_bb(1) | rank_bb(2) | rank_bb(3) | rank_bb(4));
  if (!(rabbits & near)) return -1;
  Position q = p;
  q.hash ^= zobrist().side;
  q.side = static_cast<std::uint8_t>(them);
  q.steps = 0;
  q.push_sq = q.pull_sq = kNoSquare;
  q.push_str = q.pull_str = 0;
  q.start_hash = q.hash;
  q.start_occ = q.occupied();
  return cached_goal_steps(q, 4);
}

}  // namespace ludus::arimaa
