// AEI, the Arimaa Engine Interface (PROTOCOL.md section 2), as spoken by the
// AEI referee scripts (roundrobin, gameroom, analyze) and the arimaa.com
// gameroom client. One instance serves one stdin/stdout conversation with
// an Arimaa session. Text work only: AEI boards become FENs, space-separated
// steps become comma-separated UGI tokens and back; the rules live in the
// game module and the time management in engine/timeman.cpp.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "protocol/output.h"

namespace ludus {

// `[<64 chars>]` (a8..h8, a7..h7, ..., a1..h1; space = empty) -> the FEN
// board field; empty string if malformed (`error` says why).
std::string aei_board_to_fen(std::string_view bracketed, std::string& error);
// `Ee2n Ee3n` <-> `Ee2n,Ee3n`.
std::string aei_move_to_ugi(std::string_view steps);
std::string ugi_move_to_aei(std::string_view token);
// The `info pv` text: turns in AEI form, every turn after the first
// prefixed by the colour to move (`b` silver, `w` gold), as in the AEI spec.
std::string aei_pv(const std::vector<std::string>& turns, bool gold_first);

class AeiProtocol {
 public:
  AeiProtocol(Output& out, const EngineSettings& settings);
  ~AeiProtocol();

  // Handles one line. Returns false after `quit`, or after an unrecognised
  // message (the AEI spec: log an error and exit); `exit_code()` tells which.
  bool handle(std::string_view line);
  // End of input: behave as `quit`.
  void finish();
  int exit_code() const { return exit_code_; }

 private:
  using Tokens = std::vector<std::string_view>;
  using Clock = std::chrono::steady_clock;

  void cmd_aei();
  void cmd_newgame();
  void cmd_setposition(std::string_view line, const Tokens& t);
  void cmd_setoption(std::string_view line, const Tokens& t);
  void cmd_makemove(std::string_view line);
  void cmd_go(const Tokens& t);
  // Stops a running search; its bestmove is not sent (the controller has
  // moved on: makemove, newgame, setposition, quit).
  void cancel_search();
  SearchLimits limits(bool ponder) const;
  void print_info(const SearchInfo& info, bool gold_first);
  void log(std::string_view kind, std::string_view text);

  Output& out_;
  EngineSettings settings_;
  std::unique_ptr<Session> session_;

  // The time control, in ms (AEI sends seconds).
  struct TimeControl {
    std::int64_t move = 0, reserve = 0, max = 0, total = 0, turn_time = 0;
    int percent = 100, turns = 0;
  } tc_;
  std::int64_t reserve_[2] = {0, 0};  // current reserves (sent by the controller, else our own estimate)
  std::int64_t move_used_ = 0;        // `moveused` for the next go
  int depth_ = 0;                     // the `depth` option, in steps
  Clock::time_point game_start_ = Clock::now();

  std::atomic<bool> suppress_bestmove_{false};
  std::mutex search_mutex_;       // guards the fields below, read by the search thread
  Clock::time_point go_start_{};  // when the running search started
  int go_side_ = 0;               // 0 gold, 1 silver: who is thinking
  bool go_setup_ = false;         // a setup move (reserves do not change)
  bool go_ponder_ = false;
  int exit_code_ = 0;
};

}  // namespace ludus
