// Camelot for the engine: the traits struct that engine/game_concept.h asks
// for. Rules: docs/rules/camelot.md; user documentation: docs/games/camelot.md.
//
// One search move is one whole Camelot move (a canter, jump or charge chain
// included), so the protocol token is always one move. Scores are from the
// side to move's view; 100 = one Man.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "engine/search.h"
#include "engine/types.h"
#include "games/camelot/board.h"
#include "games/camelot/movegen.h"

namespace ludus {

struct Camelot {
  using Position = camelot::Position;
  using Move = camelot::Move;

  static constexpr std::string_view kName = "camelot";
  static constexpr int kMaxMoves = camelot::kMaxMoves;
  // The game ends with moves left (castle, material, clock, repetition).
  static constexpr bool kEndsWithMovesLeft = true;
  // outcome() checks rules 6 check 3 (no legal move), so an ongoing
  // position always has one: the search skips listing moves at its leaves.
  static constexpr bool kOngoingHasMoves = true;
  // Rules 6 check 4: the third occurrence of a position is a draw; the base
  // position of `position` counts as the first (rules 4.3).
  static constexpr RepetitionRule kRepetition = RepetitionRule::DrawOnThird;
  static constexpr bool kHistoryCountsBase = true;

  struct Config {
    enum Evaluator { Ludus, Seed } evaluator = Ludus;
    bool own_castle_continue = false;  // OwnCastleJump=continue (rules 8)
  };

  // Evaluator (ludus|seed) and OwnCastleJump (end|continue). The rule option
  // is stored in positions made by start/parse_fen, so it takes effect at the
  // next `position`, `newgame` or `uginewgame`.
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);

  static Position start(const Config& cfg) { return camelot::start_position(cfg.own_castle_continue); }
  static Side side_to_move(const Position& p) { return p.side == 0 ? Side::P1 : Side::P2; }
  static int legal_moves(const Position& p, Move* out) { return camelot::legal_moves(p, out); }
  static Position play(const Position& p, Move m) { return camelot::play(p, m); }
  // The clock is part of the key (it decides the no-progress draw), the
  // repetition key leaves it out (rules 6 check 4).
  static std::uint64_t key(const Position& p) { return camelot::full_key(p); }
  static std::uint64_t repetition_key(const Position& p) { return p.base_key; }
  static Outcome outcome(const Position& p) { return camelot::outcome(p); }
  static Score terminal_score(const Position& p, int ply);
  static Score evaluate(const Position& p, const Config& cfg);

  // Position-free form for logs only ("from-to" or "from*to/<captures>"):
  // real tokens need the position (turn_to_string below).
  static std::string move_to_string(Move m);
  static Status parse_move(const Position& p, std::string_view text, Move& out);
  static std::string to_fen(const Position& p);
  static Status parse_fen(std::string_view text, Position& out, const Config& cfg);
  static std::vector<std::string> board_lines(const Position& p);
  static std::vector<std::string> eval_lines(const Position& p, const Config& cfg);

  // The canonical token (rules 5.8, 7) of a one-move turn, from the position.
  static std::string turn_to_string(const Position& p, const std::vector<Move>& moves);
  // Legal moves as one-move turns in ascending ASCII order of their tokens
  // (rules 7: `query moves`, and perft's per-move lines).
  static void legal_turns(const Position& p, std::vector<std::vector<Move>>& out);

  // 16-bit TT/killer/history code. Plain moves and canters are coded exactly
  // by (from, to); captures by a hash of (from, to, captured set) in a
  // separate range: a collision only costs move ordering, because the search
  // compares the code with generated moves and never decodes it.
  static std::uint16_t pack(Move m);
  static Move unpack(std::uint16_t) { return Move{}; }

  // Ordering prior: captured material, then entering the enemy castle, then
  // advance towards it.
  static int order_hint(const Position& p, Move m);
  // Quiescence (engine/search.h): captures; when captures are compulsory
  // there is no stand-pat (noisy_forced).
  static int noisy_moves(const Position& p, Move* out) { return camelot::noisy_moves(p, out); }
  static bool noisy_forced(const Position& p) { return camelot::noisy_forced(p); }

  // Search pruning (engine/search.h): a null move (the turn passed) except
  // where passing would hide a zugzwang: a compulsory capture, a piece that
  // must leave its own castle, or few pieces left (races decide).
  static bool null_move(const Position& p, Position& out);
  // Late-move reductions grow with depth and move number: with ~100 legal
  // moves most of them are quiet and poor.
  static int reduction(int depth, int move_number);

  // Quiet-move pruning near the horizon (engine/search.h). Quiet = no
  // capture, no entry into the enemy castle, and no piece offered to a jump
  // (an offered piece forces the opponent's capture: a bait is tactical).
  static bool is_quiet(const Position& p, Move m);
  static Score futility_margin(int depth) { return depth == 1 ? 150 : depth == 2 ? 300 : 0; }
  static int late_move_limit(int depth) { return depth == 1 ? 14 : depth == 2 ? 22 : depth == 3 ? 36 : 0; }

  static int moves_left(const Position& p);
  static std::vector<std::string> bench_fens();
  static constexpr int kBenchDepth = 6;
};

}  // namespace ludus
