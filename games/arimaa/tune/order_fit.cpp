// arimaa_order_fit: fits a move-ordering prior for the step search, weights
// on the features of a step (games/arimaa/step_features.h), to the steps a
// strong player chose, and compares it with the search's hand-written
// prior (Arimaa::order_hint) on how well each predicts those steps.
//
//   arimaa_order_fit [--player sharp] [--holdout 5] [--fold 4] [--l2 0.001]
//       [--min-turn 3] records.txt ...
//
// Input: game records in the roundrobin format (tune/records.h). Every
// step position of the turns of --player (the White tag names Gold's
// player, Black Silver's; every mover without --player) from --min-turn on
// is one choice: the step the record plays, or the end of the turn when
// its steps stop short of four, against every other legal move there
// (generate_moves: about 30 steps, pushes and pulls, the end of the
// turn). Positions with one move (the completion of a push) are left out.
//
// The model: P(the move played) = softmax over the position's moves of
// w.x, x the step's features (step_features), fitted by Newton's method
// (tune/choice_fit.h) with a pull (--l2) towards 0. Every --holdout-th game
// (the games numbered --fold modulo --holdout, 0-based, in input order) is
// held out. The report gives, for the training and held-out positions, the
// mean log-likelihood of the moves played, the share where the move
// played ranks first and its mean rank, for the search's prior
// (Arimaa::order_hint, one scale fitted) and the fitted weights; last, the
// weights in ordering units (a captured rabbit worth 100, as in the
// search's prior).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/tune/choice_fit.h"
#include "games/arimaa/tune/fit_args.h"
#include "games/arimaa/tune/records.h"
#include "games/arimaa/tune/step_choice.h"

using namespace ludus;
using namespace ludus::arimaa;
using namespace ludus::arimaa::choice;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: arimaa_order_fit [--player NAME] [--holdout N] [--fold F] [--l2 X] [--min-turn T]\n"
               "       records.txt ...\n");
  return 2;
}

// A game's choices, replayed from its record; false if a turn does not
// parse (the game is skipped).
bool game_choices(const Game& g, const std::string& player, int min_turn, bool held_out, std::vector<StepChoice>& out) {
  return replay_record(g, [&](const Position& start, int turn, const std::string& mover, const std::vector<Move>& moves) {
    if (turn < 2 || turn < min_turn || (!player.empty() && mover != player)) return;
    Position p = start;
    for (Move m : moves) {
      if (p.side != start.side || Arimaa::outcome(p) != Outcome::Ongoing) break;
      StepChoice c;
      if (make_choice(p, m, held_out, c)) out.push_back(std::move(c));
      p = Arimaa::play(p, m);
    }
  });
}

// The mean rank (1 = first) of the move played among its position's moves.
double mean_rank(const std::vector<Choice>& data, const std::vector<double>& w, bool held_out) {
  double sum = 0;
  std::size_t n = 0;
  for (const Choice& c : data) {
    if (c.held_out != held_out) continue;
    const double z0 = score(w, c.x[0]);
    int rank = 1;
    for (std::size_t j = 1; j < c.x.size(); ++j) rank += score(w, c.x[j]) >= z0;
    sum += rank;
    ++n;
  }
  return n ? sum / static_cast<double>(n) : 0.0;
}

void report(const char* name, const std::vector<Choice>& data, const std::vector<double>& w) {
  const Quality tr = quality(data, w, false), ho = quality(data, w, true);
  std::printf("%-8s train log-likelihood %.4f first %.1f%% rank %.2f | held-out log-likelihood %.4f first %.1f%% rank %.2f\n",
              name, tr.loglik, 100 * tr.top, mean_rank(data, w, false), ho.loglik, 100 * ho.top,
              mean_rank(data, w, true));
}

}  // namespace

int main(int argc, char** argv) {
  FitArgs args;
  std::string player;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) std::exit(usage());
      return argv[++i];
    };
    if (a == "--player") player = value();
    else if (a == "--fixed") return usage();
    else if (!args.take(a, value)) return usage();
  }
  if (const int rc = args.check(usage)) return rc;

  std::vector<Game> games;
  if (!read_all_records(args.files, games)) return 1;
  std::vector<StepChoice> choices;
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < games.size(); ++i)
    skipped += !game_choices(games[i], player, args.min_turn, held_out_game(i, args.holdout, args.fold), choices);
  std::vector<Choice> data, prior;
  std::size_t held = 0;
  for (StepChoice& c : choices) {
    held += c.features.held_out;
    data.push_back(std::move(c.features));
    prior.push_back(std::move(c.prior));
  }
  std::printf("%zu games (%zu skipped: a turn did not parse), %zu step positions, %zu of them held out\n",
              games.size() - skipped, skipped, data.size(), held);
  if (data.size() == held) return 1;

  std::vector<double> k = {1.0};
  fit(prior, k, {true}, {0.0}, 0.0);
  std::printf("search prior: %.4f per 100 ordering units\n", k[0]);
  report("search", prior, k);

  std::vector<double> w(kStepFeatures, 0.0);
  fit(data, w, std::vector<bool>(kStepFeatures, true), std::vector<double>(kStepFeatures, 0.0), args.l2);
  report("fitted", data, w);

  // Ordering units: a captured rabbit (kStepCaptures at 1.0) is worth 100.
  const double scale = w[kStepCaptures] > 0 ? 100.0 / w[kStepCaptures] : 100.0;
  std::printf("\nweights (ordering units per 1.0; %.2f a unit of log-odds)\n", scale);
  std::vector<long> units(kStepFeatures);
  for (int j = 0; j < kStepFeatures; ++j) units[j] = std::lround(w[j] * scale);
  for (int t = 0; t < 6; ++t) {
    std::printf("to rank, type %d:", t);
    for (int r = 0; r < 8; ++r) std::printf(" %5ld", units[kStepToRank + t * 8 + r]);
    std::printf("\n");
  }
  static const char* const kNames[] = {"forward",     "backward",  "home trap side", "enemy trap side", "onto trap",
                                       "leaves trap side", "next to stronger", "next to weaker", "same piece",
                                       "push start",  "pull step", "enemy value",    "enemy to trap",   "captures",
                                       "loses",       "pass",      "pass steps left"};
  for (int j = kStepForward; j < kStepFeatures; ++j) std::printf("%-17s %6ld\n", kNames[j - kStepForward], units[j]);
  return 0;
}
