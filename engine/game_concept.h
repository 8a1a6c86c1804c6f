// What a game must provide to be searched and served by the engine.
//
// A game is a stateless "traits" struct G with static functions over a plain
// value type G::Position (copy-make: the search copies positions, so keep them
// small). The search core (engine/search.h) is templated on G, so none of these
// calls is virtual. Optional hooks are detected with `requires` and documented
// below the concept.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "engine/types.h"

namespace ludus {

template <class G>
concept GameTraits = requires(const typename G::Position& pos, typename G::Position& mpos,
                              typename G::Move move, typename G::Move* out,
                              typename G::Config& cfg, const typename G::Config& ccfg,
                              std::string_view text, std::uint16_t packed, int ply) {
  // Name used by `newgame <name>` and the Game option.
  { G::kName } -> std::convertible_to<std::string_view>;
  // Upper bound of legal_moves() over every position.
  { G::kMaxMoves } -> std::convertible_to<int>;

  // Game options (rule variants, evaluator choice) beyond the engine's own.
  { G::options() } -> std::same_as<std::vector<OptionSpec>>;
  { G::set_option(cfg, text, text) } -> std::same_as<Status>;

  { G::start(ccfg) } -> std::same_as<typename G::Position>;
  { G::side_to_move(pos) } -> std::same_as<Side>;
  // Writes the legal moves (complete turns' parts, passes included) in the
  // game's canonical order and returns their count. 0 means the game is over.
  { G::legal_moves(pos, out) } -> std::same_as<int>;
  { G::play(pos, move) } -> std::same_as<typename G::Position>;
  // Zobrist-style key covering every piece of state that decides moves/result.
  { G::key(pos) } -> std::same_as<std::uint64_t>;
  { G::outcome(pos) } -> std::same_as<Outcome>;
  // Value of a finished game for the side to move, `ply` plies from the root
  // (use mate_in/mated_in for wins, or exact margins where the protocol says so).
  { G::terminal_score(pos, ply) } -> std::same_as<Score>;
  // Static evaluation for the side to move.
  { G::evaluate(pos, ccfg) } -> std::same_as<Score>;

  // Notation.
  { G::move_to_string(move) } -> std::same_as<std::string>;
  { G::parse_move(pos, text, move) } -> std::same_as<Status>;
  { G::to_fen(pos) } -> std::same_as<std::string>;
  { G::parse_fen(text, mpos, ccfg) } -> std::same_as<Status>;
  { G::board_lines(pos) } -> std::same_as<std::vector<std::string>>;
  // Human-readable breakdown of evaluate() for the `eval` command.
  { G::eval_lines(pos, ccfg) } -> std::same_as<std::vector<std::string>>;

  // Moves packed into 16 bits for the transposition table; 0 = no move.
  { G::pack(move) } -> std::same_as<std::uint16_t>;
  { G::unpack(packed) } -> std::same_as<typename G::Move>;
};

// Optional hooks (checked with `if constexpr (requires ...)` in the search):
//
//   static constexpr bool kEndsWithMovesLeft;
//       true if a game can end while the side to move still has moves (goal,
//       stall counters). Then the search calls outcome() at every node;
//       otherwise a node with no legal move is the end and outcome() is only
//       used by the protocol.
//   static constexpr bool kOngoingHasMoves;
//       with kEndsWithMovesLeft: true if outcome() == Ongoing guarantees a
//       legal move (outcome() checks for none). The search then sends a
//       depth-0 node straight to quiescence without listing its moves.
//   static int order_hint(const Position&, Move);
//       a static move-ordering prior (captured material, ...), larger first.
//   static int order_hint(const Position&, Move, int depth);
//       the same told the node's remaining depth (preferred when declared),
//       so that a costly prior may be left to the nodes far from the horizon.
//   static constexpr bool kLeafEvaluatesTerminal;
//       true when evaluate() of a finished game returns terminal_score() (at
//       ply 0; a game with mate distances must not declare it) and the game
//       has no noisy_moves(): a node at depth 0 then goes to the evaluation
//       without listing its moves.
//   static constexpr bool kPrefetchChildren;
//       true when a node should prefetch the table bucket of its next child
//       while searching the current one (the child is played once more for
//       its key). It pays where nodes and play() are cheap, so that the
//       probe's cache miss dominates (Othello); Arimaa's and Camelot's
//       benches measured no gain from it.
//   static int noisy_moves(const Position&, Move* out);
//       the moves quiescence searches at depth 0 (captures, ...).
//   static bool noisy_forced(const Position&);
//       true when every legal move is noisy (a compulsory capture): quiescence
//       then does not stand pat, and noisy_moves() must return all of them.
//       Games with kEndsWithMovesLeft are also checked for a finished game at
//       every quiescence node.
//   class Solver { Solver(std::size_t mb); void clear();
//                  Score solve(const Position&, Score alpha, Score beta,
//                              const std::atomic<bool>& stop, std::uint64_t& nodes); };
//   static int exact_depth(const Position&);
//       an exact solver for positions near the end. When the remaining search
//       depth reaches exact_depth(pos) the search asks the solver instead of
//       going on (Othello: exact_depth = empties). solve() is fail-soft and
//       uses the same score units as terminal_score(). A solver may instead
//       declare solve(pos, alpha, beta, stop, nodes, int ply): it is then told
//       the node's distance from the root, so that it can return root-relative
//       mate scores (mate_in(ply + n)) like terminal_score() does.
//       Optional: int pv_line(const Position&, Move* out, int max_len) const
//       writes the solver's best line from a position it has just solved
//       (from its own table) and returns its length, so that `info ... pv`
//       goes on past the node where the search handed over to the solver.
//       Optional: static int solve_jump_depth(const Position& root): the
//       midgame depth the iterations reach before they jump to an exact
//       solve of the root (default 4). The solver's root window starts from
//       that iteration's score and its move order from the table, so a
//       deeper start can pay for itself many times over.
//       Optional: static constexpr bool kWinDrawLossSolve: when the
//       root's exact solve is beyond a timed search's budget, the solve
//       proves only the sign of the score (window (-1, +1): win, draw or
//       loss) and reports a bound; the game's scores must decide the result
//       by their sign. Analysis and depth- or node-limited searches solve
//       exactly.
//       Optional, with it: static constexpr int kSelectiveLevels,
//       kSelectiveReach and void set_selectivity(int level) on the Solver:
//       that proof, and an exact solve too, runs first at selective
//       levels 1..kSelectiveLevels (each surer than the one before, 0 =
//       exact), so that a move comes from the surest level the time allows
//       and the exact search starts from the levels' moves and score; each
//       level is reported as an iteration of the same depth. The
//       iterations jump to the proof from solve_jump_depth when the root is
//       at most kSelectiveReach plies beyond what an exact solve may take.
//       Optional: void share_table(Solver& main): makes this solver use
//       main's table. The session then builds one table (of the size all
//       threads' tables would have had) and every thread's solver uses it,
//       so that a multi-threaded search shares its endgame results as it
//       shares the midgame table; the table must then be safe to read and
//       write from several threads without locks.
//       Optional: std::atomic<std::uint64_t>* live_node_counter()
//       the node count of the solve in progress (0 between solves), added
//       to the search's count in the reports made while a long solve runs.
//   static void prepare_search(Config&, const Position& root);
//       called by the session before every search (engine/game_session.h):
//       lets the configuration depend on the root, e.g. an evaluation that
//       differs with the side the engine plays.
//   static void prepare_search(Config&, const Position& root, const SearchLimits&);
//       the same, also given the `go` limits (e.g. a turn limit of the clock).
//   static constexpr Score kAspirationDelta;
//       the half-width of an iteration's first aspiration window around the
//       expected score (default 50); it doubles on every failure.
//   static constexpr bool kAspirationSameParity;
//       true when the scores of consecutive depths differ systematically
//       (Othello: the side that moves last at the horizon gains): the window
//       then centres on the score of the iteration two back, of the same
//       depth parity, instead of the last one.
//   static int moves_left(const Position&);
//       the mover's expected number of remaining turns (time management).
//   static std::vector<std::string> bench_fens(); static constexpr int kBenchDepth;
//       positions and depth of `bench`.
//   static constexpr bool kPerftFinishedIsLeaf;
//       perft convention (engine/perft.h); default false: a finished game
//       contributes 0 at depth >= 1.
//
// Turns of several moves (engine/turns.h): the protocol token is a whole
// turn, the search works on moves, and the side to move changes only when the
// turn ends:
//   static constexpr bool kMultiMoveTurns = true;
//   static Status parse_turn(const Position&, std::string_view, std::vector<Move>&);
//   static std::string turn_to_string(const Position&, const std::vector<Move>&);
//   static void legal_turns(const Position&, std::vector<std::vector<Move>>&);  (optional)
//
// History-dependent rules (engine/search.h, engine/game_session.h):
//   static constexpr RepetitionRule kRepetition;   DrawOnThird | IllegalThird
//   static constexpr bool kHistoryCountsBase;      does a set position count
//                                                  as a first occurrence (default true)
//   static std::uint64_t repetition_key(const Position&);  position identity
//                                                  for repetition (default key())
// The session keeps the keys of the positions at turn starts; the search adds
// the turn starts along its path.

}  // namespace ludus
