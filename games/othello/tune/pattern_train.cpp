// othello_pattern_train: fits the weights of `Evaluator=pattern`
// (games/othello/patterns.h) to labelled positions and writes the weight
// file (games/othello/patterns_file.h).
//
//   othello_pattern_train --out book/othello-patterns.bin [--label best|result|mix:F]
//       [--l2 5] [--smooth 0.5] [--iterations 300] [--holdout 10] [--threads 2]
//       [--test test.txt ...] positions.txt [more.txt ...]
//   othello_pattern_train --weights FILE --test test.txt [--test more.txt ...]
//
// Input (scripts/othello_data.py writes it), one position a line, `#` starts
// a comment:
//
//   <64 cells a1..h8> <side X|O> <label> <kind> <result>
//
// label: discs of final margin for the side to move, from the best source
// the generator had (kind `exact`: solved; `search`: a fixed-depth search's
// score; `result`: the game's final margin); result: the game's final
// margin for the side to move. `--label best` (the default) fits the label,
// `--label result` the game results, `--label mix:F` a search label mixed
// with its game's result, F the result's share (exact labels stay exact). Finished games are skipped (the
// evaluation returns their exact score anyway).
//
// Every --holdout-th position (in input order; 0: none) is held out of the
// fit; the table printed per stage gives the rms error (discs) on the
// training and the held-out positions, and for comparison the held-out
// error of the `ludus` evaluation. The fit: patterns_fit.h.
//
// `--test FILE` (repeatable) also reports the fitted weights' rms error
// against the game results of FILE's positions, per stage: unlike the
// held-out error, it compares fits to different labels (--label) on one
// scale. `--weights FILE` reports that error for an existing weight file
// instead of fitting. `--result-max-empties N`: a game's result is only a
// label of its positions with at most N empties (the later part of the
// game than its last random move: 60 - opening plies - random plies).
// `--prior WEIGHTS` fits what a weight file leaves unexplained, its
// penalty pulling towards that file's weights instead of 0: new positions
// refine an earlier fit without its data.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/othello/eval.h"
#include "games/othello/notation.h"
#include "games/othello/othello.h"
#include "games/othello/patterns.h"
#include "games/othello/patterns_file.h"
#include "games/othello/patterns_fit.h"

using namespace ludus;
using namespace ludus::othello;
namespace pat = ludus::othello::patterns;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: othello_pattern_train --out FILE [--label best|result|mix:F] [--l2 X] [--smooth X]\n"
               "       [--iterations N] [--holdout N] [--threads N] [--test FILE]... [--result-max-empties N]\n"
               "       [--prior WEIGHTS]\n"
               "       positions.txt ...\n"
               "       othello_pattern_train --weights FILE --test FILE [--test FILE ...] [--result-max-empties N]\n");
  return 2;
}

struct Counts {
  std::size_t lines = 0, used = 0, finished = 0, bad = 0, exact = 0, search = 0, result = 0;
};

// The fitted value of a position: its label, its game's result, or for a
// search label a mix of the two (`result_share` of the result); exact
// labels are kept whatever the choice but `result`.
struct LabelChoice {
  bool result_only = false;
  double result_share = 0;
  // Positions with more empties came before the game's last random move
  // (othello_data.py --random-plies): their result is not theirs. `result`
  // skips them, `mix` keeps their search label alone.
  int result_max_empties = 64;
};

