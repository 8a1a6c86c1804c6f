// Static evaluations of fox-geese positions, in centi-geese (100 = one goose).
#pragma once

#include <string>
#include <vector>

#include "games/hunt/rules.h"

namespace ludus::fox_geese {

// Ludus evaluation, from the geese's point of view:
//  - material: 100 per goose (0 with 15 geese); fewer than 4 cannot trap the fox;
//  - decisive: a fox below every goose walks home;
//  - the fox's progress: its closeness to rank 1 and the geese it has passed
//    (geese cannot come back); and, when the engine plays the geese, a bonus
//    for a fox driven into the top arm, where 4 geese can trap it (an
//    asymmetric term: the engine's fox plays better without it);
//  - containment: the points the fox reaches by steps through empty points,
//    and whether that region touches rank 1 (a gap in the geese's line);
//  - fox mobility (steps plus jumps);
//  - capture threats: the longest jump chain available to the fox, geese
//    that can be jumped at once, and exposed geese (an empty point behind a
//    goose on a line whose other side the fox can reach);
//  - shape: a level line without horizontal, vertical or diagonal gaps;
//  - the stall reserve: a high stall counter with few forward moves left;
//  - only when the engine plays the fox (asymmetric, like the top-arm bonus):
//    the geese's forward reserve (the forward steps they have left; the
//    stall rule makes them spend one at least every 10th move), a fox sealed
//    in ranks 5-7 (bad for it while that reserve is large, good once it is
//    small), a fox on a top-arm point with 3 lines (c6 e6 c7 d7 e7), and the
//    points the fox reaches within two steps.
struct Terms {
  int material = 0, decisive = 0, progress = 0, region = 0, escape = 0, mobility = 0, threats = 0, exposed = 0,
      shape = 0, stall = 0, reserve = 0, room = 0;
  int total() const {
    return material + decisive + progress + region + escape + mobility + threats + exposed + shape + stall + reserve +
           room;
  }
};
// The forward steps the geese have left: per goose, the ranks up to rank 7
// (files c-e) or rank 5 (files a, b, f, g).
int geese_forward_reserve(const hunt::Pos& p);
// The fox's room: the points it reaches by steps through empty points, and
// the steps from it to the nearest point of rank 1 among them (-1: none, the
// geese's line is closed). Used by the evaluation and the proof search.
struct FoxRoom {
  std::uint64_t points = 0;
  int home = -1;
};
FoxRoom fox_room(const hunt::Pos& p);
Terms ludus_terms(const hunt::Pos& p, bool engine_geese = true);
int ludus_eval(const hunt::Pos& p, bool engine_geese = true);  // geese's view
std::vector<std::string> ludus_lines(const hunt::Pos& p, bool engine_geese = true);

// The seed thesis's evaluation (L788-L799) with its "balanced" weighting,
// from the geese's point of view: for the fox, closeness to rank 1, geese
// passed, the imbalance of the fox's zone, captures; for the geese, a level
// line without horizontal, vertical or diagonal gaps.
struct SeedTerms {
  int proximity = 0, passed = 0, zone = 0, captures = 0, level = 0, gaps_h = 0, gaps_v = 0, gaps_d = 0;
  int fox() const { return proximity + passed + zone + captures; }
  int geese() const { return level + gaps_h + gaps_v + gaps_d; }
};
SeedTerms seed_terms(const hunt::Pos& p);
int seed_eval(const hunt::Pos& p);  // geese's view
std::vector<std::string> seed_lines(const hunt::Pos& p);

// Gaps in the geese's formation (the seed's features): empty points between
// geese on a rank, on a file, and goose-gap-goose on a diagonal. The seed's
// evaluation counts them with its own loops (seed_gap_counts); the ludus
// evaluation with bitmasks (fast_gap_counts, the same values, tested). The
// loops stay on purpose: the baseline's speed sets the engine's time in the
// equal-time match, and every recorded figure was measured with them.
struct GapCounts {
  int h = 0, v = 0, d = 0;
  bool operator==(const GapCounts&) const = default;
};
GapCounts seed_gap_counts(std::uint64_t geese);
GapCounts fast_gap_counts(std::uint64_t geese);

// Geese in play at the start of the seed's game (for its capture count).
constexpr int kSeedStartGeese = 15;

}  // namespace ludus::fox_geese
