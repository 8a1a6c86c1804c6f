// arimaa_threat_fit: fits the table of the evaluation's pressure term
// (games/arimaa/threat_table.h) to the threats Sharp sees on each piece.
//
//   arimaa_threat_fit [--holdout 5] [--fold 0] [--prior 5] [--out table.inc] threats.txt ...
//
// Input: `FEN<TAB>v1,...,v64<TAB>game` a line (scripts/arimaa_data.py label
// --static --threats): the threat Sharp's static evaluation puts on the
// piece of each square, in Sharp's units (1000 a rabbit), squares in the
// FEN's order (rank 8 first, files a-h). Every piece but the elephant is
// one sample: its cell (threat_cell) and its threat as a share of (its
// value + kThreatBase).
//
// The fit: a cell's entry is the mean share of its training pieces, pulled
// towards the mean of its parent (the same cell with the trap-control band
// left out) by --prior pieces' worth, so that a cell seen a few times does
// not take a few pieces' word; a cell never seen takes its parent's mean,
// 0 if that is unseen too. Every --holdout-th game (by order of first
// appearance; the games numbered --fold modulo --holdout held out, as in
// arimaa_eval_fit) is held out: the report gives, on the training and the
// held-out positions, the R² of each piece's threat and of the position's
// sum (Sharp's piece-threat term: the opponent's pieces' threats minus the
// side to move's), the pieces with no cell counted as 0. With --holdout 0
// nothing is held out. --out writes the entries (per mille, the fit on the
// training games) as threat_table_data.inc.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "games/arimaa/capture.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/threat_table.h"

using namespace ludus;
using namespace ludus::arimaa;

namespace {

int usage() {
  std::fprintf(stderr, "usage: arimaa_threat_fit [--holdout N] [--fold F] [--prior K] [--out FILE] threats.txt ...\n");
  return 2;
}

struct Piece {
  int cell;        // kNoCell: none
  double value;    // piece value + kThreatBase, centi-rabbits
  double threat;   // Sharp's threat on it, centi-rabbits
  int sign;        // +1: a piece of the opponent of the side to move (Sharp's term counts it for the side to move)
};
struct Sample {
  int game;
  std::vector<Piece> pieces;
};

// The trap-control band is the third of threat_cell's digits (3, 5, 5, 3, 2, 2 after it).
constexpr int kBandStride = 5 * 3 * 2 * 2;
int parent_of(int cell) { return (cell / (kBandStride * 5)) * kBandStride + cell % kBandStride; }

bool read_samples(const std::string& path, std::vector<Sample>& out, std::map<std::string, int>& games) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "arimaa_threat_fit: cannot read %s\n", path.c_str());
    return false;
  }
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    Position p;
    std::vector<double> grid;
    if (fields.size() == 3 && parse_fen(fields[0], p).ok() && !p.setup_phase()) {
      std::stringstream vs(fields[1]);
      for (std::string v; std::getline(vs, v, ',');) grid.push_back(std::atof(v.c_str()));
    }
    if (grid.size() != 64) {
      std::fprintf(stderr, "arimaa_threat_fit: %s:%d: not FEN<TAB>64 threats<TAB>game\n", path.c_str(), n);
      return false;
    }
    auto [it, fresh] = games.emplace(fields[2], static_cast<int>(games.size()));
    (void)fresh;
    Sample s{it->second, {}};
    int control[4][2];
    trap_controls(p, control);
    const Bitboard frozen_of[2] = {frozen(p, kGold), frozen(p, kSilver)};
    for (int c = 0; c < 2; ++c) {
      for (Bitboard b = p.color[c] & ~p.type[kElephant]; b; b &= b - 1) {
        const int sq = lsb(b);
        const int row = 7 - rank_of(sq), col = file_of(sq);
        s.pieces.push_back({threat_cell(p, c, sq, control, frozen_of),
                            static_cast<double>(kPieceValue[p.type_at(sq)] + kThreatBase), grid[row * 8 + col] / 10.0,
                            c == p.side ? -1 : 1});
      }
    }
    out.push_back(std::move(s));
  }
  return true;
}

