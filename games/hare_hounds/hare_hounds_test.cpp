// hare-hounds: every fact of rules/hunt.md about it (sections 2-8, 10.1, 10.3,
// 10.5, 10.6), and the solver.
#include <doctest/doctest.h>

#include "engine/perft.h"
#include "games/hare_hounds/hare_hounds.h"
#include "games/hunt/hunt_test_util.h"

using namespace ludus;
using namespace ludus::hunt;
using namespace ludus::hunt::test;
using G = HareHounds;

namespace {
G::Position start5() {
  G::Config cfg;
  REQUIRE(G::set_option(cfg, "HareStart", "5"));
  return G::start(cfg);
}
}  // namespace

TEST_CASE("hare-hounds: board, start position and options") {
  const Graph& g = hare_hounds_graph();
  CHECK(g.size() == 11);
  CHECK(g.line_count() == 22);
  // The lines follow from the coordinates: orthogonal grid neighbours, and
  // diagonal neighbours from points where x + y is odd.
  for (int a = 0; a < 11; ++a)
    for (int b = 0; b < 11; ++b) {
      if (a == b) continue;
      const int dx = g.x(b) - g.x(a), dy = g.y(b) - g.y(a);
      bool joined = false;
      if (std::abs(dx) + std::abs(dy) == 1) joined = true;
      if (std::abs(dx) == 1 && std::abs(dy) == 1 && ((g.x(a) + g.y(a)) % 2 == 1 || (g.x(b) + g.y(b)) % 2 == 1))
        joined = true;
      INFO(a, "-", b);
      CHECK(((g.neighbours(a) & bit(b)) != 0) == joined);
    }
  // The hound steps of rules 5.2 (forward / vertical), before emptiness.
  const char* forward[11] = {"1 2 3", "4 5", "5", "5 6", "7", "7 8 9", "9", "10", "10", "10", ""};
  const char* vertical[11] = {"", "2", "1 3", "2", "5", "4 6", "5", "8", "7 9", "8", ""};
  const Rules& r = hare_hounds_rules();
  for (int p = 0; p < 11; ++p) {
    std::string f, v;
    for (int q = 0; q < 11; ++q) {
      if (!(g.neighbours(p) & bit(q))) continue;
      if (r.advance[static_cast<std::size_t>(q)] > r.advance[static_cast<std::size_t>(p)]) f += (f.empty() ? "" : " ") + g.name(q);
      if (r.advance[static_cast<std::size_t>(q)] == r.advance[static_cast<std::size_t>(p)]) v += (v.empty() ? "" : " ") + g.name(q);
    }
    INFO("from ", p);
    CHECK(f == forward[p]);
    CHECK(v == vertical[p]);
  }
  CHECK(G::to_fen(G::start({})) == "10 0,1,3 hounds 0");
  CHECK(G::to_fen(start5()) == "5 0,1,3 hounds 0");
  CHECK(G::side_to_move(G::start({})) == Side::P1);  // the hounds are p1
  G::Config cfg;
  CHECK_FALSE(G::set_option(cfg, "HareStart", "4"));
  CHECK(G::options()[0].ugi_line() == "option name HareStart type combo default 10 var 10 var 5");
}

TEST_CASE("hare-hounds: perft from the start positions (rules 10.1)") {
  const std::uint64_t def[] = {7, 21, 133, 443, 2879, 9044, 55384, 169166, 995962, 2978946, 16967608, 49720928};
  const std::uint64_t five[] = {5, 29, 151, 413, 2569, 8240, 49368, 149680, 879010, 2653914, 15063952, 44317854};
  for (int d = 1; d <= 6; ++d) {
    CHECK(perft<G>(G::start({}), d) == def[d - 1]);
    CHECK(perft<G>(start5(), d) == five[d - 1]);
  }
  MemoPerft<G> deep;
  for (int d = 1; d <= 12; ++d) {
    INFO("depth ", d);
    CHECK(deep(G::start({}), d) == def[d - 1]);
    CHECK(deep(start5(), d) == five[d - 1]);
  }
  // Diagnostics: 22 trapped hares at depth 7; 2108 hares on 0 at depth 8;
  // with HareStart=5, 4 hares on 0 at depth 4.
  MemoPerft<G> trapped([](const G::Position& p) { return p.prey_to_move && G::outcome(p) == Outcome::P1Win; });
  CHECK(trapped(G::start({}), 7) == 22);
  MemoPerft<G> home([](const G::Position& p) { return p.prey == 0; });
  CHECK(home(G::start({}), 8) == 2108);
  CHECK(home(start5(), 4) == 4);
}

