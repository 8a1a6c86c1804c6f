// The choices of arimaa_order_fit (order_fit.cpp): a step position, the
// move played there and every other legal move, each seen through the
// ordering prior's features (step_features.h). A header of its own so that
// the unit test (games/arimaa/order_fit_test.cpp) builds its synthetic
// choices the same way.
#pragma once

#include <utility>
#include <vector>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/step_features.h"
#include "games/arimaa/tune/choice_fit.h"

namespace ludus::arimaa::choice {

// One choice with two views of each candidate: its features, and the
// search's prior's score (in `prior`, candidate 0 the move played).
struct StepChoice {
  Choice features, prior;
};

inline std::vector<float> feature_vector(const Position& p, Move m) {
  std::vector<float> x(kStepFeatures, 0.0f);
  FeatureValue f[kMaxStepFeatures];
  const int n = step_features(p, m, f);
  for (int i = 0; i < n; ++i) x[f[i].feature] += f[i].value / 100.0f;
  return x;
}

// The choice of `played` at p; false when p has a single move or the
// move played is not among them.
inline bool make_choice(const Position& p, Move played, bool held_out, StepChoice& out) {
  MoveBuffer buffer;
  Move* moves = buffer.data();
  const int n = generate_moves(p, moves);
  if (n < 2) return false;
  int index = -1;
  for (int i = 0; i < n; ++i)
    if (moves[i] == played) index = i;
  if (index < 0) return false;
  std::swap(moves[0], moves[index]);
  out.features = {{}, std::vector<float>(n, 0.0f), held_out};
  out.prior = {{}, std::vector<float>(n, 0.0f), held_out};
  for (int i = 0; i < n; ++i) {
    out.features.x.push_back(feature_vector(p, moves[i]));
    out.prior.x.push_back({static_cast<float>(Arimaa::order_hint(p, moves[i])) / 100.0f});
  }
  return true;
}
}  // namespace ludus::arimaa::choice
