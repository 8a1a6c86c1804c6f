// Opening books: a text file per game, `book/<game>.book` (format in
// book/README.md): one position per line, its FEN, a `|`, then the book
// moves with their scores (side to move's view, the game's units):
//
//   ---------------------------OX------XO--------------------------- X | d3 -12 c4 -12 f5 -12 e6 -12
//
// With the OwnBook option on, `go` answers at once with a book move when the
// position is in the book: the best-scored one (ties broken at random, for
// variety). Games without a book file simply have an empty book.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/types.h"

namespace ludus {

class OpeningBook {
 public:
  struct Entry {
    std::string move;
    Score score;
  };

  // Parses the book text; malformed lines are skipped and counted.
  void load_text(std::string_view text);
  // Loads `path`; false if it cannot be read (an empty book stays).
  bool load_file(const std::string& path);
  std::size_t size() const { return positions_.size(); }
  std::size_t bad_lines() const { return bad_lines_; }

  const std::vector<Entry>* find(const std::string& fen) const;
  // The move to play from `fen`, or "" when the position is not in the book.
  std::string choose(const std::string& fen, std::mt19937_64& rng) const;

 private:
  std::unordered_map<std::string, std::vector<Entry>> positions_;
  std::size_t bad_lines_ = 0;
};

// Where `book/<game>.book` is looked for: $LUDUS_BOOK_DIR, then the `book`
// folder of the source tree the binary was built from.
std::string book_path(std::string_view game);

}  // namespace ludus
