#!/usr/bin/env python3
"""Camelot UGI transcripts: every test fact of docs/rules/camelot.md section 10
(FENs, tokens, move lists, results, perft), queries over whole games, `go`,
and malformed moves and FENs answered by errors.

Usage: test_camelot.py <path-to-ludus> [test-name-substring ...]
"""

import os
import random
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, check, engine, parse_info, run_tests  # noqa: E402

START = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0"
AFTER_F6F8 = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/5M6/3KMMMMK3/2KMM1MMMK2/12/12/10/8/2 b 0 0 1"
T5_MOVES = "c6-c5 c11-c12 c5-c6 c12-c11 c6-c5 c11-c12 c5-c6 c12-c11"
T6_MOVES = "f7-d5 d11-d9 f6-e5 h11-h12 c6-e8xc10xc12 e10-d9 i7-k5"
T6_FEN = "2/8/10/12/2K4m4/4mmm1mk2/3k1mmmk3/3m8/12/3KM1MM4/3MM1MMMK2/3MM5K1/12/10/8/2 b 0 0 2"
T7 = "2/8/10/12/10k1/12/1m10/12/12/7m4/4m7/4M1M5/6K5/1M8/8/2 w 0 0 0"
T8 = "2/8/10/12/10k1/12/1m10/12/12/7m4/12/5MM5/4M1K5/1M8/8/2 w 0 0 0"
T9 = "2/8/10/12/m11/12/12/12/12/6M1m3/7m4/6M1m3/6K5/1M8/8/2 w 0 0 0"
T10 = "2/3kM3/3mM5/4M7/12/12/12/12/12/12/12/12/12/10/8/2 b 0 0 0"
T11 = "2/8/10/12/10m1/12/12/1m10/1M10/1M10/12/12/12/4M5/3mm3/2 w 0 0 0"
T12 = "2/8/10/12/12/10m1/12/1m10/1M10/1M10/12/12/12/10/4m3/M1 w 0 0 1"
T13 = "2/8/10/m11/10m1/12/12/1m10/1M10/1M10/12/12/12/10/8/M1 w 0 0 0"
T14 = "2/8/10/m11/10m1/12/12/12/12/12/12/12/12/3MM5/3M4/2 w 0 0 0"
T15 = "2/8/10/12/11m/12/12/12/12/12/M11/12/12/2M1M1M3/2mmm3/M1 w 0 0 0"
T16 = "M1/8/10/4m7/12/12/m10m/12/12/12/12/12/12/1M8/8/2"
T17 = "M1/8/10/4m7/12/12/m10m/12/12/12/12/12/12/10/8/2 w 2 0 0"
T21 = "2/8/10/11k/m11/12/12/12/12/12/4m7/3m1m6/3Mm7/10/M7/2 w 0 0 0"
T22 = "2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2"  # empty board (valid)

OPTION_RE = re.compile(r"^option name (\S+) type (check|spin|combo|string|button)(.*)$")


def new(e):
    e.ok("newgame camelot")


def state(e):
    """(fen, moves, p1turn, gameover, result) in one round trip."""
    e.send_many(["query fen", "query moves", "query p1turn", "query gameover", "query result"])
    out = e.sync()
    check(len(out) == 5 and all(l == "response" or l.startswith("response ") for l in out), e,
          f"expected 5 response lines, got {out}")
    a = [l[len("response "):] for l in out]
    return a[0], a[1].split(), a[2], a[3], a[4]


def moves(e):
    return e.query("moves").split()


def perft(e, depth):
    out = e.cmd(f"perft {depth}", timeout=60)
    m = re.fullmatch(r"info string perft (\d+) nodes (\d+) time (\d+)", out[-1] if out else "")
    check(m is not None and int(m.group(1)) == depth, e, f"perft {depth}: {out[-3:]}")
    per_move = [l for l in out[:-1] if l.startswith("info string ")]
    total = sum(int(l.split()[-1]) for l in per_move)
    check(depth == 0 or total == int(m.group(2)), e, f"perft {depth}: per-move counts add to {total}, total {m.group(2)}")
    return int(m.group(2))


