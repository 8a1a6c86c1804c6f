// Arimaa rules: every test fact of the rules doc (docs/rules/arimaa.md
// §10, F1-F21) and the rules behind them, at the level of the game module
// and of the session the protocols use. The slowest perft facts (F4
// perft 2, F9 and F11 perft 3) run through the binary in
// tests/protocol/test_arimaa.py.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/game_session.h"
#include "engine/timeman.h"
#include "games/arimaa/arimaa.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/eval_seed.h"
#include "games/arimaa/goal.h"
#include "games/arimaa/fen_for_tests.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/setups.h"
#include "games/arimaa/turngen.h"

using namespace ludus;
using namespace ludus::arimaa;

namespace {

constexpr const char* kP0 = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2";
constexpr const char* kGoldSetup = "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2,Ee2";
constexpr const char* kSilverSetup = "ra8,rb8,rc8,rd8,re8,rf8,rg8,rh8,cc7,cf7,db7,dg7,ha7,hh7,me7,ed7";

// Runs f on a new thread: the engine's per-thread tables (evaluation and
// goal-search caches) start empty there, so nothing remembered answers.
template <class F>
void on_fresh_thread(F&& f) {
  std::thread(std::forward<F>(f)).join();
}

Position fen(const std::string& text) { return fen_or_fail(text); }

// The position after a token, as a FEN; "" if the token is illegal.
std::string after(const std::string& f, const std::string& token) {
  const Position p = fen(f);
  std::vector<Move> moves;
  if (!parse_turn(p, token, moves)) return "";
  Position q = p;
  for (Move m : moves) q = play(q, m);
  return to_fen(q);
}
bool legal(const std::string& f, const std::string& token) { return !after(f, token).empty(); }

std::uint64_t moves_of(const std::string& f) { return Arimaa::count_turns(fen(f)); }
std::uint64_t seq_of(const std::string& f) { return count_sequences(fen(f)); }

// Perft over distinct turns (the engine's perft_turns, without history).
std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  if (outcome(p) != Outcome::Ongoing) return 0;
  if (depth == 1) return count_turns(p);
  std::vector<std::vector<Move>> turns;
  enumerate_turns(p, turns);
  std::uint64_t n = 0;
  for (const auto& t : turns) {
    Position q = p;
    for (Move m : t) q = play(q, m);
    n += perft(q, depth - 1);
  }
  return n;
}

Outcome result_of(const std::string& f) { return outcome(fen(f)); }

std::string query_moves(Session& s) {
  std::string r;
  for (const auto& m : s.legal_moves()) r += (r.empty() ? "" : " ") + m;
  return r;
}

}  // namespace

TEST_CASE("arimaa F1: the start position") {
  GameSession<Arimaa> s;
  CHECK(s.fen() == "8/8/8/8/8/8/8/8 g 1");
  CHECK(s.side_to_move() == Side::P1);
  CHECK(s.outcome() == Outcome::Ongoing);
  CHECK(s.perft(1, nullptr) == 64864800);
  CHECK(s.perft(0, nullptr) == 1);
}

TEST_CASE("arimaa F2: setups in any order, then P0") {
  GameSession<Arimaa> s;
  REQUIRE(s.set_position(std::nullopt, {kGoldSetup}));
  CHECK(s.fen() == "8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1");
  REQUIRE(s.set_position(std::nullopt, {"Ee2,Md2,Hh2,Ha2,Dg2,Db2,Cf2,Cc2,Rh1,Rg1,Rf1,Re1,Rd1,Rc1,Rb1,Ra1"}));
  CHECK(s.fen() == "8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1");
  REQUIRE(s.set_position(std::nullopt, {kGoldSetup, kSilverSetup}));
  CHECK(s.fen() == kP0);
  CHECK(s.side_to_move() == Side::P1);
  // Canonical setup output: R, C, D, H, M, E, each by square (pyrimaa order).
  const Position start = Arimaa::start({});
  std::vector<Move> moves;
  REQUIRE(parse_turn(start, "Ee2,Md2,Hh2,Ha2,Dg2,Db2,Cf2,Cc2,Rh1,Rg1,Rf1,Re1,Rd1,Rc1,Rb1,Ra1", moves));
  CHECK(turn_to_string(start, moves) == kGoldSetup);
}

TEST_CASE("arimaa F3: illegal setups") {
  const std::string start = "8/8/8/8/8/8/8/8 g 1";
  CHECK(legal(start, kGoldSetup));
  CHECK_FALSE(legal(start, "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2,Ee3"));
  CHECK_FALSE(legal(start, "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2"));
  CHECK_FALSE(legal(start, "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Ed2,Ee2"));
  CHECK_FALSE(legal(start, "ra1,rb1,rc1,rd1,re1,rf1,rg1,rh1,cc2,cf2,db2,dg2,ha2,hh2,md2,ee2"));
  CHECK_FALSE(legal(start, "Ra1,Ra1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2,Ee2"));
  CHECK_FALSE(legal(start, "Ee2n"));
  CHECK_FALSE(legal(kP0, kGoldSetup));
  // Silver must set up on ranks 7-8 with its own pieces.
  const std::string silver = "8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1";
  CHECK(after(silver, kSilverSetup) == kP0);
  CHECK_FALSE(legal(silver, kGoldSetup));
  CHECK_FALSE(legal(silver, "ra7,rb8,rc8,rd8,re8,rf8,rg8,rh8,cc7,cf7,db7,dg7,ha6,hh7,me7,ed7"));
  // Placements mixed with steps are malformed.
  CHECK_FALSE(legal(start, "Ra1,Ee2n"));
}

TEST_CASE("arimaa F4: P0") {
  CHECK(moves_of(kP0) == 3353);
  CHECK(seq_of(kP0) == 23754);
}

TEST_CASE("arimaa F5: P0 tokens") {
  CHECK(after(kP0, "Ee2n,Ee3n,Ee4n,Ee5n") == "rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 2");
  CHECK(moves_of("rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 2") == 2185);
  CHECK(seq_of("rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 2") == 14764);
  CHECK(legal(kP0, "Db2n,Db3n,Db4n,Db5n"));
  CHECK(after(kP0, "EE2N") == after(kP0, "Ee2n"));
  CHECK_FALSE(legal(kP0, "Ee2n,Ee3s"));
  CHECK_FALSE(legal(kP0, "Ra1n"));
  CHECK_FALSE(legal(kP0, "Ee2n,Ee3n,Ee4n,Ee5n,Ee6n"));
  CHECK_FALSE(legal(kP0, "ee2n"));
  CHECK_FALSE(legal(kP0, "Me2n"));
  // AEI makemove accepts a wrong piece letter with a warning (rules §7.4).
  std::vector<Move> moves;
  std::vector<std::string> warnings;
  REQUIRE(Arimaa::parse_turn_lenient(fen(kP0), "Me2n", moves, warnings));
  CHECK(warnings.size() == 1);
  CHECK(turn_to_string(fen(kP0), moves) == "Ee2n");
}

TEST_CASE("arimaa F6: the Fig. 2.3 position, Gold to move") {
  const std::string t1 = "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 g 10";
  CHECK(moves_of(t1) == 1577);
  CHECK(seq_of(t1) == 13273);
  const std::string res = "8/2r4r/2cEm3/2H5/8/8/R6R/8 s 10";
  CHECK(after(t1, "dc4s,dc3x,Hd4w,cc5n,Hc4n") == res);
  CHECK(after(t1, "dc4s,Hd4w,cc5n,Hc4n") == res);
  CHECK_FALSE(legal(t1, "dc4s,Hd4w,cc5n"));
  CHECK(moves_of(res) == 168);
  // The canonical token writes the capture right after its step.
  std::vector<Move> moves;
  REQUIRE(parse_turn(fen(t1), "dc4s,Hd4w,cc5n,Hc4n", moves));
  CHECK(turn_to_string(fen(t1), moves) == "dc4s,dc3x,Hd4w,cc5n,Hc4n");
}

TEST_CASE("arimaa F7: the same board, Silver to move") {
  const std::string t = "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 s 10";
  CHECK(moves_of(t) == 698);
  CHECK(seq_of(t) == 6744);
  CHECK_FALSE(legal(t, "me6n"));
  CHECK((frozen(fen(t), kSilver) & bit(44)) != 0);  // e6
  CHECK(after(t, "dc4w") == "8/2r4r/3Em3/2c5/1d1H4/8/R6R/8 g 11");
}

TEST_CASE("arimaa F8: capture when the supporter leaves") {
  const std::string t2 = "8/8/2r5/2r5/8/8/R7/8 s 10";
  CHECK(moves_of(t2) == 93);
  CHECK(seq_of(t2) == 489);
  CHECK(perft(fen(t2), 2) == 1190);
  CHECK(perft(fen(t2), 3) == 76999);
  CHECK(after(t2, "rc5e") == "8/8/8/3r4/8/8/R7/8 g 11");
  std::vector<Move> moves;
  REQUIRE(parse_turn(fen(t2), "rc5e", moves));
  CHECK(turn_to_string(fen(t2), moves) == "rc5e,rc6x");
}

