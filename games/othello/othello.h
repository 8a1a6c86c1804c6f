// Othello for the engine: the traits struct that engine/game_concept.h asks
// for. Rules: docs/rules/othello.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.h"
#include "engine/types.h"
#include "games/othello/board.h"
#include "games/othello/endgame.h"
#include "games/othello/pattern_indexes.h"

namespace ludus {

namespace othello::patterns {
class PatternWeights;
std::shared_ptr<const PatternWeights> shipped_weights();
}

struct Othello {
  // A board with its pattern indexes, kept move by move for `pattern`.
  using Position = othello::IndexedBoard;
  using Move = othello::Move;
  using Solver = othello::EndgameSolver;

  static constexpr std::string_view kName = "othello";
  static constexpr int kMaxMoves = 60;  // one per empty non-centre square at most
  // Othello ends only when neither side can move (rules 6.1).
  static constexpr bool kEndsWithMovesLeft = false;
  // Rules 5.3: a finished game is a leaf of perft at any depth.
  static constexpr bool kPerftFinishedIsLeaf = true;
  // Every evaluator returns the exact final score of a finished game
  // (terminal_score), so a horizon node needs no move list.
  static constexpr bool kLeafEvaluatesTerminal = true;
  // A node costs little more than its table probe's cache miss, and a move
  // is a few shifts: prefetching the next child's bucket takes 6-12% off
  // the time to a fixed depth (docs/games/othello.md).
  static constexpr bool kPrefetchChildren = true;

  struct Config {
    std::string pattern_file;  // PatternFile; empty: patterns::default_pattern_file()
    // The weights in use by `pattern` (shared: the session copies the
    // configuration): at first the shipped file's, read once a process.
    std::shared_ptr<const othello::patterns::PatternWeights> patterns = othello::patterns::shipped_weights();
    // `pattern` when the shipped weight file could be read, else `ludus`.
    enum Evaluator { Ludus, Seed, Pattern } evaluator = patterns ? Pattern : Ludus;
  };

  // Evaluator (combo ludus|seed|pattern, default pattern, or ludus when the
  // shipped weight file cannot be read) and PatternFile
  // (string, the weight file of `pattern`, read and checked when set and
  // when `pattern` is selected; docs/games/othello.md).
  static std::vector<OptionSpec> options();
  static Status set_option(Config& cfg, std::string_view name, std::string_view value);

  static Position start(const Config& cfg);
  static Side side_to_move(const Position& pos) { return pos.side; }
  static int legal_moves(const Position& pos, Move* out) { return othello::generate_moves(pos, out); }
  // Inlined so that othello::play's index update drops where only the key is used.
  [[gnu::always_inline]] static Position play(const Position& pos, Move m) { return othello::play(pos, m); }
  static std::uint64_t key(const Position& pos) { return othello::hash_key(pos); }
  static Outcome outcome(const Position& pos) { return othello::outcome(pos); }
  // The exact final score (rules 6.3) for the side to move x100: this game
  // reports disc margins as `score cp`, not mate scores. `ply` is unused.
  static Score terminal_score(const Position& pos, int ply);
  static Score evaluate(const Position& pos, const Config& cfg);

  static std::string move_to_string(Move m);
  static Status parse_move(const Position& pos, std::string_view text, Move& out);
  static std::string to_fen(const Position& pos);
  static Status parse_fen(std::string_view text, Position& out, const Config& cfg);
  static std::vector<std::string> board_lines(const Position& pos);
  static std::vector<std::string> eval_lines(const Position& pos, const Config& cfg);

  // 0 = no move; squares 0..63 -> 1..64; pass -> 65.
  static std::uint16_t pack(Move m) { return m.is_none() ? 0 : static_cast<std::uint16_t>(m.sq + 1); }
  static Move unpack(std::uint16_t v) {
    return v >= 1 && v <= 65 ? Move{static_cast<std::uint8_t>(v - 1)} : othello::kNoMove;
  }

