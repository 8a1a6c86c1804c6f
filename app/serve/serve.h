// `ludus serve`: the browser board (docs/serve.md). An HTTP server serves
// the page of web/ at `/` and a WebSocket at `/ws`; each WebSocket is a UGI
// conversation with a game and a search of its own (app/serve/game_socket.h).
#pragma once

#include <string>

#include "engine/session.h"

namespace ludus {

struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  int port = 8080;                 // 0: any free port (printed at start)
  int max_games = 4;               // WebSocket connections at once
  std::string web_root;            // serve these files instead of the built-in ones
  EngineSettings settings;         // Hash and Threads of every game
};

// Runs until SIGINT or SIGTERM; returns the exit code.
int run_serve(const ServeOptions& options);

}  // namespace ludus
