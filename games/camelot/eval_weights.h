// Weights of the ludus evaluation (eval.h), [opening, endgame] per feature,
// centi-Men per unit of the feature. Fitted by camelot_tune (see
// games/camelot/tune/tune_main.cpp for the method and command).
#pragma once

#include "games/camelot/eval.h"

namespace ludus::camelot {

inline constexpr EvalWeights kEvalWeights = {{
    // men knights castle dist1..dist15 passed near held hang1 hangR hangT exposed mob blocks isol flanks def charge 2v1 threat race tempo
    {81, 152, 303, 35, 32, 18, 21, 14, 6, 13, 0, -2, -5, -25, -2, -5, 1, 0, 27, 9, 45, -26, -75, 72, -8, -6, 5, -7, -17, -45, 10, 262, -263, 400, 13},
    {119, 110, 287, 66, 70, 80, 68, 67, 36, 20, -3, 5, 0, -27, -93, -27, -44, 0, 16, -24, 93, -23, -77, 73, 6, 10, 15, 19, 2, -63, -3, 269, -264, 400, 14},
}};

}  // namespace ludus::camelot
