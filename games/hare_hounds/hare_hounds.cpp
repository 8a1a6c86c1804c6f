#include "games/hare_hounds/hare_hounds.h"

#include <algorithm>

#include "engine/game_concept.h"

namespace ludus {

static_assert(GameTraits<HareHounds>);

namespace {

struct Terms {
  int progress = 0, mobility = 0, stall = 0, centre = 0, decisive = 0;
  int total() const { return progress + mobility + stall + centre + decisive; }
};

// Terms from the hare's point of view.
Terms terms(const hunt::Pos& p) {
  using namespace hunt;
  const Graph& g = hare_hounds_graph();
  Terms t;
  int min_x = 99;
  for (std::uint64_t b = p.hunters; b; b &= b - 1) min_x = std::min(min_x, g.x(lsb(b)));
  t.progress = 15 * (4 - g.x(p.prey));
  t.mobility = 10 * popcount(g.neighbours(p.prey) & ~p.hunters);
  t.stall = 25 * p.stall;  // a high count favours the hare (rules 10.6)
  if (p.hunters & bit(5)) t.centre = -30;
  if (g.x(p.prey) < min_x) t.decisive = 2000;  // rules 10.6: the hare has passed every hound
  return t;
}

}  // namespace

std::vector<OptionSpec> HareHounds::options() {
  OptionSpec o;
  o.name = "HareStart";
  o.type = OptionType::Combo;
  o.default_value = "10";
  o.values = {"10", "5"};
  return {o};
}

Status HareHounds::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (!iequals(name, "HareStart")) return Status::fail("hare-hounds has no option '" + std::string(name) + "'");
  if (value == "10") cfg.hare_start = 10;
  else if (value == "5") cfg.hare_start = 5;
  else return Status::fail("option HareStart has no value '" + std::string(value) + "' (10 or 5)");
  return Status::ok();
}

HareHounds::Position HareHounds::start(const Config& cfg) {
  Position p;
  p.prey = static_cast<std::uint8_t>(cfg.hare_start == 5 ? 5 : 10);
  p.hunters = hunt::bit(0) | hunt::bit(1) | hunt::bit(3);
  p.prey_to_move = false;
  return p;
}

Score HareHounds::evaluate(const Position& p, const Config&) {
  const int v = terms(p).total();
  return p.prey_to_move ? v : -v;
}

std::vector<std::string> HareHounds::eval_lines(const Position& p, const Config& cfg) {
  const Terms t = terms(p);
  std::vector<std::string> out = {
      "hare-hounds evaluation (hare's view; the engine plays from the solved tables):",
      "  progress " + std::to_string(t.progress) + "  mobility " + std::to_string(t.mobility) + "  stall " +
          std::to_string(t.stall) + "  hound on 5 " + std::to_string(t.centre) + "  passed every hound " +
          std::to_string(t.decisive),
      "  total " + std::to_string(t.total()) + " (side to move: " + std::to_string(evaluate(p, cfg)) + ")"};
  if (const auto v = hunt::hare_hounds_tablebase().probe(p))
    out.push_back("solved: the side to move " + std::string(v->win ? "wins" : "loses") + " in " +
                  std::to_string(v->plies) + " plies");
  return out;
}

}  // namespace ludus
