// linja_tune: fits the weights of the `ludus` Linja evaluation
// (games/linja/eval.cpp) to exactly solved self-play positions.
// Not part of the engine; built as the `linja_tune` target.
//
//   linja_tune gen OUT GAMES DEPTH SEED RANDOM_TURNS SOLVE_D NODES [mixed|seed]
//       Plays GAMES self-play games (appending to OUT): RANDOM_TURNS + 0..2
//       random opening turns, then the engine's search to DEPTH sub-moves with
//       the built-in weights (the environment variable LINJA_WEIGHTS, a
//       comma-separated list of the 78 weights, replaces them; `mixed`: each side
//       uses the seed evaluator in 30% of the games; `seed`: always). At every
//       turn start with remaining distance <= SOLVE_D the exact solver values
//       the position (at most NODES nodes). States before the first solved
//       one are labelled with its value (from their side to move's view);
//       later ones with their own value when solved. The game stops 20 rows
//       of distance after the first solved state. One line per sub-move
//       state: cells mover points extra_used label(-1/0/1) weight(1/turn length).
//   linja_tune fit SCALE FILES...
//       Logistic regression (Newton's method, ridge 1e-3) of the labels on the
//       features, two weight sets blended by eval.h's taper(); prints the
//       weights times SCALE (centipoints per unit of log-odds) as a C++ array.
//   linja_tune solvebench GAMES LO HI
//       Solver speed: turn starts with remaining distance in [LO, HI] from
//       GAMES depth-6 self-play games, each solved from an empty table.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/search.h"
#include "engine/turns.h"
#include "games/linja/eval.h"
#include "games/linja/features.h"
#include "games/linja/linja.h"

using namespace ludus;
using namespace ludus::linja;

