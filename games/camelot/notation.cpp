#include "games/camelot/notation.h"

#include <algorithm>
#include <array>
#include <vector>
#include <cctype>
#include <cstdlib>

#include "games/camelot/movegen.h"

namespace ludus::camelot {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::vector<std::string_view> fields_of(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::string quoted(std::string_view s) { return "'" + std::string(s.substr(0, 60)) + (s.size() > 60 ? "...'" : "'"); }

// A counter of the FEN: a plain decimal without sign or leading zeros, 0..max.
bool parse_counter(std::string_view s, int max, int& out) {
  if (s.empty() || s.size() > 3) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  if (s.size() > 1 && s[0] == '0') return false;
  out = std::atoi(std::string(s).c_str());
  return out <= max;
}

// Sorts up to 8 elements (std::sort on tiny arrays trips g++ 12's bounds warnings).
template <class T>
void insertion_sort(T* a, int n) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
}

int chebyshev(int a, int b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// ---- canonical paths ----------------------------------------------------------

// The canter graph of the piece on `origin` (lifted): legs over `friends`
// onto `land`; no leg starts in the enemy castle.
struct CanterGraph {
  const Position& p;
  int origin;
  BB friends, land, stop;

  CanterGraph(const Position& pos, int from)
      : p(pos), origin(from), friends(pos.pieces[pos.side] - BB::square(from)),
        land(pos.empty() - kCastle[pos.side]), stop(kCastle[pos.side ^ 1]) {}

  // Landing squares of one leg from `x`, ascending.
  template <class F>
  void legs_from(int x, F&& f) const {
    if (x != origin && stop.test(x)) return;
    std::array<int, 8> t{};
    int n = 0;
    const Geometry& geo = geometry();
    for (int d = 0; d < 8; ++d) {
      const int m = geo.nb[x][d];
      if (m == kNone || !friends.test(m)) continue;
      const int l = geo.nb[m][d];
      if (l != kNone && land.test(l)) t[n++] = l;
    }
    insertion_sort(t.data(), n);
    for (int i = 0; i < n; ++i) f(t[i]);
  }

  // Breadth-first distances from the origin (-1: unreachable).
  std::array<int, kGrid> distances() const {
    std::array<int, kGrid> dist;
    dist.fill(-1);
    dist[origin] = 0;
    std::vector<int> queue{origin};
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const int x = queue[i];
      legs_from(x, [&](int y) {
        if (dist[y] < 0) dist[y] = dist[x] + 1, queue.push_back(y);
      });
    }
    return dist;
  }

  // The smallest shortest path from the origin to `target` (landing squares).
  std::vector<int> shortest_path(int target) const {
    // Distances to the target, walking legs backwards (legs are symmetric
    // between landing squares; only the origin and the target are special).
    std::array<int, kGrid> to;
    to.fill(-1);
    to[target] = 0;
    std::vector<int> queue{target};
    const Geometry& geo = geometry();
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const int v = queue[i];
      for (int d = 0; d < 8; ++d) {
        const int m = geo.nb[v][d];
        if (m == kNone || !friends.test(m)) continue;
        const int x = geo.nb[m][d];
        if (x == kNone || to[x] >= 0) continue;
        if (x != origin && (!land.test(x) || stop.test(x))) continue;
        to[x] = to[v] + 1;
        queue.push_back(x);
      }
    }
    std::vector<int> path;
    if (to[origin] < 0) return path;
    int cur = origin;
    while (cur != target) {
      int pick = kNone;
      legs_from(cur, [&](int y) {
        if (pick == kNone && to[y] == to[cur] - 1) pick = y;
      });
      path.push_back(pick);
      cur = pick;
    }
    return path;
  }
};

// The smallest jump sequence from `start` capturing exactly `caps` and ending
// complete on `to` (the mover lifted from `origin`). Depth-first in ascending
// landing order, so the first complete path found is the smallest.
struct JumpPath {
  const Position& p;
  int to;
  BB opp_now, empty_now;
  std::vector<int> path;

