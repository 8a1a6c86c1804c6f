#include "protocol/aei.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "engine/options.h"
#include "engine/text.h"
#include "games/registry.h"

namespace ludus {

namespace {

constexpr std::string_view kEngineName = "Ludus";
constexpr std::string_view kAuthor = "the Ludus developers";

// A number of seconds (AEI allows fractions in practice) -> ms; false if not a number.
bool parse_seconds(std::string_view text, std::int64_t& ms) {
  const std::string s(text);
  if (s.empty() || s.size() > 30) return false;
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (...) {
    return false;
  }
  if (used != s.size() || !std::isfinite(v)) return false;
  v = std::clamp(v, -1e9, 1e9);
  ms = static_cast<std::int64_t>(std::llround(v * 1000.0));
  return true;
}

bool parse_number(std::string_view text, double& out) {
  std::int64_t ms = 0;
  if (!parse_seconds(text, ms)) return false;
  out = static_cast<double>(ms) / 1000.0;
  return true;
}

}  // namespace

std::string aei_board_to_fen(std::string_view b, std::string& error) {
  if (b.size() != 66 || b.front() != '[' || b.back() != ']') {
    error = "the board must be '[' + 64 squares + ']'";
    return {};
  }
  std::string fen;
  for (int rank = 0; rank < 8; ++rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = b[static_cast<std::size_t>(1 + rank * 8 + file)];
      if (c == ' ' || c == '.' || c == 'x' || c == 'X') {
        ++empty;
        continue;
      }
      if (std::string_view("EMHDCRemhdcr").find(c) == std::string_view::npos) {
        error = std::string("unknown piece '") + c + "' in the board";
        return {};
      }
      if (empty) fen += static_cast<char>('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank < 7) fen += '/';
  }
  return fen;
}

std::string aei_move_to_ugi(std::string_view steps) {
  std::string r;
  for (const auto w : split_words(steps)) {
    if (!r.empty()) r += ',';
    r += w;
  }
  return r;
}

std::string ugi_move_to_aei(std::string_view token) {
  std::string r(token);
  std::replace(r.begin(), r.end(), ',', ' ');
  return r;
}

std::string aei_pv(const std::vector<std::string>& turns, bool gold_first) {
  std::string r;
  bool gold = gold_first;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    if (i > 0) r += gold ? " w " : " b ";
    r += ugi_move_to_aei(turns[i]);
    gold = !gold;
  }
  return r;
}

AeiProtocol::AeiProtocol(Output& out, const EngineSettings& settings) : out_(out), settings_(settings) {
  session_ = make_session("arimaa");
  if (Status s = session_->apply_settings(settings_); !s) {
    spdlog::error("{}; falling back to 16 MiB", s.error);
    settings_.hash_mib = 16;
    (void)session_->apply_settings(settings_);
  }
}

AeiProtocol::~AeiProtocol() { finish(); }

void AeiProtocol::finish() {
  if (session_) cancel_search();
}

void AeiProtocol::log(std::string_view kind, std::string_view text) {
  // One printable line of bounded length: quoted input may hold any bytes.
  std::string line = "log ";
  if (!kind.empty()) line += std::string(kind) + ": ";
  out_.line(line + escaped(text, 380));
}

void AeiProtocol::cancel_search() {
  if (!session_->searching()) {
    session_->wait();
    return;
  }
  suppress_bestmove_.store(true);
  session_->stop();
  session_->wait();
}

bool AeiProtocol::handle(std::string_view line) {
  const Tokens t = split_words(line);
  if (t.empty()) return true;
  const std::string cmd = to_lower(t[0]);
  spdlog::trace("aei << {}", line);

  if (cmd == "quit") {
    cancel_search();
    return false;
  }
  if (cmd == "isready") {
    out_.line("readyok");
    return true;
  }
  if (cmd == "aei") return cmd_aei(), true;
  if (cmd == "newgame") return cmd_newgame(), true;
  if (cmd == "setposition") return cmd_setposition(line, t), true;
  if (cmd == "setoption") return cmd_setoption(line, t), true;
  if (cmd == "makemove") return cmd_makemove(line), true;
  if (cmd == "go") return cmd_go(t), true;
  if (cmd == "stop") {
    session_->stop();  // the running search answers with its bestmove
    return true;
  }
  // The spec: an engine that receives an unrecognised message should log
  // an error and exit.
  log("Error", "unrecognised message '" + std::string(line) + "', exiting");
  cancel_search();
  exit_code_ = 1;
  return false;
}

void AeiProtocol::cmd_aei() {
  out_.line("protocol-version 1");
  out_.line("id name " + std::string(kEngineName));
  out_.line("id author " + std::string(kAuthor));
  out_.line(std::string("id version ") + LUDUS_VERSION);
  out_.line("aeiok");
}

void AeiProtocol::cmd_newgame() {
  cancel_search();
  session_->new_game();
  reserve_[0] = reserve_[1] = tc_.reserve;  // the time control stays, reserves reset
  move_used_ = 0;
  game_start_ = Clock::now();
}

void AeiProtocol::cmd_setposition(std::string_view line, const Tokens& t) {
  // setposition <g|s> [<64 chars, spaces included>]
  if (t.size() < 3) return log("Error", "expected 'setposition <g|s> [<board>]'");
  const std::string side = to_lower(t[1]);
  if (side != "g" && side != "s" && side != "w" && side != "b")
    return log("Error", "setposition: the side must be g or s, got '" + std::string(t[1]) + "'");
  const std::size_t open = line.find('[');
  const std::size_t close = line.rfind(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return log("Error", "setposition: the board must be in square brackets");
  if (line.substr(close + 1).find_first_not_of(" \t\r") != std::string_view::npos)
    return log("Error", "setposition: unexpected text after the board");
  std::string error;
  const std::string board = aei_board_to_fen(line.substr(open, close - open + 1), error);
  if (board.empty()) return log("Error", "setposition: " + error);
  cancel_search();
  // AEI carries no move number: turn 2 (rules §4.5); never the setup phase.
  const std::string fen = board + " " + (side == "g" || side == "w" ? "g" : "s") + " 2";
  if (Status st = session_->set_position(std::string_view(fen), {}); !st)
    return log("Error", "setposition: " + st.error);
}

void AeiProtocol::cmd_setoption(std::string_view line, const Tokens& t) {
  // setoption name <id> [value <x>]
  if (t.size() < 3 || to_lower(t[1]) != "name") return log("Error", "expected 'setoption name <id> [value <x>]'");
  const std::string name = to_lower(t[2]);
  std::string value;
  if (t.size() >= 4) {
    if (to_lower(t[3]) != "value") return log("Error", "setoption: expected 'value' after the option name");
    if (t.size() >= 5) value = std::string(rest_after(line, t[4]));
  }
  std::int64_t ms = 0;
  // A time value: a number of seconds, never negative; a bad one is an
  // error and the old value stays.
  auto seconds = [&](std::int64_t& field) {
    if (!parse_seconds(value, ms)) {
      log("Error", "setoption " + name + ": not a number: '" + value + "'");
      return false;
    }
    if (ms < 0) {
      log("Error", "setoption " + name + ": a time cannot be negative: '" + value + "'");
      return false;
    }
    field = ms;
    return true;
  };
  // Options change what a running search assumes: stop it first (but the
  // controller's running commentary during a search leaves it alone).
  if (name != "moveused" && name != "tcmoveused" && name != "opponent" && name != "opponent_rating" &&
      name != "rating" && name != "rated" && name != "event")
    cancel_search();
  if (name == "tcmove") return (void)seconds(tc_.move);
  if (name == "tcreserve") {
    if (seconds(tc_.reserve)) reserve_[0] = reserve_[1] = tc_.reserve;
    return;
  }
  if (name == "tcmax") return (void)seconds(tc_.max);
  if (name == "tctotal") return (void)seconds(tc_.total);
  if (name == "tcturntime") return (void)seconds(tc_.turn_time);
  if (name == "tcpercent" || name == "tcturns" || name == "depth" || name == "hash") {
    double v = 0;
    if (!parse_number(value, v)) return log("Error", "setoption " + name + ": not a number: '" + value + "'");
    if (name == "tcpercent") tc_.percent = static_cast<int>(std::clamp(v, 0.0, 100.0));
    else if (name == "tcturns") tc_.turns = static_cast<int>(std::clamp(v, 0.0, 1e6));
    else if (name == "depth") depth_ = v > 0 ? static_cast<int>(std::min(v, 100.0)) : 0;
    else {
      EngineSettings next = settings_;
      next.hash_mib = static_cast<std::size_t>(std::clamp(v, 1.0, 16384.0));
      if (Status s = session_->apply_settings(next); !s) return log("Error", s.error);
      settings_ = next;
      log("", "hash table set to " + std::to_string(settings_.hash_mib) + " MB");
    }
    return;
  }
  if (name == "greserve" || name == "wreserve") return (void)seconds(reserve_[0]);
  if (name == "sreserve" || name == "breserve") return (void)seconds(reserve_[1]);
  if (name == "moveused" || name == "tcmoveused") return (void)seconds(move_used_);
  // Informational: the time used so far and the game's context.
  if (name == "gused" || name == "sused" || name == "wused" || name == "bused" || name == "lastmoveused" ||
      name == "opponent" || name == "opponent_rating" || name == "rating" || name == "rated" || name == "event")
    return;
  // Ludus's own options under their UGI names.
  if (name == "threads" || name == "moveoverhead") {
    double v = 0;
    if (!parse_number(value, v)) return log("Error", "setoption " + name + ": not a number: '" + value + "'");
    EngineSettings next = settings_;
    if (name == "threads") next.threads = static_cast<int>(std::clamp(v, 1.0, 256.0));
    else next.move_overhead_ms = static_cast<std::int64_t>(std::clamp(v, 0.0, 10000.0));
    if (Status s = session_->apply_settings(next); !s) return log("Error", s.error);
    settings_ = next;
    return;
  }
  if (name == "ownbook") {
    settings_.own_book = iequals(value, "true") || value == "1";
    (void)session_->apply_settings(settings_);
    return;
  }
  for (const auto& spec : session_->game_options()) {
    if (!iequals(spec.name, name)) continue;
    std::string canon;
    Status st = spec.validate(value, canon);
    if (st) st = session_->set_game_option(spec.name, canon);
    if (!st) log("Error", st.error);
    return;
  }
  log("Warning", "unknown option '" + std::string(t[2]) + "' ignored");
}

void AeiProtocol::cmd_makemove(std::string_view line) {
  const std::size_t at = line.find_first_not_of(" \t");
  const std::string_view rest = line.substr(at + std::string_view("makemove").size());
  const std::string token = aei_move_to_ugi(rest);
  if (token.empty()) return log("Error", "makemove: no move given");
  cancel_search();  // makemove stops any search; its bestmove is not wanted
  std::vector<std::string> warnings;
  if (Status st = session_->play_controller_move(token, warnings); !st) return log("Error", "makemove: " + st.error);
  for (const auto& w : warnings) log("Warning", "makemove: " + w);
  move_used_ = 0;
}

SearchLimits AeiProtocol::limits(bool ponder) const {
  SearchLimits l;
  l.depth = depth_;
  l.ponder = ponder;
  if (tc_.move > 0 || tc_.reserve > 0 || tc_.turn_time > 0 || tc_.total > 0) {
    l.per_move = tc_.move;
    l.reserve[0] = reserve_[0];
    l.reserve[1] = reserve_[1];
    l.reserve_percent = tc_.percent;
    l.reserve_max = tc_.max;
    l.turn_max = tc_.turn_time;
    l.used = move_used_;
    if (tc_.total > 0) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - game_start_).count();
      l.game_left = std::max<std::int64_t>(1, tc_.total - spent);
    }
    if (tc_.turns > 0) {
      // The game is adjudicated after turn `tcturns` (pyrimaa): turns left,
      // this one included, so that the reserve is spent by then.
      const std::string fen = session_->fen();
      const long turn = std::strtol(fen.c_str() + fen.rfind(' ') + 1, nullptr, 10);
      l.movestogo = static_cast<int>(std::clamp<long>(tc_.turns - turn + 1, 1, 1000));
    }
  }
  return l;
}

