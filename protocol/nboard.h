// NBoard protocol, version 2 (PROTOCOL.md section 4): the protocol of the
// NBoard Othello GUI. The GUI owns the game; the engine follows `set game` /
// `move`, answers `go` with `=== <move>/<eval>/<time>` without playing it,
// analyses with `hint n`, and must stop thinking before answering `ping n`.
// Unknown lines are ignored (as the protocol asks), and logged.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/session.h"
#include "protocol/blocking_search.h"
#include "protocol/output.h"

namespace ludus {

// A game record in GGF as NBoard sends it, reduced to what the engine needs.
struct GgfGame {
  std::string fen;                    // the start position in Ludus's Othello FEN
  std::vector<std::string> moves;     // UGI tokens (`f5`, `pass`)
  double time_per_player_s = -1;      // TI[...] in seconds; -1 when absent
  double used_s[2] = {0, 0};          // time spent by black (0) and white (1)
};

// Parses `(;GM[Othello]...BO[8 <64 cells> <side>]B[F5/e/t]W[PA]...;)`.
Status parse_ggf(std::string_view text, GgfGame& out);
// `F5` -> `f5`, `PA` -> `pass`; empty when not a square or pass.
std::string nboard_move_to_ugi(std::string_view move);
// `f5` -> `F5`, `pass` -> `PA`.
std::string ugi_move_to_nboard(std::string_view move);

class NBoardProtocol {
 public:
  NBoardProtocol(Output& out, const EngineSettings& settings);
  ~NBoardProtocol();

  // Handles one line; false after `quit`.
  bool handle(std::string_view line);
  void finish();

 private:
  void cmd_set(const std::vector<std::string_view>& t, std::string_view line);
  void cmd_move(std::string_view move);
  void cmd_go();
  void cmd_hint(int n);
  void cmd_analyze();
  void stop_job();

  // One synchronous search of the session's position; returns the best
  // move and its info. Interrupted by stop_job().
  using Result = SearchResult;
  Result search(const SearchLimits& limits, const std::function<void(const SearchInfo&)>& on_info);
  SearchLimits midgame_limits() const;
  int empties() const;
  std::string depth_token(const SearchInfo& info) const;

  Output& out_;
  std::unique_ptr<Session> session_;
  GgfGame game_;
  int depth_ = 12;
  int contempt_ = 0;
  std::thread job_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace ludus
