// `ludus play`: a person plays a game against the engine in a terminal (or
// watches the engine play itself). Not a protocol for programs: the board is
// drawn as text after every move and the prompt takes moves and a few
// commands (help, moves, undo, hint, quit). It drives a Session exactly as
// the protocols do, so every registered game is playable with no game code.
#pragma once

#include <iosfwd>
#include <string>

#include "engine/session.h"

namespace ludus {

struct PlayOptions {
  std::string game = "othello";
  std::string human = "p1";       // p1 | p2 | both | none
  std::string fen;                // empty: the game's start position
  std::int64_t movetime_ms = 1000;  // engine thinking time per turn
  int max_turns = 1000;           // a game stops here (engine self-play safety)
  EngineSettings settings;        // hash, threads, level, book
};

// Checks the options a user typed (human side, times); empty when fine.
std::string check_play_options(const PlayOptions& options);

// Plays one game; returns the process exit code (0, or 2 on a bad setup).
int run_play(const PlayOptions& options, std::istream& in, std::ostream& out);

}  // namespace ludus
