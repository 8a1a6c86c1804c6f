// Unit tests of the Othello module: every test fact T1-T28 of the rules
// document (docs/rules/othello.md, section 10), the rules behind them,
// notation, both evaluations and the exact endgame solver.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "games/othello/eval.h"
#include "games/othello/eval_seed.h"
#include "games/othello/notation.h"
#include "games/othello/othello.h"
#include "games/othello/othello_test_util.h"
#include "games/othello/stability.h"
#include "tests/unit/search_run.h"

using ludus::Othello;
using ludus::Outcome;
using ludus::Side;
namespace oth = ludus::othello;
using oth::Bitboard;
using oth::Board;

namespace {

const std::string kStartFen = "---------------------------OX------XO--------------------------- X";

Board fen(const std::string& text) {
  Othello::Position b;
  const ludus::Status st = Othello::parse_fen(text, b, Othello::Config{});
  REQUIRE_MESSAGE(bool(st), st.error);
  return b;
}

// Plays whitespace-separated tokens from `b`; fails the test on any error.
Board after(Board b, const std::string& moves) {
  std::istringstream in(moves);
  std::string tok;
  while (in >> tok) {
    Othello::Move m;
    const ludus::Status st = Othello::parse_move(b, tok, m);
    REQUIRE_MESSAGE(bool(st), tok << ": " << st.error);
    b = Othello::play(b, m);
  }
  return b;
}
Board from_start(const std::string& moves) { return after(Othello::start({}), moves); }

std::string move_list(const Board& b) {
  Othello::Move ms[Othello::kMaxMoves];
  const int n = Othello::legal_moves(b, ms);
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i) s += ' ';
    s += Othello::move_to_string(ms[i]);
  }
  return s;
}

bool is_legal(const Board& b, const std::string& tok) {
  Othello::Move m;
  return bool(Othello::parse_move(b, tok, m));
}

int count(Bitboard b) { return oth::popcount(b); }

// Perft through the traits API (the convention of rules 5.3).
std::uint64_t perft_traits(const Board& b, int depth) {
  if (depth == 0) return 1;
  Othello::Move ms[Othello::kMaxMoves];
  const int n = Othello::legal_moves(b, ms);
  if (n == 0) return 1;  // finished game: a leaf at any depth
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += perft_traits(Othello::play(b, ms[i]), depth - 1);
  return total;
}

// Same convention on bitboards with bulk counting at the last ply.
// `pass_is_ply` = false gives the wrong convention of T19, for diagnosis.
std::uint64_t perft_fast(const Board& b, int depth, bool pass_is_ply = true) {
  if (depth == 0) return 1;
  Bitboard m = b.moves();
  if (!m) {
    if (!b.opp_moves()) return 1;
    return perft_fast(oth::play_pass(b), pass_is_ply ? depth - 1 : depth, pass_is_ply);
  }
  if (depth == 1) return static_cast<std::uint64_t>(count(m));
  std::uint64_t total = 0;
  for (; m; m &= m - 1) total += perft_fast(oth::play_square(b, oth::lsb(m)), depth - 1, pass_is_ply);
  return total;
}

// Reference solver: plain negamax with alpha-beta over the traits API.
int brute_solve(const Board& b, int alpha, int beta) {
  Othello::Move ms[Othello::kMaxMoves];
  const int n = Othello::legal_moves(b, ms);
  if (n == 0) return oth::final_score(b);
  int best = -100;
  for (int i = 0; i < n; ++i) {
    const int v = -brute_solve(Othello::play(b, ms[i]), -beta, -std::max(alpha, best));
    best = std::max(best, v);
    if (best >= beta) break;
  }
  return best;
}

using ludus::othello::test::random_position;

// The 8 symmetries of the square acting on bitboards.
Bitboard flip_vertical(Bitboard b) { return __builtin_bswap64(b); }
Bitboard mirror_horizontal(Bitboard b) {
  Bitboard r = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (b >> sq & 1) r |= oth::bit((sq & ~7) | (7 - (sq & 7)));
  return r;
}
Bitboard transpose(Bitboard b) {
  Bitboard r = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (b >> sq & 1) r |= oth::bit(8 * (sq & 7) + (sq >> 3));
  return r;
}
Bitboard symmetry(Bitboard b, int s) {
  if (s & 1) b = flip_vertical(b);
  if (s & 2) b = mirror_horizontal(b);
  if (s & 4) b = transpose(b);
  return b;
}
Board symmetry(const Board& b, int s) { return Board{symmetry(b.own, s), symmetry(b.opp, s), b.side}; }

const std::atomic<bool> kNoStop{false};

struct Solved {
  int value;
  std::string best;
};
Solved solve_root(oth::EndgameSolver& solver, const Board& b) {
  std::uint64_t nodes = 0;
  const auto r = solver.solve_root(b, kNoStop, nodes);
  return {r.score_discs, Othello::move_to_string(r.best)};
}
// Exact value of the move `tok`, from the mover's view.
int solve_move(oth::EndgameSolver& solver, const Board& b, const std::string& tok) {
  std::uint64_t nodes = 0;
  const Board child = after(b, tok);
  const ludus::Score s = solver.solve(child, -ludus::kInfinity, ludus::kInfinity, kNoStop, nodes);
  CHECK(s % 100 == 0);
  return -s / 100;
}

struct MoveValue {
  const char* move;
  int value;
};
// T22-T27: value, set of best moves, and the value of every legal move.
void check_exact(const std::string& f, int value, const std::set<std::string>& best,
                 const std::vector<MoveValue>& all) {
  CAPTURE(f);
  const Board b = fen(f);
  oth::EndgameSolver solver(4);
  const Solved r = solve_root(solver, b);
  CHECK(r.value == value);
  CHECK(best.count(r.best) == 1);
  CHECK(r.value % 2 == 0);  // T28
  // every legal move listed, each with its exact value (fresh and warm table)
  CHECK(static_cast<int>(all.size()) == count(b.moves()));
  oth::EndgameSolver fresh(1);
  for (const auto& [move, v] : all) {
    CAPTURE(move);
    CHECK(solve_move(solver, b, move) == v);
    fresh.clear();
    CHECK(solve_move(fresh, b, move) == v);
    CHECK(v % 2 == 0);  // T28
  }
}

}  // namespace

// ===================================================================== rules

