#include "games/arimaa/notation.h"

#include <algorithm>
#include <cctype>

#include "engine/options.h"
#include "games/arimaa/setups.h"

namespace ludus::arimaa {

namespace {

constexpr std::string_view kGoldLetters = "RCDHME";
constexpr std::string_view kSilverLetters = "rcdhme";
constexpr int kFullSet[kNumTypes] = {8, 2, 2, 2, 1, 1};
constexpr std::string_view kTypeNames[kNumTypes] = {"rabbit", "cat", "dog", "horse", "camel", "elephant"};

bool is_ws(char c) { return c == ' ' || c == '\t'; }

// Piece letter -> (colour, type); false for anything else.
bool letter_piece(char ch, int& color, int& type) {
  if (std::size_t i = kGoldLetters.find(ch); i != std::string_view::npos) {
    color = kGold, type = static_cast<int>(i);
    return true;
  }
  if (std::size_t i = kSilverLetters.find(ch); i != std::string_view::npos) {
    color = kSilver, type = static_cast<int>(i);
    return true;
  }
  return false;
}

// "e2" (case-insensitive) -> square; -1 when not a square.
int parse_square(char f, char r) {
  f = static_cast<char>(std::tolower(static_cast<unsigned char>(f)));
  if (f < 'a' || f > 'h' || r < '1' || r > '8') return -1;
  return 8 * (r - '1') + (f - 'a');
}

int parse_dir(char d) {
  switch (std::tolower(static_cast<unsigned char>(d))) {
    case 'n': return kNorth;
    case 's': return kSouth;
    case 'e': return kEast;
    case 'w': return kWest;
    default: return -1;
  }
}

std::string piece_desc(int color, int type) {
  return std::string(color == kGold ? "gold " : "silver ") + std::string(kTypeNames[type]);
}

// Why a step that is_legal_step() refuses is illegal (best effort,
// for the error message).
std::string explain_illegal(const Position& p, int from, int dir) {
  const int to = from + kDelta[dir];
  const int c = p.color_at(from), t = p.type_at(from);
  const std::string where = square_name(from) + " -> " + square_name(to);
  if (p.occupied() & bit(to)) return square_name(to) + " is occupied";
  if (p.push_sq != kNoSquare) {
    if (to != p.push_sq) return "a push must be completed by the next step (into " + square_name(p.push_sq) + ")";
    return "no unfrozen piece stronger than the pushed one moves into " + square_name(p.push_sq);
  }
  if (c == p.side) {
    if (frozen(p, c) & bit(from)) return "the " + piece_desc(c, t) + " on " + square_name(from) + " is frozen";
    if (t == kRabbit && dir == kBackward[c]) return "a rabbit cannot step backwards";
    if (p.steps == 3 && hash_after_step(p, from, dir) == p.start_hash) return "the board would be unchanged";
    return "illegal step " + where;
  }
  // An enemy piece: only a pull or a push may move it.
  if (p.steps >= 3) return "the " + piece_desc(c, t) + " on " + square_name(from) +
                           " can only be pulled here, and no stronger piece just left " + square_name(to) +
                           " (a push cannot start on the 4th step)";
  return "the " + piece_desc(c, t) + " on " + square_name(from) +
         " is neither pushed (no unfrozen stronger piece next to it) nor pulled";
}

Status fail_move(std::string_view token, const std::string& why) {
  return Status::fail("illegal move '" + std::string(token) + "': " + why);
}
Status malformed(std::string_view token, const std::string& why) {
  return Status::fail("malformed move '" + std::string(token) + "': " + why);
}

}  // namespace

std::string square_name(int sq) {
  return std::string{static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

char piece_letter(int color, int type) {
  return color == kGold ? kGoldLetters[static_cast<std::size_t>(type)] : kSilverLetters[static_cast<std::size_t>(type)];
}

// ---- FEN ------------------------------------------------------------------

Status parse_fen_board(std::string_view board, Position& out) {
  Position p;
  p.color[0] = p.color[1] = 0;
  int rank = 7, file = 0;
  bool last_digit = false;
  for (std::size_t i = 0; i <= board.size(); ++i) {
    const char ch = i < board.size() ? board[i] : '/';
    if (ch == '/') {
      if (file != 8) return Status::fail("bad FEN: rank " + std::to_string(rank + 1) + " does not cover 8 squares");
      if (i == board.size()) break;
      if (--rank < 0) return Status::fail("bad FEN: more than 8 ranks");
      file = 0;
      last_digit = false;
      continue;
    }
    if (ch >= '1' && ch <= '8') {
      if (last_digit) return Status::fail("bad FEN: two digits in a row");
      file += ch - '0';
      last_digit = true;
    } else {
      int c = 0, t = 0;
      if (!letter_piece(ch, c, t)) return Status::fail(std::string("bad FEN: unknown character '") + ch + "'");
      if (file >= 8) return Status::fail("bad FEN: rank " + std::to_string(rank + 1) + " does not cover 8 squares");
      put_piece(p, c, t, 8 * rank + file);
      ++file;
      last_digit = false;
    }
    if (file > 8) return Status::fail("bad FEN: rank " + std::to_string(rank + 1) + " does not cover 8 squares");
  }
  if (rank != 0) return Status::fail("bad FEN: the board needs 8 ranks");
  out = p;
  return Status::ok();
}

Status check_board(const Position& p) {
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < kNumTypes; ++t)
      if (popcount(p.pieces(c, t)) > kFullSet[t])
        return Status::fail("bad position: more than " + std::to_string(kFullSet[t]) + " " + piece_desc(c, t) +
                            (kFullSet[t] > 1 ? "s" : ""));
  for (int c = 0; c < 2; ++c) {
    const Bitboard dead = kTraps & p.color[c] & ~adj(p.color[c]);
    if (dead)
      return Status::fail("bad position: the " + piece_desc(c, p.type_at(lsb(dead))) + " on trap " +
                          square_name(lsb(dead)) + " has no friendly neighbour");
  }
  return Status::ok();
}

Status parse_fen(std::string_view text, Position& out) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_ws(text[i])) ++i;
    if (i >= text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !is_ws(text[j])) ++j;
    fields.push_back(text.substr(i, j - i));
    i = j;
  }
  if (fields.size() != 3) return Status::fail("bad FEN: expected '<board> <side> <turn>'");
  Position p;
  if (Status st = parse_fen_board(fields[0], p); !st) return st;
  const std::string side = to_lower(fields[1]);
  if (side == "g" || side == "w") p.side = kGold;
  else if (side == "s" || side == "b") p.side = kSilver;
  else return Status::fail("bad FEN: side must be g or s, got '" + std::string(fields[1]) + "'");
  const std::string_view turn = fields[2];
  if (turn.empty() || turn.size() > 9 || !std::all_of(turn.begin(), turn.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return Status::fail("bad FEN: the turn must be a number of 1 to 9 digits, got '" + std::string(turn) + "'");
  p.turn = static_cast<std::uint32_t>(std::stoul(std::string(turn)));
  if (p.turn < 1) return Status::fail("bad FEN: the turn must be at least 1");
  if (Status st = check_board(p); !st) return st;
  if (p.turn == 1) {
    if (p.side == kGold && p.occupied())
      return Status::fail("bad FEN: Gold's setup (turn 1, g) needs an empty board");
    if (p.side == kSilver) {
      bool full = !p.color[kSilver] && !(p.color[kGold] & ~kSetupRows[kGold]);
      for (int t = 0; t < kNumTypes && full; ++t) full = popcount(p.pieces(kGold, t)) == kFullSet[t];
      if (!full) return Status::fail("bad FEN: Silver's setup (turn 1, s) needs Gold's full set on ranks 1-2 and no silver piece");
    }
  }
  p.steps = 0;
  p.push_sq = p.pull_sq = kNoSquare;
  p.hash = board_hash(p);
  p.start_hash = p.hash;
  p.start_occ = p.occupied();
  out = p;
  return Status::ok();
}

std::string to_fen(const Position& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const int sq = 8 * rank + file;
      const int c = p.color_at(sq);
      if (c < 0) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty), empty = 0;
      s += piece_letter(c, p.type_at(sq));
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank) s += '/';
  }
  s += p.side == kGold ? " g " : " s ";
  s += std::to_string(p.turn);
  return s;
}

