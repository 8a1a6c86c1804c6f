// FENs, move tokens and board drawings of the hunt games (rules 4 and 7).
#include <algorithm>

#include "engine/options.h"
#include "games/hunt/rules.h"

namespace ludus::hunt {

namespace {

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// Splits on runs of spaces and tabs (rules 4: the only separators).
std::vector<std::string_view> fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t k = s.find(sep, start);
    out.push_back(s.substr(start, k == std::string_view::npos ? std::string_view::npos : k - start));
    if (k == std::string_view::npos) return out;
    start = k + 1;
  }
}

std::string point_list(const Graph& g, std::uint64_t set) {
  std::string s;
  for (std::uint64_t b = set; b; b &= b - 1) {  // bit order = square order
    if (!s.empty()) s += ',';
    s += g.name(lsb(b));
  }
  return s.empty() ? "-" : s;
}

std::string not_a_point(const Rules& r, std::string_view name) {
  return quote(name) + " is not a point of " + std::string(r.game);
}

}  // namespace

std::string_view outcome_word(Outcome o) {
  return o == Outcome::P1Win ? "p1win" : o == Outcome::P2Win ? "p2win" : o == Outcome::Draw ? "draw" : "none";
}

// ---- moves -----------------------------------------------------------------------

std::string move_to_string(const Rules& r, Move m) {
  const Graph& g = *r.graph;
  std::string s = g.name(m.from());
  if (!m.is_jump()) return s + "-" + g.name(g.step(m.from(), m.dir(0)));
  int at = m.from();
  for (int i = 0; i < m.jumps(); ++i) {
    at = g.jump(at, m.dir(i));
    s += "x" + g.name(at);
  }
  return s;
}

Status parse_move(const Rules& r, const Pos& p, std::string_view text, Move& out) {
  const Graph& g = *r.graph;
  const std::string t = to_lower(text);
  const std::string q = quote(text);
  const bool dash = t.find('-') != std::string::npos, cross = t.find('x') != std::string::npos;
  if (t.empty()) return Status::fail("malformed move ''");
  if (dash && cross) return Status::fail("malformed move " + q + ": '-' and 'x' mixed");
  if (!dash && !cross)
    return Status::fail("malformed move " + q + ": expected <from>-<to>" +
                        (r.prey_jumps ? " or <from>x<to>[x<to>...]" : ""));
  const auto parts = split(t, dash ? '-' : 'x');
  if (dash && parts.size() != 2) return Status::fail("malformed move " + q + ": a step is <from>-<to>");
  std::vector<int> pts;
  for (const auto part : parts) {
    if (part.empty()) return Status::fail("malformed move " + q + ": empty point name");
    const int pt = g.find(part);
    if (pt == kNone) return Status::fail("malformed move " + q + ": " + not_a_point(r, part));
    pts.push_back(pt);
  }
  if (cross && !r.prey_jumps) return Status::fail("illegal move " + q + ": there are no jumps in " + std::string(r.game));
  if (cross && pts.size() > static_cast<std::size_t>(kMaxJumps) + 1)
    return Status::fail("illegal move " + q + ": too many jumps");

  const std::string illegal = "illegal move " + q + ": ";
  if ((r.goal & bit(p.prey)) || (r.stall_rule && p.stall >= kStallLimit) || !has_move(r, p))
    return Status::fail(illegal + "the game is over");
  const int from = pts[0];
  const std::string mover = std::string(p.prey_to_move ? r.prey_name : r.hunter_name);
  const bool own = p.prey_to_move ? from == p.prey : (p.hunters & bit(from)) != 0;
  if (!own) return Status::fail(illegal + "no " + mover + " on " + g.name(from) + " (" +
                                std::string(p.prey_to_move ? r.prey_word : r.hunters_word) + " to move)");
  if (dash) {
    const int to = pts[1];
    int dir = kNone;
    for (int d = 0; d < 8; ++d)
      if (g.step(from, d) == to) dir = d;
    if (dir == kNone) return Status::fail(illegal + g.name(from) + " and " + g.name(to) + " are not joined by a line");
    if ((p.hunters | bit(p.prey)) & bit(to)) return Status::fail(illegal + g.name(to) + " is occupied");
    if (!p.prey_to_move && r.advance[static_cast<std::size_t>(to)] < r.advance[static_cast<std::size_t>(from)])
      return Status::fail(illegal + std::string(r.backward_rule));
    out = Move::step(from, dir);
    return Status::ok();
  }
  // A jump chain: check every jump on the position as it changes.
  std::uint64_t geese = p.hunters, caps = 0;
  int at = from;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    if (r.goal & bit(at)) return Status::fail(illegal + "the chain ends on reaching " + g.name(at));
    int dir = kNone;
    for (int d = 0; d < 8; ++d)
      if (g.jump(at, d) == pts[i]) dir = d;
    if (dir == kNone) return Status::fail(illegal + "no jump along a line from " + g.name(at) + " to " + g.name(pts[i]));
    const int mid = g.step(at, dir);
    if (!(geese & bit(mid))) return Status::fail(illegal + "no goose to jump on " + g.name(mid));
    if (geese & bit(pts[i])) return Status::fail(illegal + g.name(pts[i]) + " is occupied");
    geese &= ~bit(mid), caps |= bit(mid);
    at = pts[i];
  }
  // The same move (end point and captured set), by its canonical path. A fox
  // amid many geese has up to 11155 jump moves (FoxGeese::kMaxMoves): the
  // list lives on the heap, not on the stack.
  thread_local std::vector<Move> list;
  if (list.size() < kMaxJumpMoves) list.resize(kMaxJumpMoves);
  const int n = generate_jumps(r, p, list.data());
  for (int i = 0; i < n; ++i)
    if (move_end(r, list[i]) == at && move_captures(r, list[i]) == caps) {
      out = list[i];
      return Status::ok();
    }
  return Status::fail(illegal + "not a legal jump chain");  // not reached
}

