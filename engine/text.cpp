#include "engine/text.h"

namespace ludus {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
}  // namespace

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string join_words(const std::vector<std::string_view>& t, std::size_t from, std::size_t to) {
  std::string s;
  for (std::size_t i = from; i < to && i < t.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += t[i];
  }
  return s;
}

std::string_view rest_after(std::string_view line, std::string_view token) {
  const std::size_t start = static_cast<std::size_t>(token.data() - line.data());
  std::string_view rest = line.substr(start);
  while (!rest.empty() && is_space(rest.back())) rest.remove_suffix(1);
  return rest;
}

std::string_view between(std::string_view line, std::string_view first, std::string_view last) {
  const std::size_t start = static_cast<std::size_t>(first.data() - line.data());
  const std::size_t end = static_cast<std::size_t>(last.data() - line.data()) + last.size();
  return line.substr(start, end - start);
}

}  // namespace ludus
