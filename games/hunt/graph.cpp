#include "games/hunt/graph.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace ludus::hunt {

Graph::Graph(std::vector<Point> points, const std::vector<std::pair<int, int>>& lines)
    : n_(static_cast<int>(points.size())), points_(std::move(points)) {
  if (n_ <= 0 || n_ > kMaxPoints) throw std::logic_error("hunt graph: bad point count");
  int max_x = points_[0].x, max_y = points_[0].y;
  min_x_ = points_[0].x, min_y_ = points_[0].y;
  for (const auto& p : points_) {
    min_x_ = std::min(min_x_, p.x), max_x = std::max(max_x, p.x);
    min_y_ = std::min(min_y_, p.y), max_y = std::max(max_y, p.y);
  }
  width_ = max_x - min_x_ + 1, height_ = max_y - min_y_ + 1;
  grid_.assign(static_cast<std::size_t>(width_ * height_), static_cast<std::int8_t>(kNone));
  for (int i = 0; i < n_; ++i) {
    auto& cell = grid_[static_cast<std::size_t>((points_[static_cast<std::size_t>(i)].y - min_y_) * width_ +
                                                 points_[static_cast<std::size_t>(i)].x - min_x_)];
    if (cell != kNone) throw std::logic_error("hunt graph: two points on one cell");
    cell = static_cast<std::int8_t>(i);
  }
  for (auto& row : step_) row.fill(static_cast<std::int8_t>(kNone));
  for (auto& row : jump_) row.fill(static_cast<std::int8_t>(kNone));
  for (const auto& [a, b] : lines) {
    const int dx = x(b) - x(a), dy = y(b) - y(a);
    int d = kNone;
    for (int k = 0; k < 8; ++k)
      if (kDirs[k].dx == dx && kDirs[k].dy == dy) d = k;
    if (d == kNone || step_[a][d] != kNone) throw std::logic_error("hunt graph: bad or repeated line");
    step_[a][d] = static_cast<std::int8_t>(b);
    step_[b][opposite(d)] = static_cast<std::int8_t>(a);
    nbr_[a] |= bit(b);
    nbr_[b] |= bit(a);
    ++lines_;
  }
  jump_dirs_.resize(static_cast<std::size_t>(n_));
  for (int p = 0; p < n_; ++p) {
    for (int d = 0; d < 8; ++d) {
      const int m = step_[p][d];
      if (m != kNone && step_[m][d] != kNone) jump_[p][d] = step_[m][d];
      if (jump_[p][d] != kNone) jump_dirs_[static_cast<std::size_t>(p)].push_back(d);
    }
    auto& dirs = jump_dirs_[static_cast<std::size_t>(p)];
    std::sort(dirs.begin(), dirs.end(), [&](int a, int b) { return jump_[p][a] < jump_[p][b]; });
  }
  listing_.resize(static_cast<std::size_t>(n_));
  for (int i = 0; i < n_; ++i) listing_[static_cast<std::size_t>(i)] = i;
  std::sort(listing_.begin(), listing_.end(),
            [&](int a, int b) { return x(a) != x(b) ? x(a) < x(b) : y(a) < y(b); });
  for (int i = 0; i < n_; ++i) listing_rank_[listing_[static_cast<std::size_t>(i)]] = static_cast<std::int8_t>(i);
}

int Graph::at(int px, int py) const {
  if (px < min_x_ || py < min_y_ || px >= min_x_ + width_ || py >= min_y_ + height_) return kNone;
  return grid_[static_cast<std::size_t>((py - min_y_) * width_ + px - min_x_)];
}

int Graph::find(std::string_view name) const {
  for (int i = 0; i < n_; ++i)
    if (points_[static_cast<std::size_t>(i)].name == name) return i;
  return kNone;
}

namespace {

std::string square_name(int x, int y) { return std::string{static_cast<char>('a' + x), static_cast<char>('1' + y)}; }

// Joins every pair of unit neighbours (a before b in direction order) for which
// `keep(a, b)` holds.
template <class Keep>
std::vector<std::pair<int, int>> grid_lines(const std::vector<Graph::Point>& pts, Keep keep) {
  std::vector<std::pair<int, int>> lines;
  for (std::size_t a = 0; a < pts.size(); ++a)
    for (std::size_t b = a + 1; b < pts.size(); ++b) {
      const int dx = pts[b].x - pts[a].x, dy = pts[b].y - pts[a].y;
      if (std::abs(dx) <= 1 && std::abs(dy) <= 1 && keep(pts[a], pts[b]))
        lines.emplace_back(static_cast<int>(a), static_cast<int>(b));
    }
  return lines;
}

}  // namespace

const Graph& mouse_cats_graph() {
  static const Graph g = [] {
    std::vector<Graph::Point> pts;
    // Dark squares: file number (a = 1) + rank even, i.e. x + y even (0-based).
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        if ((x + y) % 2 == 0) pts.push_back({square_name(x, y), x, y});
    auto lines = grid_lines(pts, [](const Graph::Point& a, const Graph::Point& b) {
      return a.x != b.x && a.y != b.y;  // diagonal neighbours only
    });
    return Graph(pts, lines);
  }();
  return g;
}

const Graph& hare_hounds_graph() {
  static const Graph g = [] {
    // Rules 2.2: (x, y) with y = 0 at the top; numbered by column, top to bottom.
    const int xy[11][2] = {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 1}, {3, 2}, {4, 1}};
    std::vector<Graph::Point> pts;
    for (int i = 0; i < 11; ++i) pts.push_back({std::to_string(i), xy[i][0], xy[i][1]});
    // The 22 lines of the rules' table.
    const std::vector<std::pair<int, int>> lines = {
        {0, 2}, {1, 4}, {4, 7}, {2, 5}, {5, 8}, {8, 10}, {3, 6}, {6, 9},   // horizontal
        {1, 2}, {2, 3}, {4, 5}, {5, 6}, {7, 8}, {8, 9},                    // vertical
        {0, 1}, {0, 3}, {1, 5}, {3, 5}, {5, 7}, {5, 9}, {7, 10}, {9, 10}};  // diagonal
    return Graph(pts, lines);
  }();
  return g;
}

const Graph& fox_geese_graph() {
  static const Graph g = [] {
    std::vector<Graph::Point> pts;
    for (int y = 0; y < 7; ++y)
      for (int x = 0; x < 7; ++x)
        if ((x >= 2 && x <= 4) || (y >= 2 && y <= 4)) pts.push_back({square_name(x, y), x, y});
    auto lines = grid_lines(pts, [](const Graph::Point& a, const Graph::Point& b) {
      if (a.x == b.x || a.y == b.y) return true;  // orthogonal
      // Diagonals only between "dark" points: file number + rank even.
      return (a.x + a.y) % 2 == 0 && (b.x + b.y) % 2 == 0;
    });
    return Graph(pts, lines);
  }();
  return g;
}

}  // namespace ludus::hunt