bool read_positions(const std::string& path, const LabelChoice& choice, int holdout, std::vector<pat::Sample>& samples,
                    std::vector<float>& ludus_eval, Counts& n) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string cells, side, label, kind, result;
    if (!(words >> cells)) continue;
    ++n.lines;
    Board b;
    char* end = nullptr;
    if (!(words >> side >> label >> kind >> result) || !othello::parse_fen(cells + " " + side, b)) {
      ++n.bad;
      continue;
    }
    double value = std::strtod((choice.result_only ? result : label).c_str(), &end);
    if (!end || *end || !std::isfinite(value) || std::fabs(value) > 64) {
      ++n.bad;
      continue;
    }
    const bool result_valid = b.empty_count() <= choice.result_max_empties;
    if (choice.result_only && !result_valid) continue;
    if (!choice.result_only && choice.result_share > 0 && kind == "search" && result_valid) {
      const double r = std::strtod(result.c_str(), &end);
      if (!end || *end || !std::isfinite(r) || std::fabs(r) > 64) {
        ++n.bad;
        continue;
      }
      value = (1 - choice.result_share) * value + choice.result_share * r;
    }
    if (game_over(b)) {
      ++n.finished;
      continue;
    }
    ++n.used;
    (kind == "exact" ? n.exact : kind == "search" ? n.search : n.result)++;
    samples.push_back(pat::make_sample(b, static_cast<float>(value), holdout > 0 && n.used % holdout == 0));
    ludus_eval.push_back(static_cast<float>(evaluate(b)) / 100.0f);
  }
  return true;
}

