#include "games/arimaa/arimaa.h"

#include <algorithm>

#include "engine/game_concept.h"
#include "games/arimaa/capture.h"
#include "games/arimaa/eval.h"
#include "games/arimaa/eval_seed.h"
#include "games/arimaa/goal.h"
#include "games/arimaa/notation.h"
#include "games/arimaa/setups.h"
#include "games/arimaa/step_features.h"
#include "games/arimaa/turngen.h"

namespace ludus {

static_assert(GameTraits<Arimaa>);

using namespace arimaa;

std::vector<OptionSpec> Arimaa::options() {
  OptionSpec ev;
  ev.name = "Evaluator";
  ev.type = OptionType::Combo;
  ev.default_value = "ludus";
  ev.values = {"ludus", "seed"};
  return {ev};
}

Status Arimaa::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (!iequals(name, "Evaluator")) return Status::fail("arimaa has no option '" + std::string(name) + "'");
  if (iequals(value, "ludus")) cfg.evaluator = Config::Ludus;
  else if (iequals(value, "seed")) cfg.evaluator = Config::Seed;
  else return Status::fail("option Evaluator has no value '" + std::string(value) + "' (ludus or seed)");
  return Status::ok();
}

Arimaa::Position Arimaa::start(const Config&) {
  Position p;
  p.hash = board_hash(p);
  p.start_hash = p.hash;
  return p;
}

std::uint64_t Arimaa::key(const Position& pos) {
  if (pos.turn_start()) return pos.hash;
  const Zobrist& z = zobrist();
  return pos.hash ^ z.steps[pos.steps] ^ z.push[pos.push_sq][pos.push_str] ^ z.pull[pos.pull_sq][pos.pull_str] ^
         (pos.start_hash * z.start);
}

Outcome Arimaa::outcome(const Position& pos) { return arimaa::outcome(pos); }

Score Arimaa::terminal_score(const Position& pos, int ply) {
  const Outcome o = arimaa::outcome(pos);
  const Outcome mine = pos.side == kGold ? Outcome::P1Win : Outcome::P2Win;
  if (o == mine) return mate_in(ply);
  return mated_in(ply);  // lost, or (never seen) a dead end inside a turn
}

void Arimaa::prepare_search(Config& cfg, const Position& root, const SearchLimits& limits) {
  cfg.last_turn = 0;
  if (limits.has_reserve_control() && limits.movestogo > 0 && !root.setup_phase())
    cfg.last_turn = root.turn + static_cast<std::uint32_t>(limits.movestogo) - 1;
}

namespace {
// Rules §6.3: after the last turn the side with more pieces wins. From a
// few turns before the limit every piece of difference counts more and
// more (a camel traded for two rabbits wins the count); past the limit
// (leaves beyond it) the count decides, short of a proven result.
Score adjudication_term(const arimaa::Position& pos, std::uint32_t last_turn) {
  if (last_turn == 0 || pos.setup_phase()) return 0;
  const int diff = popcount(pos.color[pos.side]) - popcount(pos.color[pos.side ^ 1]);
  if (pos.turn > last_turn) {
    if (diff != 0) return static_cast<Score>(diff > 0 ? 3000 + 100 * diff : -3000 + 100 * diff);
    return pos.side == kSilver ? 300 : -300;  // a tie goes to Silver (unless Gold led last)
  }
  constexpr int kRamp = 8;  // turns before the limit where the count starts to matter
  const int left = static_cast<int>(last_turn - pos.turn);
  if (left >= kRamp) return 0;
  return static_cast<Score>(diff * 40 * (kRamp - left));
}
}  // namespace

Score Arimaa::evaluate(const Position& pos, const Config& cfg) {
  if (cfg.evaluator == Config::Seed) return evaluate_seed(pos);
  return static_cast<Score>(arimaa::evaluate(pos) + adjudication_term(pos, cfg.last_turn));
}

