// Unit tests of `Evaluator=pattern` (games/othello/patterns*.h): the pattern
// set and its symmetries, the base-3 indexes, the weight file and its checks,
// the option, and the least-squares fit.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "games/othello/eval.h"
#include "games/othello/othello.h"
#include "games/othello/othello_test_util.h"
#include "games/othello/pattern_indexes.h"
#include "games/othello/patterns.h"
#include "games/othello/patterns_file.h"
#include "games/othello/patterns_fit.h"

using ludus::Othello;
namespace oth = ludus::othello;
namespace pat = ludus::othello::patterns;
using oth::Bitboard;
using oth::Board;

namespace {

using ludus::othello::test::random_position;

// The 8 symmetries, square by square (independent of patterns.cpp's bit tricks).
int map_square(int sq, int s) {
  int r = sq / 8, c = sq % 8;
  if (s & 1) r = 7 - r;
  if (s & 2) c = 7 - c;
  if (s & 4) std::swap(r, c);
  return 8 * r + c;
}
Bitboard map_board(Bitboard b, int s) {
  Bitboard out = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (b >> sq & 1) out |= oth::bit(map_square(sq, s));
  return out;
}
Board map_board(const Board& b, int s) { return Board{map_board(b.own, s), map_board(b.opp, s), b.side}; }

// Random weights for every parameter, centi-discs.
std::vector<std::int16_t> random_weights(std::uint64_t seed, int range) {
  std::mt19937_64 rng(seed);
  std::vector<std::int16_t> w(static_cast<std::size_t>(pat::kNumStages) * pat::kWeightsPerStage);
  for (auto& x : w) x = static_cast<std::int16_t>(static_cast<int>(rng() % (2 * range + 1)) - range);
  return w;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("ludus_patterns_test_" + name)).string();
}
std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_CASE("othello patterns: the pattern set covers each kind's symmetric images once") {
  int instances = 0;
  for (int k = 0; k < pat::kNumKinds; ++k) {
    const auto& info = pat::kind_info(k);
    CAPTURE(info.name);
    std::set<std::set<int>> sets;
    int first = -1;
    for (int i = 0; i < pat::kNumInstances; ++i) {
      if (pat::instance_kind(i) != k) continue;
      if (first < 0) first = i;
      const auto& sq = pat::instance_squares(i);
      CHECK(static_cast<int>(sq.size()) == info.squares);
      const std::set<int> s(sq.begin(), sq.end());
      CHECK(s.size() == sq.size());
      CHECK(*s.begin() >= 0);
      CHECK(*s.rbegin() < 64);
      sets.insert(s);
      ++instances;
    }
    CHECK(static_cast<int>(sets.size()) == info.instances);
    // The orbit of the first instance under the 8 symmetries is exactly the kind's instances.
    std::set<std::set<int>> orbit;
    for (int s = 0; s < 8; ++s) {
      std::set<int> img;
      for (int sq : pat::instance_squares(first)) img.insert(map_square(sq, s));
      orbit.insert(img);
    }
    CHECK(orbit == sets);
    int raw = 1;
    for (int j = 0; j < info.squares; ++j) raw *= 3;
    CHECK(info.raw_size == raw);
  }
  CHECK(instances == pat::kNumInstances);
  // The published shapes: an edge with its X-squares, a corner's 3x3 block.
  const auto& e = pat::instance_squares(4);  // first edge2x instance: a1..h1, b2, g2
  CHECK(pat::instance_kind(4) == pat::kEdge2X);
  CHECK(std::vector<int>(e.begin(), e.end()) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 9, 14});
  CHECK(pat::instance_squares(0) == std::vector<int>{0, 1, 2, 8, 9, 10, 16, 17, 18});
}

