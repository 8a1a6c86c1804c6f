// Protocol output: whole lines to stdout, flushed at once, never interleaved
// between the protocol thread and the search thread.
#pragma once

#include <cstdio>
#include <mutex>
#include <string_view>

namespace ludus {

class Output {
 public:
  explicit Output(std::FILE* out = stdout) : out_(out) {}
  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    std::fwrite(text.data(), 1, text.size(), out_);
    std::fputc('\n', out_);
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  std::mutex mutex_;
};

}  // namespace ludus