TEST_CASE("othello: traits basics") {
  CHECK(Othello::kName == "othello");
  CHECK(Othello::kMaxMoves >= 60);
  CHECK_FALSE(Othello::kEndsWithMovesLeft);
  const auto opts = Othello::options();
  REQUIRE(opts.size() == 2);
  CHECK(opts[0].name == "Evaluator");
  CHECK(opts[0].type == ludus::OptionType::Combo);
  CHECK(opts[0].default_value == "pattern");  // the shipped book/othello-patterns.bin
  CHECK(opts[0].values == std::vector<std::string>{"ludus", "seed", "pattern"});
  CHECK(opts[1].name == "PatternFile");  // patterns_test.cpp tests it
  CHECK(opts[1].type == ludus::OptionType::String);
  Othello::Config cfg;
  CHECK(cfg.evaluator == Othello::Config::Pattern);
  CHECK(bool(Othello::set_option(cfg, "evaluator", "SEED")));
  CHECK(cfg.evaluator == Othello::Config::Seed);
  CHECK(bool(Othello::set_option(cfg, "EVALUATOR", "Ludus")));
  CHECK(cfg.evaluator == Othello::Config::Ludus);
  CHECK_FALSE(bool(Othello::set_option(cfg, "Evaluator", "edax")));
  CHECK_FALSE(bool(Othello::set_option(cfg, "BoardSize", "10")));
  CHECK(cfg.evaluator == Othello::Config::Ludus);
}

TEST_CASE("othello: ProbCut's shallow searches keep the parity of the depth") {
  const Board b = Othello::start({});
  int shallow = -1;
  ludus::Score margin = -1;
  for (int depth = 0; depth < 3; ++depth) CHECK_FALSE(Othello::probcut(b, depth, shallow, margin));
  for (int depth = 3; depth <= 40; ++depth) {
    CAPTURE(depth);
    REQUIRE(Othello::probcut(b, depth, shallow, margin));
    CHECK(shallow >= 1);
    CHECK(shallow <= depth - 2);
    CHECK((depth - shallow) % 2 == 0);
    CHECK(margin > 0);
  }
}

TEST_CASE("othello: the clock is planned over the moves before the cheap solves") {
  // The start: 60 empties, 21 moves of the mover before 18 empties, plus 2.
  CHECK(Othello::moves_left(Othello::start({})) == 23);
  // From 18 empties the solves are cheap: the two moves' worth that remain.
  CHECK(Othello::moves_left(fen("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO------------------ X")) == 2);
  // Never more moves than the mover can still make, nor fewer with more empties.
  int previous = 0;
  for (int empties = 0; empties <= 60; ++empties) {
    std::string text(64, 'X');
    int left = empties;
    for (int sq = 63; sq >= 0 && left > 0; --sq)
      if (sq != 27 && sq != 28 && sq != 35 && sq != 36) text[sq] = '-', --left;  // the centre stays filled
    text[27] = 'O';
    const int n = Othello::moves_left(fen(text + " X"));
    CAPTURE(empties);
    CHECK(n >= previous);
    CHECK(n <= (empties + 1) / 2 + 2);
    previous = n;
  }
}

TEST_CASE("othello: pack/unpack") {
  CHECK(Othello::pack(oth::kNoMove) == 0);
  CHECK(Othello::unpack(0) == oth::kNoMove);
  CHECK(Othello::pack(oth::kPass) == 65);
  CHECK(Othello::unpack(65) == oth::kPass);
  for (int sq = 0; sq < 64; ++sq) {
    const Othello::Move m{static_cast<std::uint8_t>(sq)};
    CHECK(Othello::pack(m) != 0);
    CHECK(Othello::unpack(Othello::pack(m)) == m);
  }
}

TEST_CASE("othello: T1 start position") {
  const Board b = Othello::start({});
  CHECK(Othello::to_fen(b) == kStartFen);
  CHECK(Othello::side_to_move(b) == Side::P1);
  CHECK(Othello::outcome(b) == Outcome::Ongoing);
}

TEST_CASE("othello: T2 first moves and illegal tokens") {
  const Board b = Othello::start({});
  CHECK(move_list(b) == "d3 c4 f5 e6");
  for (const char* tok : {"b3", "e3", "d4", "pass"}) CHECK_FALSE(is_legal(b, tok));
  Othello::Move m;
  REQUIRE(bool(Othello::parse_move(b, "D3", m)));
  CHECK(Othello::move_to_string(m) == "d3");
  REQUIRE(bool(Othello::parse_move(b, "F5", m)));
  CHECK(Othello::move_to_string(m) == "f5");
}

TEST_CASE("othello: T3 after f5") {
  const Board b = from_start("f5");
  CHECK(Othello::to_fen(b) == "---------------------------OX------XXX-------------------------- O");
  CHECK(move_list(b) == "f4 d6 f6");
  CHECK(count(b.black()) == 4);
  CHECK(count(b.white()) == 1);
}

TEST_CASE("othello: T4") {
  const Board b = from_start("f5 d6 c3 d3 c4");
  CHECK(Othello::to_fen(b) == "------------------XO------XXX------OXX-----O-------------------- O");
  CHECK(move_list(b) == "b3 f3 f4 b5 g5 g6");
}

TEST_CASE("othello: T5 flips in four directions") {
  const Board b = from_start("e6 d6 c5 f4 f5 b4 g3 g4 c3 d3 g5 h6 g6");
  CHECK(Othello::to_fen(b) == "------------------XO--X--O-OOOX---OOXXX----OX-XO---------------- O");
  CHECK(move_list(b) == "b2 d2 h2 b3 h4 h5 f6 e7 f7 h7");
  // f6 (45) flips exactly e5, f5, e6, g6
  const Bitboard expected = oth::bit(36) | oth::bit(37) | oth::bit(44) | oth::bit(46);
  CHECK(oth::flips(45, b.own, b.opp) == expected);
  const Board c = after(b, "f6");
  CHECK(Othello::to_fen(c) == "------------------XO--X--O-OOOX---OOOOX----OOOOO---------------- X");
  CHECK(count(c.black()) == 4);
  CHECK(count(c.white()) == 14);
  CHECK(move_list(c) == "e3 c4 a5 b5 c7 d7 e7 g7");
}

TEST_CASE("othello: T6 forced pass") {
  const Board b = from_start("d3 c3 b3 b2 f5 a3 a1 c1");
  CHECK(Othello::to_fen(b) == "X-O------O------OOXX-------XX------XXX-------------------------- X");
  CHECK(move_list(b) == "pass");
  CHECK(Othello::outcome(b) == Outcome::Ongoing);
  CHECK_FALSE(is_legal(b, "e3"));
  CHECK(is_legal(b, "PASS"));
  const Board c = after(b, "pass");
  CHECK(Othello::to_fen(c) == "X-O------O------OOXX-------XX------XXX-------------------------- O");
  CHECK(Othello::side_to_move(c) == Side::P2);
  CHECK(move_list(c) == "e3 f6");
  CHECK_FALSE(is_legal(c, "pass"));  // rules 5.2: never two passes in a row
}

