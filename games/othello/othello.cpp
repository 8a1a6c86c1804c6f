#include "games/othello/othello.h"

#include <array>

#include "engine/game_concept.h"
#include "games/othello/eval.h"
#include "games/othello/eval_seed.h"
#include "games/othello/notation.h"
#include "games/othello/patterns.h"
#include "games/othello/patterns_file.h"

namespace ludus {

static_assert(GameTraits<Othello>);

namespace {
constexpr std::string_view kDefaultPatternFile = "<empty>";
}

std::vector<OptionSpec> Othello::options() {
  OptionSpec ev;
  ev.name = "Evaluator";
  ev.type = OptionType::Combo;
  ev.default_value = othello::patterns::shipped_weights() ? "pattern" : "ludus";
  ev.values = {"ludus", "seed", "pattern"};
  OptionSpec file;
  file.name = "PatternFile";
  file.type = OptionType::String;
  file.default_value = std::string(kDefaultPatternFile);
  return {ev, file};
}

// The session applies an option to a copy of the configuration and keeps
// the copy only on success, so a file that cannot be read leaves the
// evaluator, the file name and the weights in use as they were.
Status Othello::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (iequals(name, "PatternFile")) {
    const std::string path = value == kDefaultPatternFile ? std::string() : std::string(value);
    std::shared_ptr<const othello::patterns::PatternWeights> w;
    if (Status st = othello::patterns::load_pattern_weights(
            path.empty() ? othello::patterns::default_pattern_file() : path, w);
        !st)
      return st;
    cfg.pattern_file = path;
    cfg.patterns = std::move(w);
    return Status::ok();
  }
  if (!iequals(name, "Evaluator")) return Status::fail("othello has no option '" + std::string(name) + "'");
  if (iequals(value, "ludus")) {
    cfg.evaluator = Config::Ludus;
  } else if (iequals(value, "seed")) {
    cfg.evaluator = Config::Seed;
  } else if (iequals(value, "pattern")) {
    // Read again at every selection, so that a retrained file is taken
    // without a restart.
    const std::string path = cfg.pattern_file.empty() ? othello::patterns::default_pattern_file() : cfg.pattern_file;
    if (Status st = othello::patterns::load_pattern_weights(path, cfg.patterns); !st)
      return Status::fail("Evaluator pattern: " + st.error);
    cfg.evaluator = Config::Pattern;
  } else {
    return Status::fail("option Evaluator has no value '" + std::string(value) + "' (ludus, seed or pattern)");
  }
  return Status::ok();
}

Othello::Position Othello::start(const Config&) { return othello::start_board(); }

Score Othello::terminal_score(const Position& pos, int) { return 100 * othello::final_score(pos); }

Score Othello::evaluate(const Position& pos, const Config& cfg) {
  switch (cfg.evaluator) {
    // (The seed's evaluation scores a finished game like any other: the
    // exact score here keeps kLeafEvaluatesTerminal true for it too.)
    case Config::Seed: return othello::game_over(pos) ? terminal_score(pos, 0) : othello::evaluate_seed(pos);
    case Config::Pattern: return cfg.patterns->evaluate(pos, pos.indexes[static_cast<std::size_t>(pos.side)]);
    default: return othello::evaluate(pos);
  }
}

std::string Othello::move_to_string(Move m) { return othello::move_to_string(m); }

Status Othello::parse_move(const Position& pos, std::string_view text, Move& out) {
  return othello::parse_move(pos, text, out);
}

std::string Othello::to_fen(const Position& pos) { return othello::to_fen(pos); }

Status Othello::parse_fen(std::string_view text, Position& out, const Config&) {
  othello::Board b;
  Status st = othello::parse_fen(text, b);
  if (st) out = b;  // the indexes read in full
  return st;
}

std::vector<std::string> Othello::board_lines(const Position& pos) { return othello::board_lines(pos); }

std::vector<std::string> Othello::eval_lines(const Position& pos, const Config& cfg) {
  switch (cfg.evaluator) {
    case Config::Seed: return othello::eval_seed_lines(pos);
    case Config::Pattern: return cfg.patterns->eval_lines(pos);
    default: return othello::eval_lines(pos);
  }
}

namespace {
// Static square values for ordering (centi-units, side-symmetric): corners
// best, A/B edge squares good, C- and X-squares poor.
constexpr int kSquareValue[64] = {
    100, -20, 10, 5, 5, 10, -20, 100,   //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    10, -2, 1, 1, 1, 1, -2, 10,          //
    5, -2, 1, 0, 0, 1, -2, 5,            //
    5, -2, 1, 0, 0, 1, -2, 5,            //
    10, -2, 1, 1, 1, 1, -2, 10,          //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    100, -20, 10, 5, 5, 10, -20, 100,    //
};
}  // namespace

// Depth 3 cuts with a 1-ply search, 4-5 with 2-3 ply searches, 6-7 with
// 2-3, 8-9 with 4-5, 10-11 with 4-5, 12 with 6. The shallow-to-deep error
// of such pairs, measured on 150 data positions of 20-52 empties, is
// 2.2-2.8 discs (the standard deviation of
// the difference of the two scores, depths 2/4, 3/5, 4/8, 4/10, 6/10); the
// margin is about one of those. Self-play at 100 ms a move, 200 games
// each against no ProbCut: a margin of 2 discs +190.8 Elo, of 3 discs +170.2.
// Margins that follow the error's fitted growth with empties and depth lost
// to this flat one in self-play (docs/games/othello.md). From depth 3 rather
// than 4: 17% fewer nodes to depth 14, +23.1 Elo in self-play (ibid.).
bool Othello::probcut(const Position&, int depth, int& shallow, Score& margin) {
  if (depth < 3) return false;
  shallow = 2 * (depth / 4) + (depth & 1);
  margin = 200;
  return true;
}

int Othello::order_hint(const Position& pos, Move m, int depth) {
  if (m.sq >= 64) return 0;
  using namespace othello;
  if (depth <= 1) return kSquareValue[m.sq];
  const Bitboard f = flips(m.sq, pos.own, pos.opp);
  const Bitboard np = pos.opp & ~f, no = pos.own | f | bit(m.sq);
  const Bitboard reply = legal_moves_mask(np, no);
  int v = kSquareValue[m.sq] - 20 * (popcount(reply) + popcount(reply & kCorners));
  // X/C-squares are only dangerous while their corner is empty.
  static constexpr auto kCornerOf = [] {
    std::array<int, 64> t{};
    t.fill(-1);
    for (int corner : {0, 7, 56, 63}) {
      const int r = corner / 8, c = corner % 8;
      const int dr = r == 0 ? 1 : -1, dc = c == 0 ? 1 : -1;
      t[8 * (r + dr) + c] = t[8 * r + c + dc] = t[8 * (r + dr) + c + dc] = corner;
    }
    return t;
  }();
  const int c = kCornerOf[m.sq];
  if (c >= 0 && ((pos.own | pos.opp) & bit(c))) v -= kSquareValue[m.sq];
  if (!np) v += 10000;  // wipeout
  return v;
}

}  // namespace ludus
