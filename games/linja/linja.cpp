#include "games/linja/linja.h"

#include "engine/game_concept.h"
#include "games/linja/eval.h"
#include "games/linja/eval_seed.h"
#include "games/linja/notation.h"

namespace ludus {

static_assert(GameTraits<Linja>);

std::vector<OptionSpec> Linja::options() {
  auto combo = [](std::string name, std::string def, std::vector<std::string> values) {
    OptionSpec o;
    o.name = std::move(name);
    o.type = OptionType::Combo;
    o.default_value = std::move(def);
    o.values = std::move(values);
    return o;
  };
  return {combo("Evaluator", "ludus", {"ludus", "seed"}), combo("LinjaOvershoot", "clamp", {"clamp", "forbid"}),
          combo("LinjaFirst", "red", {"red", "black"})};
}

Status Linja::set_option(Config& cfg, std::string_view name, std::string_view value) {
  auto bad = [&](const char* allowed) {
    return Status::fail("option " + std::string(name) + " has no value '" + std::string(value) + "' (" + allowed +
                        ")");
  };
  if (iequals(name, "Evaluator")) {
    if (iequals(value, "ludus")) cfg.evaluator = Config::Ludus;
    else if (iequals(value, "seed")) cfg.evaluator = Config::Seed;
    else return bad("ludus or seed");
  } else if (iequals(name, "LinjaOvershoot")) {
    if (iequals(value, "clamp")) cfg.forbid = false;
    else if (iequals(value, "forbid")) cfg.forbid = true;
    else return bad("clamp or forbid");
  } else if (iequals(name, "LinjaFirst")) {
    if (iequals(value, "red")) cfg.first = linja::kRed;
    else if (iequals(value, "black")) cfg.first = linja::kBlack;
    else return bad("red or black");
  } else {
    return Status::fail("linja has no option '" + std::string(name) + "'");
  }
  return Status::ok();
}

Linja::Position Linja::start(const Config& cfg) { return linja::start_position(cfg.first, cfg.forbid); }

Outcome Linja::outcome(const Position& p) {
  if (!linja::game_over(p)) return Outcome::Ongoing;
  const int p1 = linja::score(p, p.p1), p2 = linja::score(p, linja::other(p.p1));
  return p1 > p2 ? Outcome::P1Win : p1 < p2 ? Outcome::P2Win : Outcome::Draw;
}

Score Linja::terminal_score(const Position& p, int ply) {
  const int v = linja::Solver::final_value(p);
  return v > 0 ? mate_in(ply) : v < 0 ? mated_in(ply) : 0;
}

Score Linja::evaluate(const Position& p, const Config& cfg) {
  return cfg.evaluator == Config::Seed ? linja::evaluate_seed(p) : linja::evaluate(p);
}

Status Linja::parse_turn(const Position& p, std::string_view token, std::vector<Move>& out) {
  return linja::parse_turn(p, token, out);
}

std::string Linja::to_fen(const Position& p) { return linja::to_fen(p); }

Status Linja::parse_fen(std::string_view text, Position& out, const Config& cfg) {
  return linja::parse_fen(text, cfg.first, cfg.forbid, out);
}

std::vector<std::string> Linja::board_lines(const Position& p) { return linja::board_lines(p); }

std::vector<std::string> Linja::eval_lines(const Position& p, const Config& cfg) {
  return cfg.evaluator == Config::Seed ? linja::eval_seed_lines(p) : linja::eval_lines(p);
}

int Linja::order_hint(const Position& p, Move m) {
  if (m.is_pass() || m.is_none()) return 0;
  const linja::Colour c = p.mover;
  const int gain = linja::kPointsByDistance[linja::distance_to_goal(c, m.to)] -
                   linja::kPointsByDistance[linja::distance_to_goal(c, m.from)];
  if (p.points > 0) {
    // A second move into an empty row earns the extra turn.
    const bool extra = p.total(m.to) == 0 && !p.extra_used;
    return (extra ? 40 : 0) + 4 * gain;
  }
  // A first move: the movement points it buys.
  const int n = m.to == linja::goal_row(c) ? 1 : p.total(m.to);
  return 6 * n + 4 * gain;
}

int Linja::moves_left(const Position& p) {
  // Games end at the separation, typically when about a third of the
  // remaining rows have been travelled; a turn travels about 4 rows.
  const int d = linja::remaining_distance(p);
  return std::max(3, d / 8);
}

std::vector<std::string> Linja::bench_fens() {
  return {
      "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",
      "r2b2/r2b1/r1b2/r3b3/r0b1/r1b1/r0b0/r3b2 r",
      "r3b0/r2b1/r0b2/r0b0/r1b0/r0b1/r0b2/r6b6 r",
      "r3b3/r2b3/r2b2/r2b2/r1b1/r1b1/r1b0/r0b0 r",
  };
}

}  // namespace ludus
