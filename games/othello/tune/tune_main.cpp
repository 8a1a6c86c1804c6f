// othello_tune: fits the weights of the Othello evaluation (games/othello/eval.h)
// to game results, by least squares.
//
//   othello_tune [--games N] [--depth D] [--solve-at E] [--seed S] [--threads T] > weights.txt
//
// 1. Self-play: N games, each from 8 random opening plies, then a depth-D
//    search with the current evaluation and 10% random moves until ply 30
//    (for variety), until E empties remain.
// 2. Labels: at E empties the position is solved exactly; the exact final
//    margin (discs, rules 6.3) labels every earlier position of the game
//    (from its side to move's view). A position's label is the result of
//    perfect play from near the end of a real game that went through it.
// 3. Fit: the evaluation is linear in its weights: sum over phases p and
//    features f of c_p(discs) * w[p][f] * x_f, with c_p the phase
//    interpolation coefficients. Ridge least squares on label*100 gives w.
//    Held-out games (every 10th) report the error before and after.
// The output is the EvalWeights table as C++, to paste as kWeights in
// games/othello/eval.cpp.
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/search.h"
#include "engine/tt.h"
#include "games/othello/endgame.h"
#include "games/othello/eval.h"
#include "games/othello/othello.h"

using namespace ludus;
using namespace ludus::othello;

namespace {

constexpr int kDim = kNumPhases * kNumFeatures;

struct Sample {
  std::array<float, kDim> x;
  float target;  // centi-discs, side to move
  bool held_out;
};

std::array<float, kDim> design_row(const Board& b) {
  const Features f = features(b);
  const auto c = phase_coefficients(64 - b.empty_count());
  std::array<float, kDim> x{};
  for (int p = 0; p < kNumPhases; ++p)
    for (int k = 0; k < kNumFeatures; ++k) x[p * kNumFeatures + k] = c[p] * static_cast<float>(f[k]);
  return x;
}

Move search_move(const Board& b, int depth, TranspositionTable& tt) {
  const auto line = search_to_depth<Othello>(b, depth, Othello::Config{}, tt).line;
  return line.empty() ? kNoMove : line.front();
}

void play_games(int first, int count, int depth, int solve_at, std::uint64_t seed, std::vector<Sample>& out,
                std::mutex& mu) {
  std::mt19937_64 rng(seed);
  TranspositionTable tt;
  tt.resize(16);
  EndgameSolver solver(16);
  std::atomic<bool> stop{false};
  std::vector<Sample> local;
  for (int g = first; g < first + count; ++g) {
    Board b = start_board();
    std::vector<Board> seen;
    int ply = 0;
    Move moves[64];
    while (!game_over(b) && b.empty_count() > solve_at) {
      const int n = generate_moves(b, moves);
      Move m;
      if (ply < 8 || (ply < 30 && rng() % 10 == 0) || n == 1) {
        m = moves[rng() % static_cast<unsigned>(n)];
      } else {
        tt.new_search();
        m = search_move(b, depth, tt);
      }
      if (ply >= 8 && !m.is_pass()) seen.push_back(b);
      b = play(b, m);
      ++ply;
    }
    std::uint64_t nodes = 0;
    // Exact margin for the side to move at the end, converted to black's view.
    const int margin = game_over(b) ? final_score(b) : solver.solve_root(b, stop, nodes).score_discs;
    const int black_margin = b.side == Side::P1 ? margin : -margin;
    for (const Board& p : seen) {
      const float t = 100.0f * static_cast<float>(p.side == Side::P1 ? black_margin : -black_margin);
      local.push_back({design_row(p), t, g % 10 == 0});
    }
  }
  std::lock_guard lock(mu);
  out.insert(out.end(), local.begin(), local.end());
}

// Solves A w = b (A symmetric positive definite) by Gaussian elimination.
std::vector<double> solve(std::vector<double> a, std::vector<double> b, int n) {
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a[r * n + c]) > std::fabs(a[piv * n + c])) piv = r;
    for (int k = 0; k < n; ++k) std::swap(a[c * n + k], a[piv * n + k]);
    std::swap(b[c], b[piv]);
    for (int r = c + 1; r < n; ++r) {
      const double f = a[r * n + c] / a[c * n + c];
      for (int k = c; k < n; ++k) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> w(n);
  for (int r = n - 1; r >= 0; --r) {
    double s = b[r];
    for (int k = r + 1; k < n; ++k) s -= a[r * n + k] * w[k];
    w[r] = s / a[r * n + r];
  }
  return w;
}

