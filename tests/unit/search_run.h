// One single-threaded search of a root to a fixed depth (or node count),
// with its own table, for tests of the search core and of the games' hooks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/search.h"
#include "engine/tt.h"

namespace ludus::test {

template <class G>
struct SearchRun {
  using Solver = typename Searcher<G>::Solver;
  TranspositionTable tt;
  typename G::Config cfg;
  SearchShared<G> shared;
  std::unique_ptr<Searcher<G>> searcher;
  std::vector<IterationReport<G>> reports;

  // `solver`: the game's exact solver, or none; `table_mb`: the table's size.
  SearchRun(const typename G::Position& root, int depth, std::uint64_t nodes = 0, Solver* solver = nullptr,
            std::size_t table_mb = 1) {
    tt.resize(table_mb);
    shared.tt = &tt;
    shared.config = &cfg;
    shared.limits.depth = depth;
    shared.limits.nodes = nodes;
    shared.time.start(shared.limits, G::side_to_move(root), 30, 0);
    searcher = std::make_unique<Searcher<G>>(0, shared, solver);
    searcher->run(root, [this](const IterationReport<G>& r) { reports.push_back(r); });
  }
};

}  // namespace ludus::test