// The rms error (discs) of `weights` against the game results of the
// positions of `paths`, per stage and in all: a measure that does not
// depend on the kind of label a fit used (a position's result is what its
// game made of it; with no random move after it, an unbiased if noisy
// target, the same for every weight file compared).
bool report_test(const std::vector<std::string>& paths, const std::vector<double>& weights, int result_max_empties) {
  std::vector<pat::Sample> samples;
  std::vector<float> ludus_eval;
  Counts n;
  LabelChoice results;
  results.result_only = true;
  results.result_max_empties = result_max_empties;
  for (const auto& path : paths)
    if (!read_positions(path, results, 0, samples, ludus_eval, n)) {
      std::fprintf(stderr, "cannot read %s\n", path.c_str());
      return false;
    }
  std::array<double, pat::kNumStages> se{};
  std::array<std::size_t, pat::kNumStages> count{};
  for (const auto& smp : samples) {
    const double e = pat::predict(smp, weights.data() + static_cast<std::size_t>(smp.stage) * pat::kWeightsPerStage) -
                     smp.label;
    se[smp.stage] += e * e;
    ++count[smp.stage];
  }
  std::printf("test: rms error against the game results (discs)\nstage empties  positions  rms\n");
  double all = 0;
  for (int st = 0; st < pat::kNumStages; ++st) {
    if (!count[st]) continue;
    std::printf("%5d  %2d-%2d  %9zu %6.2f\n", st, st * pat::kEmptiesPerStage,
                st * pat::kEmptiesPerStage + pat::kEmptiesPerStage - 1, count[st],
                std::sqrt(se[st] / static_cast<double>(count[st])));
    all += se[st];
  }
  std::printf("test: rms %.3f discs on %zu positions\n", samples.empty() ? 0.0 : std::sqrt(all / static_cast<double>(samples.size())),
              samples.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out, label = "best";
  pat::FitOptions opt;
  opt.threads = 2;
  int holdout = 10;
  std::vector<std::string> inputs, tests;
  std::string weights_in, prior_file;
  int result_max_empties = 64;
  std::string command = "othello_pattern_train";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    if (k.rfind("--", 0) != 0) {
      inputs.push_back(k);
      continue;
    }
    if (i + 1 >= argc) return usage();
    const char* v = argv[++i];
    if (k == "--out") out = v;
    else if (k == "--label") label = v;
    else if (k == "--l2") opt.l2 = std::atof(v);
    else if (k == "--smooth") opt.smooth = std::atof(v);
    else if (k == "--iterations") opt.max_iterations = std::atoi(v);
    else if (k == "--holdout") holdout = std::atoi(v);
    else if (k == "--threads") opt.threads = std::max(1, std::atoi(v));
    else if (k == "--test") tests.push_back(v);
    else if (k == "--result-max-empties") result_max_empties = std::atoi(v);
    else if (k == "--weights") weights_in = v;
    else if (k == "--prior") prior_file = v;
    else return usage();
  }
  if (!weights_in.empty()) {
    // No fit: the error of a weight file on the test positions.
    std::vector<std::int16_t> q;
    if (Status st = pat::read_weight_file(weights_in, q); !st) {
      std::fprintf(stderr, "%s\n", st.error.c_str());
      return 1;
    }
    if (tests.empty()) return usage();
    std::vector<double> w(q.begin(), q.end());
    for (double& x : w) x /= 100.0;
    return report_test(tests, w, result_max_empties) ? 0 : 1;
  }
  LabelChoice choice;
  if (label == "result") {
    choice.result_only = true;
  } else if (label.rfind("mix:", 0) == 0) {
    choice.result_share = std::atof(label.c_str() + 4);
    if (!(choice.result_share >= 0 && choice.result_share <= 1)) return usage();
  } else if (label != "best") {
    return usage();
  }
  choice.result_max_empties = result_max_empties;
  if (out.empty() || inputs.empty() || opt.l2 < 0) return usage();

  std::vector<pat::Sample> samples;
  std::vector<float> ludus_eval;
  Counts n;
  for (const auto& path : inputs)
    if (!read_positions(path, choice, holdout, samples, ludus_eval, n)) {
      std::fprintf(stderr, "cannot read %s\n", path.c_str());
      return 1;
    }
  std::fprintf(stderr,
               "%zu positions (%zu exact, %zu search, %zu result labels); skipped %zu finished games, %zu bad "
               "lines\n",
               n.used, n.exact, n.search, n.result, n.finished, n.bad);
  if (samples.empty()) return 1;

  // A prior (FitOptions::prior): the ridge penalty pulls towards an
  // earlier fit instead of 0, so configurations the new positions seldom
  // meet keep what that fit's (larger) data taught.
  std::vector<double> prior;
  if (!prior_file.empty()) {
    std::vector<std::int16_t> q;
    if (Status st = pat::read_weight_file(prior_file, q); !st) {
      std::fprintf(stderr, "%s\n", st.error.c_str());
      return 1;
    }
    prior.assign(q.begin(), q.end());
    for (double& x : prior) x /= 100.0;
    opt.prior = &prior;
  }
  const pat::FitResult fit = pat::fit_patterns(samples, opt);

  std::array<double, pat::kNumStages> ludus_se{};
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (samples[i].held_out) {
      const double e = ludus_eval[i] - samples[i].label;
      ludus_se[samples[i].stage] += e * e;
    }
  std::printf("stage empties   train    held  fitted  iters  train-rms  held-rms  ludus-held-rms (discs)\n");
  double se_all = 0, se_ludus = 0;
  std::size_t held_all = 0;
  for (int st = 0; st < pat::kNumStages; ++st) {
    const auto& f = fit.stages[st];
    if (f.train == 0 && f.held == 0) continue;
    const double ludus_rms = f.held ? std::sqrt(ludus_se[st] / static_cast<double>(f.held)) : 0;
    char held[40] = "        -               -";  // no held-out positions in this stage
    if (f.held) std::snprintf(held, sizeof held, "%9.2f %15.2f", f.held_rms, ludus_rms);
    std::printf("%5d  %2d-%2d  %7zu %7zu %7zu %6d %10.2f %s\n", st, st * pat::kEmptiesPerStage,
                st * pat::kEmptiesPerStage + pat::kEmptiesPerStage - 1, f.train, f.held, f.fitted, f.iterations,
                f.train_rms, held);
    se_all += f.held_rms * f.held_rms * static_cast<double>(f.held);
    se_ludus += ludus_se[st];
    held_all += f.held;
  }
  char summary[200] = "";
  if (held_all)
    std::snprintf(summary, sizeof summary, "held-out rms %.2f discs on %zu positions (ludus eval %.2f)",
                  std::sqrt(se_all / static_cast<double>(held_all)), held_all,
                  std::sqrt(se_ludus / static_cast<double>(held_all)));
  std::printf("all stages: %s\n", held_all ? summary : "no held-out positions");

  if (!tests.empty() && !report_test(tests, fit.weights, choice.result_max_empties)) return 1;

  const std::string note = command + "\n" + std::to_string(n.used) + " positions; " + summary;
  if (Status st = pat::write_weight_file(out, pat::quantize(fit.weights), note); !st) {
    std::fprintf(stderr, "%s\n", st.error.c_str());
    return 1;
  }
  std::fprintf(stderr, "wrote %s\n", out.c_str());
  return 0;
}