TEST_CASE("othello: T7 shortest game") {
  const Board b = from_start("d3 c3 b3 e3 f3 f4 f5 b2 a1");
  CHECK(Othello::to_fen(b) == "X--------X-------XXXXX-----XXX-----XXX-------------------------- O");
  CHECK(Othello::outcome(b) == Outcome::P1Win);
  CHECK(count(b.black()) == 13);
  CHECK(count(b.white()) == 0);
  CHECK(b.empty_count() == 51);
  CHECK(oth::final_score(b.black(), b.white()) == 64);
  CHECK(Othello::terminal_score(b, 9) == -6400);  // White to move, lost by 64
  CHECK(move_list(b).empty());
  CHECK_FALSE(is_legal(b, "pass"));
}

TEST_CASE("othello: T8 earliest endings and passes") {
  // Walk every sequence of up to 9 plies.
  std::uint64_t ended_before_9 = 0, ended_at_9 = 0, passes_at_9 = 0;
  std::set<std::pair<Bitboard, Bitboard>> finals;
  bool all_wipeouts_13 = true;
  auto walk = [&](auto& self, const Board& b, int ply) -> void {
    Othello::Move ms[Othello::kMaxMoves];
    const int n = Othello::legal_moves(b, ms);
    if (n == 0) {
      if (ply < 9) ++ended_before_9;
      if (ply == 9) {
        ++ended_at_9;
        finals.insert({b.black(), b.white()});
        all_wipeouts_13 &= count(b.black()) == 13 && b.white() == 0;
      }
      return;
    }
    if (ply == 8 && ms[0].is_pass()) {
      ++passes_at_9;
      CHECK(b.side == Side::P1);
    }
    if (ply < 8) CHECK_FALSE(ms[0].is_pass());
    if (ply == 9) return;
    for (int i = 0; i < n; ++i) self(self, Othello::play(b, ms[i]), ply + 1);
  };
  walk(walk, Othello::start({}), 0);
  CHECK(ended_before_9 == 0);
  CHECK(ended_at_9 == 228);
  CHECK(finals.size() == 140);
  CHECK(all_wipeouts_13);
  CHECK(passes_at_9 == 24);
}

TEST_CASE("othello: T9-T12 finished games") {
  SUBCASE("T9 game over with empty squares") {
    const Board b = fen("OOOOOOO-OOOOOO-XOOXOOOXXOXOOOOXXOOOOXOXXOOOOXXXXOOOOXXXXOOOOXXXX X");
    CHECK(Othello::outcome(b) == Outcome::P2Win);
    CHECK(count(b.black()) == 22);
    CHECK(count(b.white()) == 40);
    CHECK(Othello::terminal_score(b, 0) == -2000);
    CHECK(move_list(b).empty());
  }
  SUBCASE("T10 draw with empty squares") {
    const Board b = fen("-OOOOOOOXOXXXXXOXXOXXXXOXXXOXXXOXXXXOOOOXOOOOOOOXOOOOOOOXXXXXXX- X");
    CHECK(Othello::outcome(b) == Outcome::Draw);
    CHECK(count(b.black()) == 31);
    CHECK(count(b.white()) == 31);
    CHECK(Othello::terminal_score(b, 0) == 0);
  }
  SUBCASE("T11 full board, Black wins") {
    const Board b = fen("XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOXXOXXXOOOXOXXXXXXXX O");
    CHECK(Othello::outcome(b) == Outcome::P1Win);
    CHECK(count(b.black()) == 42);
    CHECK(count(b.white()) == 22);
    CHECK(oth::final_score(b.black(), b.white()) == 20);
    CHECK(Othello::terminal_score(b, 0) == -2000);  // White to move
  }
  SUBCASE("T12 full board, draw") {
    const Board b = fen("XXXXXXXXXXXOOXOXOOXXXOXXOOOXXXOXOOXXOXOOOOXOXOOXXXOOOOOXXOOOOOOO O");
    CHECK(Othello::outcome(b) == Outcome::Draw);
    CHECK(Othello::terminal_score(b, 0) == 0);
  }
}

TEST_CASE("othello: T13 pass with one empty square") {
  const Board b = fen("XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOOXOXXXOOOOOXXXXXXX- O");
  CHECK(move_list(b) == "pass");
  CHECK_FALSE(is_legal(b, "h8"));
  const Board c = after(b, "pass h8");
  CHECK(Othello::to_fen(c) == "XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOXXOXXXOOOXOXXXXXXXX O");
}

TEST_CASE("othello: T14 many moves") {
  const Board b = fen("-O-XXO-O-OO--XOX-OOOXOX--OOXOXOX-OOOXOXXOXOXXXOX-XX-OOOOOX-XOO-X X");
  CHECK(move_list(b) == "a1 c1 g1 a2 d2 e2 a3 h3 a4 a5 g8");
}

TEST_CASE("othello: both players' placements at once equal each one's") {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 400; ++i) {
    const Board b = random_position(rng, 4 + static_cast<int>(rng() % 57));
    // Random bitboards too: overlapping or crowded boards fill every lane.
    const Bitboard p = rng() & rng(), o = rng() & rng() & ~p;
    for (const auto& [own, opp] : {std::pair{b.own, b.opp}, std::pair{p, o}}) {
      const auto [mine, theirs] = oth::both_moves(own, opp);
      CHECK(mine == oth::legal_moves_mask(own, opp));
      CHECK(theirs == oth::legal_moves_mask(opp, own));
    }
  }
}

