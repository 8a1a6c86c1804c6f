#include "protocol/ugi.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "engine/bench.h"
#include "engine/text.h"
#include "games/registry.h"

namespace ludus {

namespace {

constexpr std::string_view kEngineName = "Ludus";
constexpr std::string_view kAuthor = "the Ludus developers";
// BookFile's value for "the game's own book/<game>.book" (Stockfish's
// spelling of an empty string option).
constexpr std::string_view kDefaultBook = "<empty>";

// The engine's own options (PROTOCOL.md section 1, "Options every game
// understands"); game options are appended by the session.
std::vector<OptionSpec> engine_options() {
  std::vector<OptionSpec> o;
  o.push_back({"Game", OptionType::Combo, "othello", 0, 0, game_names()});
  o.push_back({"Hash", OptionType::Spin, "64", 1, 16384, {}});
  o.push_back({"Threads", OptionType::Spin, "1", 1, 256, {}});
  o.push_back({"Ponder", OptionType::Check, "false", 0, 0, {}});
  o.push_back({"OwnBook", OptionType::Check, "true", 0, 0, {}});
  o.push_back({"BookFile", OptionType::String, std::string(kDefaultBook), 0, 0, {}});
  o.push_back({"MoveOverhead", OptionType::Spin, "30", 0, 10000, {}});
  o.push_back({"Level", OptionType::Spin, "20", 1, 20, {}});
  o.push_back({"Search", OptionType::Combo, "ludus", 0, 0, {"ludus", "plain", "plain-fast"}});
  return o;
}

}  // namespace

std::string ugi_score(Score s) {
  if (s >= kMateBound) return "mate " + std::to_string((kMateScore - s + 1) / 2);
  if (s <= -kMateBound) return "mate " + std::to_string(-((kMateScore + s) / 2));
  return "cp " + std::to_string(s);
}

UgiProtocol::UgiProtocol(Output& out, std::string_view game, const EngineSettings& settings)
    : out_(out), settings_(settings) {
  session_ = make_session(game);
  if (!session_) session_ = make_session("othello");
  if (Status s = session_->apply_settings(settings_); !s) {
    spdlog::error("{}; falling back to 16 MiB", s.error);
    settings_.hash_mib = 16;
    (void)session_->apply_settings(settings_);
  }
}

UgiProtocol::~UgiProtocol() { finish(); }

void UgiProtocol::finish() {
  if (session_) {
    session_->stop();
    session_->wait();
  }
}

void UgiProtocol::error(std::string_view what) {
  spdlog::debug("ugi error: {}", what);
  // Messages quote the input, which may hold any bytes: keep the reply one
  // printable line (control and non-ASCII bytes as \xNN) of bounded length.
  out_.line("info string error: " + escaped(what, 380));
}

void UgiProtocol::info_string(std::string_view text) { out_.line("info string " + std::string(text)); }

bool UgiProtocol::handle(std::string_view line) {
  const Tokens t = split_words(line);
  if (t.empty()) return true;  // blank lines are ignored, as in UCI
  const std::string cmd = to_lower(t[0]);
  spdlog::trace("<< {}", line);

  if (cmd == "quit") {
    finish();
    return false;
  }
  if (cmd == "isready") {
    out_.line("readyok");
    return true;
  }
  if (cmd == "stop") {
    session_->stop();
    return true;
  }
  if (cmd == "ponderhit") {
    session_->ponderhit();
    return true;
  }
  if (cmd == "ugi") return cmd_ugi(), true;
  if (cmd == "setoption") return cmd_setoption(t, line), true;
  if (cmd == "uginewgame") {
    if (session_->searching()) return error("cannot start a new game while searching"), true;
    session_->new_game();
    return true;
  }
  if (cmd == "newgame") return cmd_newgame(t), true;
  if (cmd == "position") return cmd_position(t, line), true;
  if (cmd == "go") return cmd_go(t), true;
  if (cmd == "query") return cmd_query(t), true;
  if (cmd == "perft") return cmd_perft(t), true;
  if (cmd == "bench") return cmd_bench(t), true;
  if (cmd == "help") return cmd_help(), true;
  if (cmd == "d" || cmd == "eval") {
    if (t.size() != 1) return error("'" + cmd + "' takes no arguments"), true;
    if (session_->searching()) return error("cannot run '" + cmd + "' while searching"), true;
    const auto lines = cmd == "d" ? session_->board_lines() : session_->eval_lines();
    for (const auto& l : lines) info_string(l);
    if (cmd == "d") info_string("fen " + session_->fen());
    return true;
  }
  error("unknown command '" + std::string(t[0]) + "' (type 'help')");
  return true;
}

void UgiProtocol::cmd_ugi() {
  out_.line(std::string("id name ") + std::string(kEngineName) + " " + LUDUS_VERSION);
  out_.line("id author " + std::string(kAuthor));
  for (const auto& o : engine_options()) {
    OptionSpec spec = o;
    if (iequals(o.name, "Game")) spec.default_value = std::string(session_->game());
    if (iequals(o.name, "Hash")) spec.default_value = std::to_string(settings_.hash_mib);
    if (iequals(o.name, "Threads")) spec.default_value = std::to_string(settings_.threads);
    out_.line(spec.ugi_line());
  }
  for (const auto& o : session_->game_options()) out_.line(o.ugi_line());
  out_.line("ugiok");
}

void UgiProtocol::cmd_setoption(const Tokens& t, std::string_view line) {
  // setoption name <id, may contain spaces> [value <x, may contain spaces>]
  if (t.size() < 3 || to_lower(t[1]) != "name")
    return error("expected 'setoption name <id> [value <x>]'");
  std::size_t value_at = 0;
  for (std::size_t i = 2; i < t.size(); ++i)
    if (to_lower(t[i]) == "value") {
      value_at = i;
      break;
    }
  if (value_at == 2) return error("setoption: missing option name");
  const std::string name = join_words(t, 2, value_at ? value_at : t.size());
  std::string value;
  if (value_at) {
    if (value_at + 1 >= t.size()) return error("setoption: missing value after 'value'");
    value = std::string(rest_after(line, t[value_at + 1]));
  }
  if (session_->searching()) return error("cannot change options while searching");

  for (const auto& spec : engine_options()) {
    if (!iequals(spec.name, name)) continue;
    std::string canon;
    if (spec.type != OptionType::Button && !value_at)
      return error("setoption: option " + spec.name + " needs a value");
    Status st = spec.validate(value, canon);
    if (!st) return error(st.error);
    if (spec.name == "Game") {
      if (Status s = select_game(canon); !s) return error(s.error);
      return;
    }
    if (spec.name == "Ponder") {
      ponder_ = canon == "true";
      return;
    }
    EngineSettings next = settings_;
    if (spec.name == "Hash") next.hash_mib = std::stoul(canon);
    else if (spec.name == "Threads") next.threads = std::stoi(canon);
    else if (spec.name == "OwnBook") next.own_book = canon == "true";
    else if (spec.name == "BookFile") {
      next.book_file = canon == kDefaultBook ? std::string() : canon;
      if (!next.book_file.empty() && !std::ifstream(next.book_file))
        return error("cannot read book file '" + next.book_file + "'");
    }
    else if (spec.name == "MoveOverhead") next.move_overhead_ms = std::stoll(canon);
    else if (spec.name == "Level") next.level = std::stoi(canon);
    else if (spec.name == "Search") {
      next.plain_search = canon == "plain" || canon == "plain-fast";
      next.plain_fast = canon == "plain-fast";
    }
    if (Status s = session_->apply_settings(next); !s) return error(s.error);
    settings_ = next;
    return;
  }
  for (const auto& spec : session_->game_options()) {
    if (!iequals(spec.name, name)) continue;
    if (spec.type != OptionType::Button && !value_at)
      return error("setoption: option " + spec.name + " needs a value");
    std::string canon;
    Status st = spec.validate(value, canon);
    if (!st) return error(st.error);
    st = session_->set_game_option(spec.name, canon);
    if (!st) return error(st.error);
    return;
  }
  error("unknown option '" + name + "'");
}

Status UgiProtocol::select_game(std::string_view name) {
  if (iequals(name, session_->game())) return Status::ok();
  auto next = make_session(name);
  if (!next) return Status::fail("unknown game '" + std::string(name) + "'");
  session_->stop();
  session_->wait();
  if (Status s = next->apply_settings(settings_); !s) return s;
  session_ = std::move(next);
  return Status::ok();
}

void UgiProtocol::cmd_newgame(const Tokens& t) {
  if (t.size() > 2) return error("expected 'newgame [<game>]'");
  if (session_->searching()) return error("cannot start a new game while searching");
  if (t.size() == 2) {
    if (Status s = select_game(to_lower(t[1])); !s) return error(s.error);
  }
  session_->new_game();
}

void UgiProtocol::cmd_position(const Tokens& t, std::string_view line) {
  if (t.size() < 2) return error("expected 'position startpos|fen <fen> [moves ...]'");
  if (session_->searching()) return error("cannot set a position while searching");
  const std::string kind = to_lower(t[1]);
  std::size_t moves_at = 0;
  for (std::size_t i = 2; i < t.size(); ++i)
    if (to_lower(t[i]) == "moves") {
      moves_at = i;
      break;
    }
  std::optional<std::string> fen;
  if (kind == "startpos") {
    if (t.size() > 2 && moves_at != 2)
      return error("position startpos: unexpected '" + std::string(t[2]) + "'");
  } else if (kind == "fen") {
    const std::size_t end = moves_at ? moves_at : t.size();
    if (end <= 2) return error("position fen: missing FEN");
    fen = std::string(between(line, t[2], t[end - 1]));
  } else {
    return error("position: expected 'startpos' or 'fen', got '" + std::string(t[1]) + "'");
  }
  std::vector<std::string> moves;
  if (moves_at)
    for (std::size_t i = moves_at + 1; i < t.size(); ++i) moves.emplace_back(t[i]);
  Status st = fen ? session_->set_position(std::string_view(*fen), moves)
                  : session_->set_position(std::nullopt, moves);
  if (!st) error(st.error);
}

void UgiProtocol::cmd_go(const Tokens& t) {
  if (session_->searching()) return error("a search is already running (send 'stop' first)");
  SearchLimits limits;
  auto number = [&](std::size_t& i, std::int64_t lo, std::int64_t& out) -> bool {
    if (i + 1 >= t.size()) return error("go: missing number after '" + std::string(t[i]) + "'"), false;
    std::int64_t v = 0;
    if (!parse_int(t[i + 1], v) || v < lo)
      return error("go: bad number '" + std::string(t[i + 1]) + "' after '" + std::string(t[i]) + "'"),
             false;
    out = v;
    ++i;
    return true;
  };
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string k = to_lower(t[i]);
    std::int64_t v = 0;
    if (k == "infinite") limits.infinite = true;
    else if (k == "ponder") limits.ponder = true;
    else if (k == "depth") {
      if (!number(i, 1, v)) return;
      limits.depth = static_cast<int>(std::min<std::int64_t>(v, 1000));
    } else if (k == "movetime") {
      if (!number(i, 0, v)) return;
      limits.movetime = std::max<std::int64_t>(v, 1);
    } else if (k == "nodes") {
      if (!number(i, 1, v)) return;
      limits.nodes = static_cast<std::uint64_t>(v);
    } else if (k == "p1time" || k == "wtime") {
      if (!number(i, 0, v)) return;
      limits.time[0] = v;
    } else if (k == "p2time" || k == "btime") {
      if (!number(i, 0, v)) return;
      limits.time[1] = v;
    } else if (k == "p1inc" || k == "winc") {
      if (!number(i, 0, v)) return;
      limits.inc[0] = v;
    } else if (k == "p2inc" || k == "binc") {
      if (!number(i, 0, v)) return;
      limits.inc[1] = v;
    } else if (k == "movestogo") {
      if (!number(i, 1, v)) return;
      limits.movestogo = static_cast<int>(std::min<std::int64_t>(v, 1000));
    } else {
      return error("go: unknown parameter '" + std::string(t[i]) + "'");
    }
  }
  if (limits.ponder && !ponder_) return error("go ponder needs the Ponder option on");
  SearchCallbacks cb;
  cb.on_info = [this](const SearchInfo& info) { print_info(info); };
  cb.on_progress = [this](const SearchInfo& info) { print_info(info); };
  const bool ponder_on = ponder_;
  cb.on_bestmove = [this, ponder_on](const std::string& best, const std::string& ponder) {
    if (ponder_on && !ponder.empty()) out_.line("bestmove " + best + " ponder " + ponder);
    else out_.line("bestmove " + best);
  };
  if (Status st = session_->go(limits, std::move(cb)); !st) error(st.error);
}

