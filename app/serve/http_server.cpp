// `ludus serve` (app/serve/serve.h): the listener, the page's files and the
// hand-over of WebSocket upgrades to app/serve/game_socket.h. One network
// thread runs every connection; each game's engine has threads of its own.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/serve/game_socket.h"
#include "app/serve/serve.h"
#include "app/serve/web_assets.h"

namespace ludus {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct ServerState {
  ServeOptions options;
  std::atomic<int> open_games{0};
};

// The type of a page file from its extension, for the built-in files and
// those of --web-root alike.
std::string_view content_type_of(std::string_view path) {
  auto ends = [&](std::string_view ext) { return path.size() >= ext.size() && path.substr(path.size() - ext.size()) == ext; };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

// A page file: from --web-root when given (editing the page without a
// rebuild), else built in. Paths are plain names below the root.
std::optional<std::pair<std::string, std::string>> find_file(const ServeOptions& o, std::string_view path) {
  if (path == "/") path = "/index.html";
  if (path.size() > 200 || path.find("..") != std::string_view::npos) return std::nullopt;
  for (const char c : path)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '-' || c == '_')) return std::nullopt;
  if (!o.web_root.empty()) {
    std::ifstream in(o.web_root + std::string(path), std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    return std::make_pair(std::string(content_type_of(path)), body.str());
  }
  for (const auto& a : web_assets())
    if (a.path == path) return std::make_pair(std::string(content_type_of(path)), std::string(a.body));
  return std::nullopt;
}

// A page of another site may not open a game here (cross-site WebSocket
// hijacking): the Origin a browser sends must be this server.
bool same_origin(const http::request<http::string_body>& req) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return true;  // not a browser
  return origin->value() == "http://" + std::string(req[http::field::host]);
}

http::response<http::string_body> reply(const http::request<http::string_body>& req, http::status status,
                                        std::string_view type, std::string body) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::server, "Ludus");
  res.set(http::field::content_type, std::string(type));
  res.set(http::field::cache_control, "no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Content-Security-Policy",
          "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:");
  res.keep_alive(req.keep_alive());
  res.body() = req.method() == http::verb::head ? std::string() : std::move(body);
  res.prepare_payload();
  if (req.method() == http::verb::head) res.content_length(0);
  return res;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, std::shared_ptr<ServerState> state)
      : stream_(std::move(socket)), state_(std::move(state)) {}

  void read() {
    parser_.emplace();
    parser_->header_limit(16 * 1024);
    parser_->body_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec == http::error::end_of_stream) return self->shut();
      if (ec) return;
      self->on_request(self->parser_->release());
    });
  }

 private:
  void on_request(http::request<http::string_body> req) {
    const std::string target(req.target().substr(0, req.target().find('?')));
    if (websocket::is_upgrade(req)) {
      if (target != "/ws") return send(reply(req, http::status::not_found, "text/plain", "no WebSocket here: /ws\n"));
      if (!same_origin(req)) return send(reply(req, http::status::forbidden, "text/plain", "another site's page\n"));
      if (++state_->open_games > state_->options.max_games) {
        --state_->open_games;
        return send(reply(req, http::status::service_unavailable, "text/plain",
                          "every game is taken (ludus serve --max-games)\n"));
      }
      stream_.expires_never();
      start_game_socket(stream_.release_socket(), std::move(req),
                        GameSocketLimits{&state_->open_games, state_->options.settings});
      return;
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      return send(reply(req, http::status::method_not_allowed, "text/plain", "GET only\n"));
    if (auto file = find_file(state_->options, target))
      return send(reply(req, http::status::ok, file->first, std::move(file->second)));
    send(reply(req, http::status::not_found, "text/plain", "not found\n"));
  }

  void send(http::response<http::string_body> res) {
    auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
    http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
      if (ec) return;
      if (shared->keep_alive()) self->read();
      else self->shut();
    });
  }

  void shut() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<ServerState> state_;
};

void accept_next(tcp::acceptor& acceptor, const std::shared_ptr<ServerState>& state) {
  acceptor.async_accept([&acceptor, state](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<HttpSession>(std::move(socket), state)->read();
    accept_next(acceptor, state);
  });
}

}  // namespace

int run_serve(const ServeOptions& options) {
  auto state = std::make_shared<ServerState>();
  state->options = options;
  net::io_context ioc(1);
  tcp::acceptor acceptor(ioc);
  try {
    tcp::resolver resolver(ioc);
    const tcp::endpoint endpoint = *resolver.resolve(options.host, std::to_string(options.port)).begin();
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen();
  } catch (const std::exception& e) {
    std::cerr << "ludus serve: cannot listen on " << options.host << ":" << options.port << ": " << e.what() << "\n";
    return 2;
  }
  const auto bound = acceptor.local_endpoint();
  const std::string host = bound.address().is_v6() ? "[" + bound.address().to_string() + "]" : bound.address().to_string();
  std::cout << "ludus serve: open http://" << host << ":" << bound.port() << "/ in a browser (Ctrl-C stops)"
            << std::endl;
  if (!bound.address().is_loopback())
    std::cerr << "ludus serve: listening beyond this machine: anyone who reaches the port can play\n";
  accept_next(acceptor, state);

  // The games' engines run on threads of their own: end the process at
  // once rather than unwind them (nothing is left to save).
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([](beast::error_code, int) {
    std::cerr << "ludus serve: stopped\n";
    std::fflush(nullptr);
    std::_Exit(0);
  });
  ioc.run();
  return 0;
}

}  // namespace ludus