double rms(const std::vector<Sample>& s, const std::vector<double>& w, bool held_out) {
  double err = 0;
  std::size_t n = 0;
  for (const auto& x : s) {
    if (x.held_out != held_out) continue;
    double pred = 0;
    for (int k = 0; k < kDim; ++k) pred += w[k] * x.x[k];
    err += (pred - x.target) * (pred - x.target);
    ++n;
  }
  return n ? std::sqrt(err / static_cast<double>(n)) / 100.0 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 2000, depth = 3, solve_at = 14, threads = 2;
  std::uint64_t seed = 1;
  double ridge = 10.0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const char* v = argv[i + 1];
    if (k == "--games") games = std::atoi(v);
    else if (k == "--depth") depth = std::atoi(v);
    else if (k == "--solve-at") solve_at = std::atoi(v);
    else if (k == "--seed") seed = std::strtoull(v, nullptr, 10);
    else if (k == "--threads") threads = std::max(1, std::atoi(v));
    else if (k == "--ridge") ridge = std::atof(v);
    else {
      std::fprintf(stderr, "unknown option %s\n", k.c_str());
      return 2;
    }
  }
  std::vector<Sample> samples;
  std::mutex mu;
  std::vector<std::thread> pool;
  const int per = (games + threads - 1) / threads;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back(play_games, t * per, std::min(per, games - t * per), depth, solve_at, seed * 1000 + t,
                      std::ref(samples), std::ref(mu));
  for (auto& t : pool) t.join();
  std::fprintf(stderr, "%zu positions from %d games\n", samples.size(), games);

  // Normal equations on the training part.
  std::vector<double> ata(kDim * kDim, 0.0), atb(kDim, 0.0);
  for (const auto& s : samples) {
    if (s.held_out) continue;
    for (int i = 0; i < kDim; ++i) {
      atb[i] += s.x[i] * s.target;
      for (int j = 0; j < kDim; ++j) ata[i * kDim + j] += static_cast<double>(s.x[i]) * s.x[j];
    }
  }
  for (int i = 0; i < kDim; ++i) ata[i * kDim + i] += ridge * static_cast<double>(samples.size()) / 1000.0;
  const std::vector<double> w = solve(ata, atb, kDim);

  std::vector<double> before(kDim);
  for (int p = 0; p < kNumPhases; ++p)
    for (int k = 0; k < kNumFeatures; ++k) before[p * kNumFeatures + k] = kDefaultWeights.w[p][k];
  std::fprintf(stderr, "rms error (discs), held-out games: current weights %.2f, fitted %.2f\n",
               rms(samples, before, true), rms(samples, w, true));
  std::fprintf(stderr, "rms error (discs), training games: current weights %.2f, fitted %.2f\n",
               rms(samples, before, false), rms(samples, w, false));

  std::printf("// Fitted by othello_tune --games %d --depth %d --solve-at %d --seed %llu --ridge %g\n", games, depth,
              solve_at, static_cast<unsigned long long>(seed), ridge);
  std::printf("// on %zu positions; held-out rms error %.2f discs (hand-set weights: %.2f).\n", samples.size(),
              rms(samples, w, true), rms(samples, before, true));
  std::printf("//  ");
  for (int k = 0; k < kNumFeatures; ++k) std::printf(" %s", feature_name(k));
  std::printf("\n");
  for (int p = 0; p < kNumPhases; ++p) {
    std::printf("    {{");
    for (int k = 0; k < kNumFeatures; ++k) std::printf("%s%.1ff", k ? ", " : "", w[p * kNumFeatures + k]);
    std::printf("}},\n");
  }
  return 0;
}
