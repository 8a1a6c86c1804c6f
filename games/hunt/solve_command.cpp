// `ludus solve --game mouse-cats|hare-hounds`: the value of the start
// position under every option value and the length of perfect play, from the
// retrograde tables (games/hunt/tablebase.h).
#include <iomanip>
#include <ostream>
#include <sstream>

#include "games/hunt/tablebase.h"
#include "games/registry.h"

namespace ludus {

namespace {

using namespace hunt;

std::string winner(const Rules& r, const Pos& p, const Tablebase::Value& v) {
  const bool prey_wins = v.win == p.prey_to_move;
  const Side s = prey_wins ? r.prey_side : opposite(r.prey_side);
  return std::string(prey_wins ? r.prey_word : r.hunters_word) + " win (" + (s == Side::P1 ? "p1win" : "p2win") + ")";
}

void report_position(const Rules& r, const Tablebase& tb, const std::string& label, const Pos& p, bool reachable,
                     std::ostream& out) {
  const auto v = tb.probe(p);
  if (!v) {
    out << label << ": not in the tables\n";
    return;
  }
  out << label << ": " << to_fen(r, p) << "\n  value: " << winner(r, p, *v) << "; perfect play lasts " << v->plies
      << " plies (" << (p.prey_to_move ? r.prey_word : r.hunters_word) << " to move "
      << (v->win ? "win" : "lose") << ", score mate " << (v->win ? (v->plies + 1) / 2 : -(v->plies / 2)) << ")\n";
  if (reachable) out << "  positions reachable from it: " << tb.reachable_from(p) << "\n";
  std::string line;
  for (const Move m : tb.principal_line(p)) line += " " + move_to_string(r, m);
  out << "  perfect play:" << (line.empty() ? " (the game is over)" : line) << "\n";
}

int report(const Rules& r, const Tablebase& tb, const std::vector<std::pair<std::string, Pos>>& starts,
           const SolveRequest& req, std::ostream& out) {
  std::uint64_t indexed = 0, valid = 0, terminal = 0, prey = 0;
  int longest = 0;
  for (const auto& s : tb.stats()) {
    indexed += s.indexed, valid += s.valid, terminal += s.terminal, prey += s.prey_wins;
    longest = std::max(longest, s.longest);
  }
  out << r.game << ": retrograde analysis of every valid position\n"
      << "  index space " << indexed << ", valid positions " << valid << " (finished " << terminal << ", won by the "
      << r.prey_word << " " << prey << ", by the " << r.hunters_word << " " << valid - prey << ")\n"
      << "  longest perfect game " << longest << " plies; built in " << std::fixed << std::setprecision(3)
      << tb.build_seconds() << " s, " << std::setprecision(1) << static_cast<double>(tb.memory_bytes()) / (1 << 20)
      << " MiB\n";
  out.unsetf(std::ios::fixed);
  if (!req.fen.empty()) {
    Pos p;
    if (Status st = parse_fen(r, req.fen, p); !st) {
      out << "error: " << st.error << "\n";
      return 2;
    }
    report_position(r, tb, "position", p, true, out);
    return 0;
  }
  for (const auto& [label, p] : starts) report_position(r, tb, label, p, true, out);
  return 0;
}

Pos start_pos(const Rules& r, std::string_view prey, std::initializer_list<std::string_view> hunters, bool prey_first) {
  Pos p;
  p.prey = static_cast<std::uint8_t>(r.graph->find(prey));
  for (const auto h : hunters) p.hunters |= bit(r.graph->find(h));
  p.prey_to_move = prey_first;
  return p;
}

}  // namespace

int solve_mouse_cats(const SolveRequest& req, std::ostream& out) {
  const Rules& r = mouse_cats_rules();
  std::vector<std::pair<std::string, Pos>> starts;
  for (const char* sq : {"a1", "c1", "e1", "g1"})
    starts.emplace_back(std::string("MouseStart=") + sq + (std::string(sq) == "e1" ? " (default)" : ""),
                        start_pos(r, sq, {"b8", "d8", "f8", "h8"}, true));
  return report(r, mouse_cats_tablebase(), starts, req, out);
}

int solve_hare_hounds(const SolveRequest& req, std::ostream& out) {
  const Rules& r = hare_hounds_rules();
  std::vector<std::pair<std::string, Pos>> starts = {
      {"HareStart=10 (default)", start_pos(r, "10", {"0", "1", "3"}, false)},
      {"HareStart=5", start_pos(r, "5", {"0", "1", "3"}, false)}};
  return report(r, hare_hounds_tablebase(), starts, req, out);
}

}  // namespace ludus
