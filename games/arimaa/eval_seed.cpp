#include "games/arimaa/eval_seed.h"

namespace ludus::arimaa {

namespace {

// Table 3.1 (rabbits: table 3.2 by count).
constexpr int kMaterial[kNumTypes] = {0, 5, 6, 8, 13, 17};
constexpr int kRabbitGroup[9] = {0, 18, 20, 24, 28, 32, 36, 38, 40};

// Position tables 3.3, 3.5-3.9 as printed: rank 8 first, files a..h, from
// Gold's side (Silver uses the vertical mirror image).
constexpr int kPst[kNumTypes][64] = {
    // rabbit (3.3)
    {999, 999, 999, 999, 999, 999, 999, 999,  //
     7, 6, 5, 4, 4, 5, 6, 7,                  //
     6, 2, -1, 0, 0, -1, 2, 6,                //
     5, 1, 0, 0, 0, 0, 1, 5,                  //
     4, 1, 0, 0, 0, 0, 1, 4,                  //
     3, 1, -1, 0, 0, -1, 1, 3,                //
     2, 2, 1, 1, 1, 1, 2, 2,                  //
     2, 2, 2, 2, 2, 2, 2, 2},
    // cat (3.5)
    {0, 0, 0, 0, 0, 0, 0, 0,   //
     0, 0, 0, 0, 0, 0, 0, 0,   //
     0, 0, -1, 0, 0, -1, 0, 0, //
     0, 0, 1, 0, 0, 1, 0, 0,   //
     1, 1, 2, 1, 1, 2, 1, 1,   //
     3, 5, -1, 5, 5, -1, 5, 3, //
     2, 4, 5, 4, 4, 5, 4, 2,   //
     1, 2, 3, 2, 2, 3, 2, 1},
    // dog (3.6, the same values as the cat's)
    {0, 0, 0, 0, 0, 0, 0, 0,   //
     0, 0, 0, 0, 0, 0, 0, 0,   //
     0, 0, -1, 0, 0, -1, 0, 0, //
     0, 0, 1, 0, 0, 1, 0, 0,   //
     1, 1, 2, 1, 1, 2, 1, 1,   //
     3, 5, -1, 5, 5, -1, 5, 3, //
     2, 4, 5, 4, 4, 5, 4, 2,   //
     1, 2, 3, 2, 2, 3, 2, 1},
    // horse (3.7)
    {0, 0, 1, 2, 2, 1, 0, 0,   //
     0, 0, 2, 3, 3, 2, 0, 0,   //
     1, 2, -1, 4, 4, -1, 2, 1, //
     2, 3, 4, 5, 5, 4, 3, 2,   //
     2, 3, 4, 5, 5, 4, 3, 2,   //
     1, 2, -1, 4, 4, -1, 2, 1, //
     0, 0, 2, 3, 3, 2, 0, 0,   //
     0, 0, 1, 2, 2, 1, 0, 0},
    // camel (3.8)
    {0, 0, 1, 2, 2, 1, 0, 0,   //
     0, 0, 2, 4, 4, 2, 0, 0,   //
     1, 2, -1, 4, 4, -1, 2, 1, //
     2, 4, 4, 5, 5, 4, 4, 2,   //
     2, 4, 4, 5, 5, 4, 4, 2,   //
     1, 2, -1, 4, 4, -1, 2, 1, //
     0, 0, 2, 4, 4, 2, 0, 0,   //
     0, 0, 1, 2, 2, 1, 0, 0},
    // elephant (3.9)
    {0, 0, 1, 2, 2, 1, 0, 0,   //
     0, 0, 2, 3, 3, 2, 0, 0,   //
     1, 2, -1, 5, 5, -1, 2, 1, //
     2, 3, 5, 5, 5, 5, 3, 2,   //
     2, 3, 5, 5, 5, 5, 3, 2,   //
     1, 2, -1, 5, 5, -1, 2, 1, //
     0, 0, 2, 3, 3, 2, 0, 0,   //
     0, 0, 1, 2, 2, 1, 0, 0},
};
// Table 3.4: a rabbit next to a friendly piece, by the rabbit's rank (1..8
// from its own side).
constexpr int kRabbitAlly[8] = {1, 2, 3, 4, 5, 6, 8, 10};
// Table 3.10: trap custody values.
constexpr int kTrapValue[kNumTypes] = {2, 4, 6, 8, 10, 12};
// Tables 3.12-3.14 as a function of the two strengths: a stronger enemy
// costs, a weaker enemy and a stronger ally pay. Table 3.12 row X, column Y:
// X's penalty for an adjacent enemy Y = -(strength index of X), i.e. Camel
// -5, Horse -4, Dog -3, Cat -2, Rabbit -1 whenever Y is stronger; table 3.13
// pays Y's strength below X (E next to M: 5, ..., next to R: 1); table 3.14
// pays the piece's own index as 3.12 does, for a stronger ally.
constexpr int kUnderValue[kNumTypes] = {1, 2, 3, 4, 5, 0};  // rabbit..camel: 1..5, elephant never weaker

// The table index as seen from colour c: Gold reads the printed table
// (rank 8 first) upside down, Silver reads it as printed mirrored.
inline int pst_index(int c, int sq) { return c == kGold ? (7 - rank_of(sq)) * 8 + file_of(sq) : sq; }

}  // namespace

SeedTerms seed_terms(const Position& p) {
  SeedTerms t{};
  for (int c = 0; c < 2; ++c) {
    // f1: material.
    int m = kRabbitGroup[popcount(p.pieces(c, kRabbit))];
    for (int ty = kCat; ty < kNumTypes; ++ty) m += kMaterial[ty] * popcount(p.pieces(c, ty));
    t.material[c] = m;
    // f2: position.
    int pos = 0;
    for (int ty = 0; ty < kNumTypes; ++ty)
      for (Bitboard b = p.pieces(c, ty); b; b &= b - 1) pos += kPst[ty][pst_index(c, lsb(b))];
    for (Bitboard b = p.pieces(c, kRabbit) & adj(p.color[c]); b; b &= b - 1) {
      const int sq = lsb(b);
      pos += kRabbitAlly[rank_from_home(c, sq)];
    }
    t.position[c] = pos;
    // f3: trap control, doubled so that the 0.5 weights stay integers.
    int traps = 0;
    for (Bitboard tr = kTraps; tr; tr &= tr - 1) {
      const Bitboard trap = bit(lsb(tr));
      const Bitboard ring1 = adj(trap);
      const Bitboard ring2 = adj(ring1) & ~ring1 & ~trap;
      for (int ty = 0; ty < kNumTypes; ++ty) {
        traps += 2 * kTrapValue[ty] * popcount(p.pieces(c, ty) & ring1);
        traps += kTrapValue[ty] * popcount(p.pieces(c, ty) & ring2);
      }
    }
    t.traps[c] = traps;
    // f4: mobility (tables 3.12-3.14).
    int mob = 0;
    for (int ty = 0; ty < kNumTypes; ++ty) {
      for (Bitboard b = p.pieces(c, ty); b; b &= b - 1) {
        const Bitboard around = kAdj.v[lsb(b)];
        for (int o = 0; o < kNumTypes; ++o) {
          const int enemies = popcount(around & p.pieces(c ^ 1, o));
          const int allies = popcount(around & p.pieces(c, o));
          if (o > ty) mob += -kUnderValue[ty] * enemies + kUnderValue[ty] * allies;
          if (o < ty) mob += kUnderValue[o] * enemies;
        }
      }
    }
    t.mobility[c] = mob;
  }
  return t;
}

namespace {
// 64 f1 + 3 f2 + 2 f3 + f4 for colour c minus the other colour; f3 is
// stored doubled, so it enters with weight 1.
int seed_total(const SeedTerms& t, int c) {
  const int o = c ^ 1;
  return 64 * (t.material[c] - t.material[o]) + 3 * (t.position[c] - t.position[o]) + (t.traps[c] - t.traps[o]) +
         (t.mobility[c] - t.mobility[o]);
}
}  // namespace

Score evaluate_seed(const Position& p) {
  const SeedTerms t = seed_terms(p);
  return static_cast<Score>(seed_total(t, p.side) * 100 / 128);
}

std::vector<std::string> eval_seed_lines(const Position& p) {
  const SeedTerms t = seed_terms(p);
  auto row = [](const char* name, int g, int s, int w) {
    return std::string(name) + " gold " + std::to_string(g) + " silver " + std::to_string(s) + " weight " +
           std::to_string(w);
  };
  return {
      "seed evaluation (64 f1 + 3 f2 + 2 f3 + f4), units of the thesis",
      row("f1 material", t.material[0], t.material[1], 64),
      row("f2 position", t.position[0], t.position[1], 3),
      "f3 traps gold " + std::to_string(t.traps[0] / 2.0) + " silver " + std::to_string(t.traps[1] / 2.0) + " weight 2",
      row("f4 mobility", t.mobility[0], t.mobility[1], 1),
      "total for gold " + std::to_string(seed_total(t, kGold)) + " (x100/128 = " +
          std::to_string(seed_total(t, kGold) * 100 / 128) + " centi-rabbits), side to move " +
          std::string(p.side == kGold ? "gold" : "silver") + ": " + std::to_string(evaluate_seed(p)),
  };
}

}  // namespace ludus::arimaa
