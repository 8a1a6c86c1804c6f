// fox-geese: every fact of rules/hunt.md about it (sections 2-8, 10.1, 10.4,
// 10.6), the move-count bound, evaluations, endgame tables and the search.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/perft.h"
#include "engine/search.h"
#include "games/fox_geese/endgame.h"
#include "games/fox_geese/eval.h"
#include "games/fox_geese/fox_geese.h"
#include "games/hunt/hunt_test_util.h"

using namespace ludus;
using namespace ludus::hunt;
using namespace ludus::hunt::test;
using G = FoxGeese;

namespace {

G::Position layout(int geese) {
  G::Config cfg;
  REQUIRE(G::set_option(cfg, "Geese", std::to_string(geese)));
  return G::start(cfg);
}

// Leaves at exactly `depth` whose last move satisfies `pred` (memoised).
class LastMoveCount {
 public:
  explicit LastMoveCount(std::function<bool(const Move&)> pred) : pred_(std::move(pred)) {}
  std::uint64_t operator()(const G::Position& p, int depth) {
    if (G::outcome(p) != Outcome::Ongoing) return 0;
    const auto k = std::make_pair(G::key(p), depth);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    if (bufs_.size() <= static_cast<std::size_t>(depth)) bufs_.resize(static_cast<std::size_t>(depth) + 1);
    auto& list = bufs_[static_cast<std::size_t>(depth)];
    if (list.empty()) list.resize(static_cast<std::size_t>(G::kMaxMoves));
    const int n = G::legal_moves(p, list.data());
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
      const Move m = list[static_cast<std::size_t>(i)];
      total += depth == 1 ? (pred_(m) ? 1 : 0) : (*this)(G::play(p, m), depth - 1);
    }
    memo_.emplace(k, total);
    return total;
  }

 private:
  std::function<bool(const Move&)> pred_;
  std::map<std::pair<std::uint64_t, int>, std::uint64_t> memo_;
  std::vector<std::vector<Move>> bufs_;
};

// Every jump path of the fox, without merging paths with the same result.
std::uint64_t all_paths(const Graph& g, int at, std::uint64_t geese) {
  std::uint64_t n = 0;
  if (fox_geese_rules().goal & bit(at)) return 0;
  for (const int d : g.jump_dirs(at)) {
    const int mid = g.step(at, d), land = g.jump(at, d);
    if ((geese & bit(mid)) && !(geese & bit(land))) n += 1 + all_paths(g, land, geese & ~bit(mid));
  }
  return n;
}

}  // namespace

TEST_CASE("fox-geese: board (rules 2.3)") {
  const Graph& g = fox_geese_graph();
  CHECK(g.size() == 33);
  CHECK(g.line_count() == 72);
  for (const char* no : {"a1", "b6", "h4", "b2", "g7", "a8"}) CHECK(g.find(no) == kNone);
  int diagonals = 0;
  std::string dark;
  for (int p = 0; p < 33; ++p) {
    for (int d = 0; d < 8; ++d)
      if (kDirs[d].dx && kDirs[d].dy && g.step(p, d) != kNone) ++diagonals;
    if (g.neighbours(p) && [&] {
          for (int d = 0; d < 8; ++d)
            if (kDirs[d].dx && kDirs[d].dy && g.step(p, d) != kNone) return true;
          return false;
        }())
      dark += (dark.empty() ? "" : " ") + g.name(p);
  }
  CHECK(diagonals == 40);  // 20 lines, both ways
  CHECK(dark == "c1 e1 d2 a3 c3 e3 g3 b4 d4 f4 a5 c5 e5 g5 d6 c7 e7");
  for (const char* line : {"c1-d2", "d2-e1", "c3-d2", "d2-e3", "a3-b4", "b4-c3", "c3-d4", "d4-e3", "e3-f4", "f4-g3",
                           "a5-b4", "b4-c5", "c5-d4", "d4-e5", "e5-f4", "f4-g5", "c5-d6", "d6-e5", "c7-d6", "d6-e7"}) {
    const std::string s = line;
    INFO(s);
    CHECK((g.neighbours(g.find(s.substr(0, 2))) & bit(g.find(s.substr(3, 2)))) != 0);
  }
}

