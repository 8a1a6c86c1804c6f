// Two tiny games for testing the search core independently of the real games:
//   TicTacToe - alternating sides, mate scores, draws.
//   TakeAway  - Nim-like: a turn is TWO sub-moves by the same player (take 1
//               or 2 stones each), so the side to move does not change
//               between every ply; taking the last stone wins.
//   LateRefutation - turns of two sub-moves (8 choices each) whose scripted
//               evaluation makes the first choice 0 best up to depth 6 and
//               refutes it from depth 7 on (a root fail-low under aspiration).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/game_concept.h"
#include "engine/search.h"

namespace ludus::toy {

// What the toy games share: no options, no evaluation terms, the side to
// move kept in the position, the FEN as the board.
template <class G>
struct ToyTraits {
  struct Config {};
  static std::vector<OptionSpec> options() { return {}; }
  static Status set_option(Config&, std::string_view, std::string_view) { return Status::fail("none"); }
  template <class P>
  static Side side_to_move(const P& p) {
    return p.side;
  }
  template <class P>
  static std::vector<std::string> board_lines(const P& p) {
    return {G::to_fen(p)};
  }
  template <class P>
  static std::vector<std::string> eval_lines(const P&, const Config&) {
    return {};
  }
};

struct TicTacToe : ToyTraits<TicTacToe> {
  static constexpr std::string_view kName = "tictactoe";
  static constexpr int kMaxMoves = 9;
  struct Position {
    std::array<char, 9> cells{};  // 0, 'x', 'o'
    Side side = Side::P1;
  };
  using Move = int;

  static Position start(const Config&) { return {}; }
  static char winner(const Position& p) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (auto& l : lines)
      if (p.cells[l[0]] && p.cells[l[0]] == p.cells[l[1]] && p.cells[l[1]] == p.cells[l[2]])
        return p.cells[l[0]];
    return 0;
  }
  static Outcome outcome(const Position& p) {
    const char w = winner(p);
    if (w) return w == 'x' ? Outcome::P1Win : Outcome::P2Win;
    for (char c : p.cells)
      if (!c) return Outcome::Ongoing;
    return Outcome::Draw;
  }
  static constexpr bool kEndsWithMovesLeft = true;
  // Count finished games as leaves, so perft(9) is the number of games.
  static constexpr bool kPerftFinishedIsLeaf = true;
  static int legal_moves(const Position& p, Move* out) {
    if (winner(p)) return 0;
    int n = 0;
    for (int i = 0; i < 9; ++i)
      if (!p.cells[i]) out[n++] = i;
    return n;
  }
  static Position play(const Position& p, Move m) {
    Position c = p;
    c.cells[m] = p.side == Side::P1 ? 'x' : 'o';
    c.side = opposite(p.side);
    return c;
  }
  static std::uint64_t key(const Position& p) {
    std::uint64_t k = p.side == Side::P1 ? 1 : 2;
    for (char c : p.cells) k = k * 3 + (c == 'x' ? 1 : c == 'o' ? 2 : 0);
    return k * 0x9E3779B97F4A7C15ull;
  }
  static Score terminal_score(const Position& p, int ply) {
    const Outcome o = outcome(p);
    if (o == Outcome::Draw) return 0;
    const bool p1_won = o == Outcome::P1Win;
    return (p1_won == (p.side == Side::P1)) ? mate_in(ply) : mated_in(ply);
  }
  static Score evaluate(const Position&, const Config&) { return 0; }
  static std::string move_to_string(Move m) { return std::to_string(m); }
  static Status parse_move(const Position& p, std::string_view s, Move& m) {
    if (s.size() != 1 || s[0] < '0' || s[0] > '8') return Status::fail("bad move");
    m = s[0] - '0';
    if (p.cells[m] || winner(p)) return Status::fail("illegal move");
    return Status::ok();
  }
  static std::string to_fen(const Position& p) {
    std::string s;
    for (char c : p.cells) s += c ? c : '-';
    return s + (p.side == Side::P1 ? " x" : " o");
  }
  static Status parse_fen(std::string_view s, Position& p, const Config&) {
    if (s.size() != 11) return Status::fail("bad fen");
    for (int i = 0; i < 9; ++i) p.cells[i] = s[i] == '-' ? 0 : s[i];
    p.side = s[10] == 'x' ? Side::P1 : Side::P2;
    return Status::ok();
  }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m + 1); }
  static Move unpack(std::uint16_t u) { return u - 1; }
};

struct TakeAway : ToyTraits<TakeAway> {
  static constexpr std::string_view kName = "takeaway";
  static constexpr int kMaxMoves = 2;
  struct Position {
    int stones = 0;
    int step = 0;  // 0: first sub-move of the turn, 1: second
    Side side = Side::P1;
    Side last_taker = Side::P1;
  };
  using Move = int;  // stones taken: 1 or 2
  static constexpr bool kMultiMoveTurns = true;

