#include "games/othello/patterns_fit.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace ludus::othello::patterns {

namespace {

// Parameter index (within a stage) of every instance's packed index 0.
const std::array<int, kNumInstances>& instance_packed_offset() {
  static const auto t = [] {
    std::array<int, kNumInstances> o{};
    for (int i = 0; i < kNumInstances; ++i) o[i] = packed_offset(instance_kind(i));
    return o;
  }();
  return t;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// The sample weight of `s` in the fit of stage `st`: 1 for its own stage,
// `smooth` for a neighbouring one, 0 otherwise (and for held-out positions).
double sample_weight(const Sample& s, int st, const FitOptions& opt) {
  if (s.held_out) return 0;
  const int d = std::abs(static_cast<int>(s.stage) - st);
  return d == 0 ? 1.0 : d == 1 && opt.smooth > 0 ? opt.smooth : 0.0;
}

// One stage's least-squares system over the parameters its positions use,
// numbered compactly (the others stay 0), so that an iteration costs the
// positions rather than the 113,879 parameters of a stage. Compact indices
// 0 and 1 are the globals.
class StageSystem {
 public:
  StageSystem(int st, const std::vector<Sample>& samples, const FitOptions& opt) : l2_(opt.l2) {
    const auto& off = instance_packed_offset();
    std::vector<std::int32_t> local(kWeightsPerStage, -1);
    for (int g = 0; g < kNumGlobals; ++g) {
      local[kPackedPerStage + g] = g;
      used_.push_back(kPackedPerStage + g);
    }
    for (const Sample& s : samples) {
      const double c = sample_weight(s, st, opt);
      if (c == 0) continue;
      for (int i = 0; i < kNumInstances; ++i) {
        const int j = off[i] + s.packed[i];
        if (local[j] < 0) {
          local[j] = static_cast<std::int32_t>(used_.size());
          used_.push_back(j);
        }
        cols_.push_back(static_cast<std::uint32_t>(local[j]));
      }
      rows_.push_back({&s, c});
    }
  }
  std::size_t rows() const { return rows_.size(); }
  std::size_t size() const { return used_.size(); }
  int parameter(std::size_t k) const { return used_[k]; }
  double weight(std::size_t r) const { return rows_[r].c; }

  double row_dot(std::size_t r, const std::vector<double>& v) const {
    const std::uint32_t* c = cols_.data() + r * kNumInstances;
    double sum = 0;
    for (int i = 0; i < kNumInstances; ++i) sum += v[c[i]];
    return sum + rows_[r].s->parity * v[kGParity] + rows_[r].s->mobility * v[kGMobility];
  }
  void row_add(std::size_t r, double a, std::vector<double>& v) const {
    const std::uint32_t* c = cols_.data() + r * kNumInstances;
    for (int i = 0; i < kNumInstances; ++i) v[c[i]] += a;
    v[kGParity] += a * rows_[r].s->parity;
    v[kGMobility] += a * rows_[r].s->mobility;
  }
  // b = X^T C y; diag ~ the diagonal of X^T C X + l2 I (a configuration met
  // twice in one position counts 2 rather than 4: close enough for a
  // preconditioner; the globals' entries are exact).
  void right_side(std::vector<double>& b, std::vector<double>& diag) const {
    b.assign(size(), 0.0);
    diag.assign(size(), l2_);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      const Sample& s = *rows_[r].s;
      row_add(r, rows_[r].c * s.label, b);
      const std::uint32_t* c = cols_.data() + r * kNumInstances;
      for (int i = 0; i < kNumInstances; ++i) diag[c[i]] += rows_[r].c;
      diag[kGParity] += rows_[r].c * s.parity * s.parity;
      diag[kGMobility] += rows_[r].c * s.mobility * s.mobility;
    }
  }
  // out = (X^T C X + l2 I) v
  void apply(const std::vector<double>& v, std::vector<double>& out, std::vector<double>& tmp) const {
    for (std::size_t r = 0; r < rows_.size(); ++r) tmp[r] = rows_[r].c * row_dot(r, v);
    for (std::size_t k = 0; k < v.size(); ++k) out[k] = l2_ * v[k];
    for (std::size_t r = 0; r < rows_.size(); ++r) row_add(r, tmp[r], out);
  }

 private:
  struct Row {
    const Sample* s;
    double c;  // sample weight
  };
  double l2_;
  std::vector<int> used_;            // compact index -> stage parameter index
  std::vector<std::uint32_t> cols_;  // kNumInstances compact indices per row
  std::vector<Row> rows_;
};

// Jacobi-preconditioned conjugate gradient on the normal equations.
void fit_stage(int st, const std::vector<Sample>& samples, const FitOptions& opt, double* w, StageFit& out) {
  const StageSystem sys(st, samples, opt);
  out.fitted = sys.rows();
  const std::size_t m = sys.size();
  std::vector<double> x(m, 0.0);
  if (sys.rows() > 0) {
    std::vector<double> b, diag, z(m), ap(m), tmp(sys.rows());
    sys.right_side(b, diag);
    for (double& d : diag) d = std::max(d, 1e-12);
    const double bnorm = std::sqrt(dot(b, b));
    std::vector<double> r = b;
    for (std::size_t k = 0; k < m; ++k) z[k] = r[k] / diag[k];
    std::vector<double> p = z;
    double rz = dot(r, z);
    int it = 0;
    double rel = bnorm > 0 ? 1.0 : 0.0;
    while (bnorm > 0 && it < opt.max_iterations) {
      ++it;
      sys.apply(p, ap, tmp);
      const double pap = dot(p, ap);
      if (pap <= 0) break;
      const double alpha = rz / pap;
      for (std::size_t k = 0; k < m; ++k) {
        x[k] += alpha * p[k];
        r[k] -= alpha * ap[k];
      }
      rel = std::sqrt(dot(r, r)) / bnorm;
      if (rel <= opt.tolerance) break;
      for (std::size_t k = 0; k < m; ++k) z[k] = r[k] / diag[k];
      const double rz_next = dot(r, z);
      const double beta = rz_next / rz;
      rz = rz_next;
      for (std::size_t k = 0; k < m; ++k) p[k] = z[k] + beta * p[k];
    }
    out.iterations = it;
    out.residual = rel;
  }
  std::fill(w, w + kWeightsPerStage, 0.0);
  for (std::size_t k = 0; k < m; ++k) w[sys.parameter(k)] = x[k];
  double se_train = 0, se_held = 0;
  for (const Sample& s : samples) {
    if (s.stage != st) continue;
    const double e = predict(s, w) - s.label;
    if (s.held_out) {
      ++out.held;
      se_held += e * e;
    } else {
      ++out.train;
      se_train += e * e;
    }
  }
  out.train_rms = out.train ? std::sqrt(se_train / static_cast<double>(out.train)) : 0;
  out.held_rms = out.held ? std::sqrt(se_held / static_cast<double>(out.held)) : 0;
}

}  // namespace