TEST_CASE("arimaa F9: push and pull") {
  const std::string t3 = "8/8/8/3r4/2cE4/8/8/R7 g 10";
  CHECK(moves_of(t3) == 312);
  CHECK(seq_of(t3) == 1328);
  CHECK(perft(fen(t3), 2) == 30539);
  CHECK(after(t3, "Ed4e,cc4e") == "8/8/8/3r4/3cE3/8/8/R7 s 10");
  CHECK(after(t3, "Ed4s,rd5s") == "8/8/8/8/2cr4/3E4/8/R7 s 10");
  CHECK(after(t3, "rd5n,Ed4n") == "8/8/3r4/3E4/2c5/8/8/R7 s 10");
  CHECK(after(t3, "rd5e,Ed4n") == "8/8/8/3Er3/2c5/8/8/R7 s 10");
  CHECK(after(t3, "cc4n,Ed4w") == "8/8/8/2cr4/2E5/8/8/R7 s 10");
  CHECK(after(t3, "Ra1n,Ra2n,cc4w,Ed4w") == "8/8/8/3r4/1cE5/R7/8/8 s 10");
  CHECK(after(t3, "cc4s,Ed4w") == "8/8/8/3r4/2E5/8/8/R7 s 10");
  CHECK(after(t3, "cc4s,cc3x,Ed4w") == "8/8/8/3r4/2E5/8/8/R7 s 10");
  CHECK_FALSE(legal(t3, "rd5n,Ed4n,cc4e"));
  CHECK_FALSE(legal(t3, "Ed4n"));
  CHECK_FALSE(legal(t3, "cc4n"));
  CHECK_FALSE(legal(t3, "cc4n,Ra1n"));
  CHECK_FALSE(legal(t3, "Ed4e,Ee4w"));
  CHECK_FALSE(legal(t3, "Ra1n,Ra2n,Ra3n,cc4w"));
  // AEI makemove: an unfinished push at the end is applied as played.
  std::vector<Move> moves;
  std::vector<std::string> warnings;
  REQUIRE(Arimaa::parse_turn_lenient(fen(t3), "cc4n", moves, warnings));
  CHECK(warnings.size() == 1);
  Position q = fen(t3);
  for (Move m : moves) q = play(q, m);
  CHECK(to_fen(q) == "8/8/8/2cr4/3E4/8/8/R7 s 10");
  // ...but a push started on the 4th step stays illegal.
  CHECK_FALSE(Arimaa::parse_turn_lenient(fen(t3), "Ra1n,Ra2n,Ra3n,cc4w", moves, warnings));
}

TEST_CASE("arimaa F10: pull by a piece captured on its own step") {
  const std::string t4 = "7r/8/8/2d5/2H5/8/8/7R g 10";
  CHECK(moves_of(t4) == 242);
  CHECK(seq_of(t4) == 1198);
  CHECK(after(t4, "Hc4s,Hc3x,dc5s") == "7r/8/8/8/2d5/8/8/7R s 10");
  CHECK(after(t4, "Hc4s,dc5s") == "7r/8/8/8/2d5/8/8/7R s 10");
}

TEST_CASE("arimaa F11: frozen pieces cannot push; a friend unfreezes in mid-turn") {
  const std::string t5 = "7r/8/8/3e4/2dH4/8/4R3/8 g 10";
  CHECK(moves_of(t5) == 40);
  CHECK(seq_of(t5) == 99);
  CHECK(perft(fen(t5), 2) == 18395);
  CHECK_FALSE(legal(t5, "dc4w,Hd4w"));
  CHECK_FALSE(legal(t5, "Hd4e"));
  CHECK(after(t5, "Re2n,Re3n,dc4w,Hd4w") == "7r/8/8/3e4/1dH1R3/8/8/8 s 10");
}

TEST_CASE("arimaa F12: goal only at the end of a turn") {
  const std::string t6 = "7r/Re6/8/8/8/8/3R4/8 s 10";
  CHECK(moves_of(t6) == 192);
  CHECK(seq_of(t6) == 1221);
  CHECK(after(t6, "Ra7n,eb7w,ea7s,Ra8s") == "7r/R7/e7/8/8/8/3R4/8 g 11");
  CHECK(result_of("7r/R7/e7/8/8/8/3R4/8 g 11") == Outcome::Ongoing);
  CHECK(after(t6, "Ra7n,eb7w") == "R6r/e7/8/8/8/8/3R4/8 g 11");
  CHECK(result_of("R6r/e7/8/8/8/8/3R4/8 g 11") == Outcome::P1Win);
  CHECK(result_of(after(t6, "Ra7n,eb7w,ea7s")) == Outcome::P1Win);
  CHECK_FALSE(legal(t6, "Ra7n"));
}

TEST_CASE("arimaa F13: elimination in the same turn") {
  const std::string t7 = "7m/8/8/8/3E4/3r1R2/5C2/8 g 10";
  CHECK(moves_of(t7) == 998);
  CHECK(seq_of(t7) == 7580);
  CHECK(after(t7, "rd3w,rc3x,Ed4s,Cf2s,Rf3x") == "7m/8/8/8/8/3E4/8/5C2 s 10");
  CHECK(result_of("7m/8/8/8/8/3E4/8/5C2 s 10") == Outcome::P1Win);
  CHECK(after(t7, "Cf2s,Rf3x,rd3w,Ed4s") == "7m/8/8/8/8/3E4/8/5C2 s 10");
  CHECK(after(t7, "Cf2s") == "7m/8/8/8/3E4/3r4/8/5C2 s 10");
  CHECK(result_of("7m/8/8/8/3E4/3r4/8/5C2 s 10") == Outcome::P2Win);
  CHECK(result_of(after(t7, "rd3w,Ed4s")) == Outcome::P1Win);
}

TEST_CASE("arimaa F14-F17: finished positions") {
  CHECK(result_of("R7/8/8/8/8/8/8/7r s 10") == Outcome::P1Win);
  CHECK(result_of("R7/8/8/8/8/8/8/7r g 10") == Outcome::P2Win);
  CHECK(result_of("R7/8/8/8/8/8/7r/8 g 10") == Outcome::P1Win);
  CHECK(result_of("8/8/8/8/8/8/8/R6r g 10") == Outcome::P2Win);
  CHECK(result_of("7e/8/8/8/8/8/8/R7 s 10") == Outcome::P1Win);
  CHECK(result_of("7e/8/8/8/8/8/8/E7 g 10") == Outcome::P2Win);
  CHECK(result_of("7e/8/8/8/8/8/8/E7 s 10") == Outcome::P1Win);
  CHECK(result_of("r7/Rr6/8/8/8/8/8/8 g 10") == Outcome::P2Win);
  CHECK(result_of("r7/Rr6/8/8/8/8/8/8 s 10") == Outcome::Ongoing);
  CHECK(moves_of("r7/Rr6/8/8/8/8/8/8 s 10") == 47);
  CHECK(seq_of("r7/Rr6/8/8/8/8/8/8 s 10") == 257);
  GameSession<Arimaa> s;
  REQUIRE(s.set_position(std::string_view("r7/Rr6/8/8/8/8/8/8 g 10"), {}));
  CHECK(s.outcome() == Outcome::P2Win);
  CHECK(query_moves(s).empty());
  CHECK(s.perft(1, nullptr) == 0);
  CHECK_FALSE(s.play_move("Ra7e"));
}

TEST_CASE("arimaa F18: lone-piece vectors") {
  CHECK(moves_of("6re/7R/8/8/8/8/8/E7 g 10") == 14);
  CHECK(seq_of("6re/7R/8/8/8/8/8/E7 g 10") == 74);
  CHECK(moves_of("6re/7R/8/8/8/8/E7/8 g 10") == 18);
  CHECK(seq_of("6re/7R/8/8/8/8/E7/8 g 10") == 108);
  CHECK(moves_of("6re/7R/8/8/8/E7/8/8 g 10") == 19);
  CHECK(seq_of("6re/7R/8/8/8/E7/8/8 g 10") == 125);
  CHECK(moves_of("6re/7R/8/8/E7/8/8/8 g 10") == 22);
  CHECK(seq_of("6re/7R/8/8/E7/8/8/8 g 10") == 138);
  const int moves[7] = {14, 14, 12, 14, 13, 9, 8};
  const int seqs[7] = {52, 43, 41, 52, 42, 35, 30};
  for (int k = 1; k <= 7; ++k) {
    // Gold rabbit on a<k>, silver rabbit on h8.
    std::string board;
    for (int r = 8; r >= 1; --r) {
      std::string row = r == 8 ? "7r" : "8";
      if (r == k) row = r == 8 ? "R6r" : "R7";
      board += row + (r > 1 ? "/" : "");
    }
    const std::string f = board + " g 10";
    INFO(f);
    CHECK(moves_of(f) == static_cast<std::uint64_t>(moves[k - 1]));
    CHECK(seq_of(f) == static_cast<std::uint64_t>(seqs[k - 1]));
  }
  CHECK(result_of("R6r/8/8/8/8/8/8/8 g 10") == Outcome::P1Win);
  CHECK(moves_of("R6r/8/8/8/8/8/8/8 g 10") == 0);
  // A raw generator that ignores the end checks.
  CHECK(count_turns(fen("R6r/8/8/8/8/8/8/8 g 10")) == 4);
  CHECK(seq_of("R6r/8/8/8/8/8/8/8 g 10") == 9);
}

TEST_CASE("arimaa F19: middlegame") {
  const std::string f = "1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7";
  CHECK(moves_of(f) == 31932);
  CHECK(seq_of(f) == 549385);
}