// ---- move tokens ------------------------------------------------------------

Status parse_turn(const Position& pos, std::string_view token, std::vector<Move>& out, bool lenient,
                  std::vector<std::string>* warnings) {
  out.clear();
  // Split into items and classify them by length and last character.
  struct Item {
    enum Kind { Place, Step, Capture } kind;
    int color, type, sq, dir;
    std::string_view text;
  };
  std::vector<Item> items;
  if (token.empty()) return malformed(token, "empty");
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = token.find(',', start);
    const std::string_view it = token.substr(start, comma == std::string_view::npos ? token.npos : comma - start);
    if (it.empty()) return malformed(token, "empty item (stray comma)");
    Item item{};
    item.text = it;
    if (!letter_piece(it[0], item.color, item.type))
      return malformed(token, "unknown piece letter in '" + std::string(it) + "'");
    if (it.size() != 3 && it.size() != 4) return malformed(token, "bad item '" + std::string(it) + "'");
    item.sq = parse_square(it[1], it[2]);
    if (item.sq < 0) return malformed(token, "bad square in '" + std::string(it) + "'");
    if (it.size() == 3) {
      item.kind = Item::Place;
    } else if (it[3] == 'x' || it[3] == 'X') {
      item.kind = Item::Capture;
    } else {
      item.dir = parse_dir(it[3]);
      if (item.dir < 0) return malformed(token, "bad direction in '" + std::string(it) + "'");
      const int f = file_of(item.sq), r = rank_of(item.sq);
      if ((item.dir == kNorth && r == 7) || (item.dir == kSouth && r == 0) || (item.dir == kEast && f == 7) ||
          (item.dir == kWest && f == 0))
        return malformed(token, "'" + std::string(it) + "' leaves the board");
      item.kind = Item::Step;
    }
    items.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  const auto places = std::count_if(items.begin(), items.end(), [](const Item& i) { return i.kind == Item::Place; });
  const auto steps = std::count_if(items.begin(), items.end(), [](const Item& i) { return i.kind == Item::Step; });
  if (places && places != static_cast<long>(items.size())) return malformed(token, "placements mixed with steps");

  if (places) {
    if (!pos.setup_phase()) return fail_move(token, "a setup outside the setup phase (turn 1)");
    if (places != 16) return fail_move(token, "a setup places exactly 16 pieces, not " + std::to_string(places));
    int count[kNumTypes] = {};
    Bitboard used = 0;
    for (const Item& it : items) {
      if (it.color != pos.side)
        return fail_move(token, std::string("'") + std::string(it.text) + "' is not a piece of the side to set up");
      if (!(kSetupRows[pos.side] & bit(it.sq)))
        return fail_move(token, std::string("'") + std::string(it.text) + "' is outside " +
                                    (pos.side == kGold ? "ranks 1-2" : "ranks 7-8"));
      if (used & bit(it.sq)) return fail_move(token, "square " + square_name(it.sq) + " is used twice");
      if (++count[it.type] > kFullSet[it.type])
        return fail_move(token, "more than " + std::to_string(kFullSet[it.type]) + " " + std::string(kTypeNames[it.type]) +
                                    (kFullSet[it.type] > 1 ? "s" : ""));
      used |= bit(it.sq);
      out.push_back(Move::place(it.type, it.sq));
    }
    return Status::ok();
  }

  if (pos.setup_phase()) return fail_move(token, "steps during the setup phase (a setup of 16 placements is expected)");
  if (steps == 0) return malformed(token, "no step");
  if (steps > 4) return fail_move(token, "more than 4 steps");
  Position cur = pos;
  for (const Item& it : items) {
    if (it.kind == Item::Capture) continue;  // captures follow from the steps (§7.3)
    const int c = cur.color_at(it.sq);
    if (c < 0) return fail_move(token, "no piece on " + square_name(it.sq) + " for '" + std::string(it.text) + "'");
    const int t = cur.type_at(it.sq);
    if (c != it.color || t != it.type) {
      const std::string why = "'" + std::string(it.text) + "' names a " + piece_desc(it.color, it.type) + " but " +
                              square_name(it.sq) + " holds a " + piece_desc(c, t);
      if (!lenient) return fail_move(token, why);
      if (warnings) warnings->push_back(why);
    }
    const Move m = Move::step(it.sq, it.dir);
    if (!is_legal_step(cur, m))
      return fail_move(token, "step '" + std::string(it.text) + "': " + explain_illegal(cur, it.sq, it.dir));
    cur = play(cur, m);
    out.push_back(m);
  }
  if (cur.side == pos.side) {
    if (cur.push_sq != kNoSquare) {
      if (!lenient) return fail_move(token, "the push is not completed");
      if (warnings) warnings->push_back("the move ends with an unfinished push");
      out.push_back(Move::forced_end());
      return Status::ok();
    }
    if (cur.hash == cur.start_hash) return fail_move(token, "the board is unchanged");
    out.push_back(Move::pass());
  }
  return Status::ok();
}

