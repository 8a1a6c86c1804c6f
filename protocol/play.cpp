// `ludus play` (protocol/play.h).
#include "protocol/play.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>
#include <sstream>

#include "engine/level.h"
#include "engine/text.h"
#include "games/registry.h"
#include "protocol/blocking_search.h"
#include "protocol/ugi.h"

namespace ludus {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const char* side_name(Side s) { return s == Side::P1 ? "p1" : "p2"; }

std::string outcome_text(Outcome o) {
  switch (o) {
    case Outcome::P1Win: return "p1 wins";
    case Outcome::P2Win: return "p2 wins";
    case Outcome::Draw: return "draw";
    case Outcome::Ongoing: break;
  }
  return "game in progress";
}

SearchResult think(Session& session, std::int64_t movetime_ms) {
  SearchLimits limits;
  limits.movetime = movetime_ms;
  return search_and_wait(session, limits);
}

// `forced`: the position had one legal move (answered without a search).
std::string describe(const SearchResult& c, bool forced) {
  if (!c.has_info) return forced ? "the only move" : "from the opening book";
  std::ostringstream s;
  s << "depth " << c.info.depth << ", score " << ugi_score(c.info.score) << ", " << c.info.time_ms << " ms";
  return s.str();
}

class TerminalGame {
 public:
  TerminalGame(const PlayOptions& o, Session& session, std::istream& in, std::ostream& out)
      : o_(o), session_(session), in_(in), out_(out) {}

  int run() {
    out_ << "Ludus plays " << o_.game << ". " << who_plays() << " Type 'help' for the commands.\n";
    show_board();
    int turns = 0;
    while (true) {
      const Outcome result = session_.outcome();
      if (result != Outcome::Ongoing) {
        out_ << "Game over: " << outcome_text(result) << " after " << played_.size() << " turns.\n";
        out_ << "moves: " << join(played_) << "\n";
        return 0;
      }
      if (turns >= o_.max_turns) {
        out_ << "Stopped after " << turns << " turns (--max-turns); no result.\n";
        out_ << "moves: " << join(played_) << "\n";
        return 0;
      }
      const Side side = session_.side_to_move();
      if (is_human(side)) {
        if (!human_turn(side)) return 0;  // quit or end of input
      } else if (!engine_turn(side)) {
        return 1;
      }
      turns = static_cast<int>(played_.size());
    }
  }

 private:
  bool is_human(Side s) const {
    return o_.human == "both" || (o_.human == "p1" && s == Side::P1) || (o_.human == "p2" && s == Side::P2);
  }

  std::string who_plays() const {
    if (o_.human == "none") return "The engine plays both sides.";
    if (o_.human == "both") return "Two people play at this terminal.";
    return "You play " + o_.human + ", the engine (level " + std::to_string(o_.settings.level) + ") the other side.";
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& m : v) {
      if (!s.empty()) s += ' ';
      s += m;
    }
    return s.empty() ? "(none)" : s;
  }

  void show_board() {
    for (const auto& l : session_.board_lines()) out_ << l << '\n';
    out_.flush();
  }

  bool engine_turn(Side side) {
    const bool forced = session_.legal_moves().size() == 1;
    const SearchResult c = think(session_, o_.movetime_ms);
    if (!c.error.empty() || c.best.empty() || c.best == "none") {
      out_ << "error: the engine found no move" << (c.error.empty() ? "" : ": " + c.error) << "\n";
      return false;
    }
    if (Status st = session_.play_move(c.best); !st) {
      out_ << "error: the engine's move " << c.best << " was refused: " << st.error << "\n";
      return false;
    }
    played_.push_back(c.best);
    out_ << "\n" << side_name(side) << " (ludus) plays " << c.best << "  (" << describe(c, forced) << ")\n";
    show_board();
    return true;
  }

  // Reads commands until a move is played; false on quit / end of input.
  bool human_turn(Side side) {
    std::string line;
    while (true) {
      out_ << side_name(side) << "> " << std::flush;
      if (!std::getline(in_, line)) {
        out_ << "\n";
        return false;
      }
      const auto words = split_words(line);
      if (words.empty()) continue;
      const std::string cmd = lower(words[0]);
      if (cmd == "quit" || cmd == "exit") return false;
      if (cmd == "help" || cmd == "?") {
        help();
      } else if (cmd == "moves") {
        list_moves();
      } else if (cmd == "board") {
        show_board();
      } else if (cmd == "fen") {
        out_ << session_.fen() << "\n";
      } else if (cmd == "undo") {
        if (undo()) show_board();
      } else if (cmd == "hint") {
        hint();
      } else if (play(words, side)) {
        return true;
      }
    }
  }

