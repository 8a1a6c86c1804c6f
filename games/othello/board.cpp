#include "games/othello/board.h"

namespace ludus::othello {

Board start_board() {
  // White d4 (27) and e5 (36), black e4 (28) and d5 (35); Black to move.
  return from_colours(bit(28) | bit(35), bit(27) | bit(36), Side::P1);
}

Board from_colours(Bitboard black, Bitboard white, Side to_move) {
  return to_move == Side::P1 ? Board{black, white, to_move} : Board{white, black, to_move};
}

int generate_moves(const Board& b, Move* out) {
  const Bitboard m = b.moves();
  int n = 0;
  for (Bitboard x = m; x; x &= x - 1) out[n++] = Move{static_cast<std::uint8_t>(lsb(x))};
  if (n == 0 && b.opp_moves()) out[n++] = kPass;
  return n;
}

Outcome outcome(const Board& b) {
  if (!game_over(b)) return Outcome::Ongoing;
  const int nb = popcount(b.black()), nw = popcount(b.white());
  return nb > nw ? Outcome::P1Win : nw > nb ? Outcome::P2Win : Outcome::Draw;
}

namespace {
constexpr std::uint64_t mix64(std::uint64_t x) {  // murmur3 finaliser
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}
}  // namespace

std::uint64_t hash_key(const Board& b) {
  // Hash the colours, not own/opp, so that the side-to-move term is the only
  // thing that distinguishes the same discs with the other side to move.
  const std::uint64_t h = mix64(b.black() ^ 0x9E3779B97F4A7C15ULL) ^
                          mix64(b.white() + 0x632BE59BD9B4E019ULL);
  return mix64(h) ^ (b.side == Side::P2 ? 0xD6E8FEB86659FD93ULL : 0);
}

}  // namespace ludus::othello