void UgiProtocol::print_info(const SearchInfo& info) {
  std::ostringstream s;
  const std::int64_t ms = std::max<std::int64_t>(info.time_ms, 1);
  s << "info depth " << info.depth << " seldepth " << info.seldepth;
  if (info.scored) {
    s << " score " << ugi_score(info.score);
    if (info.bound == Bound::Lower) s << " lowerbound";
    if (info.bound == Bound::Upper) s << " upperbound";
  }
  s << " nodes " << info.nodes << " nps " << info.nodes * 1000 / static_cast<std::uint64_t>(ms)
    << " time " << info.time_ms << " hashfull " << info.hashfull;
  if (!info.pv.empty()) {
    s << " pv";
    for (const auto& m : info.pv) s << ' ' << m;
  }
  out_.line(s.str());
}

void UgiProtocol::cmd_query(const Tokens& t) {
  if (t.size() >= 2 && to_lower(t[1]) == "parts") return query_parts(t);
  if (t.size() != 2) return error("expected 'query gameover|p1turn|result|fen|moves|game|parts'");
  const std::string q = to_lower(t[1]);
  if (session_->searching() && q != "game") return error("cannot query the position while searching");
  const Outcome o = q == "game" ? Outcome::Ongoing : session_->outcome();
  if (q == "gameover") out_.line(o == Outcome::Ongoing ? "response false" : "response true");
  else if (q == "p1turn") out_.line(session_->side_to_move() == Side::P1 ? "response true" : "response false");
  else if (q == "result")
    out_.line(o == Outcome::P1Win   ? "response p1win"
              : o == Outcome::P2Win ? "response p2win"
              : o == Outcome::Draw  ? "response draw"
                                    : "response none");
  else if (q == "fen") out_.line("response " + session_->fen());
  else if (q == "moves") {
    if (const std::string note = session_->moves_note(); !note.empty()) info_string(note);
    std::string r = "response";
    for (const auto& m : session_->legal_moves()) r += " " + m;
    out_.line(r);
  } else if (q == "game") out_.line("response " + std::string(session_->game()));
  else error("unknown query '" + std::string(t[1]) + "'");
}

