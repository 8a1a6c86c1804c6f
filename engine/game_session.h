// GameSession<G>: the Session of one game kind. Owns the position, the
// transposition table, the game's solvers and the search threads.
//
// Threads of one `go`: a coordinator thread starts `Threads` searchers (the
// first is the main searcher that reports and decides when to stop
// iterating), watches the hard time limit every millisecond (so that a long
// exact solve is interrupted as well as a midgame search), joins them and
// sends exactly one bestmove.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <random>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "engine/book.h"
#include "engine/game_concept.h"
#include "engine/level.h"
#include "engine/perft.h"
#include "engine/plain_search.h"
#include "engine/search.h"
#include "engine/session.h"
#include "engine/turns.h"

namespace ludus {

template <class G>
concept HasBenchFens = requires {
  { G::bench_fens() } -> std::convertible_to<std::vector<std::string>>;
  { G::kBenchDepth } -> std::convertible_to<int>;
};

template <class G>
concept HasMovesLeft = requires(const typename G::Position& p) {
  { G::moves_left(p) } -> std::convertible_to<int>;
};

template <GameTraits G>
class GameSession final : public Session {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Solver = typename SolverOf<G>::type;
  // Whether the threads' solvers share one table (Solver::share_table).
  static constexpr bool kSolversShareTable = requires(Solver& a, Solver& b) { a.share_table(b); };

  GameSession() { reset_position(); }
  ~GameSession() override {
    stop();
    wait();
  }

  std::string_view game() const override { return G::kName; }
  std::vector<OptionSpec> game_options() const override { return G::options(); }

  Status set_game_option(std::string_view name, std::string_view value) override {
    if (searching()) return Status::fail("cannot change options while searching");
    typename G::Config copy = config_;
    Status st = G::set_option(copy, name, value);
    if (!st) return st;
    config_ = copy;
    // A rules option (Linja's overshoot rule, ...) holds for the current
    // game too: replay it from its first position under the new
    // configuration, so that the position and its repetition history are
    // those of `position fen <base> moves ...` (Camelot's repetition keys
    // include its castle-jump rule: re-reading the last FEN alone would keep
    // the old keys and so forget the repetitions). If the game's moves are not
    // legal under the new rule, the current position is re-read from its FEN.
    Position base;
    std::vector<std::uint64_t> history;
    std::vector<std::string> played;
    bool replayed = static_cast<bool>(G::parse_fen(base_fen_, base, config_));
    if (replayed && history_counts_base()) history.push_back(repetition_key<G>(base));
    for (std::size_t i = 0; replayed && i < moves_.size(); ++i)
      replayed = static_cast<bool>(apply_turn(base, history, moves_[i], played));
    if (replayed) {
      pos_ = base;
      history_ = std::move(history);
      moves_ = std::move(played);
    } else if (Position p; G::parse_fen(G::to_fen(pos_), p, config_)) {
      pos_ = p;
    }
    return st;
  }

  Status apply_settings(const EngineSettings& settings) override {
    wait();
    EngineSettings next = settings;
    next.threads = std::max(1, next.threads);
    next.hash_mib = std::max<std::size_t>(1, next.hash_mib);
    if (sized_ && next.hash_mib == settings_.hash_mib && next.threads == settings_.threads) {
      settings_ = next;
      return prepare();
    }
    try {
      // A game with an exact solver gives half of the memory to the solvers
      // (one table per thread), the other half to the shared table.
      tt_.resize(HasSolver<G> ? std::max<std::size_t>(1, next.hash_mib / 2) : next.hash_mib);
    } catch (const std::bad_alloc&) {
      return Status::fail("cannot allocate " + std::to_string(next.hash_mib) + " MiB for the hash table");
    }
    searchers_.clear();  // they point to the solvers
    warmed_up_ = false;  // new searchers and solvers: warm them up again
    solvers_.clear();
    settings_ = next;
    sized_ = true;
    return prepare();
  }

  void new_game() override {
    wait();
    tt_.clear();
    if constexpr (HasSolver<G>) {
      // A shared table is cleared once, through the main thread's solver.
      for (std::size_t i = 0; i < solvers_.size(); ++i)
        if (i == 0 || !kSolversShareTable) solvers_[i]->clear();
    }
    reset_position();
  }

