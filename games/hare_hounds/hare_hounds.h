// Hare and hounds (rules: docs/rules/hunt.md, docs/games/hunt.md): the
// engine's traits struct. Solved completely by retrograde analysis
// (games/hunt/tablebase.h) on first use; `go` plays from the tables.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "games/hunt/hunt_game.h"

namespace ludus {

struct HareHounds : hunt::HuntTraits<HareHounds> {
  static const hunt::Rules& rules() { return hunt::hare_hounds_rules(); }

  static constexpr std::string_view kName = "hare-hounds";
  static constexpr int kMaxMoves = 16;  // the hare's 8 lines, or 3 hounds' steps

  struct Config {
    int hare_start = 10;  // point 10 (far end) or 5 (centre)
  };

  // HareStart: combo 10|5, default 10 (rules 8).
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);
  static Position start(const Config& cfg);

  // Used only where the tables do not answer (the `eval` command).
  static Score evaluate(const Position& p, const Config& cfg);
  static std::vector<std::string> eval_lines(const Position& p, const Config& cfg);

  class Solver : public hunt::TableSolver {
   public:
    explicit Solver(std::size_t /*mb*/) : TableSolver(&hunt::hare_hounds_tablebase()) {}
  };
  static int exact_depth(const Position&) { return hunt::kAlwaysExact; }
  static int moves_left(const Position&) { return 20; }
};

}  // namespace ludus
