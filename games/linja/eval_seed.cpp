#include "games/linja/eval_seed.h"

#include <cmath>
#include <cstdio>

#include "games/linja/movegen.h"

namespace ludus::linja {

namespace {
// Criterion 2 (seed L582-L590): -5 in the home row, then -3, -2, -1.
constexpr int kHeldBack[kRows] = {0, 0, 0, 0, -1, -2, -3, -5};  // by distance to goal

double positive(const Position& p, Colour c) { return score(p, c); }
double negative(const Position& p, Colour c) {
  int s = 0;
  for (int r = 0; r < kRows; ++r) s += kHeldBack[distance_to_goal(c, r)] * p.count(c, r);
  return s;
}
}  // namespace

SeedTerms seed_terms(const Position& p) {
  SeedTerms t;
  const Colour me = p.mover, them = other(p.mover);
  t.positive = positive(p, me) - positive(p, them);
  t.negative = negative(p, me) - negative(p, them);
  // Criterion 8: the next player is the side to move. A forced pass offers
  // no choice (m = 0).
  Move moves[kMaxSubMoves + 1];
  int m = generate(p, moves);
  if (m == 1 && moves[0].is_pass()) m = 0;
  t.options = -(std::ldexp(1.0, kMaxSubMoves - m) - 1.0);
  return t;
}

Score evaluate_seed(const Position& p) { return static_cast<Score>(std::lround(100.0 * seed_terms(p).total())); }

std::vector<std::string> eval_seed_lines(const Position& p) {
  const SeedTerms t = seed_terms(p);
  std::vector<std::string> out;
  char buf[160];
  out.emplace_back("seed eval (thesis personality Tania), side to move's view; Score = round(100 x points)");
  const std::pair<const char*, double> rows[] = {
      {"positive 25%", t.positive}, {"negative 25%", t.negative}, {"options 50%", t.options}};
  for (const auto& [name, v] : rows) {
    std::snprintf(buf, sizeof buf, "%-14s %9.3f points", name, v);
    out.emplace_back(buf);
  }
  std::snprintf(buf, sizeof buf, "%-14s %9.3f points", "weighted sum", t.total());
  out.emplace_back(buf);
  out.push_back("total " + std::to_string(evaluate_seed(p)));
  return out;
}

}  // namespace ludus::linja
