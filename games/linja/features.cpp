#include "games/linja/features.h"

#include <algorithm>


namespace ludus::linja {

const char* const kFeatureNames[kNumFeatures] = {
    "cnt_d0",     "cnt_d1",      "cnt_d2",     "cnt_d3",     "cnt_d4",     "cnt_d5",     "cnt_d6",
    "end_d0",     "end_d1",      "end_d2",     "end_d3",     "end_d4",     "end_d5",     "end_d6",
    "m2_N",       "m2_extra",    "m1_bestN",   "m1_extra",   "m1_moves",   "m1_pass",    "o_bestN",
    "o_extra",    "o_moves",     "o_pass",     "phase1",     "extra_used", "empty_rows", "full_rows",
    "m_gain_pts", "o_gain_pts", "m_unpassed", "o_unpassed", "m_n0",       "o_n0",       "m_big",
    "o_big",      "m_rear",      "o_rear",     "bias",
};

TurnInfo turn_info(const Position& p, Colour c, bool extra_used) {
  detail::View v;
  for (int r = 0; r < kRows; ++r) {
    const int q = c == kRed ? r : 7 - r;
    v.own[q] = p.count(c, r);
    v.tot[q] = p.total(r);
  }
  detail::finish_masks(v);
  return detail::turn_info(v, extra_used, p.forbid);
}

Features features(const Position& p) {
  Features x;
  extract_features(p, [&](int k, float value) { x.v[k] = value; });
  return x;
}

int remaining_distance(const Position& p) {
  int d = 0;
  for (int r = 0; r < kRows; ++r) d += (7 - r) * p.count(kRed, r) + r * p.count(kBlack, r);
  return d;
}

int overlap(const Position& p) {
  int o = 0, black_at_or_above = 0;
  for (int r = kRows - 1; r >= 0; --r) {
    black_at_or_above += p.count(kBlack, r);
    o += p.count(kRed, r) * black_at_or_above;
  }
  return o;
}

}  // namespace ludus::linja
