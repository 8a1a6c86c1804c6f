#include "engine/book.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/options.h"
#include "engine/text.h"

namespace ludus {

void OpeningBook::load_text(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const auto words_all = split_words(line);
    if (words_all.empty() || words_all[0].front() == '#') continue;
    const std::size_t bar = line.find('|');
    if (bar == std::string_view::npos) {
      ++bad_lines_;
      continue;
    }
    const auto fen_words = split_words(line.substr(0, bar));
    const auto moves = split_words(line.substr(bar + 1));
    std::vector<Entry> entries;
    bool ok = !fen_words.empty() && !moves.empty() && moves.size() % 2 == 0;
    for (std::size_t i = 0; ok && i + 1 < moves.size(); i += 2) {
      std::int64_t score = 0;
      ok = parse_int(moves[i + 1], score) && score > -kInfinity && score < kInfinity;
      entries.push_back({std::string(moves[i]), static_cast<Score>(score)});
    }
    if (!ok) {
      ++bad_lines_;
      continue;
    }
    positions_[join_words(fen_words, 0, fen_words.size())] = std::move(entries);
  }
}

bool OpeningBook::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  load_text(ss.str());
  return true;
}

const std::vector<OpeningBook::Entry>* OpeningBook::find(const std::string& fen) const {
  const auto words = split_words(fen);
  const auto it = positions_.find(join_words(words, 0, words.size()));
  return it == positions_.end() ? nullptr : &it->second;
}

std::string OpeningBook::choose(const std::string& fen, std::mt19937_64& rng) const {
  const auto* entries = find(fen);
  if (!entries || entries->empty()) return {};
  Score best = entries->front().score;
  for (const auto& e : *entries) best = std::max(best, e.score);
  std::vector<const Entry*> top;
  for (const auto& e : *entries)
    if (e.score == best) top.push_back(&e);
  std::uniform_int_distribution<std::size_t> pick(0, top.size() - 1);
  return top[pick(rng)]->move;
}

std::string book_path(std::string_view game) {
  std::string dir;
  if (const char* env = std::getenv("LUDUS_BOOK_DIR"); env && *env) dir = env;
  else dir = std::string(LUDUS_SOURCE_DIR) + "/book";
  return dir + "/" + std::string(game) + ".book";
}

}  // namespace ludus
