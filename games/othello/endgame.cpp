#include "games/othello/endgame.h"

#include <algorithm>
#include <cstring>

#include "games/othello/eval.h"
#include "games/othello/patterns.h"
#include "games/othello/patterns_file.h"
#include "games/othello/stability.h"

namespace ludus::othello {

namespace {

constexpr int kInf = 127;  // beyond every score (scores are -64..64)
// Tuning constants (measured on fforum-20-39, node counts and CPU time).
constexpr int kShallowMax = 7;       // at most this many empties: no table, parity order
constexpr int kEtcMin = 12;          // enhanced transposition cutoff from this many empties
constexpr int kSplitMin = 12;        // threads sharing a table split the moves from this many empties
constexpr int kParityOrderMax = 12;  // parity tie-break in fastest-first below this
constexpr int kEvalOrderMin = 15;    // order by static evaluation from this many empties
constexpr int kSearchOrderMin = 17;  // order by a shallow evaluated search from this many empties
// Its depth: 1 ply at 17 empties, one more every 3 empties, at most 3 (FFO
// #40-#47: 20% fewer nodes than 1 ply everywhere; Edax deepens its sort the same way).
constexpr int order_search_depth(int n) { return std::clamp((n - 15) / 3, 1, 3); }
constexpr int kOrderMobilityWeight = 100;  // centi-discs per opponent reply in eval ordering
constexpr int kRootGuessDepth = 6;   // depth of the heuristic search giving MTD(f)'s first guess
constexpr std::uint64_t kPollInterval = 4096;

// Quadrant of a square as one bit (a1-d4, e1-h4, a5-d8, e5-h8). The parity of
// a quadrant is the parity of its number of empties; playing in a quadrant
// flips its parity bit.
constexpr unsigned quadrant_bit(int sq) { return 1u << (((sq >> 5) & 1) * 2 + ((sq >> 2) & 1)); }
constexpr Bitboard kQuadrant[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL,
                                   0xF0F0F0F000000000ULL};
inline unsigned parity_bits(Bitboard empties) {
  unsigned p = 0;
  for (int q = 0; q < 4; ++q) p |= unsigned(popcount(empties & kQuadrant[q]) & 1) << q;
  return p;
}

// Squares in the order the shallow search tries them inside a parity class:
// corners, edges away from corners, the interior, C-squares, X-squares.
constexpr Bitboard kCSquares = bit(1) | bit(8) | bit(6) | bit(15) | bit(48) | bit(57) | bit(55) | bit(62);
constexpr Bitboard kEdges = 0xFF818181818181FFULL & ~kCorners & ~kCSquares;
constexpr Bitboard kPriorityClasses[5] = {kCorners, kEdges, ~(0xFF818181818181FFULL | kXSquares), kCSquares,
                                          kXSquares};

struct NeighbourTable {
  Bitboard n[64]{};
  constexpr NeighbourTable() {
    for (int sq = 0; sq < 64; ++sq) n[sq] = neighbours(bit(sq));
  }
};
constexpr NeighbourTable kNeighbour;

// The stability cutoff costs a stable-disc computation; it only pays when
// alpha is high enough that the opponent plausibly has that many stable
// discs (score <= 64 - 2 * stable(opponent)).
constexpr int stability_threshold(int n) { return n < 4 ? 99 : 2 * n - 2; }

// Flip counting for the very last empty square. With a single empty square
// the line through it holds only P discs and opponent discs, so the flips on
// that line depend only on P's bits there: each of the four lines is gathered
// into one byte (column index for rows and diagonals, row index for the
// column) and looked up. Diagonals shorter than 8 read as opponent discs
// beyond their end, which is harmless: a run that reaches the end of the byte
// without meeting a P disc flips nothing.
struct LastFlipTables {
  std::uint8_t count[8][256]{};  // [position in line][P bits of the line]
  Bitboard diag9[64]{}, diag7[64]{};
  constexpr LastFlipTables() {
    for (int pos = 0; pos < 8; ++pos)
      for (int p = 0; p < 256; ++p) {
        if (p >> pos & 1) continue;
        int n = 0;
        for (int d : {-1, 1}) {
          int i = pos + d, run = 0;
          while (i >= 0 && i < 8 && !(p >> i & 1)) { ++run; i += d; }
          if (i >= 0 && i < 8 && run) n += run;
        }
        count[pos][p] = static_cast<std::uint8_t>(n);
      }
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      for (int rr = 0; rr < 8; ++rr)
        for (int cc = 0; cc < 8; ++cc) {
          if (cc - rr == c - r) diag9[sq] |= bit(8 * rr + cc);
          if (cc + rr == c + r) diag7[sq] |= bit(8 * rr + cc);
        }
    }
  }
};
constexpr LastFlipTables kLastFlip;

// Discs P would flip by playing x when x is the only empty square.
inline int count_last_flips(int x, Bitboard P) {
  const int r = x >> 3, c = x & 7;
  const auto& t = kLastFlip;
  return t.count[c][(P >> (8 * r)) & 0xFF] +
         t.count[r][(((P >> c) & kColumnA) * 0x0102040810204080ULL) >> 56] +
         t.count[c][((P & t.diag9[x]) * kColumnA) >> 56] +
         t.count[c][((P & t.diag7[x]) * kColumnA) >> 56];
}

inline int sorted_empties(Bitboard empties, std::uint8_t* out) {
  int k = 0;
  for (Bitboard c : kPriorityClasses)
    for (Bitboard b = empties & c; b; b &= b - 1) out[k++] = static_cast<std::uint8_t>(lsb(b));
  return k;
}

inline std::uint64_t table_hash(Bitboard P, Bitboard O) {
  std::uint64_t h = P * 0x9E3779B97F4A7C15ULL ^ ((O << 29 | O >> 35) * 0xC2B2AE3D27D4EB4FULL);
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ULL;
  return h ^ (h >> 32);
}

}  // namespace