Score Arimaa::evaluate_within(const Position& pos, const Config& cfg, Score lo, Score hi) {
  if (cfg.evaluator == Config::Seed) return evaluate_seed(pos);
  const Score adjudication = adjudication_term(pos, cfg.last_turn);
  return static_cast<Score>(arimaa::evaluate_within(pos, static_cast<Score>(lo - adjudication),
                                                    static_cast<Score>(hi - adjudication)) +
                            adjudication);
}

std::string Arimaa::move_to_string(Move m) { return arimaa::move_to_string(m); }

Status Arimaa::parse_move(const Position& pos, std::string_view text, Move& out) {
  std::vector<Move> moves;
  if (text.size() != 4) return Status::fail("expected one step such as Ee2n");
  // Reuse the turn parser on a one-step prefix: replay the step alone.
  Move list[kMaxMoves];
  const int n = generate_moves(pos, list);
  for (int i = 0; i < n; ++i) {
    if (!list[i].is_step()) continue;
    const std::string s = arimaa::turn_to_string(pos, {list[i]});
    if (s.substr(0, 4) == text) {
      out = list[i];
      return Status::ok();
    }
  }
  return Status::fail("illegal step '" + std::string(text) + "'");
}

std::string Arimaa::to_fen(const Position& pos) { return arimaa::to_fen(pos); }

Status Arimaa::parse_fen(std::string_view text, Position& out, const Config&) { return arimaa::parse_fen(text, out); }

std::vector<std::string> Arimaa::board_lines(const Position& pos) { return arimaa::board_lines(pos); }

std::vector<std::string> Arimaa::eval_lines(const Position& pos, const Config& cfg) {
  return cfg.evaluator == Config::Seed ? eval_seed_lines(pos) : arimaa::eval_lines(pos);
}

Status Arimaa::parse_turn(const Position& pos, std::string_view token, std::vector<Move>& out) {
  return arimaa::parse_turn(pos, token, out);
}

Status Arimaa::parse_turn_lenient(const Position& pos, std::string_view token, std::vector<Move>& out,
                                  std::vector<std::string>& warnings) {
  return arimaa::parse_turn(pos, token, out, true, &warnings);
}

std::string Arimaa::turn_to_string(const Position& pos, const std::vector<Move>& moves) {
  return arimaa::turn_to_string(pos, moves);
}

void Arimaa::legal_turns(const Position& pos, std::vector<std::vector<Move>>& out) { enumerate_turns(pos, out); }

std::uint64_t Arimaa::count_turns(const Position& pos) {
  if (arimaa::outcome(pos) != Outcome::Ongoing) return 0;
  return arimaa::count_turns(pos);
}

int Arimaa::order_hint(const Position& pos, Move m) {
  if (!m.is_step()) return 0;
  const StepEffect e = step_effect(pos, m);
  int v = 0;
  if (e.captured_type != kNoType) {
    const int value = kPieceValue[e.captured_type];
    v += e.mover_color == pos.side ? -value / 2 : value;
  }
  const int from = m.from();
  const int t = pos.type_at(from);
  if (e.mover_color != pos.side) {
    v += 20;  // pushes and pulls: the tactical steps
  } else if (t == kRabbit) {
    const int rank = rank_from_home(pos.side, from);
    if (m.dir() == (pos.side == kGold ? kNorth : kSouth)) v += rank * rank;  // runs towards the goal
  } else if (t == kElephant) {
    v += 8;
  }
  return v;
}

int Arimaa::noisy_moves(const Position& pos, Move* out) {
  if (pos.setup_phase()) return 0;
  MoveBuffer buffer;
  Move* const moves = buffer.data();
  const int n = generate_moves(pos, moves);
  int k = 0;
  const bool push_pending = pos.push_sq != kNoSquare;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    if (!m.is_step()) continue;
    if (push_pending) {
      out[k++] = m;  // the push must be completed
      continue;
    }
    const StepEffect e = step_effect(pos, m);
    if (e.mover_color != pos.side && e.captured_type != kNoType) out[k++] = m;
  }
  return k;
}

int Arimaa::win_distance(const Position& pos, int depth) {
  if (pos.setup_phase()) return 0;
  // Deep enough, the search finds this turn's goals by itself.
  if (depth > 4 - pos.steps + 1) return 0;
  return goal_win_plies(pos);
}