TEST_CASE("arimaa F20: repetition") {
  GameSession<Arimaa> s;
  REQUIRE(s.set_position(std::string_view(kP0), {"Ee2n", "ed7s", "Ee3s", "ed6n", "Ee2n", "ed7s", "Ee3s", "ed6n"}));
  CHECK(s.fen() == "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 6");
  CHECK(s.legal_moves().size() == 3352);
  CHECK(s.perft(1, nullptr) == 3352);
  CHECK_FALSE(s.play_move("Ee2n"));
  CHECK_FALSE(s.set_position(std::string_view(kP0),
                             {"Ee2n", "ed7s", "Ee3s", "ed6n", "Ee2n", "ed7s", "Ee3s", "ed6n", "Ee2n"}));
  // From the start, P0 was already counted by Silver's setup.
  REQUIRE(s.set_position(std::nullopt, {kGoldSetup, kSilverSetup, "Ee2n", "ed7s", "Ee3s", "ed6n", "Ee2n", "ed7s", "Ee3s"}));
  CHECK(s.legal_moves().size() == 6330);
  CHECK(moves_of(s.fen()) == 6331);
  CHECK_FALSE(s.play_move("ed6n"));
  CHECK(s.play_move("ed6s"));
}

TEST_CASE("arimaa F21: invalid and valid FENs") {
  for (const char* bad : {"8/8/8/8/8/8/8/8 g 0", "8/8/8/8/8/8/8/8 x 1", "8/8/8/8/8/8/8 g 5", "9/8/8/8/8/8/8/8 g 5",
                          "8/8/8/8/8/8/8/44 g 3", "8/8/8/8/8/8/8/7X g 3", "8/8/8/8/8/8/8/8 g", "EE6/8/8/8/8/8/8/R6r g 5",
                          "8/8/8/8/8/2R5/8/7r g 5", "8/8/8/8/8/8/8/R7 g 1", "8/8/8/8/8/8/HDCMECDH/RRRRRRR1 s 1",
                          "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR s 1", "8/8/8/8/8/8/8/8 g 1234567890",
                          "8/8/8/8/8/8/8/8 g -1", "8/8/8/8/8/8/8/8 g 1 x", "8/8/8/8/ 8/8/8/8 g 1"}) {
    Position p;
    CHECK_MESSAGE(!parse_fen(bad, p), bad);
  }
  CHECK(to_fen(fen("8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1")) == "8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1");
  CHECK(to_fen(fen("  rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR   G  02 ")) == kP0);
  CHECK(to_fen(fen("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR\tb\t7")) ==
        "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR s 7");
  // Supported pieces may stand on traps; finished positions are valid FENs.
  CHECK(to_fen(fen("1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7")) ==
        "1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7");
  CHECK(to_fen(fen("R7/8/8/8/8/8/8/7r s 10")) == "R7/8/8/8/8/8/8/7r s 10");
}

TEST_CASE("arimaa rules: malformed and illegal tokens") {
  const std::string t3 = "8/8/8/3r4/2cE4/8/8/R7 g 10";
  for (const char* bad : {"", ",Ed4e", "Ed4e,", "Ed4e,,cc4e", "Xd4e", "Ei4e", "Ed9e", "Ed4q", "Ed4ee", "Ra1w",
                          "Ra1s", "Ed4e,cc4e,Ee4w,cd4w,Ed4e", "cc4x", "2g", "resigns", "Ed4e cc4e"}) {
    CHECK_MESSAGE(!legal(t3, bad), bad);
  }
  // A silver rabbit never steps north on its own; a gold one never south.
  CHECK_FALSE(legal("8/8/8/8/8/8/8/r6R s 10", "ra1n"));
  CHECK(legal("8/8/8/8/8/8/r7/7R s 10", "ra2s"));
  CHECK_FALSE(legal("8/8/8/8/8/R7/8/7r g 10", "Ra3s"));
  // Equal strength never pushes.
  CHECK_FALSE(legal("8/8/8/3h4/3H4/8/8/R6r g 10", "hd5n,Hd4n"));
  CHECK(legal("8/8/8/3h4/3M4/8/8/R6r g 10", "hd5n,Md4n"));
  // Captured pieces leave at once: a cat stepping onto an unsupported trap.
  CHECK(after("8/8/8/8/8/8/2C5/R6r g 10", "Cc2n") == "8/8/8/8/8/8/8/R6r s 10");
  // Capture items are optional and skipped without checking.
  CHECK(after("8/8/8/8/8/8/2C5/R6r g 10", "Cc2n,Cc3x") == "8/8/8/8/8/8/8/R6r s 10");
  CHECK(after("8/8/8/8/8/8/2C5/R6r g 10", "Cc2n,Ra1x") == "8/8/8/8/8/8/8/R6r s 10");
}

TEST_CASE("arimaa: step keys cover the turn state") {
  const Position p0 = fen(kP0);
  Move list[kMaxMoves];
  // The same board reached by two step orders: same key; different pull
  // options or step counts: different keys.
  const Position a = play(play(p0, Move::step(12, kNorth)), Move::step(9, kNorth));  // e2n, b2n
  const Position b = play(play(p0, Move::step(9, kNorth)), Move::step(12, kNorth));  // b2n, e2n
  CHECK(a.same_board(b));
  CHECK(Arimaa::key(a) != Arimaa::key(b));  // pull options differ (b2 dog vs e2 elephant)
  CHECK(Arimaa::repetition_key(play(a, Move::pass())) == Arimaa::repetition_key(play(b, Move::pass())));
  CHECK(Arimaa::key(play(a, Move::pass())) == Arimaa::key(play(b, Move::pass())));
  // A board equal to the start after two steps cannot end the turn.
  const Position back = play(play(p0, Move::step(12, kNorth)), Move::step(20, kSouth));
  CHECK(back.same_board(p0));
  const int n = generate_moves(back, list);
  CHECK(std::none_of(list, list + n, [](Move m) { return m.is_pass(); }));
  CHECK(Arimaa::key(back) != Arimaa::key(p0));
}

TEST_CASE("arimaa: one step's legality is the move list's") {
  // Random games from a standard setup (pushes pending, pull options, 4th
  // steps that would restore the turn's start): for every step code,
  // is_legal_step agrees with generate_moves.
  std::uint64_t seed = 0x5EED1E6A1ULL;
  auto next = [&seed] {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    return seed;
  };
  int positions = 0, legal = 0, pushes = 0, pulls = 0, fourth = 0, frozen_seen = 0;
  std::string first_mismatch;
  for (int game = 0; game < 20; ++game) {
    Position p = fen("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2");
    for (int ply = 0; ply < 300; ++ply) {
      Move moves[kMaxMoves];
      const int n = generate_moves(p, moves);
      if (n == 0 || Arimaa::outcome(p) != Outcome::Ongoing) break;
      ++positions;
      pushes += p.push_sq != kNoSquare;
      pulls += p.pull_sq != kNoSquare;
      fourth += p.steps == 3;
      for (int code = 1; code <= 256; ++code) {
        const Move m{static_cast<std::uint16_t>(code)};
        const bool listed = std::find(moves, moves + n, m) != moves + n;
        if (is_legal_step(p, m) != listed && first_mismatch.empty())
          first_mismatch = to_fen(p) + " steps " + std::to_string(p.steps) + " code " + std::to_string(code);
        legal += listed;
      }
      // frozen_at, which is_legal_step asks, is frozen() for one square.
      for (int c = 0; c < 2; ++c) {
        const Bitboard fr = frozen(p, c);
        frozen_seen += popcount(fr);
        for (Bitboard b = p.color[c]; b; b &= b - 1)
          if (frozen_at(p, c, lsb(b)) != ((fr & (b & -b)) != 0) && first_mismatch.empty())
            first_mismatch = to_fen(p) + " frozen_at " + std::to_string(lsb(b));
      }
      p = play(p, moves[next() % static_cast<std::uint64_t>(n)]);
    }
  }
  CHECK_MESSAGE(first_mismatch.empty(), first_mismatch);
  CHECK(positions > 3000);
  CHECK(pushes > 100);
  CHECK(pulls > 500);
  CHECK(fourth > 500);
  CHECK(legal > 50000);
  CHECK(frozen_seen > 1000);
  CHECK_FALSE(is_legal_step(fen("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"), Move::pass()));
}

TEST_CASE("arimaa: ending a turn early costs the search its unplayed steps") {
  // Every turn costs 4 plies of depth, however many steps it has.
  Position p = fen("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2");
  const Move step = Move::step(8, kNorth);  // Ha2n
  CHECK(Arimaa::depth_cost(p, step) == 1);
  for (int used = 1; used <= 3; ++used) {
    p = play(p, Move::step(8 + 8 * (used - 1), kNorth));
    REQUIRE(int(p.steps) == used);
    CHECK(Arimaa::depth_cost(p, Move::pass()) == 4 - used);
    CHECK(used + Arimaa::depth_cost(p, Move::pass()) == 4);
  }
}

