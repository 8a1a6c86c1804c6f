#include "app/serve/browser_lines.h"

#include "engine/options.h"
#include "engine/text.h"

namespace ludus {

std::vector<std::string> message_lines(std::string_view message) {
  std::vector<std::string> lines;
  std::string line;
  for (const char c : message) {
    if (c == '\n') {
      lines.push_back(std::move(line));
      line.clear();
    } else if (c != '\r') {
      line += c;
    }
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

std::string refused_line(std::string_view line) {
  const auto words = split_words(line);
  if (words.empty()) return {};
  const std::string cmd = to_lower(words[0]);
  if (cmd == "perft" || cmd == "bench") return "'" + cmd + "' is not served to a browser";
  if (cmd == "setoption" && words.size() >= 3) {
    const std::string name = to_lower(words[2]);
    if (name == "hash" || name == "threads")
      return "the server sets " + std::string(words[2]) + " (ludus serve --hash, --threads)";
  }
  return {};
}

}  // namespace ludus
