#include "games/camelot/eval_seed.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ludus::camelot {

namespace {

// Rows from a side's target: the thesis counts "casillas hasta el castillo"
// as rows (its extreme cases in 4.5.1.4: 14 pieces on White's ranks 2-3 sum
// to 190 = 8*14 + 6*13, and 14 pieces just below the enemy castle to 20).
int rows_to_target(int side, int sq) { return side == 0 ? kRanks - 1 - rank_of(sq) : rank_of(sq); }

// "right", "towards the own side" and the diagonal between them, as the
// thesis's figures 4.35/4.39 scan the board from the enemy side.
constexpr int kBack[2] = {S, N};
constexpr int kBackRight[2] = {SE, NE};
constexpr int kForward[2][3] = {{NW, N, NE}, {SW, S, SE}};

bool own_at(const BB& own, int sq) { return sq != kNone && own.test(sq); }

void colour_factors(const Position& p, int side, double* f) {
  const BB own = p.pieces[side], opp = p.pieces[side ^ 1], empty = p.empty();
  const Geometry& geo = geometry();
  const int count = own.count();
  // f1: number of pieces.
  f[0] = count;
  // f2: safety in the own half (White ranks 1-8, Black 9-16):
  // (defenders - attackers) / (defenders + attackers + 1).
  int def = 0, att = 0;
  for (BB b = own; b.any();) {
    const int sq = b.pop();
    def += (rank_of(sq) < 8) == (side == 0);
  }
  for (BB b = opp; b.any();) {
    const int sq = b.pop();
    att += (rank_of(sq) < 8) == (side == 0);
  }
  f[1] = static_cast<double>(def - att) / (def + att + 1);
  // f3: number of Knights.
  f[2] = (own & p.knights).count();
  // f4: proximity, 21000 - 100 * (rows to the target of every piece), a
  // captured piece counting 15 rows (see "sentinel bug" below): the sum over
  // the pieces on the board of 100 * (15 - rows).
  double prox = 0;
  // f5: pieces on the flanks (files a and l), at most 12 (the thesis's range).
  int flanks = 0;
  // f6: "platoons", 2x2 blocks of own pieces, each counted once from its
  // corner (right, back, back-right of a piece).
  int platoons = 0;
  // f7: own pieces in the enemy castle, 100 each (range [0, 200]).
  int castle = 0;
  // f8: concentration in the 6 rows nearest the enemy castle:
  // sum of (6 - i) * k, i = rows to the target, k = own pieces right, back
  // and back-right of the piece.
  int concentration = 0;
  // f9: mobility, per piece the directions it can move in (a step to an
  // empty neighbour, or a leg over a neighbour onto an empty square): 0..112.
  int mobility = 0;
  // f10: Knight-Man combos: Knights with a Man of their colour just ahead
  // (3 forward directions) and an empty square behind it.
  int combos = 0;
  for (BB b = own; b.any();) {
    const int sq = b.pop();
    const int rows = rows_to_target(side, sq);
    prox += 100.0 * (kRanks - 1 - rows);
    flanks += file_of(sq) == 0 || file_of(sq) == kFiles - 1;
    const int right = geo.nb[sq][E], back = geo.nb[sq][kBack[side]], diag = geo.nb[sq][kBackRight[side]];
    const int k = own_at(own, right) + own_at(own, back) + own_at(own, diag);
    if (own_at(own, right) && own_at(own, geo.nb[sq][S]) && own_at(own, geo.nb[sq][SE])) ++platoons;
    castle += in_castle(side ^ 1, sq);
    if (rows < 6) concentration += (6 - rows) * k;
    for (int d = 0; d < 8; ++d) {
      const int n1 = geo.nb[sq][d];
      if (n1 == kNone) continue;
      if (empty.test(n1)) {
        ++mobility;
      } else {
        const int n2 = geo.nb[n1][d];
        mobility += n2 != kNone && empty.test(n2);
      }
    }
    if (p.knights.test(sq)) {
      for (int d : kForward[side]) {
        const int n1 = geo.nb[sq][d];
        if (n1 == kNone || !own.test(n1) || p.knights.test(n1)) continue;
        const int n2 = geo.nb[n1][d];
        if (n2 != kNone && empty.test(n2)) {
          ++combos;
          break;
        }
      }
    }
  }
  f[3] = prox;
  f[4] = std::min(flanks, 12);
  f[5] = platoons;
  f[6] = 100.0 * castle;
  f[7] = concentration;
  f[8] = mobility;
  f[9] = combos;
}

constexpr double kWeight[10] = {200, 75, 50, 200, 50, 75, 175, 75, 75, 25};
constexpr const char* kName[10] = {"pieces",   "safety",    "knights",       "proximity", "flanks",
                                   "platoons", "castle",    "concentration", "mobility",  "combos"};

}  // namespace