  Status set_position(std::optional<std::string_view> fen,
                      const std::vector<std::string>& moves) override {
    if (searching()) return Status::fail("cannot set a position while searching");
    Position p;
    if (fen) {
      Status st = G::parse_fen(*fen, p, config_);
      if (!st) return st;
    } else {
      p = G::start(config_);
    }
    const std::string base_fen = G::to_fen(p);
    std::vector<std::uint64_t> history;
    if (history_counts_base()) history.push_back(repetition_key<G>(p));
    std::vector<std::string> played;
    for (const auto& token : moves) {
      Status st = apply_turn(p, history, token, played);
      if (!st) return st;
    }
    base_fen_ = base_fen;
    pos_ = p;
    moves_ = std::move(played);
    history_ = std::move(history);
    return Status::ok();
  }

  Status play_move(std::string_view token) override {
    if (searching()) return Status::fail("cannot play a move while searching");
    Position p = pos_;
    auto history = history_;
    Status st = apply_turn(p, history, token, moves_);
    if (!st) return st;
    pos_ = p;
    history_ = std::move(history);
    return st;
  }

  Status play_controller_move(std::string_view token, std::vector<std::string>& warnings) override {
    if (searching()) return Status::fail("cannot play a move while searching");
    Position p = pos_;
    auto history = history_;
    Status st = apply_turn(p, history, token, moves_, &warnings);
    if (!st) return st;
    pos_ = p;
    history_ = std::move(history);
    return st;
  }