struct EndgameSolver::MoveItem {
  Bitboard flips;
  int sq;
  int score;
};

// ---------------------------------------------------------------- table

EndgameSolver::EndgameSolver(std::size_t mb)
    : order_weights_(patterns::shipped_weights()), table_(std::make_shared<Table>()) {
  const std::size_t bytes = std::max<std::size_t>(mb, 1) << 20;
  std::size_t n = 1;
  while (n * 2 * sizeof(Bucket) <= bytes) n *= 2;
  table_->buckets = std::make_unique<Bucket[]>(n);
  table_->mask = n - 1;
}

void EndgameSolver::clear() {
  for (std::size_t i = 0; i <= table_->mask; ++i)
    for (Slot& s : table_->buckets[i].s) {
      s.p.store(0, std::memory_order_relaxed);
      s.o.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
}

EndgameSolver::Bucket& EndgameSolver::bucket(Bitboard P, Bitboard O) const {
  return table_->buckets[table_hash(P, O) & table_->mask];
}

namespace {
// The packed entry spread over 64 bits, xor-ed into both key words.
inline std::uint64_t spread(std::uint64_t data) { return data * 0x9E3779B97F4A7C15ULL; }
}  // namespace

// The slot's entry if it holds position (P, O), intact.
bool EndgameSolver::read_slot(const Slot& s, Bitboard P, Bitboard O, Entry& out) {
  const std::uint64_t d = s.data.load(std::memory_order_relaxed);
  const std::uint64_t m = spread(d);
  if ((s.p.load(std::memory_order_relaxed) ^ m) != P || (s.o.load(std::memory_order_relaxed) ^ m) != O) return false;
  out.lower = static_cast<std::int8_t>(d & 0xFF);
  out.upper = static_cast<std::int8_t>((d >> 8) & 0xFF);
  out.move = static_cast<std::uint8_t>((d >> 16) & 0xFF);
  out.empties = static_cast<std::uint8_t>((d >> 24) & 0xFF);
  out.sureness = static_cast<std::uint8_t>((d >> 32) & 0xFF);
  return out.empties != 0;
}

bool EndgameSolver::probe(Bitboard P, Bitboard O, Entry& out) const {
  for (const Slot& s : bucket(P, O).s)
    if (read_slot(s, P, O, out)) {
      if (out.sureness < sureness()) out.lower = -64, out.upper = 64;
      return true;
    }
  return false;
}

void EndgameSolver::store(Bitboard P, Bitboard O, int empties, int alpha, int beta, int score, int move) {
  Bucket& b = bucket(P, O);
  Entry e;
  Slot* slot = nullptr;
  for (Slot& s : b.s)
    if (read_slot(s, P, O, e)) {
      slot = &s;
      break;
    }
  if (!slot) e = Entry{};
  // Bounds of different surenesses do not mix: a surer entry stays as it
  // is, a less sure one is replaced (selective bounds may contradict).
  const std::uint8_t sure = sureness();
  if (slot && e.sureness > sure) return;
  if (slot && e.sureness < sure) e.lower = -64, e.upper = 64;
  e.sureness = sure;
  // Two-way bucket: keep the bigger subtree, replace the smaller one.
  if (!slot) {
    const auto empties_of = [](const Slot& s) { return (s.data.load(std::memory_order_relaxed) >> 24) & 0xFF; };
    slot = empties_of(b.s[0]) <= empties_of(b.s[1]) ? &b.s[0] : &b.s[1];
  }
  e.empties = static_cast<std::uint8_t>(empties);
  // Results are game values (or, at one selective level, one guess of
  // them), independent of the path, so bounds of the same sureness from
  // different searches of the same position can simply be intersected.
  if (score > alpha) e.lower = static_cast<std::int8_t>(std::max<int>(e.lower, score));
  if (score < beta) e.upper = static_cast<std::int8_t>(std::min<int>(e.upper, score));
  if (score > alpha || e.move == kNoSquare) e.move = static_cast<std::uint8_t>(move);
  if (e.lower > e.upper) {  // two selective results that disagree: keep the newer
    e.lower = score > alpha ? static_cast<std::int8_t>(score) : -64;
    e.upper = score < beta ? static_cast<std::int8_t>(score) : 64;
  }
  const std::uint64_t d = static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.lower)) |
                          static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.upper)) << 8 |
                          static_cast<std::uint64_t>(e.move) << 16 | static_cast<std::uint64_t>(e.empties) << 24 |
                          static_cast<std::uint64_t>(e.sureness) << 32;
  const std::uint64_t m = spread(d);
  slot->p.store(P ^ m, std::memory_order_relaxed);
  slot->o.store(O ^ m, std::memory_order_relaxed);
  slot->data.store(d, std::memory_order_relaxed);
}