TEST_CASE("arimaa: the setup book") {
  std::ifstream f(std::string(LUDUS_SOURCE_DIR) + "/book/arimaa/setups.txt");
  REQUIRE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  std::vector<Setup> file;
  std::string error;
  REQUIRE_MESSAGE(parse_setup_book(ss.str(), file, error), error);
  const auto builtin = builtin_setups();
  REQUIRE(file.size() == builtin.size());
  for (std::size_t i = 0; i < file.size(); ++i)
    for (std::size_t k = 0; k < 16; ++k) {
      CHECK(file[i].pieces[k].type == builtin[i].pieces[k].type);
      CHECK(file[i].pieces[k].sq == builtin[i].pieces[k].sq);
    }
  // Every candidate is a legal setup, for both sides, and never puts the
  // elephant on an edge file.
  GameSession<Arimaa> s;
  const auto gold = s.legal_moves();
  CHECK(gold.size() == book_setups().size());
  for (const auto& t : gold) {
    CHECK(legal("8/8/8/8/8/8/8/8 g 1", t));
    const Position p = fen(after("8/8/8/8/8/8/8/8 g 1", t));
    CHECK_FALSE((p.pieces(kGold, kElephant) & (kFileA | kFileH)));
    REQUIRE(s.set_position(std::nullopt, {t}));
    for (const auto& u : s.legal_moves()) CHECK(legal(s.fen(), u));
  }
  CHECK(Arimaa::moves_note(fen("8/8/8/8/8/8/8/8 g 1")) ==
        "setup phase: any arrangement is legal (64864800 setups), listing candidates only");
  CHECK(Arimaa::moves_note(fen(kP0)).empty());
}

TEST_CASE("arimaa: Silver's book setup keeps its camel away from Gold's elephant (ludus evaluation only)") {
  // Gold's elephant on d2 (west half) and on e2 (east half).
  const char* golds[] = {"8/8/8/8/8/8/RRCEMCRR/RRDHHDRR s 1", "8/8/8/8/8/8/RRCMECRR/RRDHHDRR s 1"};
  for (const char* g : golds) {
    const Position p = fen(g);
    const bool elephant_west = file_of(lsb(p.pieces(kGold, kElephant))) < 4;
    int seed_facing = 0, seed_away = 0;
    for (std::uint64_t r = 0; r < 64; ++r) {
      for (const auto evaluator : {Arimaa::Config::Ludus, Arimaa::Config::Seed}) {
        Arimaa::Config cfg;
        cfg.evaluator = evaluator;
        std::vector<Move> turn;
        REQUIRE(Arimaa::book_turn(p, cfg, r, turn));
        REQUIRE(turn.size() == 1);
        const Position q = play(p, turn[0]);
        REQUIRE_FALSE(q.setup_phase());
        const bool camel_west = file_of(lsb(q.pieces(kSilver, kCamel))) < 4;
        if (evaluator == Arimaa::Config::Ludus) CHECK(camel_west != elephant_west);
        else ++(camel_west == elephant_west ? seed_facing : seed_away);
      }
    }
    // The baseline still chooses among all book setups: both kinds occur.
    CHECK(seed_facing > 0);
    CHECK(seed_away > 0);
  }
  // Gold's own setup: with the ludus evaluation always the elephant on the
  // east half (files e-h), with the seed's both halves.
  const Position start = fen("8/8/8/8/8/8/8/8 g 1");
  for (const auto evaluator : {Arimaa::Config::Ludus, Arimaa::Config::Seed}) {
    Arimaa::Config cfg;
    cfg.evaluator = evaluator;
    int west = 0, east = 0;
    std::set<std::string> setups;
    for (std::uint64_t r = 0; r < 64; ++r) {
      std::vector<Move> turn;
      REQUIRE(Arimaa::book_turn(start, cfg, r, turn));
      const Position q = play(start, turn[0]);
      ++(file_of(lsb(q.pieces(kGold, kElephant))) < 4 ? west : east);
      setups.insert(to_fen(q));
    }
    CHECK(east > 0);
    CHECK(setups.size() > 1);  // still a choice among several
    if (evaluator == Arimaa::Config::Ludus) CHECK(west == 0);
    else CHECK(west > 0);
  }
}

TEST_CASE("arimaa: goal detection") {
  // A rabbit on rank 7 with an open square ahead: goal in one step.
  Position p = fen("8/R7/8/8/8/8/8/7r g 10");
  CHECK(goal_steps(p, 4) == 1);
  CHECK(goal_win_plies(p) == 2);  // the step and the end of the turn
  // Four steps straight up.
  CHECK(goal_steps(fen("8/8/8/8/R7/8/8/7r g 10"), 4) == 4);
  CHECK(goal_win_plies(fen("8/8/8/8/R7/8/8/7r g 10")) == 4);
  CHECK(goal_steps(fen("8/8/8/8/8/R7/8/7r g 10"), 4) == -1);
  // Blocked by an equal rabbit: step aside, then up.
  CHECK(goal_steps(fen("r7/R7/8/8/8/8/8/7r g 10"), 4) == 2);
  // Frozen and hemmed in: no goal.
  CHECK(goal_steps(fen("e7/Rh6/8/8/8/8/8/7r g 10"), 4) == -1);
  // Frozen, but a friend can come next to it first.
  CHECK(goal_steps(fen("8/Re6/8/M7/8/8/8/7r g 10"), 4) == 2);
  // Blocked two rows ahead: the way round (b5, b6, b7, b8) still counts
  // (the path-cost bound of goal.cpp must not exclude it).
  CHECK(goal_steps(fen("8/r7/r7/R7/8/8/8/7r g 10"), 4) == 4);
  CHECK(goal_steps(fen("8/8/r7/R7/8/8/8/7r g 10"), 4) == 4);
  CHECK(goal_steps(fen("8/2r5/r7/R7/8/8/8/7r g 10"), 4) == 4);
  // Enemy rabbits on a6 and b7: every way costs five steps or more.
  CHECK(goal_steps(fen("8/1r6/r7/R7/8/8/8/7r g 10"), 4) == -1);
  CHECK(goal_steps(fen("8/1r6/rr6/R7/8/8/8/7r g 10"), 4) == -1);
  // A friend in the way steps aside: one step for it, three for the rabbit.
  CHECK(goal_steps(fen("8/8/C7/R7/8/8/8/7r g 10"), 4) == 4);
  // The opponent's threat for its next turn.
  CHECK(opponent_goal_threat(fen("8/R7/8/8/8/8/8/7r s 10")) == 1);
  CHECK(opponent_goal_threat(fen("8/8/8/8/8/8/8/R6r s 10")) == -1);
  // Every reported goal is real: replaying the search confirms it.
  GameSession<Arimaa> s;
  REQUIRE(s.set_position(std::string_view("8/R7/8/8/8/8/8/7r g 10"), {}));
}

TEST_CASE("arimaa: can the side to move stop the opponent's goal threat") {
  // Silver's rabbit a2 steps to a1 next turn; Gold's cat b1 steps into a1.
  int budget = 1000;
  const Position block = fen("8/8/8/8/8/8/r7/1C5R g 10");
  REQUIRE(opponent_goal_threat(block) == 1);
  CHECK(can_stop_goal_threat(block, budget));
  // Nothing of Gold's is near: the rabbit walks in.
  budget = 1000;
  const Position far = fen("7R/8/8/8/8/8/r7/8 g 10");
  REQUIRE(opponent_goal_threat(far) == 1);
  CHECK_FALSE(can_stop_goal_threat(far, budget));
  CHECK(budget >= 0);
  // With one step left Gold's cat d2 cannot get beside the rabbit (to
  // freeze it) or onto a1; with two it freezes it from b2.
  budget = 1000;
  Position late = fen("8/8/8/8/8/8/r2C4/7R g 10");
  late.steps = 3;
  CHECK_FALSE(can_stop_goal_threat(late, budget));
  late.steps = 2;
  budget = 1000;
  CHECK(can_stop_goal_threat(late, budget));
  // A lost game (ludus against the seed): Silver's rabbit g3 and
  // elephant g2 score next turn whatever Gold does (the search proves
  // `mate -4` at depth 8).
  const Position lost = fen("8/8/rc4cr/Rrd1E3/1R1C3R/6r1/5De1/6H1 g 47");
  REQUIRE(opponent_goal_threat(lost) > 0);
  // An exhausted budget answers "stoppable": no unproven loss is claimed.
  budget = 0;
  CHECK(can_stop_goal_threat(lost, budget));
  budget = 1000;
  CHECK_FALSE(can_stop_goal_threat(lost, budget));
  CHECK(budget >= 0);
  // Unstoppable threats whose proof takes more than `too_few` nodes of the
  // defence search and at most `enough`: out of budget the search answers
  // "stoppable"; the evaluation's budget sees the loss.
  auto proof_needs = [](const Position& p, int too_few, int enough) {
    REQUIRE(opponent_goal_threat(p) > 0);
    int nodes = too_few;
    CHECK(can_stop_goal_threat(p, nodes));
    CHECK(nodes < 0);
    nodes = enough;
    CHECK_FALSE(can_stop_goal_threat(p, nodes));
    CHECK(nodes >= 0);
    const auto lines = eval_lines(p);
    CHECK(std::find(lines.begin(), lines.end(), "goal -2000") != lines.end());
  };
  // Another (a seed-match game, Gold to move at turn 23): Silver's
  // elephant e1 pulls Gold's rabbit d1 aside and the rabbit
  // d2 steps in; Silver's pieces crowd Gold's home.
  proof_needs(fen("5r2/2crrc2/4E1d1/5Rrr/5DH1/rD1m2RR/RRRr1M2/3ReC2 g 23"), 1000, 10000);
  // A third (a seed-match game, Gold to move at turn 34, a turn after
  // ludus's search stood at +466): Silver's elephant b2 pulls Gold's
  // rabbit a2 aside and the rabbit a3 runs in. With 10,000 nodes a turn
  // earlier the evaluation scored the threat as stoppable. The proof takes
  // 16,458 nodes because the search leaves out last steps that change
  // nothing a scoring goal sequence reads (57,988 with them).
  proof_needs(fen("2c5/2d1Rc2/r2r1rC1/4r3/1r1d1H1r/r1RRE1r1/ReH3DR/6R1 g 34"), 10000, 20000);
  // Defences that take the whole turn (boards that `go depth 7` meets on
  // positions from lost games; Gold's rabbit h7 is one step from its goal,
  // the silver rabbit h8 in its way). The steps that change what Gold's
  // goal sequence reads are tried first: the defence is found within
  // 30,000 nodes; with the steps on the rabbits' ways first it needs more.
  // A fresh thread, so that no remembered answer of the defence search
  // shortens it.
  for (const char* f : {"5c1r/1rr1rE1R/rd2crr1/2R1d2R/r1e3M1/RH6/1RD2DR1/R1C2C2 s 22",
                        "4cE1r/1rr1r1rR/rd2cr2/2R1d1R1/r1e3M1/RH6/1RD2DR1/R1C2C2 s 22"}) {
    const Position p = fen(f);
    REQUIRE(opponent_goal_threat(p) > 0);
    bool stoppable = false;
    int nodes = 30000;
    on_fresh_thread([&] { stoppable = can_stop_goal_threat(p, nodes); });
    INFO(f);
    CHECK(stoppable);
    CHECK(nodes >= 0);  // found, not an exhausted budget's "stoppable"
  }
}