  // Cheap static ordering prior for the midgame search, larger first: few
  // opponent replies after the move, plus a square-value table (corners
  // good, X- and C-squares next to empty corners bad). At a node one ply
  // from the horizon only the square value: there the replies cost more
  // (a flip and a move generation per move) than the better order saves.
  static int order_hint(const Position& pos, Move m, int depth = 99);

  // The solver takes over when the remaining depth reaches the number of
  // empty squares (the game cannot last longer than that in placements).
  static int exact_depth(const Position& pos) { return pos.empty_count(); }
  // The jump to the solver waits for a midgame iteration of depth 14 (half
  // the empties beyond 24): its score centres the solve's aspiration window,
  // and a shallow guess far from the value costs whole extra proofs (FFO
  // #45, 24 empties: from depth 3, guess +12 against the true +6, 2.2x the
  // nodes of a start from depth 14; FFO #40-#47: 2.5x the time in all).
  static int solve_jump_depth(const Position& pos) { return std::max(14, pos.empty_count() / 2 + 2); }

  // When the exact solve of the root does not fit the time, prove only who
  // wins (Zebra's and Edax's WLD search): disc margins are even, the sign
  // of the score decides the game, and a proof of the sign costs a fraction
  // of the exact score (0.1-0.4 s against about 1 s at 22 empties). Against
  // Zebra (which proves the result from 24 empties) Ludus's choices at 24
  // empties by the midgame search lost the game-theoretic result in 4 of 60
  // games. The proof starts at the solver's selective levels
  // (EndgameSolver::kSelectiveLevels), which bring a probable result at 24
  // empties within 30-300 ms.
  static constexpr bool kWinDrawLossSolve = true;

  // Aspiration windows: the side that moves last at the horizon gains, so
  // consecutive depths' root scores differ by about 1.5 discs while depths
  // two apart agree on average; a window around the score two iterations
  // back, 1.5 discs each side, fails far less often (measurements:
  // docs/games/othello.md, "Aspiration windows of the depth's parity").
  static constexpr Score kAspirationDelta = 150;
  static constexpr bool kAspirationSameParity = true;

  // ProbCut (engine/search.h): a search of about half the depth, of the
  // same parity (the side to move at the horizon matters in Othello),
  // predicts the deep value within a few discs; margin = t x that error.
  static bool probcut(const Position& pos, int depth, int& shallow, Score& margin);

  // Time management: the mover's moves that need time. From 18 empties an
  // exact solve takes tens of milliseconds, so the clock is planned over the
  // moves before them plus two; the time manager plans for at least 8, which
  // leaves the proofs at 20-26 empties (kWinDrawLossSolve) their share.
  static int moves_left(const Position& pos) { return std::max(0, pos.empty_count() - 18 + 1) / 2 + 2; }

  // `bench`: the start and eight midgame positions (random games of 18-30
  // plies, Black to move), searched to kBenchDepth.
  static constexpr int kBenchDepth = 12;
  static std::vector<std::string> bench_fens() {
    return {
        "---------------------------OX------XO--------------------------- X",
        "----O----XXXOX--XXXXOXXO---XOXXX-XXXXXX---O-OX---O----X--------- X",
        "OXXXX----XOX-OO-XXOOOOX-XXOOOXX--XXXOO----XXXOO----------------- X",
        "-----------X----X--XX----X-XOO---XXOOOO---OX-O----O-X-X----O-X-- X",
        "-----------OO------OOO----XXOXO--XXXOOX-XXOXOOX----OOOO----XO--O X",
        "-XXX------XXX-----OOOOOX--OOX-X---OXOX-O---XXOO---XXXOXX---OOO-- X",
        "---X-------XXO---O-XXX--XOOOXXOO-O-OOXO--OOOOOO----O--O---O----- X",
        "---OX-------O-----OOXXX--XOOOXOOOXXXXX---O-X-XO--XXXX-O--X-O--OX X",
        "-------------------XO------OO-O-O-OXOXXO-O-XOXO-XXOOOX--OOOOOOX- X",
    };
  }
};

}  // namespace ludus
