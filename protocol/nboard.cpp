#include "protocol/nboard.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <mutex>

#include "engine/options.h"
#include "engine/text.h"
#include "games/registry.h"

namespace ludus {

namespace {

// Sent when a command is finished, as Edax and NTest do.
constexpr std::string_view kIdle = "status Ludus is waiting";

std::string fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// "15:00" -> 900, "1:00:00" -> 3600, "300" -> 300 (GGF clock values may
// carry extra fields after '/' or ','; only the first is the main time).
double parse_clock(std::string_view s) {
  s = s.substr(0, s.find_first_of("/,"));
  double total = 0;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t colon = s.find(':', start);
    const std::string part(s.substr(start, colon == std::string_view::npos ? s.npos : colon - start));
    if (part.empty() || part.find_first_not_of("0123456789.") != std::string::npos) return -1;
    total = total * 60 + std::stod(part);
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  return total;
}

}  // namespace

std::string nboard_move_to_ugi(std::string_view m) {
  if (iequals(m, "PA") || iequals(m, "pass")) return "pass";
  if (m.size() == 2) {
    const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(m[0])));
    if (file >= 'a' && file <= 'h' && m[1] >= '1' && m[1] <= '8') return to_lower(m);
  }
  return {};
}

std::string ugi_move_to_nboard(std::string_view m) {
  if (m == "pass") return "PA";
  std::string r(m);
  for (auto& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

Status parse_ggf(std::string_view text, GgfGame& out) {
  GgfGame g;
  const std::size_t open = text.find("(;");
  if (open == std::string_view::npos) return Status::fail("GGF: no '(;'");
  std::size_t i = open + 2;
  bool have_board = false;
  while (i < text.size()) {
    // A property: NAME[value]
    std::size_t name_start = i;
    while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) ++i;
    if (i == name_start) {
      if (text[i] == ';' || text[i] == ')' || std::isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
        continue;
      }
      return Status::fail("GGF: unexpected character '" + std::string(1, text[i]) + "'");
    }
    const std::string_view name = text.substr(name_start, i - name_start);
    if (i >= text.size() || text[i] != '[') return Status::fail("GGF: property " + std::string(name) + " has no value");
    const std::size_t close = text.find(']', i);
    if (close == std::string_view::npos) return Status::fail("GGF: unterminated value of " + std::string(name));
    const std::string_view value = text.substr(i + 1, close - i - 1);
    i = close + 1;
    if (name == "BO") {
      // "8 <64 cells> <side>", cells '*' black, 'O' white, '-' empty.
      const auto w = split_words(value);
      if (w.size() < 2 || w[0] != "8") return Status::fail("GGF: only 8x8 boards are supported");
      std::string cells;
      for (std::size_t k = 1; k + 1 < w.size(); ++k) cells += w[k];
      if (cells.size() != 64) return Status::fail("GGF: the board needs 64 cells");
      const std::string_view side = w.back();
      if (side != "*" && side != "O") return Status::fail("GGF: bad side to move");
      g.fen = cells + " " + std::string(side);
      have_board = true;
    } else if (name == "B" || name == "W") {
      const std::string_view mv = value.substr(0, value.find('/'));
      const std::string ugi = nboard_move_to_ugi(mv);
      if (ugi.empty()) return Status::fail("GGF: bad move '" + std::string(value) + "'");
      g.moves.push_back(ugi);
      // "F5/eval/time": the time taken, in seconds.
      const auto slash1 = value.find('/');
      if (slash1 != std::string_view::npos) {
        const auto slash2 = value.find('/', slash1 + 1);
        if (slash2 != std::string_view::npos) {
          const double t = parse_clock(value.substr(slash2 + 1));
          if (t > 0) g.used_s[name == "B" ? 0 : 1] += t;
        }
      }
    } else if (name == "TI") {
      g.time_per_player_s = parse_clock(value);
    }
  }
  if (!have_board) return Status::fail("GGF: no board (BO[...])");
  out = std::move(g);
  return Status::ok();
}

NBoardProtocol::NBoardProtocol(Output& out, const EngineSettings& settings) : out_(out) {
  session_ = make_session("othello");
  if (Status s = session_->apply_settings(settings); !s) {
    spdlog::error("{}", s.error);
    EngineSettings small = settings;
    small.hash_mib = 16;
    (void)session_->apply_settings(small);
  }
  game_.fen = session_->fen();
}

NBoardProtocol::~NBoardProtocol() { finish(); }

void NBoardProtocol::finish() { stop_job(); }

void NBoardProtocol::stop_job() {
  cancelled_.store(true);
  session_->stop();
  if (job_.joinable()) job_.join();
  session_->wait();
  cancelled_.store(false);
}

bool NBoardProtocol::handle(std::string_view line) {
  const auto t = split_words(line);
  if (t.empty()) return true;
  const std::string cmd = to_lower(t[0]);
  if (cmd == "quit") {
    finish();
    return false;
  }
  if (cmd == "nboard") {
    out_.line("set myname Ludus");
    return true;
  }
  if (cmd == "ping") {
    stop_job();
    out_.line("pong" + (t.size() > 1 ? " " + escaped(t[1], 200) : std::string()));
    return true;
  }
  if (cmd == "set") return cmd_set(t, line), true;
  if (cmd == "move" && t.size() >= 2) return cmd_move(t[1]), true;
  if (cmd == "learn") {
    out_.line("learned");
    return true;
  }
  if (cmd == "go") {
    stop_job();
    job_ = std::thread([this] { cmd_go(); });
    return true;
  }
  if (cmd == "hint") {
    std::int64_t n = 1;
    if (t.size() >= 2 && (!parse_int(t[1], n) || n < 1)) n = 1;
    stop_job();
    job_ = std::thread([this, n] { cmd_hint(static_cast<int>(std::min<std::int64_t>(n, 64))); });
    return true;
  }
  if (cmd == "analyze") {
    stop_job();
    job_ = std::thread([this] { cmd_analyze(); });
    return true;
  }
  // NBoard 1.1 sends a bare move ("F5") instead of "move F5".
  if (t.size() == 1 && !nboard_move_to_ugi(t[0].substr(0, t[0].find('/'))).empty()) return cmd_move(t[0]), true;
  spdlog::warn("nboard: ignoring '{}'", std::string(line.substr(0, 200)));
  return true;
}

void NBoardProtocol::cmd_set(const std::vector<std::string_view>& t, std::string_view line) {
  if (t.size() < 2) return;
  const std::string what = to_lower(t[1]);
  if (what == "depth" && t.size() >= 3) {
    std::int64_t d = 0;
    if (parse_int(t[2], d) && d >= 1 && d <= 60) depth_ = static_cast<int>(d);
    else spdlog::warn("nboard: bad depth '{}'", std::string(t[2]));
  } else if (what == "contempt" && t.size() >= 3) {
    std::int64_t c = 0;
    if (parse_int(t[2], c)) contempt_ = static_cast<int>(c);
    spdlog::info("nboard: contempt {} noted; draws are scored 0 in this version", contempt_);
  } else if (what == "game" && t.size() >= 3) {
    stop_job();
    GgfGame g;
    Status st = parse_ggf(rest_after(line, t[2]), g);
    if (st) st = session_->set_position(std::string_view(g.fen), g.moves);
    if (!st) {
      spdlog::error("nboard: set game rejected: {}", st.error);
      out_.line("status error: " + escaped(st.error, 380));
      return;
    }
    game_ = std::move(g);
  }
}

void NBoardProtocol::cmd_move(std::string_view move) {
  stop_job();
  const std::string_view sq = move.substr(0, move.find('/'));
  const std::string ugi = nboard_move_to_ugi(sq);
  Status st = ugi.empty() ? Status::fail("bad move '" + std::string(move) + "'") : session_->play_move(ugi);
  if (!st) {
    spdlog::error("nboard: move rejected: {}", st.error);
    out_.line("status error: " + escaped(st.error, 380));
    return;
  }
  game_.moves.push_back(ugi);
}

int NBoardProtocol::empties() const {
  const std::string fen = session_->fen();
  return static_cast<int>(std::count(fen.begin(), fen.begin() + std::min<std::size_t>(64, fen.size()), '-'));
}

SearchLimits NBoardProtocol::midgame_limits() const {
  SearchLimits limits;
  // `set depth` bounds the midgame; the endgame is solved exactly when it
  // is close enough (the engine's discretion, as the protocol allows).
  limits.depth = empties() <= depth_ + 10 ? 60 : depth_;
  if (game_.time_per_player_s > 0) {
    const int us = session_->side_to_move() == Side::P1 ? 0 : 1;
    const double left = std::max(0.0, game_.time_per_player_s - game_.used_s[us]);
    limits.time[us] = static_cast<std::int64_t>(left * 1000);
  }
  return limits;
}

std::string NBoardProtocol::depth_token(const SearchInfo& info) const {
  return info.depth >= empties() ? "100%" : std::to_string(info.depth);
}

NBoardProtocol::Result NBoardProtocol::search(const SearchLimits& limits,
                                              const std::function<void(const SearchInfo&)>& on_info) {
  // A ping that arrived while the search was starting stops it at once.
  Result r = search_and_wait(*session_, limits, on_info, [this] {
    if (cancelled_.load()) session_->stop();
  });
  if (!r.error.empty()) spdlog::error("nboard: {}", r.error);
  return r;
}

namespace {
std::string pv_token(const std::vector<std::string>& pv) {
  std::string s;
  for (const auto& m : pv) {
    if (!s.empty()) s += '-';
    s += ugi_move_to_nboard(m);
  }
  return s;
}
}  // namespace

void NBoardProtocol::cmd_go() {
  out_.line("status Ludus is thinking");
  const auto start = std::chrono::steady_clock::now();
  Result r = search(midgame_limits(), [this](const SearchInfo& info) {
    out_.line("nodestats " + std::to_string(info.nodes) + " " + fixed2(info.time_ms / 1000.0));
    if (!info.pv.empty())
      out_.line("search " + pv_token(info.pv) + " " + fixed2(info.score / 100.0) + " 0 " + depth_token(info));
  });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Interrupted by ping (or by a new game, move or go): the GUI has moved
  // on and ignores what comes before its pong, and the move of a search cut
  // short (at once, if the ping came as it started) is no answer: send none.
  if (cancelled_.load()) return;
  if (r.best.empty() || r.best == "none") {
    out_.line("status game over");
    return;
  }
  std::string reply = "=== " + ugi_move_to_nboard(r.best);
  if (r.has_info) reply += "/" + fixed2(r.info.score / 100.0) + "/" + fixed2(secs);
  out_.line(reply);
  out_.line(kIdle);
}

void NBoardProtocol::cmd_hint(int n) {
  out_.line("status Ludus is analysing");
  const auto moves = session_->legal_moves();
  if (moves.empty()) {
    out_.line("status game over");
    return;
  }
  SearchLimits limits = midgame_limits();
  limits.time[0] = limits.time[1] = -1;  // analysis is not on the clock
  limits.use_book = false;                // a hint shows evaluated lines
  // The best move first, with its thinking shown as it deepens.
  Result best = search(limits, [this](const SearchInfo& info) {
    if (!info.pv.empty())
      out_.line("search " + pv_token(info.pv) + " " + fixed2(info.score / 100.0) + " 0 " + depth_token(info));
  });
  if (cancelled_.load()) return;  // as in cmd_go: the GUI has moved on
  if (n <= 1 || moves.size() == 1) {
    out_.line(kIdle);
    return;
  }
  // The other moves: each searched one ply shallower from its child.
  struct Scored {
    std::string move;
    Score score;
    std::vector<std::string> pv;
    int depth;
  };
  std::vector<Scored> scored;
  const int root_empties = empties();
  for (const auto& m : moves) {
    if (cancelled_.load()) break;
    if (m == best.best) continue;
    auto child_moves = game_.moves;
    child_moves.push_back(m);
    if (!session_->set_position(std::string_view(game_.fen), child_moves)) continue;
    SearchLimits child = limits;
    if (child.depth > 1 && child.depth < 60) child.depth -= 1;
    Result r = search(child, nullptr);
    if (!r.has_info) continue;
    std::vector<std::string> pv{m};
    pv.insert(pv.end(), r.info.pv.begin(), r.info.pv.end());
    // The child is scored for the opponent (who moves next, a pass included).
    scored.push_back({m, -r.info.score, pv, r.info.depth + 1});
  }
  (void)session_->set_position(std::string_view(game_.fen), game_.moves);
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
  for (std::size_t i = 0; i + 1 < static_cast<std::size_t>(n) && i < scored.size() && !cancelled_.load(); ++i) {
    const auto& s = scored[i];
    const std::string depth = s.depth >= root_empties ? "100%" : std::to_string(s.depth);
    out_.line("search " + pv_token(s.pv) + " " + fixed2(s.score / 100.0) + " 0 " + depth);
  }
  out_.line(kIdle);
}

void NBoardProtocol::cmd_analyze() {
  out_.line("status Ludus is analysing the game");
  SearchLimits limits;
  limits.depth = std::min(depth_, 10);
  limits.use_book = false;  // every position gets a searched score
  for (std::size_t k = game_.moves.size() + 1; k-- > 0 && !cancelled_.load();) {
    std::vector<std::string> prefix(game_.moves.begin(), game_.moves.begin() + static_cast<long>(k));
    if (!session_->set_position(std::string_view(game_.fen), prefix)) break;
    if (session_->outcome() != Outcome::Ongoing) continue;
    Result r = search(limits, nullptr);
    if (r.has_info) out_.line("analysis " + std::to_string(k) + " " + fixed2(r.info.score / 100.0));
  }
  (void)session_->set_position(std::string_view(game_.fen), game_.moves);
  out_.line(kIdle);
}

}  // namespace ludus