TEST_CASE("hare-hounds: positions of rules 10.3") {
  auto p = fen<G>("10 0,1,3 hounds 0");
  CHECK(moves<G>(p) == "0-2 1-2 1-4 1-5 3-2 3-5 3-6");
  CHECK(result<G>(p) == "none");
  for (const char* bad : {"1-0", "0-1", "2-5", "10-9"}) {
    INFO(bad);
    CHECK(parse<G>(p, bad) == "");
  }
  CHECK(G::to_fen(play<G>(p, "0-2")) == "10 1,2,3 hare 0");
  CHECK(moves<G>(play<G>(p, "0-2")) == "10-7 10-8 10-9");
  const auto v = play<G>(p, "1-2");
  CHECK(G::to_fen(v) == "10 0,2,3 hare 1");
  CHECK(move_count<G>(v) == 3);
  CHECK(perft<G>(v, 1) == 3);
  CHECK(perft<G>(v, 2) == 15);
  CHECK(perft<G>(v, 3) == 53);

  CHECK(moves<G>(fen<G>("5 0,1,3 hounds 0")) == "0-2 1-2 1-4 3-2 3-6");
  CHECK(moves<G>(fen<G>("5 1,2,3 hare 0")) == "5-4 5-6 5-7 5-8 5-9");

  struct Over {
    const char* fen;
    const char* result;
  };
  for (const Over& o : {Over{"10 7,8,9 hare 0", "p1win"}, Over{"6 3,5,9 hare 10", "p1win"},
                        Over{"7 8,9,10 hounds 0", "p2win"}, Over{"2 4,5,6 hare 10", "p2win"}}) {
    INFO(o.fen);
    const auto q = fen<G>(o.fen);
    CHECK(result<G>(q) == o.result);
    CHECK(moves<G>(q) == "");
    CHECK(perft<G>(q, 1) == 0);
  }

  p = fen<G>("1 4,5,6 hare 3");
  CHECK(moves<G>(p) == "1-0 1-2");
  CHECK(G::to_fen(play<G>(p, "1-0")) == "0 4,5,6 hounds 3");
  CHECK(result<G>(play<G>(p, "1-0")) == "p2win");

  p = fen<G>("8 2,4,6 hounds 4");
  CHECK(moves<G>(p) == "2-1 2-3 2-5 4-5 4-7 6-5 6-9");
  CHECK(G::to_fen(play<G>(p, "4-5")) == "8 2,5,6 hare 5");
  CHECK(G::to_fen(play<G>(p, "6-9")) == "8 2,4,9 hare 0");
  CHECK(perft<G>(p, 1) == 7);
  CHECK(perft<G>(p, 2) == 23);
  CHECK(perft<G>(p, 3) == 119);
}

TEST_CASE("hare-hounds: trap beats stall, stall counter (rules 5.3, 6, 10.3)") {
  const auto p = fen<G>("4 1,6,7 hounds 9");
  CHECK(move_count<G>(p) == 6);
  CHECK(perft<G>(p, 1) == 6);
  CHECK(perft<G>(p, 2) == 4);
  CHECK(perft<G>(p, 3) == 20);
  struct Row {
    const char* move;
    const char* fen;
    const char* result;
  };
  for (const Row& r : {Row{"6-5", "4 1,5,7 hare 10", "p1win"}, Row{"1-2", "4 2,6,7 hare 10", "p2win"},
                       Row{"7-8", "4 1,6,8 hare 10", "p2win"}, Row{"1-5", "4 5,6,7 hare 0", "none"},
                       Row{"6-9", "4 1,7,9 hare 0", "none"}, Row{"7-10", "4 1,6,10 hare 0", "none"}}) {
    INFO(r.move);
    const auto q = play<G>(p, r.move);
    CHECK(G::to_fen(q) == r.fen);
    CHECK(result<G>(q) == r.result);
  }
  CHECK(moves<G>(play<G>(p, "1-5")) == "4-1");

  const auto p8 = fen<G>("4 1,6,7 hounds 8");
  CHECK(perft<G>(p8, 1) == 6);
  CHECK(perft<G>(p8, 2) == 8);
  CHECK(perft<G>(p8, 3) == 44);
  CHECK(G::to_fen(play<G>(p8, "7-8")) == "4 1,6,8 hare 9");
  CHECK(result<G>(play<G>(p8, "7-8")) == "none");
  CHECK(result<G>(play<G>(p8, "6-5")) == "p1win");

  // Stall by a move sequence: 9 vertical hound moves, then the 10th.
  const auto s = play<G>(G::start({}),
                         "1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9");
  CHECK(G::to_fen(s) == "9 0,2,3 hounds 9");
  CHECK(result<G>(s) == "none");
  CHECK(G::to_fen(play<G>(s, "2-1")) == "9 0,1,3 hare 10");
  CHECK(result<G>(play<G>(s, "2-1")) == "p2win");
  CHECK(G::to_fen(play<G>(s, "2-5")) == "9 0,3,5 hare 0");
  CHECK(result<G>(play<G>(s, "2-5")) == "none");
  // Prey moves never change the counter.
  CHECK(G::to_fen(play<G>(fen<G>("10 0,2,3 hare 1"), "10-9")) == "9 0,2,3 hounds 1");

  // Hare escape with HareStart=5.
  const auto e = play<G>(start5(), "0-2 5-4 1-5 4-1 5-8 1-0");
  CHECK(G::to_fen(e) == "0 2,3,8 hounds 0");
  CHECK(result<G>(e) == "p2win");
}

