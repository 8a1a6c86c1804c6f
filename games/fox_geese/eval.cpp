#include "games/fox_geese/eval.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "games/fox_geese/fox_geese.h"

namespace ludus::fox_geese {

using namespace hunt;

namespace {

const Graph& board() { return fox_geese_graph(); }

// The longest jump chain (geese captured) the fox on p.prey could play now.
int longest_chain(const Pos& p) {
  thread_local std::vector<Move> buf(static_cast<std::size_t>(FoxGeese::kMaxMoves));
  Pos q = p;
  q.prey_to_move = true;
  const int n = generate_jumps(fox_geese_rules(), q, buf.data());
  int best = 0;
  for (int i = 0; i < n; ++i) best = std::max(best, buf[static_cast<std::size_t>(i)].jumps());
  return best;
}

}  // namespace

// Gaps in the geese's formation (the seed's features) with the seed's loops:
// empty points between geese on one rank, on one file, and goose-gap-goose
// on a diagonal (eval.h says why these loops stay).
GapCounts seed_gap_counts(std::uint64_t geese) {
  const Graph& g = board();
  int gh = 0, gv = 0, gd = 0;
  for (int line = 0; line < 7; ++line) {
    int lo_h = 99, hi_h = -1, lo_v = 99, hi_v = -1;
    for (int i = 0; i < 7; ++i) {
      const int ph = g.at(i, line), pv = g.at(line, i);
      if (ph != kNone && (geese & bit(ph))) lo_h = std::min(lo_h, i), hi_h = std::max(hi_h, i);
      if (pv != kNone && (geese & bit(pv))) lo_v = std::min(lo_v, i), hi_v = std::max(hi_v, i);
    }
    for (int i = lo_h + 1; i < hi_h; ++i)
      if (const int q = g.at(i, line); q != kNone && !(geese & bit(q))) ++gh;
    for (int i = lo_v + 1; i < hi_v; ++i)
      if (const int q = g.at(line, i); q != kNone && !(geese & bit(q))) ++gv;
  }
  for (std::uint64_t b = geese; b; b &= b - 1) {
    const int h = lsb(b);
    for (const int d : {2, 7}) {  // (-1,+1) and (+1,+1): a goose, an empty point, a goose on a diagonal
      const int m = g.step(h, d);
      if (m != kNone && !(geese & bit(m)) && g.step(m, d) != kNone && (geese & bit(g.step(m, d)))) ++gd;
    }
  }
  return {gh, gv, gd};
}

namespace {

// The same counts as seed_gap_counts() from bitmasks (those loops and their
// Graph::at() calls take ~20% of a ludus search). Points are numbered
// rank by rank, files in order, so a rank is a run of consecutive bits and
// the points of a file come in increasing bit order: the points between the
// lowest and the highest goose of a line are the line's bits between them.
struct GapTables {
  std::uint64_t rank[7]{}, file[7]{};
  std::int8_t diag[kMaxPoints][2][2];  // per point, for directions 2 and 7: the next point and the one after
  GapTables() {
    const Graph& g = board();
    for (int p = 0; p < g.size(); ++p) {
      rank[g.y(p)] |= bit(p), file[g.x(p)] |= bit(p);
      const int dirs[2] = {2, 7};
      for (int i = 0; i < 2; ++i) {
        const int m = g.step(p, dirs[i]);
        diag[p][i][0] = static_cast<std::int8_t>(m);
        diag[p][i][1] = static_cast<std::int8_t>(m == kNone ? kNone : g.step(m, dirs[i]));
      }
    }
  }
};
const GapTables& gap_tables() {
  static const GapTables t;
  return t;
}

inline int line_gaps(std::uint64_t line, std::uint64_t geese) {
  const std::uint64_t x = geese & line;
  if (popcount(x) < 2) return 0;
  const int lo = lsb(x), hi = msb(x);
  const std::uint64_t between = (bit(hi) - 1) & ~((bit(lo) << 1) - 1);
  return popcount(between & line & ~geese);
}

}  // namespace

GapCounts fast_gap_counts(std::uint64_t geese) {
  const GapTables& t = gap_tables();
  GapCounts c;
  for (int i = 0; i < 7; ++i) c.h += line_gaps(t.rank[i], geese), c.v += line_gaps(t.file[i], geese);
  for (std::uint64_t b = geese; b; b &= b - 1) {
    const int h = lsb(b);
    for (int i = 0; i < 2; ++i) {
      const int m = t.diag[h][i][0], m2 = t.diag[h][i][1];
      if (m2 != kNone && !(geese & bit(m)) && (geese & bit(m2))) ++c.d;
    }
  }
  return c;
}

// Weights of the ludus evaluation (centi-geese), set by self-play against the
// seed's approach.
namespace w {
constexpr int kFoxRank = 14;      // per rank the fox has come down from rank 7
constexpr int kFoxPassed = 14;    // per goose the fox has passed (below it)
constexpr int kTopArm = 40;       // fox driven into ranks 6-7 (only when the engine plays the geese)
constexpr int kRegion = 4;        // per point of the fox's step region
constexpr int kMobility = 6;      // per fox step or single jump
constexpr int kExposed = 20;      // per exposed goose
constexpr int kLevel = 6;         // per rank between the lowest and the highest goose
constexpr int kGap = 8;           // per horizontal, vertical or diagonal gap
constexpr int kStall = 15;        // per stall count above 4
// Fox-side terms (only when the engine plays the fox):
constexpr int kReserve = 6;       // per forward step the geese have left, counted from kReserveMid
constexpr int kReserveMid = 30;   // the reserve term's zero point
constexpr int kSealedRes = 30;    // fox sealed in ranks 5-7: per forward step left above kSealedMid
// The reserve at which a seal turns from bad to good for the fox: df-pn
// proves almost every sealed position of the faithful match a geese win,
// yet foxes sealed with a small reserve win against geese that do not
// count the stall clock. Against the seed's geese (full-width depth 7, 50
// fox games each) a midpoint of 24 wins 84% where 30 wins 70% and 18 76%.
constexpr int kSealedMid = 24;
constexpr int kCorner = 30;       // fox on a top-arm point with 3 lines (c6 e6 c7 d7 e7)
constexpr int kArea2 = 3;         // per empty point within two fox steps
}  // namespace w

int geese_forward_reserve(const Pos& p) {
  const Graph& g = board();
  int reserve = 0;
  for (std::uint64_t b = p.hunters; b; b &= b - 1) {
    const int h = lsb(b);
    reserve += (g.x(h) >= 2 && g.x(h) <= 4 ? 6 : 4) - g.y(h);  // files c-e reach rank 7, the others rank 5
  }
  return reserve;
}

FoxRoom fox_room(const Pos& p) {
  const Rules& r = fox_geese_rules();
  const Graph& g = *r.graph;
  const std::uint64_t empty = g.all() & ~p.hunters;
  FoxRoom room{bit(p.prey), -1};
  std::uint64_t frontier = room.points;
  for (int dist = 0; frontier; ++dist) {
    if ((frontier & r.goal) && room.home < 0) room.home = dist;
    std::uint64_t next = 0;
    for (std::uint64_t b = frontier; b; b &= b - 1) next |= g.neighbours(lsb(b));
    frontier = next & empty & ~room.points;
    room.points |= frontier;
  }
  return room;
}

Terms ludus_terms(const Pos& p, bool engine_geese) {
  const Graph& g = board();
  Terms t;
  const std::uint64_t geese = p.hunters;
  const int fox = p.prey, fy = g.y(fox);
  const std::uint64_t empty = g.all() & ~geese & ~bit(fox);
  const int k = popcount(geese);
  t.material = 100 * (k - 15);  // counted from the default layout
  if (k < 4) t.decisive = -3000;  // rules 10.6: fewer than 4 geese cannot trap the fox

  int min_rank = 99, max_rank = -1, forward_moves = 0, passed = 0;
  for (std::uint64_t b = geese; b; b &= b - 1) {
    const int h = lsb(b);
    min_rank = std::min(min_rank, g.y(h)), max_rank = std::max(max_rank, g.y(h));
    if (g.y(h) > fy) ++passed;
    for (int d = 0; d < 8; ++d) {
      const int to = g.step(h, d);
      if (to != kNone && (empty & bit(to)) && g.y(to) > g.y(h)) ++forward_moves;
    }
  }
  // A fox below every goose can never be reached again: it walks home.
  if (fy < min_rank && k > 0) t.decisive = -3000 + 20 * fy;
  // The fox's progress: down toward rank 1, past geese; the top arm is a trap.
  t.progress = -w::kFoxRank * (6 - fy) - w::kFoxPassed * passed + (engine_geese && fy >= 5 ? w::kTopArm : 0);

  // Containment: the fox's region through empty points, and its distance home.
  const FoxRoom room = fox_room(p);
  const std::uint64_t region = room.points;
  t.region = -w::kRegion * popcount(region);
  if (room.home >= 0) t.escape = -(250 + 40 * std::max(0, 8 - room.home));

  // Mobility and threats.
  const int steps = popcount(g.neighbours(fox) & empty);
  int jumps_now = 0;
  std::uint64_t attacked = 0, exposed = 0;
  for (std::uint64_t b = geese; b; b &= b - 1) {
    const int h = lsb(b);
    for (int d = 0; d < 8; ++d) {
      const int a = g.step(h, d), c = g.step(h, opposite(d));
      if (a == kNone || c == kNone || !(empty & bit(c))) continue;
      if (a == fox) attacked |= bit(h), ++jumps_now;
      else if (region & bit(a)) exposed |= bit(h);
    }
  }
  t.mobility = -w::kMobility * (steps + jumps_now);
  if (jumps_now > 0) {
    const int chain = longest_chain(p);
    if (p.prey_to_move) t.threats = -95 * chain;
    else t.threats = -(30 * chain + (popcount(attacked) >= 2 ? 55 : 0));
  }
  t.exposed = -w::kExposed * popcount(exposed & ~attacked);
  const GapCounts gaps = fast_gap_counts(geese);
  t.shape = k > 0 ? -w::kLevel * (max_rank - min_rank) - w::kGap * (gaps.h + gaps.v + gaps.d) : 0;
  if (p.stall >= 5) t.stall = -w::kStall * (p.stall - 4) - (forward_moves == 0 ? 30 * p.stall : 0);

  if (!engine_geese && k >= 4) {
    // The geese's forward reserve: they must step forward at least every
    // 10th move (the stall rule), so the forward steps they have left are
    // what they can spend sealing and then trapping the fox.
    const int reserve = geese_forward_reserve(p);
    t.reserve = w::kReserve * (reserve - w::kReserveMid);
    // The fox's room. Sealed: its region lies in ranks 5-7, so it cannot get
    // past the geese without a capture; that is lost when the geese still
    // have many forward steps and won when they have few (their remaining
    // steps do not suffice to close the top arm before the stall limit).
    int low = 99;
    for (std::uint64_t b = region; b; b &= b - 1) low = std::min(low, g.y(lsb(b)));
    if (low >= 4) t.room += w::kSealedRes * (reserve - w::kSealedMid);
    // A top-arm point with only 3 lines is where the fox gets trapped.
    if (fy >= 5 && popcount(g.neighbours(fox)) <= 3) t.room += w::kCorner;
    // Mobility over two moves: the empty points within two steps.
    std::uint64_t near = g.neighbours(fox) & empty;
    for (std::uint64_t b = near; b; b &= b - 1) near |= g.neighbours(lsb(b)) & empty;
    t.room -= w::kArea2 * popcount(near);
  }
  return t;
}

int ludus_eval(const Pos& p, bool engine_geese) { return ludus_terms(p, engine_geese).total(); }

std::vector<std::string> ludus_lines(const Pos& p, bool engine_geese) {
  const Terms t = ludus_terms(p, engine_geese);
  auto f = [](const char* name, int v) { return std::string(name) + " " + std::to_string(v); };
  return {"fox-geese evaluation 'ludus' (geese's view, 100 = one goose):",
          "  " + f("material", t.material) + "  " + f("decisive", t.decisive) + "  " + f("fox progress", t.progress) +
              "  " + f("shape", t.shape) + "  " + f("stall", t.stall),
          "  " + f("fox region", t.region) + "  " + f("open way home", t.escape) + "  " + f("fox mobility", t.mobility),
          "  " + f("capture threats", t.threats) + "  " + f("exposed geese", t.exposed),
          "  " + f("geese forward reserve", t.reserve) + "  " + f("fox room", t.room) + " (fox-side terms)",
          "  total " + std::to_string(t.total())};
}

// ---- the seed's features -------------------------------------------------------

SeedTerms seed_terms(const Pos& p) {
  const Graph& g = board();
  SeedTerms t;
  const std::uint64_t geese = p.hunters;
  const int fox = p.prey, fy = g.y(fox), fx = g.x(fox);
  const int k = popcount(geese);
  // The fox (MAX).
  t.proximity = 10 * (6 - fy);
  int passed = 0, zone_count[3] = {0, 0, 0};
  auto zone = [](int x) { return x <= 1 ? 0 : x <= 4 ? 1 : 2; };
  for (std::uint64_t b = geese; b; b &= b - 1) {
    const int h = lsb(b);
    if (g.y(h) > fy) ++passed;
    ++zone_count[zone(g.x(h))];
  }
  t.passed = 10 * passed;
  t.zone = 10 * (k - 3 * zone_count[zone(fx)]) / 3;  // fewer geese than average in the fox's zone
  t.captures = 100 * (kSeedStartGeese - k);
  // The geese (MIN): a level line without gaps.
  if (k > 0) {
    int lo = 99, hi = -1;
    for (std::uint64_t b = geese; b; b &= b - 1) lo = std::min(lo, g.y(lsb(b))), hi = std::max(hi, g.y(lsb(b)));
    t.level = -10 * (hi - lo);
  }
  const GapCounts gaps = seed_gap_counts(geese);
  t.gaps_h = -10 * gaps.h, t.gaps_v = -10 * gaps.v, t.gaps_d = -10 * gaps.d;
  return t;
}

int seed_eval(const Pos& p) {
  const SeedTerms t = seed_terms(p);
  return t.geese() - t.fox();
}

std::vector<std::string> seed_lines(const Pos& p) {
  const SeedTerms t = seed_terms(p);
  auto f = [](const char* name, int v) { return std::string(name) + " " + std::to_string(v); };
  return {"fox-geese evaluation 'seed' (the seed's features, balanced weights):",
          "  fox: " + f("proximity", t.proximity) + "  " + f("geese passed", t.passed) + "  " + f("zone", t.zone) +
              "  " + f("captures", t.captures),
          "  geese: " + f("level line", t.level) + "  " + f("horizontal gaps", t.gaps_h) + "  " +
              f("vertical gaps", t.gaps_v) + "  " + f("diagonal gaps", t.gaps_d),
          "  total " + std::to_string(seed_eval(p)) + " (geese's view)"};
}

}  // namespace ludus::fox_geese
