#include "games/linja/movegen.h"

namespace ludus::linja {

bool has_first_move(const Position& p, Colour c) {
  const int f = forward(c), g = goal_row(c);
  for (int a = 0; a < kRows; ++a)
    if (a != g && p.count(c, a) > 0 && p.accepts(a + f)) return true;
  return false;
}

int second_target(const Position& p, Colour c, int a, int n) {
  int t = a + n * forward(c);
  if (t < 0 || t >= kRows) {
    if (p.forbid) return -1;  // rules 5.3: LinjaOvershoot = forbid
    t = goal_row(c);          // clamp: stop in the goal row
  }
  return p.accepts(t) ? t : -1;
}

namespace {

// Origin rows in canonical order for colour c.
template <class F>
void for_each_origin(Colour c, F&& f) {
  if (c == kRed) {
    for (int a = 0; a < 7; ++a) f(a);  // row 8 (index 7) is Red's goal: frozen
  } else {
    for (int a = 7; a > 0; --a) f(a);  // row 1 (index 0) is Black's goal
  }
}

Position end_turn(Position p) {
  p.mover = other(p.mover);
  p.points = 0;
  p.extra_used = false;
  return p;
}

bool has_second_move(const Position& p, Colour c, int n) {
  const int g = goal_row(c);
  for (int a = 0; a < kRows; ++a)
    if (a != g && p.count(c, a) > 0 && second_target(p, c, a, n) >= 0) return true;
  return false;
}

}  // namespace

int generate(const Position& p, Move* out) {
  if (separated(p)) return 0;
  const Colour c = p.mover;
  int n = 0;
  if (p.points > 0) {
    for_each_origin(c, [&](int a) {
      if (p.count(c, a) == 0) return;
      const int t = second_target(p, c, a, p.points);
      if (t >= 0) out[n++] = Move{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(t)};
    });
    return n;
  }
  const int f = forward(c);
  for_each_origin(c, [&](int a) {
    if (p.count(c, a) > 0 && p.accepts(a + f))
      out[n++] = Move{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(a + f)};
  });
  if (n == 0 && p.at_turn_start() && has_first_move(p, other(c))) out[n++] = kPass;
  return n;
}

bool game_over(const Position& p) {
  if (separated(p)) return true;
  return p.points == 0 && !has_first_move(p, kRed) && !has_first_move(p, kBlack);
}

Position play(const Position& p, Move m) {
  if (m.is_pass()) return end_turn(p);
  Position q = p;
  const Colour c = p.mover;
  const int from = m.from, to = m.to;
  if (p.points == 0) {
    // First move (rules 5.1, 5.2).
    const int n = to == goal_row(c) ? 1 : p.total(to);
    q.add(c, from, -1);
    q.add(c, to, +1);
    if (separated(q) || n == 0) return end_turn(q);
    if (!has_second_move(q, c, n)) return end_turn(q);  // D7: no second move, no extra turn
    q.points = static_cast<std::uint8_t>(n);
    return q;
  }
  // Second move (rules 5.3, 5.4).
  const bool into_empty = p.total(to) == 0;
  q.add(c, from, -1);
  q.add(c, to, +1);
  q.points = 0;
  if (separated(q)) return end_turn(q);
  if (into_empty && !p.extra_used) {
    q.extra_used = true;
    if (!has_first_move(q, c)) return end_turn(q);  // D13: the extra turn lapses
    return q;
  }
  return end_turn(q);
}

}  // namespace ludus::linja