TEST_CASE("fox-geese: start positions and options (rules 3, 8)") {
  CHECK(G::to_fen(G::start({})) == "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0");
  CHECK(G::to_fen(layout(13)) == "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 geese 0");
  CHECK(G::to_fen(layout(15)) == G::to_fen(G::start({})));
  CHECK(G::to_fen(layout(17)) == "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 geese 0");
  CHECK(G::side_to_move(G::start({})) == Side::P1);  // the geese are p1
  G::Config cfg;
  CHECK_FALSE(G::set_option(cfg, "Geese", "16"));
  CHECK(G::set_option(cfg, "evaluator", "SEED"));
  CHECK(cfg.evaluator == G::Config::Seed);
  const auto opts = G::options();
  REQUIRE(opts.size() == 2);
  CHECK(opts[0].ugi_line() == "option name Geese type combo default 15 var 13 var 15 var 17");
  CHECK(opts[1].ugi_line() == "option name Evaluator type combo default ludus var ludus var seed");
}

TEST_CASE("fox-geese: perft from the start positions (rules 10.1)") {
  const std::vector<std::pair<int, std::vector<std::uint64_t>>> table = {
      {15, {15, 45, 774, 3612, 67212, 291757}},
      {13, {13, 39, 636, 2968, 52936, 230535}},
      {17, {15, 45, 790, 3666, 68596, 288191}},
  };
  for (const auto& [geese, counts] : table)
    for (std::size_t d = 0; d < counts.size(); ++d) {
      INFO("Geese=", geese, " depth ", d + 1);
      if (d + 1 <= 5) CHECK(perft<G>(layout(geese), static_cast<int>(d) + 1) == counts[d]);
      else CHECK(MemoPerft<G>()(layout(geese), static_cast<int>(d) + 1) == counts[d]);
    }
}

TEST_CASE("fox-geese: deep perft (rules 10.1)") {
  const std::vector<std::pair<int, std::vector<std::uint64_t>>> table = {
      {15, {5612053, 27311596}}, {13, {4276819, 21042600}}, {17, {5578789, 25831784}}};
  for (const auto& [geese, counts] : table) {
    MemoPerft<G> perft_memo;
    INFO("Geese=", geese);
    CHECK(perft_memo(layout(geese), 7) == counts[0]);
    CHECK(perft_memo(layout(geese), 8) == counts[1]);
  }
}

TEST_CASE("fox-geese: perft diagnostics (rules 10.1)") {
  const auto s = G::start({});
  CHECK(LastMoveCount([](const Move& m) { return m.is_jump(); })(s, 3) == 0);
  CHECK(LastMoveCount([](const Move& m) { return m.is_jump(); })(s, 4) == 19);
  CHECK(LastMoveCount([](const Move& m) { return m.is_jump(); })(s, 6) == 15940);
  CHECK(LastMoveCount([](const Move& m) { return m.jumps() >= 2; })(s, 6) == 7470);
  // Without merging paths with the same result, perft(6) would be 292765:
  // sum over the positions at depth 5 of steps + every jump path.
  const Graph& g = fox_geese_graph();
  std::map<std::uint64_t, std::uint64_t> memo;
  std::vector<std::vector<Move>> bufs(7, std::vector<Move>(static_cast<std::size_t>(G::kMaxMoves)));
  std::function<std::uint64_t(const G::Position&, int)> unmerged = [&](const G::Position& p, int depth) -> std::uint64_t {
    if (G::outcome(p) != Outcome::Ongoing) return 0;
    auto& list = bufs[static_cast<std::size_t>(depth)];
    if (depth == 1) {
      if (!p.prey_to_move) return static_cast<std::uint64_t>(G::legal_moves(p, list.data()));
      return static_cast<std::uint64_t>(popcount(g.neighbours(p.prey) & ~p.hunters)) + all_paths(g, p.prey, p.hunters);
    }
    const std::uint64_t key = G::key(p) * 31 + static_cast<std::uint64_t>(depth);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    const int n = G::legal_moves(p, list.data());
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) total += unmerged(G::play(p, list[static_cast<std::size_t>(i)]), depth - 1);
    memo.emplace(key, total);
    return total;
  };
  CHECK(unmerged(s, 6) == 292765);
}