TEST_CASE("othello: rules 5.1 details") {
  SUBCASE("no chain reaction, discs beyond the closing disc stay") {
    // Row 1: a1 empty, b1 O, c1 X, d1 O, e1 X. Black plays a1: only b1 flips
    // (the run ends at c1; d1 beyond it stays white).
    const Board b = fen("-OXOX---" "--------" "--------" "---OX---" "---XO---" "--------" "--------" "-------- X");
    const Board c = after(b, "a1");
    CHECK(Othello::to_fen(c).substr(0, 8) == "XXXOX---");
  }
  SUBCASE("a run ending at an empty square or the edge brackets nothing") {
    // Row 1: b1 O, c1 O, d1 empty: a1 for Black brackets nothing on the row.
    const Board b = fen("-OO-----" "--------" "--------" "---OX---" "---XO---" "--------" "--------" "-------- X");
    CHECK_FALSE(is_legal(b, "a1"));
    // h-file run to the edge: h2..h8 white, h1 for Black brackets nothing.
    const Board e = fen("--------" "-------O" "-------O" "---OX--O" "---XO--O" "-------O" "-------O" "-------O X");
    CHECK_FALSE(is_legal(e, "h1"));
  }
  SUBCASE("no wrap-around from one edge to the other") {
    // h1 white, a2 black: a placement at g1 must not use a2 as the row's continuation.
    const Board b = fen("-------O" "X-------" "--------" "---OX---" "---XO---" "--------" "--------" "-------- X");
    CHECK_FALSE(is_legal(b, "g1"));
    for (int sq = 0; sq < 64; ++sq) {
      // flips never leave the ray geometry: every flipped disc is on a line through sq
      const int r = sq / 8, c = sq % 8;
      const Bitboard f = oth::flips(sq, b.own, b.opp);
      for (Bitboard x = f; x; x &= x - 1) {
        const int t = oth::lsb(x), tr = t / 8, tc = t % 8;
        CHECK((tr == r || tc == c || tr - r == tc - c || tr - r == c - tc));
      }
    }
  }
  SUBCASE("several directions at once") {
    const Board b = from_start("e6 d6 c5 f4 f5 b4 g3 g4 c3 d3 g5 h6 g6");
    CHECK(count(oth::flips(45, b.own, b.opp)) == 4);
  }
  SUBCASE("legal move mask equals squares with flips") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 300; ++i) {
      const Board b = random_position(rng, static_cast<int>(rng() % 60));
      Bitboard by_flips = 0;
      for (int sq = 0; sq < 64; ++sq)
        if (!((b.own | b.opp) & oth::bit(sq)) && oth::flips(sq, b.own, b.opp)) by_flips |= oth::bit(sq);
      CHECK(by_flips == b.moves());
    }
  }
}

TEST_CASE("othello: key includes the side to move") {
  const Board b = Othello::start({});
  Board w = b;
  w = oth::from_colours(b.black(), b.white(), Side::P2);
  CHECK(Othello::key(b) != Othello::key(w));
  CHECK(Othello::key(b) == Othello::key(fen(kStartFen)));
  CHECK(Othello::key(from_start("f5")) != Othello::key(from_start("d3")));
  // transpositions reach the same key (d3 c3 c4 and c4 c3 d3 end in the same position)
  const Board t1 = from_start("d3 c3 c4"), t2 = from_start("c4 c3 d3");
  REQUIRE(Othello::to_fen(t1) == Othello::to_fen(t2));
  CHECK(Othello::key(t1) == Othello::key(t2));
}

// ===================================================================== notation

TEST_CASE("othello: T15 FEN input forms") {
  CHECK(Othello::to_fen(fen("...........................ox......xo........................... *")) == kStartFen);
  CHECK(Othello::to_fen(fen("-------- -------- -------- ---OX--- ---XO--- -------- -------- -------- x")) ==
        kStartFen);
  CHECK(Othello::to_fen(fen("---------------------------0X------X0--------------------------- 0")) ==
        "---------------------------OX------XO--------------------------- O");
  CHECK(Othello::to_fen(fen("---------------------------OX------XO---------------------------X")) == kStartFen);
  CHECK(Othello::to_fen(fen("\t" + kStartFen + "\r\n")) == kStartFen);
  // the FFO #1 example of rules 4.5
  const std::string ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
  CHECK(Othello::to_fen(fen(ffo1)) == ffo1);
  CHECK(Othello::to_fen(fen(ffo1)).size() == 66);
}

TEST_CASE("othello: T16 invalid FENs leave the position unchanged") {
  const std::vector<std::string> bad = {
      "---------------------------OX------XO-------------------------- X",
      "---------------------------OX------XO---------------------------",
      "---------------------------OX------XO--------------------------- B",
      "---------------------------OX------XO---------------------------- X",
      "Z--------------------------OX------XO--------------------------- X",
      "---------------------------OX------X---------------------------- X",
      "---------------------------OX------XO--------------------------- X O",
      "---------------------------OX------XO--------------------------- X; G8:+18;",
      "---------------------------OX------XO--------------------------- W",
      "---------------------------OX------XO--------------------------- b",
      "",
  };
  for (const auto& f : bad) {
    CAPTURE(f);
    Othello::Position b = from_start("f5");
    const Othello::Position before = b;
    const ludus::Status st = Othello::parse_fen(f, b, {});
    CHECK_FALSE(bool(st));
    CHECK(st.error.find("FEN") != std::string::npos);
    CHECK(b == before);
  }
  Othello::Position b;
  CHECK(Othello::parse_fen("---------------------------OX------X---------------------------- X", b, {})
            .error.find("e5") != std::string::npos);
  CHECK(Othello::parse_fen("Z--------------------------OX------XO--------------------------- X", b, {})
            .error.find("'Z'") != std::string::npos);
}

TEST_CASE("othello: T17 tokens") {
  CHECK(Othello::to_fen(from_start("F5")) == Othello::to_fen(from_start("f5")));
  CHECK_FALSE(is_legal(from_start("f5"), "pass"));
  const Board s = Othello::start({});
  for (const char* tok : {"i1", "a0", "a9", "d", "d33", "3d", "d-3", "d3x", "pa", "PA", "ps", "@@", "--", "0000",
                          "none", "", " d3", "d3 "}) {
    CAPTURE(tok);
    Othello::Move m;
    const ludus::Status st = Othello::parse_move(s, tok, m);
    CHECK_FALSE(bool(st));
    CHECK(st.error.rfind("malformed move '" + std::string(tok) + "'", 0) == 0);
  }
  for (const char* tok : {"e3", "b3", "d4", "pass"}) {
    CAPTURE(tok);
    Othello::Move m;
    const ludus::Status st = Othello::parse_move(s, tok, m);
    CHECK(st.error.rfind("illegal move '" + std::string(tok) + "'", 0) == 0);
  }
  // any token is illegal once the game is over
  const Board over = from_start("d3 c3 b3 e3 f3 f4 f5 b2 a1");
  for (const char* tok : {"pass", "h8", "a2"}) CHECK_FALSE(is_legal(over, tok));
  for (const char* tok : {"pass", "Pass", "PASS", "pAsS"}) {
    Othello::Move m;
    CHECK(bool(oth::parse_move_syntax(tok, m)));
    CHECK(m == oth::kPass);
  }
  CHECK(Othello::move_to_string(oth::kPass) == "pass");
  CHECK(Othello::move_to_string(Othello::Move{0}) == "a1");
  CHECK(Othello::move_to_string(Othello::Move{63}) == "h8");
}

