// othello_pattern_train: fits the weights of `Evaluator=pattern`
// (games/othello/patterns.h) to labelled positions and writes the weight
// file (games/othello/patterns_file.h).
//
//   othello_pattern_train --out book/othello-patterns.bin [--label best|result]
//       [--l2 5] [--smooth 0.5] [--iterations 300] [--holdout 10] [--threads 2]
//       positions.txt [more.txt ...]
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
// `--label result` the game results. Finished games are skipped (the
// evaluation returns their exact score anyway).
//
// Every --holdout-th position (in input order; 0: none) is held out of the
// fit; the table printed per stage gives the rms error (discs) on the
// training and the held-out positions, and for comparison the held-out
// error of the `ludus` evaluation. The fit: patterns_fit.h.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/othello/eval.h"
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
               "usage: othello_pattern_train --out FILE [--label best|result] [--l2 X] [--smooth X]\n"
               "       [--iterations N] [--holdout N] [--threads N] positions.txt ...\n");
  return 2;
}

struct Counts {
  std::size_t lines = 0, used = 0, finished = 0, bad = 0, exact = 0, search = 0, result = 0;
};

bool read_positions(const std::string& path, bool use_result, int holdout, std::vector<pat::Sample>& samples,
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
    if (!(words >> side >> label >> kind >> result) || !Othello::parse_fen(cells + " " + side, b, {})) {
      ++n.bad;
      continue;
    }
    const double value = std::strtod((use_result ? result : label).c_str(), &end);
    if (!end || *end || !std::isfinite(value) || std::fabs(value) > 64) {
      ++n.bad;
      continue;
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

}  // namespace

int main(int argc, char** argv) {
  std::string out, label = "best";
  pat::FitOptions opt;
  opt.threads = 2;
  int holdout = 10;
  std::vector<std::string> inputs;
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
    else return usage();
  }
  if (out.empty() || inputs.empty() || (label != "best" && label != "result") || opt.l2 < 0) return usage();

  std::vector<pat::Sample> samples;
  std::vector<float> ludus_eval;
  Counts n;
  for (const auto& path : inputs)
    if (!read_positions(path, label == "result", holdout, samples, ludus_eval, n)) {
      std::fprintf(stderr, "cannot read %s\n", path.c_str());
      return 1;
    }
  std::fprintf(stderr,
               "%zu positions (%zu exact, %zu search, %zu result labels); skipped %zu finished games, %zu bad "
               "lines\n",
               n.used, n.exact, n.search, n.result, n.finished, n.bad);
  if (samples.empty()) return 1;

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

  const std::string note = command + "\n" + std::to_string(n.used) + " positions; " + summary;
  if (Status st = pat::write_weight_file(out, pat::quantize(fit.weights), note); !st) {
    std::fprintf(stderr, "%s\n", st.error.c_str());
    return 1;
  }
  std::fprintf(stderr, "wrote %s\n", out.c_str());
  return 0;
}
