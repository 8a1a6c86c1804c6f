// The game-agnostic search: iterative deepening over a principal variation
// search with aspiration windows, a shared transposition table, killer and
// history move ordering, and the game's optional hooks (exact solver, move
// ordering prior, quiescence over noisy moves). Templated on the game so the
// hot loop has no virtual calls.
//
// Side to move need not alternate between plies (an Arimaa turn is several
// steps, a Linja turn has sub-moves): a child's score is negated only when the
// child's side to move differs from the parent's.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "engine/busy_table.h"
#include "engine/game_concept.h"
#include "engine/interrupt.h"
#include "engine/limits.h"
#include "engine/move_order.h"
#include "engine/pv_table.h"
#include "engine/timeman.h"
#include "engine/tt.h"
#include "engine/types.h"

namespace ludus {

template <class G>
concept HasSolver = requires(const typename G::Position& p) {
  typename G::Solver;
  { G::exact_depth(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasNoisyMoves = requires(const typename G::Position& p, typename G::Move* out) {
  { G::noisy_moves(p, out) } -> std::convertible_to<int>;
};
// Optional: true when every legal move of the position is noisy (e.g. a
// compulsory capture), so that quiescence must not stand pat there.
template <class G>
concept HasForcedNoisy = requires(const typename G::Position& p) {
  { G::noisy_forced(p) } -> std::convertible_to<bool>;
};
// Optional null-move pruning: writes the position with the turn passed to
// `out` and returns true when passing is a safe heuristic there (no zugzwang
// risk, e.g. no compulsory capture); the search then tries a reduced null
// search at non-PV nodes whose static evaluation is at least beta.
template <class G>
concept HasNullMove = requires(const typename G::Position& p, typename G::Position& out) {
  { G::null_move(p, out) } -> std::convertible_to<bool>;
};
// Optional late-move reduction (plies) for the `move_number`-th move (1-based)
// searched at `depth`, replacing the default 1 or 2 (games with many legal
// moves reduce late moves more).
template <class G>
concept HasReduction = requires(int depth, int move_number) {
  { G::reduction(depth, move_number) } -> std::convertible_to<int>;
};
// Optional pruning of quiet moves at non-PV nodes near the horizon, for games
// with many legal moves: futility (skip quiet moves when the static
// evaluation plus futility_margin(depth) cannot reach alpha; 0 = off at that
// depth) and late-move pruning (skip quiet moves after the first
// late_move_limit(depth) ones; 0 = off). The first move is always searched.
template <class G>
concept HasQuietPruning = requires(const typename G::Position& p, typename G::Move m, int depth) {
  { G::is_quiet(p, m) } -> std::convertible_to<bool>;
  { G::futility_margin(depth) } -> std::convertible_to<Score>;
  { G::late_move_limit(depth) } -> std::convertible_to<int>;
};
// Optional ProbCut (M. Buro, 1995): where the value of a shallow search
// predicts the deep one closely (Othello), a non-PV node of `depth` first
// searches `shallow` plies with null windows at beta + margin and
// alpha - margin; if the shallow value clears either, the deep search would
// almost surely fail the same way and the node returns that bound at once.
// The hook returns false where the cut is off (too shallow), else sets the
// shallow depth and the margin (a multiple of the shallow-to-deep error).
template <class G>
concept HasProbCut = requires(const typename G::Position& p, int depth, int& shallow, Score& margin) {
  { G::probcut(p, depth, shallow, margin) } -> std::convertible_to<bool>;
};
// Optional static win detector: the number of plies in which the side to
// move surely wins (a goal reachable in the steps left of an Arimaa turn),
// 0 when it finds none. It must never claim a win that does not exist; the
// search then returns mate_in(ply + n) at once. `depth` is the remaining
// search depth (0 in quiescence), so that a game may skip the detector
// where the search itself looks far enough.
template <class G>
concept HasWinDistance = requires(const typename G::Position& p, int depth) {
  { G::win_distance(p, depth) } -> std::convertible_to<int>;
};
// Optional depth cost of a move, in plies (at least 1; 1 without the hook):
// in Arimaa, ending a turn early gives up its unplayed steps, and a search
// that counts depth in steps charges them, so that every turn costs the
// same depth whatever its length.
template <class G>
concept HasDepthCost = requires(const typename G::Position& p, typename G::Move m) {
  { G::depth_cost(p, m) } -> std::convertible_to<int>;
};
// Optional lazy evaluation: the static evaluation when it lies strictly
// between `lo` and `hi`; otherwise any value on the same side of the
// window and no farther from it than the evaluation (at least `hi` and at
// most the evaluation when it is at least `hi`; at most `lo` and at least
// the evaluation when it is at most `lo`), so a costly term of known sign
// may be skipped once the rest decides. Every use of the evaluation in the
// search is a comparison with a bound (stand pat, null move, futility), so
// each of those tests decides as with evaluate(); only the fail-soft value
// of a stand pat outside the window may be nearer to it, so stored bounds
// and node counts can differ.
template <class G>
concept HasLazyEval = requires(const typename G::Position& p, const typename G::Config& c, Score lo, Score hi) {
  { G::evaluate_within(p, c, lo, hi) } -> std::convertible_to<Score>;
};
// The game's solver type, or void for games without one.
template <class G>
struct SolverOf {
  using type = void;
};
template <class G>
  requires HasSolver<G>
struct SolverOf<G> {
  using type = typename G::Solver;
};

template <class G>
constexpr bool ends_with_moves_left() {
  if constexpr (requires { G::kEndsWithMovesLeft; }) return G::kEndsWithMovesLeft;
  return false;
}
// True if evaluate() returns terminal_score() for a finished game and the
// game has no quiescence moves (engine/game_concept.h).
template <class G>
constexpr bool leaf_evaluates_terminal() {
  if constexpr (requires { G::kLeafEvaluatesTerminal; }) return G::kLeafEvaluatesTerminal && !HasNoisyMoves<G>;
  return false;
}
// True if outcome() == Ongoing guarantees a legal move (engine/game_concept.h).
template <class G>
constexpr bool ongoing_has_moves() {
  if constexpr (requires { G::kOngoingHasMoves; }) return ends_with_moves_left<G>() && G::kOngoingHasMoves;
  return false;
}
// True if a node prefetches its children's table buckets (engine/game_concept.h).
template <class G>
constexpr bool prefetches_children() {
  if constexpr (requires { G::kPrefetchChildren; }) return G::kPrefetchChildren;
  return false;
}
// True if a depth-0 node may go to quiescence before its moves are listed:
// a finished game is told without them (by outcome() when an ongoing game
// has moves, solver games excepted, or by the evaluation itself).
template <class G>
constexpr bool leaf_skips_move_list() {
  return (ongoing_has_moves<G>() && !HasSolver<G>) || leaf_evaluates_terminal<G>();
}
// Repetition rules of games whose result depends on the history of positions
// (engine/game_concept.h): none, a draw on the third occurrence (Camelot),
// or a turn producing a third occurrence is illegal (Arimaa).
enum class RepetitionRule { None, DrawOnThird, IllegalThird };

template <class G>
constexpr RepetitionRule repetition_rule() {
  if constexpr (requires { G::kRepetition; }) return G::kRepetition;
  return RepetitionRule::None;
}
// The position identity used for repetition (the game may leave counters out).
template <class G>
std::uint64_t repetition_key(const typename G::Position& p) {
  if constexpr (requires { G::repetition_key(p); }) return G::repetition_key(p);
  else return G::key(p);
}
// How many times `key` occurs in `keys`.
inline int count_occurrences(const std::vector<std::uint64_t>& keys, std::uint64_t key) {
  int n = 0;
  for (std::uint64_t k : keys) n += k == key;
  return n;
}

template <class G>
constexpr Score aspiration_delta() {
  if constexpr (requires { G::kAspirationDelta; }) return G::kAspirationDelta;
  return 50;
}

// Whether an iteration's aspiration window centres on the score of the
// iteration two before it rather than the last one (the game's
// kAspirationSameParity hook, default false): for games whose scores
// swing with the parity of the depth.
template <class G>
constexpr bool aspiration_same_parity() {
  if constexpr (requires { G::kAspirationSameParity; }) return G::kAspirationSameParity;
  return false;
}

// The midgame depth the iterations reach before they may jump to an exact
// solve of the root: the game's solve_jump_depth hook, at least 4.
template <class G>
int solve_jump_depth(const typename G::Position& root) {
  if constexpr (requires { { G::solve_jump_depth(root) } -> std::convertible_to<int>; })
    return std::max(4, G::solve_jump_depth(root));
  return 4;
}

// Whether the game's solver may prove only the sign of the root's score
// (win, draw or loss) when an exact solve does not fit the time: the game's
// kWinDrawLossSolve hook (default false).
template <class G>
constexpr bool win_draw_loss_solve() {
  if constexpr (requires { G::kWinDrawLossSolve; }) return G::kWinDrawLossSolve;
  return false;
}

// The number of selective levels the game's solver runs a root solve (the
// proof of who wins or the exact solve) at before the exact one (0: exact
// at once).
template <class S>
concept SelectiveSolver = requires(S& s) {
  { S::kSelectiveLevels } -> std::convertible_to<int>;
  { S::kSelectiveReach } -> std::convertible_to<int>;
  s.set_selectivity(0);
};
template <class G>
constexpr int selective_proof_levels() {
  using S = typename SolverOf<G>::type;
  if constexpr (SelectiveSolver<S>) return win_draw_loss_solve<G>() ? S::kSelectiveLevels : 0;
  return 0;
}

// How many more plies than an exact solve the first selective level of that
// proof reaches in the same time.
template <class G>
constexpr int selective_proof_reach() {
  if constexpr (selective_proof_levels<G>() > 0) return SolverOf<G>::type::kSelectiveReach;
  return 0;
}

// IllegalThird: a move that ends the turn on a position already seen twice
// among `keys` (the game's history plus the turn starts of the search path).
template <class G>
bool repeats_third_time(const std::vector<std::uint64_t>& keys, const typename G::Position& pos,
                        typename G::Move m) {
  if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
    const typename G::Position child = G::play(pos, m);
    if (G::side_to_move(child) == G::side_to_move(pos)) return false;
    return count_occurrences(keys, repetition_key<G>(child)) >= 2;
  } else {
    (void)keys, (void)pos, (void)m;
    return false;
  }
}

// DrawOnThird: the node is a turn start (`keys` ends with its key) seen a
// third time on the path.
template <class G>
bool drawn_by_third_time(const std::vector<std::uint64_t>& keys, const typename G::Position& pos) {
  if constexpr (repetition_rule<G>() == RepetitionRule::DrawOnThird) {
    return !keys.empty() && keys.back() == repetition_key<G>(pos) && count_occurrences(keys, keys.back()) >= 3;
  } else {
    (void)keys, (void)pos;
    return false;
  }
}

// One finished (or stopped) iteration, as reported to the protocol.
template <class G>
struct IterationReport {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;
  Bound bound = Bound::Exact;  // Lower/Upper when an aspiration window failed
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<typename G::Move> pv;
  // A progress report while an iteration runs (about once a second, from
  // the coordinator's watchdog): root move `currmovenumber` (1-based) of
  // iteration `iteration` is being searched; depth, score and pv are those
  // of the best line known so far (`scored` false: none yet).
  bool partial = false;
  int currmovenumber = 0;
  int iteration = 0;
  bool scored = true;
};

// The main searcher's best line so far, published for reports made from
// another thread (progress lines, the final line before bestmove).
template <class G>
struct BestSoFar {
  bool known = false;     // false until an iteration has scored a root move
  int depth = 0;          // the iteration that gave the score
  int seldepth = 0;
  Score score = 0;
  std::vector<typename G::Move> pv;
  std::uint64_t version = 0;  // bumped by every publish
};

// State shared by all threads of one search.
template <class G>
struct SearchShared {
  TranspositionTable* tt = nullptr;
  // With several threads: the nodes they are searching, so that a thread
  // defers a move another one is on (engine/busy_table.h); null with one.
  BusyTable* busy = nullptr;
  const typename G::Config* config = nullptr;
  SearchLimits limits;
  TimeManager time;
  std::atomic<bool> stop{false};
  // When pondering or searching infinitely, the main thread must not end the
  // search by itself; a finished search then waits for `stop`.
  std::atomic<bool> unbounded{false};
  // Search every root move with a full window, so that each gets an exact
  // score (for the weaker levels, which choose among near-best moves).
  bool exact_root_scores = false;
  std::vector<std::atomic<std::uint64_t>*> node_counters;
  // Set by the main searcher once it has completed an iteration: until
  // then its move is just the first legal one in listing order.
  std::atomic<bool> first_iteration_done{false};
  // Progress of the main searcher, read by the coordinator's watchdog.
  std::atomic<int> iteration{0};         // the iteration being searched
  std::atomic<int> currmovenumber{0};    // its root move (1-based)
  std::atomic<std::int64_t> last_report_ms{0};  // time of the last info sent
  std::atomic<std::uint64_t> reported_version{0};  // best_ version it carried
  std::atomic<bool> progress_since_report{false};   // a progress line came after it
  std::uint64_t progress_nodes = 0;  // the watchdog's last reported count (its own)

  void publish_best(int depth, int seldepth, Score score, const std::vector<typename G::Move>& pv) {
    std::lock_guard lock(best_mutex);
    best.known = true;
    best.depth = depth;
    best.seldepth = seldepth;
    best.score = score;
    best.pv = pv;
    ++best.version;
  }
  BestSoFar<G> best_so_far() const {
    std::lock_guard lock(best_mutex);
    return best;
  }

  // The clock's verdict: stop now (clock_stops_search, engine/timeman.h).
  bool out_of_time() const {
    if (unbounded.load(std::memory_order_relaxed) || !time.timed()) return false;
    return clock_stops_search(time.elapsed_ms(), time.hard_ms(),
                              first_iteration_done.load(std::memory_order_relaxed));
  }

  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (auto* c : node_counters) n += c->load(std::memory_order_relaxed);
    return n;
  }

 private:
  mutable std::mutex best_mutex;
  BestSoFar<G> best;
};

// Threads split the moves of nodes with at least this much depth left (the
// marks cost two atomic writes a move, nothing near the leaves), deferring
// at most kMaxDeferred moves of a node.
constexpr int kSplitMinDepth = 3;
constexpr int kMaxDeferred = 32;

template <class G>
class Searcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  using Solver = typename SolverOf<G>::type;

  Searcher(int id, SearchShared<G>& shared, Solver* solver = nullptr) : id_(id), solver_(solver) {
    attach(shared);
  }

  // Serves a new search (a searcher is kept from one `go` to the next, with
  // its buffers, see GameSession::run_searchers).
  void attach(SearchShared<G>& shared) {
    shared_ = &shared;
    // Zeroed here, before any thread of the search runs: the main thread's
    // reports sum every searcher's count, a helper's included before its
    // run() has begun (a count left from the last search would go backwards).
    nodes_.store(0, std::memory_order_relaxed);
    shared_->node_counters.push_back(&nodes_);
    if constexpr (requires(Solver* s) { { s->live_node_counter() } -> std::convertible_to<std::atomic<std::uint64_t>*>; })
      if (solver_) shared_->node_counters.push_back(solver_->live_node_counter());
  }

  // The repetition keys of the game so far, the root's included when the
  // game's rules count it (only used by games with a repetition rule).
  void set_history(std::vector<std::uint64_t> keys) { history_keys_ = std::move(keys); }

  // Runs iterative deepening from `root` until a limit or `stop`. Thread 0
  // (the main thread) checks the clock and reports every iteration.
  void run(const Position& root, const std::function<void(const IterationReport<G>&)>& report) {
    const ScopedSearchStop stop_flag(shared_->stop);  // for game code's long loops
    report_ = report ? &report : nullptr;
    // Nothing of a previous run may leak into this one.
    best_.clear();
    completed_scores_.clear();
    best_score_ = 0;
    completed_depth_ = 0;
    root_improved_ = false;
    seldepth_ = 0;
    pv_.clear_all();
    std::fill(std::begin(after_null_), std::end(after_null_), false);
    root_ = root;
    rep_stack_ = history_keys_;  // (the node count was zeroed by attach())
    ordering_.clear();
    Move* const moves = move_buffer(0);
    const int n = G::legal_moves(root_, moves);
    root_moves_.clear();
    for (int i = 0; i < n; ++i) {
      if (illegal_repetition(root_, moves[i])) continue;
      root_moves_.push_back({moves[i], -kInfinity, -kInfinity, {}});
    }
    if (root_moves_.empty()) return;
    best_ = {root_moves_[0].move};

    const int max_depth = shared_->limits.depth > 0 ? std::min(shared_->limits.depth, kMaxSearchPly - 1)
                                                   : kMaxSearchPly - 1;
    // The last two completed iterations' scores (placeholders until then:
    // aspiration() opens its window from depth 4 on, after two iterations).
    Score prev = 0, prev2 = 0;
    Move prev_best = root_moves_[0].move;
    int stable_iterations = 0;
    for (int depth = 1 + (id_ % 2); depth <= max_depth; ++depth) {
      bool win_draw_loss = false, solve = false;
      if constexpr (HasSolver<G>) {
        // Near the end the exact solver is cheaper than more midgame
        // iterations: jump to the full depth once the budget allows it, or,
        // a little farther from the end, to a proof of who wins that starts
        // selective (its first level costs a few midgame iterations).
        const int exact = G::exact_depth(root_);
        const bool proof_only = win_draw_loss_proof_only(exact);
        const int reach = solve_jump_limit() + (proof_only ? selective_proof_reach<G>() : 0);
        if (depth < exact && depth >= solve_jump_depth<G>(root_) && exact <= reach &&
            (shared_->limits.depth == 0 || shared_->limits.depth >= exact))
          depth = exact;
        solve = depth >= exact;
        win_draw_loss = solve && proof_only;
      }
      seldepth_ = 0;
      if (id_ == 0) shared_->iteration.store(depth, std::memory_order_relaxed);
      // A solve the time cannot pay for in full proves the result's sign
      // only: a window of (-1, +1) around a draw. An exact solve's window
      // would centre on the midgame score, and a root move that beats a
      // losing one would then still fail low (it need not reach that score)
      // and be left unproven when the time runs out.
      const Score centre = aspiration_same_parity<G>() ? prev2 : prev;
      Score score = solve ? proof(depth, prev, win_draw_loss, report) : aspiration(depth, centre);
      if (stopped()) {
        // A stopped iteration still improves the choice if some root move
        // was searched completely and scored above the window's alpha. The
        // first move failing low does not: its score is only a bound, its
        // line is empty, and in a game whose turn is several moves the rest
        // of the turn would be made up from the table and a greedy
        // evaluation (an Arimaa turn that allowed a goal next turn). The
        // last completed iteration's line is kept instead.
        if (id_ == 0 && root_improved_) take_best_from_root(depth);
        break;
      }
      prev2 = prev;
      prev = score;
      take_best_from_root(depth);
      completed_depth_ = depth;
      if (id_ == 0) shared_->first_iteration_done.store(true, std::memory_order_relaxed);
      completed_scores_.clear();
      for (const auto& rm : root_moves_) completed_scores_.push_back({rm.move, rm.score});
      if (id_ == 0) {
        report_iteration(depth, score, proof_bound(score, win_draw_loss), report);
        stable_iterations = best_.front() == prev_best ? stable_iterations + 1 : 0;
        prev_best = best_.front();
        if (is_mate_score(score) && depth >= 2 * (kMateScore - std::abs(score)) + 2 &&
            !shared_->unbounded.load())
          break;  // a proven result that deeper search cannot change
        if constexpr (HasSolver<G>) {
          if (depth >= G::exact_depth(root_) && !shared_->unbounded.load()) break;  // solved exactly
        }
        const double stability = stable_iterations >= 3 ? 0.6 : stable_iterations == 0 ? 1.6 : 1.0;
        if (shared_->time.should_stop_iterating(stability)) break;
      }
    }
    if (id_ == 0) {
      // Pondering / infinite: the search may not end before `stop`.
      while (shared_->unbounded.load() && !shared_->stop.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      shared_->stop.store(true);  // release the helper threads
    }
  }

  const std::vector<Move>& best_line() const { return best_; }
  // Every root move with its score in the last completed iteration (exact
  // when SearchShared::exact_root_scores is set, bounds otherwise).
  const std::vector<std::pair<Move, Score>>& root_scores() const { return completed_scores_; }
  Score best_score() const { return best_score_; }
  int completed_depth() const { return completed_depth_; }
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  struct RootMove {
    Move move;
    Score score;
    Score previous;
    std::vector<Move> pv;
  };

  // ---- iteration driver ----------------------------------------------------

  Score aspiration(int depth, Score prev) {
    Score delta = aspiration_delta<G>();
    Score alpha = -kInfinity, beta = kInfinity;
    if (depth >= 4 && !is_mate_score(prev) && !shared_->exact_root_scores) {
      alpha = std::max<Score>(prev - delta, -kInfinity);
      beta = std::min<Score>(prev + delta, kInfinity);
    }
    while (true) {
      Score score = root_search(depth, alpha, beta);
      if (stopped()) return score;
      if (score <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max<Score>(score - delta, -kInfinity);
      } else if (score >= beta) {
        beta = std::min<Score>(score + delta, kInfinity);
      } else {
        return score;
      }
      delta *= 2;
      if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
    }
  }

  Score root_search(int depth, Score alpha, Score beta) {
    // Best first: last iteration's order (stable sort keeps ties in place).
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    for (auto& rm : root_moves_) rm.previous = rm.score, rm.score = -kInfinity;
    root_improved_ = false;
    const Score window_alpha = alpha;
    const Side us = G::side_to_move(root_);
    Score best = -kInfinity;
    bool first = true;
    int move_number = 0;
    for (auto& rm : root_moves_) {
      ++move_number;
      if (id_ == 0) shared_->currmovenumber.store(move_number, std::memory_order_relaxed);
      const Position child = G::play(root_, rm.move);
      const bool same = G::side_to_move(child) == us;
      const int new_depth = after_cost(root_, rm.move, depth - 1 + (root_moves_.size() == 1 ? 1 : 0));
      Score score;
      pv_.clear(1);
      if (shared_->exact_root_scores) {
        score = child_value(child, same, -kInfinity, kInfinity, new_depth, 1, true);
      } else if (first) {
        score = child_value(child, same, alpha, beta, new_depth, 1, true);
      } else {
        score = child_value(child, same, alpha, alpha + 1, new_depth, 1, false);
        if (score > alpha && score < beta && !stopped())
          score = child_value(child, same, alpha, beta, new_depth, 1, true);
      }
      if (stopped()) break;
      if (first || score > alpha || shared_->exact_root_scores) {
        rm.score = score;
        rm.pv.assign(1, rm.move);
        rm.pv.insert(rm.pv.end(), pv_.begin(1), pv_.end(1));
      }
      if (score > window_alpha) root_improved_ = true;
      first = false;
      if (score > best) best = score;
      if (score > alpha && !shared_->exact_root_scores) {
        alpha = score;
        if (score >= beta) break;
      }
    }
    return best;
  }

  // The root's solve, first at the solver's selective levels (a probable
  // result in a fraction of the time: Zebra and Edax reach the end this
  // way), then exactly: of who wins (`win_draw_loss`, a window around a
  // draw) or of the score (aspiration windows, each level's score the next
  // one's guess). The levels' table moves order the exact search. Each
  // completed selective level is taken and reported as an iteration of
  // `depth`; the last level the time allows is left to the caller, as a
  // plain iteration is.
  Score proof(int depth, Score prev, bool win_draw_loss,
              const std::function<void(const IterationReport<G>&)>& report) {
    constexpr int levels = selective_proof_levels<G>();
    Score score = prev;
    for (int level = levels > 0 ? 1 : 0;; level = level == levels ? 0 : level + 1) {
      set_solver_selectivity(level);
      score = win_draw_loss ? root_search(depth, kProofAlpha, kProofBeta) : aspiration(depth, score);
      if (stopped() || level == 0) break;
      // Out of time: the caller takes this level as the iteration's result.
      if (id_ == 0 && shared_->time.should_stop_iterating(1.0)) break;
      take_best_from_root(depth);
      if (id_ == 0) report_iteration(depth, score, proof_bound(score, win_draw_loss), report);
    }
    set_solver_selectivity(0);
    return score;
  }
  // A proof of who wins bounds the score by its window; an exact solve
  // (or one of its selective levels) gives the score itself.
  static Bound proof_bound(Score score, bool win_draw_loss) {
    return win_draw_loss ? window_bound(score, kProofAlpha, kProofBeta) : Bound::Exact;
  }
  void set_solver_selectivity(int level) {
    if constexpr (selective_proof_levels<G>() > 0)
      if (solver_) solver_->set_selectivity(level);
  }

  // `depth`: the iteration whose root scores these are.
  void take_best_from_root(int depth) {
    const RootMove* top = &root_moves_[0];
    for (const auto& rm : root_moves_)
      if (rm.score > top->score) top = &rm;
    if (top->score == -kInfinity) return;
    best_ = top->pv.empty() ? std::vector<Move>{top->move} : top->pv;
    best_score_ = top->score;
    if (id_ == 0) shared_->publish_best(depth, std::max(seldepth_, depth), best_score_, best_);
  }

  void report_iteration(int depth, Score score, Bound bound,
                        const std::function<void(const IterationReport<G>&)>& report) {
    if (!report) return;
    IterationReport<G> r;
    r.depth = depth;
    r.seldepth = std::max(seldepth_, depth);
    r.score = score;
    r.bound = bound;
    r.nodes = shared_->total_nodes();
    r.time_ms = shared_->time.elapsed_ms();
    r.hashfull = shared_->tt->hashfull();
    r.pv = best_;
    report(r);
    shared_->last_report_ms.store(r.time_ms, std::memory_order_relaxed);
    shared_->reported_version.store(shared_->best_so_far().version, std::memory_order_relaxed);
    shared_->progress_since_report.store(false, std::memory_order_relaxed);
  }

  // Above this many plies to the end, the search does not jump to an exact
  // solve: the solver's cost grows about 3x per ply, so allow more with time
  // (engine/timeman.h). A depth-limited untimed search asked for its depth.
  int solve_jump_limit() const {
    if (shared_->limits.nodes > 0) return 14;
    if (timed_game_search()) return ludus::solve_jump_limit(shared_->time.soft_ms());
    if (shared_->limits.depth > 0 && !shared_->limits.infinite && !shared_->limits.ponder) return kMaxSearchPly;
    return ludus::solve_jump_limit(unbounded_solve_budget(shared_->time.elapsed_ms()));
  }

  // ---- the tree search -----------------------------------------------------

  // The root's solve proves only win, draw or loss (win_draw_loss_solve):
  // a timed game search whose exact solve of `exact` plies is beyond its
  // budget. Analysis (`go infinite`, a depth or node limit) solves exactly.
  bool win_draw_loss_proof_only(int exact) const {
    if constexpr (!win_draw_loss_solve<G>()) return false;
    const auto& l = shared_->limits;
    return timed_game_search() && l.depth == 0 && l.nodes == 0 && exact > solve_jump_limit();
  }
  // The window of that proof: around a draw (0), so that the result's sign
  // is known exactly and nothing more.
  static constexpr Score kProofAlpha = -1, kProofBeta = 1;

  // A search that the clock or a movetime ends (not analysis).
  bool timed_game_search() const {
    return shared_->time.timed() && !shared_->limits.infinite && !shared_->limits.ponder;
  }

  bool stopped() const { return shared_->stop.load(std::memory_order_relaxed); }

  void count_node() {
    const auto n = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(n, std::memory_order_relaxed);
    if ((n & 1023) == 0 && id_ == 0) check_limits();
  }

  void check_limits() {
    if (shared_->unbounded.load(std::memory_order_relaxed)) return;
    if (shared_->out_of_time() || (shared_->limits.nodes > 0 && shared_->total_nodes() >= shared_->limits.nodes))
      shared_->stop.store(true, std::memory_order_relaxed);
  }

  // The depth left after move m, `depth` being what one ply would leave
  // (HasDepthCost; never below the quiescence search's 0).
  static int after_cost(const Position& pos, Move m, int depth) {
    if constexpr (HasDepthCost<G>) return std::max(0, depth - (G::depth_cost(pos, m) - 1));
    else return depth;
  }

  Score child_value(const Position& child, bool same_side, Score alpha, Score beta, int depth,
                    int ply, bool pv_node) {
    if (same_side) return search(child, alpha, beta, depth, ply, pv_node);
    if constexpr (repetition_rule<G>() != RepetitionRule::None) {
      // A new turn starts at the child: it joins the history on this path.
      rep_stack_.push_back(repetition_key<G>(child));
      const Score s = -search(child, -beta, -alpha, depth, ply, pv_node);
      rep_stack_.pop_back();
      return s;
    }
    return -search(child, -beta, -alpha, depth, ply, pv_node);
  }

  // The static evaluation where it lies strictly between `lo` and `hi`,
  // else a bound on the same side of the window (HasLazyEval; exact for
  // games without a lazy evaluation).
  Score eval_within(const Position& pos, Score lo, Score hi) const {
    if constexpr (HasLazyEval<G>) return G::evaluate_within(pos, *shared_->config, lo, hi);
    else return G::evaluate(pos, *shared_->config);
  }

  // Whether a table entry decides a non-PV node's value in the window
  // (alpha, beta), narrowed first by the distance to a proven result.
  static bool tt_cutoff(const TTHit& hit, Score alpha, Score beta, int depth, int ply, bool pv_node) {
    if (!hit.found || pv_node || hit.depth < depth) return false;
    const Score a = std::max(alpha, mated_in(ply)), b = std::min(beta, mate_in(ply + 1));
    if (a >= b) return false;  // the caller's own check returns alpha
    const Score s = score_from_tt(hit.score, ply);
    return hit.bound == Bound::Exact || (hit.bound == Bound::Lower && s >= b) || (hit.bound == Bound::Upper && s <= a);
  }

  bool illegal_repetition(const Position& pos, Move m) const { return repeats_third_time<G>(rep_stack_, pos, m); }

  Score search(const Position& pos, Score alpha, Score beta, int depth, int ply, bool pv_node) {
    pv_.clear(ply);
    count_node();
    if (stopped()) return 0;
    seldepth_ = std::max(seldepth_, ply);

    if constexpr (ends_with_moves_left<G>()) {
      if (G::outcome(pos) != Outcome::Ongoing) return G::terminal_score(pos, ply);
    }
    if constexpr (HasWinDistance<G>) {
      if (const int k = G::win_distance(pos, depth); k > 0) return mate_in(ply + k);
    }
    if constexpr (leaf_skips_move_list<G>()) {
      // A leaf needs no move list before quiescence when nothing needs one
      // to tell a finished game: outcome() found a legal move, or the
      // evaluation scores a finished game itself (in Camelot and Othello,
      // listing the moves cost about as much as the leaf).
      if (depth <= 0) {
        if (drawn_by_third_time<G>(rep_stack_, pos)) return 0;
        if (ply >= kMaxSearchPly - 1) return G::evaluate(pos, *shared_->config);
        return quiescence(pos, alpha, beta, ply);
      }
    }

    // A transposition-table cutoff needs no move list either. The table never
    // holds a finished game (terminal nodes are not stored), so the cutoff is
    // the one the code below would take after listing the moves; a position
    // repeated a third time falls through to its draw. (Games with an exact
    // solver ask it before the table, below.)
    // Leaves (depth <= 0) go to quiescence below and neither probe nor store.
    const std::uint64_t key = depth > 0 ? G::key(pos) : 0;
    const TTHit hit = depth > 0 ? shared_->tt->probe(key) : TTHit{};
    if constexpr (!HasSolver<G>) {
      if (tt_cutoff(hit, alpha, beta, depth, ply, pv_node) && !drawn_by_third_time<G>(rep_stack_, pos))
        return score_from_tt(hit.score, ply);
    }

    Move* const moves = move_buffer(ply);
    const int n = G::legal_moves(pos, moves);
    if (n == 0) return G::terminal_score(pos, ply);
    if (drawn_by_third_time<G>(rep_stack_, pos)) return 0;
    if (ply >= kMaxSearchPly - 1) return G::evaluate(pos, *shared_->config);

    if constexpr (HasSolver<G>) {
      if (solver_ && depth >= G::exact_depth(pos)) {
        std::uint64_t solver_nodes = 0;
        // A solver that takes the node's ply returns root-relative mate scores.
        Score s;
        if constexpr (requires { solver_->solve(pos, alpha, beta, shared_->stop, solver_nodes, ply); })
          s = solver_->solve(pos, alpha, beta, shared_->stop, solver_nodes, ply);
        else
          s = solver_->solve(pos, alpha, beta, shared_->stop, solver_nodes);
        nodes_.store(nodes_.load(std::memory_order_relaxed) + solver_nodes, std::memory_order_relaxed);
        if constexpr (requires(Move* out) { { solver_->pv_line(pos, out, 1) } -> std::convertible_to<int>; }) {
          // An exact score inside the window: its line is worth showing.
          if (pv_node && s > alpha && s < beta && !stopped())
            pv_.len[ply] = std::clamp(solver_->pv_line(pos, pv_.moves[ply], kMaxSearchPly - 1 - ply), 0,
                                      kMaxSearchPly - 1 - ply);
        }
        if (id_ == 0) check_limits();
        return s;
      }
    }
    if (depth <= 0) return quiescence(pos, alpha, beta, ply);

    // Proven results cannot be beaten by more than the distance allows.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    if constexpr (HasSolver<G>) {
      if (tt_cutoff(hit, alpha, beta, depth, ply, pv_node)) return score_from_tt(hit.score, ply);
    }
    std::uint16_t tt_move = hit.found ? hit.move : 0;

    if constexpr (HasNullMove<G>) {
      // Null move: if passing still fails high at reduced depth, so will a move.
      // Never twice in a row, never near proven scores.
      Position passed;
      if (!pv_node && depth >= 3 && n > 1 && !after_null_[ply] && std::abs(beta) < kMateBound &&
          G::null_move(pos, passed) && eval_within(pos, beta - 1, beta) >= beta) {
        const int r = 3 + depth / 6;
        after_null_[ply + 1] = true;
        Score s = G::side_to_move(passed) == G::side_to_move(pos)
                      ? search(passed, beta - 1, beta, depth - 1 - r, ply + 1, false)
                      : -search(passed, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
        after_null_[ply + 1] = false;
        if (stopped()) return 0;
        if (s >= beta) return s >= kMateBound ? beta : s;
      }
    }

    if constexpr (HasProbCut<G>) {
      // The shallow searches run at this same ply: they refill this ply's
      // move list with the same moves (ordered again below) and its killers.
      int shallow = 0;
      Score margin = 0;
      if (!pv_node && n > 1 && std::abs(beta) < kMateBound && std::abs(alpha) < kMateBound &&
          G::probcut(pos, depth, shallow, margin) && shallow < depth) {
        if (const Score hi = beta + margin; hi < kMateBound) {
          const Score s = search(pos, hi - 1, hi, shallow, ply, false);
          if (stopped()) return 0;
          if (s >= hi) return beta;
        }
        if (const Score lo = alpha - margin; lo > -kMateBound) {
          const Score s = search(pos, lo, lo + 1, shallow, ply, false);
          if (stopped()) return 0;
          if (s <= lo) return alpha;
        }
      }
    }

    // A forced move (one legal move, a forced pass) costs no depth.
    const int new_depth = depth - 1 + (n == 1 && ply < 2 * kMaxSearchPly / 3 ? 1 : 0);

    bool futile = false;
    int late_limit = 0;
    if constexpr (HasQuietPruning<G>) {
      if (!pv_node && std::abs(alpha) < kMateBound && std::abs(beta) < kMateBound) {
        const Score margin = G::futility_margin(depth);
        futile = margin > 0 && eval_within(pos, alpha - margin, alpha - margin + 1) + margin <= alpha;
        late_limit = G::late_move_limit(depth);
      }
    }

    // The hash move and the killers are searched before the others are
    // ordered: a cut-off by one of them makes that ordering needless.
    const int hoisted = ordering_.hoist(moves, n, tt_move, ply);
    bool ordered = hoisted == 0;
    if (ordered) ordering_.order(pos, moves, n, 0, ply, depth);  // neither is among the moves
    const Side us = G::side_to_move(pos);
    const Score alpha_orig = alpha;
    Score best = -kInfinity;
    Move best_move = moves[0];
    int searched = 0;
    // Several threads: a move another thread is searching waits until this
    // node's other moves are done (simplified ABDADA, engine/busy_table.h).
    // Marked by the parent's key and the move: a hint, no child key needed.
    BusyTable* const busy = depth >= kSplitMinDepth ? shared_->busy : nullptr;
    DeferredMoves<kMaxDeferred> later(n);
    for (int j = 0; j < later.size(); ++j) {
      if (j == hoisted && !ordered) {
        ordering_.order(pos, moves + hoisted, n - hoisted, 0, ply, depth);
        ordered = true;
      }
      const int i = j < n ? j : later.at(j);
      if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
        if (illegal_repetition(pos, moves[i])) continue;
      }
      if constexpr (HasQuietPruning<G>) {
        // Never while every move searched so far loses by force: the
        // defence may be among the pruned moves, and a "mated" score for
        // this node would be a false proof (Stockfish prunes the same way).
        if (searched > 0 && best > -kMateBound && (futile || (late_limit > 0 && searched >= late_limit)) &&
            G::is_quiet(pos, moves[i]))
          continue;
      }
      // Claimed only once it is certain to be searched: a move skipped by
      // the rules or pruned neither touches the shared marks nor waits.
      std::uint64_t mark = 0;
      if (busy) {
        const std::uint64_t move_key = key ^ ((G::pack(moves[i]) + 1) * 0x9E3779B97F4A7C15ULL);
        if (!later.claim(*busy, j, i, searched == 0, move_key, mark)) continue;
      }
      const BusyLeave leave{busy, mark};
      const Position child = G::play(pos, moves[i]);
      if constexpr (prefetches_children<G>()) {
        // A child of depth 1 or more starts with a table probe, and a bucket
        // is rarely in the cache: the first child's is asked for now, the
        // next child's while this one is searched. That child is played
        // again on its turn: keeping it measured no faster.
        if (depth >= 2) {
          if (searched == 0) shared_->tt->prefetch(G::key(child));
          if (j + 1 < n && ordered) shared_->tt->prefetch(G::key(G::play(pos, moves[j + 1])));
        }
      }
      const bool same = G::side_to_move(child) == us;
      const int move_depth = after_cost(pos, moves[i], new_depth);
      Score score;
      if (searched++ == 0) {
        score = child_value(child, same, alpha, beta, move_depth, ply + 1, pv_node);
      } else {
        // Late moves get one ply less; if they surprise, search them again.
        int reduced = move_depth;
        if constexpr (HasReduction<G>) {
          if (depth >= 2 && searched > 3 && n > 4 && !pv_node)
            reduced -= std::clamp(G::reduction(depth, searched), 0, move_depth);
        } else {
          if (depth >= 3 && searched > 3 && n > 4 && !pv_node) reduced -= 1 + (searched > 8 && depth >= 6);
        }
        score = child_value(child, same, alpha, alpha + 1, reduced, ply + 1, false);
        if (score > alpha && reduced < move_depth && !stopped())
          score = child_value(child, same, alpha, alpha + 1, move_depth, ply + 1, false);
        if (score > alpha && score < beta && pv_node && !stopped())
          score = child_value(child, same, alpha, beta, move_depth, ply + 1, true);
      }
      if (stopped()) return 0;
      if (score > best) {
        best = score;
        best_move = moves[i];
        if (score > alpha) {
          alpha = score;
          pv_.update(ply, moves[i]);
          if (score >= beta) {
            ordering_.record_cutoff(moves[i], ply, depth);
            break;
          }
        }
      }
    }
    if (searched == 0) return mated_in(ply);  // every move repeats a position a third time
    const Bound bound = window_bound(best, alpha_orig, beta);
    shared_->tt->store(key, score_to_tt(best, ply), bound, depth, G::pack(best_move));
    return best;
  }

  Score quiescence(const Position& pos, Score alpha, Score beta, int ply) {
    if constexpr (HasNoisyMoves<G>) {
      // A game that ends with moves left can end inside a capture sequence.
      if constexpr (ends_with_moves_left<G>()) {
        if (G::outcome(pos) != Outcome::Ongoing) return G::terminal_score(pos, ply);
      }
      if constexpr (HasWinDistance<G>) {
        if (const int k = G::win_distance(pos, 0); k > 0) return mate_in(ply + k);
      }
      // When every legal move is noisy (a compulsory capture) there is no
      // stand-pat: the side to move must play one of them.
      bool forced = false;
      if constexpr (HasForcedNoisy<G>) forced = ply < kMaxSearchPly - 1 && G::noisy_forced(pos);
      const Score stand = forced ? -kInfinity : eval_within(pos, alpha, beta);
      if (!forced) {
        if (stand >= beta || ply >= kMaxSearchPly - 1) return stand;
        alpha = std::max(alpha, stand);
      }
      Move* const moves = move_buffer(ply);
      const int n = G::noisy_moves(pos, moves);
      ordering_.order(pos, moves, n, 0, ply);
      const Side us = G::side_to_move(pos);
      Score best = stand;
      for (int i = 0; i < n; ++i) {
        const Position child = G::play(pos, moves[i]);
        count_node();
        if (stopped()) return 0;
        seldepth_ = std::max(seldepth_, ply + 1);
        Score s;
        if (G::side_to_move(child) == us) s = quiescence(child, alpha, beta, ply + 1);
        else s = -quiescence(child, -beta, -alpha, ply + 1);
        if (s > best) {
          best = s;
          if (s > alpha) {
            alpha = s;
            if (s >= beta) break;
          }
        }
      }
      if (best == -kInfinity) return G::evaluate(pos, *shared_->config);  // forced, yet no noisy move
      return best;
    } else {
      (void)alpha, (void)beta, (void)ply;
      return G::evaluate(pos, *shared_->config);
    }
  }

  // Move lists live on the heap, one per ply, allocated on first use: some
  // games have long lists (fox-geese: thousands of jump chains in contrived
  // positions) that would overflow a thread's stack at deep plies. A node and
  // the quiescence search it hands over to share their ply's list.
  Move* move_buffer(int ply) {
    auto& b = move_buffers_[static_cast<std::size_t>(ply)];
    if (!b) b = std::make_unique_for_overwrite<Move[]>(static_cast<std::size_t>(G::kMaxMoves));
    return b.get();
  }

  int id_;
  SearchShared<G>* shared_ = nullptr;
  Solver* solver_ = nullptr;
  std::atomic<std::uint64_t> nodes_{0};
  Position root_{};
  std::vector<RootMove> root_moves_;
  std::vector<std::uint64_t> history_keys_;  // the game's, set before run()
  std::vector<std::uint64_t> rep_stack_;     // history + turn starts on the current path
  std::vector<Move> best_;
  std::vector<std::pair<Move, Score>> completed_scores_;
  Score best_score_ = 0;
  int completed_depth_ = 0;
  bool root_improved_ = false;  // this iteration: a root move searched completely, above the window's alpha
  int seldepth_ = 0;
  MoveOrdering<G> ordering_;
  PvTable<Move> pv_;
  bool after_null_[kMaxSearchPly + 2] = {};  // the node at this ply answers a null move
  const std::function<void(const IterationReport<G>&)>* report_ = nullptr;  // main thread's, during run()
  std::array<std::unique_ptr<Move[]>, kMaxSearchPly + 1> move_buffers_;
};

// One single-thread search of `root` to a fixed depth with a fresh search
// state and no clock or reports: what tests and evaluation tuners need.
// `history`: the game's repetition keys before `root`; `solver`: the game's
// exact solver, for games that have one (optional).
template <class G>
struct FixedDepthResult {
  std::vector<typename G::Move> line;  // the principal variation (empty: no move)
  Score score = 0;
};
template <class G>
FixedDepthResult<G> search_to_depth(const typename G::Position& root, int depth, const typename G::Config& cfg,
                                    TranspositionTable& tt, std::vector<std::uint64_t> history = {},
                                    typename Searcher<G>::Solver* solver = nullptr) {
  SearchShared<G> shared;
  shared.tt = &tt;
  shared.config = &cfg;
  shared.limits.depth = depth;
  shared.time.start(shared.limits, G::side_to_move(root), 30, 0);
  Searcher<G> s(0, shared, solver);
  s.set_history(std::move(history));
  s.run(root, nullptr);
  return {s.best_line(), s.best_score()};
}

}  // namespace ludus
