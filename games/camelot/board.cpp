#include "games/camelot/board.h"

#include <algorithm>
#include <cctype>

namespace ludus::camelot {

BB shift(BB b, int d) {
  switch (d) {
    case N: return shift<N>(b);
    case NE: return shift<NE>(b);
    case E: return shift<E>(b);
    case SE: return shift<SE>(b);
    case S: return shift<S>(b);
    case SW: return shift<SW>(b);
    case W: return shift<W>(b);
    default: return shift<NW>(b);
  }
}

namespace {
constexpr Geometry make_geometry() {
  Geometry t{};
  int next = 0;
  for (int sq = 0; sq < kGrid; ++sq) {
    t.compact[sq] = kNone;
    for (int d = 0; d < 8; ++d) {
      const int f = file_of(sq) + kDirFile[d], r = rank_of(sq) + kDirRank[d];
      t.nb[sq][d] = exists(file_of(sq), rank_of(sq)) && exists(f, r) ? make_square(f, r) : kNone;
    }
    if (exists(file_of(sq), rank_of(sq))) {
      t.compact[sq] = static_cast<std::uint8_t>(next);
      t.grid_of[next++] = static_cast<std::uint8_t>(sq);
    }
  }
  for (int sq = 0; sq < kGrid; ++sq) {
    for (int d = 0; d < 8; ++d) {
      const int m = t.nb[sq][d];
      if (m == kNone) continue;
      t.adjacent[sq].set(m);
      const int l = t.nb[m][d];
      if (l != kNone) t.legs[sq][t.leg_count[sq]++] = Leg{static_cast<std::uint8_t>(m), static_cast<std::uint8_t>(l)};
    }
  }
  return t;
}
}  // namespace

namespace detail {
constinit const Geometry kGeometry = make_geometry();
}

std::string square_name(int sq) {
  return std::string(1, static_cast<char>('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
}

int parse_square(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return -1;
  const char f = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  if (f < 'a' || f > 'l') return -1;
  // Rank 1..16 without a leading zero.
  if (text[1] < '1' || text[1] > '9') return -1;
  int rank = text[1] - '0';
  if (text.size() == 3) {
    if (text[2] < '0' || text[2] > '9') return -1;
    rank = rank * 10 + (text[2] - '0');
  }
  if (rank > kRanks || !exists(f - 'a', rank - 1)) return -1;
  return make_square(f - 'a', rank - 1);
}

char Position::piece_at(int sq) const {
  const bool k = knights.test(sq);
  if (pieces[0].test(sq)) return k ? 'K' : 'M';
  if (pieces[1].test(sq)) return k ? 'k' : 'm';
  return 0;
}

const Zobrist& zobrist() {
  static const Zobrist z = [] {
    Zobrist t{};
    std::uint64_t s = 0x243F6A8885A308D3ull;  // splitmix64, fixed seed: keys are reproducible
    auto next = [&s] {
      std::uint64_t x = (s += 0x9E3779B97F4A7C15ull);
      x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
      x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
      return x ^ (x >> 31);
    };
    for (auto& kind : t.piece)
      for (auto& k : kind) k = next();
    t.side = next();
    for (auto& side : t.castle)
      for (auto& k : side) k = next();
    for (auto& k : t.clock) k = next();
    t.continue_rule = next();
    return t;
  }();
  return z;
}

namespace {
int kind_of(int side, bool knight) { return 2 * side + (knight ? 1 : 0); }
}  // namespace

std::uint64_t compute_base_key(const Position& p) {
  const Zobrist& z = zobrist();
  std::uint64_t k = 0;
  for (int side = 0; side < 2; ++side) {
    BB b = p.pieces[side];
    while (b.any()) {
      const int sq = b.pop();
      k ^= z.piece[kind_of(side, p.knights.test(sq))][sq];
    }
    k ^= z.castle[side][p.castle_moves[side]];
  }
  if (p.side) k ^= z.side;
  if (p.continue_rule) k ^= z.continue_rule;
  return k;
}

Position start_position(bool continue_rule) {
  Position p;
  auto put = [&p](int side, const char* sq, bool knight) {
    const int s = parse_square(sq);
    p.pieces[side].set(s);
    if (knight) p.knights.set(s);
  };
  for (const char* s : {"c6", "d7", "i7", "j6"}) put(0, s, true);
  for (const char* s : {"d6", "e6", "e7", "f6", "f7", "g6", "g7", "h6", "h7", "i6"}) put(0, s, false);
  for (const char* s : {"c11", "d10", "i10", "j11"}) put(1, s, true);
  for (const char* s : {"d11", "e10", "e11", "f10", "f11", "g10", "g11", "h10", "h11", "i11"}) put(1, s, false);
  p.continue_rule = continue_rule;
  p.base_key = compute_base_key(p);
  return p;
}

BB captured_squares(const Position& p, Move m) {
  BB out;
  if (!m.captures) return out;
  BB opp = p.pieces[p.side ^ 1];
  // Bit i of the mask is the i-th enemy piece in square order; stop after
  // the last captured one.
  for (unsigned mask = m.captures; mask && opp.any(); mask >>= 1) {
    const int sq = opp.pop();
    if (mask & 1) out.set(sq);
  }
  return out;
}

Position play(const Position& p, Move m) {
  const Zobrist& z = zobrist();
  Position c = p;
  const int us = p.side, them = us ^ 1;
  const bool knight = p.knights.test(m.from);
  const int kind = kind_of(us, knight);
  c.pieces[us].reset(m.from);
  c.pieces[us].set(m.to);
  c.base_key ^= z.piece[kind][m.from] ^ z.piece[kind][m.to];
  if (knight) {
    c.knights.reset(m.from);
    c.knights.set(m.to);
  }
  if (m.captures) {
    BB opp = p.pieces[them];
    for (unsigned mask = m.captures; mask && opp.any(); mask >>= 1) {
      const int sq = opp.pop();
      if (!(mask & 1)) continue;
      const bool k = p.knights.test(sq);
      c.base_key ^= z.piece[kind_of(them, k)][sq];
      c.pieces[them].reset(sq);
      if (k) c.knights.reset(sq);
    }
  }
  const int enemy_castle = them;  // the enemy castle is the one at the opponent's end
  const bool into_enemy_castle = in_castle(enemy_castle, m.to);
  if (into_enemy_castle && in_castle(enemy_castle, m.from)) {
    c.base_key ^= z.castle[us][c.castle_moves[us]];
    ++c.castle_moves[us];
    c.base_key ^= z.castle[us][c.castle_moves[us]];
  }
  c.clock = (m.captures || into_enemy_castle) ? 0 : static_cast<std::uint8_t>(std::min(p.clock + 1, 100));
  c.side = static_cast<std::uint8_t>(them);
  c.base_key ^= z.side;
  c.ply = static_cast<std::uint16_t>(p.ply + 1);
  return c;
}

}  // namespace ludus::camelot