bool Arimaa::null_move(const Position& pos, Position& out) {
  if (pos.setup_phase() || !pos.turn_start()) return false;
  out = pos;
  end_turn(out);
  return true;
}

int Arimaa::reduction(int depth, int move_number) {
  int r = 1;
  if (move_number > 8) ++r;
  if (move_number > 20 && depth >= 6) ++r;
  return r;
}

bool Arimaa::is_quiet(const Position& pos, Move m) {
  if (!m.is_step()) return false;  // the end of the turn
  if (pos.push_sq != kNoSquare) return false;
  const int from = m.from();
  if (!(pos.color[pos.side] & bit(from))) return false;  // pushes and pulls
  if (step_effect(pos, m).captured_type != kNoType) return false;
  if ((pos.type[kRabbit] & bit(from)) && rabbit_distance(pos.side, from) <= 3) return false;
  // The first step of a pull: a weaker enemy beside the mover may follow
  // it into the vacated square, and when that enemy stands on or beside a
  // trap the pull can capture (it, or the piece it was keeping alive on the
  // trap). Pruning such steps near the horizon lost whole elephants.
  constexpr Bitboard kTrapArea = kTraps | adj(kTraps);
  const int t = pos.type_at(from);
  if (t == kRabbit) return true;  // a rabbit pulls nothing
  const Bitboard victims = kAdj.v[from] & kTrapArea & pos.color[pos.side ^ 1] & ~pos.stronger(pos.side ^ 1, t);
  return victims == 0;
}

Score Arimaa::futility_margin(int depth) { return depth <= 3 ? 120 + 80 * depth : 0; }

// Up to 5 steps from the horizon, at most 3 + 2 * depth quiet steps (of the
// ~30 at a node) are searched: 12,537,238 -> 8,533,507 nodes for `go depth
// 10` on the 12 benchmark positions (scripts/bench_arimaa.py nodes).
int Arimaa::late_move_limit(int depth) { return depth <= 5 ? 3 + 2 * depth : 0; }

int Arimaa::moves_left(const Position& pos) {
  // Typical games last 40-60 turns per side; plan for at least a dozen more.
  return std::clamp(55 - static_cast<int>(pos.turn), 12, 40);
}

std::vector<std::string> Arimaa::bench_fens() {
  return {
      "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2",
      "1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7",
      "rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 2",
      "r1rrrr1r/1dhcmhd1/2c1e3/1r4r1/3E4/1R2M1R1/1DHC1HD1/R1RRRC1R g 9",
  };
}

std::string Arimaa::moves_note(const Position& pos) {
  if (!pos.setup_phase()) return {};
  return "setup phase: any arrangement is legal (" + std::to_string(kSetupCount) + " setups), listing candidates only";
}

Status Arimaa::perft_shortcut(const Position& pos, int depth, std::optional<std::uint64_t>& count) {
  count.reset();
  if (!pos.setup_phase() || depth <= 0) return Status::ok();
  if (depth > 1)
    return Status::fail("perft deeper than 1 is not available in the setup phase (" + std::to_string(kSetupCount) +
                        " setups are never enumerated)");
  count = kSetupCount;
  return Status::ok();
}

bool Arimaa::book_turn(const Position& pos, const Config& cfg, std::uint64_t random, std::vector<Move>& out) {
  if (!pos.setup_phase() || book_setups().empty()) return false;
  // Gold sets up on an empty board (no Gold elephant yet). Evaluator=seed
  // keeps the plain random choice: the baseline's setups stay those every
  // recorded seed match was played with.
  const std::vector<int> choices = setup_choices(pos.pieces(kGold, kElephant), cfg.evaluator == Config::Ludus);
  out = {Move::setup(choices[random % choices.size()])};
  return true;
}

}  // namespace ludus
namespace ludus {
static_assert(HasNullMove<Arimaa> && HasReduction<Arimaa> && HasQuietPruning<Arimaa> && HasWinDistance<Arimaa> &&
              HasNoisyMoves<Arimaa> && HasOrderHint<Arimaa> && HasForcedNoisy<Arimaa>);
}  // namespace ludus