TEST_CASE("fox-geese: start moves and layouts (rules 10.4)") {
  const auto s = G::start({});
  CHECK(moves<G>(s) == "a3-b4 a4-a5 a4-b4 b3-b4 c3-b4 c3-c4 c3-d4 d3-d4 e3-d4 e3-e4 e3-f4 f3-f4 g3-f4 g4-f4 g4-g5");
  CHECK(parse<G>(s, "a3-a4") == "");  // occupied
  CHECK(parse<G>(s, "d2-d3") == "");  // occupied
  CHECK(parse<G>(s, "c1-b2") == "");  // b2 is not a point
  CHECK(G::to_fen(play<G>(s, "a4-b4")) == "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,b4,g4 fox 1");
  std::vector<Move> first(static_cast<std::size_t>(G::kMaxMoves));
  const int n = G::legal_moves(s, first.data());
  for (int i = 0; i < n; ++i) CHECK(moves<G>(G::play(s, first[static_cast<std::size_t>(i)])) == "d7-c7 d7-d6 d7-e7");
  CHECK(moves<G>(layout(13)) ==
        "a3-a4 a3-b4 b3-b4 c3-b4 c3-c4 c3-d4 d3-d4 e3-d4 e3-e4 e3-f4 f3-f4 g3-f4 g3-g4");
  CHECK(moves<G>(layout(17)) ==
        "a4-a5 b4-a5 b4-b5 b4-c4 b4-c5 c3-c4 c3-d4 d3-d4 e3-d4 e3-e4 f4-e4 f4-e5 f4-f5 f4-g5 g4-g5");
}

TEST_CASE("fox-geese: jump chains (rules 5.4, 7, 10.4)") {
  const auto p = fen<G>("c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0");
  CHECK(moves<G>(p) ==
        "c5-b5 c5-c6 c5-d5 c5-d6 c5xa3 c5xa3xa5 c5xa3xc3 c5xa3xc3xc5 c5xa3xc3xe5 c5xc3 c5xc3xa3 c5xc3xa3xa5 "
        "c5xc3xa3xa5xc3 c5xc3xa3xa5xc3xe5 c5xc3xa5 c5xc3xa5xa3 c5xc3xe5");
  CHECK(perft<G>(p, 1) == 17);
  CHECK(perft<G>(p, 2) == 305);
  CHECK(perft<G>(p, 3) == 1601);
  CHECK(parse<G>(p, "c5xc3xa3xc5") == "c5xa3xc3xc5");
  const auto back = play<G>(p, "c5xc3xa3xc5");
  CHECK(G::to_fen(back) == "c5 c1,d1,e1,c2,d2,e2,e3,f3,g3,a4,d4,g4 geese 0");
  CHECK(move_count<G>(back) == 16);
  CHECK(parse<G>(p, "c5xc3xa5xa3xc3") == "c5xc3xa3xa5xc3");
  CHECK(parse<G>(p, "C5XC3XA3XC5") == "c5xa3xc3xc5");
  for (const char* bad : {"c5-c3", "c5xb4", "c5xc3-a3", "c5x", "c5xc3x", "c5xxc3", "c5xc3xc3", "c5xe3", "c5xa3xa5xa3",
                          "c5-b5-b6", "b4-b5", "c5xb2"}) {
    INFO(bad);
    CHECK(parse<G>(p, bad) == "");
  }

  auto q = fen<G>("d3 d4,e5,f4,e3,a3 fox 0");
  CHECK(result<G>(q) == "none");
  CHECK(moves<G>(q) == "d3-c3 d3-d2 d3xd5 d3xd5xf5 d3xd5xf5xf3 d3xf3 d3xf3xf5 d3xf3xf5xd5 d3xf3xf5xd5xd3");
  CHECK(parse<G>(q, "d3xd5xf5xf3xd3") == "d3xf3xf5xd5xd3");  // the loop counts once
  CHECK(perft<G>(q, 1) == 9);
  CHECK(perft<G>(q, 2) == 103);
  CHECK(perft<G>(q, 3) == 508);

  q = fen<G>("c3 c2,d2 fox 0");
  CHECK(moves<G>(q) == "c3-b3 c3-b4 c3-c4 c3-d3 c3-d4 c3xc1 c3xe1");
  CHECK(parse<G>(q, "c3xc1xe3") == "");  // the chain stops on rank 1
  CHECK(G::to_fen(play<G>(q, "c3xc1")) == "c1 d2 geese 0");
  CHECK(result<G>(play<G>(q, "c3xc1")) == "p2win");
  CHECK(perft<G>(q, 1) == 7);
  CHECK(perft<G>(q, 2) == 24);
}

