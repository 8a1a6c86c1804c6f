// Protocol output: whole lines to stdout, flushed at once, never interleaved
// between the protocol thread and the search thread.
#pragma once

#include <algorithm>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace ludus {

// `text` with every byte outside printable ASCII written as \xNN, cut to
// about `max_length` characters ("..." marks the cut): a reply that quotes
// its input (an error, NBoard's pong) stays one printable line.
inline std::string escaped(std::string_view text, std::size_t max_length = std::string::npos) {
  std::string out;
  for (const unsigned char c : text) {
    if (out.size() >= max_length) {
      out += "...";
      break;
    }
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return out;
}

class Output {
 public:
  explicit Output(std::FILE* out = stdout) : out_(out) {}
  // Lines go to `sink` instead of a file (`ludus serve` sends each line as a
  // WebSocket message); it is called under the lock, one line at a time.
  explicit Output(std::function<void(std::string_view)> sink) : out_(nullptr), sink_(std::move(sink)) {}
  // Writes one line; bytes outside printable ASCII (which no protocol line
  // holds, but an echo of hostile input might) are escaped as \xNN.
  void line(std::string_view text) {
    const bool clean = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
    const std::string safe = clean ? std::string() : escaped(text);
    const std::string_view out = clean ? text : std::string_view(safe);
    std::lock_guard lock(mutex_);
    if (sink_) return sink_(out);
    std::fwrite(out.data(), 1, out.size(), out_);
    std::fputc('\n', out_);
    std::fflush(out_);
  }

 private:
  std::FILE* out_;
  std::function<void(std::string_view)> sink_;
  std::mutex mutex_;
};

}  // namespace ludus
