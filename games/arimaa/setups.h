// The setup book (book/arimaa/setups.txt): strong standard arrangements of
// Gold's 16 pieces. Silver uses the same list mirrored onto ranks 7-8.
// The setup phase has 64,864,800 legal setups per side; the engine never
// enumerates them: its setup moves are these candidates (rules §5.8).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "games/arimaa/board.h"

namespace ludus::arimaa {

struct Placement {
  int type;  // PieceType
  int sq;    // Gold's square (Silver: sq ^ 56)
};
struct Setup {
  std::array<Placement, 16> pieces;
};

// The book's setups and their left-right mirror images (duplicates
// removed), from book/arimaa/setups.txt when it can be read and is valid,
// else the built-in copy. At most 64 entries.
const std::vector<Setup>& book_setups();

// The book setups (indices) the side to set up chooses from; `informed`
// (the ludus evaluation) narrows the choice by what scored better against
// Evaluator=seed. Silver, once Gold's setup is on the board: those that
// put Silver's camel on the other half of the board (files a-d or e-h)
// from Gold's elephant, and its elephant facing Gold's. (In 600 recorded
// games against Evaluator=seed, ludus lost 18% of those with each camel
// facing the other side's elephant and 8.5% of the others, in both
// colours.) Gold's own setup (no Gold elephant yet) with `informed`: those
// with the elephant on the east half (files e-h). The book holds every
// setup and its mirror image, so the two halves should score alike;
// against Evaluator=seed they do not (1,755 games: ludus as Gold lost 5.3%
// with its elephant on e2, 7.9% on d2, fewer on e2 in each of three
// groups of games; the search breaks ties between equal moves by square
// order, which is not mirror symmetric; 200 more games with this choice,
// 11 of 100 lost as Gold, do not confirm it). Were the difference noise,
// the choice would cost nothing: a mirror image plays as well. Every book
// setup when there is no such setup or `informed` is false.
std::vector<int> setup_choices(Bitboard gold_elephant, bool informed);

// The built-in list, and a parser for the book file format (for the test
// that keeps the two in step). Returns false on a malformed file.
std::vector<Setup> builtin_setups();
bool parse_setup_book(std::string_view text, std::vector<Setup>& out, std::string& error);

}  // namespace ludus::arimaa
