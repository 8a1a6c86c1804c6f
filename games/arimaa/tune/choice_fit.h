// The move-choice fit of arimaa_move_fit (move_fit.cpp): which of a
// position's moves a strong player chose, as a conditional logit over the
// features of the positions the moves lead to,
//
//   P(candidate j is the move played) = exp(w.x_j + o_j) / sum_k exp(w.x_k + o_k),
//
// fitted by Newton's method with step halving on the mean log-likelihood
// of the moves played, less l2 x sum_i (w_i - prior_i)^2. The offset o_k
// corrects for sampling: a position has thousands of moves, of which the
// fit sees the played one, the evaluation's best few and a random sample
// of the rest, each random one standing for (rest / sampled) moves (o =
// the log of that). A header of its own so that the unit test
// (games/arimaa/choice_fit_test.cpp) fits a synthetic set with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "games/arimaa/tune/logistic_fit.h"

namespace ludus::arimaa::choice {

struct Choice {
  // The candidates' features, candidate 0 the move played.
  std::vector<std::vector<float>> x;
  std::vector<float> offset;  // per candidate
  bool held_out = false;
};

inline double score(const std::vector<double>& w, const std::vector<float>& x) {
  double z = 0;
  for (std::size_t k = 0; k < x.size(); ++k) z += w[k] * x[k];
  return z;
}

struct Quality {
  double loglik = 0;  // mean log-likelihood of the moves played
  double top = 0;     // share of positions where the move played scores highest (offsets aside)
  std::size_t n = 0;
};

inline Quality quality(const std::vector<Choice>& data, const std::vector<double>& w, bool held_out) {
  Quality q;
  for (const Choice& c : data) {
    if (c.held_out != held_out || c.x.size() < 2) continue;
    double best = -std::numeric_limits<double>::infinity(), mx = best;
    std::vector<double> z(c.x.size());
    for (std::size_t j = 0; j < c.x.size(); ++j) {
      z[j] = score(w, c.x[j]);
      if (j > 0) best = std::max(best, z[j]);
      z[j] += c.offset[j];
      mx = std::max(mx, z[j]);
    }
    double sum = 0;
    for (double v : z) sum += std::exp(v - mx);
    q.loglik += z[0] - mx - std::log(sum);
    q.top += score(w, c.x[0]) > best ? 1.0 : 0.0;
    ++q.n;
  }
  if (q.n) q.loglik /= static_cast<double>(q.n), q.top /= static_cast<double>(q.n);
  return q;
}

// The penalised objective (to minimise) on the training choices.
inline double objective(const std::vector<Choice>& data, const std::vector<double>& w, const std::vector<bool>& free,
                        const std::vector<double>& prior, double l2) {
  double loss = -quality(data, w, false).loglik;
  for (std::size_t k = 0; k < w.size(); ++k)
    if (free[k]) loss += l2 * (w[k] - prior[k]) * (w[k] - prior[k]);
  return loss;
}

// Newton's method with step halving for the weights marked free; the
// others keep their values in w. (The model has no bias: a constant
// cancels within a position.)
inline void fit(const std::vector<Choice>& data, std::vector<double>& w, const std::vector<bool>& free,
                const std::vector<double>& prior, double l2) {
  const std::vector<std::size_t> idx = logistic::free_indices(free);
  const int n = static_cast<int>(idx.size());
  if (!n) return;
  double current = objective(data, w, free, prior, l2);
  for (int iter = 0; iter < 100; ++iter) {
    // Gradient and Hessian of the mean log-likelihood: per position,
    // x_0 - E[x] and -(E[x x^T] - E[x] E[x]^T) under the softmax.
    std::vector<double> grad(n, 0.0), hess(static_cast<std::size_t>(n) * n, 0.0);
    std::vector<double> mean(n, 0.0);
    std::vector<char> touched(n, 0);
    std::vector<int> nz, used;
    std::size_t count = 0;
    for (const Choice& c : data) {
      if (c.held_out || c.x.size() < 2) continue;
      ++count;
      std::vector<double> z(c.x.size());
      double mx = -std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < c.x.size(); ++j) mx = std::max(mx, z[j] = score(w, c.x[j]) + c.offset[j]);
      double sum = 0;
      for (double& v : z) sum += (v = std::exp(v - mx));
      // Only a candidate's nonzero features add to the sums: with the
      // features taken relative to the move played (move_fit.cpp) most of
      // a wide vector is zero.
      used.clear();
      for (std::size_t j = 0; j < c.x.size(); ++j) {
        const double p = z[j] / sum;
        nz.clear();
        for (int a = 0; a < n; ++a)
          if (c.x[j][idx[a]] != 0.0f) nz.push_back(a);
        for (std::size_t u = 0; u < nz.size(); ++u) {
          const int a = nz[u];
          const double xa = c.x[j][idx[a]];
          if (!touched[a]) touched[a] = 1, used.push_back(a);
          mean[a] += p * xa;
          for (std::size_t v = u; v < nz.size(); ++v) hess[a * n + nz[v]] += p * xa * c.x[j][idx[nz[v]]];
        }
      }
      for (int a = 0; a < n; ++a) grad[a] += c.x[0][idx[a]];
      std::sort(used.begin(), used.end());
      for (std::size_t u = 0; u < used.size(); ++u) {
        const int a = used[u];
        grad[a] -= mean[a];
        for (std::size_t v = u; v < used.size(); ++v) hess[a * n + used[v]] -= mean[a] * mean[used[v]];
      }
      for (int a : used) mean[a] = 0, touched[a] = 0;
    }
    if (!count) return;
    // The step solves (H / count + 2 l2) d = grad / count - 2 l2 (w - prior).
    for (int a = 0; a < n; ++a) {
      grad[a] = grad[a] / count - 2 * l2 * (w[idx[a]] - prior[idx[a]]);
      for (int b = a; b < n; ++b) {
        hess[a * n + b] = hess[a * n + b] / count + (a == b ? 2 * l2 + logistic::kRidge : 0.0);
        hess[b * n + a] = hess[a * n + b];
      }
    }
    if (!logistic::solve(hess, grad, n)) return;
    if (!logistic::step_halving(w, idx, grad, current, [&](const std::vector<double>& t) {
          return objective(data, t, free, prior, l2);
        }))
      return;
  }
}

}  // namespace ludus::arimaa::choice
