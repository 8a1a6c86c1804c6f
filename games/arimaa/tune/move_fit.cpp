// arimaa_move_fit: fits the weights of the Arimaa evaluation's terms
// (games/arimaa/eval.h, kTermPercent in eval.cpp) to the moves a strong
// player chose, where arimaa_eval_fit fits them to results or scores.
//
//   arimaa_move_fit [--player sharp] [--holdout 5] [--fold 4] [--l2 0.003]
//       [--fixed goal,unstoppable] [--min-turn 3] [--threads 2]
//       [--placement [--table placement_table_data.inc]] records.txt ...
//
// Input: game records in the roundrobin format (tune/records.h). Every
// turn start from --min-turn on whose mover is --player (the White tag
// names Gold's player, Black Silver's; every mover without --player) is
// one choice: the turn the record plays against the position's other
// turns, each seen through the evaluation's unweighted terms of the
// position it leads to (eval_terms, negated: the mover's view, in
// rabbits). A position has thousands of distinct turns (rules §5.8); the
// fit sees the one played, the 32 the current evaluation ranks first (the
// near misses a ranking must get right) and 48 drawn at random from the
// rest, each standing for its share of them (choice_fit.h). Positions with
// a turn that ends the game are left out (the search proves those), and
// so is a turn that ends it.
//
// Why moves: a score or a result labels a position, and the fits to them
// weigh what separates won from lost positions, mostly material. A move is
// chosen among siblings that differ by a few centi-rabbits of position,
// which is what a searching engine's evaluation has to rank. Strong
// players' moves are the field's data for move ordering and evaluation
// alike (Sharp's move ordering is fitted to expert moves the same way).
//
// The model: P(the played turn) = softmax over the candidates of w.x
// (choice_fit.h), fitted by Newton's method with a pull (--l2) towards the
// current weights scaled by k, the single scale that fits the current
// evaluation best (fitted first); --fixed terms keep k p / 100, as in
// arimaa_eval_fit, and print their current percent. Every
// --holdout-th game (the games numbered --fold modulo --holdout, 0-based,
// in input order) is held out of both fits. The report gives, for the
// training and held-out positions, the mean log-likelihood of the moves
// played and the share of positions where the played move is the model's
// first choice among the candidates, for the current weights (scaled by k)
// and the fitted ones; last, the fitted weights as the kTermPercent line,
// material's kept (it anchors the centi-rabbit scale of the search's
// margins).
//
// With --placement the fit also learns the placement term's table
// (placement.h): each cell's count (the mover's pieces in it less the
// opponent's) is a feature of its own, pulled towards the current table,
// and the placement term itself, their weighted sum, is left out. The
// report adds the fitted table, printed by class and rank, and --table
// writes it in the form of games/arimaa/placement_table_data.inc; the
// kTermPercent line then gives placement 100 (the table carries its
// weight).
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/placement.h"
#include "games/arimaa/turngen.h"
#include "games/arimaa/tune/choice_fit.h"
#include "games/arimaa/tune/fit_args.h"
#include "games/arimaa/tune/records.h"

using namespace ludus;
using namespace ludus::arimaa;
using namespace ludus::arimaa::choice;

