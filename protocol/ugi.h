// UGI: the engine's native protocol (PROTOCOL.md section 1), UCI generalised
// to any two-player game. One instance serves one stdin/stdout conversation.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "protocol/output.h"

namespace ludus {

class UgiProtocol {
 public:
  UgiProtocol(Output& out, std::string_view game, const EngineSettings& settings);
  ~UgiProtocol();

  // Handles one input line. Returns false after `quit`.
  bool handle(std::string_view line);
  // End of input: behave as `quit`.
  void finish();

  Session& session() { return *session_; }

 private:
  using Tokens = std::vector<std::string_view>;

  void cmd_ugi();
  void cmd_setoption(const Tokens& t, std::string_view line);
  void cmd_newgame(const Tokens& t);
  void cmd_position(const Tokens& t, std::string_view line);
  void cmd_go(const Tokens& t);
  void cmd_query(const Tokens& t);
  void query_parts(const Tokens& t);
  void cmd_perft(const Tokens& t);
  void cmd_bench(const Tokens& t);
  void cmd_help();

  Status select_game(std::string_view name);
  void print_info(const SearchInfo& info);
  void error(std::string_view what);
  void info_string(std::string_view text);

  Output& out_;
  EngineSettings settings_;
  bool ponder_ = false;
  std::unique_ptr<Session> session_;
};

// Formats a score as UGI does: `cp <x>` or `mate <n>` (moves, not plies).
std::string ugi_score(Score s);

}  // namespace ludus