namespace {
// Whether some sequence of at most `d` steps of the side to move (the rest
// of its turn) reaches a board where `good(board, ended)` holds: `ended`
// when the 4th step ended the turn, else where the turn may end (a step
// played, no push pending, the board changed).
template <class Good>
bool some_steps_reach(const Position& p, int d, const Good& good) {
  if (p.steps > 0 && p.push_sq == kNoSquare && p.hash != p.start_hash && good(p, false)) return true;
  if (d == 0) return false;
  Move moves[kMaxMoves];
  const int n = generate_moves(p, moves);
  for (int i = 0; i < n; ++i) {
    if (!moves[i].is_step()) continue;
    const Position c = play(p, moves[i]);
    if (c.side != p.side) {
      if (good(c, true)) return true;
      continue;
    }
    if (some_steps_reach(c, d - 1, good)) return true;
  }
  return false;
}

// Every sequence of at most `d` steps of the side to move: can it end its
// turn on a board where the opponent has no goal in its next turn?
bool exhaustive_stop(const Position& p, int d) {
  return some_steps_reach(p, d, [](const Position& b, bool ended) {
    return ended ? goal_steps(b, 4) < 0 : opponent_goal_threat(b) < 0;
  });
}

// Every sequence of at most `d` steps of the side to move: can one of its
// rabbits stand on its goal row when the turn may end?
bool exhaustive_goal(const Position& p, int d) {
  const int us = p.side;
  return some_steps_reach(p, d, [us](const Position& b, bool) {
    return (b.color[us] & b.type[kRabbit] & kGoalRow[us]) != 0;
  });
}

// Calls visit(p) at every position of up to `games` random games (uniform
// legal steps, an xorshift generator from `seed`) from kP0 (both setups),
// each of at most `plies` steps, while visit returns true.
template <class Visit>
void along_random_games(std::uint64_t seed, int games, int plies, Visit&& visit) {
  auto next = [&seed] {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    return seed;
  };
  for (int game = 0; game < games; ++game) {
    Position p = fen(kP0);
    for (int ply = 0; ply < plies; ++ply) {
      Move moves[kMaxMoves];
      const int n = generate_moves(p, moves);
      if (n == 0 || Arimaa::outcome(p) != Outcome::Ongoing) break;
      if (!visit(static_cast<const Position&>(p))) return;
      p = play(p, moves[next() % static_cast<std::uint64_t>(n)]);
    }
  }
}
}  // namespace

TEST_CASE("arimaa: an unstoppable goal threat is confirmed by an exhaustive search") {
  // Random games from a standard setup; wherever the opponent threatens a
  // goal and the side to move has one or two steps left, the detector's
  // "no defence" must hold for every step sequence.
  int threats = 0, unstoppable = 0, agree = 0;
  along_random_games(0x60A1D3F5ULL, 60, 400, [&](const Position& p) {
    if (p.steps >= 2 && p.push_sq == kNoSquare && p.pull_sq == kNoSquare && opponent_goal_threat(p) > 0) {
      ++threats;
      int budget = 1000;
      const bool stop = can_stop_goal_threat(p, budget);
      const bool exact = exhaustive_stop(p, 4 - p.steps);
      INFO(to_fen(p) << " steps " << int(p.steps));
      if (!stop) CHECK_FALSE(exact);
      unstoppable += !exact;
      agree += stop == exact;
    }
    return threats < 150;
  });
  INFO("threats " << threats << ", unstoppable " << unstoppable << ", agreeing " << agree);
  CHECK(threats >= 40);
  CHECK(unstoppable >= 5);
  CHECK(agree * 10 >= threats * 9);
}

TEST_CASE("arimaa: the goal detector finds every goal of up to three steps") {
  // An enemy piece in the way leaves it only when dragged: two steps, or
  // one when a pull is begun beside it. Gold's rabbit e6, Silver's cat e7
  // in its way, Gold's dog d7 and cat f7: the dog steps to d6, the cat e7
  // follows it to d7 (a pull), the rabbit runs e7 (the cat f7 keeps it
  // unfrozen), e8: four steps.
  const Position drag = fen("8/3DcC2/4R3/8/8/8/8/7r g 10");
  CHECK(goal_steps(drag, 4) == 4);
  CHECK(goal_steps(drag, 3) == -1);
  CHECK_FALSE(exhaustive_goal(drag, 3));
  // The dog's step played, the pull begun: three steps still score.
  const Position begun = play(drag, Move::step(51, kSouth));
  REQUIRE(begun.pull_sq == 51);
  CHECK(goal_steps(begun, 3) == 3);
  // Silver's elephant in the way instead: nothing drags it.
  const Position wall = fen("8/3EeC2/4R3/8/8/8/8/7r g 10");
  CHECK(goal_steps(wall, 4) == -1);
  CHECK_FALSE(exhaustive_goal(wall, 4));
  // Random games: wherever the side to move has a rabbit within three rows
  // of its goal, the detector and an exhaustive search of the steps left
  // (at most three) agree.
  int checked = 0, goals = 0;
  along_random_games(0x5EED60A1ULL, 40, 500, [&](const Position& p) {
    const int d = std::min(3, 4 - static_cast<int>(p.steps));
    Bitboard near = 0;
    for (int r = 0; r <= d; ++r) near |= rank_bb(p.side == kGold ? 7 - r : r);
    if (p.color[p.side] & p.type[kRabbit] & near) {
      ++checked;
      const bool exact = exhaustive_goal(p, d);
      INFO(to_fen(p) << " steps " << int(p.steps) << " pull " << int(p.pull_sq) << " push " << int(p.push_sq));
      CHECK((goal_steps(p, d) >= 0) == exact);
      goals += exact;
    }
    return checked < 1500;
  });
  INFO("checked " << checked << ", goals " << goals);
  CHECK(checked >= 500);
  CHECK(goals >= 50);
}

TEST_CASE("arimaa: the no-goal mark lives for one turn") {
  // Gold (R on a3) cannot goal this turn; Silver (r on h2) can goal next turn.
  const Position p = fen("8/8/8/8/8/R7/7r/8 g 10");
  CHECK(p.no_goal_this_turn == 0);
  CHECK(goal_win_plies(p) == 0);
  CHECK(p.no_goal_this_turn == 1);  // remembered on the node
  Position q = play(p, Move::step(16, kNorth));  // Ra3n: the later steps inherit it
  CHECK(q.no_goal_this_turn == 1);
  CHECK(goal_win_plies(q) == 0);
  q = play(q, Move::pass());  // a new turn: Silver's goal is found
  CHECK(q.no_goal_this_turn == 0);
  CHECK(goal_win_plies(q) == 2);  // rh2s and the end of the turn
  // The mark is a cache, not state: keys, hashes and FENs ignore it.
  Position r = fen("8/8/8/8/8/R7/7r/8 g 10");
  CHECK(Arimaa::key(r) == Arimaa::key(p));
  CHECK(to_fen(r) == to_fen(p));
}