  bool ends_here(int cur, bool after_leg) const {
    return after_leg && (in_castle(p.side ^ 1, cur) || (!p.continue_rule && in_castle(p.side, cur)));
  }
  bool jump_available(int cur) const {
    const Geometry& geo = geometry();
    for (int d = 0; d < 8; ++d) {
      const int m = geo.nb[cur][d];
      if (m == kNone || !opp_now.test(m)) continue;
      const int t = geo.nb[m][d];
      if (t != kNone && empty_now.test(t)) return true;
    }
    return false;
  }
  bool search(int cur, BB remaining) {
    const bool after_leg = !path.empty();
    if (remaining.none()) return cur == to && (ends_here(cur, after_leg) || !jump_available(cur));
    if (ends_here(cur, after_leg)) return false;
    std::array<std::pair<int, int>, 8> opts{};
    int n = 0;
    const Geometry& geo = geometry();
    for (int d = 0; d < 8; ++d) {
      const int m = geo.nb[cur][d];
      if (m == kNone || !remaining.test(m) || !opp_now.test(m)) continue;
      const int t = geo.nb[m][d];
      if (t != kNone && empty_now.test(t)) opts[n++] = {t, m};
    }
    insertion_sort(opts.data(), n);
    for (int i = 0; i < n; ++i) {
      const auto [t, m] = opts[i];
      opp_now.reset(m);
      empty_now.set(m);
      remaining.reset(m);
      path.push_back(t);
      if (search(t, remaining)) return true;
      path.pop_back();
      remaining.set(m);
      opp_now.set(m);
      empty_now.reset(m);
    }
    return false;
  }
};

bool jump_suffix(const Position& p, int origin, int start, BB caps, int to, std::vector<int>& out) {
  JumpPath j{p, to, p.pieces[p.side ^ 1], p.empty() | BB::square(origin), {}};
  if (!j.search(start, caps)) return false;
  out = std::move(j.path);
  return true;
}

}  // namespace

// ---- FEN ------------------------------------------------------------------------

std::string to_fen(const Position& p) {
  std::string s;
  for (int r = kRanks - 1; r >= 0; --r) {
    int run = 0;
    for (int f = row_first_file(r); f < kFiles - row_first_file(r); ++f) {
      const char c = p.piece_at(make_square(f, r));
      if (!c) {
        ++run;
        continue;
      }
      if (run) s += std::to_string(run), run = 0;
      s += c;
    }
    if (run) s += std::to_string(run);
    if (r) s += '/';
  }
  s += p.side == 0 ? " w " : " b ";
  s += std::to_string(p.castle_moves[0]) + " " + std::to_string(p.castle_moves[1]) + " " + std::to_string(p.clock);
  return s;
}

