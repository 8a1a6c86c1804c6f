// The logistic regression of arimaa_eval_fit (eval_fit.cpp): game results
// on features of the position, P(win) = sigmoid(b + sum_i w_i x_i), fitted
// by Newton's method with step halving. A target may also be a probability
// (a strong engine's score through a sigmoid): the loss is then the cross
// entropy, whose gradient keeps the form (p - target) x. A header of its own so that the
// unit test (games/arimaa/eval_fit_test.cpp) fits a synthetic set with it.
// Weights are a vector of the features' weights followed by the bias b.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace ludus::arimaa::logistic {

struct Sample {
  std::vector<float> x;  // the features
  float won;             // 1: the side to move won, 0: it lost; or a probability
  int turn;
  bool held_out;
};

inline double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

inline double dot(const std::vector<double>& w, const Sample& s) {
  double z = w.back();
  for (std::size_t k = 0; k < s.x.size(); ++k) z += w[k] * s.x[k];
  return z;
}

// The cross entropy of a prediction p against a target y (a result, 0 or
// 1, or a probability); p is kept off 0 and 1.
inline double cross_entropy(double y, double p) {
  p = std::clamp(p, 1e-12, 1 - 1e-12);
  return -(y * std::log(p) + (1 - y) * std::log(1 - p));
}

struct Quality {
  double loss = 0;
  double right = 0;
  std::size_t n = 0;
};

inline Quality quality(const std::vector<Sample>& data, const std::vector<double>& w, bool held_out, int lo_turn,
                       int hi_turn) {
  Quality q;
  for (const Sample& s : data) {
    if (s.held_out != held_out || s.turn < lo_turn || s.turn > hi_turn) continue;
    const double p = sigmoid(dot(w, s));
    q.loss += cross_entropy(s.won, p);
    q.right += (p > 0.5) == (s.won > 0.5) ? 1.0 : (p == 0.5 ? 0.5 : 0.0);
    ++q.n;
  }
  if (q.n) q.loss /= q.n, q.right /= q.n;
  return q;
}

// The targets' own entropy, the mean cross entropy of each target against
// itself: no model's loss on these samples is lower.
inline double target_entropy(const std::vector<Sample>& data, bool held_out) {
  double sum = 0;
  std::size_t n = 0;
  for (const Sample& s : data) {
    if (s.held_out != held_out) continue;
    sum += cross_entropy(s.won, s.won);
    ++n;
  }
  return n ? sum / static_cast<double>(n) : 0.0;
}

// Solves a x = b (n x n, row-major) in place: Gaussian elimination with
// partial pivoting; b holds x after.
inline bool solve(std::vector<double> a, std::vector<double>& b, int n) {
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a[r * n + c]) > std::fabs(a[piv * n + c])) piv = r;
    if (std::fabs(a[piv * n + c]) < 1e-15) return false;
    if (piv != c) {
      for (int k = 0; k < n; ++k) std::swap(a[piv * n + k], a[c * n + k]);
      std::swap(b[piv], b[c]);
    }
    for (int r = c + 1; r < n; ++r) {
      const double f = a[r * n + c] / a[c * n + c];
      if (f == 0) continue;
      for (int k = c; k < n; ++k) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  for (int c = n - 1; c >= 0; --c) {
    for (int k = c + 1; k < n; ++k) b[c] -= a[c * n + k] * b[k];
    b[c] /= a[c * n + c];
  }
  return true;
}

// The indices of the free parameters.
inline std::vector<std::size_t> free_indices(const std::vector<bool>& free) {
  std::vector<std::size_t> idx;
  for (std::size_t k = 0; k < free.size(); ++k)
    if (free[k]) idx.push_back(k);
  return idx;
}

