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

Solver::Solver(std::size_t mib) : table_(std::make_shared<Table>()) {
  std::size_t n = 1;
  const std::size_t want = std::max<std::size_t>(1, mib) * 1024 * 1024 / sizeof(Slot);
  while (n * 2 <= want) n *= 2;
  table_->slots = std::make_unique<Slot[]>(n);
  table_->mask = n - 1;
}

void Solver::clear() {
  for (std::size_t i = 0; i <= table_->mask; ++i) {
    table_->slots[i].check.store(0, std::memory_order_relaxed);
    table_->slots[i].data.store(0, std::memory_order_relaxed);
  }
}

namespace {
// The packed entry spread over 64 bits; bit 24 marks a used slot.
inline std::uint64_t spread(std::uint64_t data) { return data * 0x9E3779B97F4A7C15ULL; }
constexpr std::uint64_t kUsed = 1ULL << 24;
}  // namespace

bool Solver::probe(std::uint64_t key, Entry& out) const {
  const Slot& s = table_->slots[key & table_->mask];
  const std::uint64_t d = s.data.load(std::memory_order_relaxed);
  if (!(d & kUsed) || (s.check.load(std::memory_order_relaxed) ^ spread(d)) != key) return false;
  out.lower = static_cast<std::int8_t>(d & 0xFF);
  out.upper = static_cast<std::int8_t>((d >> 8) & 0xFF);
  out.move = static_cast<std::uint8_t>((d >> 16) & 0xFF);
  return true;
}

void Solver::store(std::uint64_t key, const Entry& e) {
  Slot& s = table_->slots[key & table_->mask];
  const std::uint64_t d = static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.lower)) |
                          static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.upper)) << 8 |
                          static_cast<std::uint64_t>(e.move) << 16 | kUsed;
  s.check.store(key ^ spread(d), std::memory_order_relaxed);
  s.data.store(d, std::memory_order_relaxed);
}

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
    Entry e;
    const int hint = probe(hash_key(now), e) && e.move > 0 && e.move <= n ? e.move - 1 : -1;
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

  int hint = -1;
  if (Entry e; probe(key, e)) {
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
    __builtin_prefetch(&table_->slots[child_key[i] & table_->mask]);
  }
  auto record = [&](int best, int best_i) {
    // The bounds this search proved (fail-soft on a 3-valued scale).
    Entry s;
    if (!probe(key, s)) s = Entry{};
    if (best > alpha0 && best < beta0) s.lower = s.upper = static_cast<std::int8_t>(best);
    else if (best >= beta0) s.lower = static_cast<std::int8_t>(std::max<int>(s.lower, best));
    else s.upper = static_cast<std::int8_t>(std::min<int>(s.upper, best));
    s.move = static_cast<std::uint8_t>(best_i + 1);
    store(key, s);
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
        record(known[i], i);
        return known[i];
      }
      continue;
    }
    Entry c;
    if (!probe(child_key[i], c)) continue;
    const int lower = child[i].mover == p.mover ? c.lower : -c.upper;
    if (lower >= beta) {
      record(lower, i);
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
  // Threads sharing the table split the moves (simplified ABDADA,
  // engine/busy_table.h): a child another thread is searching waits until
  // the other children are done, when its result is likely in the table.
  BusyTable* const split = table_->busy.get();
  DeferredMoves<kMaxSubMoves + 1> later(n);
  for (int j = 0; j < later.size(); ++j) {
    const int i = j < n ? order[j] : later.at(j);
    std::uint64_t mark = 0;
    if (split && !later.claim(*split, j, i, j == 0, child_key[i], mark)) continue;
    const BusyLeave leave{split, mark};
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
  record(best, best_i);
  return best;
}

}  // namespace ludus::linja
