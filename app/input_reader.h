// The protocol conversation's threads: a reader thread takes lines from
// stdin as they come, and the calling thread runs them one by one in order.
//
// Why: a set-up command may take a while (a `setoption name Hash value
// 4096` allocates gigabytes, a game change builds its solver tables), and a
// reader that waited for it could not see a `quit` sent meanwhile: `quit`
// during such work ends the process at once. Every other command keeps its
// place in the order (UCI's convention: `isready` is answered once the work
// before it is done; a script's `perft 7` then `quit` prints the count). A
// search runs on threads of its own, so while it runs every command is
// served at once.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>

namespace ludus {

class InputReader {
 public:
  // `on_quit_while_busy` runs on the reader thread when `quit` comes while
  // a set-up command still runs after a short grace period; it ends the
  // process.
  InputReader(std::istream& in, std::function<void()> on_quit_while_busy);
  // The reader thread may be blocked on input: it is left to end with the
  // process (it holds its own state, not this object's).
  ~InputReader();
  InputReader(const InputReader&) = delete;
  InputReader& operator=(const InputReader&) = delete;

  // The next line (the previous one counts as done), or nothing at the end
  // of input.
  std::optional<std::string> next();

 private:
  struct State;
  std::shared_ptr<State> state_;
};

// True when `line`'s first word is `quit` (any case).
bool is_quit_line(const std::string& line);

}  // namespace ludus