TEST_CASE("arimaa: cached evaluations equal fresh ones") {
  // The evaluation cache is keyed by board, side and steps used: the same
  // board after other step orders gives the same score, and a score read
  // from the cache equals the one computed by a fresh evaluation (the
  // terms of eval_lines add up to it).
  const std::string t3 = "8/8/8/3r4/2cE4/8/8/R7 g 10";
  Position a = fen(t3), b = fen(t3);
  for (const char* tok : {"Ra1n", "Ed4s"}) {
    std::vector<Move> m;
    REQUIRE(parse_turn(a, tok, m));
    a = play(a, m[0]);
  }
  for (const char* tok : {"Ed4s", "Ra1n"}) {
    std::vector<Move> m;
    REQUIRE(parse_turn(b, tok, m));
    b = play(b, m[0]);
  }
  REQUIRE(a.same_board(b));
  CHECK(a.steps == b.steps);
  CHECK(evaluate(a) == evaluate(b));
  // The sum of the terms, computed afresh.
  auto terms = [](const Position& x) {
    const auto lines = eval_lines(x);
    int sum = 0;
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) sum += std::stoi(lines[i].substr(lines[i].find(' ') + 1));
    return sum;
  };
  for (const std::string& f :
       {t3, std::string(kP0), std::string("1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7"),
        std::string("8/R7/8/8/8/8/8/7r s 10")}) {
    const Position x = fen(f);
    const Score first = evaluate(x), second = evaluate(x);
    CHECK(first == second);
    CHECK(terms(x) == first);
    // Another step count on the same board is another entry: the
    // goal-threat term depends on it (Gold's R on a7 threatens in the last FEN).
    Position y = x;
    y.steps = 2;
    CHECK(evaluate(y) == terms(y));
  }
  // Silver's cat c8 stops Gold's rabbit a7 by freezing it from b7 (two
  // steps): with fewer steps left the threat weighs more.
  Position threat = fen("2c5/R7/8/8/8/8/8/7r s 10"), later = threat;
  later.steps = 2;
  CHECK(evaluate(later) < evaluate(threat));
  // With nothing to stop it, the threat counts as a lost game (2000).
  const auto lines = eval_lines(fen("8/R7/8/8/8/8/8/7r s 10"));
  CHECK(std::find(lines.begin(), lines.end(), "goal -2000") != lines.end());
}

// Middlegame boards and a goal threat: the starts of the lazy-evaluation
// tests' playouts.
constexpr const char* kLazyEvalStarts[] = {
    "2dr1c2/2c2drr/rr1h2rr/5h1R/1RH1ReH1/1r1EM2R/1C2D3/R1DR1C1R g 14",
    "1r3r2/rhr1rc2/RMcm2d1/RdH2h2/ReE2H1r/3R3r/2D2DRR/2C1RC1R s 15",
    "2c2c2/rrde1d2/rhHEr1rr/R1m4r/RD2rH1R/RRCMD1hR/5CR1/8 s 17",
    "1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7",
    "2c1e3/R1h2d2/1r6/8/3E4/8/1h6/7r s 10"};

// Calls visit(p, k) on the first `plies` positions of a step-by-step
// playout from each start (the k-th position is followed by its legal step
// numbered stride * k, modulo their count), while the game goes on.
template <class Visit>
void along_playouts(int plies, int stride, Visit&& visit) {
  for (const char* start : kLazyEvalStarts) {
    Position p = fen(start);
    for (int k = 0; k < plies && outcome(p) == Outcome::Ongoing; ++k) {
      Move moves[kMaxMoves];
      const int n = generate_moves(p, moves);
      if (n == 0) break;
      visit(static_cast<const Position&>(p), k);
      p = play(p, moves[(stride * k) % n]);
    }
  }
}

TEST_CASE("arimaa: the lazy evaluation is exact inside its window and a bound on the right side outside it") {
  // Positions along step-by-step playouts (every 7th legal step) from
  // middlegame boards and from a goal threat, evaluated lazily first (a
  // cached full score would answer every window) and then in full.
  int checked = 0, skipped_captures = 0, skipped_goal = 0;
  along_playouts(40, 7, [&](const Position& p, int k) {
    if (k % 2 == 0) {
      // A window holding every score: exact, uncached.
      const Score wide = evaluate_within(p, -20001, 20001);
      CHECK(wide == evaluate(p));
    } else {
      // Windows entirely below and entirely above every score: a lower
      // and an upper bound, each between the window and the full score.
      const Score lower = evaluate_within(p, -20001, -20000);
      const Score upper = evaluate_within(p, 20000, 20001);
      const Score full = evaluate(p);
      CHECK(lower >= -20000);
      CHECK(lower <= full);
      CHECK(upper <= 20000);
      CHECK(upper >= full);
      if (lower < full) ++skipped_captures;  // the capture term was left out
      if (upper > full) ++skipped_goal;      // the opponent's threats were left out
    }
    const Score full = evaluate(p);
    // Cached now: the exact score answers every window.
    CHECK(evaluate_within(p, static_cast<Score>(full - 1), static_cast<Score>(full + 1)) == full);
    CHECK(evaluate_within(p, full, static_cast<Score>(full + 1)) == full);
    CHECK(evaluate_within(p, -20001, -20000) == full);
    ++checked;
  });
  CHECK(checked > 100);
  CHECK(skipped_captures > 0);  // some positions had a capture a lower bound left out
  CHECK(skipped_goal > 0);      // and some an opponent's threat an upper bound left out
}

TEST_CASE("arimaa: a board evaluated again under another window scores as if evaluated afresh") {
  // The evaluation keeps the groups of terms each board's lazy evaluations
  // computed (bounds included) and reuses them for the same board under
  // another window. Along playouts, each board is evaluated on a fresh
  // thread under window A, then B (the reuse), and B is compared with B
  // alone on another fresh thread (nothing to reuse). The windows lie below
  // or above every score, so neither first call is exact (an exact score
  // would be answered from the exact-score cache instead).
  const Score low[2] = {-20001, -20000}, high[2] = {20000, 20001};
  int checked = 0, differed = 0;
  along_playouts(30, 5, [&](const Position& p, int) {
    for (int order = 0; order < 2; ++order) {
      const Score* first = order == 0 ? low : high;
      const Score* second = order == 0 ? high : low;
      Score reused = 0, fresh = 0, bound_first = 0;
      on_fresh_thread([&] {
        bound_first = evaluate_within(p, first[0], first[1]);
        reused = evaluate_within(p, second[0], second[1]);
      });
      on_fresh_thread([&] { fresh = evaluate_within(p, second[0], second[1]); });
      CHECK(reused == fresh);
      differed += bound_first != fresh;
      ++checked;
    }
    // And the exact score, built from the groups, is the sum of the terms
    // the `eval` command lists (computed in full, no groups).
    Score exact = 0;
    on_fresh_thread([&] { exact = evaluate(p); });
    int sum = 0;
    for (const std::string& line : eval_lines(p)) {
      const auto space = line.rfind(' ');
      if (line.rfind("ludus", 0) != 0 && line.rfind("total", 0) != 0) sum += std::stoi(line.substr(space + 1));
    }
    CHECK(exact == std::clamp(sum, -20000, 20000));
  });
  CHECK(checked > 100);
  CHECK(differed > 0);  // the two windows gave two different bounds: both were partial
}

TEST_CASE("arimaa: an own piece on a trap whose last supporter can be dragged away") {
  // Gold's elephant on c6 held by the rabbit on b6 alone; Silver's cat on
  // b7 can push that rabbit to a6 (two steps): with Silver to move the
  // elephant is nearly lost (the danger term counts 7/10 of 800). The same
  // cat far away on h7 threatens nothing.
  const Position threatened = fen("8/1c6/1RE5/8/8/8/8/r6R s 10");
  const Position safe = fen("8/7c/1RE5/8/8/8/8/r6R s 10");
  const int silver_gap = arimaa::evaluate(threatened) - arimaa::evaluate(safe);  // Silver's view
  CHECK(silver_gap >= 500);
  // With Gold to move the elephant can step off: a smaller penalty (the
  // danger term's 1/6 and the threats term's 3/10 of what Silver would
  // capture were Gold to pass).
  const Position gold_threatened = fen("8/1c6/1RE5/8/8/8/8/r6R g 10");
  const Position gold_safe = fen("8/7c/1RE5/8/8/8/8/r6R g 10");
  const int gold_gap = arimaa::evaluate(gold_safe) - arimaa::evaluate(gold_threatened);
  CHECK(gold_gap > 0);
  CHECK(gold_gap < silver_gap - 100);
}

namespace {
// A weighted term of the evaluation, as `eval` prints it, by name.
int eval_term(const Position& p, const std::string& name) {
  for (const std::string& line : eval_lines(p))
    if (line.rfind(name + " ", 0) == 0) return std::stoi(line.substr(name.size() + 1));
  FAIL("no term " << name);
  return 0;
}
int eval_term(const std::string& f, const std::string& name) { return eval_term(fen(f), name); }
}  // namespace

TEST_CASE("arimaa: a stoppable goal threat costs 375, 180 a step spent and 30 a step the goal needs fewer than four") {
  // Gold's rabbit a7 goals in one step next turn; Silver's cat c8 can stop
  // it (from b7 it freezes the rabbit), so the threat is stoppable.
  CHECK(eval_term("2c5/R7/8/8/8/8/8/7r s 10", "goal") == -(375 + 30 * 3));
  // The rabbit on a6 needs two steps.
  CHECK(eval_term("2c5/8/R7/8/8/8/8/7r s 10", "goal") == -(375 + 30 * 2));
  // Two of Silver's steps already spent: two left to stop it.
  Position later = fen("2c5/R7/8/8/8/8/8/7r s 10");
  later.steps = 2;
  CHECK(eval_term(later, "goal") == -(375 + 180 * 2 + 30 * 3));
}

