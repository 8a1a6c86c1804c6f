// The seeds' plain alpha-beta (engine/plain_search.h, `Search plain`) against
// depth-limited minimax: the same value, the seed's choice of move (the first
// in generation order with the best value), and fewer nodes than minimax.
// `Search plain-fast` against the plain search: the same value and move.
#include <doctest/doctest.h>

#include "engine/plain_search.h"
#include "games/fox_geese/fox_geese.h"
#include "tests/unit/toy_games.h"

using namespace ludus;
using namespace ludus::toy;

namespace {

// Depth-limited minimax in the plain search's conventions: a finished game
// scores by its distance, the horizon by the evaluation. Counts its nodes.
template <class G>
Score minimax(const typename G::Position& p, int depth, int ply, const typename G::Config& cfg,
              std::uint64_t& nodes) {
  ++nodes;
  std::vector<typename G::Move> moves(static_cast<std::size_t>(G::kMaxMoves));
  if constexpr (ends_with_moves_left<G>()) {
    if (G::outcome(p) != Outcome::Ongoing) return G::terminal_score(p, ply);
  }
  const int n = G::legal_moves(p, moves.data());
  if (n == 0) return G::terminal_score(p, ply);
  if (depth <= 0) return G::evaluate(p, cfg);
  Score best = -kInfinity;
  for (int i = 0; i < n; ++i) {
    const auto c = G::play(p, moves[static_cast<std::size_t>(i)]);
    const Score s = G::side_to_move(c) == G::side_to_move(p) ? minimax<G>(c, depth - 1, ply + 1, cfg, nodes)
                                                             : -minimax<G>(c, depth - 1, ply + 1, cfg, nodes);
    best = std::max(best, s);
  }
  return best;
}

template <class G>
Score child_minimax(const typename G::Position& p, typename G::Move m, int depth, const typename G::Config& cfg) {
  std::uint64_t nodes = 0;
  const auto c = G::play(p, m);
  const Score s = minimax<G>(c, depth - 1, 1, cfg, nodes);
  return G::side_to_move(c) == G::side_to_move(p) ? s : -s;
}

template <class G>
struct PlainRun {
  typename G::Config cfg;
  SearchShared<G> shared;
  std::unique_ptr<PlainSearcher<G>> searcher;
  std::vector<IterationReport<G>> reports;

  PlainRun(const typename G::Position& root, int depth, typename G::Config c = {}, bool fast = false) : cfg(c) {
    shared.config = &cfg;
    shared.limits.depth = depth;
    shared.time.start(shared.limits, G::side_to_move(root), 30, 0);
    searcher = std::make_unique<PlainSearcher<G>>(shared, fast);
    searcher->run(root, [this](const IterationReport<G>& r) { reports.push_back(r); });
  }
};

// Checks one root: value, move choice and pruning against minimax.
template <class G>
void check_against_minimax(const typename G::Position& root, int depth, const typename G::Config& cfg) {
  PlainRun<G> run(root, depth, cfg);
  std::uint64_t minimax_nodes = 0;
  const Score exact = minimax<G>(root, depth, 0, cfg, minimax_nodes);
  CHECK(run.searcher->best_score() == exact);
  CHECK(run.searcher->completed_depth() == depth);
  // A fixed depth is one search, reported once.
  REQUIRE(run.reports.size() == 1);
  CHECK(run.reports[0].depth == depth);
  CHECK(run.reports[0].score == exact);
  // The seed's rule: the first successor in generation order with the best value.
  std::vector<typename G::Move> moves(static_cast<std::size_t>(G::kMaxMoves));
  const int n = G::legal_moves(root, moves.data());
  int first_best = -1;
  for (int i = 0; i < n && first_best < 0; ++i)
    if (child_minimax<G>(root, moves[static_cast<std::size_t>(i)], depth, cfg) == exact) first_best = i;
  REQUIRE(first_best >= 0);
  REQUIRE(!run.searcher->best_line().empty());
  CHECK(run.searcher->best_line().front() == moves[static_cast<std::size_t>(first_best)]);
  CHECK(run.searcher->nodes() <= minimax_nodes);
}

}  // namespace

TEST_CASE("plain search: tic-tac-toe values equal minimax") {
  const auto root = TicTacToe::start({});
  check_against_minimax<TicTacToe>(root, 9, {});
  TicTacToe::Position p;
  p.cells = {'x', 'x', 0, 'o', 'o', 0, 0, 0, 0};
  p.side = Side::P1;
  check_against_minimax<TicTacToe>(p, 5, {});
  PlainRun<TicTacToe> win(p, 5);
  CHECK(win.searcher->best_score() == mate_in(1));
  CHECK(win.searcher->best_line().front() == 2);
}

TEST_CASE("plain search: a turn of two sub-moves is scored without negation") {
  for (int stones = 1; stones <= 12; ++stones)
    for (int step = 0; step <= 1; ++step) {
      INFO("stones " << stones << " step " << step);
      check_against_minimax<TakeAway>(TakeAway::Position{stones, step, Side::P1, Side::P2}, 30, {});
    }
}

