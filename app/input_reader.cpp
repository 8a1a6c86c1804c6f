#include "app/input_reader.h"

#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "engine/options.h"
#include "engine/text.h"

namespace ludus {

struct InputReader::State {
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::string> lines;
  std::uint64_t pushed = 0;  // lines read so far
  std::uint64_t taken = 0;   // lines the caller has taken
  bool running_setup = false;  // the caller runs a set-up command (see below)
  bool eof = false;
};

namespace {

// How long a set-up command may go on running after `quit` before the
// process ends without waiting for it.
constexpr auto kQuitGrace = std::chrono::milliseconds(100);

// Set-up commands change settings, games or tables and print nothing a
// client waits for, so a `quit` after them need not wait for their work (a
// Hash of gigabytes being allocated). Every other command keeps the order
// of a script: `perft 7` then `quit` still prints the count.
bool is_setup_line(const std::string& line) {
  const auto words = split_words(line);
  if (words.empty()) return false;
  const std::string w = to_lower(words[0]);
  return w == "setoption" || w == "newgame" || w == "uginewgame";
}

}  // namespace

bool is_quit_line(const std::string& line) {
  const auto words = split_words(line);
  return !words.empty() && to_lower(words[0]) == "quit";
}

InputReader::InputReader(std::istream& in, std::function<void()> on_quit_while_busy)
    : state_(std::make_shared<State>()) {
  std::thread([state = state_, &in, on_quit = std::move(on_quit_while_busy)] {
    std::string line;
    while (std::getline(in, line)) {
      const bool quit = is_quit_line(line);
      std::unique_lock lock(state->mutex);
      state->lines.push_back(line);
      const std::uint64_t number = ++state->pushed;
      state->changed.notify_all();
      if (!quit) continue;
      // Nothing after `quit` is read. Wait until the caller has taken it
      // (the work before it is done); but a set-up command that `quit`
      // directly follows, still running past the grace period, ends the
      // process now. Lines queued between them are work a script asked for
      // (`newgame arimaa`, `query fen`, `quit` prints the FEN).
      state->eof = true;
      while (!state->changed.wait_for(lock, kQuitGrace, [&] { return state->taken >= number; })) {
        if (state->running_setup && state->taken + 1 == number) {
          lock.unlock();
          on_quit();
          return;
        }
      }
      return;
    }
    std::lock_guard lock(state->mutex);
    state->eof = true;
    state->changed.notify_all();
  }).detach();
}

InputReader::~InputReader() = default;

std::optional<std::string> InputReader::next() {
  std::unique_lock lock(state_->mutex);
  state_->running_setup = false;  // the previous line is done
  state_->changed.wait(lock, [&] { return !state_->lines.empty() || state_->eof; });
  if (state_->lines.empty()) return std::nullopt;
  std::string line = std::move(state_->lines.front());
  state_->lines.pop_front();
  ++state_->taken;
  state_->running_setup = is_setup_line(line);
  state_->changed.notify_all();
  return line;
}

}  // namespace ludus
