#include "games/linja/notation.h"

#include <cctype>
#include <cstdio>

#include "games/linja/movegen.h"

namespace ludus::linja {

namespace {

bool is_ws(char c) { return c == ' ' || c == '\t'; }
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// count = DIGIT / DIGIT DIGIT; advances i.
bool read_count(std::string_view s, std::size_t& i, int& v) {
  if (i >= s.size() || !is_digit(s[i])) return false;
  v = s[i++] - '0';
  if (i < s.size() && is_digit(s[i])) v = 10 * v + (s[i++] - '0');
  return !(i < s.size() && is_digit(s[i]));  // 3 or more digits
}

}  // namespace

std::string to_fen(const Position& p) {
  std::string s;
  for (int r = 0; r < kRows; ++r) {
    if (r) s += '/';
    s += 'r' + std::to_string(p.count(kRed, r)) + 'b' + std::to_string(p.count(kBlack, r));
  }
  s += p.mover == kRed ? " r" : " b";
  return s;
}

Status parse_fen(std::string_view text, Colour p1, bool forbid, Position& out) {
  const std::string shown(text);
  auto fail = [&](const std::string& why) { return Status::fail("bad FEN '" + shown + "': " + why); };
  std::size_t i = 0;
  while (i < text.size() && is_ws(text[i])) ++i;
  int red[kRows] = {}, black[kRows] = {};
  for (int r = 0; r < kRows; ++r) {
    if (r > 0) {
      if (i >= text.size() || text[i] != '/')
        return fail(i < text.size() && is_ws(text[i]) ? "expected 8 rows separated by '/', found " +
                                                            std::to_string(r)
                                                      : "expected '/' after row " + std::to_string(r));
      ++i;
    }
    if (i >= text.size() || lower(text[i]) != 'r')
      return fail("row " + std::to_string(r + 1) + " must be 'r<count>b<count>'");
    ++i;
    if (!read_count(text, i, red[r])) return fail("row " + std::to_string(r + 1) + ": bad red count");
    if (i >= text.size() || lower(text[i]) != 'b')
      return fail("row " + std::to_string(r + 1) + " must be 'r<count>b<count>'");
    ++i;
    if (!read_count(text, i, black[r])) return fail("row " + std::to_string(r + 1) + ": bad black count");
  }
  if (i < text.size() && text[i] == '/') return fail("more than 8 rows");
  if (i >= text.size() || !is_ws(text[i])) return fail("expected a space and the colour to move after the rows");
  while (i < text.size() && is_ws(text[i])) ++i;
  if (i >= text.size()) return fail("missing the colour to move (r or b)");
  const char side = lower(text[i++]);
  if (side != 'r' && side != 'b') return fail("the colour to move must be r or b");
  while (i < text.size() && is_ws(text[i])) ++i;
  if (i != text.size()) return fail("unexpected text after the colour to move");

  int red_total = 0, black_total = 0;
  for (int r = 0; r < kRows; ++r) {
    if (red[r] > kPieces || black[r] > kPieces)
      return fail("row " + std::to_string(r + 1) + ": a count above 12");
    red_total += red[r];
    black_total += black[r];
  }
  if (red_total != kPieces) return fail("red has " + std::to_string(red_total) + " pieces, not 12");
  if (black_total != kPieces) return fail("black has " + std::to_string(black_total) + " pieces, not 12");
  for (int r = 1; r <= 6; ++r)
    if (red[r] + black[r] > kCapacity)
      return fail("row " + std::to_string(r + 1) + " holds " + std::to_string(red[r] + black[r]) +
                  " pieces (a middle row holds at most 6)");
  Position p;
  for (int r = 0; r < kRows; ++r) p.add(kRed, r, red[r]), p.add(kBlack, r, black[r]);
  p.mover = side == 'r' ? kRed : kBlack;
  p.p1 = p1;
  p.forbid = forbid;
  out = p;
  return Status::ok();
}

std::string move_to_string(Move m) {
  if (m.is_pass()) return "pass";
  if (m.is_none()) return "none";
  return std::to_string(m.from + 1) + "-" + std::to_string(m.to + 1);
}

std::string turn_to_string(const std::vector<Move>& moves) {
  if (moves.empty()) return "none";
  std::string s;
  for (const Move m : moves) {
    if (!s.empty()) s += ',';
    s += move_to_string(m);
  }
  return s;
}

namespace {

// "a-b" with a, b in 1..8 (rules 7.1); rows 0..7 out.
bool sub_move_syntax(std::string_view t, int& from, int& to) {
  if (t.size() != 3 || t[1] != '-') return false;
  if (t[0] < '1' || t[0] > '8' || t[2] < '1' || t[2] > '8') return false;
  from = t[0] - '1';
  to = t[2] - '1';
  return true;
}

bool is_pass_token(std::string_view t) {
  return t.size() == 4 && lower(t[0]) == 'p' && lower(t[1]) == 'a' && lower(t[2]) == 's' && lower(t[3]) == 's';
}

}  // namespace

Status parse_sub_move(const Position& p, std::string_view text, Move& out) {
  Move moves[kMaxSubMoves + 1];
  const int n = generate(p, moves);
  if (is_pass_token(text)) {
    if (n == 1 && moves[0].is_pass()) return out = kPass, Status::ok();
    return Status::fail("illegal move 'pass': " + std::string(n == 0 ? "the game is over" : "a move is possible"));
  }
  int from = 0, to = 0;
  if (!sub_move_syntax(text, from, to)) return Status::fail("malformed move '" + std::string(text) + "'");
  for (int i = 0; i < n; ++i)
    if (moves[i].from == from && moves[i].to == to) return out = moves[i], Status::ok();
  return Status::fail("illegal move '" + std::string(text) + "'");
}

Status parse_turn(const Position& p, std::string_view token, std::vector<Move>& out) {
  out.clear();
  const std::string shown(token);
  // Syntax first (rules 7.1), so that malformed and illegal tokens get
  // distinct messages.
  if (!is_pass_token(token)) {
    std::size_t parts = 0, start = 0;
    while (true) {
      const std::size_t comma = token.find(',', start);
      const std::string_view part = token.substr(start, comma == std::string_view::npos ? comma : comma - start);
      int a = 0, b = 0;
      if (!sub_move_syntax(part, a, b) || ++parts > 4)
        return Status::fail("malformed move '" + shown + "' (expected 'pass' or 1-4 sub-moves like 3-4,2-5)");
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
  }
  if (game_over(p)) return Status::fail("illegal move '" + shown + "': the game is over");
  Position now = p;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = token.find(',', start);
    const std::string_view part = token.substr(start, comma == std::string_view::npos ? comma : comma - start);
    if (!out.empty() && (now.mover != p.mover || game_over(now)))
      return Status::fail("illegal move '" + shown + "': the turn ended after " + turn_to_string(out));
    Move m;
    if (Status st = parse_sub_move(now, part, m); !st)
      return Status::fail("illegal move '" + shown + "': " + (out.empty() ? std::string("")
                                                                           : "after " + turn_to_string(out) + ", ") +
                          "sub-move '" + std::string(part) + "' is not legal");
    out.push_back(m);
    now = play(now, m);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (now.mover == p.mover && !game_over(now))
    return Status::fail("illegal move '" + shown + "': the turn is not over (a further sub-move is mandatory)");
  return Status::ok();
}

std::vector<std::string> board_lines(const Position& p) {
  std::vector<std::string> out;
  out.push_back("        red black");
  for (int r = kRows - 1; r >= 0; --r) {
    char buf[64];
    std::snprintf(buf, sizeof buf, " row %d  [ %2d   %2d ]%s", r + 1, p.count(kRed, r), p.count(kBlack, r),
                  !is_end_row(r) && p.total(r) == kCapacity ? "  full"
                  : p.total(r) == 0                         ? "  empty"
                                                            : "");
    out.emplace_back(buf);
  }
  std::string state = std::string(p.mover == kRed ? "red" : "black") + " to move (" +
                      (p.mover == p.p1 ? "p1" : "p2") + ")";
  if (p.points > 0) state += ", second move with N=" + std::to_string(p.points);
  if (p.extra_used) state += ", in the extra turn";
  out.push_back(state);
  out.push_back("score red " + std::to_string(score(p, kRed)) + " black " + std::to_string(score(p, kBlack)) +
                (game_over(p) ? " (game over)" : ""));
  return out;
}

}  // namespace ludus::linja
