#include "games/fox_geese/fox_geese.h"

#include <algorithm>

#include "engine/game_concept.h"
#include "games/fox_geese/endgame.h"
#include "games/fox_geese/eval.h"

namespace ludus {

static_assert(GameTraits<FoxGeese>);

using namespace hunt;

std::vector<OptionSpec> FoxGeese::options() {
  OptionSpec geese;
  geese.name = "Geese";
  geese.type = OptionType::Combo;
  geese.default_value = "15";
  geese.values = {"13", "15", "17"};
  OptionSpec ev;
  ev.name = "Evaluator";
  ev.type = OptionType::Combo;
  ev.default_value = "ludus";
  ev.values = {"ludus", "seed"};
  return {geese, ev};
}

Status FoxGeese::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (iequals(name, "Geese")) {
    if (value == "13" || value == "15" || value == "17") {
      cfg.geese = value[1] - '0' + 10;
      return Status::ok();
    }
    return Status::fail("option Geese has no value '" + std::string(value) + "' (13, 15 or 17)");
  }
  if (iequals(name, "Evaluator")) {
    if (iequals(value, "ludus")) cfg.evaluator = Config::Ludus;
    else if (iequals(value, "seed")) cfg.evaluator = Config::Seed;
    else return Status::fail("option Evaluator has no value '" + std::string(value) + "' (ludus or seed)");
    return Status::ok();
  }
  return Status::fail("fox-geese has no option '" + std::string(name) + "'");
}

FoxGeese::Position FoxGeese::start_with(int geese) {
  const Graph& g = fox_geese_graph();
  Position p;
  p.prey = static_cast<std::uint8_t>(g.find("d7"));
  // Rules 3: all of rank 3 and c1 d1 e1 c2 d2 e2; 15 adds a4 g4; 17 adds b4 f4.
  for (int q = 0; q < g.size(); ++q)
    if (g.y(q) <= 2) p.hunters |= bit(q);
  if (geese >= 15) p.hunters |= bit(g.find("a4")) | bit(g.find("g4"));
  if (geese >= 17) p.hunters |= bit(g.find("b4")) | bit(g.find("f4"));
  p.prey_to_move = false;
  return p;
}

FoxGeese::Position FoxGeese::start(const Config& cfg) { return start_with(cfg.geese); }

Score FoxGeese::evaluate(const Position& p, const Config& cfg) {
  const int geese_view = cfg.evaluator == Config::Seed ? fox_geese::seed_eval(p) : fox_geese::ludus_eval(p, cfg.engine_geese);
  return p.prey_to_move ? -geese_view : geese_view;
}

std::vector<std::string> FoxGeese::eval_lines(const Position& p, const Config& cfg) {
  auto out = cfg.evaluator == Config::Seed ? fox_geese::seed_lines(p) : fox_geese::ludus_lines(p, cfg.engine_geese);
  out.push_back("side to move: " + std::to_string(evaluate(p, cfg)));
  return out;
}

int FoxGeese::order_hint(const Position& p, Move m) {
  const Rules& r = rules();
  const Graph& g = *r.graph;
  if (p.prey_to_move) {
    const int end = move_end(r, m);
    if (r.goal & bit(end)) return 100000;
    return m.is_jump() ? 1000 * m.jumps() : 10 * (g.y(p.prey) - g.y(end));
  }
  const int to = g.step(m.from(), m.dir(0));
  int v = g.y(to) > g.y(m.from()) ? 20 : 0;
  if (g.neighbours(p.prey) & bit(to)) v += 10;  // closes in on the fox
  return v;
}

int FoxGeese::noisy_moves(const Position& p, Move* out) {
  const Rules& r = rules();
  if (!p.prey_to_move || (r.goal & bit(p.prey)) || p.stall >= kStallLimit) return 0;
  int n = 0;
  const Graph& g = *r.graph;
  for (int d = 0; d < 8; ++d) {
    const int t = g.step(p.prey, d);
    if (t != kNone && (r.goal & bit(t)) && !(p.hunters & bit(t))) out[n++] = Move::step(p.prey, d);
  }
  return n + generate_jumps(r, p, out + n);
}

FoxGeese::Solver::Solver(std::size_t) {}

Score FoxGeese::Solver::solve(const Position& p, Score, Score, const std::atomic<bool>&, std::uint64_t& nodes,
                              int ply) {
  ++nodes;
  const hunt::Tablebase* tb = fox_geese::endgame_tables_ready();
  const auto v = tb ? tb->probe(p) : std::nullopt;
  return v ? table_score(*v, ply) : 0;  // exact_depth() sends only covered positions
}

int FoxGeese::exact_depth(const Position& p) {
  const int k = popcount(p.hunters);
  if (k > fox_geese::kEndgameTrigger) return kNeverExact;
  if (k <= fox_geese::kEndgameGeese && fox_geese::endgame_tables_ready()) return kAlwaysExact;
  fox_geese::start_endgame_build();  // near the end: have the tables ready soon
  return kNeverExact;
}

int FoxGeese::moves_left(const Position& p) {
  // Roughly: the geese's remaining forward moves, shared by both sides' turns.
  const Graph& g = fox_geese_graph();
  int left = 0;
  for (std::uint64_t b = p.hunters; b; b &= b - 1) left += 6 - g.y(lsb(b));
  return std::clamp(left / 2 + 10, 10, 60);
}

std::vector<std::string> FoxGeese::bench_fens() {
  return {"d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0",
          "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 geese 0",
          "c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0",
          "d5 c2,d2,e2,b3,c3,d3,e3,f3,a4,b4,c4,e4,g4 fox 3"};
}

}  // namespace ludus
