#include "games/arimaa/setups.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "games/arimaa/board.h"

namespace ludus::arimaa {

namespace {

// Keep in step with book/arimaa/setups.txt (a unit test compares them).
constexpr std::string_view kBuiltin[] = {
    "Ra1,Rb1,Rd1,Re1,Rg1,Rh1,Ra2,Rh2,Cc2,Cf2,Dc1,Df1,Hb2,Hg2,Ed2,Me2",
    "Ra1,Rb1,Rd1,Re1,Rg1,Rh1,Ra2,Rh2,Dc2,Df2,Cc1,Cf1,Hb2,Hg2,Ed2,Me2",
    "Ra1,Rb1,Rd1,Re1,Rg1,Rh1,Ra2,Rh2,Cc2,Df2,Dc1,Cf1,Hb2,Hg2,Ed2,Me2",
    "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Ed2,Me2",
    "Ra1,Rb1,Rd1,Re1,Rg1,Rh1,Ra2,Rh2,Cc2,Cf2,Dc1,Df1,Hb2,Hg2,Md2,Ee2",
    "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2,Ee2",
    "Ra1,Rb1,Rd1,Re1,Rg1,Rh1,Ra2,Rh2,Dc2,Cf2,Cc1,Df1,Hb2,Hg2,Md2,Ee2",
    "Ra1,Rb1,Rc1,Rf1,Rg1,Rh1,Ra2,Rh2,Cc2,Cf2,Dd1,De1,Hb2,Hg2,Ed2,Me2",
};

constexpr std::string_view kLetters = "RCDHME";
constexpr int kFullSet[kNumTypes] = {8, 2, 2, 2, 1, 1};

bool parse_line(std::string_view line, Setup& s, std::string& error) {
  int count[kNumTypes] = {};
  Bitboard used = 0;
  std::size_t n = 0;
  std::size_t start = 0;
  while (start <= line.size()) {
    std::size_t comma = line.find(',', start);
    if (comma == std::string_view::npos) comma = line.size();
    const std::string_view item = line.substr(start, comma - start);
    start = comma + 1;
    const std::size_t t = item.size() == 3 ? kLetters.find(item[0]) : std::string_view::npos;
    if (t == std::string_view::npos || item[1] < 'a' || item[1] > 'h' || item[2] < '1' || item[2] > '2') {
      error = "bad placement '" + std::string(item) + "'";
      return false;
    }
    const int sq = 8 * (item[2] - '1') + (item[1] - 'a');
    if (n >= 16 || (used & bit(sq)) || ++count[t] > kFullSet[t]) {
      error = "not one full set of Gold's 16 pieces on distinct squares";
      return false;
    }
    used |= bit(sq);
    s.pieces[n++] = {static_cast<int>(t), sq};
    if (comma == line.size()) break;
  }
  if (n != 16) {
    error = "a setup needs 16 placements";
    return false;
  }
  return true;
}

// Adds `s` and its left-right mirror image, skipping arrangements already listed.
void add_with_mirror(std::vector<Setup>& out, const Setup& s) {
  auto board_of = [](const Setup& x) {
    std::array<int, 16> b{};  // piece type + 1 per square of ranks 1-2
    for (const auto& p : x.pieces) b[static_cast<std::size_t>(p.sq)] = p.type + 1;
    return b;
  };
  Setup m = s;
  for (auto& p : m.pieces) p.sq ^= 7;
  for (const Setup* cand : std::array<const Setup*, 2>{&s, &m}) {
    const auto b = board_of(*cand);
    if (std::none_of(out.begin(), out.end(), [&](const Setup& o) { return board_of(o) == b; }) && out.size() < 64)
      out.push_back(*cand);
  }
}

}  // namespace

bool parse_setup_book(std::string_view text, std::vector<Setup>& out, std::string& error) {
  std::vector<Setup> result;
  std::istringstream in{std::string(text)};
  std::string raw;
  int line_no = 0;
  while (std::getline(in, raw)) {
    ++line_no;
    std::string line = raw.substr(0, raw.find('#'));
    line.erase(std::remove_if(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); }), line.end());
    if (line.empty()) continue;
    Setup s{};
    if (!parse_line(line, s, error)) {
      error = "line " + std::to_string(line_no) + ": " + error;
      return false;
    }
    result.push_back(s);
  }
  if (result.empty()) {
    error = "no setups";
    return false;
  }
  out = std::move(result);
  return true;
}

std::vector<Setup> builtin_setups() {
  std::vector<Setup> out;
  for (std::string_view line : kBuiltin) {
    Setup s{};
    std::string error;
    if (parse_line(line, s, error)) out.push_back(s);
  }
  return out;
}

std::vector<int> setup_choices(Bitboard gold_elephant, bool informed) {
  const std::vector<Setup>& book = book_setups();
  std::vector<int> all(book.size()), chosen;
  for (std::size_t i = 0; i < book.size(); ++i) all[i] = static_cast<int>(i);
  if (!informed) return all;
  // Which piece goes to which half (files a-d or e-h): Gold's own setup
  // keeps its elephant east; Silver's reply puts its camel on the other
  // half from Gold's elephant.
  const int type = gold_elephant ? kCamel : kElephant;
  const bool want_west = gold_elephant && file_of(lsb(gold_elephant)) >= 4;
  for (std::size_t i = 0; i < book.size(); ++i)
    for (const Placement& pl : book[i].pieces)
      if (pl.type == type && (file_of(pl.sq) < 4) == want_west) chosen.push_back(static_cast<int>(i));
  return chosen.empty() ? all : chosen;
}

const std::vector<Setup>& book_setups() {
  static const std::vector<Setup> setups = [] {
    std::vector<Setup> raw;
    std::ifstream f(std::string(LUDUS_SOURCE_DIR) + "/book/arimaa/setups.txt");
    std::string error;
    if (f) {
      std::stringstream ss;
      ss << f.rdbuf();
      if (!parse_setup_book(ss.str(), raw, error)) raw.clear();
    }
    if (raw.empty()) raw = builtin_setups();
    std::vector<Setup> out;
    for (const auto& s : raw) add_with_mirror(out, s);
    return out;
  }();
  return setups;
}

}  // namespace ludus::arimaa
