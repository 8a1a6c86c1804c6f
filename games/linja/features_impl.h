// The inline part of features.h: one pass over the board in the side to
// move's frame, then the turn summaries of both colours with bit masks.
#pragma once

#include <algorithm>
#include <cstdint>

namespace ludus::linja {

namespace detail {

// Points by progress q (0 = home row, 7 = goal row), rules 6.3.
constexpr int kPointsByProgress[kRows] = {0, 0, 0, 0, 1, 2, 3, 5};

// The board seen by one colour, rows numbered by progress q: forward is
// q + 1 for both colours, q = 0 and q = 7 are the end rows.
struct View {
  int tot[kRows];    // pieces of both colours
  int own[kRows];
  unsigned occ = 0;  // own pieces that can move (q < 7)
  unsigned acc = 0;  // rows that accept a piece
  unsigned emp = 0;  // empty rows
};

// kBestGain[n][m]: the best points gain of a second move with n points
// from one of the origin rows in mask m (progress q, clamped at the goal).
struct BestGainTable {
  std::int8_t v[6][256];
  constexpr BestGainTable() : v{} {
    for (int n = 0; n < 6; ++n)
      for (int m = 0; m < 256; ++m) {
        int best = -1;
        for (int o = 0; o < 8; ++o)
          if ((m >> o) & 1) {
            const int t = o + n > 7 ? 7 : o + n;
            const int g = kPointsByProgress[t] - kPointsByProgress[o];
            if (g > best) best = g;
          }
        v[n][m] = static_cast<std::int8_t>(best);
      }
  }
};
inline constexpr BestGainTable kBestGain{};

// Second moves with N points (1..5) from the rows in `occ`: does one enter
// an empty row; the best points gain of one (-1 when there is none).
inline void seconds(unsigned occ, unsigned acc, unsigned emp, int n, bool forbid, bool& extra, int& gain) {
  // Origins whose target row o + n is on the board and accepts a piece, and
  // (clamp) origins that would overshoot and stop in the goal row q = 7.
  const unsigned clamp = forbid ? 0u : (0xFFu << (8 - n)) & 0xFFu;
  const unsigned legal = occ & ((acc >> n) | clamp);
  extra = (occ & ((emp >> n) | ((emp & 0x80u) ? clamp : 0u))) != 0;
  gain = kBestGain.v[n][legal];
}

inline TurnInfo turn_info(const View& v, bool extra_used, bool forbid) {
  TurnInfo ti;
  for (unsigned m = v.occ & (v.acc >> 1); m; m &= m - 1) {
    const int q = __builtin_ctz(m), d = q + 1;
    ++ti.moves;
    const int n = d == 7 ? 1 : v.tot[d];
    ti.best_n = std::max(ti.best_n, n);
    ti.n0 += n == 0;
    ti.big += n >= 3;
    int gain1 = kPointsByProgress[d] - kPointsByProgress[q];
    if (n > 0) {
      // The board after the first move q -> d.
      unsigned occ = v.occ, acc = v.acc, emp = v.emp & ~(1u << d);
      if (v.own[q] == 1) occ &= ~(1u << q);
      if (d < 7) occ |= 1u << d;
      if (d < 7 && v.tot[d] + 1 == kCapacity) acc &= ~(1u << d);
      if (q > 0) acc |= 1u << q;  // a middle row just lost a piece
      if (v.tot[q] == 1) emp |= 1u << q;
      bool ex = false;
      int gain = -1;
      seconds(occ, acc, emp, n, forbid, ex, gain);
      if (ex && !extra_used) ti.extra = true;
      gain1 += std::max(0, gain);
    }
    ti.gain = std::max(ti.gain, gain1);
  }
  return ti;
}

inline void finish_masks(View& v) {
  for (int q = 0; q < kRows; ++q) {
    if (v.own[q] && q < 7) v.occ |= 1u << q;
    if (q == 0 || q == 7 || v.tot[q] < kCapacity) v.acc |= 1u << q;
    if (v.tot[q] == 0) v.emp |= 1u << q;
  }
}

}  // namespace detail

template <class Emit>
void extract_features(const Position& p, Emit&& emit) {
  using namespace detail;
  const Colour me = p.mover;
  // The board in the mover's frame (vm) and in the opponent's (vt).
  View vm, vt;
  int opp[kRows];  // opponent pieces by the mover's q
  for (int r = 0; r < kRows; ++r) {
    const int q = me == kRed ? r : 7 - r;
    vm.own[q] = p.count(me, r);
    opp[q] = p.count(other(me), r);
    vm.tot[q] = vm.own[q] + opp[q];
  }
  for (int q = 0; q < kRows; ++q) vt.own[q] = opp[7 - q], vt.tot[q] = vm.tot[7 - q];
  finish_masks(vm);
  finish_masks(vt);

  // Overlap: pairs (mine at q1, theirs at q2 >= q1) still to cross.
  int overlap_pairs = 0, theirs_at_or_above = 0;
  int unpassed_me = 0, unpassed_them = 0, mine_at_or_below = 0;
  for (int q = 7; q >= 0; --q) {
    theirs_at_or_above += opp[q];
    overlap_pairs += vm.own[q] * theirs_at_or_above;
    if (theirs_at_or_above) unpassed_me += vm.own[q];
  }
  for (int q = 0; q < kRows; ++q) {
    mine_at_or_below += vm.own[q];
    if (mine_at_or_below) unpassed_them += opp[q];
  }
  const float lambda = static_cast<float>(kEndK) / static_cast<float>(kEndK + overlap_pairs);
  // Pieces by distance to the goal d = 7 - q (mine) or q (theirs); d = 7
  // (the home row) is the reference.
  for (int d = 0; d < 7; ++d) {
    const int diff = vm.own[7 - d] - opp[d];
    if (diff) emit(d, static_cast<float>(diff)), emit(7 + d, lambda * static_cast<float>(diff));
  }
  if (p.points > 0) {
    bool ex = false;
    int gain = -1;
    seconds(vm.occ, vm.acc, vm.emp, p.points, p.forbid, ex, gain);
    emit(14, static_cast<float>(p.points));
    if (ex && !p.extra_used) emit(15, 1.0f);
    if (gain > 0) emit(28, static_cast<float>(gain));
  } else {
    const TurnInfo ti = turn_info(vm, p.extra_used, p.forbid);
    emit(16, static_cast<float>(ti.best_n));
    if (ti.extra) emit(17, 1.0f);
    emit(18, static_cast<float>(ti.moves));
    if (ti.moves == 0) emit(19, 1.0f);
    emit(24, 1.0f);
    emit(28, static_cast<float>(ti.gain));
    emit(32, static_cast<float>(ti.n0));
    emit(34, static_cast<float>(ti.big));
  }
  const TurnInfo to = turn_info(vt, false, p.forbid);
  emit(20, static_cast<float>(to.best_n));
  if (to.extra) emit(21, 1.0f);
  emit(22, static_cast<float>(to.moves));
  if (to.moves == 0) emit(23, 1.0f);
  if (p.extra_used) emit(25, 1.0f);
  int empty = 0, full = 0;
  for (int q = 1; q <= 6; ++q) empty += vm.tot[q] == 0, full += vm.tot[q] == kCapacity;
  emit(26, static_cast<float>(empty));
  emit(27, static_cast<float>(full));
  emit(29, static_cast<float>(to.gain));
  emit(30, static_cast<float>(unpassed_me));
  emit(31, static_cast<float>(unpassed_them));
  emit(33, static_cast<float>(to.n0));
  emit(35, static_cast<float>(to.big));
  // The rearmost piece of each side: its distance to the goal.
  int rear_me = 0, rear_them = 0;
  for (int q = 0; q < kRows; ++q)
    if (vm.own[q]) { rear_me = 7 - q; break; }
  for (int q = 7; q >= 0; --q)
    if (opp[q]) { rear_them = q; break; }
  emit(36, static_cast<float>(rear_me));
  emit(37, static_cast<float>(rear_them));
  emit(38, 1.0f);
}

}  // namespace ludus::linja
