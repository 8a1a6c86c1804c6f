// Opening book format and choice (engine/book.h).
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "engine/book.h"

using namespace ludus;

TEST_CASE("book: lines are FEN | move score pairs; comments and bad lines are skipped") {
  OpeningBook b;
  b.load_text(
      "# a comment\n"
      "\n"
      "pos  one X | a 10 b 30 c 30\n"
      "pos two O | d -5\n"
      "no bar here\n"
      "pos three | e\n"
      "pos four | f x\n");
  CHECK(b.size() == 2);
  CHECK(b.bad_lines() == 3);
  REQUIRE(b.find("pos one X"));  // whitespace inside the FEN is normalised
  CHECK(b.find("pos one X")->size() == 3);
  CHECK(b.find("pos two O")->front().score == -5);
  CHECK(b.find("pos five") == nullptr);
}

TEST_CASE("book: the best-scored move is chosen, ties at random") {
  OpeningBook b;
  b.load_text("p | a 10 b 30 c 30\nq | d -5\n");
  std::mt19937_64 rng(1);
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) seen.insert(b.choose("p", rng));
  CHECK(seen == std::set<std::string>{"b", "c"});
  CHECK(b.choose("q", rng) == "d");
  CHECK(b.choose("r", rng).empty());
}
