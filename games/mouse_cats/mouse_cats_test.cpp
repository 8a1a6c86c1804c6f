// mouse-cats: every fact of rules/hunt.md about it (sections 2-8, 10.1, 10.2,
// 10.5, 10.6), and the solver.
#include <doctest/doctest.h>

#include "engine/perft.h"
#include "games/hunt/hunt_test_util.h"
#include "games/mouse_cats/mouse_cats.h"

using namespace ludus;
using namespace ludus::hunt;
using namespace ludus::hunt::test;
using G = MouseCats;

namespace {
G::Position start(const char* square) {
  G::Config cfg;
  REQUIRE(G::set_option(cfg, "MouseStart", square));
  return G::start(cfg);
}
}  // namespace

TEST_CASE("mouse-cats: board, start position and options") {
  const Graph& g = mouse_cats_graph();
  CHECK(g.size() == 32);
  CHECK(g.line_count() == 49);
  CHECK(g.find("a1") != kNone);
  CHECK(g.find("e2") == kNone);  // light square
  CHECK(G::to_fen(G::start({})) == "e1 b8,d8,f8,h8 mouse");
  CHECK(G::to_fen(start("a1")) == "a1 b8,d8,f8,h8 mouse");
  CHECK(G::to_fen(start("c1")) == "c1 b8,d8,f8,h8 mouse");
  CHECK(G::to_fen(start("g1")) == "g1 b8,d8,f8,h8 mouse");
  CHECK(G::side_to_move(G::start({})) == Side::P1);  // the mouse is p1
  G::Config cfg;
  CHECK_FALSE(G::set_option(cfg, "MouseStart", "b1"));
  CHECK_FALSE(G::set_option(cfg, "HareStart", "5"));
  REQUIRE(G::options().size() == 1);
  CHECK(G::options()[0].ugi_line() == "option name MouseStart type combo default e1 var a1 var c1 var e1 var g1");
}

TEST_CASE("mouse-cats: perft from the start positions (rules 10.1)") {
  const std::vector<std::pair<const char*, std::vector<std::uint64_t>>> table = {
      {"e1", {2, 14, 56, 344, 1032, 6264}},
      {"a1", {1, 7, 28, 172, 387, 2349}},
      {"c1", {2, 14, 56, 344, 903, 5481}},
      {"g1", {2, 14, 42, 258, 774, 4698}},
  };
  for (const auto& [sq, counts] : table)
    for (std::size_t d = 0; d < counts.size(); ++d) {
      INFO("MouseStart=", sq, " depth ", d + 1);
      CHECK(perft<G>(start(sq), static_cast<int>(d) + 1) == counts[d]);
    }
  MemoPerft<G> deep;
  const std::uint64_t want[] = {23387, 141427, 442493, 2674123};
  for (int d = 7; d <= 10; ++d) CHECK(deep(G::start({}), d) == want[d - 7]);
  CHECK(perft<G>(G::start({}), 7) == 23387);
  // Diagnostics: 496 leaves at depth 10 are trapped mice.
  MemoPerft<G> trapped([](const G::Position& p) { return p.prey_to_move && G::outcome(p) == Outcome::P2Win; });
  CHECK(trapped(G::start({}), 10) == 496);
}