TEST_CASE("othello: board_lines") {
  const auto lines = Othello::board_lines(Othello::start({}));
  REQUIRE(lines.size() >= 11);
  CHECK(lines[0].find("a b c d e f g h") != std::string::npos);
  CHECK(lines[4] == "4  - - - O X - - -  4");
  CHECK(lines[5] == "5  - - - X O - - -  5");
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  CHECK(all.find("black X 2, white O 2, empty 60") != std::string::npos);
  CHECK(all.find("Black (X) to move") != std::string::npos);
  CHECK(all.find("d3 c4 f5 e6") != std::string::npos);
  std::string over;
  for (const auto& l : Othello::board_lines(from_start("d3 c3 b3 e3 f3 f4 f5 b2 a1"))) over += l + "\n";
  CHECK(over.find("game over") != std::string::npos);
}

TEST_CASE("othello: OBF lines") {
  oth::ObfProblem p;
  REQUIRE(bool(oth::parse_obf_line(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22; G2:-24;", p)));
  REQUIRE(p.moves.size() == 4);
  CHECK(Othello::move_to_string(p.moves[0].first) == "g8");
  CHECK(p.moves[0].second == 18);
  CHECK(p.moves[3].second == -24);
}

// ===================================================================== perft

TEST_CASE("othello: T18 perft from the start") {
  const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284};
  const Board s = Othello::start({});
  for (int d = 0; d <= 6; ++d) CHECK(perft_traits(s, d) == expected[d]);
  for (int d = 7; d <= 10; ++d) CHECK(perft_fast(s, d) == expected[d]);
  // T19: the wrong convention (a pass not using a ply) differs at depth 9
  CHECK(perft_fast(s, 9, false) == 3005320);
}

TEST_CASE("othello: T20 perft through a pass") {
  const Board b = from_start("d3 c3 b3 b2 f5 a3 a1 c1");
  const std::uint64_t expected[] = {1, 2, 8, 36, 205, 1384, 10514};
  for (int d = 1; d <= 7; ++d) CHECK(perft_traits(b, d) == expected[d - 1]);
}

TEST_CASE("othello: T21 perft with many passes") {
  const Board b = fen("--O-XO---XXXOXOO--XXXXXXOOOXOOXX-OOOOOOXOOOOOXXX-O-OOOXXO-OOOOOX O");
  const std::uint64_t expected[] = {6, 45, 187, 1373, 4720, 29518};
  for (int d = 1; d <= 6; ++d) {
    CHECK(perft_traits(b, d) == expected[d - 1]);
    CHECK(perft_fast(b, d) == expected[d - 1]);
  }
  CHECK(perft_fast(b, 5, false) == 4801);
}

// ===================================================================== solver

TEST_CASE("othello: T22 / E1 exact values") {
  check_exact("XXXXOO--XXOOOXXX-OOOOOX-XOOXOXOXXOOXOOOO-OOOOOOX--OO-X-----XXXX- X", 20, {"c8"},
              {{"g1", 16}, {"a3", 14}, {"a6", 4}, {"a7", 8}, {"b7", -20}, {"e7", 18}, {"g7", 14},
               {"h7", 14}, {"b8", 4}, {"c8", 20}});
  // the optimal line ends in T11 via the pass of T13
  const Board end = after(fen("XXXXOO--XXOOOXXX-OOOOOX-XOOXOXOXXOOXOOOO-OOOOOOX--OO-X-----XXXX- X"),
                          "c8 h3 g1 h1 a6 h7 a3 a7 a8 b7 g7 e7 b8 pass h8");
  CHECK(Othello::to_fen(end) == "XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOXXOXXXOOOXOXXXXXXXX O");
}

TEST_CASE("othello: T23 / E2 exact values") {
  check_exact("-OOOX--XXOOXX--XOOXXXXOXOOOXXXO-XXXXOOO--XXOXOOXXXXOOO----XOOOOO X", 0, {"a1"},
              {{"a1", 0}, {"h4", -30}, {"h5", -36}, {"g7", -32}, {"h7", -32}});
}

TEST_CASE("othello: T24 / E3 exact values") {
  check_exact("--O-XO---XXXOXOO--XXXXXXOOOXOOXX-OOOOOOXOOOOOXXX-O-OOOXXO-OOOOOX O", -32, {"d1"},
              {{"a1", -40}, {"b1", -40}, {"d1", -32}, {"g1", -46}, {"a2", -56}, {"a3", -46}});
}

TEST_CASE("othello: T25 / E4 exact values") {
  check_exact("OXXXXXX-XXXXXXXOOXXXXXXOOOXOXOOOOOOOOOX-OOOOOOX-O-X-XOX--XXX---X X", 16, {"h5", "b7"},
              {{"h5", 16}, {"b7", 16}, {"d7", 0}, {"a8", 14}, {"e8", 10}, {"f8", 8}, {"g8", 4}});
}

TEST_CASE("othello: T26 / E5 exact values") {
  check_exact("-O-XXO-O-OO--XOX-OOOXOX--OOXOXOX-OOOXOXXOXOXXXOX-XX-OOOOOX-XOO-X X", 16, {"c1", "h3"},
              {{"a1", 0}, {"c1", 16}, {"g1", 4}, {"a2", -2}, {"d2", 8}, {"e2", -14}, {"a3", -12}, {"h3", 16},
               {"a4", -10}, {"a5", 2}, {"g8", 4}});
}

TEST_CASE("othello: T27 FFO #1 exact values") {
  check_exact("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", 18, {"g8"},
              {{"g8", 18}, {"h1", 12}, {"h7", 6}, {"a2", 6}, {"a3", 4}, {"b1", -4}, {"a4", -22}, {"g2", -24}});
}

TEST_CASE("othello: solver on fforum-1-19.obf") {
  std::ifstream in(LUDUS_TEST_DATA_DIR "/othello/fforum-1-19.obf");
  REQUIRE(in.good());
  std::string line;
  int problems = 0;
  oth::EndgameSolver solver(16);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    CAPTURE(line);
    oth::ObfProblem p;
    REQUIRE(bool(oth::parse_obf_line(line, p)));
    REQUIRE_FALSE(p.moves.empty());
    const int value = p.moves[0].second;
    const Solved r = solve_root(solver, p.board);
    CHECK(r.value == value);
    int listed = -999;
    for (const auto& [m, v] : p.moves)
      if (Othello::move_to_string(m) == r.best) listed = v;
    CHECK(listed == value);  // the chosen move is one of the best listed
    ++problems;
  }
  CHECK(problems == 19);
}

TEST_CASE("othello: solver PV line after an exact solve") {
  // FFO #1 (T27): g8 is the only best move, worth +18.
  const Board b = fen("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
  oth::EndgameSolver solver(4);
  std::uint64_t nodes = 0;
  REQUIRE(solver.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, nodes) == 1800);
  oth::Move line[64];
  const int len = solver.pv_line(b, line, 64);
  CHECK(len >= 4);
  REQUIRE(len >= 1);
  CHECK(Othello::move_to_string(line[0]) == "g8");
  // every move of the line is legal where it is played
  Board p = b;
  for (int i = 0; i < len; ++i) {
    CAPTURE(i);
    oth::Move ms[64];
    const int n = Othello::legal_moves(p, ms);
    CHECK(std::count(ms, ms + n, line[i]) == 1);
    p = Othello::play(p, line[i]);
  }
  CHECK(solver.pv_line(b, line, 2) == 2);  // the length limit holds
}

TEST_CASE("othello: solver agrees with plain minimax, passes included") {
  std::mt19937_64 rng(12345);
  oth::EndgameSolver solver(1);
  int with_pass = 0;
  for (int i = 0; i < 400; ++i) {
    const int empties = 1 + static_cast<int>(rng() % 10);
    const Board b = random_position(rng, empties);
    CAPTURE(Othello::to_fen(b));
    const int exact = brute_solve(b, -100, 100);
    std::uint64_t nodes = 0;
    if (i % 2) solver.clear();
    CHECK(solver.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, nodes) == 100 * exact);
    const auto root = solver.solve_root(b, kNoStop, nodes);
    CHECK(root.score_discs == exact);
    if (!root.best.is_none()) {
      if (root.best.is_pass()) ++with_pass;
      const Board child = Othello::play(b, root.best);
      CHECK(-brute_solve(child, -100, 100) == exact);
    } else {
      CHECK(Othello::outcome(b) != Outcome::Ongoing);
    }
    // fail-soft null windows around the value in centi-discs (odd bounds too)
    for (int a : {exact * 100 - 150, exact * 100 - 100, exact * 100 - 1, exact * 100, exact * 100 + 50}) {
      const ludus::Score s = solver.solve(b, a, a + 1, kNoStop, nodes);
      if (exact * 100 > a) CHECK(s > a);
      else CHECK(s <= a);
      if (s > a) CHECK(s <= exact * 100);
      else CHECK(s >= exact * 100);
    }
  }
  CHECK(with_pass >= 0);
}