TEST_CASE("othello patterns: folding pairs a configuration with its mirror image") {
  for (int k = 0; k < pat::kNumKinds; ++k) {
    const auto& info = pat::kind_info(k);
    CAPTURE(info.name);
    std::set<int> packed;
    int max_packed = -1;
    for (int r = 0; r < info.raw_size; ++r) {
      const int p = pat::packed_index(k, r);
      packed.insert(p);
      max_packed = std::max(max_packed, p);
    }
    CHECK(static_cast<int>(packed.size()) == info.packed_size);
    CHECK(max_packed == info.packed_size - 1);
  }
  // A diagonal read forwards and backwards is one configuration...
  const int own_first = 1, opp_last = 2 * 2187;  // diag8: own a1, opponent h8
  const int own_last = 2187, opp_first = 2;       // own h8, opponent a1
  CHECK(pat::packed_index(pat::kDiag8, own_first + opp_last) == pat::packed_index(pat::kDiag8, own_last + opp_first));
  CHECK(pat::packed_index(pat::kDiag8, own_first) != pat::packed_index(pat::kDiag8, opp_first));
  // ...but the 2x5 block has no mirror of itself: every configuration is its own.
  CHECK(pat::kind_info(pat::kCorner2x5).packed_size == pat::kind_info(pat::kCorner2x5).raw_size);
  CHECK(pat::kPackedPerStage == 113877);
}

TEST_CASE("othello patterns: bitboard indexes equal the square-by-square ones, in range") {
  std::mt19937_64 rng(58);
  for (int n = 0; n < 400; ++n) {
    Board b = random_position(rng, static_cast<int>(rng() % 61));
    // Also boards no game reaches: any disc anywhere.
    if (n % 4 == 3) {
      const Bitboard occ = rng() & rng();
      const Bitboard own = occ & rng();
      b = Board{own, occ & ~own, ludus::Side::P1};
    }
    std::uint16_t fast[pat::kNumInstances], slow[pat::kNumInstances];
    pat::raw_indexes(b.own, b.opp, fast);
    pat::raw_indexes_slow(b.own, b.opp, slow);
    for (int i = 0; i < pat::kNumInstances; ++i) {
      CAPTURE(i);
      CHECK(fast[i] == slow[i]);
      const int k = pat::instance_kind(i);
      CHECK(fast[i] < pat::kind_info(k).raw_size);
      CHECK(pat::packed_index(k, fast[i]) < pat::kind_info(k).packed_size);
    }
  }
  // Full board of own discs: every digit 1; of opponent discs: every digit 2.
  std::uint16_t idx[pat::kNumInstances];
  pat::raw_indexes(~Bitboard{0}, 0, idx);
  for (int i = 0; i < pat::kNumInstances; ++i)
    CHECK(idx[i] == (pat::kind_info(pat::instance_kind(i)).raw_size - 1) / 2);
  pat::raw_indexes(0, ~Bitboard{0}, idx);
  for (int i = 0; i < pat::kNumInstances; ++i) CHECK(idx[i] == pat::kind_info(pat::instance_kind(i)).raw_size - 1);
}

TEST_CASE("othello patterns: indexes kept move by move equal the ones read from the board") {
  const pat::PatternWeights w(random_weights(11, 300));
  std::mt19937_64 rng(4658);
  int passes = 0, checked = 0;
  for (int game = 0; game < 60; ++game) {
    // From the start, and from boards no game reaches (any disc anywhere).
    Othello::Position pos = oth::start_board();
    if (game % 3 == 2) {
      const Bitboard occ = rng() & rng();
      const Bitboard own = occ & rng();
      pos = Board{own, occ & ~own, game % 2 ? ludus::Side::P2 : ludus::Side::P1};
    }
    CHECK(pos.indexes == pat::colour_indexes(pos));
    Othello::Move moves[Othello::kMaxMoves];
    for (int n = Othello::legal_moves(pos, moves); n > 0; n = Othello::legal_moves(pos, moves)) {
      const Othello::Move m = moves[rng() % static_cast<unsigned>(n)];
      passes += m.is_pass();
      pos = Othello::play(pos, m);
      CAPTURE(Othello::to_fen(pos));
      const pat::ColourIndexes full = pat::colour_indexes(pos);
      for (int c = 0; c < 2; ++c)
        for (int i = 0; i < pat::kNumInstances; ++i) {
          CAPTURE(c);
          CAPTURE(i);
          REQUIRE(pos.indexes[static_cast<std::size_t>(c)].lane(i) == full[static_cast<std::size_t>(c)].lane(i));
        }
      // The side to move's view is the one raw_indexes reads (own, opp).
      std::uint16_t own_view[pat::kNumInstances];
      pat::raw_indexes(pos.own, pos.opp, own_view);
      for (int i = 0; i < pat::kNumInstances; ++i)
        CHECK(pos.indexes[static_cast<std::size_t>(pos.side)].lane(i) == own_view[i]);
      CHECK(w.evaluate(pos, pos.indexes[static_cast<std::size_t>(pos.side)]) == w.evaluate(pos));
      ++checked;
    }
  }
  CHECK(checked > 1500);
  CHECK(passes > 0);  // a pass keeps the indexes and swaps the views' roles
  // The search's evaluation is the one from the board.
  Othello::Config cfg;
  REQUIRE(cfg.evaluator == Othello::Config::Pattern);
  const Othello::Position p = random_position(rng, 30);
  CHECK(Othello::evaluate(p, cfg) == cfg.patterns->evaluate(Board(p)));
}