struct R2 {
  double sse = 0, sum = 0, sum2 = 0;
  long n = 0;
  void add(double y, double pred) {
    sse += (y - pred) * (y - pred);
    sum += y;
    sum2 += y * y;
    ++n;
  }
  double value() const {
    const double var = sum2 - sum * sum / static_cast<double>(n);
    return n && var > 0 ? 1 - sse / var : 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  int holdout = 5, fold = 0;
  double prior = 5;
  std::string out_path;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--holdout" || a == "--fold" || a == "--prior" || a == "--out") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "--holdout") holdout = std::atoi(v.c_str());
      else if (a == "--fold") fold = std::atoi(v.c_str());
      else if (a == "--prior") prior = std::atof(v.c_str());
      else out_path = v;
    } else if (!a.empty() && a[0] == '-') {
      return usage();
    } else {
      files.push_back(a);
    }
  }
  if (files.empty() || holdout < 0 || holdout == 1 || (holdout && (fold < 0 || fold >= holdout)) || prior < 0)
    return usage();
  std::vector<Sample> samples;
  std::map<std::string, int> games;
  for (const auto& f : files)
    if (!read_samples(f, samples, games)) return 1;
  auto held = [&](const Sample& s) { return holdout && s.game % holdout == fold; };

  // Cell and parent means of the training pieces.
  std::vector<double> sum(kThreatCells, 0), cnt(kThreatCells, 0), psum(kThreatCells, 0), pcnt(kThreatCells, 0);
  long train_positions = 0, test_positions = 0;
  for (const auto& s : samples) {
    (held(s) ? test_positions : train_positions)++;
    if (held(s)) continue;
    for (const auto& pc : s.pieces) {
      if (pc.cell == kNoCell) continue;
      sum[pc.cell] += pc.threat / pc.value;
      cnt[pc.cell] += 1;
      psum[parent_of(pc.cell)] += pc.threat / pc.value;
      pcnt[parent_of(pc.cell)] += 1;
    }
  }
  std::vector<int> table(kThreatCells);
  for (int c = 0; c < kThreatCells; ++c) {
    const int p = parent_of(c);
    const double parent = pcnt[p] ? psum[p] / pcnt[p] : 0;
    table[c] = static_cast<int>(std::lround(1000 * (sum[c] + prior * parent) / (cnt[c] + prior)));
  }

  R2 piece_r2[2], position_r2[2];
  for (const auto& s : samples) {
    const int h = held(s) ? 1 : 0;
    double y = 0, pred = 0;
    for (const auto& pc : s.pieces) {
      const double pp = pc.cell == kNoCell ? 0 : table[pc.cell] * pc.value / 1000;
      piece_r2[h].add(pc.threat, pp);
      y += pc.sign * pc.threat;
      pred += pc.sign * pp;
    }
    position_r2[h].add(y, pred);
  }
  int seen = 0;
  for (double c : cnt) seen += c > 0;
  std::printf("%zu positions of %zu games; %d of %d cells seen in training\n", samples.size(), games.size(), seen,
              kThreatCells);
  std::printf("%-10s %10s %10s %14s\n", "", "positions", "piece R2", "position R2");
  std::printf("%-10s %10ld %10.3f %14.3f\n", "training", train_positions, piece_r2[0].value(), position_r2[0].value());
  if (holdout)
    std::printf("%-10s %10ld %10.3f %14.3f\n", "held out", test_positions, piece_r2[1].value(), position_r2[1].value());
  if (!out_path.empty()) {
    std::ofstream out(out_path);
    for (int c = 0; c < kThreatCells; ++c) out << table[c] << (c + 1 == kThreatCells ? "\n" : (c + 1) % 30 ? "," : ",\n");
    if (!out) {
      std::fprintf(stderr, "arimaa_threat_fit: cannot write %s\n", out_path.c_str());
      return 1;
    }
    std::printf("table written to %s\n", out_path.c_str());
  }
  return 0;
}
