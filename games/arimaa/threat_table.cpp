#include "games/arimaa/threat_table.h"

#include <algorithm>
#include <cstdlib>

#include "games/arimaa/capture.h"

namespace ludus::arimaa {

namespace {

// Fitted by arimaa_threat_fit (docs/games/arimaa.md gives the command);
// per mille of (piece value + kThreatBase), in the order of threat_cell's
// index.
constexpr int kTable[kThreatCells] = {
#include "games/arimaa/threat_table_data.inc"
};

int manhattan(int a, int b) { return std::abs(rank_of(a) - rank_of(b)) + std::abs(file_of(a) - file_of(b)); }

// The enemy's lead in control of a trap in five bands (eval.cpp's units:
// an elephant beside the trap counts 24).
int control_band(int lead) { return lead <= -20 ? 0 : lead <= -5 ? 1 : lead < 5 ? 2 : lead < 20 ? 3 : 4; }

}  // namespace

int threat_cell(const Position& p, int c, int sq, const int control[4][2], const Bitboard frozen_of[2]) {
  const int e = c ^ 1;
  const int t = p.type_at(sq);
  if (t == kElephant) return kNoCell;
  const Bitboard stronger = p.stronger(e, t + 1);
  if (!stronger) return kNoCell;
  int walk = 99;
  for (Bitboard x = stronger; x; x &= x - 1) {
    const int xs = lsb(x);
    walk = std::min(walk, manhattan(xs, sq) - 1 + ((frozen_of[e] & bit(xs)) ? 1 : 0));
  }
  const bool beside = kAdj.v[sq] & stronger;
  const bool frozen = frozen_of[c] & bit(sq);
  int best_steps = 1 << 20, cell = kNoCell, ti = 0;
  for (Bitboard tr = kTraps; tr; tr &= tr - 1, ++ti) {
    const int trap = lsb(tr);
    const int m = manhattan(sq, trap);
    if (m > (beside ? 4 : 3)) continue;
    const int guards =
        popcount(p.color[c] & kAdj.v[trap] & ~bit(sq)) + ((trap != sq && (p.color[c] & bit(trap))) ? 1 : 0);
    const int steps = 2 * m + 2 * guards + walk;
    if (steps >= best_steps) continue;  // ties: the first trap in c3, f3, c6, f6 order
    best_steps = steps;
    const int band = control_band(control[ti][e] - control[ti][c]);
    const int own_side = (trap < 32) == (c == kGold) ? 1 : 0;
    cell = (((((m * 3 + std::min(guards, 2)) * 5 + band) * 5 + std::min(walk, 4)) * 3 + int(beside) + int(frozen)) * 2 +
            (t == kRabbit ? 1 : 0)) * 2 + own_side;
  }
  return cell;
}

int threat_table_entry(int cell) { return kTable[cell]; }

int learned_threats(const Position& p, int c, const int control[4][2], const Bitboard frozen_of[2]) {
  int sum = 0;
  for (Bitboard b = p.color[c] & ~p.type[kElephant]; b; b &= b - 1) {
    const int sq = lsb(b);
    const int cell = threat_cell(p, c, sq, control, frozen_of);
    if (cell != kNoCell) sum += kTable[cell] * (kPieceValue[p.type_at(sq)] + kThreatBase) / 1000;
  }
  return sum;
}

}  // namespace ludus::arimaa
