// The GGF reader and move spellings of the NBoard front end.
#include <doctest/doctest.h>

#include "protocol/nboard.h"

using namespace ludus;

TEST_CASE("nboard: GGF game records become a FEN and UGI moves") {
  GgfGame g;
  REQUIRE(parse_ggf("(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]"
                    "BO[8 ---------------------------O*------*O--------------------------- *]"
                    "B[F5//1.5]W[F6/-0.5/2.25]B[PA]W[d3];)",
                    g));
  CHECK(g.fen == "---------------------------O*------*O--------------------------- *");
  CHECK(g.moves == std::vector<std::string>{"f5", "f6", "pass", "d3"});
  CHECK(g.time_per_player_s == doctest::Approx(900));
  CHECK(g.used_s[0] == doctest::Approx(1.5));
  CHECK(g.used_s[1] == doctest::Approx(2.25));
}

TEST_CASE("nboard: the board may be split in rows, the clock may have hours") {
  GgfGame g;
  REQUIRE(parse_ggf("(;GM[Othello]TI[1:00:00]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O];)", g));
  CHECK(g.fen.size() == 66);
  CHECK(g.fen.back() == 'O');
  CHECK(g.moves.empty());
  CHECK(g.time_per_player_s == doctest::Approx(3600));
}

TEST_CASE("nboard: malformed records are rejected") {
  GgfGame g;
  CHECK_FALSE(parse_ggf("", g));
  CHECK_FALSE(parse_ggf("garbage", g));
  CHECK_FALSE(parse_ggf("(;GM[Othello];)", g));                        // no board
  CHECK_FALSE(parse_ggf("(;BO[8 ---- *];)", g));                       // short board
  CHECK_FALSE(parse_ggf("(;BO[10 " + std::string(100, '-') + " *];)", g));  // not 8x8
  CHECK_FALSE(parse_ggf("(;BO[8 " + std::string(64, '-') + " X];)", g));    // bad side
  CHECK_FALSE(parse_ggf("(;BO[8 " + std::string(64, '-') + " *]B[Z9];)", g));
  CHECK_FALSE(parse_ggf("(;BO[8 " + std::string(64, '-') + " *]B[F5", g));  // unterminated
}

TEST_CASE("nboard: move spellings") {
  CHECK(nboard_move_to_ugi("F5") == "f5");
  CHECK(nboard_move_to_ugi("PA") == "pass");
  CHECK(nboard_move_to_ugi("pa") == "pass");
  CHECK(nboard_move_to_ugi("F55").empty());
  CHECK(nboard_move_to_ugi("").empty());
  CHECK(ugi_move_to_nboard("f5") == "F5");
  CHECK(ugi_move_to_nboard("pass") == "PA");
}