TEST_CASE("othello patterns: every symmetric image of a position has the same evaluation") {
  const pat::PatternWeights w(random_weights(7, 300));
  std::mt19937_64 rng(2058);
  std::set<int> values;
  for (int n = 0; n < 300; ++n) {
    const Board b = random_position(rng, 4 + static_cast<int>(rng() % 56));
    CAPTURE(Othello::to_fen(b));
    const ludus::Score v = w.evaluate(b);
    values.insert(v);
    for (int s = 1; s < 8; ++s) CHECK(w.evaluate(map_board(b, s)) == v);
    // Colours swapped with the side to move: the same position for the mover.
    CHECK(w.evaluate(oth::from_colours(b.white(), b.black(), opposite(b.side))) == v);
    CHECK(std::abs(v) <= 6400);
    if (oth::game_over(b)) CHECK(v == 100 * oth::final_score(b));
  }
  CHECK(values.size() > 200);  // random weights: the positions are told apart
  CHECK(w.eval_lines(random_position(rng, 30)).size() == 2 + pat::kNumKinds + 3);
}

TEST_CASE("othello patterns: the evaluation is the sum of its weights") {
  // One weight set to a known value at a time, the rest 0.
  std::vector<std::int16_t> w(static_cast<std::size_t>(pat::kNumStages) * pat::kWeightsPerStage, 0);
  const Board start = oth::start_board();  // 60 empties: stage 15
  CHECK(pat::stage_of(60) == 15);
  const std::size_t st = static_cast<std::size_t>(pat::stage_of(60)) * pat::kWeightsPerStage;
  w[st + pat::kPackedPerStage + pat::kGParity] = 11;     // even empties: parity -1
  w[st + pat::kPackedPerStage + pat::kGMobility] = 1000;  // 4 moves each: 0
  // The all-empty edge configuration: 4 instances at the start.
  w[st + static_cast<std::size_t>(pat::packed_offset(pat::kEdge2X) + pat::packed_index(pat::kEdge2X, 0))] = 25;
  CHECK(pat::PatternWeights(w).evaluate(start) == 4 * 25 - 11);
  // Stage 14 weights do not reach a stage 15 position.
  w[static_cast<std::size_t>(14) * pat::kWeightsPerStage + pat::kPackedPerStage + pat::kGParity] = 500;
  CHECK(pat::PatternWeights(w).evaluate(start) == 4 * 25 - 11);
}

TEST_CASE("othello patterns: weight file, good, missing and corrupt") {
  const auto weights = random_weights(11, 2000);
  const std::string good = temp_path("good.bin");
  REQUIRE(bool(pat::write_weight_file(good, weights, "made by the unit test")));
  std::vector<std::int16_t> back;
  std::string note;
  REQUIRE(bool(pat::read_weight_file(good, back, &note)));
  CHECK(back == weights);
  CHECK(note == "made by the unit test");
  const std::string bytes = read_bytes(good);
  CHECK(bytes.size() == 28 + note.size() + 2 * weights.size() + 4);
  CHECK(bytes.substr(0, 8) == "LUDUSPAT");
  // The CRC-32 is the zlib one (Python: zlib.crc32): its check value.
  CHECK(pat::crc32(reinterpret_cast<const unsigned char*>("123456789"), 9) == 0xCBF43926u);

  auto expect_error = [&](const std::string& contents, const std::string& why) {
    CAPTURE(why);
    const std::string path = temp_path("bad.bin");
    write_bytes(path, contents);
    std::vector<std::int16_t> w = {1, 2, 3};
    const ludus::Status st = pat::read_weight_file(path, w);
    CHECK_FALSE(bool(st));
    CHECK(st.error.find(why) != std::string::npos);
    CHECK(w == std::vector<std::int16_t>{1, 2, 3});  // unchanged
    std::remove(path.c_str());
  };
  expect_error(bytes.substr(0, bytes.size() - 1), "truncated");
  expect_error(bytes.substr(0, 20), "truncated");
  expect_error(bytes.substr(0, 5), "truncated");
  expect_error(bytes + "x", "trailing");
  std::string flipped = bytes;
  flipped[1000] ^= 0x10;
  expect_error(flipped, "bad checksum");
  std::string magic = bytes;
  magic[0] = 'X';
  expect_error(magic, "magic");
  expect_error("", "magic");
  std::string version = bytes;
  version[8] = 9;
  expect_error(version, "format version 9");
  std::string set = bytes;
  set[12] = 7;
  expect_error(set, "pattern set 7");
  const ludus::Status missing = pat::read_weight_file(temp_path("no_such_file.bin"), back);
  CHECK_FALSE(bool(missing));
  CHECK(missing.error.find("cannot read") != std::string::npos);
  std::remove(good.c_str());
}