// ---------------------------------------------------------------- control

void EndgameSolver::begin(const std::atomic<bool>& stop) {
  stop_ = &stop;
  aborted_ = false;
  nodes_ = 0;
  next_poll_ = 0;
}

bool EndgameSolver::poll() {
  ++nodes_;
  if (nodes_ >= next_poll_) {
    next_poll_ = nodes_ + kPollInterval;
    live_nodes_.store(nodes_, std::memory_order_relaxed);
    if (stop_->load(std::memory_order_relaxed)) aborted_ = true;
  }
  return aborted_;
}

// ---------------------------------------------------------------- last empties

// One empty square x; O is everything else. Exact score for P to move.
int EndgameSolver::solve1(Bitboard P, int x) {
  ++nodes_;
  const Bitboard O = ~P & ~bit(x);
  const int p = popcount(P);
  // Counting the flips is enough: the board is then full.
  if (const int n = count_last_flips(x, P)) return 2 * (p + n + 1) - 64;
  if (const int n = count_last_flips(x, O)) return 2 * (p - n) - 64;
  const int diff = 2 * p - 63;  // neither can play: the empty goes to the winner
  return diff > 0 ? diff + 1 : diff - 1;
}

int EndgameSolver::solve2(Bitboard P, Bitboard O, int alpha, int x1, int x2) {
  ++nodes_;
  int best = -kInf;
  if (Bitboard f = flips(x1, P, O)) {
    best = -solve1(O ^ f, x2);
    if (best > alpha) return best;
  }
  if (Bitboard f = flips(x2, P, O)) return std::max(best, -solve1(O ^ f, x1));
  if (best != -kInf) return best;
  // P passes; O moves and P is to move again (scores stay in P's view).
  int worst = kInf;
  if (Bitboard f = flips(x1, O, P)) {
    worst = solve1(P ^ f, x2);
    if (worst <= alpha) return worst;
  }
  if (Bitboard f = flips(x2, O, P)) return std::min(worst, solve1(P ^ f, x1));
  if (worst != kInf) return worst;
  return final_score(P, O);
}

