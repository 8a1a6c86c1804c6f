#include "app/serve/game_socket.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/serve/browser_lines.h"
#include "protocol/output.h"
#include "protocol/ugi.h"

namespace ludus {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;

// A position command of a long game is a few kilobytes; nothing a page
// sends comes near this.
constexpr std::size_t kMaxMessageBytes = 64 * 1024;
// Lines the engine has not read yet: a page that floods is closed.
constexpr std::size_t kMaxWaitingLines = 256;
// Lines not yet sent to a page that does not read: it is closed.
constexpr std::size_t kMaxOutbox = 20000;

// Lines from the network thread to the engine thread.
class LineQueue {
 public:
  bool push(std::string line) {
    std::lock_guard lock(mutex_);
    if (closed_ || lines_.size() >= kMaxWaitingLines) return false;
    lines_.push_back(std::move(line));
    changed_.notify_one();
    return true;
  }
  // The page has gone: the engine stops at once, whatever is still waiting.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_one();
  }
  std::optional<std::string> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return closed_ || !lines_.empty(); });
    if (closed_) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> lines_;
  bool closed_ = false;
};

class GameSocket : public std::enable_shared_from_this<GameSocket> {
 public:
  explicit GameSocket(net::ip::tcp::socket socket) : ws_(std::move(socket)) {}

  void accept(http::request<http::string_body> request, const GameSocketLimits& limits) {
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "Ludus"); }));
    ws_.read_message_max(kMaxMessageBytes);
    ws_.async_accept(request, [self = shared_from_this(), limits](beast::error_code ec) {
      if (ec) {
        --*limits.open_games;
        return;
      }
      self->start_engine(limits);
      self->read();
    });
  }

  // From any thread: one line to the page, in order.
  void send(std::string line) {
    net::post(ws_.get_executor(), [self = shared_from_this(), line = std::move(line)]() mutable {
      if (self->closing_) return;
      if (self->outbox_.size() >= kMaxOutbox) return self->drop();
      self->outbox_.push_back(std::move(line));
      if (!self->writing_) self->write_next();
    });
  }

  // From any thread: the engine has quit; close once the outbox is sent.
  void finish() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->close_when_sent_ = true;
      if (!self->writing_) self->close();
    });
  }

 private:
  void start_engine(const GameSocketLimits& limits) {
    std::weak_ptr<GameSocket> weak = shared_from_this();
    std::thread([weak, input = input_, limits] {
      {
        Output out([weak](std::string_view line) {
          if (auto self = weak.lock()) self->send(std::string(line));
        });
        UgiProtocol ugi(out, "othello", limits.settings);
        while (auto line = input->pop())
          if (!ugi.handle(*line)) break;  // `quit`
        ugi.finish();
      }
      if (auto self = weak.lock()) self->finish();
      --*limits.open_games;
    }).detach();
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->input_->close();  // closed, or a message past the limit
      self->on_message();
      self->buffer_.consume(self->buffer_.size());
      if (!self->closing_) self->read();
    });
  }

  void on_message() {
    if (!ws_.got_text()) return send("info string error: binary messages are not read (send UGI lines as text)");
    const std::string message = beast::buffers_to_string(buffer_.data());
    for (const auto& line : message_lines(message)) {
      if (const std::string why = refused_line(line); !why.empty()) {
        send("info string error: " + escaped(why, 200));
        continue;
      }
      if (!input_->push(line)) {
        send("info string error: too many lines waiting for the engine; closing");
        input_->close();
        close_when_sent_ = true;
        if (!writing_) close();
        return;
      }
    }
  }

  void write_next() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->input_->close();
        return;
      }
      self->outbox_.pop_front();
      self->writing_ = false;
      if (!self->outbox_.empty()) self->write_next();
      else if (self->close_when_sent_) self->close();
    });
  }

  // A page that does not read its replies: no closing handshake, which
  // would wait behind the write that cannot finish.
  void drop() {
    closing_ = true;
    input_->close();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  // Only when no write is under way (Beast allows one at a time).
  void close() {
    if (closing_) return;
    closing_ = true;
    input_->close();
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool closing_ = false;
  bool close_when_sent_ = false;
  std::shared_ptr<LineQueue> input_ = std::make_shared<LineQueue>();
};

}  // namespace

void start_game_socket(net::ip::tcp::socket socket, http::request<http::string_body> request,
                       const GameSocketLimits& limits) {
  std::make_shared<GameSocket>(std::move(socket))->accept(std::move(request), limits);
}

}  // namespace ludus
