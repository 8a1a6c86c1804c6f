#include "games/othello/patterns.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "games/othello/pattern_indexes.h"

namespace ludus::othello::patterns {

namespace {

// ------------------------------------------------------------ symmetries --
// The 8 symmetries of the board as bitboard maps: s bit 0 flips the rows
// (row r -> 7 - r), bit 1 mirrors the columns (c -> 7 - c), bit 2 then
// transposes (row <-> column), in that order. A base instance read from the
// transformed board symmetry(B, s) is the instance moved by s on B.
constexpr Bitboard flip_vertical(Bitboard x) { return __builtin_bswap64(x); }
constexpr Bitboard mirror_horizontal(Bitboard x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
// Three delta swaps (the a1-h8 flip of the chess programming wiki; same
// square numbering: column = sq % 8, row = sq / 8).
constexpr Bitboard transpose(Bitboard x) {
  Bitboard t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}
constexpr Bitboard symmetry(Bitboard x, int s) {
  if (s & 1) x = flip_vertical(x);
  if (s & 2) x = mirror_horizontal(x);
  if (s & 4) x = transpose(x);
  return x;
}
// All 8 images at the cost of 1 mirror, 2 byte swaps and 4 transposes.
inline void symmetric_boards(Bitboard x, Bitboard (&out)[8]) {
  out[0] = x;
  out[1] = flip_vertical(x);
  out[2] = mirror_horizontal(x);
  out[3] = flip_vertical(out[2]);
  for (int s = 0; s < 4; ++s) out[s + 4] = transpose(out[s]);
}

// kSigma[s][q]: the square of B that square q of symmetry(B, s) shows.
constexpr auto kSigma = [] {
  std::array<std::array<int, 64>, 8> t{};
  for (int s = 0; s < 8; ++s)
    for (int p = 0; p < 64; ++p) t[s][std::countr_zero(symmetry(bit(p), s))] = p;
  return t;
}();

// ---------------------------------------------------------- the pattern set --
// Base instances, digit 0 first. Square = 8 * row + column, a1 = 0.
struct Base {
  int n;
  std::array<int, 10> sq;
};
constexpr std::array<Base, kNumKinds> kBase = {{
    {9, {0, 1, 2, 8, 9, 10, 16, 17, 18}},          // corner3x3: a1 b1 c1 / a2 b2 c2 / a3 b3 c3
    {10, {0, 1, 2, 3, 4, 5, 6, 7, 9, 14}},         // edge2x: a1..h1, b2, g2
    {10, {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},       // corner2x5: a1..e1 / a2..e2
    {8, {8, 9, 10, 11, 12, 13, 14, 15}},           // row2: a2..h2
    {8, {16, 17, 18, 19, 20, 21, 22, 23}},         // row3
    {8, {24, 25, 26, 27, 28, 29, 30, 31}},         // row4
    {8, {0, 9, 18, 27, 36, 45, 54, 63}},           // diag8: a1..h8
    {7, {1, 10, 19, 28, 37, 46, 55}},              // diag7: b1..h7
    {6, {2, 11, 20, 29, 38, 47}},                  // diag6: c1..h6
    {5, {3, 12, 21, 30, 39}},                      // diag5: d1..h5
    {4, {4, 13, 22, 31}},                          // diag4: e1..h4
}};

constexpr std::array<KindInfo, kNumKinds> kInfo = {{
    {"corner3x3", 9, 4, 19683, 10206},
    {"edge2x", 10, 4, 59049, 29646},
    {"corner2x5", 10, 8, 59049, 59049},
    {"row2", 8, 4, 6561, 3321},
    {"row3", 8, 4, 6561, 3321},
    {"row4", 8, 4, 6561, 3321},
    {"diag8", 8, 2, 6561, 3321},
    {"diag7", 7, 4, 2187, 1134},
    {"diag6", 6, 4, 729, 378},
    {"diag5", 5, 4, 243, 135},
    {"diag4", 4, 4, 81, 45},
}};

constexpr Bitboard base_mask(int kind, int s) {
  Bitboard m = 0;
  for (int j = 0; j < kBase[kind].n; ++j) m |= bit(kSigma[s][kBase[kind].sq[j]]);
  return m;
}

// The symmetries that move each base instance onto its distinct instances:
// the first s (in 0..7) reaching each image of the square set.
struct Syms {
  int n = 0;
  std::array<int, 8> s{};
};
constexpr auto kSyms = [] {
  std::array<Syms, kNumKinds> t{};
  for (int k = 0; k < kNumKinds; ++k)
    for (int s = 0; s < 8; ++s) {
      bool seen = false;
      for (int j = 0; j < t[k].n; ++j) seen = seen || base_mask(k, t[k].s[j]) == base_mask(k, s);
      if (!seen) t[k].s[t[k].n++] = s;
    }
  return t;
}();

constexpr bool instance_counts_match() {
  int total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (kSyms[k].n != kInfo[k].instances || kBase[k].n != kInfo[k].squares) return false;
    total += kSyms[k].n;
  }
  return total == kNumInstances;
}
static_assert(instance_counts_match());

constexpr auto kInstanceKind = [] {
  std::array<int, kNumInstances> t{};
  int i = 0;
  for (int k = 0; k < kNumKinds; ++k)
    for (int j = 0; j < kSyms[k].n; ++j) t[i++] = k;
  return t;
}();

constexpr auto kRawOffset = [] {
  std::array<int, kNumKinds + 1> t{};
  for (int k = 0; k < kNumKinds; ++k) t[k + 1] = t[k] + kInfo[k].raw_size;
  return t;
}();
constexpr auto kPackedOffset = [] {
  std::array<int, kNumKinds + 1> t{};
  for (int k = 0; k < kNumKinds; ++k) t[k + 1] = t[k] + kInfo[k].packed_size;
  return t;
}();
static_assert(kRawOffset[kNumKinds] == kRawPerStage && kPackedOffset[kNumKinds] == kPackedPerStage);
// The raw-table offset of every instance, for the evaluation's one lookup.
constexpr auto kInstanceRawOffset = [] {
  std::array<int, kNumInstances> t{};
  for (int i = 0; i < kNumInstances; ++i) t[i] = kRawOffset[kInstanceKind[i]];
  return t;
}();

// --------------------------------------------------------------- folding --
// The digit permutation of a kind's own mirror image: a symmetry that maps
// the base square set onto itself and moves some square. Identity when the
// kind has none (corner2x5).
constexpr auto kMirror = [] {
  std::array<std::array<int, 10>, kNumKinds> t{};
  for (int k = 0; k < kNumKinds; ++k) {
    for (int j = 0; j < kBase[k].n; ++j) t[k][j] = j;
    for (int s = 1; s < 8; ++s) {
      if (base_mask(k, s) != base_mask(k, 0)) continue;
      std::array<int, 10> perm{};
      bool moves = false;
      for (int j = 0; j < kBase[k].n; ++j) {
        const int sq = kSigma[s][kBase[k].sq[j]];
        for (int i = 0; i < kBase[k].n; ++i)
          if (kBase[k].sq[i] == sq) perm[j] = i;
        moves = moves || perm[j] != j;
      }
      if (moves) {
        t[k] = perm;
        break;
      }
    }
  }
  return t;
}();

int mirror_raw(int kind, int raw) {
  int digits[10];
  for (int j = 0; j < kBase[kind].n; ++j, raw /= 3) digits[j] = raw % 3;
  int m = 0;
  for (int j = kBase[kind].n - 1; j >= 0; --j) m = 3 * m + digits[kMirror[kind][j]];
  return m;
}

// raw -> packed per kind: packed indices are given in increasing raw order
// to the configurations that are not larger than their mirror image.
struct PackTables {
  std::array<std::vector<std::int32_t>, kNumKinds> map;
  PackTables() {
    for (int k = 0; k < kNumKinds; ++k) {
      map[k].resize(static_cast<std::size_t>(kInfo[k].raw_size));
      int next = 0;
      for (int r = 0; r < kInfo[k].raw_size; ++r) {
        const int m = mirror_raw(k, r);
        map[k][r] = m < r ? map[k][m] : next++;
      }
      if (next != kInfo[k].packed_size) throw std::logic_error("othello patterns: packed size mismatch");
    }
  }
};
const PackTables& pack_tables() {
  static const PackTables t;
  return t;
}

// ------------------------------------------------------------ extraction --
// Bits of a base instance gathered into the low bits, digit j at bit j, then
// the base-3 value: ternary(own bits) + 2 * ternary(opponent bits).
constexpr auto kTernary = [] {
  std::array<std::uint16_t, 1024> t{};
  for (int b = 0; b < 1024; ++b) {
    int v = 0, p = 1;
    for (int i = 0; i < 10; ++i, p *= 3)
      if (b >> i & 1) v += p;
    t[b] = static_cast<std::uint16_t>(v);
  }
  return t;
}();

// A diagonal parallel to a1-h8 has one square per column: a multiplication
// by the column-a mask adds all rows into the top byte without carries, bit
// c = the square in column c.
template <Bitboard Mask, int FirstColumn>
constexpr unsigned diagonal_bits(Bitboard x) {
  return static_cast<unsigned>(((x & Mask) * kColumnA) >> (56 + FirstColumn));
}

template <int K>
constexpr unsigned base_bits(Bitboard x) {
  if constexpr (K == kCorner3x3) {
    return static_cast<unsigned>((x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0));
  } else if constexpr (K == kEdge2X) {
    return static_cast<unsigned>((x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200));
  } else if constexpr (K == kCorner2x5) {
    return static_cast<unsigned>((x & 0x1F) | ((x >> 3) & 0x3E0));
  } else if constexpr (K == kRow2) {
    return static_cast<unsigned>((x >> 8) & 0xFF);
  } else if constexpr (K == kRow3) {
    return static_cast<unsigned>((x >> 16) & 0xFF);
  } else if constexpr (K == kRow4) {
    return static_cast<unsigned>((x >> 24) & 0xFF);
  } else if constexpr (K == kDiag8) {
    return diagonal_bits<0x8040201008040201ULL, 0>(x);
  } else if constexpr (K == kDiag7) {
    return diagonal_bits<0x0080402010080402ULL, 1>(x);
  } else if constexpr (K == kDiag6) {
    return diagonal_bits<0x0000804020100804ULL, 2>(x);
  } else if constexpr (K == kDiag5) {
    return diagonal_bits<0x0000008040201008ULL, 3>(x);
  } else {
    static_assert(K == kDiag4);
    return diagonal_bits<0x0000000080402010ULL, 4>(x);
  }
}

// The gather above must read the base squares in their listed order.
template <int K>
constexpr bool gathers_base_squares() {
  for (int j = 0; j < kBase[K].n; ++j)
    if (base_bits<K>(bit(kBase[K].sq[j])) != (1u << j)) return false;
  Bitboard all = 0;
  for (int j = 0; j < kBase[K].n; ++j) all |= bit(kBase[K].sq[j]);
  return base_bits<K>(~all) == 0;
}
template <std::size_t... K>
constexpr bool all_gather(std::index_sequence<K...>) {
  return (gathers_base_squares<static_cast<int>(K)>() && ...);
}
static_assert(all_gather(std::make_index_sequence<kNumKinds>{}));

template <int K>
inline void kind_indexes(const Bitboard (&own)[8], const Bitboard (&opp)[8], std::uint16_t*& out) {
  for (int j = 0; j < kSyms[K].n; ++j) {
    const int s = kSyms[K].s[j];
    *out++ = static_cast<std::uint16_t>(kTernary[base_bits<K>(own[s])] + 2 * kTernary[base_bits<K>(opp[s])]);
  }
}
template <std::size_t... K>
inline void all_indexes(const Bitboard (&own)[8], const Bitboard (&opp)[8], std::uint16_t* out,
                        std::index_sequence<K...>) {
  (kind_indexes<static_cast<int>(K)>(own, opp, out), ...);
}

const std::array<std::vector<int>, kNumInstances>& squares_table() {
  static const auto t = [] {
    std::array<std::vector<int>, kNumInstances> v;
    int i = 0;
    for (int k = 0; k < kNumKinds; ++k)
      for (int j = 0; j < kSyms[k].n; ++j, ++i)
        for (int d = 0; d < kBase[k].n; ++d) v[i].push_back(kSigma[kSyms[k].s[j]][kBase[k].sq[d]]);
    return v;
  }();
  return t;
}

// Heuristic values stay strictly inside the exact range (+-64 discs), as in
// the ludus evaluation.
constexpr int kEvalLimit = 6300;

}  // namespace

const std::array<Indexes, 64> kSquarePowers = [] {
  std::array<Indexes, 64> t{};
  int i = 0;
  for (int k = 0; k < kNumKinds; ++k)
    for (int j = 0; j < kSyms[k].n; ++j, ++i)
      for (int d = 0, p = 1; d < kBase[k].n; ++d, p *= 3)
        t[static_cast<std::size_t>(kSigma[kSyms[k].s[j]][kBase[k].sq[d]])].set_lane(i, static_cast<std::uint16_t>(p));
  return t;
}();

ColourIndexes colour_indexes(const Board& b) {
  ColourIndexes out{};
  for (const Side colour : {Side::P1, Side::P2}) {
    std::uint16_t raw[kNumInstances];
    raw_indexes(colour == b.side ? b.own : b.opp, colour == b.side ? b.opp : b.own, raw);
    for (int i = 0; i < kNumInstances; ++i) out[static_cast<std::size_t>(colour)].set_lane(i, raw[i]);
  }
  return out;
}

const KindInfo& kind_info(int kind) { return kInfo.at(static_cast<std::size_t>(kind)); }
int instance_kind(int i) { return kInstanceKind.at(static_cast<std::size_t>(i)); }
const std::vector<int>& instance_squares(int i) { return squares_table().at(static_cast<std::size_t>(i)); }
int raw_offset(int kind) { return kRawOffset.at(static_cast<std::size_t>(kind)); }
int packed_offset(int kind) { return kPackedOffset.at(static_cast<std::size_t>(kind)); }
int packed_index(int kind, int raw) { return pack_tables().map[kind][raw]; }

void raw_indexes(Bitboard own, Bitboard opp, std::uint16_t* out) {
  Bitboard o[8], p[8];
  symmetric_boards(own, o);
  symmetric_boards(opp, p);
  all_indexes(o, p, out, std::make_index_sequence<kNumKinds>{});
}

void raw_indexes_slow(Bitboard own, Bitboard opp, std::uint16_t* out) {
  for (int i = 0; i < kNumInstances; ++i) {
    int v = 0, p = 1;
    for (int sq : instance_squares(i)) {
      v += p * ((own >> sq & 1) ? 1 : (opp >> sq & 1) ? 2 : 0);
      p *= 3;
    }
    out[i] = static_cast<std::uint16_t>(v);
  }
}

GlobalTerms global_terms(const Board& b) {
  const int empties = b.empty_count();
  const auto [mp, mo] = both_moves(b.own, b.opp);
  return {empties & 1 ? 1 : -1, popcount(mp) - popcount(mo)};
}

PatternWeights::PatternWeights(const std::vector<std::int16_t>& packed) {
  if (packed.size() != static_cast<std::size_t>(kNumStages) * kWeightsPerStage)
    throw std::invalid_argument("othello patterns: wrong number of weights");
  raw_.resize(static_cast<std::size_t>(kNumStages) * kRawPerStage);
  const PackTables& pt = pack_tables();
  for (int st = 0; st < kNumStages; ++st) {
    const std::int16_t* src = packed.data() + static_cast<std::size_t>(st) * kWeightsPerStage;
    std::int16_t* dst = raw_.data() + static_cast<std::size_t>(st) * kRawPerStage;
    for (int k = 0; k < kNumKinds; ++k)
      for (int r = 0; r < kInfo[k].raw_size; ++r) dst[kRawOffset[k] + r] = src[kPackedOffset[k] + pt.map[k][r]];
    for (int g = 0; g < kNumGlobals; ++g) globals_[st][g] = src[kPackedPerStage + g];
  }
}

Score PatternWeights::evaluate(const Board& b) const {
  std::uint16_t raw[kNumInstances];
  raw_indexes(b.own, b.opp, raw);
  Indexes own_view;
  for (int i = 0; i < kNumInstances; ++i) own_view.set_lane(i, raw[i]);
  return evaluate(b, own_view);
}

Score PatternWeights::evaluate(const Board& b, const Indexes& own_view) const {
  const auto [mp, mo] = both_moves(b.own, b.opp);
  if (!mp && !mo) return 100 * final_score(b);
  const int empties = b.empty_count();
  const int st = stage_of(empties);
  const std::int16_t* w = raw_.data() + static_cast<std::size_t>(st) * kRawPerStage;
  int sum = 0;
  // Unrolled, the 46 table reads (mostly cache misses: the stages a search
  // touches exceed the L2 cache) issue back to back: 12% sooner to depth 15.
#pragma GCC unroll 46
  for (int i = 0; i < kNumInstances; ++i) sum += w[kInstanceRawOffset[i] + own_view.lane(i)];
  sum += globals_[st][kGParity] * (empties & 1 ? 1 : -1);
  sum += globals_[st][kGMobility] * (popcount(mp) - popcount(mo));
  return static_cast<Score>(std::clamp(sum, -kEvalLimit, kEvalLimit));
}

std::vector<std::string> PatternWeights::eval_lines(const Board& b) const {
  std::vector<std::string> out;
  char buf[160];
  const int empties = b.empty_count();
  const int st = stage_of(empties);
  std::snprintf(buf, sizeof buf, "pattern eval, side to move %s, %d empties, stage %d (empties %d-%d)",
                b.side == Side::P1 ? "black" : "white", empties, st, st * kEmptiesPerStage,
                st * kEmptiesPerStage + kEmptiesPerStage - 1);
  out.emplace_back(buf);
  if (game_over(b)) {
    out.push_back("game over: exact final score " + std::to_string(final_score(b)) + " discs");
    out.push_back("total " + std::to_string(evaluate(b)));
    return out;
  }
  std::uint16_t idx[kNumInstances];
  raw_indexes(b.own, b.opp, idx);
  const std::int16_t* w = raw_.data() + static_cast<std::size_t>(st) * kRawPerStage;
  std::array<int, kNumKinds> by_kind{};
  for (int i = 0; i < kNumInstances; ++i) by_kind[kInstanceKind[i]] += w[kInstanceRawOffset[i] + idx[i]];
  out.emplace_back("term          instances  contribution (centi-discs, side to move)");
  for (int k = 0; k < kNumKinds; ++k) {
    std::snprintf(buf, sizeof buf, "%-13s %9d %13d", kInfo[k].name, kInfo[k].instances, by_kind[k]);
    out.emplace_back(buf);
  }
  const GlobalTerms g = global_terms(b);
  std::snprintf(buf, sizeof buf, "%-13s %9d %13d  (weight %d)", "parity", g.parity,
                globals_[st][kGParity] * g.parity, globals_[st][kGParity]);
  out.emplace_back(buf);
  std::snprintf(buf, sizeof buf, "%-13s %9d %13d  (weight %d)", "mobility", g.mobility,
                globals_[st][kGMobility] * g.mobility, globals_[st][kGMobility]);
  out.emplace_back(buf);
  out.push_back("total " + std::to_string(evaluate(b)));
  return out;
}

}  // namespace ludus::othello::patterns