namespace {

// The first whole turn of a depth-limited search.
std::vector<Move> search_turn(const Position& root, int depth, TranspositionTable& tt, Linja::Solver& solver,
                              const Linja::Config& cfg) {
  std::vector<Move> turn;
  Position now = root;
  for (Move m : search_to_depth<Linja>(root, depth, cfg, tt, {}, &solver).line) {
    if (now.mover != root.mover || game_over(now)) break;
    turn.push_back(m);
    now = play(now, m);
  }
  while (now.mover == root.mover && !game_over(now)) {  // a line cut inside the turn
    Move mv[8];
    generate(now, mv);
    turn.push_back(mv[0]);
    now = play(now, mv[0]);
  }
  return turn;
}

std::vector<Move> random_turn(const Position& p, std::mt19937& rng) {
  std::vector<std::vector<Move>> turns;
  legal_turns<Linja>(p, turns);
  return turns[rng() % turns.size()];
}

// LINJA_WEIGHTS="w0,...,w77" (the 2 x kNumFeatures weights, start then end)
// replaces the evaluation weights for the games `gen` plays.
void weights_from_env() {
  const char* s = std::getenv("LINJA_WEIGHTS");
  if (!s || !*s) return;
  float* w = &g_weights[0][0];
  char* end = nullptr;
  for (int k = 0; k < 2 * kNumFeatures && *s; ++k) {
    w[k] = std::strtof(s, &end);
    s = *end == ',' ? end + 1 : end;
  }
}

int gen(int argc, char** argv) {
  if (argc < 9) return 2;
  weights_from_env();
  const std::string out = argv[2];
  const int games = std::atoi(argv[3]);
  const int depth = std::atoi(argv[4]);
  const unsigned seed = static_cast<unsigned>(std::atoi(argv[5]));
  const int random_turns = std::atoi(argv[6]);
  const int solve_d = std::atoi(argv[7]);
  const std::uint64_t budget = std::strtoull(argv[8], nullptr, 10);
  const std::string policy = argc > 9 ? argv[9] : "";
  std::mt19937 rng(seed);
  std::ofstream f(out, std::ios::app);
  TranspositionTable tt;
  tt.resize(32);
  Linja::Solver search_solver(16);
  Linja::Solver solver(256);
  int written = 0, labelled_games = 0;
  for (int g = 0; g < games; ++g) {
    const bool seed_red = policy == "seed" || (policy == "mixed" && rng() % 10 < 3);
    const bool seed_black = policy == "seed" || (policy == "mixed" && rng() % 10 < 3);
    const int opening = random_turns + static_cast<int>(rng() % 3);
    Position p = start_position(kRed, false);
    std::vector<Position> states;
    std::vector<double> weights;
    std::vector<int> labels;  // 2 = not solved
    Position anchor;
    int anchor_value = 2;
    solver.clear();
    for (int turn_no = 0; !game_over(p); ++turn_no) {
      std::vector<Move> turn;
      if (turn_no < opening) {
        turn = random_turn(p, rng);
      } else {
        Linja::Config cfg;
        if (p.mover == kRed ? seed_red : seed_black) cfg.evaluator = Linja::Config::Seed;
        turn = search_turn(p, depth, tt, search_solver, cfg);
      }
      for (Move m : turn) {
        if (turn_no >= opening) {
          int label = 2;
          if (p.at_turn_start() && remaining_distance(p) <= solve_d) {
            std::atomic<bool> stop{false};
            std::uint64_t nodes = 0;
            solver.node_limit = budget;
            const Score s = solver.solve(p, -kInfinity, kInfinity, stop, nodes);
            if (!solver.aborted()) {
              label = s > 0 ? 1 : s < 0 ? -1 : 0;
              if (anchor_value == 2) anchor = p, anchor_value = label;
            }
          }
          states.push_back(p);
          weights.push_back(1.0 / static_cast<double>(turn.size()));
          labels.push_back(label);
        }
        p = play(p, m);
      }
      if (anchor_value != 2 && remaining_distance(p) < solve_d - 20) break;
    }
    if (anchor_value == 2) continue;
    ++labelled_games;
    for (std::size_t i = 0; i < states.size(); ++i) {
      const Position& s = states[i];
      int label = labels[i];
      if (label == 2) label = s.mover == anchor.mover ? anchor_value : -anchor_value;
      f << s.cells << ' ' << int(s.mover) << ' ' << int(s.points) << ' ' << int(s.extra_used) << ' ' << label << ' '
        << weights[i] << '\n';
      ++written;
    }
    if (g % 20 == 0)
      std::fprintf(stderr, "game %d: labelled games %d, states %d\n", g, labelled_games, written);
  }
  return 0;
}

// Solves H d = g in place (Gauss-Jordan with partial pivoting).
std::vector<double> solve_linear(std::vector<double> h, std::vector<double> g) {
  const int n = static_cast<int>(g.size());
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(h[r * n + c]) > std::fabs(h[piv * n + c])) piv = r;
    for (int k = 0; k < n; ++k) std::swap(h[c * n + k], h[piv * n + k]);
    std::swap(g[c], g[piv]);
    for (int r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = h[r * n + c] / h[c * n + c];
      for (int k = 0; k < n; ++k) h[r * n + k] -= f * h[c * n + k];
      g[r] -= f * g[c];
    }
  }
  for (int c = 0; c < n; ++c) g[c] /= h[c * n + c];
  return g;
}

