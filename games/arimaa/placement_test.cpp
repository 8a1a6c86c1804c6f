// The learned placement (games/arimaa/placement.h): each piece's cell on
// hand-made positions (its class by the enemy pieces stronger than it, its
// square from its own side with the files folded), the counts' symmetries,
// and the placement term as the table weighed by the counts.
#include <doctest/doctest.h>

#include <cctype>
#include <string>

#include "games/arimaa/board.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/fen_for_tests.h"
#include "games/arimaa/placement.h"

using namespace ludus::arimaa;

namespace {

// A cell from its class and the square's rank from the piece's own side
// (0 = its home row) and file distance from the nearer edge (0..3).
int cell(int cls, int rank, int file) { return cls * kPlacementSquares + rank * 4 + file; }

int square(const char* name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

// The position with files a-h reversed.
Position mirror_files(const std::string& fen_board, const std::string& rest) {
  std::string out;
  std::string row;
  for (char ch : fen_board + "/") {
    if (ch != '/') {
      row += ch;
      continue;
    }
    std::string expanded, rev;
    for (char r : row) expanded += (r >= '1' && r <= '8') ? std::string(r - '0', '.') : std::string(1, r);
    rev.assign(expanded.rbegin(), expanded.rend());
    std::string packed;
    int run = 0;
    for (char r : rev) {
      if (r == '.') {
        ++run;
        continue;
      }
      if (run) packed += char('0' + run), run = 0;
      packed += r;
    }
    if (run) packed += char('0' + run);
    out += (out.empty() ? "" : "/") + packed;
    row.clear();
  }
  return fen_or_fail(out + " " + rest);
}

}  // namespace

TEST_CASE("arimaa placement: a piece's class is the enemy pieces stronger than it") {
  // Gold: elephant a1, horse b5, cat d2. Silver: camel a8, rabbit h2, dog g7.
  const Position p = fen_or_fail("m7/6d1/8/1H6/8/8/3C3r/E7 g 10");
  // The elephant has nothing stronger: class 0, home row, the a-file.
  CHECK(placement_cell(p, kGold, kElephant, square("a1")) == cell(0, 0, 0));
  // The horse faces the camel: class 1, rank 5, file b.
  CHECK(placement_cell(p, kGold, kHorse, square("b5")) == cell(1, 4, 1));
  // The cat faces the camel and the dog: class 2, rank 2, file d.
  CHECK(placement_cell(p, kGold, kCat, square("d2")) == cell(2, 1, 3));
  // Silver's camel faces the elephant; a8 is its home row, file a.
  CHECK(placement_cell(p, kSilver, kCamel, square("a8")) == cell(1, 0, 0));
  // Silver's dog faces the elephant and the horse: rank 2 from its side, g folds to b.
  CHECK(placement_cell(p, kSilver, kDog, square("g7")) == cell(2, 1, 1));
  // A rabbit's class is the rabbits' own, whatever is stronger: h2 is
  // Silver's seventh rank, h folds to a.
  CHECK(placement_cell(p, kSilver, kRabbit, square("h2")) == cell(kRabbitClass, 6, 0));
}

TEST_CASE("arimaa placement: six or more stronger enemy pieces share the last class") {
  // Gold's cat against Silver's whole army of pieces (six stronger: e m h h d d).
  const Position p = fen_or_fail("hdmedh2/8/8/8/8/8/8/C7 g 10");
  CHECK(placement_cell(p, kGold, kCat, square("a1")) == cell(6, 0, 0));
  // Silver's dogs face the cat? No: a cat is weaker; nothing stronger.
  CHECK(placement_cell(p, kSilver, kDog, square("b8")) == cell(0, 0, 1));
}

TEST_CASE("arimaa placement: the counts are symmetric in colour and files") {
  const std::string board = "rrrhdrrr/rdm1cr2/2c1e3/8/3E4/8/RRHMDRRR/RDCHC1R1";
  const Position p = fen_or_fail(board + " g 10");
  const auto gold = placement_counts(p, kGold), silver = placement_counts(p, kSilver);
  int sum = 0;
  for (int k = 0; k < kPlacementCells; ++k) {
    CHECK(gold[k] == -silver[k]);
    sum += gold[k];
  }
  // Every piece counts once: Gold's 16 less Silver's 16.
  CHECK(sum == popcount(p.color[kGold]) - popcount(p.color[kSilver]));
  // Files reversed, the cells are the same.
  const Position m = mirror_files(board, "g 10");
  CHECK(placement_counts(m, kGold) == gold);
  // Colours swapped and ranks reversed: Silver's counts are Gold's were.
  Position swapped;
  std::string flipped;
  {
    std::string rows[8];
    int r = 0;
    for (char ch : board) {
      if (ch == '/') ++r;
      else rows[r] += char(std::isupper(static_cast<unsigned char>(ch)) ? std::tolower(ch) : std::toupper(ch));
    }
    for (int i = 7; i >= 0; --i) flipped += rows[i] + (i ? "/" : "");
  }
  swapped = fen_or_fail(flipped + " s 10");
  CHECK(placement_counts(swapped, kSilver) == gold);
}

TEST_CASE("arimaa placement: the term is the table weighed by the counts") {
  const Position p = fen_or_fail("rrrhdrrr/rdm1cr2/2c1e3/8/3E4/8/RRHMDRRR/RDCHC1R1 s 10");
  const auto n = placement_counts(p, kSilver);
  int expected = 0;
  for (int k = 0; k < kPlacementCells; ++k) expected += n[k] * placement_table_entry(k);
  CHECK(placement_balance(p, kSilver) == expected);
  CHECK(placement_balance(p, kGold) == -expected);
  constexpr int kPlacement = kNumEvalTerms - 1;
  CHECK(std::string(kEvalTermNames[kPlacement]) == "placement");
  CHECK(eval_terms(p)[kPlacement] == expected);  // Silver to move: Silver's view
}