TEST_CASE("mouse-cats: positions of rules 10.2") {
  auto p = fen<G>("e1 b8,d8,f8,h8 mouse");
  CHECK(result<G>(p) == "none");
  CHECK(moves<G>(p) == "e1-d2 e1-f2");
  CHECK(parse<G>(p, "e1-e2") == "");  // orthogonal
  CHECK(parse<G>(p, "e1d2") == "");   // no separator
  CHECK(parse<G>(p, "E1-D2") == "e1-d2");

  p = play<G>(p, "e1-d2");
  CHECK(G::to_fen(p) == "d2 b8,d8,f8,h8 cats");
  CHECK(moves<G>(p) == "b8-a7 b8-c7 d8-c7 d8-e7 f8-e7 f8-g7 h8-g7");
  CHECK(perft<G>(p, 1) == 7);
  CHECK(perft<G>(p, 2) == 28);
  CHECK(perft<G>(p, 3) == 172);

  CHECK(moves<G>(fen<G>("a1 b8,d8,f8,h8 mouse")) == "a1-b2");

  p = fen<G>("e7 d6,f6,b8,h8 mouse");
  CHECK(result<G>(p) == "none");
  CHECK(moves<G>(p) == "e7-d8 e7-f8");
  CHECK(parse<G>(p, "e7-d6") == "");  // occupied
  const auto won = play<G>(p, "e7-d8");
  CHECK(G::to_fen(won) == "d8 d6,f6,b8,h8 cats");
  CHECK(result<G>(won) == "p1win");
  CHECK(perft<G>(p, 1) == 2);
  CHECK(perft<G>(p, 2) == 0);

  struct Over {
    const char* fen;
    const char* result;
  };
  for (const Over& o : {Over{"e5 a1,c1,e1,g1 cats", "p1win"}, Over{"e1 a1,b2,c1,d2 cats", "p1win"},
                        Over{"a1 b2,d8,f8,h8 mouse", "p2win"}, Over{"d4 c3,e3,c5,e5 mouse", "p2win"},
                        Over{"d8 b6,d6,f6,h6 cats", "p1win"}}) {
    INFO(o.fen);
    const auto q = fen<G>(o.fen);
    CHECK(result<G>(q) == o.result);
    CHECK(moves<G>(q) == "");
    CHECK(perft<G>(q, 1) == 0);
    CHECK(parse<G>(q, "a1-b2") == "");  // no move once the game is over
  }

  p = fen<G>("d4 c5,e5,b8,h8 cats");
  CHECK(moves<G>(p) == "b8-a7 b8-c7 c5-b4 e5-f4 h8-g7");
  CHECK(parse<G>(p, "c5-d6") == "");  // backward
  CHECK(parse<G>(p, "c5-c4") == "");  // orthogonal
  CHECK(parse<G>(p, "e5-d4") == "");  // occupied
  CHECK(perft<G>(p, 1) == 5);
  CHECK(perft<G>(p, 2) == 12);

  p = fen<G>("c5 b6,d6,f6,h6 mouse");
  CHECK(moves<G>(p) == "c5-b4 c5-d4");
  CHECK(perft<G>(p, 1) == 2);
  CHECK(perft<G>(p, 2) == 14);
  CHECK(perft<G>(p, 3) == 49);

  p = fen<G>("d6 a7,c7,e7,g7 cats");
  CHECK(moves<G>(p) == "a7-b6 c7-b6 e7-f6 g7-f6 g7-h6");
  CHECK(perft<G>(p, 1) == 5);
  CHECK(perft<G>(p, 2) == 12);
  CHECK(perft<G>(p, 3) == 70);
}

TEST_CASE("mouse-cats: FEN validation and normalisation (rules 4)") {
  for (const char* bad : {"e2 b8,d8,f8,h8 mouse", "e1 b8,d8,f8 mouse", "e1 b8,b8,f8,h8 mouse",
                          "d8 b6,d6,f6,h6 mouse", "e1 b8,d8,f8,h8", "e1 b8,d8,f8,h8 mouse 0",
                          "e1 b8,d8,f8,h8 hounds", "e1 - mouse", "e1 b8,d8,f8,h8,a7 mouse", "e1 b8,d8,,f8,h8 mouse",
                          "e1 b8, d8,f8,h8 mouse", "e1 e1,d8,f8,h8 mouse", "", "i1 b8,d8,f8,h8 mouse"}) {
    INFO(bad);
    CHECK_FALSE(fen_ok<G>(bad));
  }
  CHECK(G::to_fen(fen<G>("  E1  h8,f8,d8,b8   MOUSE ")) == "e1 b8,d8,f8,h8 mouse");
  CHECK(G::to_fen(fen<G>("e1\tb8,d8,f8,h8\t\tmouse")) == "e1 b8,d8,f8,h8 mouse");
}