TEST_CASE("arimaa: a trap's last supporter, a stronger enemy up to two steps from it") {
  // Gold's elephant on c6 kept by the rabbit on b6 alone. Silver's cat on
  // a8 reaches b7 in two steps and pushes the rabbit off in two more: with
  // Silver to move the elephant counts half lost (400 of 800).
  CHECK(eval_term("c7/8/1RE5/8/8/8/8/r6R s 10", "danger") == 400);
  // The cat on h8 is too far, and a cat on c1 as well: 1/20 only.
  CHECK(eval_term("7c/8/1RE5/8/8/8/8/r6R s 10", "danger") == 40);
  CHECK(eval_term("8/8/1RE5/8/8/8/8/r1c4R s 10", "danger") == 40);
  // Gold to move steps the elephant off the trap: 1/20 only.
  CHECK(eval_term("c7/8/1RE5/8/8/8/8/r6R g 10", "danger") == -40);
}

TEST_CASE("arimaa: the first step of a pull that can capture is not quiet (never pruned)") {
  // Gold's camel on b4 beside Silver's rabbit on b3, which keeps Silver's
  // elephant alive on the trap c3: Mb4n and the pull rb3n capture it. The
  // camel's step is searched even where quiet steps are pruned.
  const Position p = fen("8/8/8/8/1M6/1re5/8/7r g 10");
  CHECK(!Arimaa::is_quiet(p, Move::step(25, kNorth)));  // Mb4n: the pull's first step
  CHECK(!Arimaa::is_quiet(p, Move::step(25, kWest)));   // Mb4w: the rabbit may follow too
  // Away from every trap the same step is quiet.
  const Position far = fen("8/8/8/8/8/8/6M1/6r1 g 10");
  CHECK(Arimaa::is_quiet(far, Move::step(14, kNorth)));  // Mg2n beside the rabbit on g1
}

TEST_CASE("arimaa: the opponent's capture threat for its next turn") {
  // Gold's cat on c7 beside Silver's trap c6, Silver's dog on d7: were
  // Gold to pass, Silver would push the cat onto c6 (two steps) and
  // capture it, so 3/10 of the cat (150) counts against Gold.
  CHECK(eval_term("7r/2Cd4/8/8/8/8/8/R7 g 10", "threats") == -45);
  // The cat's threat is Silver's, not Gold's: nothing threatens Silver.
  CHECK(eval_term("7r/2Cd4/8/8/8/8/8/R7 s 10", "threats") == 0);
  // A Gold dog on b6 supports c6: the cat pushed there survives.
  CHECK(eval_term("7r/2Cd4/1D6/8/8/8/8/R7 g 10", "threats") == 0);
  // The dog far away (h4): no capture within Silver's four steps.
  CHECK(eval_term("7r/2C5/8/8/7d/8/8/R7 g 10", "threats") == 0);
  // A push after an approach, which the danger term's patterns do not
  // see: Silver's camel on h6 comes to g7 beside Gold's horse on f7 (two
  // steps) and pushes it onto the trap f6 (two more): 3/10 of 300.
  CHECK(eval_term("7r/5H2/7m/8/8/8/8/R7 g 10", "threats") == -90);
  // Steps of the turn already spent leave fewer to parry the threat: a
  // tenth more of the material for each, 4/10 of the cat after one step
  // and 6/10 after three.
  Position later = fen("7r/2Cd4/8/8/8/8/8/R7 g 10");
  for (const int steps : {1, 3}) {
    later.steps = static_cast<std::uint8_t>(steps);
    CHECK(eval_term(later, "threats") == -150 * (3 + steps) / 10);
  }
}

TEST_CASE("arimaa: the lazy evaluation leaves out the goal-defence search when a stoppable threat already fails low") {
  // Gold's rabbit a7 steps to a8 next turn and nothing of Silver's stops it:
  // the full evaluation counts a lost game (-2000). A window just below the
  // score without that threat fails low on the smaller penalty of a
  // stoppable threat, so the defence search is not needed and not run: the
  // bound returned lies between the full score and the window. A window
  // around the full score needs the search. Each lazy call runs on a new
  // thread: the evaluation cache is per thread, and a cached exact score
  // would answer every window.
  const char* const threatened = "8/R7/8/8/8/8/8/7r s 10";
  const Position p = fen(threatened);
  const int goal_term = eval_term(threatened, "goal");
  REQUIRE(goal_term == -2000);
  const Score full = evaluate(p);
  auto lazy = [&p](Score lo, Score hi) {
    Score s = 0;
    on_fresh_thread([&] { s = evaluate_within(p, lo, hi); });
    return s;
  };
  // Just below the score without the goal term.
  const Score lo = static_cast<Score>(full - goal_term - 1);
  const Score bound = lazy(lo, static_cast<Score>(lo + 1));
  CHECK(bound <= lo);
  CHECK(bound > full);  // the unstoppable threat's -2000 was not applied
  CHECK(lazy(static_cast<Score>(full - 1), static_cast<Score>(full + 1)) == full);
}

TEST_CASE("arimaa: a frame is worth less the more our pieces holding it are worth") {
  // Silver's camel on Gold's trap c3, kept alive by its elephant on d3 and
  // unable to step off: Gold's pieces fill b3, c4 and c2. The frame counts
  // 1/5 of the camel (100) and 1/10 of the supporter (80) for Gold, less
  // 1/10 of Gold's own blockers.
  // Held by Gold's elephant, camel and cat (800 + 500 + 150): 180 - 145.
  CHECK(eval_term("7r/8/8/8/2E5/1Mme4/2C5/R7 g 10", "frames") == 35);
  // Held by a horse, a dog and a cat (300 + 200 + 150): 180 - 65. Gold's
  // elephant is free, and the frame is worth more.
  CHECK(eval_term("7r/8/8/8/2H5/1Dme4/2C5/R7 g 10", "frames") == 115);
  // The same frame from Silver's side: the term is Gold's, negated.
  CHECK(eval_term("7r/8/8/8/2H5/1Dme4/2C5/R7 s 10", "frames") == -115);
  // An empty square beside the trap (c2): the camel steps off, no frame.
  CHECK(eval_term("7r/8/8/8/2H5/1Dme4/8/R7 g 10", "frames") == 0);
}

TEST_CASE("arimaa: a piece beside a trap the enemy holds, a stronger enemy one step away") {
  // Silver's camel on c7 beside the trap c6, which Gold's elephant on d6
  // controls. The elephant is not next to the camel, but with Gold to move
  // it steps to d7 or c6 and drags the camel onto c6 (three steps): the
  // danger term counts 2/10 of the camel (500) for Gold.
  CHECK(eval_term("7r/2m5/3E4/8/8/8/8/R7 g 10", "danger") == 100);
  // Silver to move steps the camel away: no such danger.
  CHECK(eval_term("7r/2m5/3E4/8/8/8/8/R7 s 10", "danger") == 0);
  // A silver piece guarding the trap (the cat on b6) stops the capture.
  CHECK(eval_term("7r/2m5/1c1E4/8/8/8/8/R7 g 10", "danger") == 0);
  // The same with Gold's horse on b6 holding the trap: the horse is weaker
  // than the camel, the elephant does the work.
  CHECK(eval_term("7r/2m5/1H1E4/8/8/8/8/R7 g 10", "danger") == 100);
  // Two steps away (the elephant on e6; a game was lost this way, Ed6, Ec6,
  // Ed6 and the pull): not counted (counting 1/10 of the piece scores
  // worse against the seed evaluator).
  CHECK(eval_term("7r/2m5/1H2E3/8/8/8/8/R7 g 10", "danger") == 0);
  // The elephant far away: nothing.
  CHECK(eval_term("7r/2m5/1H6/8/8/8/8/R3E3 g 10", "danger") == 0);
}

TEST_CASE("arimaa: a turn limit makes the piece count matter (adjudication, rules 6.3)") {
  // Gold has a camel, Silver two rabbits more: material favours Gold, the
  // piece count Silver.
  const Position p = fen("8/r1r5/8/8/8/8/1M6/R6r g 50");
  Arimaa::Config cfg;
  const Score plain = Arimaa::evaluate(p, cfg);
  SearchLimits l;
  l.per_move = 1000;
  l.reserve[0] = l.reserve[1] = 5000;
  l.movestogo = 30;  // the limit is far away: no change
  Arimaa::prepare_search(cfg, p, l);
  CHECK(cfg.last_turn == 79);
  CHECK(Arimaa::evaluate(p, cfg) == plain);
  l.movestogo = 2;  // turn 51 is the last
  Arimaa::prepare_search(cfg, p, l);
  CHECK(Arimaa::evaluate(p, cfg) == plain - 280);  // one piece x 40 x 7
  // Past the limit the count decides.
  Arimaa::prepare_search(cfg, p, l);
  CHECK(Arimaa::evaluate(fen("8/r1r5/8/8/8/8/1M6/R6r g 52"), cfg) < -2000);
  // Without a reserve time control movestogo is no turn limit.
  SearchLimits ugi;
  ugi.movestogo = 2;
  Arimaa::prepare_search(cfg, p, ugi);
  CHECK(cfg.last_turn == 0);
  CHECK(Arimaa::evaluate(p, cfg) == plain);
}

