// arimaa_eval_fit: fits the weights of the Arimaa evaluation's terms
// (games/arimaa/eval.h, kTermPercent in eval.cpp) to the results of games,
// or to a strong engine's scores of their positions.
//
//   arimaa_eval_fit [--holdout 10] [--fold 9] [--l2 0.001] [--fixed unstoppable]
//       [--min-turn 3] [--squares] records.txt [more.txt ...]
//   arimaa_eval_fit --scores [--scale 300] [...] labels.txt [more.txt ...]
//
// Input: game records in the roundrobin format that scripts/aei_match.py
// and scripts/arimaa_data.py write (rules doc §7.7): tags, one line a turn
// (`12g Ed6s hb5w Mc5w Ra2n`), the result (`1-0` or `0-1`). Every turn
// start from --min-turn on (after the setups) is one sample: the
// unweighted terms (eval_terms) and whether its side to move won.
//
// The model: P(side to move wins) = sigmoid(b + sum_i w_i x_i), x_i the
// i-th term in rabbits (centi-rabbits / 100), fitted by Newton's method on
// the mean log loss plus l2 x sum_i (w_i - k p_i / 100)^2, a pull towards
// the current weights p_i (percent) scaled by k, the single scale that
// fits the current evaluation best (fitted first). Terms named by --fixed
// keep k p_i / 100. b, the side to move's edge, is reported and not
// shipped (the evaluation has no tempo term).
//
// Every --holdout-th game (in input order; the games numbered --fold
// modulo --holdout, 0-based, so that --fold 0..holdout-1 cross-validate)
// is held out of both fits; the
// report gives the log loss and the share of results predicted (the side
// the model favours won) on the training and the held-out games, for the
// current weights (scaled by k) and the fitted ones, in all and by stage
// of the game. Last, the fitted weights as percents with material's kept
// (material anchors the centi-rabbit scale the search's margins assume):
// the kTermPercent line for eval.cpp.
//
// --scores: the inputs are positions scored by a strong engine
// (scripts/arimaa_data.py label: `FEN<TAB>centi-rabbits<TAB>game` a line,
// the score for the side to move), and a position's target is the
// probability sigmoid(score / --scale) instead of its game's result: the
// fit is then the cross entropy of the two. A search's score says which
// side stands better in every position, where a result says it once a
// game and also for the positions the loser misplayed. Games (by their
// third field, in order of first appearance) are held out as above.
//
// --squares adds one feature per piece type, rank from the piece's own side
// and file (folded: a-d) to the terms, +1 for a piece of the side to move,
// -1 for the opponent's (192 more weights, pulled towards 0), and prints
// their fitted weights in centi-rabbits: a learned piece-square table, to
// see whether the data says more than the hand-set tables do. (With the
// few hundred games of one machine's session it overfits: the held-out
// loss is worse than the terms' alone.)
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "games/arimaa/arimaa.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/tune/fit_args.h"
#include "games/arimaa/tune/logistic_fit.h"
#include "games/arimaa/tune/records.h"

using namespace ludus;
using namespace ludus::arimaa;
using namespace ludus::arimaa::logistic;

