// The Arimaa evaluation's fit: the logistic regression of tune/eval_fit.cpp
// recovers known weights from a synthetic set, and the evaluation is the
// weighted sum of the terms it fits.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "games/arimaa/eval.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/tune/logistic_fit.h"

using namespace ludus;
using namespace ludus::arimaa;
using namespace ludus::arimaa::logistic;

TEST_CASE("arimaa fit: the logistic regression recovers the weights that drew the results") {
  // Three informative terms, one that says nothing, a side-to-move edge;
  // results drawn from sigmoid(b + w.x).
  std::array<double, kParams> truth{};
  truth[0] = 1.5, truth[1] = -0.8, truth[2] = 0.4, truth[kTerms] = 0.3;
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<Sample> data;
  for (int i = 0; i < 40000; ++i) {
    Sample s{};
    for (int k = 0; k < 4; ++k) s.x[k] = static_cast<float>(normal(rng));
    s.won = uniform(rng) < sigmoid(dot(truth, s)) ? 1.0f : 0.0f;
    s.turn = i % 60;
    s.held_out = i % 10 == 9;
    data.push_back(s);
  }
  std::array<bool, kParams> free{};
  for (int k = 0; k < 4; ++k) free[k] = true;
  free[kTerms] = true;
  std::array<double, kParams> w{}, prior{};
  fit(data, w, free, prior, 0.0);
  for (int k : {0, 1, 2, 3, kTerms}) CHECK(std::fabs(w[k] - truth[k]) < 0.08);
  // The fitted model predicts the held-out results as well as the truth.
  const Quality fitted = quality(data, w, true, 0, 1000), best = quality(data, truth, true, 0, 1000);
  CHECK(fitted.n == 4000);
  CHECK(fitted.loss < best.loss + 0.005);
  CHECK(fitted.loss < quality(data, prior, true, 0, 1000).loss - 0.1);
  // A strong pull towards the prior keeps the weights there.
  std::array<double, kParams> pulled{};
  fit(data, pulled, free, prior, 100.0);
  for (int k = 0; k < 4; ++k) CHECK(std::fabs(pulled[k]) < 0.01);
}

TEST_CASE("arimaa fit: results the terms separate exactly do not send the weights off") {
  // Every win has x0 > 0: the unregularised optimum is at infinity; the
  // ridge and the step halving keep the fit finite and right.
  std::vector<Sample> data;
  for (int i = 0; i < 200; ++i) {
    Sample s{};
    s.x[0] = static_cast<float>((i % 2 ? 1 : -1) * (1 + i % 7));
    s.won = i % 2 ? 1.0f : 0.0f;
    data.push_back(s);
  }
  std::array<bool, kParams> free{};
  free[0] = free[kTerms] = true;
  std::array<double, kParams> w{}, prior{};
  fit(data, w, free, prior, 0.0);
  CHECK(std::isfinite(w[0]));
  CHECK(w[0] > 1.0);
  CHECK(w[0] < 1000.0);
  CHECK(quality(data, w, false, 0, 1000).right == 1.0);
}

TEST_CASE("arimaa fit: the score is the sum of the terms, each weighted on its own") {
  for (const char* f : {"1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7",
                        "rrc2crr/2dr1d2/4e1h1/2Rm4/R3ErR1/Dh2D1HR/rRC2CR1/2R2R2 g 15",
                        "2c5/R7/8/8/8/8/8/7r s 10", "8/R7/8/8/8/8/8/7r s 10"}) {
    Position p;
    REQUIRE(parse_fen(f, p));
    const auto terms = eval_terms(p);
    const auto pct = eval_term_percents();
    int sum = 0;
    for (int i = 0; i < kNumEvalTerms; ++i) sum += terms[i] * pct[i] / 100;
    CHECK(sum == evaluate(p));
  }
  // The unstoppable threat is a term of its own (the goal term is then 0).
  Position lost;
  REQUIRE(parse_fen("8/R7/8/8/8/8/8/7r s 10", lost));
  const auto terms = eval_terms(lost);
  auto term = [&](const std::string& name) {
    for (int i = 0; i < kNumEvalTerms; ++i)
      if (name == kEvalTermNames[i]) return terms[i];
    FAIL("no term " << name);
    return 0;
  };
  CHECK(term("unstoppable") == -2000);
  CHECK(term("goal") == 0);
}