// `query parts [<part> ...]`: a turn entered part by part (PROTOCOL.md).
// `response parts fen <FEN> next <p1> <p2> ...` while the turn goes on,
// `response parts fen <FEN> turn <token>` once the parts make a whole turn.
void UgiProtocol::query_parts(const Tokens& t) {
  if (session_->searching()) return error("cannot query the position while searching");
  constexpr std::size_t kMaxParts = 64;  // more than any game's longest turn
  if (t.size() - 2 > kMaxParts) return error("query parts: more than 64 parts");
  std::vector<std::string> parts(t.begin() + 2, t.end());
  TurnParts result;
  if (Status st = session_->turn_parts(parts, result); !st) return error("query parts: " + st.error);
  std::string r = "response parts fen " + result.fen;
  if (result.complete) {
    r += " turn " + result.turn;
  } else {
    r += " next";
    for (const auto& p : result.next) r += " " + p;
  }
  out_.line(r);
}

void UgiProtocol::cmd_perft(const Tokens& t) {
  std::int64_t depth = 0;
  if (t.size() != 2 || !parse_int(t[1], depth) || depth < 0 || depth > 64)
    return error("expected 'perft <depth>' with depth 0..64");
  if (session_->searching()) return error("cannot run perft while searching");
  if (Status st = session_->check_perft(static_cast<int>(depth)); !st) return error(st.error);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total = session_->perft(static_cast<int>(depth), [&](const std::string& m, std::uint64_t n) {
    info_string(m + " " + std::to_string(n));
  });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  info_string("perft " + std::to_string(depth) + " nodes " + std::to_string(total) + " time " + std::to_string(ms));
}