TEST_CASE("arimaa: evaluation is colour-symmetric") {
  // Mirror a position top-bottom with colours swapped: the side-to-move
  // scores must agree.
  for (const char* f : {"1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7",
                        "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 g 10", kP0, "7m/8/8/8/3E4/3r1R2/5C2/8 g 10",
                        "7r/2m5/3E4/8/8/8/8/R7 g 10", "7r/2m5/1H1E4/8/8/8/8/R7 s 10", "e7/8/8/8/8/8/1r6/7R g 10",
                        "7r/1dmrch1r/cH2E1dr/R1R2R1R/R1C2H1R/1D1eM1D1/2h2C2/3R4 g 36"}) {
    const Position p = fen(f);
    Position q;
    for (int c = 0; c < 2; ++c)
      for (int t = 0; t < kNumTypes; ++t)
        for (Bitboard b = p.pieces(c, t); b; b &= b - 1) put_piece(q, c ^ 1, t, lsb(b) ^ 56);
    q.side = static_cast<std::uint8_t>(p.side ^ 1);
    q.turn = p.turn;
    q.hash = board_hash(q);
    q.start_hash = q.hash;
    q.start_occ = q.occupied();
    INFO(f);
    CHECK(evaluate(p) == evaluate(q));
    CHECK(evaluate_seed(p) == evaluate_seed(q));
  }
  CHECK(evaluate(fen(kP0)) == 0);
  CHECK(evaluate_seed(fen(kP0)) == 0);
}

TEST_CASE("arimaa: material (HarLog, centi-rabbits)") {
  // The first rabbit capture is worth 100; rabbits gain value as they get fewer.
  const Position full = fen(kP0);
  CHECK(material_balance(full, kGold) == 0);
  const Position one = fen("rrrrrrr1/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2");
  CHECK(material_balance(one, kGold) == 100);
  // The evaluation's material term weighs it 1.25 times (its kTermPercent).
  const auto lines = eval_lines(one);
  CHECK(std::find(lines.begin(), lines.end(), "material 125") != lines.end());
  const Position few = fen("r7/hdcemcdh/8/8/8/8/HDCMECDH/RR6 g 2");
  CHECK(material_balance(fen("r7/hdcemcdh/8/8/8/8/HDCMECDH/R7 g 2"), kGold) == 0);
  CHECK(material_balance(few, kGold) > 100);
  // A dog facing no stronger enemy piece is worth more than one facing an elephant.
  const int free_dog = material_balance(fen("rrrrrrrr/8/8/8/8/8/D7/RRRRRRRR g 2"), kGold) -
                       material_balance(fen("rrrrrrrr/8/8/8/8/8/8/RRRRRRRR g 2"), kGold);
  const int held_dog = material_balance(fen("rrrrrrrr/e7/8/8/8/8/D7/RRRRRRRR g 2"), kGold) -
                       material_balance(fen("rrrrrrrr/e7/8/8/8/8/8/RRRRRRRR g 2"), kGold);
  CHECK(free_dog > held_dog + 50);
}

TEST_CASE("arimaa seed evaluation: the thesis's four terms") {
  // P0: symmetric, and the terms by hand for Gold.
  const SeedTerms t = seed_terms(fen(kP0));
  CHECK(t.material[kGold] == 40 + 17 + 13 + 2 * 8 + 2 * 6 + 2 * 5);
  CHECK(t.material[kGold] == t.material[kSilver]);
  // Rank 1 rabbits: 2 each; rank 2 HDCMECDH: H 0,0 D 4,4 C 5,5 M 4 E 3 (tables 3.5-3.9);
  // every rabbit touches a friend: ally bonus 1 each.
  CHECK(t.position[kGold] == 8 * 2 + (0 + 4 + 5 + 4 + 3 + 5 + 4 + 0) + 8 * 1);
  // One silver rabbit fewer (40 -> 38): 64 x 2 = 128 seed units = 100 centi-rabbits,
  // plus the position/trap/mobility changes of that rabbit.
  const SeedTerms u = seed_terms(fen("rrrrrrr1/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"));
  CHECK(u.material[kGold] - u.material[kSilver] == 2);
  // A gold rabbit on the goal row is worth 999 in the position table.
  const SeedTerms g = seed_terms(fen("R7/8/8/8/8/8/8/7r s 10"));
  CHECK(g.position[kGold] == 999);
  // Mobility: a camel next to the enemy elephant costs 5 (table 3.12), the
  // elephant gains 5 (3.13).
  const SeedTerms m = seed_terms(fen("8/8/8/3e4/3M4/8/8/R6r g 10"));
  CHECK(m.mobility[kGold] == -5);
  CHECK(m.mobility[kSilver] == 5);
}

TEST_CASE("arimaa: AEI time control budgets (engine/timeman.cpp reserve_budget)") {
  // tcmove 2 s, reserve 10 s, tcpercent 100: the deadline is 12 s from the
  // start of the turn; the hard limit stays clear of it by MoveOverhead and
  // a margin, the target keeps most of the reserve for later turns.
  SearchLimits l;
  l.per_move = 2000;
  l.reserve[0] = 10000;
  l.reserve[1] = 0;
  l.reserve_percent = 100;
  auto [soft, hard] = reserve_budget(l, Side::P1, 30, 30);
  CHECK(hard <= 12000 - 30 - 600);
  CHECK(hard >= 2000 - 30);  // at least the move time itself may be used
  CHECK(soft >= 1000);
  CHECK(soft <= 2000);
  // One turn never spends more than half of the reserve.
  CHECK(hard <= 2000 + 10000 / 2);
  // Silver has no reserve: its deadline is the move time alone, and the
  // hard limit stays 10% of it (at least 100 ms) clear of it.
  std::tie(soft, hard) = reserve_budget(l, Side::P2, 30, 30);
  CHECK(hard <= 2000 - 30 - 200);
  CHECK(hard >= 2000 - 30 - 200 - 1);
  // A very short deadline keeps 100 ms (at most a third of it) for noise.
  l.per_move = 300;
  std::tie(soft, hard) = reserve_budget(l, Side::P2, 30, 30);
  CHECK(hard <= 300 - 30 - 100);
  CHECK(soft <= hard);
  l.per_move = 2000;
  CHECK(soft <= hard);
  // tcturntime 1 s caps the turn whatever the reserve.
  l.turn_max = 1000;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(hard <= 1000 - 30 - 50);
  l.turn_max = 0;
  // tctotal: the game time left caps it too.
  l.game_left = 3000;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(hard <= 3000 - 30 - 150);
  l.game_left = 0;
  // moveused: time already spent on this turn (a resumed game) comes off.
  l.used = 5000;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(hard <= 12000 - 5000 - 30 - 350);
  l.used = 0;
  // tcpercent 0: unused move time is lost, so use all of it.
  l.reserve_percent = 0;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(soft >= 2000 - 30);
  l.reserve_percent = 100;
  // tcmax: a full reserve cannot grow, so the move time is spent now.
  l.reserve_max = 10000;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(soft >= 2000);
  // More: a reserve above half its cap is spent, a sixth of the excess per
  // turn (searches stop short of their target, so a full reserve would stay
  // full); at half the cap or below, the reserve is saved again.
  CHECK(soft >= 2000 + (10000 - 5000) / 6);
  l.reserve[0] = 5000;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(soft < 2000);
  l.reserve[0] = 10000;
  l.reserve_max = 0;
  // tcturns: on the last turn before the limit the whole reserve may go
  // (AEI passes the turns left as movestogo); earlier, only a share.
  const auto early = reserve_budget(l, Side::P1, 30, 30).first;
  l.movestogo = 1;
  std::tie(soft, hard) = reserve_budget(l, Side::P1, 30, 30);
  CHECK(soft > 4 * early);
  CHECK(soft >= 10000);
  CHECK(hard <= 12000 - 30 - 600);
}

namespace {
// A term before its weight (eval_terms), by name.
int raw_term(const std::string& f, const std::string& name) {
  const auto terms = eval_terms(fen(f));
  for (int i = 0; i < kNumEvalTerms; ++i)
    if (name == kEvalTermNames[i]) return terms[i];
  FAIL("no term " << name);
  return 0;
}
}  // namespace

TEST_CASE("arimaa: goal_path_steps and the race term: a rabbit two turns from the goal") {
  // Gold's lone rabbit a4 runs straight in 4 steps; Silver's h7 needs 6.
  const Position open = fen("8/7r/8/8/R7/8/8/8 g 10");
  CHECK(goal_path_steps(open, kGold) == 4);
  CHECK(goal_path_steps(open, kSilver) == 6);
  // 4 steps is this turn's goal (the search's), 6 is two turns: 25 x (9 - 6).
  CHECK(raw_term("8/7r/8/8/R7/8/8/8 g 10", "race") == -75);
  CHECK(raw_term("8/7r/8/8/R7/8/8/8 s 10", "race") == 75);
  // A Silver cat on a5 freezes the rabbit (one step more) and blocks its
  // file (dragging it away costs two): the way round by b4 takes 5, plus 1.
  const Position blocked = fen("8/7r/8/c7/R7/8/8/8 g 10");
  CHECK(goal_path_steps(blocked, kGold) == 6);
  CHECK(raw_term("8/7r/8/c7/R7/8/8/8 g 10", "race") == 0);  // 6 against 6
  // Rabbits seven rows away are not counted.
  CHECK(goal_path_steps(fen("8/8/8/8/8/8/8/R6r g 10"), kGold) == kNoGoalPath);
}