int EndgameSolver::solve3(Bitboard P, Bitboard O, int alpha, int x1, int x2, int x3) {
  ++nodes_;
  int best = -kInf;
  if (Bitboard f = flips(x1, P, O)) {
    best = -solve2(O ^ f, P | f | bit(x1), -alpha - 1, x2, x3);
    if (best > alpha) return best;
  }
  if (Bitboard f = flips(x2, P, O)) {
    best = std::max(best, -solve2(O ^ f, P | f | bit(x2), -alpha - 1, x1, x3));
    if (best > alpha) return best;
  }
  if (Bitboard f = flips(x3, P, O)) return std::max(best, -solve2(O ^ f, P | f | bit(x3), -alpha - 1, x1, x2));
  if (best != -kInf) return best;
  int worst = kInf;
  if (Bitboard f = flips(x1, O, P)) {
    worst = solve2(P ^ f, O | f | bit(x1), alpha, x2, x3);
    if (worst <= alpha) return worst;
  }
  if (Bitboard f = flips(x2, O, P)) {
    worst = std::min(worst, solve2(P ^ f, O | f | bit(x2), alpha, x1, x3));
    if (worst <= alpha) return worst;
  }
  if (Bitboard f = flips(x3, O, P)) return std::min(worst, solve2(P ^ f, O | f | bit(x3), alpha, x1, x2));
  if (worst != kInf) return worst;
  return final_score(P, O);
}

