// fox-geese proof-number search (prove.h): its verdicts against an
// exhaustive solver, known results, and the expansion budget.
#include <doctest/doctest.h>

#include <random>
#include <unordered_map>
#include <vector>

#include "games/fox_geese/fox_geese.h"
#include "games/fox_geese/prove.h"
#include "games/hunt/hunt_test_util.h"

using namespace ludus;
using namespace ludus::hunt;
using namespace ludus::hunt::test;
using G = FoxGeese;
using fox_geese::ProofResult;

namespace {

// Plain memoised negamax over the whole game tree (the game is acyclic):
// +1 when the side to move wins, -1 when it loses. Independent of the
// prover's proof numbers, move choice and table; shares only the rules and
// rules 10.6 (fewer than 4 geese: the fox wins, checked by the endgame tests).
class Exhaustive {
 public:
  int value(const Pos& p) {
    const Rules& r = fox_geese_rules();
    if (const Outcome o = outcome(r, p); o != Outcome::Ongoing) return o == win_for(side_to_move(r, p)) ? 1 : -1;
    if (popcount(p.hunters) < 4) return p.prey_to_move ? 1 : -1;
    if (const auto it = memo_.find(key(p)); it != memo_.end()) return it->second;
    std::vector<Move> moves(static_cast<std::size_t>(G::kMaxMoves));
    const int n = legal_moves(r, p, moves.data());
    int v = -1;
    for (int i = 0; i < n && v < 0; ++i) v = std::max(v, -value(play(r, p, moves[static_cast<std::size_t>(i)])));
    memo_.emplace(key(p), static_cast<signed char>(v));
    return v;
  }

 private:
  std::unordered_map<std::uint64_t, signed char> memo_;
};

}  // namespace

TEST_CASE("fox-geese: proof-number search") {
  // 4 geese cannot hold the fox here: proven for the fox.
  auto r = fox_geese::prove(fen<G>("d7 c5,d5,e5,g3 geese 0"), 20, 2000000, 8);
  CHECK(r.value == ProofResult::Value::SideToMoveLoses);
  CHECK(r.nodes > 0);
  // The trap beats the stall: proven for the geese at once.
  r = fox_geese::prove(fen<G>("d7 c7,e7,e6,d5,a3 geese 9"), 20, 2000000, 8);
  CHECK(r.value == ProofResult::Value::SideToMoveWins);
  // The start is far from proven within 2000 expansions.
  r = fox_geese::prove(G::start({}), 20, 2000, 8);
  CHECK(r.value == ProofResult::Value::Unknown);
  CHECK(r.root_pn > 0);
  CHECK(r.root_dn > 0);
}

TEST_CASE("fox-geese: proofs agree with an exhaustive search") {
  // Random positions with 6-10 geese in ranks 5-7 and the fox in the top
  // arm among them, small enough to solve by brute force: every df-pn
  // verdict must be that value (the initial proof numbers only steer the
  // search; a wrong exact leaf or a wrong backup would show here). Most are
  // fox wins (the geese soon stall); sampling goes on until both results
  // have been checked often enough.
  const Graph& g = fox_geese_graph();
  std::vector<int> top, arm;
  std::uint64_t arm_points = 0;
  for (int q = 0; q < g.size(); ++q) {
    if (g.y(q) >= 4) top.push_back(q);
    if (g.y(q) >= 5) arm.push_back(q), arm_points |= bit(q);
  }
  std::mt19937_64 rng(45);
  const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  Exhaustive exact;
  int wins = 0, losses = 0;  // for the geese
  for (int trial = 0; trial < 5000 && (wins < 10 || losses < 10); ++trial) {
    Pos p;
    const int geese = 6 + static_cast<int>(pick(5));
    while (popcount(p.hunters) < geese) p.hunters |= bit(top[pick(top.size())]);
    if ((p.hunters & arm_points) == arm_points) continue;  // no point left for the fox
    do p.prey = static_cast<std::uint8_t>(arm[pick(arm.size())]);
    while (p.hunters & bit(p.prey));
    p.prey_to_move = pick(2) == 1;
    p.stall = static_cast<std::uint8_t>(pick(10));
    if (outcome(fox_geese_rules(), p) != Outcome::Ongoing) continue;
    const bool mover_wins = exact.value(p) > 0;
    if ((mover_wins != p.prey_to_move ? wins : losses) >= 10) continue;
    const ProofResult res = fox_geese::prove(p, 60, 5000000, 1);
    INFO("position ", to_fen(fox_geese_rules(), p));
    REQUIRE(res.value != ProofResult::Value::Unknown);
    CHECK((res.value == ProofResult::Value::SideToMoveWins) == mover_wins);
    ++(mover_wins != p.prey_to_move ? wins : losses);
  }
  CHECK(wins == 10);
  CHECK(losses == 10);
}

TEST_CASE("fox-geese: the initial proof numbers steer the search") {
  // Two sealed foxes of self-play games, proven geese wins. With every
  // unexpanded position at pn = dn = 1 these took 180,870 and 202,855
  // expansions; starting from the fox's room and the mobility they take
  // a tenth or less (21,144 and 3,231).
  auto r = fox_geese::prove(fen<G>("c6 b3,g3,a4,b4,c4,d4,e4,f4,a5,b5,c5,d5,e5,f5,g5 fox 4"), 60, 1000000, 16);
  CHECK(r.value == ProofResult::Value::SideToMoveLoses);
  CHECK(r.nodes < 40000);
  r = fox_geese::prove(fen<G>("c5 d2,a3,c3,e3,b4,c4,d4,f4,a5,b5,d5,e5,f5,g5,e6 fox 0"), 60, 1000000, 16);
  CHECK(r.value == ProofResult::Value::SideToMoveLoses);
  CHECK(r.nodes < 20000);
}

TEST_CASE("fox-geese: a saturated proof number is not infinity") {
  // A position with lines of 270 plies: the sums of proof numbers overflow
  // within 50,000 expansions. When a saturated sum equalled infinity the
  // root read as settled and the search stopped there (43,455 expansions,
  // disproof number "inf", nothing proven); now it searches on to its budget.
  const auto r = fox_geese::prove(fen<G>("c5 c2,d2,a3,c3,d3,e3,a4,d4,e4,a5,b5,d5,f5,d6,e7 geese 4"), 60, 100000, 16);
  CHECK(r.value == ProofResult::Value::Unknown);
  CHECK(r.nodes >= 100000);
  CHECK(r.root_pn > 0);
  CHECK(r.root_dn > 0);
  CHECK(r.root_pn < (std::uint64_t{1} << 62));
  CHECK(r.root_dn < (std::uint64_t{1} << 62));
}

TEST_CASE("fox-geese: the proof search's expansion budget") {
  // The same budget gives the same search: the way provers are compared.
  const auto a = fox_geese::prove(G::start({}), 1e6, 20000, 8);
  const auto b = fox_geese::prove(G::start({}), 1e6, 20000, 8);
  CHECK(a.value == ProofResult::Value::Unknown);
  CHECK(a.nodes >= 20000);
  CHECK(a.nodes < 20000 + 1024);  // checked every 1024 expansions
  CHECK(a.nodes == b.nodes);
  CHECK(a.root_pn == b.root_pn);
  CHECK(a.root_dn == b.root_dn);
  CHECK(a.tt_stored == b.tt_stored);
}