TEST_CASE("plain search: fox-geese with the seed's evaluation, depth 3 and 4") {
  FoxGeese::Config cfg;
  REQUIRE(FoxGeese::set_option(cfg, "Evaluator", "seed"));
  const char* fens[] = {
      "d5 c2,d2,e2,b3,c3,d3,e3,f3,a4,b4,c4,e4,g4 fox 3",
      "c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0",
  };
  for (const char* fen : fens) {
    FoxGeese::Position p;
    REQUIRE(FoxGeese::parse_fen(fen, p, cfg));
    INFO(fen);
    check_against_minimax<FoxGeese>(p, 3, cfg);
    // The geese to move: one fox step first.
    std::vector<FoxGeese::Move> moves(static_cast<std::size_t>(FoxGeese::kMaxMoves));
    REQUIRE(FoxGeese::legal_moves(p, moves.data()) > 0);
    check_against_minimax<FoxGeese>(FoxGeese::play(p, moves[0]), 4, cfg);
  }
}

TEST_CASE("plain search: without a depth it deepens until stopped by the node limit") {
  FoxGeese::Config cfg;
  const auto root = FoxGeese::start(cfg);
  SearchShared<FoxGeese> shared;
  shared.config = &cfg;
  shared.limits.nodes = 20000;
  shared.time.start(shared.limits, FoxGeese::side_to_move(root), 30, 0);
  PlainSearcher<FoxGeese> s(shared);
  std::vector<int> depths;
  s.run(root, [&](const IterationReport<FoxGeese>& r) { depths.push_back(r.depth); });
  REQUIRE(depths.size() >= 2);
  for (std::size_t i = 0; i < depths.size(); ++i) CHECK(depths[i] == static_cast<int>(i) + 1);
  CHECK(shared.stop.load());
  CHECK(s.nodes() >= 20000);
  CHECK(!s.best_line().empty());
}

// plain-fast must play exactly what plain plays: the same score and the same
// move (the first in generation order with the best value), with fewer nodes.
template <class G>
void check_fast_equals_plain(const typename G::Position& root, int depth, const typename G::Config& cfg) {
  PlainRun<G> plain(root, depth, cfg), fast(root, depth, cfg, true);
  CHECK(fast.searcher->best_score() == plain.searcher->best_score());
  REQUIRE(!fast.searcher->best_line().empty());
  CHECK(fast.searcher->best_line().front() == plain.searcher->best_line().front());
  CHECK(fast.searcher->completed_depth() == depth);
  REQUIRE(fast.reports.size() == 1);  // a fixed depth is reported once, as plain does
  CHECK(fast.reports[0].score == plain.searcher->best_score());
}

TEST_CASE("plain-fast: the same score and move as plain") {
  static_assert(PlainSearcher<FoxGeese>::fast_supported());
  static_assert(PlainSearcher<TicTacToe>::fast_supported());
  SUBCASE("tic-tac-toe: minimax values and mate distances") {
    check_fast_equals_plain<TicTacToe>(TicTacToe::start({}), 9, {});
    TicTacToe::Position p;
    p.cells = {'x', 'x', 0, 'o', 'o', 0, 0, 0, 0};
    p.side = Side::P1;
    check_fast_equals_plain<TicTacToe>(p, 5, {});
  }
  SUBCASE("fox-geese with the seed's evaluation, both sides to move, along a game") {
    FoxGeese::Config cfg;
    REQUIRE(FoxGeese::set_option(cfg, "Evaluator", "seed"));
    FoxGeese::Position p;
    REQUIRE(FoxGeese::parse_fen("d5 c2,d2,e2,b3,c3,d3,e3,f3,a4,b4,c4,e4,g4 fox 3", p, cfg));
    std::uint64_t plain_nodes = 0, fast_nodes = 0;
    // Each position's plain best move leads to the next: a line of play.
    for (int ply = 0; ply < 8 && FoxGeese::outcome(p) == Outcome::Ongoing; ++ply) {
      INFO("ply " << ply << ": " << FoxGeese::to_fen(p));
      PlainRun<FoxGeese> plain(p, 5, cfg), fast(p, 5, cfg, true);
      CHECK(fast.searcher->best_score() == plain.searcher->best_score());
      REQUIRE(!fast.searcher->best_line().empty());
      CHECK(fast.searcher->best_line().front() == plain.searcher->best_line().front());
      plain_nodes += plain.searcher->nodes(), fast_nodes += fast.searcher->nodes();
      p = FoxGeese::play(p, plain.searcher->best_line().front());
    }
    CHECK(fast_nodes < plain_nodes);
  }
  SUBCASE("a position lost within the horizon: the same mate distance") {
    FoxGeese::Config cfg;
    REQUIRE(FoxGeese::set_option(cfg, "Evaluator", "seed"));
    FoxGeese::Position p;  // the fox on e7 trapped in two geese moves (d4-e5, then e6-e7)
    REQUIRE(FoxGeese::parse_fen("e7 b3,c3,d3,f3,g3,b4,c4,d4,f4,a5,c5,d5,d6,e6,c7 geese 1", p, cfg));
    PlainRun<FoxGeese> plain(p, 5, cfg);
    CHECK(plain.searcher->best_score() == mate_in(3));
    check_fast_equals_plain<FoxGeese>(p, 5, cfg);
  }
}

TEST_CASE("plain-fast: games with a repetition rule or multi-move turns play plain") {
  static_assert(!PlainSearcher<TakeAway>::fast_supported());
  static_assert(!PlainSearcher<Walk<RepetitionRule::DrawOnThird>>::fast_supported());
  for (int stones = 1; stones <= 8; ++stones) {
    const TakeAway::Position root{stones, 0, Side::P1, Side::P2};
    PlainRun<TakeAway> plain(root, 30), fast(root, 30, {}, true);
    CHECK(fast.searcher->nodes() == plain.searcher->nodes());  // the same (textbook) tree
    CHECK(fast.searcher->best_score() == plain.searcher->best_score());
  }
}
