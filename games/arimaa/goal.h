// Goal detection: can the side to move end its turn with a rabbit on its
// goal row within the steps left in this turn? The detector replays real
// legal steps (board.h), so a "yes" is always true (the search turns it
// into a proven win); it only looks at steps near rabbits that are close
// enough to the goal, so a "no" may miss exotic goals far from the rabbit.
#pragma once

#include "games/arimaa/board.h"

namespace ludus::arimaa {

// The fewest steps (0..limit) after which the side to move can end its turn
// with one of its rabbits on its goal row; -1 if none was found. `limit` is
// capped by the steps left in the turn. 0 means a rabbit already reached
// the goal row in this turn and the turn can end now.
int goal_steps(const Position& p, int limit);

// Plies until the game is won by a goal in this turn (steps plus the
// end-of-turn move when the turn does not end by itself), or 0.
int goal_win_plies(const Position& p);

// The goal threat of the side NOT to move: the steps its next turn needs
// to reach the goal on the current board (1..4), or -1. (The side to move
// may still stop it with the steps it has left.)
int opponent_goal_threat(const Position& p);

// Can the side to move stop the opponent's goal threat (opponent_goal_threat
// on the current board) with the steps it has left: end its turn on a board
// where the opponent has no goal in its next turn? A depth-first search
// over its real steps that start or end near the opponent's rabbits that
// can reach the goal and their ways there, fewest steps first. `budget`
// caps the nodes visited; when it runs out the answer is "yes" (unproven),
// so a "no" means no defence was found among those steps.
bool can_stop_goal_threat(const Position& p, int& budget);

// A lower bound on the steps of colour c's own play that bring one of its
// rabbits at most six rows from its goal row there, ignoring what the
// opponent does in between (path_costs: the rabbit's steps, the steps its
// way's occupants need to leave, one more if it is frozen); kNoGoalPath
// when no rabbit is that close. The evaluation reads 5..8 as a goal two
// turns away.
constexpr int kNoGoalPath = 99;
int goal_path_steps(const Position& p, int c);

// Steps a lone rabbit of colour c on sq needs at least to reach its goal row.
inline int rabbit_distance(int c, int sq) { return c == kGold ? 7 - rank_of(sq) : rank_of(sq); }

}  // namespace ludus::arimaa
