// The search core against brute-force minimax on the toy games.
#include <doctest/doctest.h>

#include <thread>

#include "engine/busy_table.h"
#include "engine/perft.h"
#include "engine/search.h"
#include "tests/unit/search_run.h"
#include "tests/unit/toy_games.h"

using namespace ludus;
using namespace ludus::toy;
using ludus::test::SearchRun;

namespace {

// Plain minimax in the same score convention (mate distance from the root).
template <class G>
Score minimax(const typename G::Position& p, int ply) {
  typename G::Move moves[G::kMaxMoves];
  if (G::outcome(p) != Outcome::Ongoing) return G::terminal_score(p, ply);
  const int n = G::legal_moves(p, moves);
  if (n == 0) return G::terminal_score(p, ply);
  Score best = -kInfinity;
  for (int i = 0; i < n; ++i) {
    const auto c = G::play(p, moves[i]);
    const Score s = G::side_to_move(c) == G::side_to_move(p) ? minimax<G>(c, ply + 1) : -minimax<G>(c, ply + 1);
    best = std::max(best, s);
  }
  return best;
}

// Minimax to a fixed depth, the evaluation at the horizon.
template <class G>
Score minimax_to_depth(const typename G::Position& p, int depth) {
  if (G::outcome(p) != Outcome::Ongoing) return G::terminal_score(p, 0);
  if (depth == 0) return G::evaluate(p, {});
  typename G::Move moves[G::kMaxMoves];
  const int n = G::legal_moves(p, moves);
  Score best = -kInfinity;
  for (int i = 0; i < n; ++i) best = std::max(best, -minimax_to_depth<G>(G::play(p, moves[i]), depth - 1));
  return best;
}

// The main searcher's score of `root` at `depth` with a helper thread on
// the same table and busy marks (engine/busy_table.h), as `Threads 2` runs.
template <class G>
Score two_thread_score(const typename G::Position& root, int depth) {
  TranspositionTable tt;
  tt.resize(1);
  BusyTable busy;
  typename G::Config cfg;
  SearchShared<G> shared;
  shared.tt = &tt;
  shared.busy = &busy;
  shared.config = &cfg;
  shared.limits.depth = depth;
  shared.time.start(shared.limits, G::side_to_move(root), 30, 0);
  Searcher<G> main(0, shared), helper(1, shared);
  std::thread t([&] { helper.run(root, nullptr); });
  main.run(root, nullptr);  // its end stops the helper
  t.join();
  return main.best_score();
}

}  // namespace

TEST_CASE("search: two threads splitting the moves still find every exact tic-tac-toe value") {
  // Every position after two plies, searched to the end: a move deferred
  // because the other thread was on it must still be searched, or some of
  // these values would come out wrong.
  const auto start = TicTacToe::start({});
  TicTacToe::Move first[TicTacToe::kMaxMoves], second[TicTacToe::kMaxMoves];
  const int n1 = TicTacToe::legal_moves(start, first);
  int positions = 0;
  for (int i = 0; i < n1; ++i) {
    const auto p1 = TicTacToe::play(start, first[i]);
    const int n2 = TicTacToe::legal_moves(p1, second);
    for (int j = 0; j < n2; ++j) {
      const auto p2 = TicTacToe::play(p1, second[j]);
      CAPTURE(i);
      CAPTURE(j);
      CHECK(two_thread_score<TicTacToe>(p2, 9) == minimax<TicTacToe>(p2, 0));
      ++positions;
    }
  }
  CHECK(positions == 72);
}

TEST_CASE("search: tic-tac-toe from the start is a draw, and the search proves it") {
  const auto root = TicTacToe::start({});
  CHECK(minimax<TicTacToe>(root, 0) == 0);
  SearchRun<TicTacToe> run(root, 9);
  CHECK(run.searcher->best_score() == 0);
  CHECK(run.reports.back().depth == 9);
}