TEST_CASE("fox-geese: positions and results (rules 6, 10.4)") {
  struct Over {
    const char* fen;
    const char* result;
  };
  for (const Over& o : {Over{"d7 c7,e7,d6,d5 fox 0", "p1win"}, Over{"a4 a3,a5,b4,c4 fox 3", "p1win"},
                        Over{"d7 c7,e7 geese 0", "p2win"}, Over{"d4 - geese 0", "p2win"},
                        Over{"d1 c3,e3 geese 0", "p2win"}, Over{"e4 a3,b3,c3,g3 fox 10", "p2win"}}) {
    INFO(o.fen);
    const auto q = fen<G>(o.fen);
    CHECK(result<G>(q) == o.result);
    CHECK(moves<G>(q) == "");
  }
  auto p = fen<G>("d7 c7,e7,d6 fox 0");
  CHECK(moves<G>(p) == "d7xd5");
  CHECK(G::to_fen(play<G>(p, "d7xd5")) == "d5 c7,e7 geese 0");
  CHECK(move_count<G>(play<G>(p, "d7xd5")) == 2);

  p = fen<G>("d2 a3 fox 0");
  CHECK(moves<G>(p) == "d2-c1 d2-c2 d2-c3 d2-d1 d2-d3 d2-e1 d2-e2 d2-e3");
  CHECK(result<G>(play<G>(p, "d2-d1")) == "p2win");
  CHECK(result<G>(play<G>(p, "d2-c1")) == "p2win");

  p = fen<G>("d5 e4 fox 0");
  CHECK(moves<G>(p) == "d5-c5 d5-d4 d5-d6 d5-e5");
  CHECK(parse<G>(p, "d5xf3") == "");  // d5 has no diagonals

  p = fen<G>("d3 d4 fox 0");
  CHECK(moves<G>(p) == "d3-c3 d3-d2 d3-e3 d3xd5");
  CHECK(G::to_fen(play<G>(p, "d3xd5")) == "d5 - geese 0");
  CHECK(result<G>(play<G>(p, "d3xd5")) == "p2win");

  // Stall and precedence.
  p = fen<G>("d7 c7,e7,e6,d5,a3 geese 9");
  CHECK(moves<G>(p) == "a3-a4 a3-b3 a3-b4 d5-c5 d5-d6 d5-e5 e6-d6");
  CHECK(perft<G>(p, 1) == 7);
  CHECK(perft<G>(p, 2) == 3);
  CHECK(perft<G>(p, 3) == 21);
  CHECK(G::to_fen(play<G>(p, "e6-d6")) == "d7 a3,d5,d6,c7,e7 fox 10");
  CHECK(result<G>(play<G>(p, "e6-d6")) == "p1win");
  for (const char* m : {"a3-b3", "d5-c5"}) {
    CHECK(play<G>(p, m).stall == 10);
    CHECK(result<G>(play<G>(p, m)) == "p2win");
  }
  for (const char* m : {"a3-a4", "a3-b4", "d5-d6"}) {
    CHECK(play<G>(p, m).stall == 0);
    CHECK(result<G>(play<G>(p, m)) == "none");
  }
  // Fox moves, captures included, never change the counter.
  CHECK(G::to_fen(play<G>(fen<G>("d7 c7,e7,d6 fox 4"), "d7xd5")) == "d5 c7,e7 geese 4");
  CHECK(parse<G>(fen<G>("d5 c7,e7,d4 geese 0"), "d4-d3") == "");  // a goose never moves to a lower rank
  CHECK(parse<G>(fen<G>("d5 c7,e7,c4 geese 0"), "c4-b3") == "");  // nor diagonally back
}