TEST_CASE("othello: solver stops when asked") {
  const Board b = fen("-OOOOO----OOOO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X");
  oth::EndgameSolver solver(1);
  std::atomic<bool> stop{true};
  std::uint64_t nodes = 0;
  solver.solve(b, -ludus::kInfinity, ludus::kInfinity, stop, nodes);
  CHECK(solver.aborted());
  CHECK(nodes < 100000);
  solver.solve_root(b, stop, nodes);
  CHECK(solver.aborted());
  stop = false;
  const Board small = fen("XXXXOO--XXOOOXXX-OOOOOX-XOOXOXOXXOOXOOOO-OOOOOOX--OO-X-----XXXX- X");
  CHECK(solver.solve(small, -ludus::kInfinity, ludus::kInfinity, stop, nodes) == 2000);
  CHECK_FALSE(solver.aborted());
}

TEST_CASE("othello: exact_depth and Solver type") {
  static_assert(std::is_same_v<Othello::Solver, oth::EndgameSolver>);
  CHECK(Othello::exact_depth(Othello::start({})) == 60);
  CHECK(Othello::exact_depth(fen("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")) == 14);
}

TEST_CASE("othello: the search jumps to the exact solve only after a midgame iteration of solve_jump_depth") {
  // FFO #40 (20 empties, value +38, best a2).
  const Board root = fen("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
  const int empties = root.empty_count();
  REQUIRE(Othello::solve_jump_depth(root) < empties);
  oth::EndgameSolver solver(16);
  ludus::test::SearchRun<Othello> run(root, 60, 0, &solver, 16);
  std::vector<int> depths;
  for (const auto& r : run.reports) depths.push_back(r.depth);
  // The solve runs first at each selective level, then exactly: as many
  // iterations of the full depth, after the last midgame one
  // (solve_jump_depth - 1).
  const auto first_solve = std::find(depths.begin(), depths.end(), empties);
  REQUIRE(first_solve != depths.begin());
  CHECK(*(first_solve - 1) == Othello::solve_jump_depth(root) - 1);
  CHECK(depths.end() - first_solve == oth::EndgameSolver::kSelectiveLevels + 1);
  CHECK(std::all_of(first_solve, depths.end(), [&](int d) { return d == empties; }));
  CHECK(run.reports.back().bound == ludus::Bound::Exact);
  CHECK(run.searcher->best_score() == 3800);
  CHECK(Othello::move_to_string(run.searcher->best_line().front()) == "a2");
}

// ===================================================================== stability

TEST_CASE("othello: edge gathering helpers") {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 1000; ++i) {
    const Bitboard b = rng();
    unsigned naive = 0;
    for (int r = 0; r < 8; ++r) naive |= unsigned(b >> (8 * r) & 1) << r;
    CHECK(oth::column_a_to_byte(b) == naive);
    CHECK(oth::byte_to_column_a(naive) == (b & oth::kColumnA));
  }
}

TEST_CASE("othello: stable discs are never flipped") {
  // Exhaustive check on small endgames: walk every legal continuation and
  // collect the discs that ever change colour; none may be counted stable.
  std::mt19937_64 rng(99);
  for (int i = 0; i < 60; ++i) {
    const Board b = random_position(rng, 4 + static_cast<int>(rng() % 5));
    const Bitboard black = b.black(), white = b.white();
    Bitboard flipped = 0;
    auto walk = [&](auto& self, const Board& x) -> void {
      flipped |= (x.black() & white) | (x.white() & black);
      Othello::Move ms[Othello::kMaxMoves];
      const int n = Othello::legal_moves(x, ms);
      for (int k = 0; k < n; ++k) self(self, Othello::play(x, ms[k]));
    };
    walk(walk, b);
    CAPTURE(Othello::to_fen(b));
    CHECK((oth::stable_discs(black, white) & flipped) == 0);
    CHECK((oth::stable_discs(white, black) & flipped) == 0);
    CHECK((oth::stable_discs(black, white) & ~black) == 0);
  }
  // a full board is entirely stable; corners are always stable
  const Board full = fen("XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOXXOXXXOOOXOXXXXXXXX O");
  CHECK(oth::stable_discs(full.own, full.opp) == full.own);
  const Board c = fen("X-------" "--------" "--------" "---OX---" "---XO---" "--------" "--------" "-------O X");
  CHECK((oth::stable_discs(c.black(), c.white()) & oth::bit(0)) != 0);
  CHECK((oth::stable_discs(c.white(), c.black()) & oth::bit(63)) != 0);
}