TEST_CASE("hare-hounds: FEN validation and normalisation (rules 4)") {
  for (const char* bad : {"10 0,1,3 hounds 10", "10 0,1,3 hounds 11", "10 0,1,1 hounds 0", "1 0,1,3 hounds 0",
                          "10 0,1 hounds 0", "0 4,5,6 hare 0", "11 0,1,3 hounds 0", "10 03,1,0 hounds 0",
                          "10 0,1,3 hounds", "10 0,1,3 hounds 01", "10 0,1,3 hounds -1", "10 0,1,3 hounds +1",
                          "10 0,1,3 cats 0", "10 0,1,3,4 hounds 0", "10 - hounds 0", "10 0,1,3 hounds 0 0"}) {
    INFO(bad);
    CHECK_FALSE(fen_ok<G>(bad));
  }
  CHECK(G::to_fen(fen<G>("10 3,1,0 HOUNDS 0")) == "10 0,1,3 hounds 0");
  CHECK(fen_ok<G>("2 4,5,6 hare 10"));  // counter 10 with the hare to move is a finished game
}

TEST_CASE("hare-hounds: move tokens (rules 7)") {
  const auto p = G::start({});
  for (const char* bad : {"03-5", "0-02", "0x2", "0-2-5", "0-", "-2", "11-2", "0_2", "02"}) {
    INFO(bad);
    CHECK(parse<G>(p, bad) == "");
  }
  CHECK(parse<G>(p, "3-6") == "3-6");
  CHECK(parse<G>(fen<G>("5 0,1,3 hare 0"), "5-10") == "");  // not joined by a line
}

TEST_CASE("hare-hounds: solved by retrograde analysis (rules 10.5, 10.6)") {
  const Tablebase& tb = hare_hounds_tablebase();
  REQUIRE(tb.complete());
  // The hounds (to move) win from both starts.
  for (const auto& p : {G::start({}), start5()}) {
    const auto v = tb.probe(p);
    REQUIRE(v);
    CHECK(v->win);
    const auto line = tb.principal_line(p);
    CHECK(static_cast<int>(line.size()) == v->plies);
    auto q = p;
    for (const auto m : line) q = G::play(q, m);
    CHECK(G::outcome(q) == Outcome::P1Win);
  }
  // Decisive: a hare strictly left of every hound wins, whatever the counter.
  const Graph& g = hare_hounds_graph();
  int checked = 0;
  for (std::uint64_t h = 0; h < bit(11); ++h) {
    if (popcount(h) != 3) continue;
    int min_x = 9;
    for (std::uint64_t b = h; b; b &= b - 1) min_x = std::min(min_x, g.x(lsb(b)));
    for (int hare = 0; hare < 11; ++hare) {
      if ((h & bit(hare)) || g.x(hare) >= min_x) continue;
      for (int stall = 0; stall <= 10; ++stall)
        for (const bool hare_to_move : {true, false}) {
          if ((!hare_to_move && stall == 10) || (hare_to_move && hare == 0)) continue;
          const auto v = tb.probe(Pos{h, static_cast<std::uint8_t>(hare), hare_to_move, static_cast<std::uint8_t>(stall)});
          REQUIRE(v);
          CHECK(v->win == hare_to_move);
          ++checked;
        }
    }
  }
  CHECK(checked > 500);
}
