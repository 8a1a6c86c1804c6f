// The busy marks of the simplified ABDADA (engine/busy_table.h).
#include <doctest/doctest.h>

#include "engine/busy_table.h"

using ludus::BusyTable;

TEST_CASE("busy table: a mark is seen until its owner leaves") {
  BusyTable t;
  const std::uint64_t a = 0x123456789abcdef0ULL, b = 0x0fedcba987654321ULL;
  CHECK_FALSE(t.busy(a));
  const std::uint64_t mark = t.enter(a);
  CHECK(t.busy(a));
  CHECK_FALSE(t.busy(b));
  t.leave(mark);
  CHECK_FALSE(t.busy(a));
}

TEST_CASE("busy table: leaving does not clear another node's later mark in the same slot") {
  BusyTable t;
  // Same low bits (same slot), different keys.
  const std::uint64_t a = 0x1111000000000002ULL, b = 0x2222000000000002ULL;
  const std::uint64_t mark_a = t.enter(a);
  const std::uint64_t mark_b = t.enter(b);  // takes the slot over
  CHECK_FALSE(t.busy(a));
  CHECK(t.busy(b));
  t.leave(mark_a);  // a's search ends: b's mark stays
  CHECK(t.busy(b));
  t.leave(mark_b);
  CHECK_FALSE(t.busy(b));
}
