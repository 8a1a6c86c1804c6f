// Fox and geese (rules: docs/rules/hunt.md, docs/games/hunt.md): the
// engine's traits struct. Too large to solve outright, it is played by the
// engine's alpha-beta search with its own evaluation (games/fox_geese/eval.h),
// quiescence over the fox's captures, and exact answers from retrograde
// endgame tables for every position with at most 3 geese (endgame.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "games/hunt/hunt_game.h"

namespace ludus {

struct FoxGeese : hunt::HuntTraits<FoxGeese> {
  static const hunt::Rules& rules() { return hunt::fox_geese_rules(); }

  static constexpr std::string_view kName = "fox-geese";
  // The most moves of any position: 11155 jump moves (distinct end point +
  // captured set) for a fox on c5 amid 17 geese (checked by a test), plus
  // room for the 8 steps. Geese have at most 17 x 5 = 85 moves.
  static constexpr int kMaxJumpMoves = hunt::kMaxJumpMoves;
  static constexpr int kMaxMoves = kMaxJumpMoves + 8;
  static constexpr Score kAspirationDelta = 40;

  struct Config {
    int geese = 15;  // start layout: 13, 15 or 17 geese (rules 3 and 8)
    enum Evaluator { Ludus, Seed } evaluator = Ludus;
    bool engine_geese = true;  // the side the engine searches for (set before each search)
  };
  static void prepare_search(Config& cfg, const Position& root) { cfg.engine_geese = !root.prey_to_move; }

  // Geese: combo 13|15|17 (default 15); Evaluator: combo ludus|seed.
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);
  static Position start(const Config& cfg);
  static Position start_with(int geese);

  // 100 = one goose. `ludus`: material, containment of the fox, capture
  // threats, gaps, advancement, the stall reserve (eval.h); `seed`: the
  // seed thesis's features with balanced weights (eval_seed.h).
  static Score evaluate(const Position& p, const Config& cfg);
  static std::vector<std::string> eval_lines(const Position& p, const Config& cfg);

  // Captures (most geese first) and goal moves first; forward goose moves
  // before sideways ones.
  static int order_hint(const Position& p, Move m);
  // Quiescence: the fox's jump moves and its steps onto rank 1.
  static int noisy_moves(const Position& p, Move* out);

  // Exact answers from the endgame tables (at most kEndgameGeese geese).
  class Solver {
   public:
    explicit Solver(std::size_t mb);
    void clear() {}
    Score solve(const Position& p, Score alpha, Score beta, const std::atomic<bool>& stop,
                std::uint64_t& nodes, int ply);
  };
  static int exact_depth(const Position& p);
  static int moves_left(const Position& p);

  static std::vector<std::string> bench_fens();
  static constexpr int kBenchDepth = 10;
};

}  // namespace ludus