int fit(int argc, char** argv) {
  if (argc < 4) return 2;
  const double scale = std::atof(argv[2]);
  constexpr int K = kNumFeatures, K2 = 2 * kNumFeatures;
  std::vector<std::vector<float>> X;
  std::vector<float> Y, W;
  for (int i = 3; i < argc; ++i) {
    std::ifstream f(argv[i]);
    std::string line;
    while (std::getline(f, line)) {
      std::istringstream in(line);
      std::uint64_t cells = 0;
      int mover = 0, points = 0, extra = 0, label = 0;
      double wt = 0;
      if (!(in >> cells >> mover >> points >> extra >> label >> wt)) continue;  // a cut last line
      Position p;
      p.cells = cells;
      p.mover = static_cast<Colour>(mover);
      p.points = static_cast<std::uint8_t>(points);
      p.extra_used = extra != 0;
      const Features x = features(p);
      const float t = static_cast<float>(taper(p));
      std::vector<float> row(K2);
      for (int k = 0; k < K; ++k) row[k] = x.v[k] * t, row[K + k] = x.v[k] * (1 - t);
      X.push_back(std::move(row));
      Y.push_back(label > 0 ? 1.0f : label < 0 ? 0.0f : 0.5f);
      W.push_back(static_cast<float>(wt));
    }
  }
  const std::size_t n = X.size();
  std::vector<double> w(K2, 0.0);
  for (int it = 0; it < 15; ++it) {
    std::vector<double> h(K2 * K2, 0.0), g(K2, 0.0);
    double ll = 0, wsum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double z = 0;
      for (int k = 0; k < K2; ++k) z += w[k] * X[i][k];
      const double pr = 1.0 / (1.0 + std::exp(-z));
      const double hw = W[i] * std::max(pr * (1 - pr), 1e-6);
      ll += W[i] * (Y[i] * std::log(std::max(pr, 1e-12)) + (1 - Y[i]) * std::log(std::max(1 - pr, 1e-12)));
      wsum += W[i];
      for (int a = 0; a < K2; ++a) {
        if (X[i][a] == 0) continue;
        g[a] += W[i] * (Y[i] - pr) * X[i][a];
        for (int b = 0; b < K2; ++b) h[a * K2 + b] += hw * X[i][a] * X[i][b];
      }
    }
    const double ridge = 1e-3 * wsum;
    for (int a = 0; a < K2; ++a) h[a * K2 + a] += ridge, g[a] -= ridge * w[a];
    const std::vector<double> d = solve_linear(h, g);
    for (int a = 0; a < K2; ++a) w[a] += d[a];
    std::fprintf(stderr, "iteration %d: mean log-likelihood %.5f\n", it, ll / wsum);
  }
  double correct = 0, decided = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double z = 0;
    for (int k = 0; k < K2; ++k) z += w[k] * X[i][k];
    if (Y[i] != 0.5f) correct += W[i] * ((z > 0) == (Y[i] > 0.5f)), decided += W[i];
  }
  std::printf("%zu states, weighted accuracy %.4f\n", n, correct / decided);
  for (int k = 0; k < K; ++k)
    std::printf("%-12s start %8.1f  end %8.1f\n", kFeatureNames[k], scale * w[k], scale * w[K + k]);
  std::printf("{");
  for (int k = 0; k < K2; ++k) std::printf("%s%.1f", k ? ", " : "", scale * w[k]);
  std::printf("}\n");
  return 0;
}

int solvebench(int argc, char** argv) {
  if (argc < 5) return 2;
  const int games = std::atoi(argv[2]);
  const int lo = std::atoi(argv[3]), hi = std::atoi(argv[4]);
  std::mt19937 rng(99);
  TranspositionTable tt;
  tt.resize(32);
  Linja::Solver search_solver(16);
  Linja::Config cfg;
  std::vector<Position> positions;
  for (int g = 0; g < games; ++g) {
    Position p = start_position(kRed, false);
    for (int turn_no = 0; !game_over(p); ++turn_no) {
      const auto turn = turn_no < 3 ? random_turn(p, rng) : search_turn(p, 6, tt, search_solver, cfg);
      const int d = remaining_distance(p);
      if (d >= lo && d <= hi) positions.push_back(p);
      for (Move m : turn) p = play(p, m);
    }
  }
  Linja::Solver solver(64);
  std::uint64_t total = 0;
  int wins = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const Position& p : positions) {
    solver.clear();
    std::atomic<bool> stop{false};
    std::uint64_t nodes = 0;
    wins += solver.solve(p, -kInfinity, kInfinity, stop, nodes) > 0;
    total += nodes;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%zu positions, %d won for the side to move, %llu nodes, %.2f s, %.0f k nodes/s\n", positions.size(),
              wins, static_cast<unsigned long long>(total), secs, static_cast<double>(total) / secs / 1000);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  int rc = 2;
  if (cmd == "gen") rc = gen(argc, argv);
  else if (cmd == "fit") rc = fit(argc, argv);
  else if (cmd == "solvebench") rc = solvebench(argc, argv);
  if (rc == 2)
    std::fprintf(stderr,
                 "usage: linja_tune gen OUT GAMES DEPTH SEED RANDOM_TURNS SOLVE_D NODES [mixed|seed]\n"
                 "       linja_tune fit SCALE FILES...\n"
                 "       linja_tune solvebench GAMES LO HI\n");
  return rc;
}