namespace {

constexpr int kTerms = kNumEvalTerms;
constexpr int kPlacementIndex = kNumEvalTerms - 1;  // "placement", the last term
constexpr int kTop = 32;     // the current evaluation's first candidates
constexpr int kRandom = 48;  // drawn from the rest

int usage() {
  std::fprintf(stderr,
               "usage: arimaa_move_fit [--player NAME] [--holdout N] [--fold F] [--l2 X] [--fixed term,term]\n"
               "       [--min-turn T] [--threads N] [--placement [--table FILE]] records.txt ...\n");
  return 2;
}

// The position a turn leads to: its steps, and the end of the turn when
// the steps leave it open.
Position after_turn(const Position& p, const std::vector<Move>& turn) {
  Position c = p;
  for (Move m : turn) {
    if (c.side != p.side) break;
    c = Arimaa::play(c, m);
  }
  if (c.side == p.side) end_turn(c);
  return c;
}

// With `placement` (--placement), the placement table's cells
// (placement.h) follow the terms: the mover's pieces in each cell less the
// opponent's.
std::vector<float> features(const Position& c, bool placement) {
  const auto t = eval_terms(c);
  std::vector<float> x(kTerms + (placement ? kPlacementCells : 0));
  for (int k = 0; k < kTerms; ++k) x[k] = -t[k] / 100.0f;
  if (placement) {
    const auto n = placement_counts(c, c.side ^ 1);
    for (int k = 0; k < kPlacementCells; ++k) x[kTerms + k] = static_cast<float>(n[k]);
  }
  return x;
}

// Every candidate's features less the played turn's: the softmax is the
// same, and the vectors are mostly zero (a turn moves a few pieces),
// which the fit skips (choice_fit.h).
void relative_to_played(Choice& c) {
  for (std::size_t j = c.x.size(); j-- > 0;)
    for (std::size_t k = 0; k < c.x[j].size(); ++k) c.x[j][k] -= c.x[0][k];
}

// The choice at p of the turn `played`; false when the position is left
// out (a turn ends the game, or fewer than two distinct turns).
bool make_choice(const Position& p, const std::vector<Move>& played, bool placement, std::mt19937_64& rng,
                 Choice& out) {
  const Position chosen = after_turn(p, played);
  if (Arimaa::outcome(chosen) != Outcome::Ongoing) return false;
  std::vector<std::vector<Move>> turns;
  enumerate_turns(p, turns);
  std::unordered_set<std::uint64_t> seen = {chosen.hash};
  std::vector<std::pair<int, Position>> others;  // the mover's score, the position
  for (const auto& t : turns) {
    const Position c = after_turn(p, t);
    if (Arimaa::outcome(c) != Outcome::Ongoing) return false;
    if (!seen.insert(c.hash).second) continue;
    others.emplace_back(-evaluate(c), c);
  }
  if (others.empty()) return false;
  const int top = std::min<int>(kTop, static_cast<int>(others.size()));
  std::partial_sort(others.begin(), others.begin() + top, others.end(),
                    [](const auto& a, const auto& b) { return a.first > b.first; });
  out.x = {features(chosen, placement)};
  out.offset = {0.0f};
  for (int j = 0; j < top; ++j) {
    out.x.push_back(features(others[j].second, placement));
    out.offset.push_back(0.0f);
  }
  const std::size_t rest = others.size() - top;
  const int draws = static_cast<int>(std::min<std::size_t>(kRandom, rest));
  // Drawn without replacement; each stands for rest / draws of the rest.
  std::vector<std::size_t> pool(rest);
  for (std::size_t i = 0; i < rest; ++i) pool[i] = top + i;
  for (int j = 0; j < draws; ++j) {
    std::uniform_int_distribution<std::size_t> pick(j, rest - 1);
    std::swap(pool[j], pool[pick(rng)]);
    out.x.push_back(features(others[pool[j]].second, placement));
    out.offset.push_back(static_cast<float>(std::log(static_cast<double>(rest) / draws)));
  }
  relative_to_played(out);
  return true;
}

// A game's choices, replayed from its record; false if a turn does not
// parse (the game is skipped).
bool game_choices(const Game& g, std::size_t index, const std::string& player, int min_turn, bool held_out, bool placement,
                  std::vector<Choice>& out) {
  std::mt19937_64 rng(index + 1);
  return replay_record(g, [&](const Position& p, int turn, const std::string& mover, const std::vector<Move>& moves) {
    if (turn < 2 || turn < min_turn || Arimaa::outcome(p) != Outcome::Ongoing || (!player.empty() && mover != player))
      return;
    Choice c;
    if (make_choice(p, moves, placement, rng, c)) {
      c.held_out = held_out;
      out.push_back(std::move(c));
    }
  });
}

void report(const char* name, const std::vector<Choice>& data, const std::vector<double>& w) {
  const Quality tr = quality(data, w, false), ho = quality(data, w, true);
  std::printf("%-8s train log-likelihood %.4f first %.1f%% | held-out log-likelihood %.4f first %.1f%%\n", name,
              tr.loglik, 100 * tr.top, ho.loglik, 100 * ho.top);
}

}  // namespace