namespace {

constexpr int kTerms = kNumEvalTerms;
// --squares: one feature per piece type, rank (from its own side) and file
// (a-d, the board folded: the evaluation is left-right symmetric), +1 for
// each piece of the side to move there, -1 for the opponent's.
constexpr int kSquareFeatures = kNumTypes * 8 * 4;
int square_feature(int color, int type, int sq) {
  const int rank = color == kGold ? rank_of(sq) : 7 - rank_of(sq);
  const int file = std::min(file_of(sq), 7 - file_of(sq));
  return kTerms + (type * 8 + rank) * 4 + file;
}

int usage() {
  std::fprintf(stderr,
               "usage: arimaa_eval_fit [--holdout N] [--fold F] [--l2 X] [--fixed term,term] [--min-turn T] [--squares]\n"
               "       records.txt ...\n"
               "       arimaa_eval_fit --scores [--scale CR] [the options above] labels.txt ...\n");
  return 2;
}

// The features of a position: its unweighted terms in rabbits and, with
// `squares`, its piece-square counts.
Sample position_sample(const Position& p, bool squares) {
  Sample s;
  s.x.assign(kTerms + (squares ? kSquareFeatures : 0), 0.0f);
  const auto t = eval_terms(p);
  for (int k = 0; k < kTerms; ++k) s.x[k] = t[k] / 100.0f;
  if (squares)
    for (int c = 0; c < 2; ++c)
      for (int type = 0; type < kNumTypes; ++type)
        for (Bitboard b = p.pieces(c, type); b; b &= b - 1)
          s.x[square_feature(c, type, lsb(b))] += c == p.side ? 1.0f : -1.0f;
  s.turn = static_cast<int>(p.turn);
  return s;
}

// Replays a game; appends a sample at every turn start from min_turn on.
// Returns false if a turn does not parse (the game is skipped).
bool game_samples(const Game& g, int min_turn, bool held_out, bool squares, std::vector<Sample>& out) {
  Arimaa::Config cfg;
  Position p = Arimaa::start(cfg);
  std::vector<Sample> mine;
  for (std::size_t i = 0; i < g.turns.size(); ++i) {
    const int turn = static_cast<int>(i / 2) + 1;
    if (i >= 2 && turn >= min_turn && Arimaa::outcome(p) == Outcome::Ongoing) {
      Sample s = position_sample(p, squares);
      s.won = (p.side == kGold) == (g.winner == 0) ? 1.0f : 0.0f;
      s.held_out = held_out;
      mine.push_back(std::move(s));
    }
    std::vector<Move> moves;
    std::vector<std::string> warnings;
    if (!Arimaa::parse_turn_lenient(p, g.turns[i], moves, warnings)) return false;
    for (Move m : moves) p = Arimaa::play(p, m);
  }
  out.insert(out.end(), mine.begin(), mine.end());
  return true;
}

// Scored positions (--scores): `FEN<TAB>score<TAB>game` lines; the target
// is sigmoid(score / scale). `game_index` numbers the games in order of
// first appearance across the files. Returns false on a line that does
// not read.
bool read_scores(const std::string& path, double scale, int min_turn, int holdout, int fold, bool squares,
                 std::map<std::string, int>& game_index, std::vector<Sample>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty()) continue;
    const std::size_t tab1 = line.find('\t');
    const std::size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    Position p;
    char* end = nullptr;
    const double score = tab2 == std::string::npos ? 0 : std::strtod(line.c_str() + tab1 + 1, &end);
    if (tab2 == std::string::npos || end != line.c_str() + tab2 || !parse_fen(line.substr(0, tab1), p) ||
        p.setup_phase()) {
      error = path + ":" + std::to_string(line_no) + ": expected FEN<TAB>score<TAB>game";
      return false;
    }
    if (static_cast<int>(p.turn) < min_turn) continue;
    const auto it = game_index.emplace(line.substr(tab2 + 1), static_cast<int>(game_index.size())).first;
    Sample s = position_sample(p, squares);
    s.won = static_cast<float>(sigmoid(score / scale));
    s.held_out = holdout > 0 && it->second % holdout == fold;
    out.push_back(std::move(s));
  }
  return true;
}