TEST_CASE("fox-geese: FEN validation and normalisation (rules 4)") {
  for (const char* bad : {"d7 c1,d1,e1 geese 10", "d1 c3 fox 0", "b2 c3 fox 0", "d7 d7 geese 0",
                          "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4,a5 geese 0", "d7 c3 geese",
                          "d7 c3 geese -1", "d4 - fox 0", "d7 c3 fox 11", "d7 c3 mouse 0", "d7 c3,c3 geese 0",
                          "d7 c3, geese 0", "h4 c3 geese 0", "d7 a1 geese 0"}) {
    INFO(bad);
    CHECK_FALSE(fen_ok<G>(bad));
  }
  CHECK(G::to_fen(fen<G>("d7 g4,a4,g3,f3,e3,d3,c3,b3,a3,e2,d2,c2,e1,d1,c1 geese 0")) ==
        "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0");
  CHECK(fen_ok<G>("d4 - geese 0"));
  CHECK(fen_ok<G>("d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 FOX 10"));
}

TEST_CASE("fox-geese: the largest move list fits kMaxMoves") {
  // The worst case over every arrangement of at most 17 geese (an offline
  // search over the goose sets on the jump midpoints of each landing class):
  // 11155 distinct jump moves for a fox on c5.
  const auto p = fen<G>("c5 b3,d3,f3,a4,b4,c4,d4,e4,f4,g4,b5,d5,f5,c6,d6,e6,d7 fox 0");
  CHECK(move_count<G>(p) == G::kMaxJumpMoves);
  CHECK(perft<G>(p, 1) == static_cast<std::uint64_t>(G::kMaxJumpMoves));
  // Reading a jump token there generates the whole list too (it once
  // overflowed a 512-move stack buffer): every move's token parses back to it.
  std::vector<Move> list(static_cast<std::size_t>(G::kMaxMoves));
  const int n = G::legal_moves(p, list.data());
  for (const int i : {0, n / 2, n - 1}) {
    const std::string t = G::move_to_string(list[static_cast<std::size_t>(i)]);
    INFO(t);
    CHECK(parse<G>(p, t) == t);
  }
  CHECK(parse<G>(p, "C5XC3") == "c5xc3");
}

TEST_CASE("fox-geese: four geese are needed to trap the fox (rules 10.6)") {
  // Over every valid position with at most 4 geese: a trapped fox
  // needs 4 geese, and with 4 only on a4, g4 or d7.
  const Graph& g = fox_geese_graph();
  std::set<std::string> trapped_points;
  std::uint64_t trapped = 0;
  for (int k = 1; k <= 4; ++k)
    for (std::uint64_t geese = bit(k) - 1; geese < bit(33);) {
      for (int fox = 0; fox < 33; ++fox) {
        // A fox on c1 d1 e1 with the fox to move is not a valid position (rules 4, rule 7).
        if ((geese & bit(fox)) || (fox_geese_rules().goal & bit(fox))) continue;
        if (!has_move(fox_geese_rules(), Pos{geese, static_cast<std::uint8_t>(fox), true, 0})) {
          CHECK(k == 4);
          ++trapped;
          trapped_points.insert(g.name(fox));
        }
      }
      const std::uint64_t c = geese & (~geese + 1), r = geese + c;
      geese = (((r ^ geese) >> 2) / c) | r;
    }
  CHECK(trapped > 0);
  CHECK(trapped_points == std::set<std::string>{"a4", "d7", "g4"});
}