int EndgameSolver::solve4(Bitboard P, Bitboard O, int alpha, const std::uint8_t* sq, unsigned parity) {
  ++nodes_;
  if (alpha >= stability_threshold(4)) {
    const int upper = 64 - 2 * popcount(stable_discs(O, P));
    if (upper <= alpha) return upper;
  }
  // Odd quadrants first (stable partition keeps the priority order).
  int s[4], k = 0;
  for (int i = 0; i < 4; ++i)
    if (parity & quadrant_bit(sq[i])) s[k++] = sq[i];
  for (int i = 0; i < 4; ++i)
    if (!(parity & quadrant_bit(sq[i]))) s[k++] = sq[i];
  static constexpr int kRest[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  int best = -kInf;
  for (int i = 0; i < 4; ++i) {
    const int x = s[i];
    if (!(O & kNeighbour.n[x])) continue;
    if (Bitboard f = flips(x, P, O)) {
      const int v = -solve3(O ^ f, P | f | bit(x), -alpha - 1, s[kRest[i][0]], s[kRest[i][1]], s[kRest[i][2]]);
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
  }
  if (best != -kInf) return best;
  int worst = kInf;
  for (int i = 0; i < 4; ++i) {
    const int x = s[i];
    if (Bitboard f = flips(x, O, P)) {
      const int v = solve3(P ^ f, O | f | bit(x), alpha, s[kRest[i][0]], s[kRest[i][1]], s[kRest[i][2]]);
      if (v < worst) {
        worst = v;
        if (v <= alpha) return v;
      }
    }
  }
  if (worst != kInf) return worst;
  return final_score(P, O);
}

// 5..kShallowMax empties: no table; the empties come sorted by square class
// and are tried odd quadrants first.
int EndgameSolver::nws_shallow(Bitboard P, Bitboard O, int alpha, const std::uint8_t* empties, int n,
                               unsigned parity) {
  ++nodes_;
  if (alpha >= stability_threshold(n)) {
    const int upper = 64 - 2 * popcount(stable_discs(O, P));
    if (upper <= alpha) return upper;
  }
  const Bitboard moves = legal_moves_mask(P, O);
  if (!moves) {
    if (!legal_moves_mask(O, P)) return final_score(P, O);
    return -nws_shallow(O, P, -alpha - 1, empties, n, parity);
  }
  int best = -kInf;
  std::uint8_t child[kShallowMax];
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < n; ++i) {
      const int x = empties[i];
      if (((parity & quadrant_bit(x)) != 0) != (pass == 0)) continue;
      if (!(moves & bit(x))) continue;
      const Bitboard f = flips(x, P, O);
      std::memcpy(child, empties, i);
      std::memcpy(child + i, empties + i + 1, n - 1 - i);
      const Bitboard np = O ^ f, no = P | f | bit(x);
      const unsigned cp = parity ^ quadrant_bit(x);
      const int v = n == 5 ? -solve4(np, no, -alpha - 1, child, cp) : -nws_shallow(np, no, -alpha - 1, child, n - 1, cp);
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
  }
  return best;
}

int EndgameSolver::search_child(Bitboard P, Bitboard O, int alpha, int n) {
  if (n > kShallowMax) return nws(P, O, alpha, n);
  const Bitboard E = ~(P | O);
  std::uint8_t sq[kShallowMax];
  sorted_empties(E, sq);
  switch (n) {
    case 0: ++nodes_; return final_score(P, O);
    case 1: return solve1(P, sq[0]);
    case 2: return solve2(P, O, alpha, sq[0], sq[1]);
    case 3: return solve3(P, O, alpha, sq[0], sq[1], sq[2]);
    case 4: return solve4(P, O, alpha, sq, parity_bits(E));
    default: return nws_shallow(P, O, alpha, sq, n, parity_bits(E));
  }
}

// ---------------------------------------------------------------- deep search

namespace {
constexpr int kBigScore = 100000;

// End-ProbCut (set_selectivity). A null-window node with at least
// kCutMinEmpties empties is cut when a shallow search of cut_depth(n)
// plies predicts the exact value beyond the window by kCutConfidence[level]
// times the prediction's error. Bias and error are the mean and standard
// deviation of (exact - shallow) in centi-discs, measured on 200 positions
// a ply from 10 to 22 empties of games against Zebra (docs/games/othello.md).
// The bias follows the parity of the empties: with an odd number the 2- and
// 4-ply searches underrate the side to move by 1.1-1.6 discs, with an even
// number they are nearly unbiased. From 14 empties the subtree a cut saves
// is big enough to pay for 4 plies.
constexpr int kCutMinEmpties = 10;
// Level 1 is a quick guess, level 4 a near-proof; each costs about twice
// the one before (24 empties: about 30, 70, 150 and 280 ms, the exact proof
// 700 ms; AMD EPYC, one thread).
constexpr double kCutConfidence[EndgameSolver::kSelectiveLevels + 1] = {0.0, 0.7, 1.1, 1.5, 2.0};
// A deeper shallow search predicts only a little better (6.1 discs of
// error at 2 plies, 5.2 at 4, 4.4 at 6) and costs more per node: at 24
// empties 6 plies made every level about 1.6x slower than 4.
constexpr int cut_depth(int n) { return n < 14 ? 2 : 4; }
struct CutError {
  int bias, sigma;
};
constexpr CutError cut_error(int n) {
  const bool odd = n & 1;
  if (n < 14) return {odd ? 108 : -26, 610};
  if (n < 20) return {odd ? 146 : -3, 522};
  return {odd ? 120 : 30, 480};
}
constexpr int kNoCut = -1000;
}  // namespace

int EndgameSolver::selective_cut(Bitboard P, Bitboard O, int alpha, int n) const {
  if (selectivity_ == 0 || n < kCutMinEmpties) return kNoCut;
  const int depth = cut_depth(n);
  const CutError err = cut_error(n);
  const int margin = static_cast<int>(kCutConfidence[selectivity_] * err.sigma);
  // exact ~ shallow + bias: "exact > alpha" is likely when shallow + bias
  // >= 100 (alpha + 1) + margin; "exact <= alpha" when shallow + bias <= 100 alpha - margin.
  if (const int hi = 100 * (alpha + 1) + margin - err.bias; hi < 100 * 64) {
    if (mid_search(P, O, hi - 1, hi, depth) >= hi) return alpha + 1;
  }
  if (const int lo = 100 * alpha - margin - err.bias; lo > -100 * 64) {
    if (mid_search(P, O, lo, lo + 1, depth) <= lo) return alpha;
  }
  return kNoCut;
}

// The pattern evaluation predicts final margins better than the ludus one
// (held-out errors in docs/BENCHMARKS.md), so its best move is more often
// the solver's: FFO #40-#44 took 20% fewer nodes with it.
int EndgameSolver::order_eval(Bitboard P, Bitboard O) const {
  const Board b{P, O, Side::P1};
  return order_weights_ ? order_weights_->evaluate(b) : evaluate(b);
}

// Plain alpha-beta with the evaluation at the leaves (centi-discs), for move
// ordering and the root's first guess only.
int EndgameSolver::mid_search(Bitboard P, Bitboard O, int alpha, int beta, int depth) const {
  if (depth == 0) return order_eval(P, O);
  const Bitboard moves = legal_moves_mask(P, O);
  if (!moves) {
    if (!legal_moves_mask(O, P)) return 100 * final_score(P, O);
    return -mid_search(O, P, -beta, -alpha, depth);
  }
  int best = -kBigScore;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lsb(m);
    const Bitboard f = flips(x, P, O);
    const int v = -mid_search(O ^ f, P | f | bit(x), -beta, -alpha, depth - 1);
    if (v > best) {
      best = v;
      if (v > alpha) { alpha = v; if (v >= beta) break; }
    }
  }
  return best;
}