  void help() {
    out_ << "Type a move in the game's notation (e.g. one of 'moves'), or:\n"
            "  moves   list the legal moves\n"
            "  hint    the engine's suggestion (full strength, --movetime)\n"
            "  undo    take back your last move (and the engine's reply)\n"
            "  board   draw the board again\n"
            "  fen     print the position as a FEN\n"
            "  quit    leave the game\n"
            "A turn of several parts (Arimaa steps, Linja sub-moves) may be typed\n"
            "with commas or spaces between the parts.\n";
  }

  void list_moves() {
    const std::string note = session_.moves_note();
    if (!note.empty()) out_ << note << "\n";
    const auto moves = session_.legal_moves();
    out_ << moves.size() << " moves:";
    for (const auto& m : moves) out_ << ' ' << m;
    out_ << "\n";
  }

  void hint() {
    const bool forced = session_.legal_moves().size() == 1;
    EngineSettings full = o_.settings;
    full.level = kMaxLevel;
    (void)session_.apply_settings(full);
    const SearchResult c = think(session_, o_.movetime_ms);
    (void)session_.apply_settings(o_.settings);
    if (c.best.empty() || c.best == "none")
      out_ << "no hint: " << (c.error.empty() ? "no move" : c.error) << "\n";
    else
      out_ << "hint: " << c.best << "  (" << describe(c, forced) << ")\n";
  }

  // Takes back moves until it is a person's turn again, at least one move.
  bool undo() {
    std::vector<std::string> moves = played_;
    while (!moves.empty()) {
      moves.pop_back();
      std::optional<std::string_view> fen;
      if (!o_.fen.empty()) fen = o_.fen;
      if (Status st = session_.set_position(fen, moves); !st) {
        out_ << "error: cannot undo: " << st.error << "\n";
        (void)session_.set_position(fen, played_);
        return false;
      }
      if (is_human(session_.side_to_move())) {
        played_ = moves;
        out_ << "Took back; " << played_.size() << " turns played.\n";
        return true;
      }
    }
    std::optional<std::string_view> fen;
    if (!o_.fen.empty()) fen = o_.fen;
    (void)session_.set_position(fen, played_);
    out_ << "nothing to undo\n";
    return false;
  }

  bool play(const std::vector<std::string_view>& words, Side side) {
    // Parts of a turn typed with spaces become the protocol's comma-joined token.
    std::string token(words[0]);
    for (std::size_t i = 1; i < words.size(); ++i) {
      token += ',';
      token += words[i];
    }
    if (Status st = session_.play_move(token); !st) {
      out_ << "illegal: " << st.error << " (type 'moves' for the legal moves)\n";
      return false;
    }
    played_.push_back(token);
    out_ << "\n" << side_name(side) << " plays " << token << "\n";
    show_board();
    return true;
  }

  const PlayOptions& o_;
  Session& session_;
  std::istream& in_;
  std::ostream& out_;
  std::vector<std::string> played_;
};

}  // namespace

std::string check_play_options(const PlayOptions& o) {
  if (o.human != "p1" && o.human != "p2" && o.human != "both" && o.human != "none")
    return "--human must be p1, p2, both or none";
  if (o.movetime_ms < 1 || o.movetime_ms > 3600000) return "--movetime must be 1..3600000 ms";
  if (o.settings.level < 1 || o.settings.level > kMaxLevel) return "--level must be 1..20";
  if (o.max_turns < 1) return "--max-turns must be at least 1";
  return {};
}

int run_play(const PlayOptions& o, std::istream& in, std::ostream& out) {
  if (const std::string err = check_play_options(o); !err.empty()) {
    std::cerr << "ludus play: " << err << "\n";
    return 2;
  }
  auto session = make_session(o.game);
  if (!session) {
    std::cerr << "ludus play: unknown game '" << o.game << "'\n";
    return 2;
  }
  if (Status st = session->apply_settings(o.settings); !st) {
    std::cerr << "ludus play: " << st.error << "\n";
    return 2;
  }
  std::optional<std::string_view> fen;
  if (!o.fen.empty()) fen = o.fen;
  if (Status st = session->set_position(fen, {}); !st) {
    std::cerr << "ludus play: " << st.error << "\n";
    return 2;
  }
  TerminalGame game(o, *session, in, out);
  return game.run();
}

}  // namespace ludus
