#include "engine/bench.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace ludus {

std::vector<std::string> run_bench(Session& session, int depth) {
  std::vector<std::string> out;
  const std::string saved = session.fen();
  if (depth <= 0) depth = session.bench_depth();
  std::uint64_t total_nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const auto& fen : session.bench_fens()) {
    ++index;
    if (Status st = session.set_position(std::string_view(fen), {}); !st) {
      out.push_back("bench position " + std::to_string(index) + " rejected: " + st.error);
      continue;
    }
    std::uint64_t nodes = 0;
    std::string best;
    SearchLimits limits;
    limits.depth = depth;
    SearchCallbacks cb;
    cb.on_info = [&](const SearchInfo& info) { nodes = info.nodes; };
    cb.on_bestmove = [&](const std::string& b, const std::string&) { best = b; };
    if (Status st = session.go(limits, cb); !st) {
      out.push_back("bench: " + st.error);
      break;
    }
    session.wait();
    total_nodes += nodes;
    out.push_back("bench position " + std::to_string(index) + " depth " + std::to_string(depth) +
                  " nodes " + std::to_string(nodes) + " bestmove " + best);
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  const auto nps = total_nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
  out.push_back("bench nodes " + std::to_string(total_nodes) + " time " + std::to_string(ms) + " nps " +
                std::to_string(nps));
  (void)session.set_position(std::string_view(saved), {});
  return out;
}

}  // namespace ludus
