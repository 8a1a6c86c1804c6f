#include "games/hunt/tablebase.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <stdexcept>

namespace ludus::hunt {

namespace {

// Move buffers: the largest move list of any hunt position (fox-geese, rules
// 5.4: 11155 jump moves in the worst arrangement of 17 geese, plus steps).
constexpr int kMoveBuffer = kMaxJumpMoves + 8;

bool valid_state(const Rules& r, const Pos& p, int k) {
  if (p.hunters & bit(p.prey)) return false;
  if (p.prey_to_move && (r.goal & bit(p.prey))) return false;            // FEN rule 7
  if (!p.prey_to_move && r.stall_rule && p.stall >= kStallLimit) return false;  // FEN rule 6
  if (r.prey_jumps && k == 0 && p.prey_to_move) return false;           // FEN rule 8
  return true;
}

}  // namespace

Tablebase::Tablebase(const Rules& rules, int kmin, int kmax, const std::atomic<bool>* abort)
    : rules_(rules), kmin_(kmin), kmax_(kmax), n_(rules.graph->size()), stalls_(rules.stall_rule ? kStallLimit + 1 : 1) {
  if (kmin < 0 || kmax < kmin || kmax > kMaxJumps || (rules.prey_jumps && kmin != 0))
    throw std::logic_error("tablebase: bad hunter range");
  for (int n = 0; n <= kMaxPoints; ++n) {
    binom_[n][0] = 1;
    for (int k = 1; k <= kMaxJumps + 1; ++k) binom_[n][k] = n == 0 ? 0 : binom_[n - 1][k - 1] + binom_[n - 1][k];
  }
  const auto t0 = std::chrono::steady_clock::now();
  tables_.resize(static_cast<std::size_t>(kmax - kmin + 1));
  for (int k = kmin; k <= kmax; ++k) {
    build_table(k, abort);
    if (abort && abort->load()) return;
  }
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  complete_ = true;
}

std::uint64_t Tablebase::rank(std::uint64_t hunters) const {
  std::uint64_t r = 0;
  int i = 1;
  for (std::uint64_t b = hunters; b; b &= b - 1) r += binom_[lsb(b)][i++];
  return r;
}

std::uint64_t Tablebase::index(const Pos& p) const {
  return ((rank(p.hunters) * static_cast<std::uint64_t>(n_) + p.prey) * 2 + (p.prey_to_move ? 1 : 0)) *
             static_cast<std::uint64_t>(stalls_) +
         (rules_.stall_rule ? p.stall : 0);
}

std::int16_t Tablebase::raw(const Pos& p) const {
  const int k = popcount(p.hunters);
  if (k < kmin_ || k > kmax_) return 0;
  const auto& t = tables_[static_cast<std::size_t>(k - kmin_)];
  const std::uint64_t i = index(p);
  return i < t.size() ? t[i] : 0;
}

std::optional<Tablebase::Value> Tablebase::probe(const Pos& p) const {
  if (!complete_) return std::nullopt;
  const std::int16_t v = raw(p);
  if (v == 0) return std::nullopt;
  return Value{v > 0, (v > 0 ? v : -v) - 1};
}

void Tablebase::build_table(int k, const std::atomic<bool>* abort) {
  const Rules& r = rules_;
  const Graph& g = *r.graph;
  auto& table = tables_[static_cast<std::size_t>(k - kmin_)];
  const std::uint64_t subsets = binom_[n_][k];
  table.assign(subsets * static_cast<std::uint64_t>(n_) * 2 * static_cast<std::uint64_t>(stalls_), 0);
  Stats st;
  st.hunters = k;
  st.indexed = table.size();

  // Hunter sets by level (sum of progress coordinates).
  std::vector<std::vector<std::uint64_t>> levels;
  auto add = [&](std::uint64_t mask) {
    int level = 0;
    for (std::uint64_t b = mask; b; b &= b - 1) level += r.advance[static_cast<std::size_t>(lsb(b))];
    if (level >= static_cast<int>(levels.size())) levels.resize(static_cast<std::size_t>(level) + 1);
    levels[static_cast<std::size_t>(level)].push_back(mask);
  };
  if (k == 0) {
    add(0);
  } else {
    const std::uint64_t limit = bit(n_);
    for (std::uint64_t mask = bit(k) - 1; mask < limit;) {  // every k-subset (Gosper's hack)
      add(mask);
      const std::uint64_t c = mask & (~mask + 1), rr = mask + c;
      mask = (((rr ^ mask) >> 2) / c) | rr;
    }
  }

  std::vector<Move> moves(kMoveBuffer);
  for (int level = static_cast<int>(levels.size()) - 1; level >= 0; --level) {
    if (abort && abort->load()) return;
    for (int stall = stalls_ - 1; stall >= 0; --stall) {
      for (const bool prey_to_move : {false, true}) {  // hunters to move first (rules out same-level reads)
        for (const std::uint64_t mask : levels[static_cast<std::size_t>(level)]) {
          const std::uint64_t base = rank(mask) * static_cast<std::uint64_t>(n_);
          for (int prey = 0; prey < n_; ++prey) {
            Pos p;
            p.hunters = mask, p.prey = static_cast<std::uint8_t>(prey), p.prey_to_move = prey_to_move;
            p.stall = static_cast<std::uint8_t>(stall);
            if (!valid_state(r, p, k)) continue;
            int value;  // +(d+1): side to move wins in d plies; -(d+1): loses in d
            int n = 0;
            if (r.goal & bit(prey)) {
              value = -1;  // the prey has arrived: the hunters (to move) have lost
            } else if ((n = generate(r, p, moves.data())) == 0) {
              value = -1;  // no move: the side to move loses
            } else if (r.stall_rule && stall >= kStallLimit) {
              value = 1;  // the hunters stalled (the prey is to move and can move)
            } else {
              int best_win = 1 << 20, worst_loss = 0;
              for (int i = 0; i < n; ++i) {
                const std::int16_t c = raw(play(r, p, moves[static_cast<std::size_t>(i)]));
                assert(c != 0 && "retrograde order: a successor is not solved yet");
                if (c < 0) best_win = std::min(best_win, -c);  // the opponent loses in -c-1
                else worst_loss = std::max(worst_loss, static_cast<int>(c));
              }
              value = best_win < (1 << 20) ? best_win + 1 : -(worst_loss + 1);
            }
            if (std::abs(value) > 32000) throw std::logic_error("tablebase: game too long for 16 bits");
            table[(((base + static_cast<std::uint64_t>(prey)) * 2 + (prey_to_move ? 1 : 0)) *
                   static_cast<std::uint64_t>(stalls_)) +
                  static_cast<std::uint64_t>(stall)] = static_cast<std::int16_t>(value);
            ++st.valid;
            if (value == 1 || value == -1) ++st.terminal;
            if ((value > 0) == prey_to_move) ++st.prey_wins;
            st.longest = std::max(st.longest, std::abs(value) - 1);
          }
        }
      }
    }
  }
  (void)g;
  stats_.push_back(st);
}

bool Tablebase::best_move(const Pos& p, Move& best) const {
  const auto v = probe(p);
  if (!v) return false;
  std::vector<Move> moves(kMoveBuffer);
  const int n = legal_moves(rules_, p, moves.data());
  for (int i = 0; i < n; ++i) {
    const auto c = probe(play(rules_, p, moves[static_cast<std::size_t>(i)]));
    if (c && c->win != v->win && c->plies + 1 == v->plies) {
      best = moves[static_cast<std::size_t>(i)];
      return true;
    }
  }
  return false;
}

std::vector<Move> Tablebase::principal_line(Pos p) const {
  std::vector<Move> line;
  Move m;
  while (best_move(p, m)) {
    line.push_back(m);
    p = play(rules_, p, m);
  }
  return line;
}

std::uint64_t Tablebase::reachable_from(const Pos& start) const {
  std::vector<std::vector<bool>> seen(tables_.size());
  for (std::size_t i = 0; i < tables_.size(); ++i) seen[i].assign(tables_[i].size(), false);
  auto mark = [&](const Pos& p) -> bool {
    const int k = popcount(p.hunters);
    if (k < kmin_ || k > kmax_) throw std::logic_error("tablebase: reachable position outside the tables");
    auto ref = seen[static_cast<std::size_t>(k - kmin_)][index(p)];
    if (ref) return false;
    ref = true;
    return true;
  };
  std::vector<Pos> stack{start};
  mark(start);
  std::uint64_t count = 0;
  std::vector<Move> moves(kMoveBuffer);
  while (!stack.empty()) {
    const Pos p = stack.back();
    stack.pop_back();
    ++count;
    const int n = legal_moves(rules_, p, moves.data());
    for (int i = 0; i < n; ++i) {
      const Pos c = play(rules_, p, moves[static_cast<std::size_t>(i)]);
      if (mark(c)) stack.push_back(c);
    }
  }
  return count;
}

std::size_t Tablebase::memory_bytes() const {
  std::size_t b = 0;
  for (const auto& t : tables_) b += t.size() * sizeof(std::int16_t);
  return b;
}

const Tablebase& mouse_cats_tablebase() {
  static const Tablebase tb(mouse_cats_rules(), 4, 4);
  return tb;
}

const Tablebase& hare_hounds_tablebase() {
  static const Tablebase tb(hare_hounds_rules(), 3, 3);
  return tb;
}

}  // namespace ludus::hunt