TEST_CASE("othello patterns: the Evaluator and PatternFile options") {
  const auto weights = random_weights(13, 300);
  const std::string good = temp_path("option.bin");
  REQUIRE(bool(pat::write_weight_file(good, weights, "")));
  const pat::PatternWeights direct(weights);
  std::mt19937_64 rng(5);
  const Board b = random_position(rng, 30);

  const auto specs = Othello::options();
  REQUIRE(specs.size() == 2);
  CHECK(specs[0].name == "Evaluator");
  // The shipped weights (book/othello-patterns.bin) make `pattern` the
  // default; without them it is `ludus`.
  const auto shipped = pat::shipped_weights();
  CHECK(shipped == pat::shipped_weights());  // read once
  CHECK(specs[0].default_value == (shipped ? "pattern" : "ludus"));
  CHECK(Othello::Config{}.evaluator == (shipped ? Othello::Config::Pattern : Othello::Config::Ludus));
  CHECK(Othello::Config{}.patterns == shipped);
  CHECK(std::find(specs[0].values.begin(), specs[0].values.end(), "pattern") != specs[0].values.end());
  CHECK(specs[1].name == "PatternFile");
  CHECK(specs[1].default_value == "<empty>");

  Othello::Config cfg;
  REQUIRE(bool(Othello::set_option(cfg, "Evaluator", "ludus")));
  REQUIRE(bool(Othello::set_option(cfg, "PatternFile", good)));
  CHECK(cfg.evaluator == Othello::Config::Ludus);  // a file alone does not change the evaluator
  REQUIRE(bool(Othello::set_option(cfg, "Evaluator", "pattern")));
  CHECK(cfg.evaluator == Othello::Config::Pattern);
  CHECK(Othello::evaluate(b, cfg) == direct.evaluate(b));
  CHECK(Othello::evaluate(b, cfg) != oth::evaluate(b));
  CHECK(Othello::eval_lines(b, cfg) == direct.eval_lines(b));

  // A missing or corrupt file: an error, and the configuration as it was
  // (the session keeps its copy only on success; set_option must not have
  // half-applied anything either).
  Othello::Config before = cfg;
  CHECK_FALSE(bool(Othello::set_option(cfg, "PatternFile", temp_path("missing.bin"))));
  CHECK(cfg.pattern_file == before.pattern_file);
  CHECK(cfg.patterns == before.patterns);
  std::string bytes = read_bytes(good);
  write_bytes(good, bytes.substr(0, bytes.size() / 2));
  Othello::Config ludus_cfg;
  REQUIRE(bool(Othello::set_option(ludus_cfg, "Evaluator", "ludus")));
  const auto ludus_weights = ludus_cfg.patterns;
  ludus_cfg.pattern_file = good;
  const ludus::Status st = Othello::set_option(ludus_cfg, "Evaluator", "pattern");
  CHECK_FALSE(bool(st));
  CHECK(st.error.find("truncated") != std::string::npos);
  CHECK(ludus_cfg.evaluator == Othello::Config::Ludus);
  CHECK(ludus_cfg.patterns == ludus_weights);
  std::remove(good.c_str());
}