std::string turn_to_string(const Position& pos, const std::vector<Move>& moves) {
  if (moves.empty()) return "none";
  if (moves.front().is_place() || moves.front().is_setup()) {
    Position p = pos;
    for (Move m : moves) p = play(p, m);
    const int c = pos.side;
    std::string s;
    for (int t = 0; t < kNumTypes; ++t)
      for (Bitboard b = p.pieces(c, t) & ~pos.color[c]; b; b &= b - 1) {
        if (!s.empty()) s += ',';
        s += piece_letter(c, t);
        s += square_name(lsb(b));
      }
    return s;
  }
  std::string s;
  Position cur = pos;
  for (Move m : moves) {
    if (!m.is_step()) {
      cur = play(cur, m);
      continue;
    }
    const int from = m.from(), to = m.to();
    const int c = cur.color_at(from), t = cur.type_at(from);
    if (!s.empty()) s += ',';
    s += piece_letter(c, t);
    s += square_name(from);
    s += kDirChar[m.dir()];
    const Position next = play(cur, m);
    const Bitboard lost = cur.occupied() & ~next.occupied() & ~bit(from);
    if (!(next.occupied() & bit(to))) {
      s += ',' + std::string(1, piece_letter(c, t)) + square_name(to) + 'x';  // the mover died on a trap
    } else if (lost) {
      const int sq = lsb(lost);
      s += ',' + std::string(1, piece_letter(cur.color_at(sq), cur.type_at(sq))) + square_name(sq) + 'x';
    }
    cur = next;
  }
  return s;
}

