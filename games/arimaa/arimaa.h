// Arimaa for the engine: the traits struct of engine/game_concept.h.
// Rules: docs/rules/arimaa.md (user notes: docs/games/arimaa.md).
//
// The search works on steps (board.h): depth is counted in steps, a turn
// of 1-4 steps ends with an explicit end-of-turn move (or by itself after
// the 4th step), and only then does the side to move change. The protocol
// token is a whole turn (engine/turns.h). Scores are centi-rabbits for the
// side to move (the first rabbit capture from the start is worth 100),
// proven results are mate scores (in plies = steps and end-of-turn moves).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/limits.h"
#include "engine/options.h"
#include "engine/search.h"
#include "engine/types.h"
#include "games/arimaa/board.h"

namespace ludus {

struct Arimaa {
  using Position = arimaa::Position;
  using Move = arimaa::Move;

  static constexpr std::string_view kName = "arimaa";
  static constexpr int kMaxMoves = arimaa::kMaxMoves;
  // A goal or an elimination ends the game while moves remain.
  static constexpr bool kEndsWithMovesLeft = true;
  // A protocol move is a whole turn of steps.
  static constexpr bool kMultiMoveTurns = true;
  // Rules §6.2: a turn that makes a position's 3rd occurrence is illegal;
  // a position set by `position`/`setposition` is not counted.
  static constexpr RepetitionRule kRepetition = RepetitionRule::IllegalThird;
  static constexpr bool kHistoryCountsBase = false;
  static constexpr Score kAspirationDelta = 60;

  struct Config {
    enum Evaluator { Ludus, Seed } evaluator = Ludus;
    // The last turn before the game is adjudicated by piece count (rules
    // §6.3; AEI `tcturns`), 0 when there is none. Set by prepare_search.
    std::uint32_t last_turn = 0;
  };
  // A reserve time control with a turn limit (AEI passes the turns left as
  // movestogo): the evaluation then counts pieces as the limit nears.
  static void prepare_search(Config& cfg, const Position& root, const SearchLimits& limits);

  // Evaluator (combo ludus|seed).
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);

  // The empty board, Gold to set up (`8/8/8/8/8/8/8/8 g 1`).
  static Position start(const Config& cfg);
  static Side side_to_move(const Position& pos) { return pos.side == arimaa::kGold ? Side::P1 : Side::P2; }
  static int legal_moves(const Position& pos, Move* out) { return arimaa::generate_moves(pos, out); }
  static Position play(const Position& pos, Move m) { return arimaa::play(pos, m); }
  // Covers the whole step state of §5.7 (steps used, pending push, pull
  // option, the turn-start board); at a turn start it is the repetition key.
  static std::uint64_t key(const Position& pos);
  static std::uint64_t repetition_key(const Position& pos) { return pos.hash; }
  static Outcome outcome(const Position& pos);
  static Score terminal_score(const Position& pos, int ply);
  static Score evaluate(const Position& pos, const Config& cfg);
  // The lazy evaluation of the search (engine/search.h, HasLazyEval).
  static Score evaluate_within(const Position& pos, const Config& cfg, Score lo, Score hi);

  static std::string move_to_string(Move m);
  // One step item (`Ee2n`) at the current step node.
  static Status parse_move(const Position& pos, std::string_view text, Move& out);
  static std::string to_fen(const Position& pos);
  static Status parse_fen(std::string_view text, Position& out, const Config& cfg);
  static std::vector<std::string> board_lines(const Position& pos);
  static std::vector<std::string> eval_lines(const Position& pos, const Config& cfg);

  static std::uint16_t pack(Move m) { return m.v; }
  static Move unpack(std::uint16_t v) { return Move{v}; }

  // Whole turns (engine/turns.h).
  static Status parse_turn(const Position& pos, std::string_view token, std::vector<Move>& out);
  static std::string turn_to_string(const Position& pos, const std::vector<Move>& moves);
  // One turn per distinct resulting position (rules §5.8), fewest steps first.
  static void legal_turns(const Position& pos, std::vector<std::vector<Move>>& out);
  static std::uint64_t count_turns(const Position& pos);
  // AEI makemove (rules §7.4): what pyrimaa's referee accepts.
  static Status parse_turn_lenient(const Position& pos, std::string_view token, std::vector<Move>& out,
                                   std::vector<std::string>& warnings);

  // Search hooks.
  // Captures first (a step that drags an enemy onto a trap), own losses last.
  static int order_hint(const Position& pos, Move m);
  // Quiescence: steps that capture an enemy piece, and push completions.
  static int noisy_moves(const Position& pos, Move* out);
  // A goal reachable in the steps left of this turn: a proven win.
  static int win_distance(const Position& pos, int depth);
  // A pending push has no stand-pat in quiescence: it must be completed.
  static bool noisy_forced(const Position& pos) { return pos.push_sq != arimaa::kNoSquare; }
  // Null move at a turn start: the whole turn passed (zugzwang is rare in
  // Arimaa; goal threats are caught by the goal detector at the child).
  static bool null_move(const Position& pos, Position& out);
  // Late steps of the ~30 at a node are reduced more.
  static int reduction(int depth, int move_number);
  // Ending the turn gives up its unplayed steps: every turn costs 4 plies
  // of depth, however many steps it has.
  static int depth_cost(const Position& pos, Move m) { return m.is_pass() ? 4 - pos.steps : 1; }
  // Quiet steps (no capture, push, pull, end of turn or rabbit run) may be
  // pruned near the horizon at non-PV nodes.
  static bool is_quiet(const Position& pos, Move m);
  static Score futility_margin(int depth);
  static int late_move_limit(int depth);
  static int moves_left(const Position& pos);
  static std::vector<std::string> bench_fens();
  static constexpr int kBenchDepth = 8;

  // The setup phase (rules §5.8): 64,864,800 setups are never enumerated.
  static std::string moves_note(const Position& pos);
  static Status perft_shortcut(const Position& pos, int depth, std::optional<std::uint64_t>& count);
  // OwnBook: a setup from book/arimaa/setups.txt, chosen by `random`
  // among setup_choices (setups.h).
  static bool book_turn(const Position& pos, const Config& cfg, std::uint64_t random, std::vector<Move>& out);
};

}  // namespace ludus
