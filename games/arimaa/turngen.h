// Whole turns: enumeration of the distinct turns of a position (rules
// §5.8: a move is identified by its resulting position), sequence counts,
// and the end-of-game checks (§6.1).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"
#include "games/arimaa/board.h"

namespace ludus::arimaa {

// One step sequence per distinct resulting position, fewest steps first
// (breadth first over the step tree; within a length, generation order).
// Each sequence ends with the end-of-turn move unless its 4th step ended
// the turn. In the setup phase: the book setups (one move each).
// Repetitions (rule 4) are not filtered here.
void enumerate_turns(const Position& p, std::vector<std::vector<Move>>& out);

// The number of distinct resulting positions (what enumerate_turns would
// list), without building the sequences. The setup phase counts 64864800.
std::uint64_t count_turns(const Position& p);

// The number of distinct legal step sequences (rules §10 "seq").
std::uint64_t count_sequences(const Position& p);

// §6.1 checks 1-5 at the start of a play-phase turn; Ongoing elsewhere.
Outcome outcome(const Position& p);

// Number of legal setups per side.
constexpr std::uint64_t kSetupCount = 64864800;

}  // namespace ludus::arimaa