  // A turn token: its sub-moves joined by commas, e.g. "2,1".
  static std::string turn_to_string(const Position&, const std::vector<Move>& moves) {
    std::string s;
    for (int m : moves) s += (s.empty() ? "" : ",") + std::to_string(m);
    return s;
  }
  static Status parse_turn(const Position& p, std::string_view token, std::vector<Move>& out) {
    Position now = p;
    while (!token.empty()) {
      const auto comma = token.find(',');
      const std::string_view part = token.substr(0, comma);
      Move m{};
      if (Status st = parse_move(now, part, m); !st) return st;
      if (now.side != p.side || now.stones == 0) return Status::fail("turn too long");
      out.push_back(m);
      now = play(now, m);
      token = comma == std::string_view::npos ? std::string_view{} : token.substr(comma + 1);
    }
    if (now.side == p.side && now.stones > 0) return Status::fail("unfinished turn");
    return Status::ok();
  }

  static Position start(const Config&) { return {11, 0, Side::P1, Side::P1}; }
  static Outcome outcome(const Position& p) {
    if (p.stones > 0) return Outcome::Ongoing;
    return p.last_taker == Side::P1 ? Outcome::P1Win : Outcome::P2Win;
  }
  static int legal_moves(const Position& p, Move* out) {
    int n = 0;
    for (int k = 1; k <= 2 && k <= p.stones; ++k) out[n++] = k;
    return n;
  }
  static Position play(const Position& p, Move m) {
    Position c = p;
    c.stones -= m;
    c.last_taker = p.side;
    if (p.step == 0 && c.stones > 0) {
      c.step = 1;  // the same player moves again
    } else {
      c.step = 0;
      c.side = opposite(p.side);
    }
    return c;
  }
  static std::uint64_t key(const Position& p) {
    return (static_cast<std::uint64_t>(p.stones) * 4 + p.step * 2 + (p.side == Side::P2)) *
               0x9E3779B97F4A7C15ull +
           1;
  }
  static Score terminal_score(const Position& p, int ply) {
    const bool p1_won = outcome(p) == Outcome::P1Win;
    return (p1_won == (p.side == Side::P1)) ? mate_in(ply) : mated_in(ply);
  }
  static Score evaluate(const Position&, const Config&) { return 0; }
  static std::string move_to_string(Move m) { return std::to_string(m); }
  static Status parse_move(const Position& p, std::string_view s, Move& m) {
    if (s != "1" && s != "2") return Status::fail("bad move");
    m = s[0] - '0';
    if (m > p.stones) return Status::fail("illegal move");
    return Status::ok();
  }
  static std::string to_fen(const Position& p) {
    return std::to_string(p.stones) + " " + std::to_string(p.step) + (p.side == Side::P1 ? " 1" : " 2");
  }
  static Status parse_fen(std::string_view, Position&, const Config&) { return Status::fail("unsupported"); }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m); }
  static Move unpack(std::uint16_t u) { return u; }
};

// A token on points 0..3; each turn moves it one point left or right.
// P1 wins by moving it to 3, P2 by moving it to 0. With a repetition rule the
// game is finite, and its value depends on the history: a test bed for the
// engine's repetition handling.
template <RepetitionRule Rule>
struct Walk {
  static constexpr std::string_view kName = "walk";
  static constexpr int kMaxMoves = 2;
  static constexpr RepetitionRule kRepetition = Rule;
  static constexpr bool kEndsWithMovesLeft = true;
  struct Config {};
  struct Position {
    int at = 1;
    Side side = Side::P1;
  };
  using Move = int;  // -1 or +1