// A Newton step's line search: w moves to w + scale * step on the weights
// idx, scale halving from 1 until `objective` (to minimise) falls below
// `current`, which it then holds. Returns whether it fell by more than
// 1e-10 (no: the fit has converged). Shared with choice_fit.h.
template <class Objective>
bool step_halving(std::vector<double>& w, const std::vector<std::size_t>& idx, const std::vector<double>& step,
                  double& current, Objective&& objective) {
  for (double scale = 1.0; scale > 1e-6; scale /= 2) {
    std::vector<double> trial = w;
    for (std::size_t a = 0; a < idx.size(); ++a) trial[idx[a]] += scale * step[a];
    const double v = objective(trial);
    if (v < current) {
      const bool moved = current - v > 1e-10;
      w = std::move(trial);
      current = v;
      return moved;
    }
  }
  return false;
}

// The training objective: mean log loss plus the pull towards `prior`
// (l2 on the free feature weights, kRidge on every free parameter, the
// bias included, so that results the features separate exactly still
// have a finite optimum).
constexpr double kRidge = 1e-4;
inline double objective(const std::vector<Sample>& data, const std::vector<double>& w, const std::vector<bool>& free,
                        const std::vector<double>& prior, double l2) {
  double loss = 0;
  std::size_t n = 0;
  for (const Sample& s : data) {
    if (s.held_out) continue;
    const double z = dot(w, s);
    // log(1 + e^z) - won z: log(1 + e^-z) for a win, log(1 + e^z) for a
    // loss, without overflow.
    loss += (z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z))) - s.won * z;
    ++n;
  }
  loss /= static_cast<double>(std::max<std::size_t>(n, 1));
  const std::size_t bias = w.size() - 1;
  for (std::size_t k = 0; k < w.size(); ++k) {
    if (!free[k]) continue;
    const double d = w[k] - prior[k];
    loss += (k == bias ? kRidge : l2 + kRidge) * d * d;
  }
  return loss;
}

// Newton's method with step halving on the training samples, for the
// parameters marked free; the others keep their values in w.
inline void fit(const std::vector<Sample>& data, std::vector<double>& w, const std::vector<bool>& free,
                const std::vector<double>& prior, double l2) {
  const std::size_t bias = w.size() - 1;
  const std::vector<std::size_t> idx = free_indices(free);
  const int n = static_cast<int>(idx.size());
  if (!n) return;
  double current = objective(data, w, free, prior, l2);
  std::vector<double> xs(n);
  for (int iter = 0; iter < 100; ++iter) {
    std::vector<double> grad(n, 0.0), hess(static_cast<std::size_t>(n) * n, 0.0);
    std::size_t count = 0;
    for (const Sample& s : data) {
      if (s.held_out) continue;
      ++count;
      const double p = sigmoid(dot(w, s));
      const double g = p - s.won, h = p * (1 - p);
      for (int a = 0; a < n; ++a) xs[a] = idx[a] == bias ? 1.0 : s.x[idx[a]];
      for (int a = 0; a < n; ++a) {
        if (xs[a] == 0) continue;  // the square features are sparse
        grad[a] += g * xs[a];
        const double hx = h * xs[a];
        double* row = &hess[static_cast<std::size_t>(a) * n];
        for (int b = a; b < n; ++b) row[b] += hx * xs[b];
      }
    }
    if (!count) return;
    for (int a = 0; a < n; ++a) {
      grad[a] /= static_cast<double>(count);
      for (int b = a; b < n; ++b) {
        hess[a * n + b] /= static_cast<double>(count);
        hess[b * n + a] = hess[a * n + b];
      }
      const double pull = idx[a] == bias ? kRidge : l2 + kRidge;
      grad[a] += 2 * pull * (w[idx[a]] - prior[idx[a]]);
      hess[a * n + a] += 2 * pull;
    }
    if (!solve(hess, grad, n)) return;
    for (double& g : grad) g = -g;  // the step goes against the gradient
    if (!step_halving(w, idx, grad, current, [&](const std::vector<double>& t) {
          return objective(data, t, free, prior, l2);
        }))
      break;
  }
}

}  // namespace ludus::arimaa::logistic