TEST_CASE("search: tic-tac-toe finds the fastest win and the slowest loss") {
  TicTacToe::Position p;
  // x x -     x to move wins at once on cell 2 (mate in 1 ply).
  // o o -
  // - - -
  p.cells = {'x', 'x', 0, 'o', 'o', 0, 0, 0, 0};
  p.side = Side::P1;
  SearchRun<TicTacToe> win(p, 5);
  CHECK(win.searcher->best_line().front() == 2);
  CHECK(win.searcher->best_score() == mate_in(1));
  CHECK(win.searcher->best_score() == minimax<TicTacToe>(p, 0));

  // Same board, o to move: o wins on 5 at once.
  p.side = Side::P2;
  SearchRun<TicTacToe> other(p, 5);
  CHECK(other.searcher->best_line().front() == 5);

  // x to move cannot stop both o threats: x x o / - o - / o? Build a lost position.
  TicTacToe::Position lost;
  lost.cells = {'o', 0, 'x', 0, 'o', 0, 'x', 0, 0};  // x to move must block 8
  lost.side = Side::P1;
  const Score exact = minimax<TicTacToe>(lost, 0);
  SearchRun<TicTacToe> l(lost, 9);
  CHECK(l.searcher->best_score() == exact);
}

TEST_CASE("search: a turn of two sub-moves by one side is scored without negation") {
  // Every stone count 1..14 and both sub-move phases: the searched value
  // equals plain minimax, and so does the best move's value.
  for (int stones = 1; stones <= 14; ++stones) {
    for (int step = 0; step <= 1; ++step) {
      TakeAway::Position p{stones, step, Side::P1, Side::P2};
      const Score exact = minimax<TakeAway>(p, 0);
      SearchRun<TakeAway> run(p, 40);
      INFO("stones " << stones << " step " << step);
      CHECK(run.searcher->best_score() == exact);
      const auto child = TakeAway::play(p, run.searcher->best_line().front());
      const Score after = TakeAway::side_to_move(child) == Side::P1 ? minimax<TakeAway>(child, 1)
                                                                   : -minimax<TakeAway>(child, 1);
      CHECK(after == exact);
    }
  }
}

namespace {
// Minimax to a depth that each move uses by its depth cost; at depth 0 the
// evaluation (Costly has no noisy moves, so quiescence stands pat).
Score costly_minimax(const Costly::Position& p, int depth, bool with_cost) {
  if (depth <= 0) return Costly::evaluate(p, {});
  Score best = -kInfinity;
  for (int m = 0; m <= 1; ++m) {
    const int cost = with_cost ? Costly::depth_cost(p, m) : 1;
    best = std::max<Score>(best, -costly_minimax(Costly::play(p, m), std::max(0, depth - cost), with_cost));
  }
  return best;
}
}  // namespace

TEST_CASE("search: a move's depth cost shortens the lines through it") {
  // P2 ends the lines sooner with costly moves, so the horizon (the plies
  // played, P1's score) comes earlier than the nominal depth.
  for (int depth = 3; depth <= 9; ++depth) {
    SearchRun<Costly> run(Costly::start({}), depth);
    INFO("depth " << depth);
    CHECK(run.searcher->best_score() == costly_minimax(Costly::start({}), depth, true));
    CHECK(run.searcher->best_score() < costly_minimax(Costly::start({}), depth, false));
    CHECK(run.searcher->best_line().front() == 0);  // P1 keeps its depth
  }
}

TEST_CASE("search: fixed depth with one thread is deterministic") {
  const auto root = TicTacToe::start({});
  SearchRun<TicTacToe> a(root, 6), b(root, 6);
  CHECK(a.searcher->best_line() == b.searcher->best_line());
  CHECK(a.searcher->nodes() == b.searcher->nodes());
  CHECK(a.searcher->best_score() == b.searcher->best_score());
}

TEST_CASE("search: iterations are reported in order with a legal principal variation") {
  const auto root = TicTacToe::start({});
  SearchRun<TicTacToe> run(root, 5);
  REQUIRE(run.reports.size() >= 3);
  for (std::size_t i = 1; i < run.reports.size(); ++i) CHECK(run.reports[i].depth > run.reports[i - 1].depth);
  auto p = root;
  for (int m : run.reports.back().pv) {
    TicTacToe::Move tmp{};
    REQUIRE(TicTacToe::parse_move(p, TicTacToe::move_to_string(m), tmp));
    p = TicTacToe::play(p, m);
  }
}

