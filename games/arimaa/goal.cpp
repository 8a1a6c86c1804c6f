#include "games/arimaa/goal.h"

#include <algorithm>

#include "engine/interrupt.h"
#include "engine/thread_array.h"

namespace ludus::arimaa {

namespace {

constexpr int kForward[2] = {kNorth, kSouth};

// A rabbit of colour c stands on its goal row.
bool rabbit_on_goal(const Position& p, int c) { return (p.color[c] & p.type[kRabbit] & kGoalRow[c]) != 0; }

// The side to move has a rabbit on its goal row and may end its turn now
// (a step played, no push waiting for its completion): a goal.
bool can_end_on_goal(const Position& p) {
  return p.steps > 0 && p.push_sq == kNoSquare && rabbit_on_goal(p, p.side);
}

// The rabbits of colour c within `limit` rows of its goal.
Bitboard rabbits_within(const Position& p, int c, int limit) {
  Bitboard near = 0;
  for (int r = 0; r <= limit; ++r) near |= kGoalRow[c] == kRank8 ? rank_bb(7 - r) : rank_bb(r);
  return p.color[c] & p.type[kRabbit] & near;
}
bool rabbit_within(const Position& p, int limit) { return rabbits_within(p, p.side, limit) != 0; }

// The rabbits of colour `us` that may still reach the goal row in `d`
// more steps of theirs (d >= 1; lower bounds on their steps, below), and
// the plain distance of the nearest of them. `enemy_moves_first` as in
// path_costs: the goal defence's view of the side not to move.
struct Candidates {
  Bitboard rabbits = 0;
  int nearest = 8;
};
Candidates goal_candidates(const Position& p, int us, int d, bool enemy_moves_first);

// Depth-first search over the real steps that can matter for a goal in
// `d` more steps (d >= 2) from the candidates: steps of those rabbits,
// and (when there are steps to spare) steps of pieces near them and their
// way forward (clearing or unfreezing the path, pushing or pulling
// blockers away).
bool reach_from(const Position& p, int d, const Candidates& c);

// reach() is a function of the step state and d alone: remember answers
// (the same nodes recur through different step orders). 2 MB a thread: in
// positions full of goal threats 16,384 entries thrash; 131,072 (and as
// many in the goal-steps cache below) take a fifth off `go depth 8`.
bool reach(const Position& p, int d) {
  if (can_end_on_goal(p)) return true;
  if (d == 0) return false;
  // Most boards have no rabbit close enough: the bounds say so for less
  // than the memo's probe costs (a cache miss in a 2 MB table).
  const Candidates c = goal_candidates(p, p.side, d, false);
  if (!c.rabbits) return false;
  // One step left: a candidate is an unfrozen rabbit one row from the goal
  // with its way free and no push pending, so its step is legal and scores.
  if (d == 1) return true;
  struct Entry {
    std::uint64_t key;
    bool value;
  };
  Entry* const memo = thread_array<Entry, 1 << 17>();
  const Zobrist& z = zobrist();
  std::uint64_t key = (p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str]) +
                      static_cast<std::uint64_t>(d) * 0x9E3779B97F4A7C15ULL;
  if (key == 0) key = 1;
  Entry& e = memo[key & ((1 << 17) - 1)];
  if (e.key == key) return e.value;
  const bool v = reach_from(p, d, c);
  e = {key, v};
  return v;
}

// A lower bound on the steps rabbit-free play needs to bring a rabbit of
// `us` from each square to the goal row, for the rows at most `d` from it:
// the rabbit's own steps (forward or sideways) plus, for every square on
// its way that is occupied now, the steps its occupant needs at least to
// leave (every step vacates exactly one square, and the rabbit's steps
// vacate only squares it entered): one for an own piece. An enemy piece
// moves in `us`'s turn only when dragged (the first step of a push or the
// second of a pull, each paired with a step of ours that vacates no square
// of the way for good: a push's second step refills the square, a pull's
// first step is filled by the pulled piece): two steps, one when a pull
// begun may take it, and more than a turn's for the enemy elephant, which
// nothing drags. With `enemy_moves_first` (the goal defence's view: the
// enemy plays the rest of its turn before `us` moves) an enemy piece may
// step aside by itself and costs one, as an own piece. Trap squares cost
// no extra: their occupant may vanish by a capture. Freezing and pending
// pushes are left out (the caller's simple bound has them), so that no
// step is counted twice. cost[r][f]: r = rows from the goal row (the
// caller's array has d + 1 rows).
void path_costs(const Position& p, int us, int d, bool enemy_moves_first, int cost[][8]) {
  const Bitboard enemy = p.color[us ^ 1] & ~kTraps;
  // Occupants that leave with one step: own pieces, enemy ones that move
  // first or that a pull begun may take.
  Bitboard one = p.color[us] & ~kTraps;
  if (enemy_moves_first) one |= enemy;
  else if (us == p.side && p.pull_sq != kNoSquare) one |= enemy & kAdj.v[p.pull_sq];
  const Bitboard wall = enemy & p.type[kElephant] & ~one;
  const Bitboard dragged = enemy & ~one & ~wall;
  // Entering each square of a rank costs one step plus its occupant's.
  auto enter_costs = [&](int rank, int out[8]) {
    const unsigned o = static_cast<unsigned>(one >> (8 * rank)) & 0xFF;
    const unsigned g = static_cast<unsigned>(dragged >> (8 * rank)) & 0xFF;
    const unsigned w = static_cast<unsigned>(wall >> (8 * rank)) & 0xFF;
    for (int f = 0; f < 8; ++f)
      out[f] = 1 + static_cast<int>(((o >> f) & 1) + 2 * ((g >> f) & 1) + 5 * ((w >> f) & 1));
  };
  const int goal_rank = us == kGold ? 7 : 0;
  const int back = us == kGold ? -1 : 1;
  for (int f = 0; f < 8; ++f) cost[0][f] = 0;
  int ahead_cost[8], row_cost[8];
  enter_costs(goal_rank, ahead_cost);
  for (int r = 1; r <= d; ++r) {
    const int rank = goal_rank + back * r;
    enter_costs(rank, row_cost);
    int* c = cost[r];
    // Straight on: enter the square ahead.
    for (int f = 0; f < 8; ++f) c[f] = cost[r - 1][f] + ahead_cost[f];
    // Sideways along the row (two sweeps settle a row with positive costs).
    for (int f = 1; f < 8; ++f) c[f] = std::min(c[f], c[f - 1] + row_cost[f - 1]);
    for (int f = 6; f >= 0; --f) c[f] = std::min(c[f], c[f + 1] + row_cost[f + 1]);
    std::copy(row_cost, row_cost + 8, ahead_cost);  // this rank is the next one's way ahead
  }
}

Candidates goal_candidates(const Position& p, int us, int d, bool enemy_moves_first) {
  // Steps each rabbit needs at least: its distance, one more if it is
  // frozen or its way forward is blocked; one more for everyone while a push
  // of its side waits for its completion.
  const int pending = us == p.side && p.push_sq != kNoSquare ? 1 : 0;
  const Bitboard rabbits = rabbits_within(p, us, d - pending);
  if (!rabbits) return {};
  const Bitboard occ = p.occupied();
  Bitboard cand = 0;
  int mind = 8;  // plain distance of the nearest candidate (what may be spent elsewhere)
  int cost[5][8];
  bool have_cost = false;
  for (Bitboard b = rabbits; b; b &= b - 1) {
    const int sq = lsb(b);
    const int dist = rabbit_distance(us, sq);
    int need = dist + pending;
    // Frozen: beside an enemy stronger than a rabbit (any but a rabbit)
    // with no friend beside it.
    const Bitboard around = kAdj.v[sq];
    const bool is_frozen = !(around & p.color[us]) && (around & p.color[us ^ 1] & ~p.type[kRabbit]);
    if (is_frozen || (shift(bit(sq), kForward[us]) & occ)) ++need;
    if (need > d) continue;
    if (dist >= 2) {
      // The way may be blocked further ahead.
      if (!have_cost) path_costs(p, us, std::min(d, 4), enemy_moves_first, cost), have_cost = true;
      if (cost[dist][file_of(sq)] > d) continue;
    }
    cand |= bit(sq), mind = std::min(mind, dist);
  }
  return {cand, mind};
}

bool reach_from(const Position& p, int d, const Candidates& c) {
  const int us = p.side;
  const Bitboard cand = c.rabbits;
  const int mind = c.nearest;
  const int slack = d - mind;
  if (slack == 0 && p.push_sq == kNoSquare) {
    // No step to spare: only a straight run of a candidate (unfrozen, its
    // way forward free, see `need`) can make it. Such a step is always
    // legal (a rabbit's forward step never restores the turn-start board),
    // so the move list is not needed.
    for (Bitboard b = cand; b; b &= b - 1) {
      Position c = p;
      do_step(c, lsb(b), kForward[us]);
      if (c.side != us) {  // the 4th step ended the turn
        if (rabbit_on_goal(c, us)) return true;
        continue;
      }
      if (reach(c, d - 1)) return true;
    }
    return false;
  }
  Bitboard zone = 0;
  if (slack > 0) {
    Bitboard cone = cand;
    for (int i = 0; i < mind; ++i) cone |= shift(cone, kForward[us]);
    zone = cone | adj(cone);
    if (slack > 1) zone |= adj(zone);
  }
  MoveBuffer buffer;
  Move* const moves = buffer.data();
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
        if (rabbit_on_goal(c, us)) return true;
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
constexpr std::size_t kCacheSize = 1 << 17;

CacheEntry& cache_slot(const Position& p, int limit, std::uint64_t& key) {
  CacheEntry* const cache = thread_array<CacheEntry, kCacheSize>();
  const Zobrist& z = zobrist();
  key = p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str] ^
        (p.start_hash * z.start) ^ (static_cast<std::uint64_t>(limit + 1) * 0x9E3779B97F4A7C15ULL);
  if (key == 0) key = 1;
  return cache[key & (kCacheSize - 1)];
}

int cached_goal_steps(const Position& p, int limit) {
  std::uint64_t key;
  CacheEntry& e = cache_slot(p, limit, key);
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

// goal_steps(p, limit) >= 0, without looking for the fewest steps: the
// goal-defence search asks this after every step it tries, and the
// fewest-steps loop of cached_goal_steps (searches at every smaller limit,
// which must fail before the true one succeeds) would cost it several
// times more. A cached exact answer is used when there is one.
bool has_goal(const Position& p, int limit) {
  if (p.setup_phase()) return false;
  limit = std::min(limit, 4 - p.steps);
  if (!rabbit_within(p, limit)) return false;
  std::uint64_t key;
  const CacheEntry& e = cache_slot(p, limit, key);
  if (e.key == key) return e.result >= 0;
  return reach(p, limit);
}

// Some rabbit of the side not to move lies within 4 rows of its goal (the
// cheap test before any goal search for it).
bool opponent_rabbit_near(const Position& p) {
  const int them = p.side ^ 1;
  const Bitboard near = them == kGold ? (rank_bb(3) | rank_bb(4) | rank_bb(5) | rank_bb(6))
                                      : (rank_bb(1) | rank_bb(2) | rank_bb(3) | rank_bb(4));
  return (p.color[them] & p.type[kRabbit] & near) != 0;
}

}  // namespace

int goal_path_steps(const Position& p, int c) {
  constexpr int kRows = 6;
  const Bitboard rabbits = rabbits_within(p, c, kRows);
  if (!rabbits) return kNoGoalPath;
  int cost[kRows + 1][8];
  path_costs(p, c, kRows, false, cost);
  int best = kNoGoalPath;
  for (Bitboard b = rabbits; b; b &= b - 1) {
    const int sq = lsb(b);
    const Bitboard around = kAdj.v[sq];
    const bool is_frozen = !(around & p.color[c]) && (around & p.color[c ^ 1] & ~p.type[kRabbit]);
    best = std::min(best, cost[rabbit_distance(c, sq)][file_of(sq)] + (is_frozen ? 1 : 0));
  }
  return best;
}

int goal_steps(const Position& p, int limit) {
  if (p.setup_phase()) return -1;
  limit = std::min(limit, 4 - p.steps);
  if (!rabbit_within(p, limit)) return -1;
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

namespace {

// Where the goal threats of colour c are played out: its rabbits that may
// reach the goal in a turn (goal_candidates on the current board, as if c
// moved next, with the side to move's pieces free to step aside in the
// steps it has left) with their ways forward (`ways`), and
// the squares that matter for stopping them (`zone`): the ways, the
// squares next to those, and one ring more (pieces that come to block,
// freeze, push or pull).
struct ThreatArea {
  Bitboard ways = 0, zone = 0;
};
ThreatArea threat_area(const Position& p, int c) {
  ThreatArea a;
  for (Bitboard b = goal_candidates(p, c, 4, true).rabbits; b; b &= b - 1) {
    const int sq = lsb(b);
    Bitboard way = bit(sq);
    for (int i = 0; i < rabbit_distance(c, sq); ++i) way |= shift(way, kForward[c]);
    a.ways |= way;
  }
  const Bitboard cone = a.ways | adj(a.ways);
  a.zone = cone | adj(cone);
  return a;
}

// A goal sequence of the side to move (its steps from the start of its
// turn), found once and replayed on the boards the defence search reaches:
// in positions full of goal threats nearly every defence tried leaves the
// threat standing (98% of the checks), and replaying a sequence that still
// scores costs four step checks where the goal search generates moves at
// hundreds of nodes.
struct Witness {
  Move steps[4];
  int n = 0;  // 0: none
  // The squares whose contents its replay reads: two squares around those
  // its steps leave and enter (the steps' legality reads their neighbours
  // for freezing, pushes and pulls; a capture after a step, a trap beside
  // the square left and that trap's neighbours), and the goal row.
  Bitboard depends = 0;
};

// Witness::depends for the steps of `w`, played by colour c.
Bitboard replay_squares(const Witness& w, int c) {
  Bitboard s = 0;
  for (int i = 0; i < w.n; ++i) s |= bit(w.steps[i].from()) | bit(w.steps[i].to());
  s |= adj(s);
  return s | adj(s) | kGoalRow[c];
}

// Does the witness still score on this board (the side to move at the start
// of its turn)? Every step must be legal here; a "yes" is a real goal.
bool still_scores(const Position& p, const Witness& w) {
  const int us = p.side;
  Position c = p;
  for (int i = 0; i < w.n; ++i) {
    if (!is_legal_step(c, w.steps[i])) return false;
    do_step(c, w.steps[i].from(), w.steps[i].dir());  // witnesses hold steps only
    if (c.side != us) return rabbit_on_goal(c, us);  // the 4th step ended the turn
  }
  return can_end_on_goal(c);
}

// One goal sequence within d steps when reach(p, d) found one: at each step
// a child from which reach still succeeds (reach remembers the answers).
Witness find_witness(const Position& p, int d) {
  const int us = p.side;
  Witness w;
  Position x = p;
  while (!can_end_on_goal(x)) {
    if (d == 0 || w.n == 4) return Witness{};
    MoveBuffer buffer;
    Move* const moves = buffer.data();
    const int n = generate_moves(x, moves);
    bool found = false;
    for (int i = 0; i < n && !found; ++i) {
      const Move m = moves[i];
      if (!m.is_step()) continue;
      const Position c = play(x, m);
      if (c.side != us) {
        if (!rabbit_on_goal(c, us)) continue;
        w.steps[w.n++] = m;
        return w;
      }
      if (reach(c, d - 1)) {
        w.steps[w.n++] = m;
        x = c;
        --d;
        found = true;
      }
    }
    if (!found) return Witness{};
  }
  return w;
}

// What the defence search knows while it runs: where the threats are, and
// the goal sequences found so far.
struct Defence {
  ThreatArea area;
  Witness known[4];
  int count = 0, next = 0;

  // Does the attacker (the side to move of `v`, at the start of its turn)
  // have a goal in its turn? A known sequence first, else the goal search,
  // whose sequence is then remembered.
  bool attacker_scores(const Position& v) {
    for (int i = 0; i < count; ++i)
      if (still_scores(v, known[i])) return true;
    if (!has_goal(v, 4)) return false;
    Witness w = find_witness(v, 4);
    if (w.n > 0) {
      w.depends = replay_squares(w, v.side);
      known[next] = w;  // the oldest goes first
      next = (next + 1) % 4;
      count = std::min(count + 1, 4);
    }
    return true;
  }

  // The opponent of the side to move still has a goal in its next turn if
  // the side to move ended its turn now (a board reached within the turn).
  bool threat_remains(const Position& p) { return opponent_rabbit_near(p) && attacker_scores(opponent_turn_view(p)); }

  // The squares a step of the side to move must change for the turn to
  // end without the threat after it: those of a known goal sequence that
  // scores were the turn to end on this board (any step elsewhere leaves
  // its replay as it is), or everywhere when none does.
  Bitboard must_change(const Position& p) const {
    if (!opponent_rabbit_near(p)) return ~Bitboard{0};
    const Position v = opponent_turn_view(p);
    for (int i = 0; i < count; ++i)
      if (still_scores(v, known[i])) return known[i].depends;
    return ~Bitboard{0};
  }
};

bool stop_within_uncached(const Position& p, int d, Defence& def, int& budget);

// Answers depend on the step state, d and the zone, all in the key (the
// ways only order the steps); an answer forced by an exhausted budget is
// not remembered.
bool stop_within(const Position& p, int d, Defence& def, int& budget) {
  const Bitboard zone = def.area.zone;
  if (d == 0) return false;
  struct Entry {
    std::uint64_t key;
    bool value;
  };
  // 2^16 entries (1 MiB a thread): a proof that a threat is unstoppable
  // visits thousands of nodes, and 2^12 loses a quarter of the time to
  // step orders forgotten in between.
  constexpr int kMemoSize = 1 << 16;
  Entry* const memo = thread_array<Entry, kMemoSize>();
  const Zobrist& z = zobrist();
  std::uint64_t key = (p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str] ^
                       (p.start_hash * z.start) ^ (zone * 0xBF58476D1CE4E5B9ULL)) +
                      static_cast<std::uint64_t>(d) * 0x94D049BB133111EBULL;
  if (key == 0) key = 1;
  Entry& e = memo[key & (kMemoSize - 1)];
  if (e.key == key) return e.value;
  const int before = budget;
  const bool v = stop_within_uncached(p, d, def, budget);
  // Not an answer forced by the budget, nor one cut short by `stop`.
  if ((budget >= 0 || before < 0) && !search_interrupted()) e = {key, v};
  return v;
}

bool stop_within_uncached(const Position& p, int d, Defence& def, int& budget) {
  const int us = p.side;
  const ThreatArea& area = def.area;
  MoveBuffer buffer;
  Move* const moves = buffer.data();
  const int n = generate_moves(p, moves);
  // A step that changes nothing a scoring goal sequence reads leaves the
  // threat standing: with one step left it cannot defend (not even
  // counted against the budget), with more it only leads on. Proving a
  // threat unstoppable visits every step, and most last steps are such.
  const Bitboard relevant = def.must_change(p);
  // The steps that change what the scoring goal sequence reads first (a
  // defence changes it sooner or later), then the others; in each group
  // the steps on the rabbits' ways first (blocking them, or moving a
  // rabbit by a push or pull), then the rest of the zone. A defence, when
  // there is one, is usually found among the first, well within the
  // budget. With the ways alone first, the defences found in `go depth 7`
  // on positions from lost games cost 23.9 million steps (most of them in
  // the 4% of searches that need the whole turn); with this order 12.4
  // million. With one step left only the first group can defend (see
  // above): the others are not tried.
  // Each step's group is worked out once: kNotTried for steps outside
  // the zone (and the end of the turn).
  constexpr std::uint8_t kNotTried = 255;
  std::uint8_t group[kMaxMoves];
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const Bitboard touched = m.is_step() ? bit(m.from()) | bit(m.to()) : 0;
    if (!(area.zone & touched)) {
      group[i] = kNotTried;
      continue;
    }
    // What the step changes: its two squares and a capture on a trap
    // beside the square it leaves.
    const bool may_defend = (touched | (kTraps & kAdj.v[m.from()])) & relevant;
    group[i] = static_cast<std::uint8_t>((may_defend ? 0 : 2) + ((area.ways & touched) ? 0 : 1));
  }
  const int groups = d == 1 ? 2 : 4;
  for (int g = 0; g < groups; ++g) {
    for (int i = 0; i < n; ++i) {
      if (group[i] != g) continue;
      const Move m = moves[i];
      const bool may_defend = g < 2;
      // Out of budget: assume a defence exists. A stopped search ends the
      // defence search the same way (its answer is then not stored).
      if (--budget < 0 || ((budget & 1023) == 0 && search_interrupted())) {
        budget = std::min(budget, -1);
        return true;
      }
      const Position c = play(p, m);
      if (c.side != us) {
        // The 4th step ended the turn: the opponent moves next.
        if (may_defend && !def.attacker_scores(c)) return true;
        continue;
      }
      // The turn may end here (no push pending, the board changed).
      if (may_defend && c.push_sq == kNoSquare && c.hash != c.start_hash && !def.threat_remains(c)) return true;
      if (stop_within(c, d - 1, def, budget)) return true;
    }
  }
  return false;
}

}  // namespace

bool can_stop_goal_threat(const Position& p, int& budget) {
  if (p.setup_phase()) return true;
  Defence def;
  def.area = threat_area(p, p.side ^ 1);
  const int left = 4 - p.steps;
  for (int d = 1; d <= left; ++d)
    if (stop_within(p, d, def, budget)) return true;
  return false;
}

int opponent_goal_threat(const Position& p) {
  if (!opponent_rabbit_near(p)) return -1;
  return cached_goal_steps(opponent_turn_view(p), 4);
}

}  // namespace ludus::arimaa