  static std::vector<OptionSpec> options() { return {}; }
  static Status set_option(Config&, std::string_view, std::string_view) { return Status::fail("none"); }
  static Position start(const Config&) { return {}; }
  static Side side_to_move(const Position& p) { return p.side; }
  static Outcome outcome(const Position& p) {
    if (p.at == 3) return Outcome::P1Win;
    if (p.at == 0) return Outcome::P2Win;
    return Outcome::Ongoing;
  }
  static int legal_moves(const Position& p, Move* out) {
    if (outcome(p) != Outcome::Ongoing) return 0;
    out[0] = +1;
    out[1] = -1;
    return 2;
  }
  static Position play(const Position& p, Move m) { return {p.at + m, opposite(p.side)}; }
  static std::uint64_t key(const Position& p) {
    return (static_cast<std::uint64_t>(p.at) * 2 + (p.side == Side::P2) + 1) * 0x9E3779B97F4A7C15ull;
  }
  static Score terminal_score(const Position& p, int ply) {
    const Outcome o = outcome(p);
    if (o == Outcome::Ongoing) return mated_in(ply);  // no move left: the mover lost
    return ((o == Outcome::P1Win) == (p.side == Side::P1)) ? mate_in(ply) : mated_in(ply);
  }
  static Score evaluate(const Position&, const Config&) { return 0; }
  static std::string move_to_string(Move m) { return m > 0 ? "r" : "l"; }
  static Status parse_move(const Position& p, std::string_view s, Move& m) {
    if (s != "r" && s != "l") return Status::fail("bad move");
    if (outcome(p) != Outcome::Ongoing) return Status::fail("game over");
    m = s == "r" ? 1 : -1;
    return Status::ok();
  }
  static std::string to_fen(const Position& p) { return std::to_string(p.at) + (p.side == Side::P1 ? " 1" : " 2"); }
  static Status parse_fen(std::string_view, Position&, const Config&) { return Status::fail("unsupported"); }
  static std::vector<std::string> board_lines(const Position& p) { return {to_fen(p)}; }
  static std::vector<std::string> eval_lines(const Position&, const Config&) { return {}; }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m + 2); }
  static Move unpack(std::uint16_t u) { return u - 2; }
};

// Turns of two sub-moves, each one of 8 choices; the game never ends. The
// evaluation is scripted on the line played: for P1, a line that began with
// choice 0 is worth +100 while it is at most 6 sub-moves long and -500 from
// 7 sub-moves on; every other line 0. So iterative deepening keeps 0 as its
// best first sub-move through depth 6, and at depth 7 the aspiration window
// around +100 sees every root move fail low: the first (0) at -500, the
// others at 0.
struct LateRefutation : ToyTraits<LateRefutation> {
  static constexpr std::string_view kName = "laterefutation";
  static constexpr int kMaxMoves = 8;
  static constexpr bool kMultiMoveTurns = true;
  struct Position {
    std::uint64_t key = 1;  // the line played, hashed
    int len = 0;            // sub-moves played
    int first = -1;         // the first sub-move of the line
    Side side = Side::P1;
  };
  using Move = int;

  static std::string turn_to_string(const Position&, const std::vector<Move>& moves) {
    std::string s;
    for (int m : moves) s += (s.empty() ? "" : ",") + std::to_string(m);
    return s;
  }
  static Status parse_turn(const Position&, std::string_view, std::vector<Move>&) { return Status::fail("unsupported"); }
  static Position start(const Config&) { return {}; }
  static Outcome outcome(const Position&) { return Outcome::Ongoing; }
  static int legal_moves(const Position&, Move* out) {
    for (int k = 0; k < kMaxMoves; ++k) out[k] = k;
    return kMaxMoves;
  }
  static Position play(const Position& p, Move m) {
    Position c = p;
    c.key = (p.key ^ static_cast<std::uint64_t>(m + 1)) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    if (p.len == 0) c.first = m;
    ++c.len;
    if (c.len % 2 == 0) c.side = opposite(p.side);  // a turn is two sub-moves
    return c;
  }
  static std::uint64_t key(const Position& p) { return p.key; }
  static Score terminal_score(const Position&, int) { return 0; }
  static Score evaluate(const Position& p, const Config&) {
    const Score for_p1 = p.first != 0 ? 0 : p.len <= 6 ? 100 : -500;
    return p.side == Side::P1 ? for_p1 : -for_p1;
  }
  static std::string move_to_string(Move m) { return std::to_string(m); }
  static Status parse_move(const Position&, std::string_view, Move&) { return Status::fail("unsupported"); }
  static std::string to_fen(const Position& p) { return std::to_string(p.len); }
  static Status parse_fen(std::string_view, Position&, const Config&) { return Status::fail("unsupported"); }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m + 1); }
  static Move unpack(std::uint16_t u) { return u - 1; }
};

static_assert(GameTraits<TicTacToe>);
static_assert(GameTraits<TakeAway>);
static_assert(GameTraits<LateRefutation>);

// A game without end: each ply is a cheap move (0) or a costly one (1) that
// uses 3 plies of search depth (HasDepthCost, as an Arimaa turn ended early
// gives up its steps). The evaluation is the number of plies played, good
// for P1: P2 plays costly moves to reach the horizon sooner, P1 cheap ones.
struct Costly : ToyTraits<Costly> {
  static constexpr std::string_view kName = "costly";
  static constexpr int kMaxMoves = 2;
  struct Position {
    int plies = 0, costly = 0;  // plies played, costly moves among them
    Side side = Side::P1;
  };
  using Move = int;