TEST_CASE("fox-geese: endgame tables: fewer than 4 geese cannot win (rules 10.6)") {
  const Tablebase& tb = fox_geese::endgame_tables();
  REQUIRE(tb.complete());
  for (const auto& s : tb.stats()) CHECK(s.prey_wins == s.valid);
  // d2 a3: the fox steps home at once.
  const auto v = tb.probe(fen<G>("d2 a3 fox 0"));
  REQUIRE(v);
  CHECK(v->win);
  CHECK(v->plies == 1);
  // Geese to move and lost: they prolong as long as they can.
  const auto w = tb.probe(fen<G>("d7 c5,d5,e5 geese 0"));
  REQUIRE(w);
  CHECK_FALSE(w->win);
  const auto line = tb.principal_line(fen<G>("d7 c5,d5,e5 geese 0"));
  CHECK(static_cast<int>(line.size()) == w->plies);
  G::Solver solver(1);
  std::atomic<bool> stop{false};
  std::uint64_t nodes = 0;
  CHECK(G::exact_depth(fen<G>("d2 a3 fox 0")) < 0);  // tables ready: always exact
  CHECK(solver.solve(fen<G>("d2 a3 fox 0"), -kInfinity, kInfinity, stop, nodes, 2) == mate_in(3));
  CHECK(G::exact_depth(G::start({})) > 100);
}

TEST_CASE("fox-geese: evaluations") {
  const auto s = G::start({});
  G::Config ludus, seed;
  seed.evaluator = G::Config::Seed;
  // From the side to move's view; the two evaluators differ.
  const auto after = play<G>(s, "c3-c4");
  CHECK(G::evaluate(after, ludus) == -fox_geese::ludus_eval(after));
  CHECK(G::evaluate(s, ludus) == fox_geese::ludus_eval(s));
  CHECK(G::eval_lines(s, ludus) != G::eval_lines(s, seed));
  // Material and decisive terms point the right way.
  CHECK(fox_geese::ludus_eval(fen<G>("d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0")) >
        fox_geese::ludus_eval(fen<G>("d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,a4,g4 geese 0")));
  CHECK(fox_geese::ludus_eval(fen<G>("d2 a3,b3,c3,g3 geese 0")) < -2000);  // the fox is behind every goose
  // The seed's features: a goose fewer is worth its capture weight.
  const auto a = fox_geese::seed_terms(fen<G>("d7 a3,b3,c3,d3,e3 geese 0"));
  CHECK(a.level == 0);
  CHECK(a.gaps_h == 0);
  CHECK(a.captures == 100 * (15 - 5));
  const auto b = fox_geese::seed_terms(fen<G>("d7 a3,c3,d5 geese 0"));
  CHECK(b.gaps_h == -10);  // b3
  CHECK(b.level == -20);   // ranks 3 to 5
  CHECK(b.passed == 0);
  // The top-arm term counts only when the engine plays the geese.
  const auto top = fen<G>("d6 a3,b3,c3,d3,e3,f3,g3 fox 0");
  CHECK(fox_geese::ludus_terms(top, true).progress > fox_geese::ludus_terms(top, false).progress);
  G::Config c;
  G::prepare_search(c, top);
  CHECK_FALSE(c.engine_geese);
  G::prepare_search(c, G::start({}));
  CHECK(c.engine_geese);
}

