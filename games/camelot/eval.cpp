#include "games/camelot/eval.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>

#include "games/camelot/eval_weights.h"
#include "games/camelot/movegen.h"

namespace ludus::camelot {

namespace {


// Every member of `b` moved one step, for the 8 directions.
void all_shifts(BB b, BB* out) {
  out[N] = shift<N>(b), out[NE] = shift<NE>(b), out[E] = shift<E>(b), out[SE] = shift<SE>(b);
  out[S] = shift<S>(b), out[SW] = shift<SW>(b), out[W] = shift<W>(b), out[NW] = shift<NW>(b);
}
BB union_of(const BB* s) { return s[0] | s[1] | s[2] | s[3] | s[4] | s[5] | s[6] | s[7]; }

// Plies (roughly) a piece needs to reach the nearer square of `side`'s
// target castle: rows to go, or files to go, whichever is more.
constexpr int castle_distance(int side, int sq) {
  const int rows = side == 0 ? kRanks - 1 - rank_of(sq) : rank_of(sq);
  const int f = file_of(sq);
  const int files = f < 5 ? 5 - f : f > 6 ? f - 6 : 0;
  return rows > files ? rows : files;
}

constexpr int kDanger[5] = {0, 70, 40, 20, 8};
constexpr int kGuard[4] = {0, 25, 18, 10};

// Per-square weights and rings of squares, by side. The evaluation counts
// pieces on rings (a popcount each) rather than visiting every piece.
struct Tables {
  std::uint8_t distance[2][kGrid];  // castle_distance
  BB ring[2][16];                   // squares by castle_distance (from `side`'s view)
  BB ranks_from[kRanks + 2];        // ranks r and above (0-based), r = 0 .. 17
  BB flank;                         // files a and l, ranks 5-12
};
constexpr Tables make_tables() {
  Tables t{};
  for (int side = 0; side < 2; ++side)
    for (int sq = 0; sq < kGrid; ++sq) {
      if (!exists(file_of(sq), rank_of(sq))) continue;
      const int cd = castle_distance(side, sq);
      t.distance[side][sq] = static_cast<std::uint8_t>(cd);
      t.ring[side][cd].set(sq);
    }
  for (int r = 0; r <= kRanks + 1; ++r)
    for (int sq = 0; sq < kGrid; ++sq)
      if (exists(file_of(sq), rank_of(sq)) && rank_of(sq) >= r) t.ranks_from[r].set(sq);
  for (int r = 4; r <= 11; ++r) t.flank.set(make_square(0, r)), t.flank.set(make_square(kFiles - 1, r));
  return t;
}
constexpr Tables kTables = make_tables();

// With this many pieces or fewer on the board, the race terms also count
// two pieces going up in tandem, cantering over each other (the seed's
// pairs win castle races that way). In fuller positions the walking count
// is kept: there the tandem count plays worse (86% instead of 93% at 1 s).
constexpr int kTandemRacePieces = 12;

// One side's raw counts.
struct SideCounts {
  int men = 0, knights = 0;
  int dist[16] = {};  // pieces by castle distance (0 unused: a piece in the castle)
  bool holds_castle = false;
  int passed_best = 99, passed_second = 99, passed = 0;
  int passed_best_sq = -1, passed_second_sq = -1;
  int guard = 0, danger = 0;
  int charge = 0;
  int flanks = 0, mobility = 0, blocks = 0, isolated = 0, exposed = 0;
  int hanging[14] = {};  // values of the pieces the opponent can jump now, largest first
  int hanging_count = 0;
};

// The squares with an own piece one step against D and an empty square two
// steps (a canter leg available in direction -D), from the shifts of the
// own pieces and of the empty squares by D.
template <int D>
BB canter_back(const BB* own_shift, const BB* empty_shift) {
  return own_shift[D] & shift<D>(empty_shift[D]);
}

// `own_shift`: all_shifts(own); `empty_shift`: all_shifts(empty).
SideCounts side_counts(const Position& p, int side, const BB* own_shift, const BB* opp_shift, const BB* empty_shift) {
  SideCounts s;
  const int them = side ^ 1;
  const BB own = p.pieces[side], opp = p.pieces[them], empty = p.empty();
  s.knights = (own & p.knights).count();
  s.men = own.count() - s.knights;

  // The defenders' front: the rank of the enemy piece nearest our target.
  int front = side == 0 ? -1 : kRanks;
  if (opp.any()) {
    if (side == 1) {
      front = rank_of(opp.first());
    } else {
      const int sq = opp.w[2] ? 128 + 63 - std::countl_zero(opp.w[2])
                     : opp.w[1] ? 64 + 63 - std::countl_zero(opp.w[1])
                                : 63 - std::countl_zero(opp.w[0]);
      front = rank_of(sq);
    }
  }
  s.holds_castle = (own & kCastle[them]).any();
  const BB pieces = own - kCastle[them];
  for (int d = 1; d <= 15; ++d) s.dist[d] = (pieces & kTables.ring[side][d]).count();
  // Near the own castle (its distance from `them`'s view): own guards, enemy danger.
  const BB(&home)[16] = kTables.ring[them];
  for (int d = 1; d <= 3; ++d) s.guard += kGuard[d] * (pieces & home[d]).count();
  for (int d = 1; d <= 4; ++d) s.danger += kDanger[d] * (opp & home[d]).count();
  // Passed: two ranks or more beyond the defenders' front. In square order,
  // so that ties keep the lower square.
  const BB passed = pieces & (side == 0 ? kTables.ranks_from[std::max(front + 2, 0)]
                                        : kValid - kTables.ranks_from[std::max(front - 1, 0)]);
  s.passed = passed.count();
  for (BB b = passed; b.any();) {
    const int sq = b.pop(), cd = kTables.distance[side][sq];
    if (cd < s.passed_best) {
      s.passed_second = s.passed_best, s.passed_second_sq = s.passed_best_sq;
      s.passed_best = cd, s.passed_best_sq = sq;
    } else if (cd < s.passed_second) {
      s.passed_second = cd, s.passed_second_sq = sq;
    }
  }
  // Knights with a forward canter available (an own piece in front, an empty
  // square beyond it): a charge in the making.
  const BB canters = side == 0 ? canter_back<SE>(own_shift, empty_shift) | canter_back<S>(own_shift, empty_shift) |
                                     canter_back<SW>(own_shift, empty_shift)
                               : canter_back<NE>(own_shift, empty_shift) | canter_back<N>(own_shift, empty_shift) |
                                     canter_back<NW>(own_shift, empty_shift);
  s.charge = (canters & pieces & p.knights).count();
  s.flanks = (own & kTables.flank).count();
  // Plain moves (to empty neighbours) of pieces outside the enemy castle.
  for (int d = 0; d < 8; ++d) s.mobility += (pieces & empty_shift[d ^ 4]).count();
  s.blocks = (own & own_shift[W] & own_shift[S] & own_shift[SW]).count();
  s.isolated = (own - union_of(own_shift)).count();

  // The enemy's jumpers (a piece in its enemy castle never jumps); their
  // shifts are the opponent's own shifts unless one sits in our castle.
  BB jshift[8];
  const BB jumpers = opp - kCastle[side];
  if (jumpers == opp) {
    for (int d = 0; d < 8; ++d) jshift[d] = opp_shift[d];
  } else {
    all_shifts(jumpers, jshift);
  }
  BB hang;
  for (int d = 0; d < 8; ++d) hang |= jshift[d] & own & empty_shift[d ^ 4];
  // Pieces an enemy Knight can charge: a canter to a square next to the piece
  // with an empty square beyond it (the first capture of the charge).
  // Only landings from which a jump over one of ours is available matter;
  // a canter keeps the parity of file and rank, so a Knight whose class
  // holds no such square is skipped without the flood.
  const BB jump_spots = leg_sources(own, empty) & empty;  // empty squares a jump over ours starts from
  BB classes;
  for (const BB& cls : kParity)
    if ((jump_spots & cls).any()) classes |= cls;
  const BB chargers = jumpers & p.knights & classes;
  const BB charge_from = chargers.any() ? canter_squares_of(p, them, chargers) & jump_spots : BB{};
  if (charge_from.any()) {
    BB cshift[8];
    all_shifts(charge_from, cshift);
    for (int d = 0; d < 8; ++d) hang |= cshift[d] & own & empty_shift[d ^ 4];
  }
  for (BB h = hang; h.any() && s.hanging_count < 14;)
    s.hanging[s.hanging_count++] = p.knights.test(h.pop()) ? kKnightValue : kManValue;
  std::sort(s.hanging, s.hanging + s.hanging_count, [](int x, int y) { return x > y; });
  // Lines through a piece open on both sides with an enemy piece one step
  // from one end: one enemy move from a threat.
  const BB reach = union_of(jshift) & empty;
  BB rshift[8];
  all_shifts(reach, rshift);
  for (int d = 0; d < 8; ++d) s.exposed += (own & empty_shift[d ^ 4] & rshift[d]).count();
  return s;
}

// Moves two pieces need to reach the enemy castle: walking, each its own
// distance; or in tandem, cantering over each other (two squares a move for
// the pair once they stand together, after closing the gap between them).
int pair_moves(int d1, int sq1, int d2, int sq2) {
  const int gap = std::max(std::abs(file_of(sq1) - file_of(sq2)), std::abs(rank_of(sq1) - rank_of(sq2)));
  return std::min(d1 + d2, (d1 + d2 + 1) / 2 + gap);
}

// The four pieces of `side` nearest its enemy castle (outside it), nearest
// first, ties in square order; only endgames need them (the tandem race),
// so they are not gathered in side_counts for every evaluation.
struct Nearest {
  int d[4] = {99, 99, 99, 99}, sq[4] = {-1, -1, -1, -1};
};
Nearest nearest_four(const Position& p, int side) {
  Nearest r;
  for (BB b = p.pieces[side] - kCastle[side ^ 1]; b.any();) {
    const int sq = b.pop(), cd = kTables.distance[side][sq];
    for (int i = 0; i < 4; ++i)
      if (cd < r.d[i]) {
        for (int j = 3; j > i; --j) r.d[j] = r.d[j - 1], r.sq[j] = r.sq[j - 1];
        r.d[i] = cd, r.sq[i] = sq;
        break;
      }
  }
  return r;
}

double passed_near(const SideCounts& s) {
  double v = 0;
  if (s.passed_best != 99) v += 10 - std::min(s.passed_best, 10);
  if (s.passed_second != 99) v += 10 - std::min(s.passed_second, 10);
  return v;
}
double passed_held(const SideCounts& s) {
  return s.holds_castle && s.passed_best != 99 ? 15 - std::min(s.passed_best, 10) : 0;
}

constexpr const char* kFeatureName[kNumFeatures] = {
    "men", "knights", "castle", "dist1", "dist2", "dist3", "dist4", "dist5", "dist6", "dist7", "dist8",
    "dist9", "dist10", "dist11", "dist12", "dist13", "dist14", "dist15", "passed", "passed-near",
    "passed-held", "hang-first", "hang-rest", "hang-theirs", "exposed", "mobility", "blocks", "isolated",
    "flanks", "defence", "charge", "two-vs-one", "castle-threat", "race", "tempo", "threat", "race-all"};

}  // namespace

const char* feature_name(int f) { return kFeatureName[f]; }

const EvalWeights& eval_weights() { return kEvalWeights; }

Features features(const Position& p) {
  Features f;
  const int us = p.side, them = us ^ 1;
  BB empty_shift[8], us_shift[8], them_shift[8];
  all_shifts(p.empty(), empty_shift);
  all_shifts(p.pieces[us], us_shift);
  all_shifts(p.pieces[them], them_shift);
  const SideCounts a = side_counts(p, us, us_shift, them_shift, empty_shift);
  const SideCounts b = side_counts(p, them, them_shift, us_shift, empty_shift);
  const int total = a.men + a.knights + b.men + b.knights;
  f.phase = std::clamp((28 - total) * kPhaseScale / 24, 0, kPhaseScale);
  float* x = f.x;
  x[kFMen] = static_cast<float>(a.men - b.men);
  x[kFKnights] = static_cast<float>(a.knights - b.knights);
  x[kFCastle] = static_cast<float>(a.holds_castle - b.holds_castle);
  for (int d = 1; d <= 15; ++d) x[kFDist1 + d - 1] = static_cast<float>(a.dist[d] - b.dist[d]);
  x[kFPassed] = static_cast<float>(std::min(a.passed, 2) - std::min(b.passed, 2));
  x[kFPassedNear] = static_cast<float>(passed_near(a) - passed_near(b));
  x[kFPassedHeld] = static_cast<float>(passed_held(a) - passed_held(b));
  // Threats: the side to move can usually save one of its hanging pieces;
  // the opponent's are capturable now (only outside quiescence's quiet nodes).
  for (int i = 0; i < a.hanging_count; ++i) x[i == 0 ? kFHangFirst : kFHangRest] += a.hanging[i] / 100.0f;
  for (int i = 0; i < b.hanging_count; ++i) x[kFHangTheirs] += b.hanging[i] / 100.0f;
  x[kFExposed] = static_cast<float>(a.exposed - b.exposed);
  x[kFMobility] = static_cast<float>(a.mobility - b.mobility);
  x[kFBlocks] = static_cast<float>(a.blocks - b.blocks);
  x[kFIsolated] = static_cast<float>(a.isolated - b.isolated);
  x[kFFlanks] = static_cast<float>(a.flanks - b.flanks);
  x[kFDefence] = (std::max(0, a.danger - a.guard) - std::max(0, b.danger - b.guard)) / 10.0f;
  x[kFCharge] = static_cast<float>(a.charge - b.charge);
  const int na = a.men + a.knights + a.holds_castle, nb = b.men + b.knights + b.holds_castle;
  x[kFTwoVsOne] = static_cast<float>((na >= 2 && nb == 1) - (nb >= 2 && na == 1));
  // Castle threat against the side to move: quiescence stands pat here, so
  // the evaluation must know that the other square falls next move.
  const BB held = p.pieces[them] & kCastle[us];
  if (held.count() == 1) {
    const BB target = kCastle[us] - held;
    if ((target & p.empty()).any()) {
      const int t = target.first();
      const Geometry& geo = geometry();
      int attackers = 0;
      for (BB b = p.pieces[them] - kCastle[us]; b.any();) {
        const int sq = b.pop();
        if (geo.adjacent[sq].test(t) || canter_squares(p, them, sq).test(t)) ++attackers;
      }
      x[kFCastleThreat] = static_cast<float>(attackers);
    }
  }
  // The race: moves each side needs to fill the enemy castle with attackers
  // past every defender (pieces move one at a time, so distances add up;
  // in endgames two of them may go faster in tandem, pair_moves).
  const bool tandem = total <= kTandemRacePieces;
  auto moves_to_win = [tandem](const SideCounts& s) {
    if (s.holds_castle) return s.passed_best == 99 ? 99 : s.passed_best;
    if (s.passed_second == 99) return 99;
    return tandem ? pair_moves(s.passed_best, s.passed_best_sq, s.passed_second, s.passed_second_sq)
                  : s.passed_best + s.passed_second;
  };
  const int ta = moves_to_win(a), tb = moves_to_win(b);
  if (ta < 99 || tb < 99) x[kFRace] = ta <= tb ? 1.0f : -1.0f;
  x[kFTempo] = 1;
  // The opponent's best capture if we passed: only when some piece of ours
  // hangs (a first capture exists), so quiet positions pay nothing.
  if (a.hanging_count > 0) {
    Position q = p;
    q.side = static_cast<std::uint8_t>(them);
    x[kFThreat] = max_capture_value(q) / 100.0f;
  }
  // Race over all pieces: the two nearest to the enemy castle (one if a
  // square is held already), moves needed by each side.
  auto moves_all = [tandem, &p](const SideCounts& s, int side) {
    int need = s.holds_castle ? 1 : 2, sum = 0;
    for (int d = 1; d <= 15 && need > 0; ++d)
      for (int k = 0; k < s.dist[d] && need > 0; ++k) sum += d, --need;
    if (need > 0) return 30;
    if (tandem && !s.holds_castle) {
      const Nearest n = nearest_four(p, side);
      for (int i = 0; i < 4 && n.sq[i] >= 0; ++i)
        for (int j = i + 1; j < 4 && n.sq[j] >= 0; ++j)
          sum = std::min(sum, pair_moves(n.d[i], n.sq[i], n.d[j], n.sq[j]));
    }
    return sum;
  };
  x[kFRaceAll] = static_cast<float>(std::clamp(moves_all(b, them) - moves_all(a, us), -8, 8));
  return f;
}

double evaluate_with(const Features& f, const EvalWeights& w) {
  double s = 0;
  for (int i = 0; i < kNumFeatures; ++i)
    s += f.x[i] * (w.w[0][i] * (kPhaseScale - f.phase) + w.w[1][i] * f.phase);
  return s / kPhaseScale;
}

Score evaluate(const Position& p) {
  const double s = evaluate_with(features(p), kEvalWeights);
  return static_cast<Score>(std::clamp(std::lround(s), -20000L, 20000L));
}

std::vector<std::string> eval_lines(const Position& p) {
  const Features f = features(p);
  std::vector<std::string> out;
  out.push_back(std::string("ludus eval, side to move ") + (p.side == 0 ? "White" : "Black") +
                " (own minus opponent's), phase " + std::to_string(f.phase) + "/" + std::to_string(kPhaseScale) +
                ", 100 = one Man");
  char buf[120];
  for (int i = 0; i < kNumFeatures; ++i) {
    if (f.x[i] == 0) continue;
    const double w = (kEvalWeights.w[0][i] * (kPhaseScale - f.phase) + kEvalWeights.w[1][i] * f.phase) /
                     static_cast<double>(kPhaseScale);
    std::snprintf(buf, sizeof buf, "%-12s %7.2f x %7.1f = %8.1f", kFeatureName[i], f.x[i], w, f.x[i] * w);
    out.emplace_back(buf);
  }
  out.push_back("total " + std::to_string(evaluate(p)));
  return out;
}

}  // namespace ludus::camelot