Status parse_fen(std::string_view text, Position& out, bool continue_rule) {
  const auto f = fields_of(text);
  if (f.size() != 2 && f.size() != 5)
    return Status::fail("invalid FEN: expected 5 fields (board side wcastle bcastle clock) or 2 (board side), got " +
                        std::to_string(f.size()));
  Position p;
  std::vector<std::string_view> rows;
  {
    std::size_t start = 0;
    const std::string_view b = f[0];
    for (std::size_t i = 0; i <= b.size(); ++i)
      if (i == b.size() || b[i] == '/') rows.push_back(b.substr(start, i - start)), start = i + 1;
  }
  if (rows.size() != kRanks)
    return Status::fail("invalid FEN: the board needs 16 rows separated by '/', got " + std::to_string(rows.size()));
  int count[2][2] = {{0, 0}, {0, 0}};  // [side][knight]
  for (int i = 0; i < kRanks; ++i) {
    const int r = kRanks - 1 - i;
    const int first = row_first_file(r), width = row_width(r);
    const std::string_view row = rows[static_cast<std::size_t>(i)];
    const std::string rank_name = "rank " + std::to_string(r + 1);
    int filled = 0;
    for (std::size_t k = 0; k < row.size();) {
      const char c = row[k];
      if (c >= '0' && c <= '9') {
        if (c == '0') return Status::fail("invalid FEN: a count starts with 0 on " + rank_name);
        int run = 0;
        while (k < row.size() && row[k] >= '0' && row[k] <= '9') {
          run = std::min(run * 10 + (row[k] - '0'), 1000);
          ++k;
        }
        filled += run;
        if (filled > width) break;
        continue;
      }
      const int side = (c == 'K' || c == 'M') ? 0 : (c == 'k' || c == 'm') ? 1 : -1;
      if (side < 0)
        return Status::fail("invalid FEN: bad character " + quoted(std::string_view(&row[k], 1)) + " on " +
                            rank_name + " (expected K M k m or a count)");
      if (filled >= width) {
        filled = width + 1;
        break;
      }
      const int sq = make_square(first + filled, r);
      const bool knight = c == 'K' || c == 'k';
      p.pieces[side].set(sq);
      if (knight) p.knights.set(sq);
      ++count[side][knight ? 1 : 0];
      ++filled;
      ++k;
    }
    if (filled != width)
      return Status::fail("invalid FEN: " + rank_name + " has " + std::to_string(width) + " squares, the row " +
                          quoted(row) + " describes " + (filled > width ? "more" : std::to_string(filled)));
  }
  const std::string_view side = f[1];
  if (side.size() != 1 || (std::tolower(static_cast<unsigned char>(side[0])) != 'w' &&
                           std::tolower(static_cast<unsigned char>(side[0])) != 'b'))
    return Status::fail("invalid FEN: side to move must be w or b, got " + quoted(side));
  p.side = std::tolower(static_cast<unsigned char>(side[0])) == 'w' ? 0 : 1;
  if (f.size() == 5) {
    int wc = 0, bc = 0, clock = 0;
    if (!parse_counter(f[2], 2, wc))
      return Status::fail("invalid FEN: White's castle-move counter must be 0, 1 or 2, got " + quoted(f[2]));
    if (!parse_counter(f[3], 2, bc))
      return Status::fail("invalid FEN: Black's castle-move counter must be 0, 1 or 2, got " + quoted(f[3]));
    if (!parse_counter(f[4], 100, clock))
      return Status::fail("invalid FEN: the clock must be a number 0..100 without leading zeros, got " +
                          quoted(f[4]));
    p.castle_moves[0] = static_cast<std::uint8_t>(wc);
    p.castle_moves[1] = static_cast<std::uint8_t>(bc);
    p.clock = static_cast<std::uint8_t>(clock);
  }
  static const char* kColour[2] = {"White", "Black"};
  for (int s = 0; s < 2; ++s) {
    if (count[s][1] > 4)
      return Status::fail(std::string("invalid FEN: ") + kColour[s] + " has " + std::to_string(count[s][1]) +
                          " Knights (at most 4)");
    if (count[s][0] > 10)
      return Status::fail(std::string("invalid FEN: ") + kColour[s] + " has " + std::to_string(count[s][0]) +
                          " Men (at most 10)");
  }
  if ((p.pieces[0] & kCastle[1]) == kCastle[1] && (p.pieces[1] & kCastle[0]) == kCastle[0])
    return Status::fail("invalid FEN: both castles are taken");
  p.continue_rule = continue_rule;
  p.base_key = compute_base_key(p);
  out = p;
  return Status::ok();
}

// ---- canonical paths and tokens ----------------------------------------------------

std::string path_to_string(const Path& path) {
  std::string s = square_name(path.origin);
  for (std::size_t i = 0; i < path.squares.size(); ++i) {
    s += static_cast<int>(i) < path.canter_legs ? '-' : 'x';
    s += square_name(path.squares[i]);
  }
  return s;
}