namespace {

// Boards that differ only on `free` squares (each empty, own or opponent's)
// over a fixed midgame background: few enough configurations per pattern
// instance that a few thousand positions pin every weight they use down.
// `per_stage` boards of each stage that has that many among the candidates,
// shuffled (so that the held-out boards, every 10th, are of every stage).
std::vector<Board> synthetic_boards(std::uint64_t seed, int per_stage) {
  std::mt19937_64 rng(seed);
  const Board bg = random_position(rng, 24);
  const int free[] = {0, 9, 18, 20, 38, 45, 51, 62, 7};  // a1 b2 c3 e3 g5 f6 d7 g8 h1
  Bitboard mask = 0;
  for (int sq : free) mask |= oth::bit(sq);
  std::vector<std::vector<Board>> by_stage(pat::kNumStages);
  for (int n = 0; n < 20 * per_stage; ++n) {
    Board b{bg.own & ~mask, bg.opp & ~mask, bg.side};
    for (int sq : free) {
      const unsigned c = rng() % 3;
      if (c == 1) b.own |= oth::bit(sq);
      if (c == 2) b.opp |= oth::bit(sq);
    }
    if (!oth::game_over(b)) by_stage[pat::stage_of(b.empty_count())].push_back(b);
  }
  std::vector<Board> out;
  for (int i = 0; i < per_stage; ++i)
    for (const auto& v : by_stage)
      if (static_cast<int>(v.size()) >= per_stage) out.push_back(v[i]);
  std::shuffle(out.begin(), out.end(), rng);
  return out;
}

}  // namespace

TEST_CASE("othello patterns: the fit recovers known weights exactly") {
  // Labels made by a known weight vector (different at every stage), on
  // boards of several stages.
  const auto known = random_weights(17, 150);
  const pat::PatternWeights truth(known);
  const auto boards = synthetic_boards(3, 2500);
  std::vector<pat::Sample> samples;
  std::set<int> stages;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const float label = static_cast<float>(truth.evaluate(boards[i])) / 100.0f;
    samples.push_back(pat::make_sample(boards[i], label, i % 10 == 9));
    stages.insert(samples.back().stage);
  }
  CHECK(stages.size() >= 2);
  pat::FitOptions opt;
  opt.l2 = 1e-6;
  opt.smooth = 0;  // the stages' true weights differ
  opt.max_iterations = 3000;
  opt.tolerance = 1e-12;
  opt.threads = 2;
  const pat::FitResult fit = pat::fit_patterns(samples, opt);
  std::size_t held = 0;
  for (int st : stages) {
    CAPTURE(st);
    const auto& f = fit.stages[st];
    held += f.held;
    CHECK(f.train > 0);
    CHECK(f.held > 0);
    CHECK(f.train_rms < 1e-3);
    CHECK(f.held_rms < 1e-3);
  }
  CHECK(held == boards.size() / 10);
  // Through the file and the engine's integer evaluation: within the
  // rounding of the weights read (half a centi-disc each, the mobility
  // weight's times the mobility).
  const std::string path = temp_path("fit.bin");
  REQUIRE(bool(pat::write_weight_file(path, pat::quantize(fit.weights), "synthetic")));
  std::shared_ptr<const pat::PatternWeights> loaded;
  REQUIRE(bool(pat::load_pattern_weights(path, loaded)));
  int worst = 0;
  for (std::size_t i = 9; i < boards.size(); i += 10)
    worst = std::max(worst, std::abs(loaded->evaluate(boards[i]) - truth.evaluate(boards[i])));
  CHECK(worst <= 30);
  std::remove(path.c_str());
}

