#include "games/camelot/camelot.h"

#include <algorithm>
#include <array>
#include <vector>
#include <cmath>

#include "engine/game_concept.h"
#include "games/camelot/eval.h"
#include "games/camelot/eval_seed.h"
#include "games/camelot/notation.h"

namespace ludus {

static_assert(GameTraits<Camelot>);

std::vector<OptionSpec> Camelot::options() {
  OptionSpec ev;
  ev.name = "Evaluator";
  ev.type = OptionType::Combo;
  ev.default_value = "ludus";
  ev.values = {"ludus", "seed"};
  OptionSpec oc;
  oc.name = "OwnCastleJump";
  oc.type = OptionType::Combo;
  oc.default_value = "end";
  oc.values = {"end", "continue"};
  return {ev, oc};
}

Status Camelot::set_option(Config& cfg, std::string_view name, std::string_view value) {
  if (iequals(name, "Evaluator")) {
    if (iequals(value, "ludus")) cfg.evaluator = Config::Ludus;
    else if (iequals(value, "seed")) cfg.evaluator = Config::Seed;
    else return Status::fail("option Evaluator has no value '" + std::string(value) + "' (ludus or seed)");
    return Status::ok();
  }
  if (iequals(name, "OwnCastleJump")) {
    if (iequals(value, "end")) cfg.own_castle_continue = false;
    else if (iequals(value, "continue")) cfg.own_castle_continue = true;
    else return Status::fail("option OwnCastleJump has no value '" + std::string(value) + "' (end or continue)");
    return Status::ok();
  }
  return Status::fail("camelot has no option '" + std::string(name) + "'");
}

Score Camelot::terminal_score(const Position& p, int ply) {
  const Outcome o = camelot::outcome(p);
  if (o == Outcome::P1Win || o == Outcome::P2Win) {
    const bool mover_won = (o == Outcome::P1Win) == (p.side == 0);
    return mover_won ? mate_in(ply) : mated_in(ply);
  }
  return 0;
}

Score Camelot::evaluate(const Position& p, const Config& cfg) {
  return cfg.evaluator == Config::Seed ? camelot::evaluate_seed(p) : camelot::evaluate(p);
}

std::string Camelot::move_to_string(Move m) {
  if (m.from == camelot::kNone) return "none";
  const std::string a = camelot::square_name(m.from), b = camelot::square_name(m.to);
  return m.captures ? a + "*" + b + "/" + std::to_string(m.captures) : a + "-" + b;
}

Status Camelot::parse_move(const Position& p, std::string_view text, Move& out) {
  return camelot::parse_move(p, text, out);
}

std::string Camelot::to_fen(const Position& p) { return camelot::to_fen(p); }

Status Camelot::parse_fen(std::string_view text, Position& out, const Config& cfg) {
  return camelot::parse_fen(text, out, cfg.own_castle_continue);
}

std::vector<std::string> Camelot::board_lines(const Position& p) { return camelot::board_lines(p); }

std::vector<std::string> Camelot::eval_lines(const Position& p, const Config& cfg) {
  return cfg.evaluator == Config::Seed ? camelot::eval_seed_lines(p) : camelot::eval_lines(p);
}

std::string Camelot::turn_to_string(const Position& p, const std::vector<Move>& moves) {
  return moves.empty() ? std::string("none") : camelot::move_token(p, moves.front());
}

void Camelot::legal_turns(const Position& p, std::vector<std::vector<Move>>& out) {
  out.clear();
  camelot::MoveList moves;
  const int n = camelot::legal_moves(p, moves);
  std::vector<std::pair<std::string, Move>> tagged;
  tagged.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) tagged.emplace_back(camelot::move_token(p, moves[i]), moves[i]);
  std::sort(tagged.begin(), tagged.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& t : tagged) out.push_back({t.second});
}

std::uint16_t Camelot::pack(Move m) {
  const auto& geo = camelot::geometry();
  const unsigned from = geo.compact[m.from], to = geo.compact[m.to];
  if (!m.captures) return static_cast<std::uint16_t>(1 + from * camelot::kSquares + to);
  std::uint32_t h = (from * 161u + to) * 0x9E3779B1u ^ (m.captures * 0x85EBCA6Bu);
  h ^= h >> 15;
  constexpr unsigned kBase = 1 + camelot::kSquares * camelot::kSquares;  // 25601
  return static_cast<std::uint16_t>(kBase + h % (65536u - kBase));
}

int Camelot::order_hint(const Position& p, Move m) {
  using namespace camelot;
  // The search adds history (up to ~2^20) to 64 x this: captures and castle
  // entries stay ahead of every quiet move, behind the hash move and killers.
  if (m.captures) return 20000 + captured_value(p, m) * 4 - (p.knights.test(m.from) ? 10 : 0);
  const int them = p.side ^ 1;
  if (in_castle(them, m.to)) return 18000;
  // Advance (in ranks) towards the enemy castle.
  const int adv = p.side == 0 ? rank_of(m.to) - rank_of(m.from) : rank_of(m.from) - rank_of(m.to);
  return adv * 8;
}

bool Camelot::null_move(const Position& p, Position& out) {
  using namespace camelot;
  const BB own = p.pieces[p.side];
  if (own.count() <= 3 || p.pieces[p.side ^ 1].count() <= 2) return false;
  if ((own & kCastle[p.side]).any() || capture_obligation(p)) return false;
  out = p;
  out.side = static_cast<std::uint8_t>(p.side ^ 1);
  out.base_key ^= zobrist().side;
  out.ply = static_cast<std::uint16_t>(p.ply + 1);
  return true;
}

bool Camelot::is_quiet(const Position& p, Move m) {
  using namespace camelot;
  if (m.captures) return false;
  const int us = p.side, them = us ^ 1;
  if (in_castle(them, m.to)) return false;
  // Does the moved piece stand where an enemy can jump it?
  const Geometry& geo = geometry();
  const BB jumpers = p.pieces[them] - kCastle[us];
  const BB empty = p.empty();
  for (int d = 0; d < 8; ++d) {
    const int a = geo.nb[m.to][d];
    if (a == kNone || !jumpers.test(a)) continue;
    const int b = geo.nb[m.to][d ^ 4];
    if (b != kNone && (b == m.from || empty.test(b))) return false;
  }
  return true;
}

int Camelot::reduction(int depth, int move_number) {
  static const auto table = [] {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m) t[d][m] = static_cast<std::uint8_t>(0.5 + std::log(d) * std::log(m) / 2.0);
    return t;
  }();
  return table[std::min(depth, 63)][std::min(move_number, 63)];
}

int Camelot::moves_left(const Position& p) {
  // Games last 60-150 plies; with fewer pieces the end is nearer.
  const int pieces = p.occupied().count();
  return std::clamp(10 + pieces, 15, 40);
}

std::vector<std::string> Camelot::bench_fens() {
  return {
      "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0",
      "2/8/10/12/2K4m4/4mmm1mk2/3k1mmmk3/3m8/12/3KM1MM4/3MM1MMMK2/3MM5K1/12/10/8/2 b 0 0 2",
  };
}

}  // namespace ludus
