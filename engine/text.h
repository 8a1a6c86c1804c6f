// Small text helpers for line-based protocols. Token views point into the
// original line, so a command can also take "the rest of the line" verbatim.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ludus {

// Splits on ASCII whitespace; the views point into `line`.
std::vector<std::string_view> split_words(std::string_view line);
// Tokens [from, to) joined by single spaces.
std::string join_words(const std::vector<std::string_view>& t, std::size_t from, std::size_t to);
// The text of `line` from the start of `token` (a view into line) to the end,
// without trailing whitespace.
std::string_view rest_after(std::string_view line, std::string_view token);
// The text of `line` from the start of `first` to the end of `last`.
std::string_view between(std::string_view line, std::string_view first, std::string_view last);

}  // namespace ludus