// ---- FEN -------------------------------------------------------------------------

std::string to_fen(const Rules& r, const Pos& p) {
  const Graph& g = *r.graph;
  std::string s = g.name(p.prey) + " " + point_list(g, p.hunters) + " " +
                  std::string(p.prey_to_move ? r.prey_word : r.hunters_word);
  if (r.stall_rule) s += " " + std::to_string(p.stall);
  return s;
}

Status parse_fen(const Rules& r, std::string_view text, Pos& out) {
  const Graph& g = *r.graph;
  const std::string t = to_lower(text);
  const auto f = fields(t);
  const std::size_t want = r.stall_rule ? 4 : 3;
  const std::string bad = "invalid FEN: ";
  if (f.size() != want)
    return Status::fail(bad + "expected " + std::to_string(want) + " fields (" +
                        (r.stall_rule ? "prey hunters side stall" : "prey hunters side") + "), got " +
                        std::to_string(f.size()));
  Pos p;
  const int prey = g.find(f[0]);
  if (prey == kNone) return Status::fail(bad + not_a_point(r, f[0]));
  p.prey = static_cast<std::uint8_t>(prey);
  if (f[1] == "-") {
    if (r.min_hunters > 0)
      return Status::fail(bad + std::string(r.game) + " needs " + std::to_string(r.min_hunters) + " " +
                          std::string(r.hunters_word));
  } else {
    for (const auto name : split(f[1], ',')) {
      if (name.empty()) return Status::fail(bad + "empty point name in the hunter list");
      const int h = g.find(name);
      if (h == kNone) return Status::fail(bad + not_a_point(r, name));
      if ((p.hunters & bit(h)) || h == prey) return Status::fail(bad + "two pieces on " + g.name(h));
      p.hunters |= bit(h);
    }
  }
  const int count = popcount(p.hunters);
  if (count < r.min_hunters || count > r.max_hunters)
    return Status::fail(bad + std::to_string(count) + " " + std::string(r.hunters_word) + " (" +
                        (r.min_hunters == r.max_hunters ? "exactly " + std::to_string(r.min_hunters)
                                                        : std::to_string(r.min_hunters) + " to " +
                                                              std::to_string(r.max_hunters)) +
                        " allowed)");
  if (f[2] == r.prey_word) p.prey_to_move = true;
  else if (f[2] == r.hunters_word) p.prey_to_move = false;
  else
    return Status::fail(bad + "unknown side " + quote(f[2]) + " (" + std::string(r.prey_word) + " or " +
                        std::string(r.hunters_word) + ")");
  if (r.stall_rule) {
    const std::string_view s = f[3];
    const bool digits = std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || s.size() > 2 || (s.size() > 1 && s[0] == '0'))
      return Status::fail(bad + "bad stall counter " + quote(s) + " (0 to 10)");
    const int v = s.size() == 1 ? s[0] - '0' : (s[0] - '0') * 10 + (s[1] - '0');
    if (v > kStallLimit) return Status::fail(bad + "stall counter " + std::string(s) + " is above 10");
    if (v == kStallLimit && !p.prey_to_move)
      return Status::fail(bad + "stall counter 10 with the " + std::string(r.hunters_word) +
                          " to move (the game would already be over)");
    p.stall = static_cast<std::uint8_t>(v);
  }
  if (p.prey_to_move && (r.goal & bit(prey)))
    return Status::fail(bad + "the " + std::string(r.prey_name) + " is on its goal with the " +
                        std::string(r.prey_word) + " to move");
  if (r.prey_jumps && count == 0 && p.prey_to_move)
    return Status::fail(bad + "no " + std::string(r.hunters_word) + " left with the " + std::string(r.prey_word) +
                        " to move");
  out = p;
  return Status::ok();
}

