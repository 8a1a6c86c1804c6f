#include "games/arimaa/eval.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "engine/eval_cache.h"
#include "engine/thread_array.h"
#include "games/arimaa/capture.h"
#include "games/arimaa/goal.h"
#include "games/arimaa/placement.h"
#include "games/arimaa/threat_table.h"

namespace ludus::arimaa {

namespace {

// ---- material (HarLog) -------------------------------------------------------

constexpr double kHarQ = 1.447530126;
constexpr double kHarG = 0.6314442034;

struct MaterialTables {
  double log_rp[9][17];   // G ln(R P), R = 0 read as 0.25 (the last rabbit is vital)
  double piece[9];        // 1 / (Q + stronger enemy pieces)
  double scale;           // centi-rabbits per HarLog unit
  MaterialTables() {
    for (int r = 0; r <= 8; ++r)
      for (int n = 0; n <= 16; ++n) log_rp[r][n] = kHarG * std::log((r ? r : 0.25) * std::max(n, 1));
    for (int s = 0; s <= 8; ++s) piece[s] = 1.0 / (kHarQ + s);
    // The first rabbit lost from the full armies is worth 100.
    const double drop = log_rp[8][16] - log_rp[7][15];
    scale = 100.0 / drop;
  }
};
const MaterialTables& mat() {
  static const MaterialTables t;
  return t;
}

double harlog_side(const Position& p, int c) {
  const MaterialTables& m = mat();
  const int e = c ^ 1;
  double v = m.log_rp[popcount(p.pieces(c, kRabbit))][popcount(p.color[c])];
  int stronger = 0;  // enemy pieces stronger than the current type
  for (int t = kElephant; t >= kCat; --t) {
    v += popcount(p.pieces(c, t)) * m.piece[std::min(stronger, 8)];
    stronger += popcount(p.pieces(e, t));
  }
  return v;
}

// ---- square tables (Gold's view, a1 = index 0) --------------------------------

constexpr int kElephantPst[64] = {
    -20, -10, -5, 0, 0, -5, -10, -20,  //
    -10, 0, 5, 8, 8, 5, 0, -10,        //
    -5, 5, 10, 15, 15, 10, 5, -5,      //
    -5, 8, 15, 20, 20, 15, 8, -5,      //
    -5, 8, 15, 20, 20, 15, 8, -5,      //
    -5, 5, 10, 15, 15, 10, 5, -5,      //
    -10, 0, 5, 8, 8, 5, 0, -10,        //
    -20, -10, -5, 0, 0, -5, -10, -20,
};
constexpr int kCamelPst[64] = {
    -10, -5, 0, 0, 0, 0, -5, -10,  //
    -5, 0, 5, 5, 5, 5, 0, -5,      //
    -5, 5, 5, 10, 10, 5, 5, -5,    //
    -5, 5, 10, 10, 10, 10, 5, -5,  //
    -5, 5, 10, 10, 10, 10, 5, -5,  //
    -5, 0, 5, 5, 5, 5, 0, -5,      //
    -10, -5, 0, 0, 0, 0, -5, -10,  //
    -15, -10, -5, -5, -5, -5, -10, -15,
};
constexpr int kHorsePst[64] = {
    -10, -5, -5, -5, -5, -5, -5, -10,  //
    -5, 5, 5, 5, 5, 5, 5, -5,          //
    -5, 5, 0, 8, 8, 0, 5, -5,          //
    -5, 5, 8, 8, 8, 8, 5, -5,          //
    -5, 0, 5, 5, 5, 5, 0, -5,          //
    -5, 0, 0, 0, 0, 0, 0, -5,          //
    -10, -5, -5, -5, -5, -5, -5, -10,  //
    -15, -10, -10, -10, -10, -10, -10, -15,
};
// Cats and dogs: guards beside the home traps.
constexpr int kGuardPst[64] = {
    0, 2, 4, 2, 2, 4, 2, 0,    //
    2, 6, 8, 6, 6, 8, 6, 2,    //
    2, 8, 0, 8, 8, 0, 8, 2,    //
    0, 2, 6, 2, 2, 6, 2, 0,    //
    -2, 0, 0, 0, 0, 0, 0, -2,  //
    -5, -2, -2, -2, -2, -2, -2, -5,  //
    -5, -5, -5, -5, -5, -5, -5, -5,  //
    -5, -5, -5, -5, -5, -5, -5, -5,
};
// Rabbits by rank from their own side (1..8) and file: flanks are safer.
constexpr int kRabbitRank[8] = {0, 0, 2, 5, 10, 20, 40, 0};
constexpr int kRabbitFile[8] = {4, 2, -2, -4, -4, -2, 2, 4};

inline int mirror(int c, int sq) { return c == kGold ? sq : sq ^ 56; }

struct Terms {
  int material = 0, traps = 0, frozen = 0, danger = 0, elephant = 0, pieces = 0, rabbits = 0, runways = 0, race = 0,
      goal = 0, hostages = 0, frames = 0, captures = 0, threats = 0, unstoppable = 0, pressure = 0,
      placement = 0;
  // In the order of kEvalTermNames.
  std::array<int, kNumEvalTerms> values() const {
    return {material, traps, frozen,   danger, elephant, pieces,  rabbits,     runways,
            race,     goal,  hostages, frames, captures, threats, unstoppable, pressure,
            placement};
  }
};

// The weight of each term in percent, in the order of kEvalTermNames,
// fitted to the results of games (tune/eval_fit.cpp; docs/games/arimaa.md
// gives the command): the logistic regression of the result on the
// unweighted terms at every turn start, scaled so that material keeps its
// weight. Material's own weight, HarLog x1.25, is older than the fit: at
// 1.0 a cat (140) weighs less than a camel held hostage and frozen (+62
// and +87 in a game the seed won after taking that cat); x1.25 won 665 of
// 700 against the seed, x1.5 no more.
//
// Pressure (threat_table.h) is 0: learned from Sharp's threats on pieces,
// it explains Sharp's piece-threat term better than all the other terms
// together and makes the moves Sharp grades better, yet at 100 it won 1 of
// 60 games against one-turn Sharp, the shipped weights 4 and 6 of 60
// (docs/games/arimaa.md, "What the moves lose on").
//
// Placement (placement.h) is 0 too: its table, fitted with the other
// weights to Sharp's moves, makes Sharp's turn ludus's first choice far
// more often, yet lost self-play at 100 ms a move 99-132 (42.9%, SPRT
// [0, 25] H0), and fitted alone with the other weights kept, 21-51
// (docs/games/arimaa.md, "Moves as labels").
constexpr std::array<int, kNumEvalTerms> kTermPercent = {125, 100, 100, 100, 100, 100, 100, 100, 0, 100, 100, 100, 100, 100, 100, 0, 0};
enum TermIndex { kMaterialTerm, kTrapsTerm, kFrozenTerm, kDangerTerm, kElephantTerm, kPiecesTerm, kRabbitsTerm,
                 kRunwaysTerm, kRaceTerm, kGoalTerm, kHostagesTerm, kFramesTerm, kCapturesTerm, kThreatsTerm, kUnstoppableTerm,
                 kPressureTerm, kPlacementTerm };

int weigh(int value, int term) { return value * kTermPercent[term] / 100; }

// The weighted terms, each rounded on its own (eval_lines prints them, and
// they add up to the score).
std::array<int, kNumEvalTerms> weighted(const Terms& t) {
  std::array<int, kNumEvalTerms> v = t.values();
  for (int i = 0; i < kNumEvalTerms; ++i) v[i] = weigh(v[i], i);
  return v;
}
int weighted_total(const Terms& t) {
  int sum = 0;
  for (int v : weighted(t)) sum += v;
  return sum;
}

// The side to move's best capture within the steps it has left counts
// 7/10 of the material it wins (the opponent may still recapture).
constexpr int kCapturePercent = 70;
// The opponent's best capture in its next turn, were the side to move to
// pass now, counts 3/10 of the material: the side to move has its steps
// to parry it, but they are steps not spent on its own plans, and two
// threats at once are seldom both parried. The pattern-based danger term
// only sees single drags beside a trap; this is the capture detector's
// full answer (pulls after an approach, a supporter dragged away). Without
// it, most games lost to the seed are lost by rabbits and pieces left
// where the seed can drag them onto its traps. With it ludus scores 278 of
// 300 against the seed evaluator (92.7%; 89.3% of 253 without), with
// ludus's material lost by turn 25 halved; at 60% it scores 41 of 49.
constexpr int kOpponentCapturePercent = 30;
// Each step of the turn already spent adds a tenth more (up to 6/10 with
// one step left): fewer steps are left to parry, as for the goal threat.
// At the search's horizon, which mostly falls inside a turn (depth is in steps),
// Sharp's judgement of ludus's moves loses 4.7 +- 3.5 centi-rabbits a move
// less with it (scripts/arimaa_grade.py, 300 positions of Sharp's games).
constexpr int kCapturePercentPerStepSpent = 10;
// A frame's own blockers (the pieces around the trap that keep the framed
// piece from stepping off) count 1/10 of their value against it. Without
// them, ludus holds the seed's camel framed on its trap with its own
// elephant and camel for dozens of turns, a frame the seed never has to
// give up (its elephant supports the camel) while its free pieces take
// ludus's rabbits: in 500 games, ludus's turns 10-39 with frames and
// hostages worth 100 or more are a third of the lost games' turns and a
// fifth of the won games'. With the blockers counted, 281 of 300 games
// against the seed evaluator (93.7%; 92.7% without, a difference within
// the noise), and such frames all but gone from ludus's games.
constexpr int kFrameBlockerPercent = 10;
// An opponent's goal threat that no sequence of the side to move's steps
// stops (goal.h, can_stop_goal_threat): short of a proven loss, worse than
// any material. The defence search visits at most kGoalDefenceBudget nodes
// and, out of budget, answers "stoppable". 1,000 is too few where the
// opponent's pieces fill our home (a lost seed-match game, arimaa_test.cpp:
// no defence, proven within 10,000 nodes but not 1,000), and 10,000 too
// few a turn before another lost game's goal (arimaa_test.cpp: proven
// within 100,000); searches that long are rare (one in 19,000 settled
// threats runs out of 10,000 nodes in 41 positions of a match). In a
// position full of goal threats a tenth of the proofs would run out of
// 100,000 nodes were they not kept cheap (goal.cpp: the steps that change
// nothing a scoring goal sequence reads are not searched).
constexpr int kUnstoppableGoal = 2000;
constexpr int kGoalDefenceBudget = 100000;
// A stoppable goal threat of the opponent's costs kStoppableGoal, plus
// kGoalPerStepSpent for every step the side to move has already spent and
// kGoalPerStepShort for every step the goal needs fewer than four: one and
// a half times 250, 120 and 20. Fitted to the results of 2,395 games
// against the seed evaluator, the goal term with those weights tells the
// result 1.5-1.9 times as much as its weight against material's (both
// colours). With these ludus wins 882 of 936 games against the seed
// (94.2%), against 376 of 400 (94.0%) with those: no worse, the gain
// inside the noise.
constexpr int kStoppableGoal = 375;
constexpr int kGoalPerStepSpent = 180;
constexpr int kGoalPerStepShort = 30;

// The evaluation cache's key: the board, the side to move and the steps
// used (the goal-threat term) are all the evaluation reads.
std::uint64_t eval_key(const Position& p) { return p.hash ^ zobrist().steps[p.steps]; }

// The position as the board, the side to move and the steps used alone
// (what the evaluation cache keys on): no pending push or pull option.
Position board_only(const Position& p) {
  Position q = p;
  q.push_sq = q.pull_sq = kNoSquare;
  q.push_str = q.pull_str = 0;
  q.start_hash = ~q.hash;  // any further step changes the board
  q.start_occ = q.occupied();
  return q;
}

// Trap control of colour c for one trap: pieces on its neighbour squares
// count by strength, the elephant most; one step further counts half.
constexpr int kControlWeight[kNumTypes] = {2, 3, 4, 6, 8, 12};

int trap_control(const Position& p, int c, Bitboard ring1, Bitboard ring2) {
  int v = 0;
  for (int t = 0; t < kNumTypes; ++t) {
    v += 2 * kControlWeight[t] * popcount(p.pieces(c, t) & ring1);
    v += kControlWeight[t] * popcount(p.pieces(c, t) & ring2);
  }
  return v;
}

// Everything for colour c (Gold's sign convention: positive is good for c).
// `to_move`: c is the side to move. `frozen_of[x]`: the frozen pieces of
// colour x (computed once for both sides' terms).
void side_terms(const Position& p, int c, bool to_move, const int control[4][2], const Bitboard frozen_of[2],
                Terms& out) {
  const int e = c ^ 1;
  const Bitboard own = p.color[c], opp = p.color[e];
  const Bitboard occ = own | opp;
  const Bitboard fr = frozen_of[c];
  const Bitboard enemy_frozen = frozen_of[e];
  const int enemy_officers = popcount(opp & ~p.type[kRabbit]);

  // Piece-square terms.
  for (Bitboard b = p.pieces(c, kElephant); b; b &= b - 1) out.elephant += kElephantPst[mirror(c, lsb(b))];
  for (Bitboard b = p.pieces(c, kCamel); b; b &= b - 1) out.pieces += kCamelPst[mirror(c, lsb(b))];
  for (Bitboard b = p.pieces(c, kHorse); b; b &= b - 1) out.pieces += kHorsePst[mirror(c, lsb(b))];
  for (Bitboard b = p.pieces(c, kDog) | p.pieces(c, kCat); b; b &= b - 1) out.pieces += kGuardPst[mirror(c, lsb(b))] / 2;

  // Elephant mobility and blockade.
  for (Bitboard b = p.pieces(c, kElephant); b; b &= b - 1) {
    const int sq = lsb(b);
    const Bitboard around = kAdj.v[sq];
    int mob = popcount(around & ~occ);
    // Enemy neighbours that could be pushed away (they have an empty square).
    mob += popcount(around & opp & adj(~occ));
    if (mob == 0) out.elephant -= 120;
    else if (mob == 1) out.elephant -= 30;
    else out.elephant += 3 * std::min(mob, 4);
  }

  // Frozen pieces, worse next to a trap the enemy controls.
  for (int t = kRabbit; t <= kCamel; ++t) {
    for (Bitboard b = p.pieces(c, t) & fr; b; b &= b - 1) {
      const int sq = lsb(b);
      int pen = 4 + kPieceValue[t] / 15;
      if (kAdj.v[sq] & kTraps) pen += kPieceValue[t] / 10;
      out.frozen -= pen;
    }
  }

  // Pieces within reach of a stronger enemy near a trap the enemy holds:
  // two pushes or pulls (one turn) drag them onto it; with the enemy to
  // move, also a stronger enemy one step away from a piece beside it.
  {
    const Bitboard mobile_enemy = opp & ~enemy_frozen;
    int tj = 0;
    int worst[64] = {};
    for (Bitboard tr = kTraps; tr; tr &= tr - 1, ++tj) {
      const int tsq = lsb(tr);
      if (control[tj][e] < control[tj][c]) continue;
      const Bitboard ring1 = kAdj.v[tsq];
      const Bitboard ring2 = adj(ring1) & ~ring1 & ~bit(tsq);
      for (Bitboard b = own & (ring1 | ring2) & ~p.type[kElephant]; b; b &= b - 1) {
        const int sq = lsb(b);
        const int t = p.type_at(sq);
        if (own & ring1 & ~bit(sq)) continue;  // a friend guards the trap
        const Bitboard draggers = mobile_enemy & p.stronger(e, t + 1);
        if (!(kAdj.v[sq] & draggers)) {
          // The enemy to move: a stronger mobile piece one step from an
          // empty square next to a piece beside the trap (the trap square
          // included) comes over and drags it in, three of its four steps
          // (2/10 of the piece). (Two steps away, all four steps, at 1/10
          // scores worse in the seed match.)
          if (!to_move && (ring1 & bit(sq))) {
            const Bitboard near = kAdj.v[sq] & ~occ;
            if (adj(near) & draggers) worst[sq] = std::max(worst[sq], kPieceValue[t] * 2 / 10);
          }
          continue;
        }
        const int v = kPieceValue[t] * ((ring1 & bit(sq)) ? 3 : 2) / 10;
        worst[sq] = std::max(worst[sq], v);
      }
    }
    for (Bitboard b = own; b; b &= b - 1) out.danger -= to_move ? worst[lsb(b)] / 3 : worst[lsb(b)];
  }

  // Trap control and pieces in danger of capture.
  int ti = 0;
  for (Bitboard tr = kTraps; tr; tr &= tr - 1, ++ti) {
    const int tsq = lsb(tr);
    const Bitboard ring1 = kAdj.v[tsq];
    const int diff = control[ti][c] - control[ti][e];
    const bool home = (c == kGold) == (tsq < 32);
    out.traps += std::clamp(diff, -40, 40) * (home ? 3 : 2) / 4;
    if (popcount(own & ring1) >= 2) out.traps += home ? 8 : 4;
    // An own piece on this trap lives on its supporters: with one left, an
    // enemy that can drag that supporter away threatens it (elephants too).
    // With the enemy to move and a mobile stronger enemy beside the
    // supporter with room for the push or the pull, the piece is as good as
    // lost (two steps of the enemy's four): most of its value counts.
    if (own & bit(tsq)) {
      const Bitboard sup = own & ring1;
      if (popcount(sup) == 1) {
        const int s = lsb(sup);
        const int st = p.type_at(s);
        const int v = kPieceValue[p.type_at(tsq)];
        const Bitboard stronger = p.stronger(e, st + 1);
        const Bitboard stronger_near = kAdj.v[s] & stronger;
        const Bitboard draggers = stronger_near & ~enemy_frozen;
        const Bitboard empty = ~occ;
        // A mobile stronger enemy at most two steps (over empty squares)
        // from an empty square beside the supporter gets there and drags it
        // away within the enemy's four steps: an elephant on a trap kept by
        // one rabbit was lost this way to a camel three steps from the
        // rabbit (seed match records).
        auto far_draggers = [&] {
          const Bitboard beside = kAdj.v[s] & empty;
          return (adj(beside) | adj(adj(beside) & empty)) & stronger & ~enemy_frozen;
        };
        if (draggers && !to_move && ((kAdj.v[s] & empty) || (adj(draggers) & empty))) out.danger -= v * 7 / 10;
        else if (stronger_near) out.danger -= to_move ? v / 6 : v * 2 / 5;
        else if (!to_move && far_draggers()) out.danger -= v / 2;
        else out.danger -= v / 20;
      }
    }
    // Frames: an enemy piece on the trap kept alive by one supporter that
    // cannot safely leave, and unable to step off. Our pieces around the
    // trap are tied to the frame as much as the enemy's supporter is, so
    // 1/10 of their value is taken off (kFrameBlockerPercent): a frame held
    // by our elephant and camel is worth little.
    if (opp & bit(tsq)) {
      const Bitboard sup = opp & ring1;
      if (popcount(sup) == 1 && ((enemy_frozen & bit(tsq)) || !(ring1 & ~occ))) {
        const int framed = p.type_at(tsq), supporter = p.type_at(lsb(sup));
        int blockers = 0;
        for (Bitboard b = own & ring1; b; b &= b - 1) blockers += kPieceValue[p.type_at(lsb(b))];
        out.frames += kPieceValue[framed] / 5 + kPieceValue[supporter] / 10 - blockers * kFrameBlockerPercent / 100;
      }
    }
    // Hostages: enemy pieces held frozen next to a trap c controls.
    if (diff >= 8) {
      for (Bitboard b = opp & ring1 & enemy_frozen & ~p.type[kRabbit]; b; b &= b - 1)
        out.hostages += kPieceValue[p.type_at(lsb(b))] / 8;
    }
  }

  // Rabbits: advancement (more as the enemy army shrinks), support, open
  // ways to the goal.
  const int phase = 16 + 4 * std::max(0, 8 - enemy_officers);  // /16
  const int forward = c == kGold ? kNorth : kSouth;
  for (Bitboard b = p.pieces(c, kRabbit); b; b &= b - 1) {
    const int sq = lsb(b);
    const int rank = rank_from_home(c, sq);
    int v = kRabbitRank[rank] * phase / 16 + kRabbitFile[file_of(sq)];
    if (kAdj.v[sq] & own) v += 2 + rank;
    if (rank >= 4) {
      // Enemy pieces in the rabbit's way: its file and the neighbour files ahead.
      Bitboard ahead = 0, s = bit(sq);
      for (int i = rank; i < 7; ++i) s = shift(s, forward), ahead |= s;
      const Bitboard lane = ahead | shift(ahead, kEast) | shift(ahead, kWest);
      // A rabbit with an open way is a goal threat for the coming turns.
      constexpr int kOpen[8] = {0, 0, 0, 0, 30, 80, 180, 0};
      const int guards = popcount(lane & opp);
      const int strong_guards = popcount(lane & opp & ~p.type[kRabbit]);
      if (guards == 0) out.runways += kOpen[rank];
      else if (strong_guards == 0 || guards == 1) out.runways += kOpen[rank] / 3;
    }
    out.rabbits += v;
  }
}

// A rabbit whose way to the goal row takes 5 to 8 steps of its side's own
// play (goal_path_steps) is a goal two turns away: 100 at 5 steps, 25 at 8.
// (Closer is the goal threat's or the search's; further says little.)
int race_value(int steps) { return steps >= 5 && steps <= 8 ? 25 * (9 - steps) : 0; }

// Every term but the goal threat and the captures. A term whose weight is
// 0 (race and pressure, until a fit gives them one) is left out of the search's
// evaluations; `all_terms` (the fitter's eval_terms) computes it anyway.
Terms compute_base(const Position& p, bool all_terms = false) {
  Terms t;
  const int us = p.side, them = us ^ 1;
  // Material.
  const double m = harlog_side(p, us) - harlog_side(p, them);
  t.material = static_cast<int>(std::lround(m * mat().scale));
  // Trap control shared by both sides' terms.
  int control[4][2];
  trap_controls(p, control);
  const Bitboard frozen_of[2] = {frozen(p, kGold), frozen(p, kSilver)};
  Terms a, b;
  side_terms(p, us, true, control, frozen_of, a);
  side_terms(p, them, false, control, frozen_of, b);
  t.traps = a.traps - b.traps;
  t.frozen = a.frozen - b.frozen;
  t.danger = a.danger - b.danger;
  t.elephant = a.elephant - b.elephant;
  t.pieces = a.pieces - b.pieces;
  t.rabbits = a.rabbits - b.rabbits;
  if (all_terms || kTermPercent[kRaceTerm] != 0)
    t.race = race_value(goal_path_steps(p, us)) - race_value(goal_path_steps(p, them));
  t.runways = a.runways - b.runways;
  t.frames = a.frames - b.frames;
  t.hostages = a.hostages - b.hostages;
  if (all_terms || kTermPercent[kPressureTerm] != 0)
    t.pressure = learned_threats(p, them, control, frozen_of) - learned_threats(p, us, control, frozen_of);
  if (all_terms || kTermPercent[kPlacementTerm] != 0) t.placement = placement_balance(p, us);
  return t;
}

// The costly terms read the board, the side to move and the steps used
// only: they take `q` = board_only(p), built once per evaluation.

// The opponent's threats for its next turn, never positive: its best
// capture (kOpponentCapturePercent) and its goal threat, the fewer steps
// the side to move has left to stop it, the worse. The goal threat is
// first scored as stoppable; whether it is (goal_threat_stoppable) is a
// search that in positions full of goal threats takes most of the
// evaluation's time, so callers that only need a bound may leave it out:
// it can only lower the score.
// Returns whether that search is still to be done.
bool with_opponent_threats(const Position& q, Terms& t) {
  if (q.setup_phase()) return false;
  const int percent = kOpponentCapturePercent + kCapturePercentPerStepSpent * q.steps;
  t.threats = -capture_gain(opponent_turn_view(q), 4) * percent / 100;
  const int threat = opponent_goal_threat(q);
  if (threat <= 0) return false;
  const int left = 4 - q.steps;
  t.goal -= kStoppableGoal + kGoalPerStepSpent * (4 - left) + kGoalPerStepShort * (4 - threat);
  return true;
}

// A goal threat that no sequence of the side to move's steps stops: the
// game is as good as lost (a two-turn goal that the search, a turn short,
// would not see).
//
// The answer is remembered per board, side to move and steps used (all the
// search reads) in a table of its own: the evaluation cache keeps exact
// scores only, and a lazy evaluation that settles the threat may still
// end outside its window. Proving a threat unstoppable searches every
// defence, and the same boards come back: `go depth 8` on a lost position
// full of goal threats (a game lost to the seed) settles 3,851 boards
// 12,104 times without the table, 48 million defence nodes in 13 of its
// 14 s.
struct GoalSettleTable;
constexpr int kGoalSettleBits = 16;

// Whether the side to move can stop the opponent's goal threat; if not,
// the goal term is -kUnstoppableGoal instead of the stoppable penalty.
bool goal_threat_stoppable(const Position& q) {
  return cached_evaluation<GoalSettleTable, kGoalSettleBits>(eval_key(q), [&q]() -> Score {
    int budget = kGoalDefenceBudget;
    return can_stop_goal_threat(q, budget) ? 1 : 0;
  }) != 0;
}

// The captures the side to move can make in the steps it has left (the
// quiescence search plays single capturing steps only; pulls, approaches
// and double drags lie beyond it at the horizon). Never negative.
int capture_term(const Position& q) { return q.setup_phase() ? 0 : capture_gain(q, 4) * kCapturePercent / 100; }

Terms compute(const Position& p, bool all_terms = false) {
  Terms t = compute_base(p, all_terms);
  const Position q = board_only(p);
  if (with_opponent_threats(q, t) && !goal_threat_stoppable(q)) {
    t.goal = 0;
    t.unstoppable = -kUnstoppableGoal;
  }
  t.captures = capture_term(q);
  return t;
}

// The groups of terms a lazy evaluation of one board (eval_key) has
// computed, kept whether it ended exact or on a bound. Nine evaluations in
// ten end on a bound, which the evaluation cache does not keep, and about
// half of all evaluations are of a board evaluated before under another
// window (`go depth 7` on 30 positions of games against the seed: 1.62
// million computed, 0.86 million boards): a repeat computes only the
// groups the first did not. The score returned is the one a fresh
// evaluation would give. (The exact-score cache in front of it stays: a
// hit there answers every window with the exact score, which a repeat
// here may not.)
struct LazyGroups {
  std::uint64_t key;
  std::int32_t base, captures, threats, goal;  // compute_base's total; the Terms of each group
  std::uint8_t known;                          // the groups computed: kHave* bits
  bool goal_threat;                            // the opponent's goal threat is still to be settled
};
constexpr std::uint8_t kHaveCaptures = 1, kHaveThreats = 2;
constexpr int kLazyGroupsBits = 15;

class LazyTerms {
 public:
  LazyTerms(const Position& p, std::uint64_t key)
      : p_(p), g_(thread_array<LazyGroups, std::size_t{1} << kLazyGroupsBits>()[key & ((1 << kLazyGroupsBits) - 1)]) {
    if (g_.key != key || key == 0) g_ = {key, weighted_total(compute_base(p)), 0, 0, 0, 0, false};
    total_ = g_.base;
  }
  int total() const { return total_; }
  // The opponent's goal threat is counted as stoppable so far.
  bool unsettled() const { return unsettled_; }