TEST_CASE("mouse-cats: move tokens (rules 7)") {
  const auto p = G::start({});
  for (const char* bad : {"e1xd2", "e1-d2-c3", "e1-", "-d2", "e1-d9", "e1-e2", "b8-a7", "e1-f2x", "e01-d2", "e1 -d2"}) {
    INFO(bad);
    CHECK(parse<G>(p, bad) == "");
  }
  const auto c = fen<G>("d2 b8,d8,f8,h8 cats");
  CHECK(parse<G>(c, "B8-A7") == "b8-a7");
  CHECK(parse<G>(c, "d2-c3") == "");  // the mouse is not to move
}

TEST_CASE("mouse-cats: no move limit needed, every game ends (rules 6)") {
  // Cats only move toward rank 1: at most 28 cat moves, so at most 57 plies.
  CHECK(mouse_cats_tablebase().stats()[0].longest <= 57);
}

TEST_CASE("mouse-cats: solved by retrograde analysis (rules 10.5, 10.6)") {
  const Tablebase& tb = mouse_cats_tablebase();
  REQUIRE(tb.complete());
  // The cats win from every MouseStart.
  for (const char* sq : {"a1", "c1", "e1", "g1"}) {
    const auto v = tb.probe(start(sq));
    REQUIRE(v);
    INFO("MouseStart=", sq);
    CHECK_FALSE(v->win);  // the mouse (to move) loses
  }
  // The principal line really ends with the mouse trapped, after exactly the
  // table's number of plies.
  const auto p = G::start({});
  const auto line = tb.principal_line(p);
  CHECK(static_cast<int>(line.size()) == tb.probe(p)->plies);
  auto q = p;
  for (const auto m : line) q = G::play(q, m);
  CHECK(G::outcome(q) == Outcome::P2Win);

  // Decisive fact, over every position: once the mouse's rank is at least
  // every cat's rank, the mouse wins whoever is to move.
  const Graph& g = mouse_cats_graph();
  std::uint64_t checked = 0;
  for (std::uint64_t cats = 0xF; cats < bit(32);) {
    int top = 0;
    for (std::uint64_t b = cats; b; b &= b - 1) top = std::max(top, g.y(lsb(b)));
    for (int m = 0; m < 32; ++m) {
      if ((cats & bit(m)) || g.y(m) < top) continue;
      for (const bool mouse_to_move : {true, false}) {
        Pos s{cats, static_cast<std::uint8_t>(m), mouse_to_move, 0};
        if (mouse_to_move && g.y(m) == 7) continue;  // not a valid FEN
        const auto v = tb.probe(s);
        REQUIRE(v);
        CHECK((v->win == mouse_to_move));
        ++checked;
      }
    }
    const std::uint64_t c = cats & (~cats + 1), r = cats + c;
    cats = (((r ^ cats) >> 2) / c) | r;
  }
  CHECK(checked > 100000);
}

TEST_CASE("mouse-cats: the solver hook gives exact mate scores") {
  G::Solver solver(1);
  std::atomic<bool> stop{false};
  std::uint64_t nodes = 0;
  // The mouse steps onto rank 8 next move: from the mouse's view a win in 1 ply.
  const auto p = fen<G>("e7 d6,f6,b8,h8 mouse");
  CHECK(solver.solve(p, -kInfinity, kInfinity, stop, nodes, 0) == mate_in(1));
  CHECK(solver.solve(p, -kInfinity, kInfinity, stop, nodes, 3) == mate_in(4));
  const auto v = mouse_cats_tablebase().probe(G::start({}));
  CHECK(solver.solve(G::start({}), -kInfinity, kInfinity, stop, nodes, 0) == mated_in(v->plies));
}
