// Mouse and cats (rules: docs/rules/hunt.md, docs/games/hunt.md): the
// engine's traits struct. The game is solved completely by retrograde
// analysis (games/hunt/tablebase.h) on first use; the search then asks the
// tables at every node, so `go` plays perfectly and reports exact mate scores.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "games/hunt/hunt_game.h"

namespace ludus {

struct MouseCats : hunt::HuntTraits<MouseCats> {
  static const hunt::Rules& rules() { return hunt::mouse_cats_rules(); }

  static constexpr std::string_view kName = "mouse-cats";
  static constexpr int kMaxMoves = 8;  // 4 cats x 2 steps, or the mouse's 4

  struct Config {
    int mouse_start = 2;  // index of e1 among the dark squares a1 c1 e1 g1
  };

  // MouseStart: combo a1|c1|e1|g1, default e1 (rules 8).
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);
  static Position start(const Config& cfg);

  // Used only where the tables do not answer (the `eval` command): progress
  // and mobility of the mouse, holes in the cats' line, the cats' tempo reserve.
  static Score evaluate(const Position& p, const Config& cfg);
  static std::vector<std::string> eval_lines(const Position& p, const Config& cfg);

  class Solver : public hunt::TableSolver {
   public:
    explicit Solver(std::size_t /*mb*/) : TableSolver(&hunt::mouse_cats_tablebase()) {}
  };
  static int exact_depth(const Position&) { return hunt::kAlwaysExact; }
  static int moves_left(const Position&) { return 15; }
};

}  // namespace ludus