Sample make_sample(const Board& b, float label, bool held_out) {
  Sample s;
  std::uint16_t raw[kNumInstances];
  raw_indexes(b.own, b.opp, raw);
  for (int i = 0; i < kNumInstances; ++i)
    s.packed[i] = static_cast<std::uint16_t>(packed_index(instance_kind(i), raw[i]));
  const GlobalTerms g = global_terms(b);
  s.parity = static_cast<std::int8_t>(g.parity);
  s.mobility = static_cast<std::int8_t>(g.mobility);
  s.stage = static_cast<std::uint8_t>(stage_of(b.empty_count()));
  s.held_out = held_out;
  s.label = label;
  return s;
}

double predict(const Sample& s, const double* stage_weights) {
  const auto& off = instance_packed_offset();
  double sum = 0;
  for (int i = 0; i < kNumInstances; ++i) sum += stage_weights[off[i] + s.packed[i]];
  return sum + s.parity * stage_weights[kPackedPerStage + kGParity] +
         s.mobility * stage_weights[kPackedPerStage + kGMobility];
}

FitResult fit_patterns(const std::vector<Sample>& given, const FitOptions& options) {
  const std::vector<double>* prior = options.prior;
  if (prior && prior->size() != static_cast<std::size_t>(kNumStages) * kWeightsPerStage)
    throw std::invalid_argument("othello patterns: the prior has the wrong number of weights");
  // With a prior, the positions' labels less the prior's predictions.
  std::vector<Sample> residuals;
  if (prior) {
    residuals = given;
    for (Sample& s : residuals)
      s.label -= static_cast<float>(predict(s, prior->data() + static_cast<std::size_t>(s.stage) * kWeightsPerStage));
  }
  const std::vector<Sample>& samples = prior ? residuals : given;
  FitResult res;
  res.weights.assign(static_cast<std::size_t>(kNumStages) * kWeightsPerStage, 0.0);
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int st; (st = next++) < kNumStages;)
      fit_stage(st, samples, options, res.weights.data() + static_cast<std::size_t>(st) * kWeightsPerStage,
                res.stages[st]);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::clamp(options.threads, 1, kNumStages); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (prior) {
    for (int st = 0; st < kNumStages; ++st) {
      const std::size_t o = static_cast<std::size_t>(st) * kWeightsPerStage;
      for (int k = 0; k < kWeightsPerStage; ++k)
        res.weights[o + k] = (res.stages[st].fitted > 0 ? res.weights[o + k] : 0.0) + (*prior)[o + k];
    }
    return res;
  }
  // A stage no position reached (in practice the first moves of the game,
  // which self-play starts from openings) would evaluate every position as
  // parity and mobility alone: it takes the weights of the nearest stage
  // that was fitted (the later one on a tie: the opening's neighbours are
  // later stages). FitResult::stages[st].fitted stays 0 to say so.
  for (int st = 0; st < kNumStages; ++st) {
    if (res.stages[st].fitted > 0) continue;
    for (int d = 1; d < kNumStages; ++d) {
      int from = -1;
      if (st + d < kNumStages && res.stages[st + d].fitted > 0) from = st + d;
      else if (st - d >= 0 && res.stages[st - d].fitted > 0) from = st - d;
      if (from < 0) continue;
      std::copy_n(res.weights.begin() + static_cast<std::ptrdiff_t>(from) * kWeightsPerStage, kWeightsPerStage,
                  res.weights.begin() + static_cast<std::ptrdiff_t>(st) * kWeightsPerStage);
      break;
    }
  }
  return res;
}

std::vector<std::int16_t> quantize(const std::vector<double>& weights) {
  std::vector<std::int16_t> q(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i)
    q[i] = static_cast<std::int16_t>(std::clamp(std::lround(weights[i] * 100.0), -32767L, 32767L));
  return q;
}

}  // namespace ludus::othello::patterns
