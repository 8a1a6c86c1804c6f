// The ordering prior's fit (tune/order_fit.cpp): a synthetic player picks
// its steps in random games by a softmax of known weights on the step
// features (pushes sought, the same piece moved on, retreats and the end
// of the turn avoided); the choices built as the fitter builds them
// (tune/step_choice.h) give those weights back, and rank the moves played
// far better than no prior.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/fen_for_tests.h"
#include "games/arimaa/step_features.h"
#include "games/arimaa/tune/step_choice.h"

using namespace ludus;
using namespace ludus::arimaa;
using namespace ludus::arimaa::choice;

TEST_CASE("arimaa_order_fit's choices give back the weights that drew them") {
  std::vector<double> truth(kStepFeatures, 0.0);
  truth[kStepPushStart] = 1.5;
  truth[kStepSamePiece] = 1.0;
  truth[kStepBackward] = -1.0;
  truth[kStepPass] = -1.0;

  std::mt19937_64 rng(7);
  std::vector<Choice> data;
  const std::vector<std::string> fens = Arimaa::bench_fens();
  for (int game = 0; data.size() < 16000; ++game) {
    Position p = fen_or_fail(fens[static_cast<std::size_t>(game) % fens.size()]);
    for (int step = 0; step < 120 && Arimaa::outcome(p) == Outcome::Ongoing; ++step) {
      MoveBuffer buffer;
      Move* moves = buffer.data();
      const int n = generate_moves(p, moves);
      if (n == 0) break;  // a dead end inside the turn (every step restores its start)
      std::vector<double> weight(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) weight[i] = std::exp(score(truth, feature_vector(p, moves[i])));
      std::discrete_distribution<int> pick(weight.begin(), weight.end());
      const Move played = moves[pick(rng)];
      StepChoice c;
      if (make_choice(p, played, game % 5 == 0, c)) data.push_back(std::move(c.features));
      p = Arimaa::play(p, played);
    }
  }
  std::vector<double> w(kStepFeatures, 0.0);
  const std::vector<double> zero(kStepFeatures, 0.0);
  const Quality none = quality(data, zero, true);
  fit(data, w, std::vector<bool>(kStepFeatures, true), zero, 1e-4);
  for (int f : {kStepPushStart, kStepSamePiece, kStepBackward}) CHECK(std::abs(w[f] - truth[f]) < 0.3);
  // The end of the turn has two features, its own and the steps it leaves
  // unused, which trade off against each other: its score is what is fixed.
  for (int left = 1; left <= 3; ++left)
    CHECK(std::abs(w[kStepPass] + left * w[kStepPassStepsLeft] - truth[kStepPass]) < 0.3);
  const Quality fitted = quality(data, w, true), best = quality(data, truth, true);
  CHECK(fitted.loglik > none.loglik + 0.1);
  CHECK(fitted.loglik > best.loglik - 0.01);
}