TEST_CASE("perft: tic-tac-toe leaf counts, finished games counted as leaves") {
  const auto root = TicTacToe::start({});
  CHECK(perft<TicTacToe>(root, 1) == 9);
  CHECK(perft<TicTacToe>(root, 2) == 72);
  CHECK(perft<TicTacToe>(root, 3) == 504);
  // The full game tree of tic-tac-toe has 255168 finished games.
  CHECK(perft<TicTacToe>(root, 9) == 255168);
}

TEST_CASE("search: a search stopped after its best move failed low keeps the last whole line") {
  // Unstopped, depth 7 refutes the first choice 0 and plays another.
  const auto root = LateRefutation::start({});
  SearchRun<LateRefutation> full(root, 7);
  REQUIRE(full.searcher->completed_depth() == 7);
  CHECK(full.searcher->best_line().front() != 0);
  const std::uint64_t total = full.searcher->nodes();
  // Stopped anywhere by a node limit (checked every 1024 nodes), the answer
  // is a whole turn of two sub-moves once depth 2 is complete: the last
  // completed iteration's line, or a root move searched completely above
  // the window. A stop just after the first move failed low at depth 7 used
  // to answer that move alone, with no line (the turn was then made up).
  int stopped_in_depth7 = 0;
  for (std::uint64_t limit = 1024; limit < total; limit += 1024) {
    SearchRun<LateRefutation> run(root, 7, limit);
    INFO("node limit " << limit);
    if (run.searcher->completed_depth() < 2) continue;
    CHECK(run.searcher->best_line().size() >= 2);
    if (run.searcher->completed_depth() == 6) {
      ++stopped_in_depth7;
      // Nothing beat the window at depth 7 before the stop: depth 6's line.
      CHECK(run.searcher->best_line().front() == 0);
      CHECK(run.searcher->best_score() == 100);
    }
  }
  CHECK(stopped_in_depth7 >= 2);
}

TEST_CASE("search: ProbCut with a sound margin keeps every value and searches fewer nodes") {
  const auto root = Race::start({});
  for (int depth = 1; depth <= 7; ++depth) {
    CAPTURE(depth);
    SearchRun<Race> plain(root, depth);
    SearchRun<RaceCut> cut(root, depth);
    CHECK(cut.searcher->best_score() == plain.searcher->best_score());
    if (depth <= 5) CHECK(plain.searcher->best_score() == minimax_to_depth<Race>(root, depth));
    if (depth == 7) CHECK(cut.searcher->nodes() < plain.searcher->nodes());
  }
}

TEST_CASE("move ordering: the hash move, then the killers, go first; the rest keep their order") {
  MoveOrdering<TicTacToe> ordering;
  ordering.record_cutoff(6, 3, 2);  // killers at ply 3: 4, then 6
  ordering.record_cutoff(4, 3, 2);
  auto hoisted = [&](std::vector<int> moves, std::uint16_t tt_move, int ply) {
    const int h = ordering.hoist(moves.data(), static_cast<int>(moves.size()), tt_move, ply);
    moves.insert(moves.begin(), h);  // the count first, then the order
    return moves;
  };
  const std::uint16_t tt = TicTacToe::pack(7);
  CHECK(hoisted({0, 1, 4, 6, 7, 8}, tt, 3) == std::vector<int>{3, 7, 4, 6, 0, 1, 8});
  CHECK(hoisted({0, 6, 1, 8}, tt, 3) == std::vector<int>{1, 6, 0, 1, 8});  // no hash move here, one killer
  CHECK(hoisted({8, 7, 0}, tt, 3) == std::vector<int>{1, 7, 8, 0});        // no killer here
  CHECK(hoisted({0, 1, 4, 6}, 0, 5) == std::vector<int>{0, 0, 1, 4, 6});   // none: left as it is
  CHECK(hoisted({0, 1, 4, 6}, TicTacToe::pack(4), 3) == std::vector<int>{2, 4, 6, 0, 1});  // hash move = killer
}

TEST_CASE("mate score helpers") {
  CHECK(is_mate_score(mate_in(3)));
  CHECK(is_mate_score(mated_in(4)));
  CHECK_FALSE(is_mate_score(6400));
  CHECK(score_from_tt(score_to_tt(mate_in(7), 3), 3) == mate_in(7));
  CHECK(score_to_tt(mate_in(7), 3) == mate_in(4));
}