Path canonical_path(const Position& p, Move m) {
  Path path;
  path.origin = m.from;
  if (!m.is_capture()) {
    if (chebyshev(m.from, m.to) == 1) {  // a plain move (castle moves included)
      path.squares = {m.to};
    } else {
      path.squares = CanterGraph(p, m.from).shortest_path(m.to);
    }
    path.canter_legs = static_cast<int>(path.squares.size());
    return path;
  }
  const BB caps = captured_squares(p, m);
  std::vector<int> suffix;
  if (jump_suffix(p, m.from, m.from, caps, m.to, suffix)) {
    path.squares = std::move(suffix);
    return path;
  }
  // A charge: the fewest canter legs to a square from which the jumps work,
  // then the smallest whole sequence.
  const CanterGraph graph(p, m.from);
  const auto dist = graph.distances();
  int best_dist = -1;
  std::vector<int> best;
  int best_canter = 0;
  for (int y = 0; y < kGrid; ++y) {
    if (dist[y] <= 0 || (best_dist >= 0 && dist[y] > best_dist)) continue;
    if (in_castle(p.side ^ 1, y)) continue;  // C3: a canter into the enemy castle ends there
    if (!jump_suffix(p, m.from, y, caps, m.to, suffix)) continue;
    std::vector<int> seq = graph.shortest_path(y);
    const int canter = static_cast<int>(seq.size());
    seq.insert(seq.end(), suffix.begin(), suffix.end());
    if (best_dist < 0 || dist[y] < best_dist || seq < best) {
      best_dist = dist[y];
      best = std::move(seq);
      best_canter = canter;
    }
  }
  path.squares = std::move(best);
  path.canter_legs = best_canter;
  return path;
}

std::string move_token(const Position& p, Move m) { return path_to_string(canonical_path(p, m)); }

// ---- parsing tokens ------------------------------------------------------------------

namespace {

// Why a well-formed path is not a legal move (for the error message).
std::string illegal_reason(const Position& p, int origin, int last, BB captured, bool canter_part, bool ended) {
  if (p.clock >= 100 || material_or_castle_outcome(p) != Outcome::Ongoing) return "the game is over";
  if (captured.any() && !ended) {
    // Is a jump still available from the last square? Then the chain is incomplete.
    const BB opp = p.pieces[p.side ^ 1] - captured;
    const BB empty = (p.empty() | captured | BB::square(origin)) - BB::square(last);
    const Geometry& geo = geometry();
    for (int d = 0; d < 8; ++d) {
      const int mid = geo.nb[last][d];
      if (mid == kNone || !opp.test(mid)) continue;
      const int t = geo.nb[mid][d];
      if (t != kNone && empty.test(t)) return "incomplete jump chain: a jump is still available from " + square_name(last);
    }
  }
  if ((p.pieces[p.side] & kCastle[p.side]).any()) return "a piece in its own castle must leave it first";
  if (captured.none() && capture_obligation(p)) return "a capture is compulsory";
  if (captured.none() && canter_part && p.knights.test(origin))
    return "a Knight's canter may not end where a jump is available";
  if (in_castle(p.side ^ 1, origin)) return "no castle moves left";
  return "not a legal move here";
}

}  // namespace

