// The seed thesis's evaluation ("El Desafío de Arimaa", PUCV 2010, §3.8-3.9
// and §4.2.4.1), the baseline for self-play (Evaluator=seed):
//
//   f.e. = 64 f1 + 3 f2 + 2 f3 + f4
//   f1 material  : E 17, M 13, H 8, D 6, C 5 (table 3.1) plus the rabbits'
//                  group value by count 8..1 -> 40 38 36 32 28 24 20 18 (3.2)
//   f2 position  : piece-square tables 3.3 and 3.5-3.9 (rabbit row 8 = 999),
//                  plus the rabbit's ally bonus of table 3.4 (by rank)
//   f3 traps     : per trap, piece value 3.10 (E12 M10 H8 D6 C4 R2) times
//                  1 on the trap's neighbours, 0.5 two steps away (3.11)
//   f4 mobility  : per pair of adjacent pieces, tables 3.12 (stronger
//                  enemy: penalty), 3.13 (weaker enemy: bonus) and 3.14
//                  (stronger ally: bonus)
// Each term is own minus opponent; the sum is for the side to move and is
// scaled by 100/128 so that the first rabbit capture is worth 100 (64 x 2).
// Details and readings of unclear tables: docs/games/arimaa.md.
#pragma once

#include <string>
#include <vector>

#include "engine/types.h"
#include "games/arimaa/board.h"

namespace ludus::arimaa {

struct SeedTerms {
  int material[2], position[2], traps[2], mobility[2];  // per colour, seed units (traps x2)
};
SeedTerms seed_terms(const Position& p);
Score evaluate_seed(const Position& p);
std::vector<std::string> eval_seed_lines(const Position& p);

}  // namespace ludus::arimaa
