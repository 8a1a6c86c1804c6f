// Linja: every rules fact of docs/rules/linja.md section 10, the
// rules of sections 4-7 one by one, the search state (rules 5.9) and the
// solver. Move lists are compared as sets (rules 10).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "engine/game_session.h"
#include "engine/perft.h"
#include "engine/turns.h"
#include "games/linja/eval.h"
#include "games/linja/eval_seed.h"
#include "games/linja/features.h"
#include "games/linja/linja.h"

using namespace ludus;
using namespace ludus::linja;

namespace {

constexpr const char* kStart = "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r";
constexpr const char* kStartBlack = "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 b";
constexpr const char* kFullRow = "r2b2/r2b1/r1b2/r3b3/r0b1/r1b1/r0b0/r3b2 r";
constexpr const char* kExtraTurn = "r3b0/r2b1/r0b2/r0b0/r1b0/r0b1/r0b2/r6b6 r";
constexpr const char* kEmptyGoal = "r3b3/r2b3/r2b2/r2b2/r1b1/r1b1/r1b0/r0b0 r";
constexpr const char* kBlackRefused = "r0b9/r3b1/r0b0/r0b0/r0b0/r0b2/r1b0/r8b0 b";
constexpr const char* kDeadlock = "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 r";

Linja::Config config(bool forbid = false, Colour first = kRed) {
  Linja::Config c;
  c.forbid = forbid;
  c.first = first;
  return c;
}

Position fen_pos(const std::string& fen, bool forbid = false, Colour first = kRed) {
  Position p;
  const Status st = Linja::parse_fen(fen, p, config(forbid, first));
  REQUIRE_MESSAGE(st, st.error);
  return p;
}

// A session with the given rule options and position.
struct Game {
  GameSession<Linja> s;
  explicit Game(const std::string& fen = "", bool forbid = false, bool black_first = false) {
    REQUIRE(s.set_game_option("LinjaOvershoot", forbid ? "forbid" : "clamp"));
    REQUIRE(s.set_game_option("LinjaFirst", black_first ? "black" : "red"));
    s.new_game();
    if (!fen.empty()) REQUIRE(s.set_position(std::string_view(fen), {}));
  }
  std::set<std::string> moves() const {
    const auto v = s.legal_moves();
    return {v.begin(), v.end()};
  }
  bool legal(const std::string& token) const { return moves().count(token) == 1; }
  // Plays a token from the current position through `position fen ... moves`.
  Status play(const std::string& token) {
    const std::string fen = s.fen();
    return s.set_position(std::string_view(fen), {token});
  }
};

std::set<std::string> split_set(const std::string& text) {
  std::istringstream in(text);
  std::set<std::string> out;
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

std::vector<std::string> split_vec(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// perft over whole turns, memoised on the full search state (the count
// below a state depends only on it): a turn ends when the colour to move
// changes (play() also hands over the move when the game ends).
struct MemoPerft {
  std::unordered_map<std::uint64_t, std::uint64_t> memo[8];
  std::uint64_t operator()(const Position& p, int depth) {
    if (depth == 0) return 1;
    const std::uint64_t k = hash_key(p);
    if (auto it = memo[depth].find(k); it != memo[depth].end()) return it->second;
    Move moves[8];
    const int n = Linja::legal_moves(p, moves);
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
      const Position c = Linja::play(p, moves[i]);
      if (c.mover == p.mover) total += (*this)(c, depth);
      else total += depth == 1 ? 1 : (*this)(c, depth - 1);
    }
    memo[depth][k] = total;
    return total;
  }
};

}  // namespace

// ---- 10.1 perft --------------------------------------------------------------

TEST_CASE("linja 10.1: perft from the start, clamp and forbid, both colours first") {
  const std::uint64_t clamp[] = {43, 3478, 248041};
  const std::uint64_t forbid[] = {37, 2626, 157095};
  for (const bool fb : {false, true}) {
    for (const char* fen : {kStart, kStartBlack}) {
      const Position p = fen_pos(fen, fb);
      for (int d = 1; d <= 3; ++d) {
        CAPTURE(fb);
        CAPTURE(fen);
        CHECK(perft_turns<Linja>(p, d) == (fb ? forbid : clamp)[d - 1]);
      }
    }
  }
}

TEST_CASE("linja 10.1: perft 4 from the start (memoised on states)") {
  MemoPerft clamp, forbid;
  CHECK(clamp(fen_pos(kStart, false), 4) == 18283597ull);
  CHECK(forbid(fen_pos(kStart, true), 4) == 9622581ull);
}

// About a minute: run with --no-skip.
TEST_CASE("linja 10.1: perft 5 from the start (memoised on states)" * doctest::skip()) {
  MemoPerft clamp, forbid;
  CHECK(clamp(fen_pos(kStart, false), 5) == 1206903563ull);
  CHECK(forbid(fen_pos(kStart, true), 5) == 533034354ull);
}

TEST_CASE("linja 10.1: LinjaFirst=black - startpos has Black to move and Black is p1") {
  Game g("", false, true);
  CHECK(g.s.fen() == kStartBlack);
  CHECK(g.s.side_to_move() == Side::P1);
  CHECK(g.s.perft(2, nullptr) == 3478);
}

// ---- 10.2 positions and legal turns -----------------------------------------

TEST_CASE("linja 10.2.1: the start position") {
  Game g;
  CHECK(g.s.fen() == kStart);
  CHECK(g.s.outcome() == Outcome::Ongoing);
  const Position p = fen_pos(kStart);
  CHECK(score(p, kRed) == 6);
  CHECK(score(p, kBlack) == 6);
  const std::set<std::string> expected = split_set(
      "1-2,1-3 1-2,2-4 1-2,3-5 1-2,4-6 1-2,5-7 1-2,6-8 1-2,7-8 "
      "2-3,1-3 2-3,3-5 2-3,4-6 2-3,5-7 2-3,6-8 2-3,7-8 "
      "3-4,1-3 3-4,2-4 3-4,4-6 3-4,5-7 3-4,6-8 3-4,7-8 "
      "4-5,1-3 4-5,2-4 4-5,3-5 4-5,5-7 4-5,6-8 4-5,7-8 "
      "5-6,1-3 5-6,2-4 5-6,3-5 5-6,4-6 5-6,6-8 5-6,7-8 "
      "6-7,1-3 6-7,2-4 6-7,3-5 6-7,4-6 6-7,5-7 6-7,7-8 "
      "7-8,1-2 7-8,2-3 7-8,3-4 7-8,4-5 7-8,5-6 7-8,6-7");
  CHECK(g.moves() == expected);
  CHECK(g.s.legal_moves().size() == 43);  // no duplicates
  for (const auto& t : g.moves()) CHECK(std::count(t.begin(), t.end(), ',') == 1);  // exactly 2 sub-moves
  // Under forbid: the six tokens whose second move is a clamped 7-8 go.
  Game f("", true);
  std::set<std::string> without = expected;
  for (const char* t : {"1-2,7-8", "2-3,7-8", "3-4,7-8", "4-5,7-8", "5-6,7-8", "6-7,7-8"}) without.erase(t);
  CHECK(f.moves() == without);
  CHECK(f.moves().size() == 37);
  CHECK(f.legal("7-8,6-7"));  // a first move into the goal row, then N=1: not clamped
  // 43 turns, 33 distinct positions.
  std::vector<std::vector<Move>> turns;
  const Position p0 = fen_pos(kStart);
  legal_turns<Linja>(p0, turns);
  std::set<std::string> positions;
  for (const auto& t : turns) positions.insert(to_fen(play_all<Linja>(p0, t)));
  CHECK(turns.size() == 43);
  CHECK(positions.size() == 33);
}

TEST_CASE("linja 10.2.2: after 1-2,1-3 and 8-7,8-6") {
  Game g;
  REQUIRE(g.s.set_position(std::nullopt, {"1-2,1-3"}));
  CHECK(g.s.fen() == "r4b0/r2b1/r2b1/r1b1/r1b1/r1b1/r1b1/r0b6 b");
  CHECK(g.moves().size() == 43);
  REQUIRE(g.s.set_position(std::nullopt, {"1-2,1-3", "8-7,8-6"}));
  CHECK(g.s.fen() == "r4b0/r2b1/r2b1/r1b1/r1b1/r1b2/r1b2/r0b4 r");
  CHECK(g.moves().size() == 45);
  Game f("", true);
  REQUIRE(f.s.set_position(std::nullopt, {"1-2,1-3"}));
  CHECK(f.moves().size() == 36);
}

TEST_CASE("linja 10.2.3: a full row") {
  Game g(kFullRow);
  const Position p = fen_pos(kFullRow);
  CHECK(p.total(3) == 6);
  CHECK(p.total(6) == 0);
  CHECK(g.moves().size() == 113);
  CHECK(g.s.perft(2, nullptr) == 5886);
  CHECK(g.s.perft(3, nullptr) == 392447);
  Game f(kFullRow, true);
  CHECK(f.moves().size() == 92);
  CHECK(f.s.perft(2, nullptr) == 3535);
  CHECK(f.s.perft(3, nullptr) == 197513);
  // 3-4 is illegal: row 4 is full.
  for (const auto& t : g.moves()) CHECK(t.rfind("3-4", 0) != 0);
  CHECK_FALSE(g.s.set_position(std::string_view(kFullRow), {"3-4,1-3"}));
  // 6-7 alone: an empty row, N=0, the turn ends.
  CHECK(g.legal("6-7"));
  CHECK(g.play("6-7"));
  CHECK(g.s.fen() == "r2b2/r2b1/r1b2/r3b3/r0b1/r0b1/r1b0/r3b2 b");
  REQUIRE(g.s.set_position(std::string_view(kFullRow), {}));
  // 1-2,2-5: N=3, passing over the full row 4.
  CHECK(g.legal("1-2,2-5"));
  CHECK_FALSE(g.legal("1-2,1-4"));
  CHECK(g.legal("1-2,6-8"));
  CHECK_FALSE(f.legal("1-2,6-8"));
  // 1-2,4-7 enters the empty row 7: an extra turn follows.
  CHECK_FALSE(g.legal("1-2,4-7"));
  CHECK(g.legal("1-2,4-7,4-5,4-5"));
  CHECK(g.legal("1-2,4-7,7-8,6-7"));  // no second extra turn
  for (const auto& t : g.moves())
    if (t.rfind("1-2,4-7,7-8,6-7", 0) == 0) CHECK(t == "1-2,4-7,7-8,6-7");
}

TEST_CASE("linja 10.2.4: extra turn") {
  Game g(kExtraTurn);
  CHECK(g.moves().size() == 38);
  CHECK(g.s.perft(2, nullptr) == 4555);
  CHECK(g.s.perft(3, nullptr) == 177761);
  Game f(kExtraTurn, true);
  CHECK(f.moves().size() == 37);
  CHECK(f.s.perft(2, nullptr) == 3544);
  CHECK(f.s.perft(3, nullptr) == 133240);
  CHECK_FALSE(g.legal("2-3,2-4"));
  CHECK(g.legal("2-3,2-4,5-6,6-7"));
  CHECK(g.legal("2-3,2-4,5-6,4-5"));
  CHECK_FALSE(g.legal("2-3,2-4,5-6,4-5,1-2"));
  CHECK(g.legal("1-2,1-4,1-2,5-8"));
  CHECK_FALSE(f.legal("1-2,1-4,1-2,5-8"));
  CHECK(g.legal("5-6,6-7"));
  // 5-6 enters a row holding one black piece: N=1.
  Position p = fen_pos(kExtraTurn);
  p = Linja::play(p, Move{4, 5});
  CHECK(p.points == 1);
  CHECK(p.mover == kRed);
}

TEST_CASE("linja 10.2.5: a first move into the empty goal row") {
  Game g(kEmptyGoal);
  CHECK(g.moves().size() == 651);
  Game f(kEmptyGoal, true);
  CHECK(f.moves().size() == 233);
  Position p = fen_pos(kEmptyGoal);
  const Position after = Linja::play(p, Move{6, 7});
  CHECK(after.points == 1);  // N=1, not 0
  CHECK(after.mover == kRed);
  CHECK(g.legal("7-8,1-2"));
  CHECK_FALSE(g.legal("7-8"));
  CHECK_FALSE(g.legal("7-8,6-7"));
  CHECK(g.legal("7-8,6-7,1-2,1-6"));
  CHECK_FALSE(g.legal("1-2,3-8"));
  CHECK_FALSE(g.legal("1-2,4-8"));
  CHECK(g.legal("1-2,4-8,7-8,6-7"));
  CHECK_FALSE(f.legal("1-2,4-8,7-8,6-7"));
  bool exact_extra = false;
  for (const auto& t : g.moves()) exact_extra |= t.rfind("1-2,3-8,", 0) == 0;
  CHECK(exact_extra);
  CHECK(g.legal("1-2,7-8,6-7"));
  for (const auto& t : g.moves())
    if (t.rfind("1-2,7-8,6-7", 0) == 0) CHECK(t == "1-2,7-8,6-7");
}

TEST_CASE("linja 10.2.6: Black, extra turn refused") {
  Game g(kBlackRefused);
  CHECK(g.moves() == split_set("6-5 2-1,6-5,5-4 2-1,6-5,6-5,5-4"));
  CHECK(g.s.perft(1, nullptr) == 3);
  CHECK(g.s.perft(2, nullptr) == 14);
  CHECK(g.s.perft(3, nullptr) == 98);
  Game f(kBlackRefused, true);
  CHECK(f.s.perft(1, nullptr) == 3);
  CHECK(f.s.perft(2, nullptr) == 14);
  CHECK(f.s.perft(3, nullptr) == 86);
  Position p = fen_pos(kBlackRefused);
  CHECK(Linja::play(p, Move{1, 0}).points == 1);  // 2-1 gives N=1
}

TEST_CASE("linja 10.2.7: separation by a first move ends the game at once") {
  const std::string fen = "r0b11/r0b0/r0b0/r1b1/r2b0/r0b0/r0b0/r9b0 r";
  for (const bool black_first : {false, true}) {
    Game g(fen, false, black_first);
    CHECK(g.s.outcome() == Outcome::Ongoing);
    CHECK(g.moves() == split_set("4-5 5-6"));
    CHECK_FALSE(g.play("4-5,5-7"));
    REQUIRE(g.play("4-5"));
    CHECK(g.s.fen() == "r0b11/r0b0/r0b0/r0b1/r3b0/r0b0/r0b0/r9b0 b");
    const Position p = fen_pos(g.s.fen());
    CHECK(score(p, kRed) == 48);
    CHECK(score(p, kBlack) == 56);
    CHECK(g.s.outcome() == (black_first ? Outcome::P1Win : Outcome::P2Win));
    CHECK(g.s.legal_moves().empty());
    CHECK_FALSE(g.play("pass"));
  }
  Game g(fen);
  REQUIRE(g.play("5-6"));
  CHECK(g.s.outcome() == Outcome::Ongoing);
  CHECK(g.moves() == split_set("4-3"));
}

TEST_CASE("linja 10.2.8: a shared row is not separation") {
  Game g("r0b11/r0b0/r0b0/r0b0/r3b1/r0b0/r0b0/r9b0 r");
  CHECK(g.s.outcome() == Outcome::Ongoing);
  CHECK(g.moves() == split_set("5-6"));
  CHECK_FALSE(separated(fen_pos("r0b11/r0b0/r0b0/r0b0/r3b1/r0b0/r0b0/r9b0 r")));
  // End rows count as shared rows too.
  CHECK_FALSE(separated(fen_pos("r1b11/r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r11b1 r")));
}

TEST_CASE("linja 10.2.9: a forced pass with all pieces home") {
  const std::string fen = "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 r";
  Game g(fen);
  CHECK(g.s.outcome() == Outcome::Ongoing);
  CHECK(g.moves() == split_set("pass"));
  Game upper(fen);
  REQUIRE(upper.play("PASS"));
  CHECK(upper.s.fen() == "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 b");
  REQUIRE(g.play("pass"));
  CHECK(g.s.fen() == "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 b");
  CHECK(g.moves().size() == 7);
  CHECK(g.legal("5-4,8-7"));
  REQUIRE(g.play("5-4,8-7"));
  CHECK(g.s.outcome() != Outcome::Ongoing);  // separation, although row 7 was empty
}

TEST_CASE("linja 10.2.10: a forced pass behind a full row") {
  Game g("r0b5/r6b0/r0b6/r0b0/r0b0/r0b0/r0b1/r6b0 r");
  CHECK(g.moves() == split_set("pass"));
  Game b("r0b5/r6b0/r0b6/r0b0/r0b0/r0b0/r0b1/r6b0 b");
  CHECK(b.moves() == split_set("7-6"));
}

TEST_CASE("linja 10.2.11: the extra turn lapses") {
  Game g("r0b4/r0b0/r1b0/r0b2/r0b0/r0b0/r0b6/r11b0 r");
  CHECK(g.moves() == split_set("3-4,4-6"));
  REQUIRE(g.play("3-4,4-6"));
  CHECK(g.s.fen() == "r0b4/r0b0/r0b0/r0b2/r0b0/r1b0/r0b6/r11b0 b");
  CHECK(g.moves().size() == 18);
}

TEST_CASE("linja 10.2.12: no legal second move") {
  Game g("r0b9/r0b0/r0b0/r0b1/r0b0/r0b1/r1b0/r11b1 r");
  CHECK(g.moves() == split_set("7-8"));
  REQUIRE(g.play("7-8"));
  CHECK(g.s.outcome() == Outcome::Ongoing);
  CHECK(g.s.fen().back() == 'b');
  CHECK(g.moves().size() == 3);
}

TEST_CASE("linja 10.2.13-14: mutual deadlocks are over") {
  for (const char* fen : {kDeadlock, "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 b"}) {
    Game g(fen);
    CHECK(g.s.outcome() == Outcome::P2Win);
    CHECK(g.s.legal_moves().empty());
    const Position p = fen_pos(fen);
    CHECK(score(p, kRed) == 30);
    CHECK(score(p, kBlack) == 42);
    CHECK_FALSE(separated(p));
    CHECK(g.s.perft(1, nullptr) == 0);
  }
  Game g("r0b3/r6b0/r3b3/r0b6/r0b0/r0b0/r0b0/r3b0 r");
  CHECK(g.s.outcome() == Outcome::P2Win);
  const Position p = fen_pos("r0b3/r6b0/r3b3/r0b6/r0b0/r0b0/r0b0/r3b0 r");
  CHECK(score(p, kRed) == 15);
  CHECK(score(p, kBlack) == 27);
}

TEST_CASE("linja 10.2.15: scored endings") {
  struct Case {
    const char* fen;
    int red, black;
    Outcome red_first, black_first;
  };
  const Case cases[] = {
      {"r0b12/r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r12b0 r", 60, 60, Outcome::Draw, Outcome::Draw},
      {"r0b6/r0b3/r0b3/r0b0/r0b0/r3b0/r3b0/r6b0 r", 45, 45, Outcome::Draw, Outcome::Draw},
      {"r0b9/r0b0/r0b0/r0b3/r2b0/r0b0/r0b0/r10b0 b", 52, 48, Outcome::P1Win, Outcome::P2Win},
  };
  for (const auto& c : cases) {
    const Position p = fen_pos(c.fen);
    CHECK(separated(p));
    CHECK(score(p, kRed) == c.red);
    CHECK(score(p, kBlack) == c.black);
    CHECK(Game(c.fen).s.outcome() == c.red_first);
    CHECK(Game(c.fen, false, true).s.outcome() == c.black_first);
    CHECK(Game(c.fen).s.legal_moves().empty());
  }
}

// ---- 10.3 whole games ---------------------------------------------------------

TEST_CASE("linja 10.3.16-17: whole games to a deadlock") {
  const auto g16 = split_vec(
      "6-7,5-7 8-7,5-1 4-5 8-7,7-2 1-2,1-4 8-7,8-3 1-2,4-8 4-3,7-4,8-7,6-1 1-2,3-8 "
      "4-3,7-4,4-3,8-4 7-8,7-8 2-1,2-1 5-6 3-2,7-3 7-8,1-2 2-1,7-6 6-7 4-3,6-1 7-8,1-2");
  REQUIRE(g16.size() == 19);
  for (const bool forbid : {false, true}) {
    Game g("", forbid);
    const Status st = g.s.set_position(std::nullopt, g16);
    REQUIRE_MESSAGE(st, st.error);
    CHECK(g.s.fen() == "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 b");
    CHECK(g.s.outcome() == Outcome::P2Win);
    CHECK(g.s.legal_moves().empty());
  }
  const auto g17 = split_vec(
      "1-2,5-7 8-7,6-3 6-7,1-5 8-7,7-2 1-2,4-8 8-7,8-3 1-2,3-8 2-1,7-6,8-7,6-1 5-6 "
      "4-3,7-4,3-2,5-1 7-8,7-8 4-3,7-4,2-1,2-1 1-2,6-8 7-6 7-8,1-2 4-3,8-4,4-3,6-1");
  REQUIRE(g17.size() == 16);
  Game c;
  const Status st = c.s.set_position(std::nullopt, g17);
  REQUIRE_MESSAGE(st, st.error);
  CHECK(c.s.fen() == "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 r");
  CHECK(c.s.outcome() == Outcome::P2Win);
  // Under forbid the 10th token is illegal: the whole command is rejected and
  // the previous position stays.
  Game f("", true);
  REQUIRE(f.s.set_position(std::nullopt, {"1-2,1-3"}));
  CHECK_FALSE(f.s.set_position(std::nullopt, g17));
  CHECK(f.s.fen() == "r4b0/r2b1/r2b1/r1b1/r1b1/r1b1/r1b1/r0b6 b");
  std::vector<std::string> first9(g17.begin(), g17.begin() + 9);
  CHECK(f.s.set_position(std::nullopt, first9));
  CHECK_FALSE(f.legal("4-3,7-4,3-2,5-1"));
}

// ---- 10.4 FENs --------------------------------------------------------------

TEST_CASE("linja 10.4: invalid FENs are rejected and leave the position") {
  const char* bad[] = {
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1 r",          // 7 rows
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6",       // no side
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 w",     // bad side
      "r7b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",     // 13 red
      "r6b0/r1b1/r1b1/r4b3/r0b0/r0b0/r0b0/r0b7 r",     // row 4 holds 7
      "b0r6/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",     // swapped
      "r6/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",       // missing black count
      // more of rules 4.2
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6/r0b0 r",  // 9 rows
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r x",     // 3 fields
      "r006b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",     // 3 digits
      "r+6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",      // sign
      "r13b0/r0b1/r0b1/r0b1/r0b1/r0b1/r0b1/r0b6 r",      // count > 12 (and 13 red)
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b5 r",       // 11 black
      "r6b0/ r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",      // space inside the rows
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 rb",      // side of 2 letters
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6r",        // no separator
      "",
  };
  Game g;
  REQUIRE(g.s.set_position(std::nullopt, {"1-2,1-3"}));
  for (const char* fen : bad) {
    CAPTURE(fen);
    CHECK_FALSE(g.s.set_position(std::string_view(fen), {}));
    CHECK(g.s.fen() == "r4b0/r2b1/r2b1/r1b1/r1b1/r1b1/r1b1/r0b6 b");
  }
}

TEST_CASE("linja 10.4.25: accepted FEN spellings print canonically") {
  Game g;
  REQUIRE(g.s.set_position(std::string_view("  R6B0/R1B1/R1B1/R1B1/R1B1/R1B1/R1B1/R0B6   R "), {}));
  CHECK(g.s.fen() == kStart);
  REQUIRE(g.s.set_position(std::string_view("\tr06b00/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6\t\tb"), {}));
  CHECK(g.s.fen() == kStartBlack);
  // Finished and unreachable positions are accepted (rules 4.2).
  CHECK(g.s.set_position(std::string_view(kDeadlock), {}));
  CHECK(g.s.set_position(std::string_view("r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r12b12 r"), {}));
}

// ---- 7 tokens -----------------------------------------------------------------

TEST_CASE("linja 7.2: token verdicts at the start") {
  Game g, f("", true);
  CHECK(g.legal("1-2,1-3"));
  CHECK(g.legal("3-4,4-6"));
  CHECK(g.legal("7-8,6-7"));
  CHECK(g.legal("1-2,7-8"));
  CHECK_FALSE(f.legal("1-2,7-8"));
  const char* illegal[] = {"1-2", "1-3", "7-8,6-8", "1-2,7-9", "2-1", "8-7", "1-2,1-3,1-2", "pass",
                           "03-04", "3-4;2-5", "3x4", "3-4,", ",3-4", "0-1", "1-2,1-3,1-2,1-3,1-2",
                           "1-2, 1-3", " 1-2,1-3", "pas", "passs", "1-2,pass", ""};
  for (const char* t : illegal) {
    CAPTURE(t);
    CHECK_FALSE(g.play(t));
    CHECK(g.s.fen() == kStart);
  }
  // Malformed and illegal tokens get distinct messages.
  std::vector<Move> out;
  const Position p = fen_pos(kStart);
  CHECK(Linja::parse_turn(p, "3x4", out).error.find("malformed") != std::string::npos);
  CHECK(Linja::parse_turn(p, "1-3", out).error.find("illegal") != std::string::npos);
  CHECK(Linja::parse_turn(p, "1-2", out).error.find("not over") != std::string::npos);
}

TEST_CASE("linja 7.1: canonical turn strings round-trip for every legal turn") {
  for (const char* fen : {kStart, kFullRow, kExtraTurn, kEmptyGoal, kBlackRefused}) {
    const Position p = fen_pos(fen);
    std::vector<std::vector<Move>> turns;
    legal_turns<Linja>(p, turns);
    std::set<std::string> seen;
    for (const auto& t : turns) {
      const std::string s = Linja::turn_to_string(p, t);
      CHECK(seen.insert(s).second);  // distinct sequences, distinct tokens
      std::vector<Move> back;
      REQUIRE(Linja::parse_turn(p, s, back));
      CHECK(back == t);
      CHECK(t.size() >= 1);
      CHECK(t.size() <= 4);
    }
  }
}

// ---- 5 moves, one rule at a time -------------------------------------------

TEST_CASE("linja 5.2: movement points count both colours, not the moved piece") {
  // Row 3 holds 1 red + 2 black; 2-3 gives N=3.
  const Position p = fen_pos("r5b0/r1b0/r1b2/r1b1/r1b1/r1b1/r1b1/r1b6 r");
  const Position q = Linja::play(p, Move{1, 2});
  CHECK(q.points == 3);
  CHECK(q.mover == kRed);
  // A second move may move the piece that just moved (3-4,4-6 at the start).
  CHECK(Game().legal("3-4,4-6"));
}

TEST_CASE("linja 5.5: pieces in their goal row are frozen, the opponent home pieces move") {
  const Position p = fen_pos("r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 b");
  Move moves[8];
  const int n = Linja::legal_moves(p, moves);
  bool from8 = false;
  for (int i = 0; i < n; ++i) from8 |= moves[i].from == 7;
  CHECK(from8);  // the black piece in row 8 (Black's home) moves
  for (int i = 0; i < n; ++i) CHECK(moves[i].from != 0);  // black pieces in row 1 are frozen
}

TEST_CASE("linja 5.9: the search state - side changes only when the turn ends") {
  Position p = fen_pos(kFullRow);
  CHECK(p.at_turn_start());
  const std::uint64_t k0 = Linja::key(p);
  p = Linja::play(p, Move{0, 1});  // 1-2: row 2 held 3 pieces, N=3
  CHECK(p.points == 3);
  CHECK(Linja::side_to_move(p) == Side::P1);
  CHECK(Linja::key(p) != k0);
  p = Linja::play(p, Move{3, 6});  // 4-7: empty row -> extra turn
  CHECK(p.points == 0);
  CHECK(p.extra_used);
  CHECK(p.mover == kRed);
  CHECK_FALSE(p.at_turn_start());
  // The same board at a turn start is a different state.
  Position fresh = p;
  fresh.extra_used = false;
  CHECK(Linja::key(fresh) != Linja::key(p));
  p = Linja::play(p, Move{3, 4});  // 4-5: N = 1 (row 5 held 1)
  p = Linja::play(p, Move{3, 4});  // 4-5
  CHECK(p.mover == kBlack);
  CHECK(p.at_turn_start());
  // Keys differ with the overshoot rule (the rules differ).
  Position a = fen_pos(kStart, false), b = fen_pos(kStart, true);
  CHECK(Linja::key(a) != Linja::key(b));
}

TEST_CASE("linja: hash keys are distinct over many reachable states") {
  // Every state reachable in two turns from three positions, sub-move by sub-move.
  std::unordered_map<std::uint64_t, Position> seen;
  int states = 0;
  std::function<void(const Position&, int)> walk = [&](const Position& p, int turns_left) {
    const auto [it, fresh] = seen.emplace(Linja::key(p), p);
    if (!fresh) {
      CHECK(it->second.cells == p.cells);
      CHECK(it->second.mover == p.mover);
      CHECK(it->second.points == p.points);
      CHECK(it->second.extra_used == p.extra_used);
      return;
    }
    ++states;
    if (turns_left == 0) return;
    Move moves[8];
    const int n = Linja::legal_moves(p, moves);
    for (int i = 0; i < n; ++i) {
      const Position c = Linja::play(p, moves[i]);
      walk(c, c.mover == p.mover ? turns_left : turns_left - 1);
    }
  };
  for (const char* fen : {kStart, kFullRow, kEmptyGoal}) walk(fen_pos(fen), 2);
  CHECK(states > 10000);
}

TEST_CASE("linja 4.1: FEN round trip of reached positions") {
  Game g;
  REQUIRE(g.s.set_position(std::nullopt, {"1-2,1-3", "8-7,8-6"}));
  const std::string fen = g.s.fen();
  Game h(fen);
  CHECK(h.s.fen() == fen);
  CHECK(h.moves() == g.moves());
}

// ---- search and evaluation ---------------------------------------------------

namespace {
template <class Cfg>
std::pair<Score, std::vector<Move>> search(const Position& root, int depth, const Cfg& cfg) {
  TranspositionTable tt;
  tt.resize(16);
  Linja::Solver solver(8);
  auto r = search_to_depth<Linja>(root, depth, cfg, tt, {}, &solver);
  return {r.score, std::move(r.line)};
}

// Plain minimax over whole games: +1 win, 0 draw, -1 loss for the side to move.
int minimax(const Position& p) {
  Move moves[8];
  const int n = Linja::legal_moves(p, moves);
  if (n == 0) return Linja::Solver::final_value(p);
  int best = -2;
  for (int i = 0; i < n; ++i) {
    const Position c = Linja::play(p, moves[i]);
    const int v = c.mover == p.mover ? minimax(c) : -minimax(c);
    best = std::max(best, v);
  }
  return best;
}
}  // namespace

TEST_CASE("linja: the search picks a game-theoretically best first sub-move") {
  // 10.2.7: 4-5 ends the game at once (Red loses 48-56); 5-6 plays on.
  for (const char* fen : {"r0b11/r0b0/r0b0/r1b1/r2b0/r0b0/r0b0/r9b0 r", "r0b9/r0b0/r1b1/r0b1/r1b0/r0b1/r1b0/r9b0 r",
                          "r0b8/r1b1/r0b1/r1b0/r0b1/r1b0/r0b1/r9b0 b"}) {
    CAPTURE(fen);
    const Position p = fen_pos(fen);
    const int value = minimax(p);
    const auto [score, line] = search(p, 30, Linja::Config{});
    REQUIRE_FALSE(line.empty());
    const Position c = Linja::play(p, line.front());
    CHECK((c.mover == p.mover ? minimax(c) : -minimax(c)) == value);
    CHECK((score > 500 ? 1 : score < -500 ? -1 : 0) == value);
  }
}

TEST_CASE("linja: the whole bestmove turn keeps a solved win when the solver takes over mid-turn") {
  // From a self-play game (100-game match, 200 ms): Red wins with best play,
  // and the search hands the nodes after Red's first sub-move to the solver.
  // Before Solver::pv_line the rest of the turn was filled with the first
  // legal sub-moves, `7-8,1-2,3-4,2-4`, which loses.
  const char* fen = "r1b6/r0b0/r1b2/r1b1/r0b1/r1b1/r1b1/r7b0 r";
  Linja::Solver solver(16);
  std::atomic<bool> stop{false};
  std::uint64_t nodes = 0;
  auto value_for_mover = [&](const Position& p) { return solver.solve(p, -kInfinity, kInfinity, stop, nodes); };
  REQUIRE(value_for_mover(fen_pos(fen)) == Linja::Solver::kSolvedWin);
  Game bad(fen);
  REQUIRE(bad.play("7-8,1-2,3-4,2-4"));
  CHECK(value_for_mover(fen_pos(bad.s.fen())) == Linja::Solver::kSolvedWin);  // Black to move wins
  for (const int depth : {17, 20}) {
    Game g(fen);
    SearchLimits lim;
    lim.depth = depth;
    std::string best;
    SearchCallbacks cb;
    cb.on_bestmove = [&](const std::string& m, const std::string&) { best = m; };
    REQUIRE(g.s.go(lim, cb));
    g.s.wait();
    CAPTURE(depth);
    CAPTURE(best);
    REQUIRE(g.play(best));
    CHECK(value_for_mover(fen_pos(g.s.fen())) == -Linja::Solver::kSolvedWin);  // Black to move loses
  }
}

TEST_CASE("linja: Solver::pv_line keeps the exact value to the end of the next turn") {
  const char* fens[] = {
      "r1b6/r0b0/r1b2/r1b1/r0b1/r1b1/r1b1/r7b0 r",
      "r0b6/r0b0/r0b2/r3b1/r0b1/r1b1/r0b1/r8b0 b",
      "r0b9/r0b0/r1b1/r0b1/r1b0/r0b1/r1b0/r9b0 r",
      "r0b4/r1b2/r1b3/r1b0/r2b1/r1b1/r2b0/r4b1 r",
  };
  Linja::Solver solver(16);
  std::atomic<bool> stop{false};
  for (const char* f : fens) {
    CAPTURE(f);
    Position p = fen_pos(f);
    std::uint64_t nodes = 0;
    Score v = solver.solve(p, -kInfinity, kInfinity, stop, nodes);
    Move line[64];
    const int n = solver.pv_line(p, line, 64);
    REQUIRE(n > 0);
    int turn_ends = 0;
    for (int i = 0; i < n; ++i) {
      Move legal[8];
      const int k = Linja::legal_moves(p, legal);
      CHECK(std::find(legal, legal + k, line[i]) != legal + k);
      const Position c = Linja::play(p, line[i]);
      const Score cv = solver.solve(c, -kInfinity, kInfinity, stop, nodes);
      if (c.mover != p.mover) ++turn_ends, v = -v;
      CHECK(cv == v);  // the value stays the same from the new mover's view
      p = c;
    }
    Move rest[8];
    CHECK((turn_ends == 2 || Linja::legal_moves(p, rest) == 0));  // two whole turns, or the game's end
  }
}

TEST_CASE("linja: solver values equal plain minimax on small endings") {
  const char* fens[] = {
      "r0b11/r0b0/r0b0/r1b1/r2b0/r0b0/r0b0/r9b0 r",
      "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 r",
      "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 b",
      "r0b4/r0b0/r1b0/r0b2/r0b0/r0b0/r0b6/r11b0 r",
      "r0b9/r0b0/r0b0/r0b1/r0b0/r0b1/r1b0/r11b1 r",
      "r0b9/r0b0/r1b1/r0b1/r1b0/r0b1/r1b0/r9b0 r",
      "r0b8/r1b1/r0b1/r1b0/r0b1/r1b0/r0b1/r9b0 b",
      "r1b8/r0b1/r1b1/r0b1/r0b0/r1b0/r0b1/r9b0 r",
  };
  Linja::Solver solver(4);
  std::atomic<bool> stop{false};
  for (const char* fen : fens) {
    CAPTURE(fen);
    const Position p = fen_pos(fen);
    const int expect = minimax(p);
    std::uint64_t nodes = 0;
    const Score s = solver.solve(p, -kInfinity, kInfinity, stop, nodes);
    CHECK(s == expect * Linja::Solver::kSolvedWin);
    // Null windows around each value give consistent bounds.
    for (const Score a : {-Linja::Solver::kSolvedWin, Score{0}, Linja::Solver::kSolvedWin}) {
      const Score v = solver.solve(p, a - 1, a, stop, nodes);
      if (expect * Linja::Solver::kSolvedWin >= a) CHECK(v >= a);
      else CHECK(v <= a - 1);
    }
    // The midgame search agrees on the result category.
    const auto [score, line] = search(p, 40, Linja::Config{});
    CHECK((score > 500 ? 1 : score < -500 ? -1 : 0) == expect);
  }
}

TEST_CASE("linja: evaluations are antisymmetric between colours") {
  // Mirroring the board (row r <-> 9-r, red <-> black) and the colour to
  // move gives the same value.
  for (const char* fen : {kStart, kFullRow, kExtraTurn, kEmptyGoal, kBlackRefused}) {
    const Position p = fen_pos(fen);
    Position m;
    for (int r = 0; r < kRows; ++r) m.add(kRed, r, p.count(kBlack, 7 - r)), m.add(kBlack, r, p.count(kRed, 7 - r));
    m.mover = other(p.mover);
    m.p1 = other(p.p1);
    CHECK(evaluate(p) == evaluate(m));
    CHECK(evaluate_seed(p) == evaluate_seed(m));
  }
}

TEST_CASE("linja: seed evaluator (Tania) terms") {
  const Position p = fen_pos(kStart);
  const SeedTerms t = seed_terms(p);
  CHECK(t.positive == 0);
  CHECK(t.negative == 0);
  CHECK(t.options == 0);  // 7 first moves: 2^0 - 1
  // Red to move must pass: 0 options -> -(2^7 - 1).
  const SeedTerms q = seed_terms(fen_pos("r0b5/r6b0/r0b6/r0b0/r0b0/r0b0/r0b1/r6b0 r"));
  CHECK(q.options == -127);
  // Own score 5/3/2/1 and held-back -5/-3/-2/-1, own minus opponent's.
  const Position e = fen_pos("r0b9/r0b0/r0b0/r0b3/r2b0/r0b0/r0b0/r10b0 r");
  const SeedTerms s = seed_terms(e);
  CHECK(s.positive == 52 - 48);
  CHECK(s.negative == 0 - 0);
}

TEST_CASE("linja: bestmove from a short search is a whole legal turn") {
  for (const char* fen : {kStart, kFullRow, kEmptyGoal, kBlackRefused}) {
    for (const char* ev : {"ludus", "seed"}) {
      Game g(fen);
      REQUIRE(g.s.set_game_option("Evaluator", ev));
      SearchLimits lim;
      lim.depth = 3;
      std::string best;
      SearchCallbacks cb;
      cb.on_bestmove = [&](const std::string& m, const std::string&) { best = m; };
      REQUIRE(g.s.go(lim, cb));
      g.s.wait();
      CAPTURE(fen);
      CHECK(g.legal(best));
    }
  }
}

TEST_CASE("linja: the evaluation's turn summary agrees with move generation") {
  // Random walks from several positions; at every turn start, both colours.
  std::mt19937 rng(3);
  int checked = 0;
  for (const char* fen : {kStart, kFullRow, kExtraTurn, kEmptyGoal}) {
    for (const bool forbid : {false, true}) {
      for (int walk = 0; walk < 20; ++walk) {
        Position p = fen_pos(fen, forbid);
        while (!game_over(p)) {
          for (const Colour c : {kRed, kBlack}) {
            Position q = p;
            q.mover = c;
            q.points = 0;
            q.extra_used = false;
            TurnInfo want;
            Move first[8];
            const int n1 = generate(q, first);
            for (int i = 0; i < n1 && !first[i].is_pass(); ++i) {
              ++want.moves;
              const int n = first[i].to == goal_row(c) ? 1 : q.total(first[i].to);
              want.best_n = std::max(want.best_n, n);
              want.n0 += n == 0;
              want.big += n >= 3;
              Position a = q;
              a.add(c, first[i].from, -1);
              a.add(c, first[i].to, +1);
              int best = 0;
              for (int o = 0; o < kRows; ++o) {
                if (o == goal_row(c) || a.count(c, o) == 0) continue;
                const int t = second_target(a, c, o, n);
                if (n == 0 || t < 0) continue;
                want.extra |= a.total(t) == 0;
                best = std::max(best, piece_points(c, t) - piece_points(c, o));
              }
              want.gain = std::max(want.gain, piece_points(c, first[i].to) - piece_points(c, first[i].from) + best);
            }
            const TurnInfo got = turn_info(p, c, false);
            CHECK(got.moves == want.moves);
            CHECK(got.best_n == want.best_n);
            CHECK(got.extra == want.extra);
            CHECK(got.gain == want.gain);
            CHECK(got.n0 == want.n0);
            CHECK(got.big == want.big);
            ++checked;
          }
          Move moves[8];
          const int n = generate(p, moves);
          p = play(p, moves[rng() % n]);
        }
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("linja: evaluation features of the start position") {
  const Features x = features(fen_pos(kStart));
  auto f = [&](const char* name) {
    for (int k = 0; k < kNumFeatures; ++k)
      if (std::string(kFeatureNames[k]) == name) return x.v[k];
    FAIL("no feature " << name);
    return 0.0f;
  };
  for (int d = 0; d < 7; ++d) CHECK(x.v[d] == 0);  // symmetric piece counts
  CHECK(f("m1_moves") == 7);
  CHECK(f("o_moves") == 7);
  CHECK(f("m1_bestN") == 2);  // every middle row holds 2 pieces
  CHECK(f("o_bestN") == 2);
  CHECK(f("m1_extra") == 0);  // no row can be emptied and re-entered
  CHECK(f("m_gain_pts") == 4);  // e.g. 5-6 (+1 point), N=2, 6-8 (+3)
  CHECK(f("o_gain_pts") == 4);
  CHECK(f("m_unpassed") == 12);
  CHECK(f("o_unpassed") == 12);
  CHECK(f("m_rear") == 7);
  CHECK(f("o_rear") == 7);
  CHECK(f("empty_rows") == 0);
  CHECK(f("full_rows") == 0);
  CHECK(f("phase1") == 1);
  CHECK(f("bias") == 1);
  // In phase "second" the pending points and the extra-turn chance count.
  const Position p = Linja::play(fen_pos(kFullRow), Move{0, 1});  // 1-2: N = 3, 4-7 enters the empty row 7
  const Features y = features(p);
  CHECK(y.v[14] == 3);  // m2_N
  CHECK(y.v[15] == 1);  // m2_extra
  CHECK(y.v[24] == 0);  // not a turn start
}

TEST_CASE("linja: remaining distance and overlap") {
  CHECK(remaining_distance(fen_pos(kStart)) == 126);
  // (red, black) pairs with the red piece not above the black one: the 6 red
  // pieces of row 1 with all 12, and red in row r = 2..7 with 6 + 8 - r.
  CHECK(overlap(fen_pos(kStart)) == 72 + 57);
  const Position sep = fen_pos("r0b12/r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r12b0 r");
  CHECK(overlap(sep) == 0);
  CHECK(remaining_distance(sep) == 0);
}

TEST_CASE("linja: solvers sharing one table, two threads at once, agree with a lone solver") {
  // The lockless entries and the busy marks under real concurrency: each
  // thread solves every position, in opposite orders; a tiny table makes
  // the threads overwrite each other's entries.
  const char* fens[] = {
      "r1b6/r0b0/r1b2/r1b1/r0b1/r1b1/r1b1/r7b0 r", "r0b6/r0b0/r0b2/r3b1/r0b1/r1b1/r0b1/r8b0 b",
      "r0b9/r0b0/r1b1/r0b1/r1b0/r0b1/r1b0/r9b0 r", "r0b4/r1b2/r1b3/r1b0/r2b1/r1b1/r2b0/r4b1 r",
      "r0b11/r0b0/r0b0/r1b1/r2b0/r0b0/r0b0/r9b0 r", "r0b8/r1b1/r0b1/r1b0/r0b1/r1b0/r0b1/r9b0 b",
  };
  constexpr int kN = sizeof(fens) / sizeof(fens[0]);
  std::atomic<bool> stop{false};
  Linja::Solver alone(8), main(1), helper(1);
  helper.share_table(main);
  Score want[kN], got_main[kN], got_helper[kN];
  for (int i = 0; i < kN; ++i) {
    std::uint64_t nodes = 0;
    want[i] = alone.solve(fen_pos(fens[i]), -kInfinity, kInfinity, stop, nodes);
  }
  auto run = [&](Linja::Solver& s, Score* got, bool reverse) {
    for (int k = 0; k < kN; ++k) {
      const int i = reverse ? kN - 1 - k : k;
      std::uint64_t nodes = 0;
      got[i] = s.solve(fen_pos(fens[i]), -kInfinity, kInfinity, stop, nodes);
    }
  };
  std::thread t([&] { run(helper, got_helper, true); });
  run(main, got_main, false);
  t.join();
  for (int i = 0; i < kN; ++i) {
    CAPTURE(fens[i]);
    CHECK(got_main[i] == want[i]);
    CHECK(got_helper[i] == want[i]);
  }
  // A solver that has solved nothing reads what the others stored.
  std::uint64_t again = 0, fresh = 0;
  Linja::Solver reader(1);
  reader.share_table(main);
  reader.solve(fen_pos(fens[0]), -kInfinity, kInfinity, stop, again);
  Linja::Solver cold(8);
  cold.solve(fen_pos(fens[0]), -kInfinity, kInfinity, stop, fresh);
  CHECK(again < fresh);
}