// Fills `list` with the moves of P and their ordering scores; returns count.
// The hash move first, then a wipeout; with many empties by a static or
// 1-ply evaluation plus fastest first; otherwise fastest first (the fewer
// replies the opponent has, corners counted double, the earlier) with
// tie-breaks by stable edge discs, potential mobility and parity. (Prefetching
// the children's table buckets here was tried: no gain.)
int EndgameSolver::order_moves(Bitboard P, Bitboard O, Bitboard moves, int tt_move, int n, MoveItem* list) const {
  const Bitboard E = ~(P | O);
  const unsigned parity = n <= kParityOrderMax ? parity_bits(E) : 0;
  int k = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lsb(m);
    const Bitboard f = flips(x, P, O);
    MoveItem& it = list[k++];
    it.flips = f;
    it.sq = x;
    if (x == tt_move) {
      it.score = 1 << 30;
      continue;
    }
    const Bitboard np = O ^ f, no = P | f | bit(x);
    if (!np) {
      it.score = 1 << 29;
      continue;
    }
    const Bitboard reply = legal_moves_mask(np, no);
    const int mob = popcount(reply) + popcount(reply & kCorners);
    const int pot = popcount(neighbours(no) & E & ~bit(x));
    int score;
    if (n >= kSearchOrderMin) {
      // Far from the end the evaluation knows more than mobility alone:
      // the opponent's best reply by a shallow search, plus fastest-first.
      score = (1 << 20) - mid_search(np, no, -kBigScore, kBigScore, order_search_depth(n)) -
              kOrderMobilityWeight * mob;
    } else if (n >= kEvalOrderMin) {
      score = (1 << 20) - order_eval(np, no) - kOrderMobilityWeight * mob;
    } else {
      // Fastest first; then edge discs made stable (corners and what they
      // anchor: -8% nodes on the FFO set); then fewer empty squares next
      // to our discs (the opponent's potential mobility).
      score = ((64 - mob) << 16) + (popcount(edge_stable_discs(no, np)) << 12) + ((64 - pot) << 6);
    }
    if (parity & quadrant_bit(x)) score += 1 << 4;
    if (bit(x) & kCorners) score += 1 << 5;
    it.score = score;
  }
  return k;
}

namespace {
// Selection sort step: moves the best remaining item to position i.
template <class Item>
inline void pick(Item* list, int i, int k) {
  int b = i;
  for (int j = i + 1; j < k; ++j)
    if (list[j].score > list[b].score) b = j;
  if (b != i) std::swap(list[i], list[b]);
}
}  // namespace

