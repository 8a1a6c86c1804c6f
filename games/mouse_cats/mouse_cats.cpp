#include "games/mouse_cats/mouse_cats.h"

#include <algorithm>

#include "engine/game_concept.h"

namespace ludus {

static_assert(GameTraits<MouseCats>);

namespace {

constexpr std::string_view kStarts[4] = {"a1", "c1", "e1", "g1"};

struct Terms {
  int progress = 0, mobility = 0, region = 0, escape = 0, reserve = 0, decisive = 0;
  int total() const { return progress + mobility + region + escape + reserve + decisive; }
};

// Terms from the mouse's point of view.
Terms terms(const hunt::Pos& p) {
  using namespace hunt;
  const Graph& g = mouse_cats_graph();
  Terms t;
  const int my = g.y(p.prey);
  int max_cat = 0, reserve = 0;
  for (std::uint64_t b = p.hunters; b; b &= b - 1) {
    max_cat = std::max(max_cat, g.y(lsb(b)));
    reserve += g.y(lsb(b));  // cat moves left at most
  }
  t.progress = 10 * my;
  t.mobility = 8 * popcount(g.neighbours(p.prey) & ~p.hunters);
  // Squares the mouse could reach if the cats stood still: a hole in the
  // cats' line lets this region reach rank 8.
  std::uint64_t region = bit(p.prey), frontier = region;
  while (frontier) {
    std::uint64_t next = 0;
    for (std::uint64_t b = frontier; b; b &= b - 1) next |= g.neighbours(lsb(b));
    next &= ~p.hunters & ~region;
    region |= next;
    frontier = next;
  }
  t.region = 2 * popcount(region);
  if (region & mouse_cats_rules().goal) t.escape = 150;
  t.reserve = -3 * reserve;
  if (my >= max_cat) t.decisive = 2000;  // rules 10.6: the mouse has passed every cat
  return t;
}

}  // namespace

std::vector<OptionSpec> MouseCats::options() {
  OptionSpec o;
  o.name = "MouseStart";
  o.type = OptionType::Combo;
  o.default_value = "e1";
  o.values = {"a1", "c1", "e1", "g1"};
  return {o};
}

Status MouseCats::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (!iequals(name, "MouseStart")) return Status::fail("mouse-cats has no option '" + std::string(name) + "'");
  for (int i = 0; i < 4; ++i)
    if (iequals(value, kStarts[i])) {
      cfg.mouse_start = i;
      return Status::ok();
    }
  return Status::fail("option MouseStart has no value '" + std::string(value) + "' (a1, c1, e1 or g1)");
}

MouseCats::Position MouseCats::start(const Config& cfg) {
  const auto& g = hunt::mouse_cats_graph();
  Position p;
  p.prey = static_cast<std::uint8_t>(g.find(kStarts[std::clamp(cfg.mouse_start, 0, 3)]));
  for (const char* c : {"b8", "d8", "f8", "h8"}) p.hunters |= hunt::bit(g.find(c));
  p.prey_to_move = true;
  return p;
}

Score MouseCats::evaluate(const Position& p, const Config&) {
  const int v = terms(p).total();
  return p.prey_to_move ? v : -v;
}

std::vector<std::string> MouseCats::eval_lines(const Position& p, const Config& cfg) {
  const Terms t = terms(p);
  std::vector<std::string> out = {
      "mouse-cats evaluation (mouse's view; the engine plays from the solved tables):",
      "  progress " + std::to_string(t.progress) + "  mobility " + std::to_string(t.mobility) + "  region " +
          std::to_string(t.region) + "  escape " + std::to_string(t.escape),
      "  cats' tempo reserve " + std::to_string(t.reserve) + "  passed every cat " + std::to_string(t.decisive),
      "  total " + std::to_string(t.total()) + " (side to move: " + std::to_string(evaluate(p, cfg)) + ")"};
  if (const auto v = hunt::mouse_cats_tablebase().probe(p))
    out.push_back("solved: the side to move " + std::string(v->win ? "wins" : "loses") + " in " +
                  std::to_string(v->plies) + " plies");
  return out;
}

}  // namespace ludus
