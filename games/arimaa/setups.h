// The setup book (book/arimaa/setups.txt): strong standard arrangements of
// Gold's 16 pieces. Silver uses the same list mirrored onto ranks 7-8.
// The setup phase has 64,864,800 legal setups per side; the engine never
// enumerates them: its setup moves are these candidates (rules §5.8).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

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

// The built-in list, and a parser for the book file format (for the test
// that keeps the two in step). Returns false on a malformed file.
std::vector<Setup> builtin_setups();
bool parse_setup_book(std::string_view text, std::vector<Setup>& out, std::string& error);

}  // namespace ludus::arimaa
