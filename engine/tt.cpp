#include "engine/tt.h"

#include <algorithm>
#include <cstring>

namespace ludus {

void TranspositionTable::resize(std::size_t mib) {
  mib = std::max<std::size_t>(mib, 1);
  std::size_t want = mib * 1024 * 1024 / sizeof(Bucket);
  std::size_t n = 1;
  while (n * 2 <= want) n *= 2;
  auto fresh = std::make_unique<Bucket[]>(n);  // may throw: the old table stays
  table_ = std::move(fresh);
  buckets_ = n;
  mask_ = n - 1;
  mib_ = mib;
  clear();
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(table_.get()), 0, buckets_ * sizeof(Bucket));
  generation_ = 0;
}

TTHit TranspositionTable::probe(std::uint64_t key) const {
  const auto key32 = static_cast<std::uint32_t>(key >> 32);
  const Bucket& b = bucket(key);
  for (const TTEntry& e : b.entries) {
    if (e.key32 == key32 && e.bound() != Bound::None) {
      return TTHit{true, e.move, e.score, e.depth, e.bound()};
    }
  }
  return {};
}

void TranspositionTable::store(std::uint64_t key, Score score, Bound bound, int depth,
                               std::uint16_t move) {
  const auto key32 = static_cast<std::uint32_t>(key >> 32);
  Bucket& b = bucket(key);
  TTEntry* victim = &b.entries[0];
  int victim_worth = 1 << 30;
  for (TTEntry& e : b.entries) {
    if (e.key32 == key32 || e.bound() == Bound::None) {
      victim = &e;
      break;
    }
    // Age in generations (0..63), weighted so that stale deep entries go.
    const int age = ((generation_ - e.gen_bound) & 0xFC) >> 2;
    const int worth = e.depth - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
    }
  }
  // Keep a known hash move when the new result has none.
  if (move == 0 && victim->key32 == key32) move = victim->move;
  // Do not let a shallow bound overwrite a deeper one of this same search.
  if (victim->key32 == key32 && victim->bound() != Bound::None && bound != Bound::Exact &&
      depth + 2 < victim->depth && (victim->gen_bound & 0xFC) == generation_)
    return;
  victim->key32 = key32;
  victim->move = move;
  victim->score = static_cast<std::int16_t>(std::clamp<Score>(score, -32767, 32767));
  victim->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
  victim->gen_bound = static_cast<std::uint8_t>(generation_ | static_cast<std::uint8_t>(bound));
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(buckets_, 1000 / 3 + 1);
  int used = 0, total = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const TTEntry& e : table_[i].entries) {
      ++total;
      if (e.bound() != Bound::None && (e.gen_bound & 0xFC) == generation_) ++used;
    }
  return total ? used * 1000 / total : 0;
}

}  // namespace ludus