void UgiProtocol::cmd_bench(const Tokens& t) {
  std::int64_t depth = 0;
  if (t.size() > 2 || (t.size() == 2 && (!parse_int(t[1], depth) || depth < 1 || depth > 64)))
    return error("expected 'bench [<depth>]'");
  if (session_->searching()) return error("cannot run bench while searching");
  for (const auto& l : run_bench(*session_, static_cast<int>(depth))) info_string(l);
}

void UgiProtocol::cmd_help() {
  std::string games;
  for (const auto& g : game_names()) games += (games.empty() ? "" : ", ") + g;
  const std::string lines[] = {
      "Ludus speaks UGI (UCI for any game). Commands:",
      "  ugi | isready | quit | stop | ponderhit",
      "  setoption name <id> [value <x>]      options are listed by 'ugi'",
      "  newgame [<game>] | uginewgame",
      "     games: " + games,
      "  position startpos|fen <fen> [moves <m1> <m2> ...]",
      "  go [depth n] [movetime ms] [nodes n] [p1time ms] [p2time ms] [p1inc ms] [p2inc ms]",
      "     [movestogo n] [infinite] [ponder]",
      "  query gameover|p1turn|result|fen|moves|game | query parts [<part> ...]",
      "  d (draw the board) | eval | perft <depth> | bench [<depth>] | help",
  };
  for (const auto& l : lines) info_string(l);
}

}  // namespace ludus