void report(const char* name, const std::vector<Sample>& data, const std::vector<double>& w) {
  static const int stages[][2] = {{1, 10}, {11, 20}, {21, 30}, {31, 45}, {46, 10000}};
  const Quality tr = quality(data, w, false, 0, 1 << 30), ho = quality(data, w, true, 0, 1 << 30);
  std::printf("%-8s train loss %.4f right %.1f%% | held-out loss %.4f right %.1f%% |", name, tr.loss, 100 * tr.right,
              ho.loss, 100 * ho.right);
  for (const auto& st : stages) {
    const Quality q = quality(data, w, true, st[0], st[1]);
    std::printf(" %d-%d: %.3f", st[0], st[1] > 999 ? 999 : st[1], q.loss);
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  FitArgs args;
  args.holdout = 10;
  args.fixed = {"unstoppable"};
  double scale = 300;
  bool squares = false, scores = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) std::exit(usage());
      return argv[++i];
    };
    if (a == "--squares") squares = true;
    else if (a == "--scores") scores = true;
    else if (a == "--scale") scale = std::atof(value().c_str());
    else if (!args.take(a, value)) return usage();
  }
  if (const int rc = args.check(usage)) return rc;
  const int holdout = args.holdout, fold = args.fold, min_turn = args.min_turn;
  const double l2 = args.l2;
  const std::vector<std::string>& files = args.files;
  const int features = kTerms + (squares ? kSquareFeatures : 0);
  const int bias = features;  // the last parameter

  std::vector<bool> is_free(features + 1, true);
  if (!fix_terms(args.fixed, is_free)) return 2;

  if (!(scale > 0)) {
    std::fprintf(stderr, "--scale must be positive\n");
    return 2;
  }

  std::vector<Sample> data;
  std::size_t games = 0, skipped = 0;
  std::map<std::string, int> game_index;
  for (const std::string& path : files) {
    if (scores) {
      std::string error;
      if (!read_scores(path, scale, min_turn, holdout, fold, squares, game_index, data, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
      }
      games = game_index.size();
      continue;
    }
    std::vector<Game> gs;
    if (!read_all_records({path}, gs)) return 1;
    for (const Game& g : gs) {
      const bool held_out = held_out_game(games, holdout, fold);
      if (game_samples(g, min_turn, held_out, squares, data)) ++games;
      else ++skipped;
    }
  }
  std::size_t held = 0;
  for (const Sample& s : data) held += s.held_out;
  std::printf("%zu games (%zu skipped: a turn did not parse), %zu positions, %zu of them held out\n", games, skipped,
              data.size(), held);
  if (data.size() == held) return 1;

  // The current weights, scaled by the one k that fits them best: a fit
  // of k and the bias on the current score alone.
  const std::array<int, kNumEvalTerms> pct = eval_term_percents();
  std::vector<Sample> scored;
  scored.reserve(data.size());
  for (const Sample& s : data) {
    double v = 0;
    for (int k = 0; k < kTerms; ++k) v += s.x[k] * pct[k] / 100.0;
    scored.push_back({{static_cast<float>(v)}, s.won, s.turn, s.held_out});
  }
  std::vector<double> kfit = {1.0, 0.0};
  fit(scored, kfit, {true, true}, kfit, 0.0);
  const double k = kfit[0];
  std::vector<double> current(features + 1, 0.0);
  for (int t = 0; t < kTerms; ++t) current[t] = k * pct[t] / 100.0;
  current[bias] = kfit[1];
  std::printf("k = %.4f per rabbit of the current score (a 1-rabbit edge: %.1f%%), side-to-move bias %.3f\n", k,
              100 * sigmoid(k + kfit[1]), kfit[1]);
  if (scores) {
    // The floor of the cross entropy: the gap to it is what a fit can
    // still win.
    std::printf("targets' own entropy: train %.4f | held-out %.4f\n", target_entropy(data, false),
                target_entropy(data, true));
  }
  report("current", data, current);

  std::vector<double> w = current;
  fit(data, w, is_free, current, l2);
  report("fitted", data, w);

  std::printf("\nterm         current%%  fitted%%  (logit per rabbit: current, fitted)\n");
  std::printf("kTermPercent = {");
  std::vector<int> out(kTerms);
  for (int t = 0; t < kTerms; ++t) {
    out[t] = is_free[t] ? static_cast<int>(std::lround(pct[0] * w[t] / w[0])) : pct[t];
    std::printf("%d%s", out[t], t + 1 < kTerms ? ", " : "};\n");
  }
  for (int t = 0; t < kTerms; ++t)
    std::printf("%-12s %7d %8d   %.4f %.4f%s\n", kEvalTermNames[t], pct[t], out[t], current[t], w[t],
                is_free[t] ? "" : " (fixed)");
  std::printf("bias (side to move) %.4f\n", w[bias]);
  if (squares) {
    // In centi-rabbits of the evaluation: material's logit per unit is
    // pct[0] / 100 units of score.
    const double cr = pct[0] / w[0];
    const char* names = "RCDHME";
    std::printf("\nsquare weights, centi-rabbits, ranks 1-8 from the piece's own side (rows), files a-d (columns)\n");
    for (int type = 0; type < kNumTypes; ++type) {
      std::printf("%c:", names[type]);
      for (int rank = 0; rank < 8; ++rank) {
        std::printf(" |");
        for (int file = 0; file < 4; ++file)
          std::printf(" %4ld", std::lround(cr * w[kTerms + (type * 8 + rank) * 4 + file]));
      }
      std::printf("\n");
    }
  }
  return 0;
}
