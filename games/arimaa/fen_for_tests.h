// The Arimaa tests' positions: a FEN read inside a doctest case, which
// fails, naming the FEN and the parser's error, when it does not read.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "games/arimaa/board.h"
#include "games/arimaa/notation.h"

namespace ludus::arimaa {

inline Position fen_or_fail(const std::string& text) {
  Position p;
  const auto st = parse_fen(text, p);
  REQUIRE_MESSAGE(st, text << ": " << st.error);
  return p;
}

}  // namespace ludus::arimaa