// ===================================================================== evaluation

TEST_CASE("othello: seed evaluator, hand-computed") {
  // Start, Black to move: discs 2-2 -> 0; moves 4-4 -> 0; no corners; no
  // disc next to a corner -> 0. Total 0.
  CHECK(oth::evaluate_seed(Othello::start({})) == 0);

  // After f5, White to move: White 1 disc, Black 4 -> -100 * 4/5 = -80.
  // Moves: White f4 d6 f6 (3); Black c3 c4 d3 (3) -> 0. No corners, no
  // corner neighbours. Total -80 points -> Score -800.
  CHECK(oth::seed_terms(from_start("f5")).discs == doctest::Approx(-80));
  CHECK(oth::evaluate_seed(from_start("f5")) == -800);

  // T6 (Black to move, must pass): Black a1 c3 d3 d4 e4 d5 e5 f5 = 8 discs,
  // White c1 b2 a3 b3 = 4: +100 * 8/12 = 66.667. Moves: Black 0, White 2
  // (e3 f6): -100 * 2/2 = -100. Corners: Black a1: +25. Adjacent: a1 is
  // occupied, so white b2 does not count; other corners have no neighbour
  // discs: 0. Sum -8.333 points -> round(-83.33) = -83.
  {
    const oth::SeedTerms t = oth::seed_terms(from_start("d3 c3 b3 b2 f5 a3 a1 c1"));
    CHECK(t.discs == doctest::Approx(200.0 / 3));
    CHECK(t.mobility == doctest::Approx(-100));
    CHECK(t.corners == doctest::Approx(25));
    CHECK(t.adjacent == doctest::Approx(0));
    CHECK(oth::evaluate_seed(from_start("d3 c3 b3 b2 f5 a3 a1 c1")) == -83);
  }

  // Black g1 h2 e4 d5 (4), White b2 d4 e5 (3), Black to move; all corners
  // empty. Discs: +100 * 4/7 = 57.143. Moves: Black d3 c4 f5 e6 (4), White
  // e3 f4 c5 d6 (4) -> 0. Corners 0. Adjacent: own g1, h2 next to empty h1
  // -> -12.5 * 2; opponent b2 next to empty a1 -> +12.5. Sum 44.643 points
  // -> Score 446.
  {
    const Board b = fen("------X-" "-O-----X" "--------" "---OX---" "---XO---" "--------" "--------" "-------- X");
    const oth::SeedTerms t = oth::seed_terms(b);
    CHECK(t.discs == doctest::Approx(400.0 / 7));
    CHECK(t.mobility == doctest::Approx(0));
    CHECK(t.adjacent == doctest::Approx(-12.5));
    CHECK(oth::evaluate_seed(b) == 446);
    // the same board with White to move is the negation of every term
    const Board w = fen("------X-" "-O-----X" "--------" "---OX---" "---XO---" "--------" "--------" "-------- O");
    CHECK(oth::seed_terms(w).adjacent == doctest::Approx(12.5));
    CHECK(oth::seed_terms(w).discs == doctest::Approx(-400.0 / 7));
  }

  // Mobility is divided by the total MOBILITY (not the disc total): with
  // 3 own moves and 1 opponent move the term is +100 * 3/4 = 75.
  {
    Othello::Config cfg;
    REQUIRE(bool(Othello::set_option(cfg, "Evaluator", "seed")));
    const Board b = from_start("f5");
    CHECK(Othello::evaluate(b, cfg) == oth::evaluate_seed(b));
    CHECK(Othello::eval_lines(b, cfg).size() >= 5);
  }
}

TEST_CASE("othello: ludus eval symmetries") {
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 200; ++i) {
    const Board b = random_position(rng, 4 + static_cast<int>(rng() % 56));
    CAPTURE(Othello::to_fen(b));
    const ludus::Score v = oth::evaluate(b);
    const oth::Features f = oth::features(b);
    for (int s = 1; s < 8; ++s) {
      CHECK(oth::evaluate(symmetry(b, s)) == v);
      CHECK(oth::features(symmetry(b, s)) == f);
    }
    // colours swapped together with the side to move: same position for the mover
    const Board swapped = oth::from_colours(b.white(), b.black(), opposite(b.side));
    CHECK(oth::evaluate(swapped) == v);
    CHECK(oth::evaluate_seed(swapped) == oth::evaluate_seed(b));
    // inside the disc range and, for a finished game, exact
    CHECK(std::abs(v) <= 6400);
    if (Othello::outcome(b) != Outcome::Ongoing) CHECK(v == 100 * oth::final_score(b));
  }
}

TEST_CASE("othello: ludus eval sanity") {
  Othello::Config cfg;
  REQUIRE(bool(Othello::set_option(cfg, "Evaluator", "ludus")));
  CHECK(Othello::evaluate(Othello::start({}), cfg) == oth::evaluate(Othello::start({})));
  // start position: symmetric features, only parity/tempo terms may be nonzero
  const oth::Features f = oth::features(Othello::start({}));
  for (int i = 0; i < oth::kNumFeatures; ++i)
    if (i != oth::kFParity) CHECK(f[i] == 0);
  // a corner for the side to move is clearly good
  const Board with_corner = fen("X-------" "--------" "--------" "---OX---" "---XO---" "--------" "--------" "-------- X");
  const Board without = fen("--------" "--------" "--------" "---OX---" "---XO---" "--------" "--------" "X------- O");
  CHECK(oth::evaluate(with_corner) > 300);
  CHECK(oth::evaluate(without) < -300);
  // the phase coefficients sum to 1
  for (int d = 0; d <= 64; ++d) {
    const auto c = oth::phase_coefficients(d);
    CHECK(c[0] + c[1] + c[2] == doctest::Approx(1.0));
  }
  // the explicit-weights path agrees with the fixed-point table within rounding
  std::mt19937_64 rng(5);
  for (int i = 0; i < 50; ++i) {
    const Board b = random_position(rng, static_cast<int>(rng() % 50) + 5);
    CHECK(std::abs(oth::evaluate_with(b, oth::kDefaultWeights) - oth::evaluate(b)) <= 2);
  }
  const auto lines = Othello::eval_lines(Othello::start({}), cfg);
  CHECK(lines.size() == static_cast<std::size_t>(oth::kNumFeatures) + 3);
  CHECK(lines.back().rfind("total ", 0) == 0);
}

