// The executable's subcommands: one protocol conversation on stdin/stdout
// (the default), and `perft`, `bench`, `solve` (`play` lives in
// protocol/play.h). Each returns the process exit code.
#pragma once

#include <string>

#include "engine/session.h"
#include "games/registry.h"

namespace ludus {

// `forced` empty: the protocol is detected from the first non-blank line
// (`aei`, `nboard <n>`, anything else is UGI).
int run_protocol(const std::string& forced, const std::string& game, const EngineSettings& settings);
int run_perft(const std::string& game, int depth, const std::string& fen);
int run_solve(const std::string& game, const SolveRequest& request);
int run_bench_command(const std::string& game, int depth, const EngineSettings& settings);

}  // namespace ludus