def error(e, line):
    """Sends a line that must be answered by exactly one error line."""
    out = e.cmd(line)
    check(len(out) == 1 and ERROR_RE.match(out[0]) is not None, e, f"{line[:100]!r}: expected one error, got {out}")
    return out[0]


def set_pos(e, fen, moves_=""):
    e.ok(f"position fen {fen}" + (f" moves {moves_}" if moves_ else ""))


# ---- handshake, options, start -------------------------------------------------

def test_handshake_options(path):
    with engine(path) as e:
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok")
        opts = {m.group(1): (m.group(2), m.group(3).strip()) for m in map(OPTION_RE.match, lines) if m}
        check("camelot" in re.findall(r"\bvar (\S+)", opts["Game"][1]), e, f"Game option: {opts['Game']}")
        new(e)
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok")
        opts = {m.group(1): (m.group(2), m.group(3).strip()) for m in map(OPTION_RE.match, lines) if m}
        check(opts.get("Evaluator") == ("combo", "default ludus var ludus var seed"), e, f"Evaluator: {opts}")
        check(opts.get("OwnCastleJump") == ("combo", "default end var end var continue"), e, f"OwnCastleJump: {opts}")
        check(e.query("game") == "camelot", e, "query game")
        for line in ("setoption name Evaluator value seed", "setoption name Evaluator value ludus",
                     "setoption name OwnCastleJump value continue", "setoption name owncastlejump value END"):
            e.ok(line)
        error(e, "setoption name OwnCastleJump value sometimes")
        error(e, "setoption name Evaluator value bou")


def test_start_T1_T2_T4(path):
    with engine(path) as e:
        new(e)
        fen, mv, p1, over, res = state(e)
        check((fen, p1, over, res) == (START, "true", "false", "none"), e, f"start state {fen} {p1} {over} {res}")
        check(len(mv) == 100, e, f"T2: 100 moves at the start, got {len(mv)}")
        check(mv == sorted(mv), e, "query moves must be in ascending ASCII order")
        plain = [m for m in mv if re.fullmatch(r"[a-l]\d+-[a-l]\d+", m) and
                 max(abs(ord(m[0]) - ord(m.split('-')[1][0])),
                     abs(int(m.split('-')[0][1:]) - int(m.split('-')[1][1:]))) == 1]
        check(len(plain) == 52 and not any("x" in m for m in mv), e, f"T2: 52 plain moves, no capture ({len(plain)})")
        for tok in ("f7-f8", "j6-h8", "g7-e5-c7-c5", "f7-h5-j7-j5", "e7-c5"):
            check(tok in mv, e, f"T4: {tok} legal")
        e.ok("position startpos moves F6-F8")
        check(e.query("fen") == AFTER_F6F8, e, "T4: F6-F8 accepted and played as f6-f8")
        e.ok("position startpos moves e7-e5-c7-c5")
        c5 = e.query("fen")
        e.ok("position startpos moves e7-c5")
        check(e.query("fen") == c5, e, "T4: e7-e5-c7-c5 is the same move as e7-c5")
        # T1: a FEN example of rules 4.4 and the missing squares.
        for tok in ("f6-f7", "f7-f9", "d7-d9", "f6-f8-f6", "e7-c5-c7-e5-e7", "e6xe8", "f7-f8-f9", "e6-c8-a8",
                    "f7f8", "a1-a2", "f7-e16", "e16-e15", "a14-a13", "b15-c15", "l3-k3"):
            error(e, "position startpos moves " + tok)
            check(e.query("fen") == c5, e, f"T4: rejected {tok} changed the position")


def test_T2_replies(path):
    with engine(path) as e:
        new(e)
        first = moves(e)
        opening = set("d7-d8 e7-d8 e7-e8 f6-d8 f7-g8 g6-i8 g7-f8 h7-h8 h7-i8 i7-i8".split())
        for m in first:
            e.ok("position startpos moves " + m)
            n = len(moves(e))
            if m in opening:
                check(101 <= n <= 105, e, f"T2: after {m} Black has 101..105 replies, got {n}")
            else:
                check(n == 100, e, f"T2: after {m} Black has 100 replies, got {n}")