int EndgameSolver::nws(Bitboard P, Bitboard O, int alpha, int n) {
  if (poll()) return 0;
  if (alpha >= stability_threshold(n)) {
    const int upper = 64 - 2 * popcount(stable_discs(O, P));
    if (upper <= alpha) return upper;
  }
  int tt_move = kNoSquare;
  if (Entry e; probe(P, O, e)) {
    if (e.lower > alpha) return e.lower;
    if (e.upper <= alpha) return e.upper;
    tt_move = e.move;
  }
  if (const int cut = selective_cut(P, O, alpha, n); cut != kNoCut) return cut;
  const Bitboard moves = legal_moves_mask(P, O);
  if (!moves) {
    if (!legal_moves_mask(O, P)) return final_score(P, O);
    return -nws(O, P, -alpha - 1, n);
  }
  MoveItem list[64];
  const int k = order_moves(P, O, moves, tt_move, n, list);
  if (n >= kEtcMin) {
    // Enhanced transposition cutoff: a child already known to be bad enough
    // for the opponent refutes this node without searching.
    for (int i = 0; i < k; ++i) {
      const Bitboard np = O ^ list[i].flips, no = P | list[i].flips | bit(list[i].sq);
      if (Entry e; probe(np, no, e) && -e.upper > alpha) {
        store(P, O, n, alpha, alpha + 1, -e.upper, list[i].sq);
        return -e.upper;
      }
    }
  }
  int best = -kInf, best_move = kNoSquare;
  BusyTable* const split = n >= kSplitMin ? table_->busy.get() : nullptr;
  DeferredMoves<64> later(k);
  for (int j = 0; j < later.size(); ++j) {
    const int i = j < k ? j : later.at(j);
    if (j < k) pick(list, i, k);
    const MoveItem& it = list[i];
    const Bitboard np = O ^ it.flips, no = P | it.flips | bit(it.sq);
    std::uint64_t mark = 0;
    if (split && !later.claim(*split, j, i, j == 0, table_hash(np, no), mark)) continue;
    const BusyLeave leave{split, mark};
    const int v = -search_child(np, no, -alpha - 1, n - 1);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = it.sq;
      if (v > alpha) break;
    }
  }
  store(P, O, n, alpha, alpha + 1, best, best_move);
  return best;
}