// ---- board drawing ---------------------------------------------------------------

std::vector<std::string> board_lines(const Rules& r, const Pos& p) {
  const Graph& g = *r.graph;
  auto piece = [&](int pt) { return pt == p.prey ? r.prey_char : (p.hunters & bit(pt)) ? r.hunter_char : '.'; };
  std::vector<std::string> out;
  if (r.game == "hare-hounds") {
    // Three rows of points, each as its piece letter and number.
    auto cell = [&](int pt) { return std::string(1, piece(pt)) + g.name(pt); };
    out.push_back("      " + cell(1) + " --- " + cell(4) + " --- " + cell(7));
    out.push_back(cell(0) + " -- " + cell(2) + " --- " + cell(5) + " --- " + cell(8) + " -- " + cell(10));
    out.push_back("      " + cell(3) + " --- " + cell(6) + " --- " + cell(9));
  } else {
    int max_x = 0, max_y = 0;
    for (int pt = 0; pt < g.size(); ++pt) max_x = std::max(max_x, g.x(pt)), max_y = std::max(max_y, g.y(pt));
    for (int y = max_y; y >= 0; --y) {
      std::string row = std::to_string(y + 1) + " ";
      for (int x = 0; x <= max_x; ++x) {
        const int pt = g.at(x, y);
        row += ' ';
        row += pt == kNone ? (r.game == "mouse-cats" ? '-' : ' ') : piece(pt);
      }
      while (!row.empty() && row.back() == ' ') row.pop_back();
      out.push_back(row);
    }
    std::string files = "  ";
    for (int x = 0; x <= max_x; ++x) files += std::string(" ") + static_cast<char>('a' + x);
    out.push_back(files);
  }
  std::string side = std::string(1, r.prey_char) + " = " + std::string(r.prey_name) + ", " + r.hunter_char + " = " +
                     std::string(r.hunters_word) + "; " + std::string(p.prey_to_move ? r.prey_word : r.hunters_word) +
                     " to move";
  if (r.stall_rule) side += ", stall counter " + std::to_string(p.stall);
  out.push_back(side);
  return out;
}

}  // namespace ludus::hunt
