// Command-line pieces the Arimaa weight fitters share (eval_fit.cpp,
// move_fit.cpp, order_fit.cpp): the options they take, the --fixed term list and the
// --holdout/--fold pair.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "games/arimaa/eval.h"

namespace ludus::arimaa {

// "goal,unstoppable" -> {"goal", "unstoppable"} (empty items dropped).
inline std::vector<std::string> comma_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string t; std::getline(ss, t, ',');)
    if (!t.empty()) out.push_back(t);
  return out;
}

// Marks the evaluation terms named in `names` as not free (is_free is
// indexed like kEvalTermNames); false, with a message, for a name that is
// no term.
inline bool fix_terms(const std::vector<std::string>& names, std::vector<bool>& is_free) {
  for (const std::string& f : names) {
    const auto* it = std::find_if(std::begin(kEvalTermNames), std::end(kEvalTermNames),
                                  [&](const char* n) { return f == n; });
    if (it == std::end(kEvalTermNames)) {
      std::fprintf(stderr, "--fixed: no term %s\n", f.c_str());
      return false;
    }
    is_free[it - std::begin(kEvalTermNames)] = false;
  }
  return true;
}

// The held-out fold: the last one unless --fold named one; false, with a
// message, when it is not below --holdout.
inline bool holdout_fold(int holdout, int& fold) {
  if (fold < 0) fold = holdout - 1;
  if (holdout > 0 && fold >= holdout) {
    std::fprintf(stderr, "--fold must be below --holdout\n");
    return false;
  }
  return true;
}

// The options both fitters take; each sets its own defaults.
struct FitArgs {
  int holdout = 5, fold = -1, min_turn = 3;
  double l2 = 0.001;
  std::vector<std::string> fixed, files;
  // Takes `a` if it is --holdout, --fold, --l2, --min-turn or --fixed
  // (its value read by value()) or a file name; false for any other
  // "--" option.
  template <class Value>
  bool take(const std::string& a, Value&& value) {
    if (a == "--holdout") holdout = std::atoi(value().c_str());
    else if (a == "--fold") fold = std::atoi(value().c_str());
    else if (a == "--l2") l2 = std::atof(value().c_str());
    else if (a == "--min-turn") min_turn = std::atoi(value().c_str());
    else if (a == "--fixed") fixed = comma_list(value());
    else if (a.rfind("--", 0) == 0) return false;
    else files.push_back(a);
    return true;
  }
  // After the options: 0 when files were given and the fold is valid (a
  // fold of -1 becomes the last), else the exit code (`usage` prints the
  // tool's usage and returns it).
  int check(int (*usage)()) {
    if (files.empty()) return usage();
    return holdout_fold(holdout, fold) ? 0 : 2;
  }
};

}  // namespace ludus::arimaa
