// Fitting the weights of `Evaluator=pattern` (patterns.h) to labelled
// positions: the library half of games/othello/tune/pattern_train.cpp, here
// so that the unit tests can train on synthetic data.
//
// The evaluation is linear in its weights: a position's value is the sum of
// the weights of its 46 packed pattern configurations plus parity and
// mobility times their weights, all of its stage. Each stage is fitted by
// ridge least squares,
//
//     minimise  sum_i c_i (x_i . w - y_i)^2  +  l2 * |w|^2,
//
// with the conjugate gradient method on the normal equations (Jacobi
// preconditioned: a weight's diagonal is how often its configuration
// occurs). The L2 term pulls the weights of configurations seen a few times
// towards 0 (a configuration seen n times keeps about n / (n + l2) of its
// least-squares value) and leaves those never seen at exactly 0. Smoothing
// across stages (Logistello's): a stage is also fitted on the positions of
// its two neighbouring stages, with the sample weight c = `smooth` (1 for
// its own positions), so that the weights change gradually from stage to
// stage and a stage with few positions borrows from its neighbours.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/othello/board.h"
#include "games/othello/patterns.h"

namespace ludus::othello::patterns {

struct Sample {
  std::array<std::uint16_t, kNumInstances> packed{};  // packed index within each instance's kind
  std::int8_t parity = 0;
  std::int8_t mobility = 0;
  std::uint8_t stage = 0;
  bool held_out = false;
  float label = 0;  // discs of final margin for the side to move
};
Sample make_sample(const Board& b, float label, bool held_out);

// The value (discs) of a sample under one stage's weights (kWeightsPerStage).
double predict(const Sample& s, const double* stage_weights);

struct FitOptions {
  double l2 = 5.0;
  double smooth = 0.5;  // 0: each stage on its own positions only
  int max_iterations = 300;
  double tolerance = 1e-9;  // stop when |residual| <= tolerance * |X^T C y|
  int threads = 1;          // stages fitted in parallel
  // Optional prior weights (kNumStages * kWeightsPerStage, discs): the fit
  // is then of the labels less the prior's predictions, and the prior is
  // added back, so that the ridge penalty pulls towards the prior instead
  // of towards 0 and a configuration the positions never meet keeps the
  // prior's weight (a stage they never reach keeps the prior as it is).
  const std::vector<double>* prior = nullptr;
};

struct StageFit {
  std::size_t train = 0;   // this stage's training positions
  std::size_t held = 0;    // this stage's held-out positions
  std::size_t fitted = 0;  // positions in the fit, neighbours' included
  double train_rms = 0;    // discs, this stage's training positions
  double held_rms = 0;     // discs, this stage's held-out positions
  int iterations = 0;
  double residual = 0;     // final |residual| / |X^T C y|
};

struct FitResult {
  std::vector<double> weights;  // kNumStages * kWeightsPerStage, discs
  std::array<StageFit, kNumStages> stages{};
};

FitResult fit_patterns(const std::vector<Sample>& samples, const FitOptions& options);

// Discs -> the file's int16 centi-discs (rounded, clamped to the int16 range).
std::vector<std::int16_t> quantize(const std::vector<double>& weights);

}  // namespace ludus::othello::patterns
