// The move-choice fit of tune/move_fit.cpp: the conditional logit of
// tune/choice_fit.h recovers the weights that drew the choices of a
// synthetic set, sampled candidates and their offsets included.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "games/arimaa/tune/choice_fit.h"

using namespace ludus::arimaa::choice;

namespace {

// Positions of `moves` candidates with normal features; the move played
// drawn from softmax(truth . x). With `sampled`, the fit sees the played
// move, the `top` best others by `ranker` and `draws` random others, each
// of those with the offset log(rest / draws), as move_fit.cpp builds them.
std::vector<Choice> synthetic(const std::vector<double>& truth, const std::vector<double>& ranker, int positions,
                              int moves, bool sampled, int top, int draws, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  std::vector<Choice> data;
  for (int i = 0; i < positions; ++i) {
    std::vector<std::vector<float>> xs(moves, std::vector<float>(truth.size()));
    std::vector<double> p(moves);
    double sum = 0;
    for (int j = 0; j < moves; ++j) {
      for (float& v : xs[j]) v = static_cast<float>(normal(rng));
      sum += p[j] = std::exp(score(truth, xs[j]));
    }
    double u = uniform(rng) * sum;
    int played = 0;
    while (played + 1 < moves && (u -= p[played]) > 0) ++played;
    Choice c;
    c.held_out = i % 10 == 9;
    c.x.push_back(xs[played]);
    c.offset.push_back(0.0f);
    std::vector<int> others;
    for (int j = 0; j < moves; ++j)
      if (j != played) others.push_back(j);
    if (!sampled) {
      for (int j : others) c.x.push_back(xs[j]), c.offset.push_back(0.0f);
    } else {
      std::sort(others.begin(), others.end(),
                [&](int a, int b) { return score(ranker, xs[a]) > score(ranker, xs[b]); });
      for (int j = 0; j < top; ++j) c.x.push_back(xs[others[j]]), c.offset.push_back(0.0f);
      std::vector<int> rest(others.begin() + top, others.end());
      std::shuffle(rest.begin(), rest.end(), rng);
      const float offset = static_cast<float>(std::log(static_cast<double>(rest.size()) / draws));
      for (int j = 0; j < draws; ++j) c.x.push_back(xs[rest[j]]), c.offset.push_back(offset);
    }
    data.push_back(std::move(c));
  }
  return data;
}

// The weights fitted from 0 with every weight free and no pull.
std::vector<double> fitted_from_zero(const std::vector<Choice>& data, std::size_t n) {
  const std::vector<double> prior(n, 0.0);
  std::vector<double> w = prior;
  fit(data, w, std::vector<bool>(n, true), prior, 0.0);
  return w;
}

}  // namespace

TEST_CASE("arimaa move fit: the conditional logit recovers the weights that chose the moves") {
  const std::vector<double> truth = {1.2, -0.7, 0.4, 0.0};
  std::mt19937_64 rng(11);
  const std::vector<Choice> data = synthetic(truth, truth, 6000, 30, false, 0, 0, rng);
  const std::vector<double> w = fitted_from_zero(data, 4), prior(4, 0.0);
  for (std::size_t k = 0; k < truth.size(); ++k) CHECK(std::fabs(w[k] - truth[k]) < 0.06);
  // Held out, the fitted weights explain the choices as well as the truth,
  // and better than no knowledge (every candidate alike: log(1/30)).
  const Quality fitted = quality(data, w, true), best = quality(data, truth, true), none = quality(data, prior, true);
  CHECK(fitted.n == 600);
  CHECK(fitted.loglik > best.loglik - 0.01);
  CHECK(none.loglik == doctest::Approx(std::log(1.0 / 30)).epsilon(1e-6));
  CHECK(fitted.loglik > none.loglik + 0.3);
  CHECK(fitted.top > 0.2);  // the move played is the model's first choice far more often than 1 in 30
}

TEST_CASE("arimaa move fit: sampled candidates with their offsets keep the weights") {
  // 200 candidates a position; the fit sees the played one, the 10 best by
  // a ranker that knows half the truth, and 20 of the other 189 at random.
  const std::vector<double> truth = {1.0, -0.6, 0.3};
  const std::vector<double> ranker = {1.0, 0.0, 0.0};
  std::mt19937_64 rng(5);
  const std::vector<Choice> data = synthetic(truth, ranker, 6000, 200, true, 10, 20, rng);
  const std::vector<double> w = fitted_from_zero(data, 3);
  for (std::size_t k = 0; k < truth.size(); ++k) CHECK(std::fabs(w[k] - truth[k]) < 0.12);
  // Without the offsets the random candidates stand for themselves alone
  // and the weights come out too large (the played move looks rarer).
  std::vector<Choice> plain = data;
  for (Choice& c : plain) std::fill(c.offset.begin(), c.offset.end(), 0.0f);
  const std::vector<double> biased = fitted_from_zero(plain, 3);
  CHECK(std::fabs(biased[0] - truth[0]) > std::fabs(w[0] - truth[0]));
}

TEST_CASE("arimaa move fit: fixed weights stay and the pull keeps the prior") {
  const std::vector<double> truth = {0.8, 0.5};
  std::mt19937_64 rng(3);
  const std::vector<Choice> data = synthetic(truth, truth, 3000, 20, false, 0, 0, rng);
  const std::vector<double> prior = {0.0, 0.2};
  std::vector<double> w = prior;
  fit(data, w, {true, false}, prior, 0.0);
  CHECK(w[1] == 0.2);
  CHECK(w[0] > 0.5);
  std::vector<double> pulled = prior;
  fit(data, pulled, {true, true}, prior, 1000.0);  // an overwhelming pull
  CHECK(std::fabs(pulled[0]) < 0.01);
  CHECK(std::fabs(pulled[1] - 0.2) < 0.01);
}

TEST_CASE("arimaa move fit: sparse features relative to the move played fit as the dense ones") {
  // Features mostly zero (a turn moves a few pieces of a wide table): the
  // fit skips the zeros, and taking every candidate relative to the move
  // played (move_fit.cpp) changes no probability, so not the weights.
  const std::vector<double> truth = {0.9, -0.5, 0.0, 0.6, 0.3, -0.8};
  std::mt19937_64 rng(17);
  std::vector<Choice> data = synthetic(truth, truth, 4000, 25, false, 0, 0, rng);
  std::uniform_int_distribution<int> keep(0, 2);
  for (Choice& c : data)
    for (auto& x : c.x)
      for (float& v : x)
        if (keep(rng)) v = 0.0f;  // two in three zero (the draws above stay as they were)
  const std::vector<double> dense = fitted_from_zero(data, truth.size());
  std::vector<Choice> relative = data;
  for (Choice& c : relative)
    for (std::size_t j = c.x.size(); j-- > 0;)
      for (std::size_t k = 0; k < c.x[j].size(); ++k) c.x[j][k] -= c.x[0][k];
  const std::vector<double> w = fitted_from_zero(relative, truth.size());
  for (std::size_t k = 0; k < truth.size(); ++k) CHECK(w[k] == doctest::Approx(dense[k]).epsilon(1e-6));
  CHECK(quality(relative, w, true).loglik == doctest::Approx(quality(data, dense, true).loglik).epsilon(1e-6));
}
