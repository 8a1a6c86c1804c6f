// Session 36's measuring tool (docs/benchmarks/arimaa.md), not part of the
// build: the capture detector (capture_gain(p, 4)) against an exhaustive
// search of every sequence of the side to move's steps, on each FEN of the
// file given (one a line) with either side to move. Prints the counts;
// with a second argument also each position where the detector found less,
// with the exhaustive search's best sequence.
//   g++ -std=c++20 -O2 -I. docs/benchmarks/records/s36-capture-miss.cpp \
//       build/release/libludus_lib.a -lspdlog -lfmt -lpthread -o /tmp/miss
//   /tmp/miss FENS [v]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <unordered_map>
#include "games/arimaa/board.h"
#include "games/arimaa/capture.h"
#include "games/arimaa/notation.h"
using namespace ludus::arimaa;
static int material(const Position& p, int c) { int v=0; for(int t=0;t<kNumTypes;++t) v+=kPieceValue[t]*popcount(p.pieces(c,t)); return v; }
static std::unordered_map<std::uint64_t,int> memo;
static int ex(const Position& p, int a, int d, int bu, int bt) {
  const bool pending = p.side == a && p.push_sq != kNoSquare;
  const int here = (bt - material(p, a ^ 1)) - (bu - material(p, a));
  if (d == 0 || p.side != a) return pending ? -1000000 : here;
  std::uint64_t key = p.hash * 31 + d * 7 + (p.push_sq + 1) * 1000003ULL + (p.pull_sq + 1) * 999331ULL + p.pull_str*17 + p.push_str*131;
  auto it = memo.find(key); if (it != memo.end()) return it->second;
  int best = pending ? -1000000 : here;
  MoveBuffer buffer; Move* moves = buffer.data();
  const int n = generate_moves(p, moves);
  for (int i = 0; i < n; ++i) { if (!moves[i].is_step()) continue;
    best = std::max(best, ex(play(p, moves[i]), a, d - 1, bu, bt)); }
  memo[key] = best; return best;
}
int main(int argc, char** argv) {
  std::ifstream in(argv[1]); std::string line; int n=0, found=0, equal=0, under=0; long lost=0;
  double tdet=0;
  while (std::getline(in, line)) {
    Position p; if (!parse_fen(line, p)) continue;
    for (int view = 0; view < 2; ++view) {
      Position q = view ? opponent_turn_view(p) : p;
      memo.clear();
      int exact = std::max(0, ex(q, q.side, 4, material(q, q.side), material(q, q.side ^ 1)));
      auto t0 = std::chrono::steady_clock::now();
      int got = capture_gain(q, 4);
      tdet += std::chrono::duration<double>(std::chrono::steady_clock::now()-t0).count();
      ++n; found += exact > 0; equal += exact > 0 && got == exact; under += got < exact; if (got > exact) std::printf("OVER %s got %d exact %d\n", to_fen(q).c_str(), got, exact); lost += exact-got;
      if (got < exact && argc > 2) {
        std::string pv; Position r = q; int d = 4; int a = q.side; int bu = material(q,a), bt = material(q,a^1);
        while (d > 0 && r.side == a) {
          int want = ex(r, a, d, bu, bt); int here = (bt - material(r, a ^ 1)) - (bu - material(r, a));
          if (want == here && r.push_sq == kNoSquare) break;
          MoveBuffer buffer; Move* moves = buffer.data(); const int n = generate_moves(r, moves); bool ok=false;
          for (int i = 0; i < n; ++i) { if (!moves[i].is_step()) continue; Position c = play(r, moves[i]);
            if (ex(c, a, d-1, bu, bt) == want) { pv += move_to_string(moves[i]) + " "; r = c; ok=true; break; } }
          if (!ok) break; --d;
        }
        std::printf("%s | got %d exact %d | %s\n", to_fen(q).c_str(), got, exact, pv.c_str());
      }
    }
  }
  std::printf("positions %d with capture %d found exactly %d under %d missing material %ld det time %.3f\n", n, found, equal, under, lost, tdet);
}