void AeiProtocol::cmd_go(const Tokens& t) {
  bool ponder = false;
  if (t.size() == 2 && to_lower(t[1]) == "ponder") ponder = true;
  else if (t.size() != 1) return log("Error", "expected 'go' or 'go ponder'");
  if (session_->searching()) return log("Error", "go: a search is already running");
  session_->wait();
  suppress_bestmove_.store(false);
  const SearchLimits l = limits(ponder);
  const bool gold = session_->side_to_move() == Side::P1;
  {
    std::lock_guard lock(search_mutex_);
    go_start_ = Clock::now() - std::chrono::milliseconds(move_used_);
    go_side_ = gold ? 0 : 1;
    go_setup_ = session_->fen().ends_with(" 1");
    go_ponder_ = ponder;
  }
  SearchCallbacks cb;
  cb.on_info = [this, gold](const SearchInfo& info) { print_info(info, gold); };
  cb.on_progress = [this](const SearchInfo& info) {
    out_.line("info depth " + std::to_string(info.depth) + "+");
    out_.line("info currmovenumber " + std::to_string(info.currmovenumber));
    out_.line("info nodes " + std::to_string(info.nodes));
    out_.line("info time " + std::to_string(info.time_ms / 1000));
  };
  cb.on_bestmove = [this](const std::string& best, const std::string&) {
    std::lock_guard lock(search_mutex_);
    // Our own estimate of the reserve, for controllers that do not send it.
    if (!go_ponder_ && !go_setup_ && tc_.move > 0) {
      const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - go_start_).count();
      std::int64_t& r = reserve_[go_side_];
      r += (tc_.move - used) * (tc_.move - used > 0 ? tc_.percent : 100) / 100;
      if (tc_.max > 0) r = std::min(r, tc_.max);
      r = std::max<std::int64_t>(r, 0);
    }
    if (suppress_bestmove_.load()) return;
    if (best == "none") log("Error", "no legal move: the game is over");
    out_.line("bestmove " + ugi_move_to_aei(best));
  };
  if (Status st = session_->go(l, std::move(cb)); !st) log("Error", "go: " + st.error);
}

void AeiProtocol::print_info(const SearchInfo& info, bool gold_first) {
  out_.line("info depth " + std::to_string(info.depth));
  out_.line("info score " + std::to_string(info.score));
  out_.line("info nodes " + std::to_string(info.nodes));
  out_.line("info time " + std::to_string(info.time_ms / 1000));
  if (!info.pv.empty()) out_.line("info pv " + aei_pv(info.pv, gold_first));
}

}  // namespace ludus