TEST_CASE("fox-geese: the search plays legal moves and sees short wins") {
  const auto run = [](const G::Position& root, int depth) {
    TranspositionTable tt;
    tt.resize(4);
    G::Solver solver(1);
    const auto r = search_to_depth<G>(root, depth, G::Config{}, tt, {}, &solver);
    return std::make_pair(r.line, r.score);
  };
  {
    const auto [line, score] = run(G::start({}), 5);
    REQUIRE_FALSE(line.empty());
    CHECK(parse<G>(G::start({}), G::move_to_string(line[0])) == G::move_to_string(line[0]));
    CHECK_FALSE(is_mate_score(score));
  }
  {  // The fox steps onto rank 1: mate in 1 ply.
    const auto [line, score] = run(fen<G>("d2 a3,b3,c3,d3,e3 fox 0"), 3);
    CHECK(score == mate_in(1));
    CHECK(G::move_to_string(line[0]).substr(3) != "");
  }
  {  // Trap the fox at once: e6-d6 (the 10th stalling move still traps).
    const auto [line, score] = run(fen<G>("d7 c7,e7,e6,d5,a3 geese 9"), 3);
    CHECK(score == mate_in(1));
    CHECK(G::move_to_string(line[0]) == "e6-d6");
  }
}

TEST_CASE("fox-geese: the fox's room (evaluation and proof search)") {
  using fox_geese::fox_room;
  const Graph& g = fox_geese_graph();
  // The start: ranks 5-7 and the five empty points of rank 4; the line is closed.
  const auto start = fox_room(G::start({}));
  CHECK(popcount(start.points) == 13 + 5);
  CHECK(start.home == -1);
  CHECK((start.points & bit(g.find("b4"))) != 0);
  CHECK((start.points & bit(g.find("a4"))) == 0);
  // Two geese leave the way down the d file open: six steps from d7 to d1.
  const auto open = fox_room(fen<G>("d7 a3,b3,c3,e3 geese 0"));
  CHECK(open.home == 6);
  CHECK(popcount(open.points) == 33 - 4);
  // A sealed top arm: only the fox's own point and what the geese leave there.
  const auto sealed = fox_room(fen<G>("d7 c6,d6,e6,c7 fox 0"));
  CHECK(sealed.points == (bit(g.find("d7")) | bit(g.find("e7"))));
  CHECK(sealed.home == -1);
}

TEST_CASE("fox-geese: fox-side terms (geese forward reserve, fox room)") {
  using fox_geese::geese_forward_reserve;
  using fox_geese::ludus_terms;
  // Forward steps left: up to rank 7 on files c-e, rank 5 on a, b, f, g.
  CHECK(geese_forward_reserve(G::start({})) == 3 * 6 + 3 * 5 + 2 * 2 + 3 * 4 + 2 * 2 + 2 * 1);  // 55
  CHECK(geese_forward_reserve(fen<G>("d7 a3,b3,c1 geese 0")) == 2 + 2 + 6);
  CHECK(geese_forward_reserve(fen<G>("d7 a5,b5,f5,g5,c7,e7 fox 0")) == 0);
  // The terms count only when the engine plays the fox.
  const auto free_fox = fen<G>("d4 a3,b3,f3,g3,g4 fox 0");  // reserve 2+2+2+2+1 = 9
  CHECK(ludus_terms(free_fox, true).reserve == 0);
  CHECK(ludus_terms(free_fox, true).room == 0);
  CHECK(ludus_terms(free_fox, false).reserve == 6 * (9 - 30));
  // More forward steps left is better for the geese (geese's view).
  const auto early = fen<G>("d4 c1,a3,b3,f3,g3 fox 0");  // reserve 6+2+2+2+2 = 14
  CHECK(ludus_terms(early, false).reserve - ludus_terms(fen<G>("d4 c2,a3,b3,f3,g3 fox 0"), false).reserve == 6);
  // Sealed: the fox's region lies in ranks 5-7 (from a match game, reserve 31,
  // fox d5 between c5 and e5, the top arm free). Worth 30 per step above 24.
  const auto sealed = fen<G>("d5 a3,c3,d3,e3,f3,g3,a4,b4,c4,d4,g4,b5,c5,e5,f5 fox 0");
  CHECK(geese_forward_reserve(sealed) == 31);
  // d5: 4 lines, not a corner; within two steps: d6 c6 e6 c7 d7 e7.
  CHECK(ludus_terms(sealed, false).room == 30 * (31 - 24) - 3 * 6);
  // The same wall with d4 open (the goose stands on e4 instead): not sealed.
  const auto unsealed = fen<G>("d5 a3,c3,d3,e3,f3,g3,a4,b4,c4,e4,g4,b5,c5,e5,f5 fox 0");
  CHECK(geese_forward_reserve(unsealed) == 31);
  CHECK(ludus_terms(unsealed, false).room == -3 * 7);  // within two steps: d4 d6 c6 e6 c7 d7 e7
  // Sealed with few steps left is good for the fox: the sign turns.
  const auto late = fen<G>("d6 c4,d4,e4,a5,b5,c5,d5,e5,f5,g5 fox 0");  // reserve 3*3 + 3*2 = 15
  CHECK(geese_forward_reserve(late) == 15);
  CHECK(ludus_terms(late, false).room == 30 * (15 - 24) - 3 * 5);  // within two steps: c6 e6 c7 d7 e7
  // A top-arm corner (3 lines) is worse for the fox than d6 (8 lines).
  const auto corner = fen<G>("c7 a3,b3,f3,g3 fox 0"), centre = fen<G>("d6 a3,b3,f3,g3 fox 0");
  CHECK(ludus_terms(corner, false).room - ludus_terms(centre, false).room >= 30);
  // Two-step area: a fox hemmed in by geese has less room than a free one.
  CHECK(ludus_terms(fen<G>("d4 c3,d3,e3,c4,e4 fox 0"), false).room > ludus_terms(free_fox, false).room);
}

