// Exact fox-geese endgames: retrograde tables (games/hunt/tablebase.h) of
// every position with at most kEndgameGeese geese, all stall counters and
// both sides to move (4.4 million positions, 8.7 MB, about 0.5 s of CPU).
// With fewer than 4 geese the fox always wins (rules 10.6); the tables give
// the exact length of its win, so the search reports `score mate n` and plays
// the fastest win / slowest loss there.
//
// The search never waits for them: the first time it meets a position with
// at most kEndgameTrigger geese it starts building the tables on a background
// thread, and uses them once they are complete (endgame_tables_ready()).
#pragma once

#include "games/hunt/tablebase.h"

namespace ludus::fox_geese {

constexpr int kEndgameGeese = 3;
constexpr int kEndgameTrigger = 6;

// The tables, or nullptr while they are not built.
const hunt::Tablebase* endgame_tables_ready();
// Starts the background build if it has not started yet.
void start_endgame_build();
// The tables, built (or waited for) on the spot: for tools and tests.
const hunt::Tablebase& endgame_tables();

}  // namespace ludus::fox_geese