// The two seed bugs, both fixed here:
//
// * The sentinel bug. BOU's search (appendix 8.1) uses -1000/+1000 (alpha-
//   beta) and -10000/+10000 (minimax) as "infinite" scores, but F grows with
//   the move number t (factors 1 and 4 are multiplied by t), so |F| passes
//   1000 after a few moves: a side whose every move scores below -1000 keeps
//   the sentinel and returns no move. Likewise, game ends are not scored: the
//   leaf is just F. Here the search uses the engine's own infinities and
//   proven results, and F is clamped to +-kSeedClamp, well inside the
//   heuristic range, so that no evaluation can pass for a sentinel or a win.
// * The proximity sentinel. The thesis's worked examples (L1305-L1363) count
//   a captured piece as 1400, i.e. as a piece standing 14 rows from the
//   target, while the text says a side with no pieces scores 0 (21000 -
//   14 * 1400 is 1400, not 0). A captured piece must count nothing: the value
//   is the sum of 100 * (15 - rows) over the pieces on the board, which is
//   21000 - 100 * sum(rows) with 14 pieces and 0 with none.
//
// The safety factor is a ratio already (-1..1 per colour); combining two such
// values with (a - b) / (a + b + 1) divides by zero when a + b = -1 (both
// sides -0.5) and flips sign below it. We combine it as (a - b) / 2, which
// keeps the range [-1, 1] and the sign.
SeedFactors seed_factors(const Position& p) {
  SeedFactors s;
  double mine[10], theirs[10];
  colour_factors(p, p.side, mine);
  colour_factors(p, p.side ^ 1, theirs);
  s.t = p.ply / 2 + 1;
  s.total = 0;
  for (int i = 0; i < 10; ++i) {
    s.raw[i][0] = mine[i];
    s.raw[i][1] = theirs[i];
    s.norm[i] = i == 1 ? (mine[i] - theirs[i]) / 2 : (mine[i] - theirs[i]) / (mine[i] + theirs[i] + 1);
    const double time = (i == 0 || i == 3) ? s.t : 1;
    s.total += kWeight[i] * time * s.norm[i];
  }
  return s;
}

Score evaluate_seed(const Position& p) {
  const double f = seed_factors(p).total;
  return static_cast<Score>(std::clamp<long>(std::lround(f), -kSeedClamp, kSeedClamp));
}

std::vector<std::string> eval_seed_lines(const Position& p) {
  const SeedFactors s = seed_factors(p);
  std::vector<std::string> out;
  char buf[200];
  std::snprintf(buf, sizeof buf, "seed eval (thesis 4.5, ten factors), side to move %s, move number t = %d",
                p.side == 0 ? "White" : "Black", s.t);
  out.emplace_back(buf);
  out.emplace_back("factor          mine      theirs    combined  weight  points");
  for (int i = 0; i < 10; ++i) {
    const double w = kWeight[i] * ((i == 0 || i == 3) ? s.t : 1);
    std::snprintf(buf, sizeof buf, "%-14s %9.3f %9.3f %9.4f %7.0f %8.2f", kName[i], s.raw[i][0], s.raw[i][1],
                  s.norm[i], w, w * s.norm[i]);
    out.emplace_back(buf);
  }
  std::snprintf(buf, sizeof buf, "total %.2f points -> score %d", s.total, evaluate_seed(p));
  out.emplace_back(buf);
  return out;
}

}  // namespace ludus::camelot
