// The logistic regression of arimaa_eval_fit (eval_fit.cpp): game results
// on the evaluation's terms, P(win) = sigmoid(b + sum_i w_i x_i), fitted by
// Newton's method with step halving. A header of its own so that the unit
// test (games/arimaa/eval_fit_test.cpp) fits a synthetic set with it.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "games/arimaa/eval.h"

namespace ludus::arimaa::logistic {

constexpr int kTerms = kNumEvalTerms;
constexpr int kParams = kTerms + 1;  // the terms and the bias (last)

struct Sample {
  std::array<float, kTerms> x;  // rabbits
  float won;                    // 1: the side to move won
  int turn;
  bool held_out;
};

inline double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

inline double dot(const std::array<double, kParams>& w, const Sample& s) {
  double z = w[kTerms];
  for (int k = 0; k < kTerms; ++k) z += w[k] * s.x[k];
  return z;
}

struct Quality {
  double loss = 0;
  double right = 0;
  std::size_t n = 0;
};

inline Quality quality(const std::vector<Sample>& data, const std::array<double, kParams>& w, bool held_out, int lo_turn,
                int hi_turn) {
  Quality q;
  for (const Sample& s : data) {
    if (s.held_out != held_out || s.turn < lo_turn || s.turn > hi_turn) continue;
    const double p = std::clamp(sigmoid(dot(w, s)), 1e-12, 1 - 1e-12);
    q.loss -= s.won ? std::log(p) : std::log(1 - p);
    q.right += (p > 0.5) == (s.won > 0.5) ? 1.0 : (p == 0.5 ? 0.5 : 0.0);
    ++q.n;
  }
  if (q.n) q.loss /= q.n, q.right /= q.n;
  return q;
}

// Solves a x = b in place (Gaussian elimination with partial pivoting).
inline bool solve(std::array<std::array<double, kParams>, kParams> a, std::array<double, kParams>& b, int n) {
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[piv][c])) piv = r;
    if (std::fabs(a[piv][c]) < 1e-15) return false;
    std::swap(a[piv], a[c]);
    std::swap(b[piv], b[c]);
    for (int r = c + 1; r < n; ++r) {
      const double f = a[r][c] / a[c][c];
      for (int k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (int c = n - 1; c >= 0; --c) {
    for (int k = c + 1; k < n; ++k) b[c] -= a[c][k] * b[k];
    b[c] /= a[c][c];
  }
  return true;
}

// The training objective: mean log loss plus the pull towards `prior`
// (l2 on the free term weights, kRidge on every free parameter).
constexpr double kRidge = 1e-4;
inline double objective(const std::vector<Sample>& data, const std::array<double, kParams>& w,
                 const std::array<bool, kParams>& free, const std::array<double, kParams>& prior, double l2) {
  double loss = 0;
  std::size_t n = 0;
  for (const Sample& s : data) {
    if (s.held_out) continue;
    const double z = dot(w, s);
    // log(1 + e^-z) for a win, log(1 + e^z) for a loss, without overflow.
    const double m = s.won ? -z : z;
    loss += m > 0 ? m + std::log1p(std::exp(-m)) : std::log1p(std::exp(m));
    ++n;
  }
  loss /= std::max<std::size_t>(n, 1);
  for (int k = 0; k < kParams; ++k) {
    if (!free[k]) continue;
    const double d = w[k] - prior[k];
    loss += (k == kTerms ? kRidge : l2 + kRidge) * d * d;
  }
  return loss;
}

// Newton's method with step halving on the training samples, for the
// parameters marked free; the others keep their values in w.
inline void fit(const std::vector<Sample>& data, std::array<double, kParams>& w, const std::array<bool, kParams>& free,
         const std::array<double, kParams>& prior, double l2) {
  std::vector<int> idx;
  for (int k = 0; k < kParams; ++k)
    if (free[k]) idx.push_back(k);
  const int n = static_cast<int>(idx.size());
  double current = objective(data, w, free, prior, l2);
  for (int iter = 0; iter < 100; ++iter) {
    std::array<double, kParams> grad{};
    std::array<std::array<double, kParams>, kParams> hess{};
    std::size_t count = 0;
    for (const Sample& s : data) {
      if (s.held_out) continue;
      ++count;
      const double p = sigmoid(dot(w, s));
      const double g = p - s.won, h = p * (1 - p);
      for (int a = 0; a < n; ++a) {
        const double xa = idx[a] == kTerms ? 1.0 : s.x[idx[a]];
        grad[a] += g * xa;
        for (int b = a; b < n; ++b) hess[a][b] += h * xa * (idx[b] == kTerms ? 1.0 : s.x[idx[b]]);
      }
    }
    if (!count) return;
    for (int a = 0; a < n; ++a) {
      grad[a] /= count;
      for (int b = a; b < n; ++b) hess[b][a] = hess[a][b] /= count;
      const double pull = idx[a] == kTerms ? kRidge : l2 + kRidge;
      grad[a] += 2 * pull * (w[idx[a]] - prior[idx[a]]);
      hess[a][a] += 2 * pull;
    }
    if (!solve(hess, grad, n)) return;
    // Halve the step until the objective falls.
    bool moved = false;
    for (double scale = 1.0; scale > 1e-6; scale /= 2) {
      std::array<double, kParams> trial = w;
      for (int a = 0; a < n; ++a) trial[idx[a]] -= scale * grad[a];
      const double v = objective(data, trial, free, prior, l2);
      if (v < current) {
        moved = current - v > 1e-10;
        w = trial;
        current = v;
        break;
      }
    }
    if (!moved) break;
  }
}

}  // namespace ludus::arimaa::logistic
