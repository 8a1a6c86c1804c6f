#include "games/arimaa/turngen.h"

#include <algorithm>

#include "games/arimaa/setups.h"

namespace ludus::arimaa {

namespace {

// Open-addressing set of 64-bit keys that clears only what it used, so that
// perft can call the enumeration hundreds of thousands of times cheaply.
class KeySet {
 public:
  void clear() {
    for (std::size_t i : used_) slots_[i] = 0;
    used_.clear();
  }
  // True if `key` was not in the set yet.
  bool insert(std::uint64_t key) {
    if (key == 0) key = 1;
    if ((used_.size() + 1) * 2 > slots_.size()) grow();
    std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
    while (true) {
      if (slots_[i] == key) return false;
      if (slots_[i] == 0) {
        slots_[i] = key;
        used_.push_back(i);
        return true;
      }
      i = (i + 1) & (slots_.size() - 1);
    }
  }

 private:
  void grow() {
    std::vector<std::uint64_t> keys;
    keys.reserve(used_.size());
    for (std::size_t i : used_) keys.push_back(slots_[i]);
    const std::size_t size = slots_.empty() ? 4096 : slots_.size() * 2;
    slots_.assign(size, 0);
    shift_ = 64 - std::countr_zero(size);
    used_.clear();
    for (std::uint64_t k : keys) insert(k);
  }
  std::vector<std::uint64_t> slots_;
  std::vector<std::size_t> used_;
  int shift_ = 64;
};

// The step state that decides the rest of a turn (the turn-start board is
// the same for every node of one enumeration).
inline std::uint64_t state_key(const Position& p) {
  const Zobrist& z = zobrist();
  return p.hash ^ z.steps[p.steps] ^ z.push[p.push_sq][p.push_str] ^ z.pull[p.pull_sq][p.pull_str];
}

struct Node {
  Position pos;
  int parent;
  Move move;
};

struct Scratch {
  std::vector<Node> nodes;
  KeySet states, results;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Breadth-first over the step tree. `emit(node, last_move)` is called once
// per new resulting position.
template <class Emit>
void bfs_turns(const Position& root, Emit&& emit) {
  Scratch& s = scratch();
  s.nodes.clear();
  s.results.clear();
  s.nodes.push_back({root, -1, Move{}});
  const std::uint64_t side_key = zobrist().side;
  std::size_t begin = 0, end = 1;
  Move moves[kMaxMoves];
  for (int depth = 0; depth < 4 && begin < end; ++depth) {
    s.states.clear();
    for (std::size_t i = begin; i < end; ++i) {
      const Position p = s.nodes[i].pos;  // copy: push_back may reallocate
      const int n = generate_moves(p, moves);
      for (int k = 0; k < n; ++k) {
        const Move m = moves[k];
        if (m.is_pass()) {
          if (s.results.insert(p.hash ^ side_key)) emit(static_cast<int>(i), m);
          continue;
        }
        Position c = play(p, m);
        if (c.side != root.side) {
          if (s.results.insert(c.hash)) emit(static_cast<int>(i), m);
        } else if (s.states.insert(state_key(c))) {
          s.nodes.push_back({c, static_cast<int>(i), m});
        }
      }
    }
    begin = end;
    end = s.nodes.size();
  }
}

}  // namespace

void enumerate_turns(const Position& p, std::vector<std::vector<Move>>& out) {
  out.clear();
  if (p.setup_phase()) {
    for (std::size_t i = 0; i < book_setups().size(); ++i) out.push_back({Move::setup(static_cast<int>(i))});
    return;
  }
  bfs_turns(p, [&](int node, Move last) {
    std::vector<Move> seq;
    seq.push_back(last);
    const auto& nodes = scratch().nodes;
    for (int i = node; nodes[static_cast<std::size_t>(i)].parent >= 0; i = nodes[static_cast<std::size_t>(i)].parent)
      seq.push_back(nodes[static_cast<std::size_t>(i)].move);
    std::reverse(seq.begin(), seq.end());
    out.push_back(std::move(seq));
  });
}

std::uint64_t count_turns(const Position& p) {
  if (p.setup_phase()) return kSetupCount;
  std::uint64_t n = 0;
  bfs_turns(p, [&](int, Move) { ++n; });
  return n;
}

std::uint64_t count_sequences(const Position& p) {
  if (p.setup_phase()) return kSetupCount;
  Move moves[kMaxMoves];
  const int n = generate_moves(p, moves);
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    if (moves[i].is_pass()) {
      ++total;
      continue;
    }
    const Position c = play(p, moves[i]);
    total += c.side != p.side ? 1 : count_sequences(c);
  }
  return total;
}

Outcome outcome(const Position& p) {
  if (p.setup_phase() || !p.turn_start()) return Outcome::Ongoing;
  const int b = p.side, a = b ^ 1;  // a just moved, b is to move
  auto win = [](int c) { return c == kGold ? Outcome::P1Win : Outcome::P2Win; };
  const Bitboard rabbits = p.type[kRabbit];
  if (rabbits & p.color[a] & kGoalRow[a]) return win(a);
  if (rabbits & p.color[b] & kGoalRow[b]) return win(b);
  if (!(rabbits & p.color[b])) return win(a);
  if (!(rabbits & p.color[a])) return win(b);
  if (!has_legal_step(p)) return win(a);
  return Outcome::Ongoing;
}

}  // namespace ludus::arimaa