TEST_CASE("othello: order_hint prefers corners and avoids X-squares") {
  // Black can take a1 (through b2) or play elsewhere.
  const Board b = fen("--------" "-O------" "--X-----" "---OX---" "---XO---" "--------" "--------" "-------- X");
  REQUIRE(is_legal(b, "a1"));
  Othello::Move a1, other;
  REQUIRE(bool(Othello::parse_move(b, "a1", a1)));
  REQUIRE(bool(Othello::parse_move(b, "d3", other)));
  CHECK(Othello::order_hint(b, a1) > Othello::order_hint(b, other));
  CHECK(Othello::order_hint(b, oth::kPass) == 0);
}

TEST_CASE("othello: one ply from the horizon, order_hint is the square value alone") {
  // f3 and d3 lie on squares of the same value but leave White 5 and 8
  // replies: far from the horizon the replies count, next to it not.
  const Board b = from_start("f5 f6 e6 f4");
  Othello::Move f3, d3;
  REQUIRE(bool(Othello::parse_move(b, "f3", f3)));
  REQUIRE(bool(Othello::parse_move(b, "d3", d3)));
  const auto replies = [&](Othello::Move m) { return count(oth::play(b, m).moves()); };
  REQUIRE(replies(f3) < replies(d3));
  CHECK(Othello::order_hint(b, f3, 1) == Othello::order_hint(b, d3, 1));
  CHECK(Othello::order_hint(b, f3, 0) == Othello::order_hint(b, f3, 1));
  CHECK(Othello::order_hint(b, f3, 2) > Othello::order_hint(b, d3, 2));
  CHECK(Othello::order_hint(b, f3) == Othello::order_hint(b, f3, 5));
}

TEST_CASE("othello: every evaluator scores a finished game exactly (kLeafEvaluatesTerminal)") {
  const Board done = from_start("d3 c3 b3 e3 f3 f4 f5 b2 a1");
  REQUIRE(Othello::outcome(done) != Outcome::Ongoing);
  for (const char* ev : {"ludus", "seed", "pattern"}) {
    CAPTURE(ev);
    Othello::Config cfg;
    REQUIRE(bool(Othello::set_option(cfg, "Evaluator", ev)));
    CHECK(Othello::evaluate(done, cfg) == Othello::terminal_score(done, 0));
  }
}

TEST_CASE("othello: selective solves cut the tree and leave no bound to an exact solve") {
  // FFO #1-#19 (14-22 empties): level 1 solves with End-ProbCut, then the
  // same solver, on the same table, solves exactly. The table marks the
  // selective bounds; an exact solve that trusted them would return the
  // selective values, and some of those are wrong.
  std::ifstream in(LUDUS_TEST_DATA_DIR "/othello/fforum-1-19.obf");
  REQUIRE(in.good());
  std::string line;
  std::uint64_t selective_nodes = 0, exact_nodes = 0;
  int differ = 0, problems = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    CAPTURE(line);
    oth::ObfProblem p;
    REQUIRE(bool(oth::parse_obf_line(line, p)));
    const int value = 100 * p.moves[0].second;
    oth::EndgameSolver solver(4), fresh(4);
    solver.set_selectivity(1);
    const ludus::Score guess = solver.solve(p.board, -ludus::kInfinity, ludus::kInfinity, kNoStop, selective_nodes);
    CHECK(guess % 100 == 0);
    differ += guess != value;
    solver.set_selectivity(0);
    std::uint64_t ignored = 0;
    CHECK(solver.solve(p.board, -ludus::kInfinity, ludus::kInfinity, kNoStop, ignored) == value);
    CHECK(fresh.solve(p.board, -ludus::kInfinity, ludus::kInfinity, kNoStop, exact_nodes) == value);
    ++problems;
  }
  CHECK(problems == 19);
  CHECK(differ > 0);
  CHECK(selective_nodes * 2 < exact_nodes);
  MESSAGE("selective level 1: " << differ << " of 19 values differ; nodes " << selective_nodes << " against "
                                << exact_nodes);
}

TEST_CASE("othello: a solver sharing another's table finds its results") {
  // FFO #1: solved once by `main`, then again by a helper on main's table
  // (a root hit: a few nodes) and by a solver with a table of its own.
  const Board b = fen("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
  oth::EndgameSolver main(4), helper(1), alone(4);
  helper.share_table(main);
  std::uint64_t n_main = 0, n_helper = 0, n_alone = 0;
  CHECK(main.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, n_main) == 1800);
  CHECK(helper.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, n_helper) == 1800);
  CHECK(alone.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, n_alone) == 1800);
  CHECK(n_helper * 100 < n_alone);
  // Clearing through either clears the one table.
  helper.clear();
  std::uint64_t n_again = 0;
  CHECK(main.solve(b, -ludus::kInfinity, ludus::kInfinity, kNoStop, n_again) == 1800);
  CHECK(n_again * 2 > n_alone);
}

TEST_CASE("othello: two threads solving at once on one table get every FFO #1-#19 value exactly") {
  // The lockless entries and the busy marks under real concurrency: the
  // two threads take the problems in opposite orders, so that each both
  // meets the other's entries and defers the moves the other is on.
  std::ifstream in(LUDUS_TEST_DATA_DIR "/othello/fforum-1-19.obf");
  REQUIRE(in.good());
  std::vector<oth::ObfProblem> problems;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    oth::ObfProblem p;
    REQUIRE(bool(oth::parse_obf_line(line, p)));
    problems.push_back(p);
  }
  REQUIRE(problems.size() == 19);
  oth::EndgameSolver main(2), helper(1);  // small: entries get replaced under each other
  helper.share_table(main);
  std::vector<int> got_main(problems.size()), got_helper(problems.size());
  auto run = [&](oth::EndgameSolver& s, std::vector<int>& got, bool reverse) {
    for (std::size_t k = 0; k < problems.size(); ++k) {
      const std::size_t i = reverse ? problems.size() - 1 - k : k;
      std::uint64_t nodes = 0;
      got[i] = s.solve(problems[i].board, -ludus::kInfinity, ludus::kInfinity, kNoStop, nodes) / 100;
    }
  };
  std::thread t([&] { run(helper, got_helper, true); });
  run(main, got_main, false);
  t.join();
  for (std::size_t i = 0; i < problems.size(); ++i) {
    CAPTURE(i + 1);
    CHECK(got_main[i] == problems[i].moves[0].second);
    CHECK(got_helper[i] == problems[i].moves[0].second);
  }
}
