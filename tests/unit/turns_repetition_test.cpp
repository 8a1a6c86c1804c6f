// Whole turns of several moves and the repetition rules, through the search
// and through GameSession (the layer the protocols use).
#include <doctest/doctest.h>

#include "engine/game_session.h"
#include "tests/unit/toy_games.h"

using namespace ludus;
using namespace ludus::toy;

namespace {

// Game-theoretic category: +1 win for the side to move, 0 draw, -1 loss.
int category(Score s) { return s >= kMateBound ? 1 : s <= -kMateBound ? -1 : 0; }

// Reference: plain minimax that carries the history explicitly.
template <RepetitionRule Rule>
int reference(const typename Walk<Rule>::Position& p, std::vector<std::uint64_t>& hist) {
  using W = Walk<Rule>;
  if (W::outcome(p) != Outcome::Ongoing) return category(W::terminal_score(p, 0));
  if (Rule == RepetitionRule::DrawOnThird && count_occurrences(hist, W::key(p)) >= 3) return 0;
  int best = -2;
  typename W::Move moves[2];
  const int n = W::legal_moves(p, moves);
  for (int i = 0; i < n; ++i) {
    const auto c = W::play(p, moves[i]);
    if (Rule == RepetitionRule::IllegalThird && count_occurrences(hist, W::key(c)) >= 2) continue;
    hist.push_back(W::key(c));
    best = std::max(best, -reference<Rule>(c, hist));
    hist.pop_back();
  }
  return best == -2 ? -1 : best;  // no playable move: the mover loses
}

template <class G>
Score search_value(const typename G::Position& root, std::vector<std::uint64_t> history, int depth) {
  TranspositionTable tt;
  return search_to_depth<G>(root, depth, typename G::Config{}, tt, std::move(history)).score;
}

std::string query_all(Session& s) {
  std::string r;
  for (const auto& m : s.legal_moves()) r += (r.empty() ? "" : " ") + m;
  return r;
}

}  // namespace

TEST_CASE_TEMPLATE("repetition: the search's result category equals minimax with history", W,
                   Walk<RepetitionRule::DrawOnThird>, Walk<RepetitionRule::IllegalThird>) {
  constexpr RepetitionRule rule = W::kRepetition;
  for (int at = 1; at <= 2; ++at) {
    for (Side side : {Side::P1, Side::P2}) {
      // Histories where the root has been seen once and twice before.
      for (int seen = 1; seen <= 2; ++seen) {
        typename W::Position root{at, side};
        std::vector<std::uint64_t> hist(static_cast<std::size_t>(seen), W::key(root));
        auto h = hist;
        const int expect = reference<rule>(root, h);
        INFO("at " << at << " side " << int(side) << " seen " << seen);
        CHECK(category(search_value<W>(root, hist, 30)) == expect);
      }
    }
  }
}

TEST_CASE("turns: a session lists, parses and plays whole multi-move turns") {
  GameSession<TakeAway> s;
  CHECK(query_all(s) == "1,1 1,2 2,1 2,2");
  CHECK(s.fen() == "11 0 1");
  // An unfinished turn and a too-long turn are rejected; nothing changes.
  CHECK_FALSE(s.set_position(std::nullopt, {"2"}));
  CHECK_FALSE(s.set_position(std::nullopt, {"2,2,1"}));
  CHECK(s.fen() == "11 0 1");
  REQUIRE(s.set_position(std::nullopt, {"2,2", "1,2"}));
  CHECK(s.fen() == "4 0 1");
  CHECK(s.side_to_move() == Side::P1);
  CHECK(s.perft(1, nullptr) == 4);
  // Replies: after 1,1 (2 left) "1,1" and "2" (which ends the game mid-turn);
  // after 1,2 and 2,1 (1 left) "1"; after 2,2 the game is over: no leaf.
  CHECK(s.perft(2, nullptr) == 4);
  REQUIRE(s.play_move("1,1"));
  CHECK(s.fen() == "2 0 2");
  CHECK(query_all(s) == "1,1 2");
  // With 1 stone the turn is a single move that ends the game.
  REQUIRE(s.set_position(std::nullopt, {"2,2", "2,2", "1,1"}));
  CHECK(s.fen() == "1 0 2");
  CHECK(query_all(s) == "1");
}

TEST_CASE("turns: bestmove is a whole legal turn, even from a one-ply search") {
  for (int depth : {1, 2, 6}) {
    GameSession<TakeAway> s;
    REQUIRE(s.apply_settings(EngineSettings{}));
    std::string best;
    SearchLimits limits;
    limits.depth = depth;
    SearchCallbacks cb;
    cb.on_bestmove = [&](const std::string& b, const std::string&) { best = b; };
    REQUIRE(s.go(limits, cb));
    s.wait();
    const auto legal = s.legal_moves();
    INFO("depth " << depth << " best " << best);
    CHECK(std::find(legal.begin(), legal.end(), best) != legal.end());
  }
}

TEST_CASE("repetition: a session refuses a turn that repeats a position a third time") {
  GameSession<Walk<RepetitionRule::IllegalThird>> s;
  REQUIRE(s.set_position(std::nullopt, {"r", "l", "r"}));
  // "l" would give the start position (base + twice) a third time.
  CHECK(query_all(s) == "r");
  CHECK_FALSE(s.play_move("l"));
  CHECK(s.fen() == "2 2");
  CHECK_FALSE(s.set_position(std::nullopt, {"r", "l", "r", "l"}));
  CHECK(s.outcome() == Outcome::Ongoing);
}

TEST_CASE("repetition: a session scores the third occurrence as a draw") {
  GameSession<Walk<RepetitionRule::DrawOnThird>> s;
  REQUIRE(s.set_position(std::nullopt, {"r", "l", "r"}));
  CHECK(s.outcome() == Outcome::Ongoing);
  REQUIRE(s.play_move("l"));
  CHECK(s.outcome() == Outcome::Draw);
  CHECK(query_all(s).empty());
  CHECK_FALSE(s.play_move("r"));
}
