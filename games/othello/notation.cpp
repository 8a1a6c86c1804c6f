#include "games/othello/notation.h"

#include <cctype>

#include "engine/options.h"

namespace ludus::othello {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// Cell characters of rules 4.1: 1 = black, 2 = white, 0 = empty, -1 = invalid.
int cell_value(char c) {
  switch (c) {
    case 'X': case 'x': case '*': return 1;
    case 'O': case 'o': case '0': return 2;
    case '-': case '.': return 0;
    default: return -1;
  }
}

std::string printable(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(c));
}
}  // namespace

std::string square_name(int sq) {
  return std::string{static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

std::string to_fen(const Board& b) {
  std::string s(66, '-');
  const Bitboard black = b.black(), white = b.white();
  for (int sq = 0; sq < 64; ++sq) s[sq] = (black & bit(sq)) ? 'X' : (white & bit(sq)) ? 'O' : '-';
  s[64] = ' ';
  s[65] = b.side == Side::P1 ? 'X' : 'O';
  return s;
}

Status parse_fen(std::string_view text, Board& out) {
  std::string s;
  s.reserve(text.size());
  for (char c : text)
    if (!is_space(c)) s += c;
  if (s.size() != 65)
    return Status::fail("invalid FEN: expected 64 cells and a side to move (65 characters without spaces), got " +
                        std::to_string(s.size()) + " characters");
  Bitboard black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const int v = cell_value(s[sq]);
    if (v < 0)
      return Status::fail("invalid FEN: bad cell character " + printable(s[sq]) + " for square " + square_name(sq) +
                          " (expected X x * O o 0 - .)");
    if (v == 1) black |= bit(sq);
    if (v == 2) white |= bit(sq);
  }
  const int side = cell_value(s[64]);
  if (side != 1 && side != 2)
    return Status::fail("invalid FEN: bad side to move " + printable(s[64]) + " (expected X x * or O o 0)");
  // The centre squares hold discs from the start and discs are never removed.
  for (int sq : {27, 28, 35, 36})
    if (!((black | white) & bit(sq)))
      return Status::fail("invalid FEN: centre square " + square_name(sq) + " is empty (impossible position)");
  out = from_colours(black, white, side == 1 ? Side::P1 : Side::P2);
  return Status::ok();
}

std::string move_to_string(Move m) {
  if (m.is_pass()) return "pass";
  if (m.sq < 64) return square_name(m.sq);
  return "none";
}

Status parse_move_syntax(std::string_view text, Move& out) {
  if (iequals(text, "pass")) {
    out = kPass;
    return Status::ok();
  }
  if (text.size() == 2) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    const char r = text[1];
    if (c >= 'a' && c <= 'h' && r >= '1' && r <= '8') {
      out = Move{static_cast<std::uint8_t>(8 * (r - '1') + (c - 'a'))};
      return Status::ok();
    }
  }
  return Status::fail("malformed move '" + std::string(text) + "' (expected a square a1..h8 or pass)");
}

Status parse_move(const Board& b, std::string_view text, Move& out) {
  Move m;
  if (Status st = parse_move_syntax(text, m); !st) return st;
  const std::string quoted = "illegal move '" + std::string(text) + "'";
  const Bitboard moves = b.moves();
  if (m.is_pass()) {
    if (moves) return Status::fail(quoted + ": a placement is available, passing is not allowed");
    if (!b.opp_moves()) return Status::fail(quoted + ": the game is over");
    out = m;
    return Status::ok();
  }
  if (moves & bit(m.sq)) {
    out = m;
    return Status::ok();
  }
  if (!moves && !b.opp_moves()) return Status::fail(quoted + ": the game is over");
  if ((b.own | b.opp) & bit(m.sq)) return Status::fail(quoted + ": square is occupied");
  if (!moves) return Status::fail(quoted + ": no placement is possible, the only legal move is pass");
  return Status::fail(quoted + ": it brackets no disc");
}

std::vector<std::string> board_lines(const Board& b) {
  std::vector<std::string> lines;
  const Bitboard black = b.black(), white = b.white();
  lines.push_back("   a b c d e f g h");
  for (int r = 0; r < 8; ++r) {
    std::string line = std::to_string(r + 1) + " ";
    for (int c = 0; c < 8; ++c) {
      const int sq = 8 * r + c;
      line += ' ';
      line += (black & bit(sq)) ? 'X' : (white & bit(sq)) ? 'O' : '-';
    }
    line += "  " + std::to_string(r + 1);
    lines.push_back(line);
  }
  lines.push_back("   a b c d e f g h");
  const int nb = popcount(black), nw = popcount(white);
  const std::string to_move = b.side == Side::P1 ? "Black (X)" : "White (O)";
  lines.push_back("black X " + std::to_string(nb) + ", white O " + std::to_string(nw) + ", empty " +
                  std::to_string(64 - nb - nw));
  Move list[64];
  const int n = generate_moves(b, list);
  if (n == 0) {
    const Outcome o = outcome(b);
    lines.push_back(std::string("game over: ") +
                    (o == Outcome::P1Win ? "black wins" : o == Outcome::P2Win ? "white wins" : "draw") +
                    ", final score " + std::to_string(final_score(b.black(), b.white())) + " for black");
  } else {
    std::string ms = to_move + " to move; moves:";
    for (int i = 0; i < n; ++i) {
      ms += ' ';
      ms += move_to_string(list[i]);
    }
    lines.push_back(ms);
  }
  return lines;
}

Status parse_obf_line(std::string_view line, ObfProblem& out) {
  const auto semi = line.find(';');
  ObfProblem p;
  if (Status st = parse_fen(line.substr(0, semi), p.board); !st) return st;
  std::string_view rest = semi == std::string_view::npos ? std::string_view{} : line.substr(semi + 1);
  while (!rest.empty()) {
    const auto next = rest.find(';');
    std::string_view item = rest.substr(0, next);
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
    while (!item.empty() && is_space(item.front())) item.remove_prefix(1);
    while (!item.empty() && is_space(item.back())) item.remove_suffix(1);
    if (item.empty()) continue;
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) return Status::fail("bad OBF item '" + std::string(item) + "'");
    Move m;
    if (Status st = parse_move_syntax(item.substr(0, colon), m); !st) return st;
    std::int64_t score = 0;
    if (!parse_int(item.substr(colon + 1), score)) return Status::fail("bad OBF score in '" + std::string(item) + "'");
    p.moves.emplace_back(m, static_cast<int>(score));
  }
  out = std::move(p);
  return Status::ok();
}

}  // namespace ludus::othello
