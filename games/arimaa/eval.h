// Ludus's Arimaa evaluation (rules doc §10.3), in centi-rabbits for the
// side to move (the first rabbit capture from the start is worth 100):
//
//   material   HarLog: G ln(R_us P_us / (R_them P_them)) + sum over
//              non-rabbits of 1 / (Q + number of stronger enemy pieces),
//              so rabbits gain value as they get fewer and a piece is worth
//              what it can dominate
//   traps      control of each trap by the pieces on its neighbour squares
//              (and one step further), the elephant counting most
//   frozen     own frozen pieces, worse next to a trap the enemy controls
//   danger     pieces that can be pushed or pulled onto a weak trap
//   elephant   centralisation and mobility; a blockaded elephant
//   rabbits    advancement (more as the enemy army shrinks), support
//   runways    advanced rabbits' open ways to the goal row
//   race       a rabbit two turns from the goal row (goal_path_steps 5-8)
//   captures   7/10 of the best capture the side to move can make in the
//              steps it has left (capture.h)
//   goal       the opponent's goal threat for its next turn, as good as a
//              lost game when no sequence of steps left stops it
//   threats    3/10 of the best capture the opponent could make in its
//              next turn were the side to move to pass now, a tenth more
//              for each step of the turn already spent
//   hostages   enemy pieces held frozen next to a trap we control
//   frames     enemy pieces framed on a trap by their last supporter
//   pressure   threats to pieces two turns ahead: for each piece near a
//              trap the enemy controls, a share of its value learned
//              from Sharp's per-piece threat values (threat_table.h)
//   placement  each piece's square by its rank (the enemy pieces stronger
//              than it), a table learned from Sharp's moves (placement.h)
//
// Each term has a weight in percent, fitted to game results by
// arimaa_eval_fit (tune/eval_fit.cpp); the score is their weighted sum.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/types.h"
#include "games/arimaa/board.h"

namespace ludus::arimaa {

Score evaluate(const Position& p);
// The search's lazy evaluation: evaluate(p) when it lies strictly between
// `lo` and `hi`; when it is at least `hi`, a value v with hi <= v <=
// evaluate(p); when it is at most `lo`, a value v with evaluate(p) <= v <=
// lo. (One group of costly terms, the opponent's threats, never positive,
// or the captures, never negative, is skipped when the rest decides.)
Score evaluate_within(const Position& p, Score lo, Score hi);
std::vector<std::string> eval_lines(const Position& p);

// The terms before their weights, for the fitter (tune/eval_fit.cpp): the
// score is the sum of term x percent / 100, each rounded on its own.
// `goal` is the stoppable threat, `unstoppable` the one no defence stops
// (one of the two is 0). All zero in the setup phase.
constexpr int kNumEvalTerms = 17;
inline constexpr const char* kEvalTermNames[kNumEvalTerms] = {
    "material", "traps", "frozen",   "danger", "elephant", "pieces",  "rabbits",     "runways",
    "race",     "goal",  "hostages", "frames", "captures", "threats", "unstoppable", "pressure",
    "placement"};
std::array<int, kNumEvalTerms> eval_terms(const Position& p);
std::array<int, kNumEvalTerms> eval_term_percents();

// Trap control of each trap (index 0..3 = c3, f3, c6, f6) by each colour:
// pieces beside it count twice their weight, one square further once (the
// elephant 12, camel 8, horse 6, dog 4, cat 3, rabbit 2).
void trap_controls(const Position& p, int control[4][2]);

// Material only (HarLog, centi-rabbits) for colour c minus the other.
int material_balance(const Position& p, int c);

}  // namespace ludus::arimaa
