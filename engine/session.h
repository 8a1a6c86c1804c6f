// The type-erased face of one game for the protocols: position and history,
// options, queries, perft and the search on a worker thread. GameSession<G>
// (engine/game_session.h) implements it for every game; protocols never see
// a game type.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/limits.h"
#include "engine/options.h"
#include "engine/tt.h"
#include "engine/types.h"

namespace ludus {

// Engine-wide settings a search reads when it starts.
struct EngineSettings {
  std::size_t hash_mib = 64;
  int threads = 1;
  std::int64_t move_overhead_ms = 30;
  bool own_book = true;
  // `BookFile`: the book OwnBook reads; empty = the game's own book
  // (book_path: book/<game>.book). Another file is how a learned book
  // (scripts/learn_book.py) is played.
  std::string book_file;
  int level = 20;  // 1 (beginner) .. 20 (full strength), engine/level.h
  // `Search plain`: the seeds' textbook alpha-beta (engine/plain_search.h),
  // a baseline for matches, instead of ludus's search.
  bool plain_search = false;
  // `Search plain-fast`: the same moves, found with a table (for quick screens).
  bool plain_fast = false;
};

// One `info` report, already in protocol-neutral text form.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;
  Bound bound = Bound::Exact;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<std::string> pv;
  // A progress report while no iteration completes (about once a second):
  // depth, score and pv are those of the best line known so far (`scored`
  // false: none yet, and `depth` is the iteration being searched);
  // `currmovenumber` is the root move (1-based) of iteration `iteration`
  // now being searched. Protocols that have no use for it ignore it.
  bool partial = false;
  int currmovenumber = 0;
  int iteration = 0;
  bool scored = true;
};

struct SearchCallbacks {
  std::function<void(const SearchInfo&)> on_info;
  // Optional: progress inside an iteration (SearchInfo::partial), about
  // once a second on long searches.
  std::function<void(const SearchInfo&)> on_progress;
  // Called exactly once per started search, from the search thread.
  // `best` is "none" when the game is over; `ponder` may be empty.
  std::function<void(const std::string& best, const std::string& ponder)> on_bestmove;
};

// A turn entered part by part (UGI `query parts`, the browser board): the
// position after the parts so far and either the parts that may follow or,
// once they make a whole turn, its token.
struct TurnParts {
  std::string fen;                // after the parts given
  std::vector<std::string> next;  // legal next parts; empty when complete
  bool complete = false;
  std::string turn;               // the whole turn's token, when complete
};

class Session {
 public:
  virtual ~Session() = default;

  virtual std::string_view game() const = 0;
  virtual std::vector<OptionSpec> game_options() const = 0;
  virtual Status set_game_option(std::string_view name, std::string_view value) = 0;
  // Fails (and keeps the previous settings) when the memory cannot be had.
  virtual Status apply_settings(const EngineSettings& settings) = 0;

  // Start position, history and hash cleared.
  virtual void new_game() = 0;
  // `fen` empty means the start position. On failure nothing changes.
  virtual Status set_position(std::optional<std::string_view> fen,
                              const std::vector<std::string>& moves) = 0;
  // Plays one more move on the current position (AEI makemove, NBoard move).
  virtual Status play_move(std::string_view move) = 0;
  // A move from a controller that is the authority on legality (AEI
  // makemove): a game may accept what the standard referee accepts and say
  // what was unusual in `warnings`. Default: play_move.
  virtual Status play_controller_move(std::string_view move, std::vector<std::string>& warnings) {
    (void)warnings;
    return play_move(move);
  }

  virtual std::string fen() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;
  // A remark for people to show before the move list (empty: none), e.g.
  // that the list holds candidates only (Arimaa's setup phase).
  virtual std::string moves_note() const { return {}; }
  // `parts`: the moves of the turn so far from the current position, each
  // as listed in `next` (a search move: an Arimaa step, a Linja sub-move, a
  // whole move in one-move games). Fails on a part that is not legal there
  // or that follows the end of the turn, and on a finished game.
  virtual Status turn_parts(const std::vector<std::string>& parts, TurnParts& out) const = 0;
  virtual Outcome outcome() const = 0;
  virtual Side side_to_move() const = 0;
  virtual std::vector<std::string> board_lines() const = 0;
  virtual std::vector<std::string> eval_lines() const = 0;
  // Static evaluation for the side to move.
  virtual Score static_eval() const = 0;
  // Positions and default depth of `bench`.
  virtual std::vector<std::string> bench_fens() const = 0;
  virtual int bench_depth() const = 0;

  // Leaf count of the move tree; `per_move` gets each root move's count.
  virtual std::uint64_t perft(int depth,
                              const std::function<void(const std::string&, std::uint64_t)>& per_move) = 0;
  // Fails when the position cannot be counted to `depth` (call before perft).
  virtual Status check_perft(int depth) const {
    (void)depth;
    return Status::ok();
  }

  // Starts a search on the worker thread; fails if one is running.
  virtual Status go(const SearchLimits& limits, SearchCallbacks callbacks) = 0;
  virtual void stop() = 0;       // returns at once; bestmove follows
  virtual void ponderhit() = 0;  // the pondering search becomes a normal one
  virtual bool searching() const = 0;
  virtual void wait() = 0;       // until the running search (if any) has ended
};

}  // namespace ludus
