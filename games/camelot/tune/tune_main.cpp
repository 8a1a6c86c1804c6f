// camelot_tune: fits the weights of the ludus Camelot evaluation
// (games/camelot/eval.h) to game results (Texel's method).
//
//   camelot_tune [--games N] [--depth D] [--seed S] [--iterations I] > weights.txt
//
// 1. Games: N games from the start, the first 4-10 plies random, then each
//    side plays a depth-D search (10% random moves before ply 30, for
//    variety). Each side's evaluator is drawn at random, ludus (the current
//    weights) or seed, so that the data covers both styles of play. A game
//    ends by the rules (castle, material, no move, threefold repetition,
//    the 100-ply clock) or at ply 400 (a draw).
// 2. Samples: every position after the random opening whose legal moves
//    are not all captures (the positions quiescence evaluates), labelled
//    with the game's result from its side to move's view (1, 0.5, 0).
// 3. Fit: the evaluation is linear in its weights (eval.h, two phases).
//    Minimise the mean squared error of sigmoid(eval / K) against the labels
//    (K fitted first for the current weights), with Adam and a small L2 pull
//    towards the current weights. Every 10th game is held out and reports
//    the error before and after.
// The output is the kEvalWeights table for games/camelot/eval_weights.h.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/search.h"
#include "engine/tt.h"
#include "games/camelot/camelot.h"
#include "games/camelot/eval.h"
#include "games/camelot/eval_seed.h"
#include "games/camelot/movegen.h"

using namespace ludus;
using namespace ludus::camelot;