std::string move_to_string(Move m) {
  if (m.is_step()) return square_name(m.from()) + kDirChar[m.dir()];
  if (m.is_pass()) return "end";
  if (m.is_forced_end()) return "end!";
  if (m.is_place()) return std::string(1, kGoldLetters[static_cast<std::size_t>(m.place_type())]) + square_name(m.place_sq());
  if (m.is_setup()) return "setup" + std::to_string(m.setup_index());
  return "none";
}

std::vector<std::string> board_lines(const Position& p) {
  std::vector<std::string> lines;
  lines.push_back(" +-----------------+");
  for (int rank = 7; rank >= 0; --rank) {
    std::string l = std::to_string(rank + 1) + "|";
    for (int file = 0; file < 8; ++file) {
      const int sq = 8 * rank + file;
      const int c = p.color_at(sq);
      l += ' ';
      l += c >= 0 ? piece_letter(c, p.type_at(sq)) : (kTraps & bit(sq)) ? 'x' : '.';
    }
    lines.push_back(l + " |");
  }
  lines.push_back(" +-----------------+");
  lines.push_back("   a b c d e f g h");
  std::string state = std::string(p.setup_phase() ? "setup, " : "") + (p.side == kGold ? "gold" : "silver") +
                      " to move, turn " + std::to_string(p.turn);
  lines.push_back(state);
  return lines;
}

}  // namespace ludus::arimaa