def test_perft_T3(path):
    with engine(path) as e:
        new(e)
        for d, want in ((1, 100), (2, 10026), (3, 1071110)):
            check(perft(e, d) == want, e, f"T3: perft {d} from the start must be {want}")
        check(perft(e, 0) == 1, e, "perft 0 = 1")


def test_repetition_T5(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos moves " + T5_MOVES)
        fen, mv, _, over, res = state(e)
        check((over, res, mv) == ("true", "draw", []), e, f"T5: third occurrence is a draw: {over} {res} {mv}")
        check(fen == START[:-1] + "8", e, f"T5: start board with clock 8, got {fen}")
        best, _, _ = e.go("depth 2")
        check(best == ["none"], e, f"T5: go after a draw gives bestmove none, got {best}")
        error(e, "position startpos moves " + T5_MOVES + " c6-c5")
        # A rules option applies to the game as played: the repetitions stay
        # counted under either castle-jump rule (the keys are made anew).
        for rule in ("continue", "end"):
            e.ok(f"setoption name OwnCastleJump value {rule}")
            check((e.query("gameover"), e.query("result")) == ("true", "draw"), e,
                  f"T5 after OwnCastleJump={rule}: the draw by repetition was forgotten")
        short = " ".join(T5_MOVES.split()[:7])
        e.ok("position startpos moves " + short)
        _, mv, p1, over, res = state(e)
        check((over, res, p1, len(mv)) == ("false", "none", "false", 102), e,
              f"T5: after 7 moves none with 102 moves, got {over} {res} {p1} {len(mv)}")
        # The history starts at the position command's base position.
        e.ok("position fen " + START + " moves " + T5_MOVES)
        check(e.query("result") == "draw", e, "T5 from the start FEN")
        e.ok("position startpos moves c6-c5 c11-c12")
        after2 = e.query("fen")
        e.ok("position fen " + after2 + " moves c5-c6 c12-c11 c6-c5 c11-c12 c5-c6 c12-c11")
        check(e.query("result") == "none", e, "a set position counts once: only 2 occurrences of the start board")


def test_charges_T6_T6b(path):
    with engine(path) as e:
        new(e)
        counts = []
        played = []
        for m in T6_MOVES.split():
            e.ok("position startpos" + (" moves " + " ".join(played) if played else ""))
            counts.append(len(moves(e)))
            played.append(m)
        check(counts == [100, 100, 107, 109, 114, 100, 116], e, f"T6: move counts {counts}")
        e.ok("position startpos moves " + T6_MOVES)
        fen, mv, p1, _, _ = state(e)
        check(fen == T6_FEN and p1 == "false", e, f"T6: FEN {fen}")
        check(len(mv) == 111, e, f"T6: 111 moves, got {len(mv)}")
        for tok in ("d10-d8xf6xd4", "d10-d8xf6xh8", "i10-i12-g12-e10-c10-e8xc6xe4"):
            check(tok in mv, e, f"T6: {tok} missing")
        check(perft(e, 1) == 111 and perft(e, 2) == 11390 and perft(e, 3) == 1195018, e, "T6 perft")
        e.ok("position startpos moves e7-d8")
        mv = moves(e)
        check(len(mv) == 105, e, f"T6b: 105 moves, got {len(mv)}")
        caps = sorted(m for m in mv if "x" in m)
        want = sorted("c11-e9xc7xc5xe7xc7 c11-e9xc7xc5xe7xe5 c11-e9xc7xc5xe7xg5 c11-e9xc7xe5xe7xc7xc5 "
                      "c11-e9xc7xe5xe7xg5 c11-e9xc7xe7xg5".split())
        check(caps == want, e, f"T6b: captures {caps}")


def test_capture_obligation_T7_T8_T9(path):
    with engine(path) as e:
        new(e)
        set_pos(e, T7)
        check(sorted(moves(e)) == ["e5xe7", "g4-g6xi8"], e, f"T7: moves {moves(e)}")
        for tok in ("c3-c4", "g4-g6"):
            msg = error(e, f"position fen {T7} moves {tok}")
            check(tok != "c3-c4" or "compulsory" in msg, e, f"T7: {msg}")
        check(perft(e, 2) == 25 and perft(e, 3) == 708, e, "T7 perft")
        set_pos(e, T8)
        mv = moves(e)
        check(len(mv) == 43 and "g4-g6xi8" in mv and "e4-g6" in mv and "c3-c4" in mv and "g4-g6" not in mv, e,
              f"T8: {len(mv)} moves")
        msg = error(e, f"position fen {T8} moves g4-g6")
        check("Knight" in msg, e, f"T8: g4-g6 rejected for the knight rule: {msg}")
        check(perft(e, 2) == 978 and perft(e, 3) == 37235, e, "T8 perft")
        set_pos(e, T9)
        mv = moves(e)
        check(len(mv) == 31 and all(t in mv for t in ("g4-g6-g8", "g4-g6xi6xi8", "g4-g6xi6xi4")) and
              "g4-g6" not in mv, e, f"T9: {len(mv)} moves {mv}")
        error(e, f"position fen {T9} moves g4-g6")


def test_thesis_example_T10(path):
    with engine(path) as e:
        new(e)
        set_pos(e, T10)
        check(moves(e) == ["e14xe12", "e14xg14xg16", "f15-d13xf13xf15xh15", "f15xf13xd13", "f15xh15"], e,
              f"T10: {moves(e)}")
        for tok in ("f15xf13", "f15-d13xf13"):
            msg = error(e, f"position fen {T10} moves {tok}")
            check("incomplete" in msg, e, f"T10: {tok}: {msg}")
        check(perft(e, 2) == 19 and perft(e, 3) == 132, e, "T10 perft")
        set_pos(e, T10, "f15-d13xf13xf15xh15")
        _, mv, _, over, res = state(e)
        check((over, res, mv) == ("true", "p2win", []), e, f"T10: p2win after the charge, got {over} {res}")
        best, _, _ = e.go("depth 3")
        check(best == ["none"], e, f"T10: bestmove none at game over, got {best}")


def test_own_castle_T11_T12_T13_T14_T15(path):
    with engine(path) as e:
        new(e)
        set_pos(e, T11)
        check(moves(e) == ["b8xb10", "f3xf1"], e, f"T11: {moves(e)}")
        check([perft(e, d) for d in (2, 3, 4)] == [23, 63, 1140], e, "T11 perft (end)")
        error(e, f"position fen {T11} moves f3xf1xh3")
        e.ok("setoption name OwnCastleJump value continue")
        set_pos(e, T11)
        check(moves(e) == ["b8xb10", "f3xf1xh3"], e, f"T11 continue: {moves(e)}")
        check([perft(e, d) for d in (2, 3, 4)] == [17, 160, 1922], e, "T11 perft (continue)")
        error(e, f"position fen {T11} moves f3xf1")
        e.ok("setoption name OwnCastleJump value end")
        set_pos(e, T11, "f3xf1 k12-k11")
        fen, mv, _, _, _ = state(e)
        check(fen == T12 and mv == ["f1xh3"], e, f"T12: {fen} {mv}")
        for tok in ("b8xb10", "f1-f2", "f1-e2"):
            error(e, f"position fen {T12} moves {tok}")
        set_pos(e, T13)
        check(moves(e) == ["f1-e2", "f1-f2", "f1-g2"], e, f"T13: {moves(e)}")
        error(e, f"position fen {T13} moves b8xb10")
        set_pos(e, T14)
        check(len(moves(e)) == 20, e, f"T14: 20 moves, got {len(moves(e))}")
        for tok in ("f2-f1", "f2-g1", "f3-f1", "e3-g1"):
            error(e, f"position fen {T14} moves {tok}")
        set_pos(e, T15)
        mv = moves(e)
        check(len(mv) == 24 and not any(m.startswith("f1") for m in mv), e, f"T15: {mv}")


def test_enemy_castle_T16_T17_T18(path):
    with engine(path) as e:
        new(e)
        for counters, n in (("0 0 0", 8), ("1 0 0", 8), ("2 0 0", 7)):
            set_pos(e, f"{T16} w {counters}")
            mv = moves(e)
            check(len(mv) == n and (("f16-g16" in mv) == (n == 8)), e, f"T16 {counters}: {mv}")
            check(len([m for m in mv if m.startswith("c3-")]) == 7, e, f"T16: c3's 7 plain moves: {mv}")
        error(e, f"position fen {T16} w 2 0 0 moves f16-g16")
        set_pos(e, f"{T16} w 1 0 57", "f16-g16")
        check(e.query("fen").endswith(" b 2 0 0"), e, f"T16: counters after the castle move: {e.query('fen')}")
        set_pos(e, T17)
        _, mv, _, over, res = state(e)
        check((mv, over, res) == ([], "true", "p2win"), e, f"T17: {mv} {over} {res}")
        set_pos(e, "M1/4M3/10/2m9/12/12/11m/12/12/12/12/m11/12/1M8/8/2 w 0 0 0", "g15-g16")
        check(e.query("result") == "p1win", e, "T18: g15-g16 wins")
        set_pos(e, "1M/3M4/4M5/2m9/12/12/11m/12/12/12/12/m11/12/1M8/8/2 w 0 0 0", "f14-f16")
        check(e.query("result") == "p1win", e, "T18: canter f14-f16 wins")
        set_pos(e, "1M/3m4/4M5/2m9/12/12/11m/12/12/12/12/12/12/1M8/8/2 w 0 0 0")
        check(moves(e) == ["f14xf16"], e, f"T18: {moves(e)}")
        set_pos(e, "1M/3m4/4M5/2m9/12/12/11m/12/12/12/12/12/12/1M8/8/2 w 0 0 0", "f14xf16")
        check(e.query("result") == "p1win", e, "T18: f14xf16 wins")
        for side in "wb":
            set_pos(e, f"MM/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 {side} 0 0 0")
            check(e.query("result") == "p1win" and e.query("moves") == "", e, f"T18: MM castle, {side} to move")


def test_material_T19_T22(path):
    with engine(path) as e:
        new(e)
        for side in "wb":
            set_pos(e, f"2/8/10/12/7k4/12/12/12/12/12/12/4K7/12/10/8/2 {side} 0 0 0")
            check(e.query("result") == "draw", e, f"T19: 1 vs 1 is a draw ({side})")
        set_pos(e, "2/8/10/12/12/12/12/12/12/12/12/4K7/K11/10/8/2 w 0 0 0")
        check(e.query("result") == "p1win", e, "T19: 2 vs 0")
        fen = "2/8/10/12/12/12/12/12/4m7/12/4m7/4K7/12/10/8/2 w 0 0 0"
        set_pos(e, fen)
        check(moves(e) == ["e5xe7xe9"], e, f"T19: {moves(e)}")
        set_pos(e, fen, "e5xe7xe9")
        check(e.query("result") == "draw", e, "T19: 1 vs 0 is a draw")
        set_pos(e, "2/8/10/12/12/12/12/12/4m7/12/4m7/4K7/M11/10/8/2 w 0 0 0", "e5xe7xe9")
        check(e.query("result") == "p1win", e, "T19: with a4, p1win")
        set_pos(e, "2/3kM3/10/k11/12/12/12/12/12/12/12/12/12/1M8/8/2 b 0 0 0")
        check(moves(e) == ["f15xh15"], e, f"T22: {moves(e)}")
        set_pos(e, "2/3kM3/10/k11/12/12/12/12/12/12/12/12/12/1M8/8/2 b 0 0 0", "f15xh15")
        _, mv, _, over, res = state(e)
        check((over, res, len(mv)) == ("false", "none", 7), e, f"T22: 2 vs 1 goes on: {over} {res} {mv}")


def test_clock_T20(path):
    with engine(path) as e:
        new(e)
        fen = "2/8/10/12/12/12/m10m/12/12/12/12/12/12/1MM7/8/2 w 0 0 99"
        set_pos(e, fen)
        _, mv, _, over, res = state(e)
        check((len(mv), over, res) == (15, "false", "none"), e, f"T20: {len(mv)} {over} {res}")
        set_pos(e, fen, "c3-c4")
        f2, mv, _, over, res = state(e)
        check(f2.endswith(" 100") and (mv, over, res) == ([], "true", "draw"), e, f"T20: after c3-c4 {f2} {res}")
        set_pos(e, fen[:-2] + "100")
        check(e.query("result") == "draw" and e.query("moves") == "", e, "T20: clock 100 is a draw")
        # No legal move beats the clock (check 3 before check 5).
        set_pos(e, T17[:-1] + "100")
        check(e.query("result") == "p2win", e, "no legal move with clock 100: the mover loses")


def test_capture_loop_T21(path):
    with engine(path) as e:
        new(e)
        set_pos(e, T21)
        check(moves(e) == ["d4xf4xf6xd6xd4"], e, f"T21: {moves(e)}")
        set_pos(e, T21, "d4xd6xf6xf4xd4")
        after = e.query("fen")
        set_pos(e, T21, "d4xf4xf6xd6xd4")
        check(e.query("fen") == after, e, "T21: both directions are the same move")
        check(T21.split()[0].count("m") == 5 and after.split()[0].count("m") == 1 and
              after.split()[0].count("M") == 2 and "3M8" in after, e, f"T21: four captured, back on d4: {after}")
        for tok in ("d4xf4xf6xd6", "d4xf4"):
            error(e, f"position fen {T21} moves {tok}")


LATTICE = "2/8/10/1k7k2/12/3k1m1k4/12/3m1m1m4/12/3m1m1m4/12/3m1m1m4/2M8M/10/8/2 w 0 0 0"


def test_long_chain(path):
    """A Man before a lattice of 14 pieces: 8 complete chains, the longest 12 captures
    (landing on e6, g8 and e10 twice), as camelot_reference.py lists them."""
    with engine(path) as e:
        new(e)
        set_pos(e, LATTICE)
        want = ("c4xe6xc8xe10xc12 c4xe6xc8xe10xg8xi10xg12xe10xc12 c4xe6xg4xi6xg8xe10xc12 "
                "c4xe6xg4xi6xg8xe6xc8xe10xc12 c4xe6xg4xi6xg8xe6xc8xe10xg8xi10xg12xe10xc12 "
                "c4xe6xg4xi6xg8xi10xg12xe10xc12 c4xe6xg8xe10xc12 c4xe6xg8xi10xg12xe10xc12").split()
        check(moves(e) == want, e, f"long chain: {moves(e)}")
        set_pos(e, LATTICE, "c4xe6xg8xe10xc8xe6xg4xi6xg8xi10xg12xe10xc12")  # another path of the longest
        fen = e.query("fen")
        check(fen.split()[0].count("m") + fen.split()[0].count("k") == 2 and e.query("result") == "none", e,
              f"12 captured: {fen}")
        error(e, f"position fen {LATTICE} moves c4xe6xg4xi6xg8xe6xc8xe10xg8xi10xg12xe10")
        error(e, f"position fen {LATTICE} moves l4-l5")  # the capture is compulsory


# Long move lists (games/camelot/movegen.h, kMaxMoves): a position met in a
# real game's search, whose 2,183 moves overflow a list of 2,048, and the
# longest list a hill-climb over set-ups found.
LONG_LIST = "2/8/10/12/7k4/4mmmmmk2/3m1m1m1k2/5mkm1M2/5M1MKM2/3KMMMMK3/4M1M1K3/12/12/10/8/2 w 0 0 24"
LONGEST_FOUND = "2/8/7K2/9MM1/5m1k4/1M1mkmmmkmM1/1K3m1m4/1M1M1mkm1M2/K4M6/6MM4/8K3/12/12/10/8/2 w 0 0 0"


def test_long_move_lists(path):
    """Both counts agree with camelot_reference.py (test_camelot_reference.py);
    the search and perft handle the lists, and a move deep in the list is
    accepted."""
    with engine(path) as e:
        new(e)
        for fen, count, depth in ((LONG_LIST, 2183, 2), (LONGEST_FOUND, 14137, 1)):
            set_pos(e, fen)
            listed = moves(e)
            check(len(listed) == count and len(set(listed)) == count, e, f"{count} moves: {len(listed)}")
            check(perft(e, 1) == count, e, "perft 1")
            best, _, _ = e.go(f"depth {depth}", timeout=120)
            check(best and best[0] in listed, e, f"bestmove {best}")
            set_pos(e, fen, listed[-1])  # the last move in ASCII order
            check(e.query("result") in ("none", "p1win"), e, "after the last listed move")


def test_fens_T23(path):
    with engine(path) as e:
        new(e)
        rows = START.split()[0].split("/")
        bad = [
            "/".join(rows[:15]) + " w 0 0 0",
            "3/" + "/".join(rows[1:]) + " w 0 0 0",
            START.replace(" w ", " x "),
            START.replace(" w 0 0 0", " w 3 0 0"),
            START.replace(" w 0 0 0", " w 0 0 101"),
            START.replace(" w 0 0 0", " w 0 0"),
            START + " 0",
            START.replace(" w 0 0 0", " w 0 0 07"),
            START.split()[0].replace("/2", "/02", 1) + " w 0 0 0",
            START.split()[0] + "/ w 0 0 0",
            START.replace("2KMMMMMMK2", "2KMMMMMKK2"),
            START.replace("/2 w", "/1K w"),
            "MM/8/10/12/12/12/12/12/12/12/12/12/12/10/8/mm w 0 0 0",
            # more malformed forms
            "", "w", START.replace("k", "q", 1), START.replace("2kmmmmmmk2", "2kmmmmmmk3"),
            START.replace("2kmmmmmmk2", "2kmmmmmmk1"), START.replace(" w 0 0 0", " w -1 0 0"),
            START.replace(" w 0 0 0", " w 0 0 +5"), START.replace(" w ", " white "),
            "2/8/10/12/12/2mmmmmmmm2/2mmmmmmmm2/12/12/12/12/12/12/10/8/2 w 0 0 0",  # 16 black men
        ]
        e.ok("position startpos moves f7-f8")
        before = e.query("fen")
        for fen in bad:
            error(e, f"position fen {fen}")
            check(e.query("fen") == before, e, f"rejected FEN {fen!r} changed the position")
        check(e.sync() == [], e, "isready after errors")
        set_pos(e, T22 + " w 0 0 0")
        check(e.query("result") == "draw", e, "T23: the empty board is a valid draw")
        set_pos(e, START.split()[0] + " W")
        check(e.query("fen") == START, e, "T23: two fields, counters default to 0, side case-insensitive")
        for fen in ("2/8/10/12/10m1/12/12/1m10/1M10/1M10/12/12/12/4M5/3mm3/2 w 0 0 0",
                    "1M/8/10/4m7/12/12/m10m/12/12/12/12/12/12/1M8/8/2 b 2 0 0", AFTER_F6F8):
            set_pos(e, "  " + fen.replace(" ", " \t ") + " ")
            check(e.query("fen") == fen, e, f"4.4 example {fen} round trip")


def test_malformed_moves(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos moves f7-f8")
        before = e.query("fen")
        for tok in ("f7", "f7-", "-f7", "f7--f8", "f7-f8x", "f7_f8", "f7-f8-", "z1-z2", "f0-f1", "f07-f8",
                    "f17-f16", "pass", "none", "c11-c11", "c11-c13-", "c11xd10", "d11-d11", "x", "c11-e9x",
                    "c11-a13", "c11-c14", "c11-c9-c7", "e10-e9-e8", "f16-g16", "\u00e9e9-e8"):
            error(e, f"position startpos moves f7-f8 {tok}")
            check(e.query("fen") == before, e, f"rejected {tok!r} changed the position")
        check(e.sync() == [], e, "still serving")


def test_go_and_search(path):
    with engine(path) as e:
        new(e)
        e.ok("setoption name OwnBook value false")
        for ev in ("ludus", "seed"):
            e.ok(f"setoption name Evaluator value {ev}")
            e.ok("position startpos")
            legal = moves(e)
            best, infos, _ = e.go("depth 3")
            check(best and best[0] in legal, e, f"{ev}: bestmove {best} is legal")
            parsed = [parse_info(l) for l in infos if l.startswith("info depth")]
            check(parsed and all(p is not None for p in parsed), e, f"{ev}: info lines {infos[-2:]}")
            check(all(p["pv"] and p["pv"][0] in legal for p in parsed), e, f"{ev}: pv starts legal")
            out = e.cmd("eval")
            check(out and all(l.startswith("info string ") for l in out), e, f"eval {out}")
        e.ok("setoption name Evaluator value ludus")
        # A capture is forced: one legal move, answered at once.
        set_pos(e, T12)
        best, _, _ = e.go("movetime 5000")
        check(best == ["f1xh3"], e, f"single legal move: {best}")
        # An immediate castle win is found and reported as a mate.
        set_pos(e, "M1/4M3/10/2m9/12/12/11m/12/12/12/12/m11/12/1M8/8/2 w 0 0 0")
        best, infos, _ = e.go("depth 4")
        last = parse_info([l for l in infos if l.startswith("info depth")][-1])
        check(best == ["g15-g16"] and last["score_kind"] == "mate" and last["score"] == 1, e,
              f"castle win in 1: {best} {infos[-1:]}")
        # The mover with two pieces takes the last enemy piece (p2 wins by material).
        set_pos(e, T10)
        best, _, _ = e.go("depth 3")
        check(best == ["f15-d13xf13xf15xh15"], e, f"T10: the winning charge, got {best}")
        # go forms.
        e.ok("position startpos")
        legal = moves(e)
        for g in ("movetime 100", "nodes 2000", "p1time 1000 p2time 1000", "wtime 500 btime 500 winc 10 binc 10"):
            best, _, _ = e.go(g)
            check(best and best[0] in legal, e, f"go {g}: {best}")
        e.send("go infinite")
        e.collect(200)
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"))
        check(lines[-1].split()[1] in legal, e, f"go infinite + stop: {lines[-1]}")


def walk(e, rng, start_cmd, label, max_plies=400):
    """Plays a whole game by random legal moves, checking every query."""
    played = []
    prev = None
    while True:
        e.ok(start_cmd + (" moves " + " ".join(played) if played else ""))
        fen, mv, p1, over, res = state(e)
        where = f"{label}, ply {len(played)}"
        check((p1 == "true") == (fen.split()[1] == "w"), e, f"{where}: p1turn vs FEN {fen}")
        if prev is not None:
            e.ok(f"position fen {prev} moves {played[-1]}")
            check(e.query("fen") == fen, e, f"{where}: replay from the previous FEN differs")
        if not mv:
            check(over == "true" and res in ("p1win", "p2win", "draw"), e, f"{where}: no moves, {over} {res}")
            return res, played
        check(over == "false" and res == "none", e, f"{where}: moves but {over} {res}")
        if len(played) >= max_plies:
            return "unfinished", played
        prev = fen
        played.append(rng.choice(mv))


def test_queries_over_whole_games(path):
    rng = random.Random(4)
    with engine(path) as e:
        new(e)
        results = []
        for g in range(3):
            res, played = walk(e, rng, "position startpos", f"random game {g}")
            results.append(res)
        check(all(r in ("p1win", "p2win", "draw") for r in results), e, f"random games end: {results}")
        # An engine game at depth 2 to the end (or 200 plies).
        played = []
        for _ in range(200):
            e.ok("position startpos" + (" moves " + " ".join(played) if played else ""))
            _, mv, _, over, _ = state(e)
            if over == "true":
                break
            best, _, _ = e.go("depth 2")
            check(best and best[0] in mv, e, f"engine game ply {len(played)}: {best} not in moves")
            played.append(best[0])


def test_bench_and_d(path):
    with engine(path) as e:
        new(e)
        out = e.cmd("d")
        check(any("#" in l for l in out) and out[-1] == "info string fen " + START, e, f"d: {out[-2:]}")
        out = e.cmd("bench 3", timeout=60)
        check(out and re.fullmatch(r"info string bench nodes \d+ time \d+ nps \d+", out[-1]) is not None, e,
              f"bench: {out[-1:]}")
        check(e.query("fen") == START, e, "bench restores the position")


if __name__ == "__main__":
    run_tests(globals())
