#include "games/linja/solver.h"

#include <algorithm>

namespace ludus::linja {

int move_prior(const Position& p, Move m) {
  if (m.is_pass() || m.is_none()) return 0;
  const Colour c = p.mover;
  const int gain = piece_points(c, m.to) - piece_points(c, m.from);
  if (p.points > 0) {
    const bool extra = p.total(m.to) == 0 && !p.extra_used;
    return (extra ? 40 : 0) + 4 * gain + 2 * distance_to_goal(c, m.from);
  }
  const int n = m.to == goal_row(c) ? 1 : p.total(m.to);
  return 6 * n + 4 * gain;
}

Solver::Solver(std::size_t mib) {
  std::size_t n = 1;
  const std::size_t want = std::max<std::size_t>(1, mib) * 1024 * 1024 / sizeof(Entry);
  while (n * 2 <= want) n *= 2;
  table_ = std::make_unique<Entry[]>(n);
  mask_ = n - 1;
}

void Solver::clear() { std::fill(table_.get(), table_.get() + mask_ + 1, Entry{}); }

int Solver::final_value(const Position& p) {
  const int me = score(p, p.mover), them = score(p, other(p.mover));
  return me > them ? 1 : me < them ? -1 : 0;
}

Score Solver::solve(const Position& p, Score alpha, Score beta, const std::atomic<bool>& stop,
                    std::uint64_t& nodes) {
  // The value is one of -W, 0, +W: the search window maps to the discrete
  // window (a, b) of the largest value <= alpha and the smallest >= beta.
  auto floor_div = [](Score x) { return x >= kSolvedWin ? 1 : x >= 0 ? 0 : x >= -kSolvedWin ? -1 : -2; };
  auto ceil_div = [](Score x) { return x <= -kSolvedWin ? -1 : x <= 0 ? 0 : x <= kSolvedWin ? 1 : 2; };
  const int a = floor_div(alpha), b = ceil_div(beta);
  stop_ = &stop;
  nodes_ = 0;
  aborted_ = false;
  const int v = search(p, a, b);
  nodes += nodes_;
  if (aborted_) return 0;
  return static_cast<Score>(v) * kSolvedWin;
}

int Solver::pv_line(const Position& p, Move* out, int max_len) {
  if (stop_ == nullptr) return 0;  // only after a solve(), which sets the stop flag
  nodes_ = 0;
  aborted_ = false;
  int value = search(p, -2, 2);  // exact; cheap after the solve() that preceded
  Position now = p;
  int len = 0, turn_ends = 0;
  while (!aborted_ && len < max_len && turn_ends < 2) {
    Move moves[kMaxSubMoves + 1];
    const int n = generate(now, moves);
    if (n == 0) break;
    // The table's best move first: usually it keeps the value.
    const std::uint64_t key = hash_key(now);
    const Entry& e = table_[key & mask_];
    const int hint = e.key == key && e.move > 0 && e.move <= n ? e.move - 1 : -1;
    int pick = -1;
    Position next;
    for (int j = -1; j < n && pick < 0 && !aborted_; ++j) {
      const int i = j < 0 ? hint : j;
      if (i < 0 || (j >= 0 && i == hint)) continue;
      const Position c = play(now, moves[i]);
      // Window (value - 1, value + 1): the result equals `value` exactly when
      // the child keeps it (no child can exceed the node's value).
      const int v = c.mover == now.mover ? search(c, value - 1, value + 1) : -search(c, -value - 1, -value + 1);
      if (!aborted_ && v == value) pick = i, next = c;
    }
    if (pick < 0) break;
    out[len++] = moves[pick];
    if (next.mover != now.mover) value = -value, ++turn_ends;
    now = next;
  }
  return len;
}

int Solver::search(const Position& p, std::uint64_t key, int alpha, int beta) {
  if ((++nodes_ & 1023) == 0 &&
      (stop_->load(std::memory_order_relaxed) || (node_limit != 0 && nodes_ >= node_limit)))
    aborted_ = true;
  if (aborted_) return 0;
  Move moves[kMaxSubMoves + 1];
  const int n = generate(p, moves);
  if (n == 0) return final_value(p);

  Entry& e = table_[key & mask_];
  int hint = -1;
  if (e.key == key) {
    if (e.lower >= beta || e.lower == e.upper) return e.lower;
    if (e.upper <= alpha) return e.upper;
    alpha = std::max<int>(alpha, e.lower);
    beta = std::min<int>(beta, e.upper);
    hint = e.move - 1;
  }
  const int alpha0 = alpha, beta0 = beta;
  // The children and their keys first, with their table entries prefetched:
  // the solver's time goes almost entirely into table misses (the table is
  // much larger than the caches), and the loads now overlap.
  Position child[kMaxSubMoves + 1];
  std::uint64_t child_key[kMaxSubMoves + 1];
  for (int i = 0; i < n; ++i) {
    child[i] = play(p, moves[i]);
    child_key[i] = hash_key(child[i]);
    __builtin_prefetch(&table_[child_key[i] & mask_]);
  }
  auto store = [&](int best, int best_i) {
    // The bounds this search proved (fail-soft on a 3-valued scale).
    Entry& s = table_[key & mask_];
    if (s.key != key) s = Entry{key, -1, 1, 0, 1};
    if (best > alpha0 && best < beta0) s.lower = s.upper = static_cast<std::int8_t>(best);
    else if (best >= beta0) s.lower = static_cast<std::int8_t>(std::max<int>(s.lower, best));
    else s.upper = static_cast<std::int8_t>(std::min<int>(s.upper, best));
    s.move = static_cast<std::uint8_t>(best_i + 1);
  };
  // Enhanced transposition cutoff: a child whose stored bound already
  // refutes the window settles the node without a search (transpositions
  // inside and across turns are everywhere in Linja).
  // A sub-move that separates the colours ends the game: its value is known
  // at once (it ends the turn, so the opponent is to move in the child).
  int known[kMaxSubMoves + 1];
  for (int i = 0; i < n; ++i) {
    known[i] = -2;
    if (separated(child[i])) {
      known[i] = -final_value(child[i]);
      if (known[i] >= beta) {
        store(known[i], i);
        return known[i];
      }
      continue;
    }
    const Entry& c = table_[child_key[i] & mask_];
    if (c.key != child_key[i]) continue;
    const int lower = child[i].mover == p.mover ? c.lower : -c.upper;
    if (lower >= beta) {
      store(lower, i);
      return lower;
    }
  }
  // Order: the stored best move first, then by a static prior: second
  // moves that earn the extra turn, first moves that buy many points, and
  // pieces reaching the scoring rows.
  int order[kMaxSubMoves + 1] = {};
  int keys[kMaxSubMoves + 1] = {};
  for (int i = 0; i < n; ++i) {
    order[i] = i;
    // Known results: a won ending first, a lost one last.
    keys[i] = known[i] == 1 ? 1 << 21 : known[i] == -1 ? -(1 << 20) : i == hint ? 1 << 20 : move_prior(p, moves[i]);
  }
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && keys[j] > keys[j - 1]; --j) std::swap(keys[j], keys[j - 1]), std::swap(order[j], order[j - 1]);
  int best = -2, best_i = order[0];
  for (int j = 0; j < n; ++j) {
    const int i = order[j];
    const Position& c = child[i];
    const int v = c.mover == p.mover ? search(c, child_key[i], alpha, beta) : -search(c, child_key[i], -beta, -alpha);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_i = i;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  store(best, best_i);
  return best;
}

}  // namespace ludus::linja