TEST_CASE("fox-geese: the ludus evaluation is left-right symmetric") {
  const Graph& g = fox_geese_graph();
  const auto mirror = [&](const G::Position& p) {
    G::Position q = p;
    q.prey = static_cast<std::uint8_t>(g.at(6 - g.x(p.prey), g.y(p.prey)));
    q.hunters = 0;
    for (std::uint64_t b = p.hunters; b; b &= b - 1) q.hunters |= bit(g.at(6 - g.x(lsb(b)), g.y(lsb(b))));
    return q;
  };
  for (const char* f : {"d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0", "c7 a3,b3,f3,g3 fox 0",
                        "c6 b4,c4,d5,e5,a3,f3,g3 fox 7", "e5 c3,d3,e4,c2,e2,g5 geese 3", "d7 c5,d5,a3,c6 fox 2",
                        "b4 a3,c3,c5,d4 fox 0", "e6 c5,d5,e5,f5,g5,c4,d4,e4 geese 9"}) {
    INFO(f);
    const auto p = fen<G>(f), q = mirror(p);
    CHECK(fox_geese::geese_forward_reserve(p) == fox_geese::geese_forward_reserve(q));
    for (const bool engine_geese : {true, false})
      CHECK(fox_geese::ludus_eval(p, engine_geese) == fox_geese::ludus_eval(q, engine_geese));
  }
}

TEST_CASE("fox-geese: the ludus gap count equals the seed's") {
  const Graph& g = fox_geese_graph();
  // Hand-checked: a3 . c3 on rank 3 (b3), c3 . c5 on file c (c4), diagonals a3 . c5 (b4) and c3 . e5 (d4).
  const auto c = fox_geese::fast_gap_counts(bit(g.find("a3")) | bit(g.find("c3")) | bit(g.find("c5")) | bit(g.find("e5")));
  CHECK(c.h == 1 + 1);  // b3; d5
  CHECK(c.v == 1);      // c4
  CHECK(c.d == 2);      // a3-b4-c5, c3-d4-e5
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const std::uint64_t geese = x & (i % 2 ? x >> 11 : ~std::uint64_t{0}) & g.all();
    INFO(geese);
    CHECK(fox_geese::fast_gap_counts(geese) == fox_geese::seed_gap_counts(geese));
  }
}
