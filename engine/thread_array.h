// Per-thread scratch arrays on the heap.
//
// A big `thread_local T a[N]` lives in the executable's static TLS block,
// which glibc allocates and zero-fills for every thread at its creation,
// for every game whether the thread uses that game or not. The search
// starts fresh threads for each `go`, so 0.9 MB of such arrays (Arimaa's
// goal memos, Camelot's visited set) cost each new thread that much
// zeroing and, in a fresh process, the page faults of it: the first search
// of a tiny move time could not finish an iteration in time. Here a thread
// pays only for the arrays it touches, on first use.
#pragma once

#include <cstddef>
#include <memory>

namespace ludus {

// This thread's array of N value-initialised (zeroed) T, built on first
// use and freed at the thread's end. One array per (T, N): give each use
// its own T (a local struct, or a Tag-like wrapper).
template <class T, std::size_t N>
T* thread_array() {
  thread_local std::unique_ptr<T[]> array;
  if (!array) array = std::make_unique<T[]>(N);
  return array.get();
}

}  // namespace ludus