Status parse_move(const Position& p, std::string_view text, Move& out) {
  const std::string tok(text);
  auto fail = [&](const std::string& why) { return Status::fail("illegal move " + quoted(tok) + ": " + why); };
  // Split into squares and separators.
  std::vector<int> squares;
  std::vector<char> seps;
  std::size_t i = 0;
  while (true) {
    const std::size_t start = i;
    if (i < tok.size() && std::isalpha(static_cast<unsigned char>(tok[i]))) ++i;
    while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i]))) ++i;
    const std::string_view name(tok.data() + start, i - start);
    if (name.empty()) return fail(i < tok.size() ? "expected a square at " + quoted(tok.substr(i)) : "missing square");
    const int sq = parse_square(name);
    if (sq < 0) return fail("no square " + quoted(name) + " on the board");
    squares.push_back(sq);
    if (i == tok.size()) break;
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(tok[i])));
    if (c != '-' && c != 'x') {
      if (std::isalpha(static_cast<unsigned char>(tok[i])))
        return fail("missing separator before " + quoted(tok.substr(i)) + " ('-' or 'x')");
      return fail("bad character " + quoted(tok.substr(i, 1)));
    }
    seps.push_back(c);
    ++i;
  }
  if (squares.size() < 2) return fail("a move needs an origin and a destination (e.g. f7-f8)");

  const int us = p.side, them = us ^ 1;
  const int origin = squares[0];
  if (!p.pieces[us].test(origin)) return fail("no piece of the side to move on " + square_name(origin));
  const bool knight = p.knights.test(origin);
  BB opp = p.pieces[them], captured;
  BB empty = p.empty() | BB::square(origin);
  BB visited = BB::square(origin);
  int cur = origin;
  bool jumped = false, cantered = false, ended = false;
  const std::size_t legs = seps.size();
  for (std::size_t k = 0; k < legs; ++k) {
    const int to = squares[k + 1];
    const char sep = seps[k];
    if (ended) return fail("the move ended on " + square_name(cur));
    const int df = file_of(to) - file_of(cur), dr = rank_of(to) - rank_of(cur);
    const int dist = std::max(std::abs(df), std::abs(dr));
    if (dist == 1) {
      if (legs != 1) return fail("a step (" + square_name(cur) + "-" + square_name(to) + ") inside a chain");
      if (sep != '-') return fail("a plain move is written with '-'");
      if (!empty.test(to) || to == origin) return fail(square_name(to) + " is occupied");
      if (in_castle(us, to)) return fail("a piece may not enter its own castle");
      cur = to;
      cantered = false;
      break;
    }
    if (dist != 2 || (df != 0 && std::abs(df) != 2) || (dr != 0 && std::abs(dr) != 2))
      return fail(square_name(cur) + " to " + square_name(to) + " is neither a step nor a leap over one square");
    if (in_castle(them, cur)) return fail("a piece in the enemy castle may not leap");
    const int mid = make_square(file_of(cur) + df / 2, rank_of(cur) + dr / 2);
    if (sep == '-') {
      if (jumped) return fail("a canter leg after a jump (a charge is canters, then jumps)");
      if (!(p.pieces[us] - BB::square(origin)).test(mid))
        return fail(square_name(cur) + "-" + square_name(to) + " needs a friendly piece on " + square_name(mid) +
                    (opp.test(mid) ? " (use 'x' to jump an enemy piece)" : ""));
      if (!empty.test(to) || visited.test(to))
        return fail(visited.test(to) ? "a canter may not land twice on " + square_name(to)
                                     : square_name(to) + " is occupied");
      if (in_castle(us, to)) return fail("a canter may not land in its own castle");
      visited.set(to);
      cantered = true;
    } else {
      if (cantered && !knight) return fail("a Man may not jump after cantering (only a Knight charges)");
      if (!opp.test(mid))
        return fail(square_name(cur) + "x" + square_name(to) + " needs an enemy piece on " + square_name(mid) +
                    (p.pieces[us].test(mid) && mid != origin ? " (use '-' to canter over a friend)" : ""));
      if (!empty.test(to)) return fail(square_name(to) + " is occupied");
      opp.reset(mid);
      captured.set(mid);
      empty.set(mid);
      jumped = true;
    }
    empty.reset(to);
    empty.set(cur);
    cur = to;
    if (in_castle(them, cur) || (jumped && !p.continue_rule && in_castle(us, cur))) ended = true;
  }

  // The triple must be a legal move.
  MoveList moves;
  const int n = legal_moves(p, moves);
  for (int k = 0; k < n; ++k) {
    const Move& m = moves[k];
    if (m.from == origin && m.to == cur && captured_squares(p, m) == captured) {
      out = m;
      return Status::ok();
    }
  }
  return fail(illegal_reason(p, origin, cur, captured, cantered && !jumped, ended));
}

// ---- display ---------------------------------------------------------------------------

std::vector<std::string> board_lines(const Position& p) {
  std::vector<std::string> lines;
  lines.push_back("    a  b  c  d  e  f  g  h  i  j  k  l");
  for (int r = kRanks - 1; r >= 0; --r) {
    std::string s = (r + 1 < 10 ? " " : "") + std::to_string(r + 1) + " ";
    for (int f = 0; f < kFiles; ++f) {
      const int sq = make_square(f, r);
      if (!exists(f, r)) {
        s += "   ";
        continue;
      }
      const char c = p.piece_at(sq);
      s += ' ';
      s += c ? c : (in_castle(0, sq) || in_castle(1, sq)) ? '#' : '.';
      s += ' ';
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    lines.push_back(s);
  }
  lines.push_back(std::string(p.side == 0 ? "White" : "Black") + " to move; castle moves White " +
                  std::to_string(p.castle_moves[0]) + " Black " + std::to_string(p.castle_moves[1]) +
                  "; clock " + std::to_string(p.clock) + (p.continue_rule ? "; OwnCastleJump=continue" : ""));
  return lines;
}

}  // namespace ludus::camelot
