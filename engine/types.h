// Basic vocabulary shared by the search core, the games and the protocols.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ludus {

// p1 moves first from every game's start position.
enum class Side : std::uint8_t { P1 = 0, P2 = 1 };

constexpr Side opposite(Side s) { return s == Side::P1 ? Side::P2 : Side::P1; }

enum class Outcome : std::uint8_t { Ongoing, P1Win, P2Win, Draw };

// Search scores, always from the side to move's point of view.
// Proven wins and losses sit at the ends of the range so that the search
// prefers the fastest win and the slowest loss: mate_in(ply) for a win
// reached `ply` plies from the root.
using Score = std::int32_t;
constexpr Score kInfinity = 32500;
constexpr Score kMateScore = 32000;
constexpr Score kMaxPly = 1000;
constexpr Score kMateBound = kMateScore - kMaxPly;  // |score| >= this: proven
constexpr int kMaxSearchPly = 128;                 // the deepest line a search follows
constexpr Score kNoScore = -32700;                 // "no value" marker

constexpr Score mate_in(int ply) { return kMateScore - ply; }
constexpr Score mated_in(int ply) { return -kMateScore + ply; }
constexpr bool is_mate_score(Score s) { return s >= kMateBound || s <= -kMateBound; }

// Win/loss scores are stored in the transposition table relative to the node,
// not the root, so that they stay correct when found again at another ply.
constexpr Score score_to_tt(Score s, int ply) {
  return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s;
}
constexpr Score score_from_tt(Score s, int ply) {
  return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s;
}

// The result of an engine-level check of some input (a FEN, a move, an
// option value): either ok, or a message that ends up in an error line.
struct Status {
  std::string error;  // empty when ok
  explicit operator bool() const { return error.empty(); }
  static Status ok() { return {}; }
  static Status fail(std::string why) { return Status{std::move(why)}; }
};

}  // namespace ludus