  void add_captures() {
    if (!(g_.known & kHaveCaptures)) {
      g_.captures = weigh(capture_term(board()), kCapturesTerm);
      g_.known |= kHaveCaptures;
    }
    total_ += g_.captures;
  }
  void add_threats() {
    if (!(g_.known & kHaveThreats)) {
      Terms t;
      g_.goal_threat = with_opponent_threats(board(), t);
      g_.threats = weigh(t.threats, kThreatsTerm);
      g_.goal = weigh(t.goal, kGoalTerm);
      g_.known |= kHaveThreats;
    }
    total_ += g_.threats + g_.goal;
    unsettled_ = g_.goal_threat;
  }
  // Replaces the stoppable threat's score by the settled one (its answer
  // has a cache of its own).
  void settle() {
    if (!goal_threat_stoppable(board())) total_ += weigh(-kUnstoppableGoal, kUnstoppableTerm) - g_.goal;
    unsettled_ = false;
  }

 private:
  const Position& board() {
    if (!q_) q_ = board_only(p_);
    return *q_;
  }
  const Position& p_;
  LazyGroups& g_;
  std::optional<Position> q_;
  int total_ = 0;
  bool unsettled_ = false;
};

Score clamp_score(int v) { return static_cast<Score>(std::clamp(v, -20000, 20000)); }
struct ArimaaEval;  // the cache's own table
constexpr int kEvalCacheBits = 14;

}  // namespace

void trap_controls(const Position& p, int control[4][2]) {
  int ti = 0;
  for (Bitboard tr = kTraps; tr; tr &= tr - 1, ++ti) {
    const Bitboard trap = bit(lsb(tr));
    const Bitboard ring1 = adj(trap), ring2 = adj(ring1) & ~ring1 & ~trap;
    for (int c = 0; c < 2; ++c) control[ti][c] = trap_control(p, c, ring1, ring2);
  }
}

int material_balance(const Position& p, int c) {
  return static_cast<int>(std::lround((harlog_side(p, c) - harlog_side(p, c ^ 1)) * mat().scale));
}

// No score lies outside this window: the exact evaluation.
Score evaluate(const Position& p) {
  return evaluate_within(p, std::numeric_limits<Score>::min(), std::numeric_limits<Score>::max());
}

Score evaluate_within(const Position& p, Score lo, Score hi) {
  if (p.setup_phase()) return 0;
  // The step search meets the same board again and again through other
  // step orders (and other pull options), also at the leaves, which the
  // transposition table does not store: remember recent results.
  const std::uint64_t key = eval_key(p);
  return cached_lazy_evaluation<ArimaaEval, kEvalCacheBits>(key, [&p, key, lo, hi]() -> LazyScore {
    // Costly terms of known sign: the opponent's threats never add, the
    // captures never subtract. The base with one group bounds the score
    // from one side, so the other group may be skipped when the base
    // already says on which side of the window the score falls: a base at
    // or above `hi` probably stays there (the threats are usually small), a
    // base below it probably fails low with the captures added too. The
    // goal-defence search, last, only when the score may still fall inside
    // the window.
    LazyTerms t(p, key);
    if (t.total() >= hi) {
      t.add_threats();
      if (t.unsettled() && t.total() >= hi) t.settle();
      if (t.total() >= hi) return {clamp_score(t.total()), false};
      t.add_captures();
    } else {
      t.add_captures();
      if (t.total() <= lo) return {clamp_score(t.total()), false};
      t.add_threats();
    }
    if (t.unsettled()) {
      if (t.total() <= lo) return {clamp_score(t.total()), false};
      t.settle();
    }
    return {clamp_score(t.total()), true};
  });
}

std::array<int, kNumEvalTerms> eval_terms(const Position& p) {
  if (p.setup_phase()) return {};
  return compute(p, true).values();
}

std::array<int, kNumEvalTerms> eval_term_percents() { return kTermPercent; }

// The weighted terms, which add up to the score; the goal line shows the
// stoppable and the unstoppable threat together (only one is ever set).
std::vector<std::string> eval_lines(const Position& p) {
  const std::array<int, kNumEvalTerms> w = weighted(compute(p));
  const std::string side = p.side == kGold ? "gold" : "silver";
  std::vector<std::string> lines = {"ludus evaluation for the side to move (" + side + "), centi-rabbits"};
  for (int i = 0; i < kNumEvalTerms; ++i) {
    if (i == kUnstoppableTerm) continue;
    const int v = i == kGoalTerm ? w[kGoalTerm] + w[kUnstoppableTerm] : w[i];
    lines.push_back(std::string(kEvalTermNames[i]) + " " + std::to_string(v));
  }
  lines.push_back("total " + std::to_string(evaluate(p)));
  return lines;
}

}  // namespace ludus::arimaa