  static Position start(const Config&) { return {}; }
  static Outcome outcome(const Position&) { return Outcome::Ongoing; }
  static int legal_moves(const Position&, Move* out) {
    out[0] = 0;
    out[1] = 1;
    return 2;
  }
  static Position play(const Position& p, Move m) { return {p.plies + 1, p.costly + m, opposite(p.side)}; }
  static int depth_cost(const Position&, Move m) { return m == 1 ? 3 : 1; }
  static std::uint64_t key(const Position& p) {
    return (static_cast<std::uint64_t>(p.plies) * 256 + static_cast<std::uint64_t>(p.costly) * 2 +
            (p.side == Side::P2) + 1) *
           0x9E3779B97F4A7C15ull;
  }
  static Score terminal_score(const Position&, int ply) { return mated_in(ply); }
  static Score evaluate(const Position& p, const Config&) {
    return static_cast<Score>(p.side == Side::P1 ? p.plies : -p.plies);
  }
  static std::string move_to_string(Move m) { return std::to_string(m); }
  static Status parse_move(const Position&, std::string_view s, Move& m) {
    if (s != "0" && s != "1") return Status::fail("bad move");
    m = s[0] - '0';
    return Status::ok();
  }
  static std::string to_fen(const Position& p) {
    return std::to_string(p.plies) + " " + std::to_string(p.costly) + (p.side == Side::P1 ? " 1" : " 2");
  }
  static Status parse_fen(std::string_view, Position&, const Config&) { return Status::fail("unsupported"); }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m + 1); }
  static Move unpack(std::uint16_t u) { return u - 1; }
};

static_assert(GameTraits<Costly>);

// Each player in turn picks one of 4 moves, which adds 0-3 points (a hash of
// the line played so far) to the mover's lead, 0-300 on the first two
// plies; the evaluation is the lead. Two more plies from ply 2 on change a
// value by at most 3 points either way, so below the root a search 2 plies
// shallower bounds the deep value within 3: ProbCut with a margin of 4 is
// sound, and RaceCut (below) must find exactly Race's values. The first
// plies' large gains spread the values, so the cuts are taken often.
struct Race : ToyTraits<Race> {
  static constexpr std::string_view kName = "race";
  static constexpr int kMaxMoves = 4;
  static constexpr int kLength = 40;  // plies; deeper than any test searches
  struct Position {
    int lead = 0;  // P1's points minus P2's
    int plies = 0;
    std::uint64_t line = 1;  // hash of the moves played
    Side side = Side::P1;
  };
  using Move = int;  // 0..3

  static Position start(const Config&) { return {}; }
  static int gain(const Position& p, Move m) {
    const int g = static_cast<int>(((p.line * 4 + static_cast<std::uint64_t>(m)) * 0x9E3779B97F4A7C15ull) >> 62);
    return p.plies < 2 ? 100 * g : g;
  }
  static Outcome outcome(const Position& p) {
    if (p.plies < kLength) return Outcome::Ongoing;
    return p.lead > 0 ? Outcome::P1Win : p.lead < 0 ? Outcome::P2Win : Outcome::Draw;
  }
  static int legal_moves(const Position& p, Move* out) {
    if (p.plies >= kLength) return 0;
    for (int m = 0; m < 4; ++m) out[m] = m;
    return 4;
  }
  static Position play(const Position& p, Move m) {
    const int g = gain(p, m);
    return {p.lead + (p.side == Side::P1 ? g : -g), p.plies + 1, p.line * 0x100000001B3ull + static_cast<std::uint64_t>(m) + 1,
            opposite(p.side)};
  }
  static std::uint64_t key(const Position& p) { return p.line * 0xC2B2AE3D27D4EB4Full + (p.side == Side::P2); }
  static Score evaluate(const Position& p, const Config&) {
    return static_cast<Score>(p.side == Side::P1 ? p.lead : -p.lead);
  }
  static Score terminal_score(const Position& p, int) { return evaluate(p, {}); }
  static std::string move_to_string(Move m) { return std::to_string(m); }
  static Status parse_move(const Position&, std::string_view s, Move& m) {
    if (s.size() != 1 || s[0] < '0' || s[0] > '3') return Status::fail("bad move");
    m = s[0] - '0';
    return Status::ok();
  }
  static std::string to_fen(const Position& p) { return std::to_string(p.lead) + " " + std::to_string(p.plies); }
  static Status parse_fen(std::string_view, Position&, const Config&) { return Status::fail("unsupported"); }
  static std::uint16_t pack(Move m) { return static_cast<std::uint16_t>(m + 1); }
  static Move unpack(std::uint16_t u) { return u - 1; }
};

struct RaceCut : Race {
  static constexpr std::string_view kName = "racecut";
  static bool probcut(const Position&, int depth, int& shallow, Score& margin) {
    if (depth < 3) return false;
    shallow = depth - 2;
    margin = 4;
    return true;
  }
};

static_assert(GameTraits<Race>);
static_assert(GameTraits<RaceCut>);
static_assert(HasProbCut<RaceCut> && !HasProbCut<Race>);

}  // namespace ludus::toy
