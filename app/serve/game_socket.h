// One browser's game: a WebSocket whose text messages are UGI lines for an
// engine of its own (protocol/ugi.h) and whose replies are the engine's
// lines, one message each. The engine runs on a thread of the connection,
// so a slow command (a new game's set-up) never holds up the other games or
// the network thread; the search runs on the session's worker as always.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>

#include "engine/session.h"

namespace ludus {

struct GameSocketLimits {
  std::atomic<int>* open_games;  // decremented when this game's engine has ended
  EngineSettings settings;
};

// Takes over `socket` after the HTTP upgrade request `request` (already read).
void start_game_socket(boost::asio::ip::tcp::socket socket,
                       boost::beast::http::request<boost::beast::http::string_body> request,
                       const GameSocketLimits& limits);

}  // namespace ludus