  std::string fen() const override { return G::to_fen(pos_); }
  std::string moves_note() const override {
    if constexpr (requires { G::moves_note(pos_); }) return G::moves_note(pos_);
    return {};
  }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    for (const auto& t : playable_turns()) out.push_back(turn_to_string<G>(pos_, t));
    return out;
  }
  Status turn_parts(const std::vector<std::string>& parts, TurnParts& out) const override {
    out = TurnParts{};
    if (outcome() != Outcome::Ongoing) return Status::fail("the game is over");
    auto list = move_list<G>();
    Position now = pos_;
    std::vector<Move> played;
    for (const auto& part : parts) {
      if (!played.empty() && turn_over<G>(pos_, now))
        return Status::fail("part '" + part + "' follows the end of the turn");
      const int n = G::legal_moves(now, list.data());
      const Move* end = list.data() + n;
      const Move* it = std::find_if(static_cast<const Move*>(list.data()), end, [&](const Move& m) { return part_name(now, m) == part; });
      if (it == end) return Status::fail("illegal part '" + part + "' (not among the " + std::to_string(n) + " listed)");
      played.push_back(*it);
      now = G::play(now, *it);
    }
    out.fen = G::to_fen(now);
    if (!played.empty() && turn_over<G>(pos_, now)) {
      const std::string token = turn_to_string<G>(pos_, played);
      // The referee's last word: the whole turn as a move token (a third
      // repetition, say, is refused here).
      Position p = pos_;
      auto history = history_;
      std::vector<std::string> tokens;
      if (Status st = apply_turn(p, history, token, tokens); !st) return st;
      out.complete = true;
      out.turn = token;
      return Status::ok();
    }
    const int n = G::legal_moves(now, list.data());
    for (int i = 0; i < n; ++i) out.next.push_back(part_name(now, list[static_cast<std::size_t>(i)]));
    return Status::ok();
  }
  // A part as turn_parts() names it: in a game of one move a turn, the move
  // token itself (a Camelot chain with every square on its path, which the
  // move alone does not spell out); else the search move (an Arimaa step).
  static std::string part_name(const Position& pos, Move m) {
    if constexpr (multi_move_turns<G>()) return G::move_to_string(m);
    else return turn_to_string<G>(pos, std::vector<Move>{m});
  }
  Outcome outcome() const override {
    const Outcome o = G::outcome(pos_);
    if (o != Outcome::Ongoing) return o;
    if constexpr (repetition_rule<G>() == RepetitionRule::DrawOnThird) {
      if (count_occurrences(history_, repetition_key<G>(pos_)) >= 3) return Outcome::Draw;
    }
    if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
      // Only turns that would repeat a position a third time: the mover loses.
      // (Impossible unless some position has occurred twice already.)
      bool twice = false;
      for (std::size_t i = 0; i < history_.size() && !twice; ++i) twice = count_occurrences(history_, history_[i]) >= 2;
      std::vector<std::vector<Move>> turns;
      if (twice) legal_turns<G>(pos_, turns);
      if (!turns.empty() && turns_without_repetitions().empty())
        return G::side_to_move(pos_) == Side::P1 ? Outcome::P2Win : Outcome::P1Win;
    }
    return Outcome::Ongoing;
  }
  Side side_to_move() const override { return G::side_to_move(pos_); }
  std::vector<std::string> board_lines() const override { return G::board_lines(pos_); }
  std::vector<std::string> eval_lines() const override { return G::eval_lines(pos_, config_); }
  Score static_eval() const override { return G::evaluate(pos_, config_); }
  std::vector<std::string> bench_fens() const override {
    if constexpr (HasBenchFens<G>) return G::bench_fens();
    return {G::to_fen(G::start(config_))};
  }
  int bench_depth() const override {
    if constexpr (HasBenchFens<G>) return G::kBenchDepth;
    return 8;
  }

  std::uint64_t perft(int depth,
                      const std::function<void(const std::string&, std::uint64_t)>& per_move) override {
    return perft_divide<G>(pos_, depth, per_move, history_);
  }
  Status check_perft(int depth) const override {
    if constexpr (HasPerftShortcut<G>) {
      std::optional<std::uint64_t> count;
      return G::perft_shortcut(pos_, depth, count);
    }
    return Status::ok();
  }

  Status go(const SearchLimits& limits, SearchCallbacks callbacks) override {
    if (searching()) return Status::fail("a search is already running");
    wait();  // join a coordinator that has already finished
    // Normally done when the settings were applied (before `readyok`);
    // here only if that failed or never happened.
    if (Status st = sized_ ? prepare() : apply_settings(settings_); !st) return st;
    // Optional hook: the game adapts its configuration to the search's root
    // (fox-geese weighs a term by the side the engine plays).
    if constexpr (requires { G::prepare_search(config_, pos_); }) G::prepare_search(config_, pos_);
    // The same with the search's limits (Arimaa: a turn limit after which
    // the game is adjudicated, passed by AEI as movestogo).
    if constexpr (requires { G::prepare_search(config_, pos_, limits); }) G::prepare_search(config_, pos_, limits);
    searching_.store(true);
    shared_ = std::make_unique<SearchShared<G>>();
    shared_->tt = &tt_;
    if (settings_.threads > 1) shared_->busy = busy_.get();
    shared_->config = &config_;
    SearchLimits effective = limits;
    apply_level(settings_.level, effective);
    shared_->limits = effective;
    shared_->exact_root_scores = settings_.level <= kRandomLevels;
    shared_->unbounded.store(limits.infinite || limits.ponder);
    int moves_left = 30;
    if constexpr (HasMovesLeft<G>) moves_left = G::moves_left(pos_);
    moves_left_ = moves_left;
    shared_->time.start(effective, G::side_to_move(pos_), moves_left, settings_.move_overhead_ms);
    tt_.new_search();
    coordinator_ = std::thread([this, cb = std::move(callbacks)] { coordinate(cb); });
    return Status::ok();
  }

  void stop() override {
    std::lock_guard lock(shared_mutex_);
    if (shared_) {
      shared_->unbounded.store(false);
      shared_->stop.store(true);
    }
  }

  void ponderhit() override {
    std::lock_guard lock(shared_mutex_);
    if (!shared_ || !shared_->limits.ponder) return;
    SearchLimits normal = shared_->limits;
    normal.ponder = false;
    shared_->time.start(normal, G::side_to_move(pos_), moves_left_, settings_.move_overhead_ms);
    shared_->unbounded.store(normal.infinite);
  }

  bool searching() const override { return searching_.load(); }

  void wait() override {
    if (coordinator_.joinable()) coordinator_.join();
  }

 private:
  bool game_over() const { return outcome() != Outcome::Ongoing; }

  static constexpr bool history_counts_base() {
    if constexpr (requires { G::kHistoryCountsBase; }) return G::kHistoryCountsBase;
    return true;
  }

  // The legal turns of the current position under the repetition rule.
  std::vector<std::vector<Move>> playable_turns() const {
    if (game_over()) return {};
    return turns_without_repetitions();
  }
  // At most `limit` of them, the first in move order: cheap where the whole
  // list is not (an Arimaa position has tens of thousands of turns).
  std::vector<std::vector<Move>> playable_turns(std::size_t limit) const {
    if (game_over()) return {};
    return sample_playable_turns<G>(pos_, history_, limit);
  }
  // The same without the end-of-game checks of the repetition rules.
  std::vector<std::vector<Move>> turns_without_repetitions() const {
    std::vector<std::vector<Move>> turns;
    legal_turns<G>(pos_, turns);
    if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
      std::erase_if(turns, [&](const std::vector<Move>& t) {
        return count_occurrences(history_, repetition_key<G>(play_all<G>(pos_, t))) >= 2;
      });
    }
    return turns;
  }

  // Parses one turn token on `p`, checks it against the game's end and the
  // repetition rule, and plays it. Leaves `p` unchanged on failure.
  // `warnings`: parse leniently as the game's referee would (controller moves).
  Status apply_turn(Position& p, std::vector<std::uint64_t>& history, std::string_view token,
                    std::vector<std::string>& played, std::vector<std::string>* warnings = nullptr) const {
    if (G::outcome(p) != Outcome::Ongoing || game_finished<G>(p))
      return Status::fail("illegal move '" + std::string(token) + "': the game is over");
    if constexpr (repetition_rule<G>() == RepetitionRule::DrawOnThird) {
      if (count_occurrences(history, repetition_key<G>(p)) >= 3)
        return Status::fail("illegal move '" + std::string(token) + "': the game is over (repetition)");
    }
    std::vector<Move> steps;
    Status st;
    if constexpr (requires(std::vector<Move>& v, std::vector<std::string>& w) { G::parse_turn_lenient(p, token, v, w); }) {
      st = warnings ? G::parse_turn_lenient(p, token, steps, *warnings) : parse_turn<G>(p, token, steps);
    } else {
      st = parse_turn<G>(p, token, steps);
    }
    if (!st) return st;
    if (steps.empty()) return Status::fail("malformed move '" + std::string(token) + "'");
    const Position next = play_all<G>(p, steps);
    const std::uint64_t key = repetition_key<G>(next);
    if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
      if (count_occurrences(history, key) >= 2)
        return Status::fail("illegal move '" + std::string(token) + "': third repetition of a position");
    }
    history.push_back(key);
    played.push_back(turn_to_string<G>(p, steps));
    p = next;
    return Status::ok();
  }

  // Everything a search may need, made before the clock of any search
  // starts (protocols apply the settings before they answer `readyok`):
  // the solvers and their tables (Othello's endgame tables, mouse-cats'
  // solved game), the warm-up of the searchers, the opening book. Cheap
  // when all is already there.
  Status prepare() {
    if constexpr (HasSolver<G>) {
      // A solver that can share its table (Solver::share_table) serves all
      // threads from the main thread's one: the threads then help each
      // other in the endgame too, instead of each solving alone.
      const std::size_t tables = kSolversShareTable ? 1 : static_cast<std::size_t>(settings_.threads);
      const std::size_t mib = std::max<std::size_t>(1, settings_.hash_mib / 2 / tables);
      try {
        while (static_cast<int>(solvers_.size()) < settings_.threads) {
          const bool helper = !solvers_.empty();
          solvers_.push_back(std::make_unique<Solver>(kSolversShareTable && helper ? 1 : mib));
          if constexpr (kSolversShareTable)
            if (helper) solvers_.back()->share_table(*solvers_.front());
        }
      } catch (const std::bad_alloc&) {
        searchers_.clear();
        solvers_.clear();
        return Status::fail("cannot allocate the solver tables");
      }
    }
    if (settings_.threads > 1 && !busy_) busy_ = std::make_unique<BusyTable>();
    if (!warmed_up_) warm_up();
    if (settings_.own_book) load_book();
    return Status::ok();
  }

  void load_book() {
    const std::string path = settings_.book_file.empty() ? book_path(G::kName) : settings_.book_file;
    if (path != book_source_) {  // the first use, or BookFile changed: (re)load
      book_ = OpeningBook();
      book_.load_file(path);
      book_source_ = path;
    }
  }

  // The book move for the current position, if OwnBook is on, the search is
  // an ordinary one (not infinite or pondering) and the book has a legal move.
  // The weak levels that choose with randomness skip the book of deep-searched
  // lines (a beginner should not play the opening like an expert); a game's
  // own setup book (Arimaa) still gives them a sound setup.
  std::string book_move(const SearchLimits& limits) {
    if (!settings_.own_book || !limits.use_book || limits.infinite || limits.ponder) return {};
    load_book();
    const bool deep_book = settings_.level > kRandomLevels;
    const std::string move = deep_book ? book_.choose(G::to_fen(pos_), rng_) : std::string();
    if constexpr (requires(std::vector<Move>& t) { G::book_turn(pos_, config_, std::uint64_t{}, t); }) {
      // A game's own book for positions a FEN-keyed book cannot list
      // (Arimaa's setups, whatever the opponent's setup was).
      std::vector<Move> turn;
      if (move.empty() && G::book_turn(pos_, config_, rng_(), turn)) return turn_to_string<G>(pos_, turn);
    }
    if (move.empty()) return {};
    std::vector<Move> steps;
    if (!parse_turn<G>(pos_, move, steps)) return {};  // a stale book: ignore it
    return turn_to_string<G>(pos_, steps);
  }

  // A weaker level's pick among the root moves (engine/level.h). The line
  // then starts with the chosen move (its continuation is not known).
  std::vector<Move> level_choice(const Searcher<G>& searcher, const std::vector<Move>& line) {
    const auto& scored = searcher.root_scores();
    if (scored.empty()) return line;
    std::vector<Score> scores;
    for (const auto& [m, sc] : scored) scores.push_back(sc);
    const std::size_t i = pick_for_level(settings_.level, scores, rng_);
    if (!line.empty() && G::pack(scored[i].first) == G::pack(line.front())) return line;
    return {scored[i].first};
  }

  // The first whole turn of a principal variation. A search stopped early
  // may end inside a turn: the turn is then completed with hash moves or,
  // failing that, the first legal move, so that the answer is always legal.
  std::vector<Move> first_turn(const std::vector<Move>& line) const {
    bool complete = true;
    auto turns = split_turns<G>(pos_, line, complete);
    std::vector<Move> turn = turns.empty() ? std::vector<Move>{} : turns.front();
    if (turns.size() > 1) complete = true;
    Position now = play_all<G>(pos_, turn);
    auto list = move_list<G>();
    Move* const moves = list.data();
    // A move that would end the turn on a third repetition is not playable.
    auto playable = [&](Move m) {
      if constexpr (repetition_rule<G>() == RepetitionRule::IllegalThird) {
        const Position next = G::play(now, m);
        if (G::side_to_move(next) != G::side_to_move(pos_) &&
            count_occurrences(history_, repetition_key<G>(next)) >= 2)
          return false;
      }
      (void)m;
      return true;
    };
    while ((turn.empty() || !complete) && !game_finished<G>(now)) {
      const int n = G::legal_moves(now, moves);
      int pick = -1;
      if constexpr (HasWinDistance<G>) {
        // The search stops at a node whose win the game's detector sees (a
        // goal within the turn), so no hash move leads on from there: follow
        // the detector: to a node of the same turn whose win is nearer, or
        // to the end of the turn with the game won.
        if (const int k = G::win_distance(now, 0); k > 0) {
          const Side mover = G::side_to_move(now);
          const Outcome win = mover == Side::P1 ? Outcome::P1Win : Outcome::P2Win;
          for (int i = 0; i < n && pick < 0; ++i) {
            if (!playable(moves[i])) continue;
            const Position next = G::play(now, moves[i]);
            int left = 0;
            const bool closer = G::side_to_move(next) == mover
                                    ? (left = G::win_distance(next, 0)) > 0 && left < k
                                    : G::outcome(next) == win;
            if (closer) pick = i;
          }
        }
      }
      const TTHit hit = tt_.probe(G::key(now));
      for (int i = 0; i < n && hit.found && pick < 0; ++i)
        if (G::pack(moves[i]) == hit.move && playable(moves[i])) pick = i;
      // Else the move whose result evaluates best (a search stopped in its
      // first iterations leaves little in the table; the first legal move
      // may be a blunder such as stepping a piece onto a trap).
      if (pick < 0) {
        Score best_eval = -kInfinity;
        for (int i = 0; i < n; ++i) {
          if (!playable(moves[i])) continue;
          const Position next = G::play(now, moves[i]);
          const bool same = G::side_to_move(next) == G::side_to_move(now);
          Score e;
          if (ends_with_moves_left<G>() && G::outcome(next) != Outcome::Ongoing) e = G::terminal_score(next, 1);
          else e = G::evaluate(next, config_);
          if (!same) e = -e;
          if (pick < 0 || e > best_eval) best_eval = e, pick = i;
        }
      }
      if (pick < 0) break;
      turn.push_back(moves[pick]);
      const Position next = G::play(now, moves[pick]);
      complete = turn_over<G>(pos_, next);
      now = next;
    }
    if constexpr (multi_move_turns<G>()) {
      // The answer must be a legal turn: check it as an input token would
      // be checked; if the line led into a dead end, play the first legal turn.
      std::vector<Move> check;
      const bool ok = !turn.empty() && parse_turn<G>(pos_, turn_to_string<G>(pos_, turn), check) &&
                      (repetition_rule<G>() != RepetitionRule::IllegalThird ||
                       count_occurrences(history_, repetition_key<G>(play_all<G>(pos_, check))) < 2);
      if (!ok) {
        // The first playable turn (not the whole list: too slow to build
        // inside a timed search for Arimaa).
        const auto legal = playable_turns(1);
        if (!legal.empty()) return legal.front();
      }
    }
    return turn;
  }

  void reset_position() {
    pos_ = G::start(config_);
    base_fen_ = G::to_fen(pos_);
    moves_.clear();
    history_.clear();
    if (history_counts_base()) history_.push_back(repetition_key<G>(pos_));
  }

  // One iteration report as a protocol info line, the pv as whole turns.
  void report_line(const IterationReport<G>& r, const SearchCallbacks& cb) const {
    if (r.partial ? !cb.on_progress : !cb.on_info) return;
    SearchInfo info{r.depth, r.seldepth, r.score, r.bound, r.nodes, r.time_ms, r.hashfull, {}};
    info.partial = r.partial;
    info.currmovenumber = r.currmovenumber;
    info.iteration = r.iteration;
    info.scored = r.scored;
    bool complete = true;
    const auto turns = split_turns<G>(pos_, r.pv, complete);
    Position p = pos_;
    for (std::size_t i = 0; i < turns.size(); ++i) {
      if (i + 1 == turns.size() && !complete) {
        // An unfinished last turn is dropped; an unfinished first turn
        // is completed as bestmove would be, so every pv token is legal.
        if (i == 0) info.pv.push_back(turn_to_string<G>(p, first_turn(r.pv)));
        break;
      }
      info.pv.push_back(turn_to_string<G>(p, turns[i]));
      p = play_all<G>(p, turns[i]);
    }
    if (r.partial) cb.on_progress(info);
    else cb.on_info(info);
  }

  // Runs `Threads` searchers on the current position until the main one
  // (which alone reports) ends, and returns them for their results. The
  // searchers are kept from one search to the next, as Stockfish keeps its
  // threads' data: their per-ply move lists (256 KB each in Camelot) would
  // otherwise be allocated and faulted in again by every `go`.
  const std::vector<std::unique_ptr<Searcher<G>>>& run_searchers(
      SearchShared<G>& shared, const std::function<void(const IterationReport<G>&)>& report) {
    if (static_cast<int>(searchers_.size()) != settings_.threads) {
      searchers_.clear();
      for (int i = 0; i < settings_.threads; ++i) {
        Solver* solver = nullptr;
        if constexpr (HasSolver<G>) solver = solvers_[static_cast<std::size_t>(i)].get();
        searchers_.push_back(std::make_unique<Searcher<G>>(i, shared, solver));
      }
    } else {
      for (auto& s : searchers_) s->attach(shared);
    }
    for (auto& s : searchers_) s->set_history(history_);
    std::vector<std::thread> threads;
    std::atomic<int> running{settings_.threads};
    for (int i = 0; i < settings_.threads; ++i) {
      threads.emplace_back([&, i] {
        searchers_[static_cast<std::size_t>(i)]->run(pos_, i == 0 ? report : nullptr);
        if (i == 0) shared.stop.store(true);  // the main searcher's end ends all
        running.fetch_sub(1);
      });
    }
    watch(shared, running, report);
    for (auto& t : threads) t.join();
    return searchers_;
  }

  // The coordinator's watchdog, until every searcher has returned: the hard
  // time limit holds even inside a long solver call, and a GUI hears from
  // the search at least once a second even when no iteration completes
  // (an exact solve of 26 empties runs for minutes inside one iteration).
  void watch(SearchShared<G>& shared, const std::atomic<int>& running,
             const std::function<void(const IterationReport<G>&)>& report) {
    while (running.load() > 0) {
      if (shared.out_of_time()) shared.stop.store(true);
      if (report) report_progress(shared, report);
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
  }

  // A progress line when no info has gone out for a second: the best line
  // known so far (none before the first scored root move), the iteration
  // and root move being searched, nodes and time.
  static void report_progress(SearchShared<G>& shared, const std::function<void(const IterationReport<G>&)>& report) {
    const std::int64_t now = shared.time.elapsed_ms();
    if (now - shared.last_report_ms.load(std::memory_order_relaxed) < 1000) return;
    shared.last_report_ms.store(now, std::memory_order_relaxed);
    shared.progress_since_report.store(true, std::memory_order_relaxed);
    const BestSoFar<G> best = shared.best_so_far();
    IterationReport<G> r;
    r.partial = true;
    r.iteration = shared.iteration.load(std::memory_order_relaxed);
    r.currmovenumber = shared.currmovenumber.load(std::memory_order_relaxed);
    r.scored = best.known;
    r.depth = best.known ? best.depth : r.iteration;
    r.seldepth = std::max({best.seldepth, r.depth, r.iteration});
    r.score = best.score;
    r.pv = best.pv;
    // A solve that just ended has cleared its live count before the
    // searcher adds it: never let the reported count go back.
    r.nodes = std::max(shared.total_nodes(), shared.progress_nodes);
    shared.progress_nodes = r.nodes;
    r.time_ms = now;
    r.hashfull = shared.tt ? shared.tt->hashfull() : 0;
    report(r);
  }

  // The last info line before bestmove: the line and score the move was
  // chosen on, when the reports so far do not already show it (a search
  // stopped inside an iteration, a solver cut short, a weaker level's pick).
  void report_choice(SearchShared<G>& shared, const std::vector<Move>& line, const SearchCallbacks& cb) {
    const BestSoFar<G> best = shared.best_so_far();
    const bool chosen_is_best = best.known && !line.empty() && !best.pv.empty() &&
                                G::pack(line.front()) == G::pack(best.pv.front());
    // Already shown: the last line sent was the iteration report of this best.
    if (chosen_is_best && best.version == shared.reported_version.load() && !shared.progress_since_report.load())
      return;
    IterationReport<G> r;
    r.nodes = shared.total_nodes();
    r.time_ms = shared.time.elapsed_ms();
    r.hashfull = shared.tt ? shared.tt->hashfull() : 0;
    if (chosen_is_best) {
      r.depth = best.depth;
      r.seldepth = best.seldepth;
      r.score = best.score;
      r.pv = best.pv;
    } else {
      r.depth = best.known ? best.depth : 0;
      r.seldepth = r.depth;
      r.pv = line;
      r.score = chosen_score(line, best.known ? &best : nullptr);
    }
    report_line(r, cb);
  }

  // The score of a chosen line that is not the search's best: its root
  // score when the last iteration scored it (a weaker level's pick), else
  // the evaluation after its first turn (a search stopped before any root
  // move was scored, whose move first_turn() chose by that evaluation).
  Score chosen_score(const std::vector<Move>& line, const BestSoFar<G>* best) const {
    if (best && !searchers_.empty())
      for (const auto& [m, sc] : searchers_[0]->root_scores())
        if (G::pack(m) == G::pack(line.front())) return sc;
    const std::vector<Move> turn = first_turn(line);
    const Position next = play_all<G>(pos_, turn);
    Score e;
    if (G::outcome(next) != Outcome::Ongoing) e = G::terminal_score(next, 1);
    else e = G::evaluate(next, config_);
    return G::side_to_move(next) == G::side_to_move(pos_) ? e : -e;
  }

  // The first search of a process pays for first touches: new threads'
  // stacks, a malloc arena per thread, the searchers' move lists, lazily
  // built tables. A depth-1 search took 12-19 ms (21-28 ms under
  // AddressSanitizer) where the second took 0-2 ms: more than a tiny move
  // time allows. So, once, before the clock starts: a silent, bounded
  // depth-2 search of the current position through the same code (the
  // searchers are kept, glibc reuses the finished threads' stacks). It uses
  // a table of its own, so the real search starts from the table it would
  // have had; the solvers keep what they learnt, which is exact.
  void warm_up() {
    if (settings_.plain_search || playable_turns(2).empty()) return;
    warmed_up_ = true;
    TranspositionTable scratch_tt;  // 1 MiB
    SearchShared<G> shared;
    shared.tt = &scratch_tt;
    shared.config = &config_;
    // Bounded: the protocol thread waits for it, and a contrived position
    // (thousands of jump chains) must not make it long.
    shared.limits.depth = 2;
    shared.limits.nodes = 20000;
    shared.limits.movetime = 50;
    shared.time.start(shared.limits, G::side_to_move(pos_), moves_left_, 0);
    // From a thread of its own, as coordinate() runs: the real search's
    // coordinator then reuses its stack too.
    std::thread coordinator([&] { run_searchers(shared, nullptr); });
    coordinator.join();
  }

  void coordinate(const SearchCallbacks& cb) {
    SearchShared<G>& shared = *shared_;
    std::string best = "none", ponder;
    // Only none, one or several matters here: a game with multi-move turns
    // (an Arimaa position has tens of thousands) samples two, not all.
    const auto turns = multi_move_turns<G>() ? playable_turns(2) : playable_turns();
    const std::size_t n = turns.size();
    const std::string book = n > 1 ? book_move(shared.limits) : std::string();
    const auto report = [&](const IterationReport<G>& r) { report_line(r, cb); };
    // A book move or the only move is answered at once, with no search and
    // so no info line (no score was computed); every searched answer ends
    // with the info line of the score it was chosen on (report_choice).
    if (!book.empty()) {
      best = book;  // a book position: answer at once
    } else if (n == 1 && !shared.unbounded.load()) {
      // Nothing to think about: answer at once.
      best = turn_to_string<G>(pos_, turns[0]);
    } else if (n > 0 && settings_.plain_search) {
      // The baseline algorithm: one thread, no table, no solvers, watched
      // by the same watchdog as the engine's search.
      PlainSearcher<G> plain(shared, settings_.plain_fast);
      plain.set_history(history_);
      std::atomic<int> running{1};
      std::thread worker([&] {
        plain.run(pos_, report);
        running.store(0);
      });
      watch(shared, running, report);
      worker.join();
      const std::vector<Move> turn = first_turn(plain.best_line());
      if (!turn.empty()) best = turn_to_string<G>(pos_, turn);
      report_choice(shared, plain.best_line(), cb);
    } else if (n > 0) {
      const auto& searchers = run_searchers(shared, report);
      std::vector<Move> line = searchers[0]->best_line();
      if (settings_.level <= kRandomLevels) line = level_choice(*searchers[0], line);
      const std::vector<Move> turn = first_turn(line);
      if (!turn.empty()) best = turn_to_string<G>(pos_, turn);
      report_choice(shared, line, cb);
      bool complete = true;
      const auto turns = split_turns<G>(pos_, line, complete);
      if (turns.size() >= 2 && (complete || turns.size() > 2))
        ponder = turn_to_string<G>(play_all<G>(pos_, turns[0]), turns[1]);
    }
    {
      std::lock_guard lock(shared_mutex_);
      shared_.reset();
    }
    searching_.store(false);
    if (cb.on_bestmove) cb.on_bestmove(best, ponder);
  }

  typename G::Config config_{};
  EngineSettings settings_{};
  bool sized_ = false;
  bool warmed_up_ = false;  // see warm_up()
  Position pos_{};
  std::string base_fen_;  // the game's first position: moves_ are played from it
  std::vector<std::string> moves_;
  std::vector<std::uint64_t> history_;  // repetition keys of the game, per the rules
  int moves_left_ = 30;
  TranspositionTable tt_;
  std::unique_ptr<BusyTable> busy_;  // with several threads (SearchShared::busy)
  std::vector<std::unique_ptr<std::conditional_t<HasSolver<G>, Solver, int>>> solvers_;
  std::unique_ptr<SearchShared<G>> shared_;
  std::vector<std::unique_ptr<Searcher<G>>> searchers_;  // see run_searchers()
  std::mutex shared_mutex_;
  std::atomic<bool> searching_{false};
  std::mt19937_64 rng_{std::random_device{}()};
  OpeningBook book_;
  std::string book_source_;  // the file book_ was loaded from ("" = not yet)
  std::thread coordinator_;
};

}  // namespace ludus