TEST_CASE("othello patterns: L2 shrinks, smoothing borrows from the neighbouring stages") {
  const auto known = random_weights(19, 150);
  const pat::PatternWeights truth(known);
  std::vector<pat::Sample> samples;
  for (const Board& b : synthetic_boards(4, 400))
    samples.push_back(pat::make_sample(b, static_cast<float>(truth.evaluate(b)) / 100.0f, false));
  auto norm = [](const std::vector<double>& w) {
    double s = 0;
    for (double x : w) s += x * x;
    return s;
  };
  pat::FitOptions opt;
  opt.smooth = 0;
  opt.l2 = 0.01;
  const auto loose = pat::fit_patterns(samples, opt);
  opt.l2 = 100;
  const auto tight = pat::fit_patterns(samples, opt);
  CHECK(norm(tight.weights) < 0.5 * norm(loose.weights));
  const int st = samples.front().stage;
  CHECK(tight.stages[st].train_rms > loose.stages[st].train_rms);
  // Stages without positions: without smoothing, a copy of the nearest
  // fitted stage; with it, fitted from the neighbours' positions.
  int empty_stage = -1;
  for (int s = 0; s < pat::kNumStages; ++s)
    if (loose.stages[s].fitted == 0 && ((s > 0 && loose.stages[s - 1].train > 0) ||
                                        (s + 1 < pat::kNumStages && loose.stages[s + 1].train > 0)))
      empty_stage = s;
  REQUIRE(empty_stage >= 0);
  auto stage_norm = [&](const pat::FitResult& r, int s) {
    double sum = 0;
    for (int j = 0; j < pat::kWeightsPerStage; ++j) sum += std::abs(r.weights[static_cast<std::size_t>(s) * pat::kWeightsPerStage + j]);
    return sum;
  };
  int nearest = -1;
  for (int d = 1; nearest < 0; ++d) {
    if (empty_stage + d < pat::kNumStages && loose.stages[empty_stage + d].fitted > 0) nearest = empty_stage + d;
    else if (empty_stage - d >= 0 && loose.stages[empty_stage - d].fitted > 0) nearest = empty_stage - d;
  }
  CHECK(stage_norm(loose, empty_stage) > 0);
  for (int j = 0; j < pat::kWeightsPerStage; ++j)
    REQUIRE(loose.weights[static_cast<std::size_t>(empty_stage) * pat::kWeightsPerStage + j] ==
            loose.weights[static_cast<std::size_t>(nearest) * pat::kWeightsPerStage + j]);
  opt.l2 = 0.01;
  opt.smooth = 0.5;
  const auto smooth = pat::fit_patterns(samples, opt);
  CHECK(smooth.stages[empty_stage].fitted > 0);
  CHECK(stage_norm(smooth, empty_stage) > 0);
}

TEST_CASE("othello patterns: a fit with a prior pulls towards it and keeps what the positions do not reach") {
  const auto known = random_weights(23, 150);
  const pat::PatternWeights truth(known);
  std::vector<pat::Sample> samples;
  for (const Board& b : synthetic_boards(5, 400))
    samples.push_back(pat::make_sample(b, static_cast<float>(truth.evaluate(b)) / 100.0f, false));
  std::vector<double> prior(known.begin(), known.end());
  for (double& x : prior) x /= 100.0;
  pat::FitOptions opt;
  opt.smooth = 0;
  opt.l2 = 0.01;
  opt.prior = &prior;
  // Labels the prior predicts exactly leave nothing to fit: the prior comes back.
  const auto same = pat::fit_patterns(samples, opt);
  double worst = 0;
  for (std::size_t i = 0; i < prior.size(); ++i) worst = std::max(worst, std::abs(same.weights[i] - prior[i]));
  CHECK(worst < 1e-6);
  // Another prior: the positions move the weights they use towards the
  // truth, and every weight they never use keeps the prior's value
  // (without a prior it would be 0, or a copied stage).
  std::vector<double> other = prior;
  std::mt19937_64 rng(29);
  for (double& x : other) x += static_cast<double>(static_cast<int>(rng() % 201) - 100) / 100.0;
  opt.prior = &other;
  const auto moved = pat::fit_patterns(samples, opt);
  std::vector<bool> used(prior.size(), false);
  for (const auto& s : samples) {
    const std::size_t o = static_cast<std::size_t>(s.stage) * pat::kWeightsPerStage;
    for (int i = 0; i < pat::kNumInstances; ++i)
      used[o + static_cast<std::size_t>(pat::packed_offset(pat::instance_kind(i))) + s.packed[i]] = true;
    used[o + pat::kPackedPerStage + pat::kGParity] = used[o + pat::kPackedPerStage + pat::kGMobility] = true;
  }
  std::size_t kept = 0, unused = 0;
  for (std::size_t i = 0; i < other.size(); ++i)
    if (!used[i]) {
      ++unused;
      kept += moved.weights[i] == other[i];
    }
  CHECK(unused > 0);
  CHECK(kept == unused);
  const int st = samples.front().stage;
  CHECK(moved.stages[st].train_rms < 1e-2);  // the labels are fitted through the prior
  opt.prior = nullptr;
  const auto plain = pat::fit_patterns(samples, opt);
  CHECK(plain.weights[static_cast<std::size_t>(st) * pat::kWeightsPerStage + pat::kPackedPerStage - 1] == 0.0);
  std::vector<double> short_prior(10, 0.0);
  opt.prior = &short_prior;
  CHECK_THROWS(pat::fit_patterns(samples, opt));
}
