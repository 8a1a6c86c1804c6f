// The parts of the engine's game traits (engine/game_concept.h) that the
// three hunt games share. Each game's traits struct derives from
// HuntTraits<Tag> (Tag::rules() gives its Rules) and adds its name, options,
// start position, evaluation and solver.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"
#include "games/hunt/rules.h"
#include "games/hunt/tablebase.h"

namespace ludus::hunt {

template <class Tag>
struct HuntTraits {
  using Position = Pos;
  using Move = hunt::Move;

  // Goals and the stall counter end games while moves remain (rules 6).
  static constexpr bool kEndsWithMovesLeft = true;

  static const Rules& rules() { return Tag::rules(); }

  static Side side_to_move(const Position& p) { return hunt::side_to_move(rules(), p); }
  static int legal_moves(const Position& p, Move* out) { return hunt::legal_moves(rules(), p, out); }
  static Position play(const Position& p, Move m) { return hunt::play(rules(), p, m); }
  static std::uint64_t key(const Position& p) { return hunt::key(p); }
  static Outcome outcome(const Position& p) { return hunt::outcome(rules(), p); }
  // No draws: a finished game is a win or a loss at this ply (mate scores).
  static Score terminal_score(const Position& p, int ply) {
    return outcome(p) == win_for(side_to_move(p)) ? mate_in(ply) : mated_in(ply);
  }

  static std::string move_to_string(Move m) { return hunt::move_to_string(rules(), m); }
  static Status parse_move(const Position& p, std::string_view text, Move& out) {
    return hunt::parse_move(rules(), p, text, out);
  }
  static std::string to_fen(const Position& p) { return hunt::to_fen(rules(), p); }
  template <class Config>
  static Status parse_fen(std::string_view text, Position& out, const Config&) {
    return hunt::parse_fen(rules(), text, out);
  }
  static std::vector<std::string> board_lines(const Position& p) { return hunt::board_lines(rules(), p); }

  static std::uint16_t pack(Move m) { return hunt::pack(m); }
  // Only used for display; jump codes are hashed and do not unpack.
  static Move unpack(std::uint16_t v) {
    return v >= 1 && v < 1024 ? Move::step((v - 1) / 8, (v - 1) % 8) : Move{};
  }
};

// The engine's Solver hook over a complete Tablebase: every covered node is
// answered exactly, as a mate score relative to the search root.
class TableSolver {
 public:
  explicit TableSolver(const Tablebase* tb) : tb_(tb) {}
  void clear() {}
  Score solve(const Pos& p, Score, Score, const std::atomic<bool>&, std::uint64_t& nodes, int ply) {
    ++nodes;
    const auto v = tb_ ? tb_->probe(p) : std::nullopt;
    return v ? table_score(*v, ply) : 0;
  }

 private:
  const Tablebase* tb_;
};

// exact_depth() values: "ask the solver at any remaining depth" and "never".
constexpr int kAlwaysExact = -100000;
constexpr int kNeverExact = 100000;

}  // namespace ludus::hunt
