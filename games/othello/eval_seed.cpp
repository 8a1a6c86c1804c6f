#include "games/othello/eval_seed.h"

#include <cmath>
#include <cstdio>

namespace ludus::othello {

namespace {
// Algorithms 3 and 4 have the same shape: +100 * mine / total when ahead,
// -100 * theirs / total when behind, 0 when equal.
double share_term(int mine, int theirs) {
  const int total = mine + theirs;
  if (mine > theirs) return 100.0 * mine / total;
  if (mine < theirs) return -100.0 * theirs / total;
  return 0;
}

// The three neighbours (two C-squares and the X-square) of each corner.
constexpr Bitboard kCornerNeighbours[4] = {
    bit(1) | bit(8) | bit(9),     // a1: b1, a2, b2
    bit(6) | bit(15) | bit(14),   // h1: g1, h2, g2
    bit(48) | bit(57) | bit(49),  // a8: a7, b8, b7
    bit(55) | bit(62) | bit(54),  // h8: h7, g8, g7
};
constexpr int kCornerSquares[4] = {0, 7, 56, 63};
}  // namespace

SeedTerms seed_terms(const Board& b) {
  SeedTerms t;
  // Algorithm 3: discs.
  t.discs = share_term(popcount(b.own), popcount(b.opp));
  // Algorithm 4: mobility. The thesis's pseudocode divides by totalFichas (the
  // disc total of Algorithm 3), a copy-paste slip: the algorithm computes
  // totalMovilidad and the text says it measures the difference in moves, so
  // we divide by the total number of moves of both players.
  t.mobility = share_term(popcount(b.moves()), popcount(b.opp_moves()));
  // Algorithm 5: 25 per corner, own minus opponent's.
  t.corners = 25.0 * (popcount(b.own & kCorners) - popcount(b.opp & kCorners));
  // Algorithm 6: -12.5 per own disc on a square adjacent to an EMPTY corner,
  // +12.5 per opponent disc there. The pseudocode computes adyacentesJugador /
  // adyacentesContrario but then multiplies esquinasJugador/esquinasContrario
  // (the variables of Algorithm 5), another copy-paste slip; the text says the
  // term counts the discs adjacent to empty corners, which is what we use.
  Bitboard adjacent = 0;
  const Bitboard empty = b.empties();
  for (int i = 0; i < 4; ++i)
    if (empty & bit(kCornerSquares[i])) adjacent |= kCornerNeighbours[i];
  t.adjacent = -12.5 * popcount(b.own & adjacent) + 12.5 * popcount(b.opp & adjacent);
  return t;
}

// Scale: the thesis's values are in its own points (its win utility is 400).
// We report round(10 * points): 12.5 and 25 become exact integers, the
// fractional disc/mobility shares keep one decimal, and the largest possible
// value (450 points -> 4500) stays inside the exact-score range (+-6400 =
// 64 discs), so a heuristic value never looks better than a proven wipeout.
Score evaluate_seed(const Board& b) {
  return static_cast<Score>(std::lround(kSeedScale * seed_terms(b).total()));
}

std::vector<std::string> eval_seed_lines(const Board& b) {
  const SeedTerms t = seed_terms(b);
  std::vector<std::string> out;
  char buf[160];
  std::snprintf(buf, sizeof buf, "seed eval (thesis Algorithms 3-7), side to move %s; Score = round(%d x points)",
                b.side == Side::P1 ? "black" : "white", kSeedScale);
  out.emplace_back(buf);
  const std::pair<const char*, double> rows[] = {
      {"discs", t.discs}, {"mobility", t.mobility}, {"corners", t.corners}, {"corner-adjacent", t.adjacent}};
  for (const auto& [name, v] : rows) {
    std::snprintf(buf, sizeof buf, "%-16s %9.3f points", name, v);
    out.emplace_back(buf);
  }
  std::snprintf(buf, sizeof buf, "%-16s %9.3f points", "sum", t.total());
  out.emplace_back(buf);
  out.push_back("total " + std::to_string(evaluate_seed(b)));
  return out;
}

}  // namespace ludus::othello
