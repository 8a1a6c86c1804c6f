// An attempt to solve fox-geese positions outright, the start position above
// all: depth-first proof-number search (df-pn, Nagai 2002) in its negamax form
// with the 1+epsilon threshold trick, over a transposition table. The game
// graph has no cycles (every goose move advances or raises the stall counter),
// so df-pn needs no repetition handling. Known results end the search early:
// finished games, positions with at most 3 geese (the fox wins: endgame
// tables), and a fox below every goose (it walks home).
// Positions not yet expanded start from proof and disproof numbers made of
// the mover's mobility and the fox's room (prove.cpp, initial()), which
// steer the search toward containing the fox.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "games/hunt/rules.h"

namespace ludus::fox_geese {

struct ProofResult {
  enum class Value { Unknown, SideToMoveWins, SideToMoveLoses } value = Value::Unknown;
  std::uint64_t nodes = 0;       // positions expanded
  double seconds = 0;
  std::uint64_t tt_stored = 0;   // distinct positions stored
  std::size_t tt_bytes = 0;
  std::uint64_t root_pn = 0, root_dn = 0;  // proof / disproof numbers of "the side to move wins"
  int max_ply = 0;
};

// Stops after `seconds` (or `max_nodes` expansions, if not 0) or when `stop`
// is set; `tt_mib` bounds the table.
ProofResult prove(const hunt::Pos& root, double seconds, std::uint64_t max_nodes, std::size_t tt_mib,
                  const std::atomic<bool>* stop = nullptr);

}  // namespace ludus::fox_geese
