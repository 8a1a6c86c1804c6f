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
  // Three informative features, one that says nothing, a side-to-move
  // edge (the last weight); results drawn from sigmoid(b + w.x).
  const std::vector<double> truth = {1.5, -0.8, 0.4, 0.0, 0.3};
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<Sample> data;
  for (int i = 0; i < 40000; ++i) {
    Sample s{std::vector<float>(4), 0.0f, i % 60, i % 10 == 9};
    for (float& x : s.x) x = static_cast<float>(normal(rng));
    s.won = uniform(rng) < sigmoid(dot(truth, s)) ? 1.0f : 0.0f;
    data.push_back(s);
  }
  const std::vector<bool> free(5, true);
  const std::vector<double> prior(5, 0.0);
  std::vector<double> w = prior;
  fit(data, w, free, prior, 0.0);
  for (int k = 0; k < 5; ++k) CHECK(std::fabs(w[k] - truth[k]) < 0.08);
  // The fitted model predicts the held-out results as well as the truth.
  const Quality fitted = quality(data, w, true, 0, 1000), best = quality(data, truth, true, 0, 1000);
  CHECK(fitted.n == 4000);
  CHECK(fitted.loss < best.loss + 0.005);
  CHECK(fitted.loss < quality(data, prior, true, 0, 1000).loss - 0.1);
  // A strong pull towards the prior keeps the weights there; a parameter
  // that is not free keeps its value.
  std::vector<double> pulled = prior;
  fit(data, pulled, free, prior, 100.0);
  for (int k = 0; k < 4; ++k) CHECK(std::fabs(pulled[k]) < 0.01);
  std::vector<double> held = {0.5, 0.0, 0.0, 0.0, 0.0};
  fit(data, held, {false, true, true, true, true}, prior, 0.0);
  CHECK(held[0] == 0.5);
  CHECK(held[1] < -0.4);  // fitted still (a little weaker: the held x0 leaves noise)
  CHECK(quality(data, held, true, 0, 1000).loss > fitted.loss);
}

TEST_CASE("arimaa fit: probabilities as targets (a strong engine's scores) give back the weights behind them") {
  // Targets sigmoid(truth . x) with no draw noise: the cross entropy is
  // least at the truth itself, so the fit finds it closely, and its
  // held-out loss is the targets' own entropy (no model does better).
  const std::vector<double> truth = {1.2, -0.5, 0.0, 0.25};
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Sample> data;
  for (int i = 0; i < 5000; ++i) {
    Sample s{std::vector<float>(3), 0.0f, 0, i % 5 == 4};
    for (float& x : s.x) x = static_cast<float>(normal(rng));
    s.won = static_cast<float>(sigmoid(dot(truth, s)));
    data.push_back(s);
  }
  std::vector<double> w(4, 0.0);
  fit(data, w, std::vector<bool>(4, true), std::vector<double>(4, 0.0), 0.0);
  for (int k = 0; k < 4; ++k) CHECK(std::fabs(w[k] - truth[k]) < 0.01);
  const Quality fitted = quality(data, w, true, 0, 1000), best = quality(data, truth, true, 0, 1000);
  CHECK(fitted.loss < best.loss + 1e-4);
  CHECK(fitted.right > 0.99);  // the side the target favours
  // Hard 0/1 targets are the special case: the same loss as before.
  Sample won{{1.0f, 0.0f, 0.0f}, 1.0f, 0, true}, lost{{1.0f, 0.0f, 0.0f}, 0.0f, 0, true};
  CHECK(quality({won}, truth, true, 0, 1000).loss == doctest::Approx(-std::log(sigmoid(1.2 + 0.25))));
  CHECK(quality({lost}, truth, true, 0, 1000).loss == doctest::Approx(-std::log(1 - sigmoid(1.2 + 0.25))));
}

TEST_CASE("arimaa fit: results the features separate exactly do not send the weights off") {
  // Every win has x0 > 0: the unregularised optimum is at infinity; the
  // ridge and the step halving keep the fit finite and right.
  std::vector<Sample> data;
  for (int i = 0; i < 200; ++i)
    data.push_back({{static_cast<float>((i % 2 ? 1 : -1) * (1 + i % 7))}, i % 2 ? 1.0f : 0.0f, 0, false});
  std::vector<double> w = {0.0, 0.0};
  fit(data, w, {true, true}, {0.0, 0.0}, 0.0);
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
