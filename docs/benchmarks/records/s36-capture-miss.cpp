// Session 36's measuring tool (docs/benchmarks/arimaa.md), not part of the
// build: the capture detector (capture_gain(p, 4)) against an exhaustive
// search of every sequence of the side to move's steps, on each FEN of the
// file given (one a line) with either side to move. Prints the counts (and
// any position where the detector claims more, which must never happen);
// with a second argument also each position where the detector found less,
// with the exhaustive search's best sequence.
//   g++ -std=c++20 -O2 -I. docs/benchmarks/records/s36-capture-miss.cpp build/release/libludus_lib.a -lspdlog -lfmt -lpthread -o /tmp/miss
//   /tmp/miss FENS [v]
//
// The exhaustive search is the one of games/arimaa/capture_test.cpp
// (exhaustive_gain) with a memo: at four steps the test's plain recursion
// is too slow for a thousand positions.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <unordered_map>

#include "games/arimaa/board.h"
#include "games/arimaa/capture.h"
#include "games/arimaa/notation.h"

using namespace ludus::arimaa;

namespace {

constexpr int kNoCompletion = -1000000;  // a push left half done

int material(const Position& p, int c) {
  int v = 0;
  for (int t = 0; t < kNumTypes; ++t) v += kPieceValue[t] * popcount(p.pieces(c, t));
  return v;
}

// Best net material colour `a` wins within d more steps of its turn, from
// the materials (us, them) it had at the question's root. The memo is
// cleared for each question: within one, the turn's start (rule 3) and the
// steps used follow from d.
struct Exhaustive {
  int a, base_us, base_them;
  std::unordered_map<std::uint64_t, int> memo;

  explicit Exhaustive(const Position& root)
      : a(root.side), base_us(material(root, root.side)), base_them(material(root, root.side ^ 1)) {}

  int net(const Position& p) const { return (base_them - material(p, a ^ 1)) - (base_us - material(p, a)); }

  int best(const Position& p, int d) {
    const bool pending = p.side == a && p.push_sq != kNoSquare;
    if (d == 0 || p.side != a) return pending ? kNoCompletion : net(p);
    const Zobrist& z = zobrist();
    const std::uint64_t key = (p.hash ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str]) +
                              static_cast<std::uint64_t>(d) * 0x9E3779B97F4A7C15ULL;
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    int v = pending ? kNoCompletion : net(p);
    MoveBuffer buffer;
    Move* const moves = buffer.data();
    const int n = generate_moves(p, moves);
    for (int i = 0; i < n; ++i)
      if (moves[i].is_step()) v = std::max(v, best(play(p, moves[i]), d - 1));
    memo[key] = v;
    return v;
  }

  // The steps of one sequence that wins best(root, 4).
  std::string line(Position p) {
    std::string out;
    for (int d = 4; d > 0 && p.side == a; --d) {
      const int want = best(p, d);
      if (want == net(p) && p.push_sq == kNoSquare) break;
      MoveBuffer buffer;
      Move* const moves = buffer.data();
      const int n = generate_moves(p, moves);
      int i = 0;
      while (i < n && !(moves[i].is_step() && best(play(p, moves[i]), d - 1) == want)) ++i;
      if (i == n) break;
      out += move_to_string(moves[i]) + " ";
      p = play(p, moves[i]);
    }
    return out;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FENS [v]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string text;
  int questions = 0, with_capture = 0, exact_found = 0, under = 0;
  long missing = 0;
  while (std::getline(in, text)) {
    Position p;
    if (!parse_fen(text, p)) continue;
    for (const Position& q : {p, opponent_turn_view(p)}) {
      Exhaustive ex(q);
      const int exact = std::max(0, ex.best(q, 4));
      const int got = capture_gain(q, 4);
      ++questions;
      with_capture += exact > 0;
      exact_found += exact > 0 && got == exact;
      under += got < exact;
      missing += exact - got;
      if (got > exact) std::printf("OVER %s got %d exact %d\n", to_fen(q).c_str(), got, exact);
      if (got < exact && argc > 2)
        std::printf("%s | got %d exact %d | %s\n", to_fen(q).c_str(), got, exact, ex.line(q).c_str());
    }
  }
  std::printf("positions %d with capture %d found exactly %d under %d missing material %ld\n", questions,
              with_capture, exact_found, under, missing);
}
