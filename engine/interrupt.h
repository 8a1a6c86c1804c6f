// The stop flag of the search the calling thread runs, for game code with
// long loops inside one node: Arimaa's goal-defence search may walk 100,000
// steps in one evaluation, tens of milliseconds in which the search's own
// per-node checks of `stop` do not run. Such loops poll
// search_interrupted() and give up; and the evaluation caches store nothing
// once the search is stopped, so that no answer cut short outlives it.
#pragma once

#include <atomic>

namespace ludus {

namespace detail {
inline thread_local const std::atomic<bool>* running_search_stop = nullptr;
}  // namespace detail

// True once the search running on this thread has been told to stop
// (false outside a search).
inline bool search_interrupted() {
  const std::atomic<bool>* stop = detail::running_search_stop;
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// Makes `stop` this thread's search stop flag for its lifetime.
class ScopedSearchStop {
 public:
  explicit ScopedSearchStop(const std::atomic<bool>& stop) : previous_(detail::running_search_stop) {
    detail::running_search_stop = &stop;
  }
  ~ScopedSearchStop() { detail::running_search_stop = previous_; }
  ScopedSearchStop(const ScopedSearchStop&) = delete;
  ScopedSearchStop& operator=(const ScopedSearchStop&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

}  // namespace ludus