int EndgameSolver::pvs(Bitboard P, Bitboard O, int alpha, int beta, int n) {
  if (n == 0) {
    ++nodes_;
    return final_score(P, O);
  }
  if (poll()) return 0;
  int tt_move = kNoSquare;
  if (Entry e; probe(P, O, e)) {
    if (e.lower >= beta) return e.lower;
    if (e.upper <= alpha) return e.upper;
    if (e.lower == e.upper) return e.lower;
    tt_move = e.move;
  }
  const Bitboard moves = legal_moves_mask(P, O);
  if (!moves) {
    if (!legal_moves_mask(O, P)) return final_score(P, O);
    return -pvs(O, P, -beta, -alpha, n);
  }
  MoveItem list[64];
  const int k = order_moves(P, O, moves, tt_move, n, list);
  const int alpha0 = alpha;
  int best = -kInf, best_move = kNoSquare;
  BusyTable* const split = n >= kSplitMin ? table_->busy.get() : nullptr;
  DeferredMoves<64> later(k);
  for (int j = 0; j < later.size(); ++j) {
    const int i = j < k ? j : later.at(j);
    if (j < k) pick(list, i, k);
    const MoveItem& it = list[i];
    const Bitboard np = O ^ it.flips, no = P | it.flips | bit(it.sq);
    std::uint64_t mark = 0;
    if (split && !later.claim(*split, j, i, j == 0, table_hash(np, no), mark)) continue;
    const BusyLeave leave{split, mark};
    int v;
    if (j == 0) {
      v = -pvs(np, no, -beta, -alpha, n - 1);
    } else {
      v = -search_child(np, no, -alpha - 1, n - 1);
      // A fail-high proves v <= true value; search the rest of the window.
      if (!aborted_ && v > alpha && v < beta) v = -pvs(np, no, -beta, -(v - 1), n - 1);
    }
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = it.sq;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  store(P, O, n, alpha0, beta, best, best_move);
  return best;
}

// ---------------------------------------------------------------- entry points

Score EndgameSolver::solve(const Board& b, Score alpha, Score beta, const std::atomic<bool>& stop,
                           std::uint64_t& nodes) {
  begin(stop);
  // Centi-disc window -> disc window. The true value v (whole discs) is
  // > alpha iff v > floor(alpha / 100), and < beta iff v < ceil(beta / 100);
  // a fail-soft result r in discs then maps back to 100 r on the right side.
  auto floor_div = [](int a) { return a >= 0 ? a / 100 : -((-a + 99) / 100); };
  const int a = std::clamp(floor_div(alpha), -kInf + 1, 65);
  const int bt = std::clamp(-floor_div(-beta), -65, kInf - 1);
  const int n = b.empty_count();
  int v;
  if (a >= bt) v = a;  // cannot happen for alpha < beta; keeps the window valid
  else if (bt - a == 1) v = search_child(b.own, b.opp, a, n);
  else v = pvs(b.own, b.opp, a, bt, n);
  nodes += nodes_;
  live_nodes_.store(0, std::memory_order_relaxed);
  return aborted_ ? 0 : 100 * v;
}

EndgameSolver::RootResult EndgameSolver::solve_root(const Board& b, const std::atomic<bool>& stop,
                                                    std::uint64_t& nodes) {
  begin(stop);
  const Bitboard P = b.own, O = b.opp;
  const int n = b.empty_count();
  RootResult r{kNoMove, 0};
  const Bitboard moves = legal_moves_mask(P, O);
  if (!moves) {
    if (!legal_moves_mask(O, P)) {
      r.score_discs = final_score(P, O);
    } else {
      r.best = kPass;
      r.score_discs = -pvs(O, P, -64, 64, n);
    }
    nodes += nodes_;
    live_nodes_.store(0, std::memory_order_relaxed);
    return r;
  }
  int tt_move = kNoSquare;
  if (Entry e; probe(P, O, e)) tt_move = e.move;
  MoveItem list[64];
  const int k = order_moves(P, O, moves, tt_move, n, list);
  for (int i = 0; i < k; ++i) pick(list, i, k);
  // MTD(f) on null windows: start from a heuristic guess and move the
  // window by each fail-soft result until the lower and upper bounds meet.
  // Cheaper than a full-window PVS at the root: the PV subtree is searched
  // with null windows only (measured about 15% fewer nodes on the FFO set).
  int guess = mid_search(P, O, -kBigScore, kBigScore, kRootGuessDepth) / 100;
  guess = std::clamp(guess & ~1, -64, 64);
  int lo = -64, hi = 64;
  r.best = Move{static_cast<std::uint8_t>(list[0].sq)};
  int g = guess;
  while (lo < hi && !aborted_) {
    const int a = g > lo ? g - 1 : g + 1;  // test "value > a"
    int best = -kInf, best_i = 0;
    for (int i = 0; i < k; ++i) {
      const MoveItem& it = list[i];
      const int v = -search_child(O ^ it.flips, P | it.flips | bit(it.sq), -a - 1, n - 1);
      if (aborted_) break;
      if (v > best) { best = v; best_i = i; if (v > a) break; }
    }
    if (aborted_) break;
    if (best > a) {
      lo = best;
      r.best = Move{static_cast<std::uint8_t>(list[best_i].sq)};
      // the proven move goes first in the next test
      std::rotate(list, list + best_i, list + best_i + 1);
    } else {
      hi = best;
    }
    g = best;
  }
  const int best = lo;
  if (!aborted_) store(P, O, n, -kInf, kInf, best, r.best.sq);
  r.score_discs = best;
  nodes += nodes_;
  live_nodes_.store(0, std::memory_order_relaxed);
  return r;
}

int EndgameSolver::pv_line(const Board& start, Move* out, int max_len) const {
  Board b = start;
  int len = 0;
  while (len < max_len) {
    if (!b.moves()) {
      if (!b.opp_moves()) break;  // game over
      out[len++] = kPass;
      b = play_pass(b);
      continue;
    }
    // Only positions the solver stored are followed; shallow nodes near the
    // end are not stored, so the line stops a few plies before the end.
    Entry e;
    if (!probe(b.own, b.opp, e) || e.move >= 64 || !(b.moves() & bit(e.move))) break;
    out[len++] = Move{e.move};
    b = play_square(b, e.move);
  }
  // A trailing pass with nothing after it says nothing.
  while (len > 0 && out[len - 1].is_pass()) --len;
  return len;
}

}  // namespace ludus::othello
