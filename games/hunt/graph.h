// The board graph shared by the three hunt games (mouse-cats, hare-hounds,
// fox-geese): named points on an integer grid, the drawn lines between
// neighbouring points, and the eight unit directions along which pieces step
// and the fox jumps. Rules: docs/rules/hunt.md (docs/games/hunt.md).
//
// Point indices follow the game's square order (rules 2, "Square order"):
// lower rank first then files from a (mouse-cats, fox-geese), numeric order
// (hare-hounds). Canonical jump paths compare landing points in this order.
// The listing order (the order of `query moves`) is the order of the tokens
// as strings, which is (x, y) order: file first, then rank (or point number).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ludus::hunt {

constexpr int kMaxPoints = 64;
constexpr int kNone = -1;

// The eight unit steps (dx, dy), sorted by dx then dy: a piece's step targets,
// taken in direction order, come out in listing order. opposite(d) = 7 - d.
struct Dir {
  int dx, dy;
};
inline constexpr std::array<Dir, 8> kDirs = {{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}};
constexpr int opposite(int d) { return 7 - d; }

constexpr std::uint64_t bit(int p) { return std::uint64_t{1} << p; }
inline int popcount(std::uint64_t b) { return __builtin_popcountll(b); }
inline int lsb(std::uint64_t b) { return __builtin_ctzll(b); }
inline int msb(std::uint64_t b) { return 63 - __builtin_clzll(b); }

class Graph {
 public:
  struct Point {
    std::string name;
    int x = 0, y = 0;
  };
  // `points` in square order; `lines` joins pairs of points that are unit
  // neighbours on the grid (a line is usable in both directions).
  Graph(std::vector<Point> points, const std::vector<std::pair<int, int>>& lines);

  int size() const { return n_; }
  int line_count() const { return lines_; }
  const std::string& name(int p) const { return points_[static_cast<std::size_t>(p)].name; }
  int x(int p) const { return points_[static_cast<std::size_t>(p)].x; }
  int y(int p) const { return points_[static_cast<std::size_t>(p)].y; }
  // The point at grid (x, y), or kNone.
  int at(int x, int y) const;
  // The point called `name` (exact, lowercase), or kNone.
  int find(std::string_view name) const;

  // The neighbour of p along a line in direction d, or kNone.
  int step(int p, int d) const { return step_[p][d]; }
  // The landing point of a jump from p in direction d over step(p, d): the
  // next point on the same straight line, or kNone.
  int jump(int p, int d) const { return jump_[p][d]; }
  // Bitmask of the neighbours of p.
  std::uint64_t neighbours(int p) const { return nbr_[p]; }
  // Directions with a jump from p, in square order of their landing points.
  const std::vector<int>& jump_dirs(int p) const { return jump_dirs_[static_cast<std::size_t>(p)]; }
  // Points in listing order, and the rank of each point in it.
  const std::vector<int>& listing() const { return listing_; }
  int listing_rank(int p) const { return listing_rank_[p]; }
  std::uint64_t all() const { return n_ == 64 ? ~std::uint64_t{0} : bit(n_) - 1; }

 private:
  int n_ = 0;
  int lines_ = 0;
  std::vector<Point> points_;
  std::array<std::array<std::int8_t, 8>, kMaxPoints> step_{};
  std::array<std::array<std::int8_t, 8>, kMaxPoints> jump_{};
  std::array<std::uint64_t, kMaxPoints> nbr_{};
  std::array<std::int8_t, kMaxPoints> listing_rank_{};
  std::vector<std::vector<int>> jump_dirs_;
  std::vector<int> listing_;
  int min_x_ = 0, min_y_ = 0, width_ = 0, height_ = 0;
  std::vector<std::int8_t> grid_;
};

// The three boards (rules section 2), built once.
const Graph& mouse_cats_graph();   // 32 dark squares of an 8x8 board, 49 diagonals
const Graph& hare_hounds_graph();  // 11 points, 22 lines
const Graph& fox_geese_graph();    // 33-point cross, 52 orthogonal + 20 diagonal lines

}  // namespace ludus::hunt