namespace {

struct Sample {
  Features f;
  float label;
  bool held_out;
};

Move search_move(const Position& p, const std::vector<std::uint64_t>& history, int depth, const Camelot::Config& cfg,
                 TranspositionTable& tt) {
  return search_to_depth<Camelot>(p, depth, cfg, tt, history).line.front();
}

// Plays one game; appends its samples. Returns the result from White's view.
double play_game(std::mt19937_64& rng, int depth, bool held_out, std::vector<Sample>& out) {
  Camelot::Config cfg[2];
  for (auto& c : cfg) c.evaluator = (rng() & 1) ? Camelot::Config::Seed : Camelot::Config::Ludus;
  TranspositionTable tt;
  tt.resize(8);
  Position p = start_position(false);
  std::vector<std::uint64_t> history{p.base_key};
  std::vector<Features> feats;
  std::vector<int> sides;
  const int random_plies = 4 + static_cast<int>(rng() % 7);
  double white = 0.5;
  for (int ply = 0; ply < 400; ++ply) {
    const Outcome o = outcome(p);
    if (o != Outcome::Ongoing) {
      white = o == Outcome::P1Win ? 1 : o == Outcome::P2Win ? 0 : 0.5;
      break;
    }
    if (std::count(history.begin(), history.end(), p.base_key) >= 3) break;  // a draw
    MoveList moves;
    const int n = legal_moves(p, moves);
    if (ply >= random_plies && !noisy_forced(p)) {
      feats.push_back(features(p));
      sides.push_back(p.side);
    }
    Move m;
    if (ply < random_plies || (ply < 30 && rng() % 10 == 0)) {
      m = moves[rng() % static_cast<unsigned>(n)];
    } else {
      m = search_move(p, history, depth, cfg[p.side], tt);
    }
    p = play(p, m);
    if (p.clock == 0) history.clear();  // irreversible: earlier positions cannot recur
    history.push_back(p.base_key);
  }
  for (std::size_t i = 0; i < feats.size(); ++i)
    out.push_back({feats[i], static_cast<float>(sides[i] == 0 ? white : 1 - white), held_out});
  return white;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

double error(const std::vector<Sample>& data, const EvalWeights& w, double k, bool held_out) {
  double e = 0;
  int n = 0;
  for (const auto& s : data) {
    if (s.held_out != held_out) continue;
    const double d = sigmoid(evaluate_with(s.f, w) / k) - s.label;
    e += d * d;
    ++n;
  }
  return n ? e / n : 0;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 600, depth = 3, iterations = 3000;
  unsigned seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--games") games = std::atoi(argv[i + 1]);
    else if (a == "--depth") depth = std::atoi(argv[i + 1]);
    else if (a == "--seed") seed = static_cast<unsigned>(std::atoi(argv[i + 1]));
    else if (a == "--iterations") iterations = std::atoi(argv[i + 1]);
  }
  std::mt19937_64 rng(seed);
  std::vector<Sample> data;
  int wins = 0, losses = 0, draws = 0;
  for (int g = 0; g < games; ++g) {
    const double r = play_game(rng, depth, g % 10 == 9, data);
    (r == 1 ? wins : r == 0 ? losses : draws)++;
    if ((g + 1) % 50 == 0)
      std::fprintf(stderr, "%d games (+%d =%d -%d for White), %zu samples\n", g + 1, wins, draws, losses, data.size());
  }
  const EvalWeights start = eval_weights();
  // K: the scale that fits the current weights best.
  double k = 100, best_k = 100, best_e = 1e9;
  for (k = 40; k <= 2000; k += 10) {
    const double e = error(data, start, k, false);
    if (e < best_e) best_e = e, best_k = k;
  }
  k = best_k;
  std::fprintf(stderr, "K = %.0f; error train %.5f held-out %.5f\n", k, error(data, start, k, false),
               error(data, start, k, true));

  // Adam over the weights as doubles.
  constexpr int kDim = 2 * kNumFeatures;
  std::array<double, kDim> w{}, m{}, v{}, w0{};
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < kNumFeatures; ++i) w[p * kNumFeatures + i] = w0[p * kNumFeatures + i] = start.w[p][i];
  const double lr = 1.0, b1 = 0.9, b2 = 0.999, l2 = 1e-7;
  for (int it = 1; it <= iterations; ++it) {
    std::array<double, kDim> grad{};
    int n = 0;
    for (const auto& s : data) {
      if (s.held_out) continue;
      double e = 0;
      for (int i = 0; i < kNumFeatures; ++i)
        e += s.f.x[i] * (w[i] * (kPhaseScale - s.f.phase) + w[kNumFeatures + i] * s.f.phase);
      e /= kPhaseScale;
      const double q = sigmoid(e / k);
      const double g = 2 * (q - s.label) * q * (1 - q) / k / kPhaseScale;
      for (int i = 0; i < kNumFeatures; ++i) {
        if (s.f.x[i] == 0) continue;
        grad[i] += g * s.f.x[i] * (kPhaseScale - s.f.phase);
        grad[kNumFeatures + i] += g * s.f.x[i] * s.f.phase;
      }
      ++n;
    }
    for (int j = 0; j < kDim; ++j) {
      const double gj = grad[j] / n + 2 * l2 * (w[j] - w0[j]);
      m[j] = b1 * m[j] + (1 - b1) * gj;
      v[j] = b2 * v[j] + (1 - b2) * gj * gj;
      const double mh = m[j] / (1 - std::pow(b1, it)), vh = v[j] / (1 - std::pow(b2, it));
      w[j] -= lr * mh / (std::sqrt(vh) + 1e-12);
    }
    if (it % 500 == 0) {
      EvalWeights cur{};
      for (int p = 0; p < 2; ++p)
        for (int i = 0; i < kNumFeatures; ++i) cur.w[p][i] = static_cast<int>(std::lround(w[p * kNumFeatures + i]));
      std::fprintf(stderr, "iteration %d: error train %.5f held-out %.5f\n", it, error(data, cur, k, false),
                   error(data, cur, k, true));
    }
  }
  // The material unit stays one Man = 100: rescale everything.
  const double unit = (w[kFMen] + w[kNumFeatures + kFMen]) / 2 / 100.0;
  std::printf("// camelot_tune --games %d --depth %d --seed %u --iterations %d (K = %.0f)\n", games, depth, seed,
              iterations, k);
  for (int p = 0; p < 2; ++p) {
    std::printf("    {");
    for (int i = 0; i < kNumFeatures; ++i)
      std::printf("%s%ld", i ? ", " : "", std::lround(w[p * kNumFeatures + i] / (unit > 0.05 ? unit : 1)));
    std::printf("},\n");
  }
  return 0;
}