int main(int argc, char** argv) {
  FitArgs args;
  args.l2 = 0.003;
  args.fixed = {"goal", "unstoppable"};
  int threads = 2;
  std::string player, table_out;
  bool placement = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) std::exit(usage());
      return argv[++i];
    };
    if (a == "--threads") threads = std::max(1, std::atoi(value().c_str()));
    else if (a == "--player") player = value();
    else if (a == "--placement") placement = true;
    else if (a == "--table") table_out = value();
    else if (!args.take(a, value)) return usage();
  }
  if (const int rc = args.check(usage)) return rc;
  if (!table_out.empty() && !placement) return usage();
  const int width = kTerms + (placement ? kPlacementCells : 0);
  std::vector<bool> is_free(kTerms, true);
  if (!fix_terms(args.fixed, is_free)) return 2;
  // The cells stand in for the placement term, whose value they add up to.
  if (placement) is_free[kPlacementIndex] = false;
  is_free.resize(width, true);

  std::vector<Game> games;
  if (!read_all_records(args.files, games)) return 1;
  // Each game's choices on its own (thousands of candidate turns a
  // position), in input order whatever thread made them.
  std::vector<std::vector<Choice>> per_game(games.size());
  std::vector<char> parsed(games.size(), 0);
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (std::size_t i; (i = next++) < games.size();) {
        const bool held_out = held_out_game(i, args.holdout, args.fold);
        parsed[i] = game_choices(games[i], i, player, args.min_turn, held_out, placement, per_game[i]);
      }
    });
  for (std::thread& th : pool) th.join();
  std::vector<Choice> data;
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    skipped += !parsed[i];
    for (Choice& c : per_game[i]) data.push_back(std::move(c));
  }
  std::size_t held = 0;
  for (const Choice& c : data) held += c.held_out;
  std::printf("%zu games (%zu skipped: a turn did not parse), %zu positions, %zu of them held out\n",
              games.size() - skipped, skipped, data.size(), held);
  if (data.size() == held) return 1;

  // The current weights, scaled by the one k that fits them best.
  const std::array<int, kNumEvalTerms> pct = eval_term_percents();
  std::vector<Choice> scored;
  scored.reserve(data.size());
  for (const Choice& c : data) {
    Choice s{{}, c.offset, c.held_out};
    for (const auto& x : c.x) {
      double v = 0;
      for (int k = 0; k < kTerms; ++k) v += x[k] * pct[k] / 100.0;
      s.x.push_back({static_cast<float>(v)});
    }
    scored.push_back(std::move(s));
  }
  std::vector<double> kfit = {1.0};
  fit(scored, kfit, {true}, kfit, 0.0);
  const double k = kfit[0];
  std::vector<double> current(width);
  for (int t = 0; t < kTerms; ++t) current[t] = k * pct[t] / 100.0;
  // The cells' prior: the current table, which the placement term weighs.
  for (int j = kTerms; j < width; ++j) current[j] = k * pct[kPlacementIndex] / 100.0 * placement_table_entry(j - kTerms) / 100.0;
  std::printf("k = %.4f per rabbit of the current score\n", k);
  report("current", data, current);

  std::vector<double> w = current;
  fit(data, w, is_free, current, args.l2);
  report("fitted", data, w);

  std::printf("\nterm         current%%  fitted%%  (weight per rabbit: current, fitted)\n");
  std::vector<int> out(kTerms);
  for (int t = 0; t < kTerms; ++t) out[t] = is_free[t] ? static_cast<int>(std::lround(pct[0] * w[t] / w[0])) : pct[t];
  if (placement) out[kPlacementIndex] = 100;
  std::printf("kTermPercent = {");
  for (int t = 0; t < kTerms; ++t) std::printf("%d%s", out[t], t + 1 < kTerms ? ", " : "};\n");
  for (int t = 0; t < kTerms; ++t)
    std::printf("%-12s %7d %8d   %.4f %.4f%s\n", kEvalTermNames[t], pct[t], out[t], current[t], w[t],
                is_free[t] ? "" : " (fixed)");
  if (placement) {
    // The cells in centi-rabbits of the score at material's percent.
    const double per_rabbit = w[0] / (pct[0] / 100.0);
    std::vector<int> table(kPlacementCells);
    for (int j = 0; j < kPlacementCells; ++j) table[j] = static_cast<int>(std::lround(100 * w[kTerms + j] / per_rabbit));
    std::printf("\nplacement table (centi-rabbits; a row a class, 0-6 stronger enemy pieces then rabbits; ranks 1-8 from\n"
                "the piece's own side, files a-d folded)\n");
    for (int cls = 0; cls < kPlacementClasses; ++cls)
      for (int r = 0; r < 8; ++r) {
        for (int f = 0; f < 4; ++f) std::printf("%5d", table[cls * kPlacementSquares + r * 4 + f]);
        std::printf(r == 7 ? "\n\n" : " |");
      }
    if (!table_out.empty()) {
      FILE* f = std::fopen(table_out.c_str(), "w");
      if (!f) {
        std::fprintf(stderr, "cannot write %s\n", table_out.c_str());
        return 1;
      }
      for (int cls = 0; cls < kPlacementClasses; ++cls) {
        for (int sq = 0; sq < kPlacementSquares; ++sq) std::fprintf(f, "%d,", table[cls * kPlacementSquares + sq]);
        std::fprintf(f, "\n");
      }
      std::fclose(f);
    }
  }
  return 0;
}
