#!/usr/bin/env python3
"""Linja UGI transcripts: the test facts of docs/rules/linja.md section 10
(FENs, tokens, move lists, results, perft), the options, queries over whole
games, `go` forms, and malformed moves and FENs answered by errors.

Usage: test_linja.py <path-to-ludus> [test-name-substring ...]
"""

import os
import random
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, check, engine, parse_info, run_tests  # noqa: E402

START = "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r"
START_B = "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 b"
AFTER_1 = "r4b0/r2b1/r2b1/r1b1/r1b1/r1b1/r1b1/r0b6 b"
AFTER_2 = "r4b0/r2b1/r2b1/r1b1/r1b1/r1b2/r1b2/r0b4 r"
FULL_ROW = "r2b2/r2b1/r1b2/r3b3/r0b1/r1b1/r0b0/r3b2 r"
EXTRA = "r3b0/r2b1/r0b2/r0b0/r1b0/r0b1/r0b2/r6b6 r"
EMPTY_GOAL = "r3b3/r2b3/r2b2/r2b2/r1b1/r1b1/r1b0/r0b0 r"
REFUSED = "r0b9/r3b1/r0b0/r0b0/r0b0/r0b2/r1b0/r8b0 b"
SEPARATE = "r0b11/r0b0/r0b0/r1b1/r2b0/r0b0/r0b0/r9b0 r"
DEADLOCK_B = "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 b"
DEADLOCK_R = "r0b6/r6b0/r0b6/r0b0/r0b0/r0b0/r0b0/r6b0 r"
START_TURNS = ("1-2,1-3 1-2,2-4 1-2,3-5 1-2,4-6 1-2,5-7 1-2,6-8 1-2,7-8 "
               "2-3,1-3 2-3,3-5 2-3,4-6 2-3,5-7 2-3,6-8 2-3,7-8 "
               "3-4,1-3 3-4,2-4 3-4,4-6 3-4,5-7 3-4,6-8 3-4,7-8 "
               "4-5,1-3 4-5,2-4 4-5,3-5 4-5,5-7 4-5,6-8 4-5,7-8 "
               "5-6,1-3 5-6,2-4 5-6,3-5 5-6,4-6 5-6,6-8 5-6,7-8 "
               "6-7,1-3 6-7,2-4 6-7,3-5 6-7,4-6 6-7,5-7 6-7,7-8 "
               "7-8,1-2 7-8,2-3 7-8,3-4 7-8,4-5 7-8,5-6 7-8,6-7").split()
GAME16 = ("6-7,5-7 8-7,5-1 4-5 8-7,7-2 1-2,1-4 8-7,8-3 1-2,4-8 4-3,7-4,8-7,6-1 1-2,3-8 "
          "4-3,7-4,4-3,8-4 7-8,7-8 2-1,2-1 5-6 3-2,7-3 7-8,1-2 2-1,7-6 6-7 4-3,6-1 7-8,1-2")
GAME17 = ("1-2,5-7 8-7,6-3 6-7,1-5 8-7,7-2 1-2,4-8 8-7,8-3 1-2,3-8 2-1,7-6,8-7,6-1 5-6 "
          "4-3,7-4,3-2,5-1 7-8,7-8 4-3,7-4,2-1,2-1 1-2,6-8 7-6 7-8,1-2 4-3,8-4,4-3,6-1")

OPTION_RE = re.compile(r"^option name (\S+) type (check|spin|combo|string|button)(.*)$")
POINTS = [0, 0, 0, 0, 1, 2, 3, 5]  # red piece by row 1..8; black mirrored


def scores(fen):
    """(red, black) points of a FEN's board (rules 6.3)."""
    rows = fen.split()[0].split("/")
    red = black = 0
    for i, row in enumerate(rows):
        m = re.fullmatch(r"r(\d+)b(\d+)", row)
        red += POINTS[i] * int(m.group(1))
        black += POINTS[7 - i] * int(m.group(2))
    return red, black


def new(e, overshoot="clamp", first="red"):
    e.ok("setoption name Game value linja")
    e.ok(f"setoption name LinjaOvershoot value {overshoot}")
    e.ok(f"setoption name LinjaFirst value {first}")
    e.ok("setoption name OwnBook value false")
    e.ok("uginewgame")


def state(e):
    """(fen, moves, p1turn, gameover, result) in one round trip."""
    e.send_many(["query fen", "query moves", "query p1turn", "query gameover", "query result"])
    out = e.sync()
    check(len(out) == 5 and all(l == "response" or l.startswith("response ") for l in out), e,
          f"expected 5 response lines, got {out}")
    a = [l[len("response "):] if l != "response" else "" for l in out]
    return a[0], a[1].split(), a[2], a[3], a[4]


def moves(e):
    return e.query("moves").split()


def set_pos(e, fen, moves_=""):
    e.ok(f"position fen {fen}" + (f" moves {moves_}" if moves_ else ""))


def error(e, line):
    """Sends a line that must be answered by exactly one error line."""
    out = e.cmd(line)
    check(len(out) == 1 and ERROR_RE.match(out[0]) is not None, e, f"{line[:100]!r}: expected one error, got {out}")
    return out[0]


def perft(e, depth, timeout=60):
    out = e.cmd(f"perft {depth}", timeout=timeout)
    m = re.fullmatch(r"info string perft (\d+) nodes (\d+) time (\d+)", out[-1] if out else "")
    check(m is not None and int(m.group(1)) == depth, e, f"perft {depth}: {out[-3:]}")
    per_move = [l for l in out[:-1] if l.startswith("info string ")]
    total = sum(int(l.split()[-1]) for l in per_move)
    check(total == int(m.group(2)), e, f"perft {depth}: per-move counts add to {total}, total {m.group(2)}")
    return int(m.group(2))


def legal_from(e, fen, token):
    """True if `position fen <fen> moves <token>` is accepted."""
    out = e.cmd(f"position fen {fen} moves {token}")
    check(all(ERROR_RE.match(l) for l in out) and len(out) <= 1, e, f"{token}: {out}")
    return not out


# ---- handshake, options, start -------------------------------------------------

def test_handshake_options(path):
    with engine(path) as e:
        e.ok("setoption name Game value linja")
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
        opts = {}
        for l in lines:
            m = OPTION_RE.match(l)
            if m:
                opts[m.group(1)] = (m.group(2), m.group(3).strip())
        check(opts.get("Game", ("", ""))[1].startswith("default linja"), e, f"Game: {opts.get('Game')}")
        check(opts.get("Evaluator") == ("combo", "default ludus var ludus var seed"), e, f"{opts.get('Evaluator')}")
        check(opts.get("LinjaOvershoot") == ("combo", "default clamp var clamp var forbid"), e,
              f"{opts.get('LinjaOvershoot')}")
        check(opts.get("LinjaFirst") == ("combo", "default red var red var black"), e, f"{opts.get('LinjaFirst')}")
        check(e.query("game") == "linja", e, "query game")
        for bad in ("setoption name LinjaOvershoot value wrap", "setoption name LinjaFirst value white",
                    "setoption name Evaluator value tania", "setoption name LinjaFirst"):
            error(e, bad)
        e.ok("setoption name linjafirst value BLACK")
        e.ok("setoption name LINJAOVERSHOOT value Forbid")
        e.ok("newgame linja")  # the same game kind: the session and its options stay
        check(e.query("fen") == START_B, e, "LinjaFirst=black applies at newgame")


def test_start_position(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos")
        fen, mv, p1, over, res = state(e)
        check(fen == START, e, f"start FEN {fen}")
        check(sorted(mv) == sorted(START_TURNS) and len(mv) == 43, e, f"start turns {mv}")
        check((p1, over, res) == ("true", "false", "none"), e, f"start queries {p1} {over} {res}")
        e.ok("position startpos moves 1-2,1-3")
        fen, mv, p1, _, _ = state(e)
        check(fen == AFTER_1 and len(mv) == 43 and p1 == "false", e, f"after 1-2,1-3: {fen} {len(mv)} {p1}")
        e.ok("position startpos moves 1-2,1-3 8-7,8-6")
        fen, mv, p1, _, _ = state(e)
        check(fen == AFTER_2 and len(mv) == 45 and p1 == "true", e, f"after 8-7,8-6: {fen} {len(mv)}")
        # A FEN given back to the engine is the same position.
        set_pos(e, AFTER_2)
        check(sorted(moves(e)) == sorted(mv), e, "FEN round trip")


def test_options_take_effect(path):
    with engine(path) as e:
        new(e, "forbid")
        e.ok("position startpos")
        mv = moves(e)
        check(len(mv) == 37 and "1-2,7-8" not in mv and "7-8,6-7" in mv, e, f"forbid start: {len(mv)}")
        e.ok("position startpos moves 1-2,1-3")
        check(len(moves(e)) == 36, e, "forbid after 1-2,1-3")
        new(e, "clamp", "black")
        e.ok("position startpos")
        fen, mv, p1, _, _ = state(e)
        check(fen == START_B and p1 == "true" and len(mv) == 43, e, f"LinjaFirst black: {fen} {p1} {len(mv)}")
        e.ok("position startpos moves 8-7,8-6")
        check(e.query("p1turn") == "false", e, "p1turn after Black's turn")
        # A red-to-move FEN with LinjaFirst = black: Red is p2.
        set_pos(e, START)
        check(e.query("p1turn") == "false", e, "Red to move is p2 with LinjaFirst=black")
        # Options take effect at the next position command.
        e.ok("setoption name LinjaOvershoot value forbid")
        set_pos(e, START)
        check(len(moves(e)) == 37, e, "LinjaOvershoot applied by position")


def test_perft(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos")
        check([perft(e, d) for d in (1, 2, 3)] == [43, 3478, 248041], e, "clamp perft")
        out = e.cmd("perft 1")
        check(sorted(l.split()[2] for l in out[:-1]) == sorted(START_TURNS), e, "perft 1 divide lists the turns")
        check(all(l.split()[3] == "1" for l in out[:-1]), e, "perft 1 counts 1 per turn")
        new(e, "forbid")
        e.ok("position startpos")
        check([perft(e, d) for d in (1, 2, 3)] == [37, 2626, 157095], e, "forbid perft")
        new(e, "clamp", "black")
        e.ok("position startpos")
        check([perft(e, d) for d in (1, 2)] == [43, 3478], e, "mirror perft")
        new(e)
        for fen, want in ((FULL_ROW, [113, 5886]), (EXTRA, [38, 4555]), (REFUSED, [3, 14, 98])):
            set_pos(e, fen)
            got = [perft(e, d) for d in range(1, len(want) + 1)]
            check(got == want, e, f"perft {fen}: {got}")
        new(e, "forbid")
        for fen, want in ((FULL_ROW, [92, 3535]), (EXTRA, [37, 3544]), (REFUSED, [3, 14, 86])):
            set_pos(e, fen)
            got = [perft(e, d) for d in range(1, len(want) + 1)]
            check(got == want, e, f"forbid perft {fen}: {got}")
        set_pos(e, DEADLOCK_R)
        check(perft(e, 1) == 0, e, "perft of a finished game")


def test_rules_positions(path):
    with engine(path) as e:
        new(e)
        # 10.2.3 full row
        set_pos(e, FULL_ROW)
        check(len(moves(e)) == 113, e, "full row: 113 turns")
        for tok, ok in (("3-4,1-3", False), ("6-7", True), ("1-2,2-5", True), ("1-2,1-4", False),
                        ("1-2,6-8", True), ("1-2,4-7", False), ("1-2,4-7,4-5,4-5", True),
                        ("1-2,4-7,7-8,6-7", True), ("1-2,4-7,7-8,6-7,1-2", False)):
            check(legal_from(e, FULL_ROW, tok) == ok, e, f"full row: {tok} should be {'legal' if ok else 'illegal'}")
        # 10.2.4 extra turn
        for tok, ok in (("2-3,2-4", False), ("2-3,2-4,5-6,6-7", True), ("2-3,2-4,5-6,4-5", True),
                        ("1-2,1-4,1-2,5-8", True), ("5-6,6-7", True)):
            check(legal_from(e, EXTRA, tok) == ok, e, f"extra turn: {tok}")
        set_pos(e, EXTRA)
        check(len(moves(e)) == 38, e, "extra turn: 38 turns")
        # 10.2.5 first move into the empty goal row
        set_pos(e, EMPTY_GOAL)
        check(len(moves(e)) == 651, e, "empty goal: 651 turns")
        for tok, ok in (("7-8,1-2", True), ("7-8", False), ("7-8,6-7", False), ("7-8,6-7,1-2,1-6", True),
                        ("1-2,4-8", False), ("1-2,4-8,7-8,6-7", True), ("1-2,7-8,6-7", True)):
            check(legal_from(e, EMPTY_GOAL, tok) == ok, e, f"empty goal: {tok}")
        # 10.2.6 Black, extra turn refused
        set_pos(e, REFUSED)
        check(sorted(moves(e)) == sorted("6-5 2-1,6-5,5-4 2-1,6-5,6-5,5-4".split()), e, "refused turns")
        # 10.2.8, 10.2.10-12
        set_pos(e, "r0b11/r0b0/r0b0/r0b0/r3b1/r0b0/r0b0/r9b0 r")
        check(moves(e) == ["5-6"] and e.query("gameover") == "false", e, "shared row")
        set_pos(e, "r0b5/r6b0/r0b6/r0b0/r0b0/r0b0/r0b1/r6b0 r")
        check(moves(e) == ["pass"], e, "pass behind a full row")
        set_pos(e, "r0b5/r6b0/r0b6/r0b0/r0b0/r0b0/r0b1/r6b0 b")
        check(moves(e) == ["7-6"], e, "black 7-6")
        set_pos(e, "r0b4/r0b0/r1b0/r0b2/r0b0/r0b0/r0b6/r11b0 r", "3-4,4-6")
        fen, mv, _, _, _ = state(e)
        check(fen == "r0b4/r0b0/r0b0/r0b2/r0b0/r1b0/r0b6/r11b0 b" and len(mv) == 18, e, f"lapsed extra: {fen}")
        set_pos(e, "r0b9/r0b0/r0b0/r0b1/r0b0/r0b1/r1b0/r11b1 r")
        check(moves(e) == ["7-8"], e, "no second move")
        set_pos(e, "r0b9/r0b0/r0b0/r0b1/r0b0/r0b1/r1b0/r11b1 r", "7-8")
        check(e.query("gameover") == "false" and len(moves(e)) == 3, e, "after 7-8")


def test_pass(path):
    with engine(path) as e:
        new(e)
        fen = "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 r"
        set_pos(e, fen)
        check(moves(e) == ["pass"] and e.query("gameover") == "false", e, "forced pass")
        best, _, _ = e.go("movetime 1000", timeout=5)
        check(best == ["pass"], e, f"go with a forced pass: {best}")
        set_pos(e, fen, "PASS")
        fen2, mv, p1, _, _ = state(e)
        check(fen2 == fen[:-1] + "b" and len(mv) == 7 and p1 == "false", e, f"after pass: {fen2} {len(mv)}")
        set_pos(e, fen, "pass 5-4,8-7")
        check(e.query("gameover") == "true", e, "5-4,8-7 separates")
        error(e, f"position fen {START} moves pass")


def test_separation_and_results(path):
    with engine(path) as e:
        for first, result in (("red", "p2win"), ("black", "p1win")):
            new(e, "clamp", first)
            set_pos(e, SEPARATE)
            check(sorted(moves(e)) == ["4-5", "5-6"], e, "separation position turns")
            error(e, f"position fen {SEPARATE} moves 4-5,5-7")
            set_pos(e, SEPARATE, "4-5")
            fen, mv, _, over, res = state(e)
            check(fen == "r0b11/r0b0/r0b0/r0b1/r3b0/r0b0/r0b0/r9b0 b", e, f"after 4-5: {fen}")
            check(scores(fen) == (48, 56), e, f"scores {scores(fen)}")
            check(mv == [] and over == "true" and res == result, e, f"{first}: {mv} {over} {res}")
            best, infos, _ = e.go("depth 3")
            check(best == ["none"], e, f"go on a finished game: {best}")
            error(e, f"position fen {SEPARATE} moves 4-5 pass")
            set_pos(e, SEPARATE, "5-6")
            check(moves(e) == ["4-3"] and e.query("gameover") == "false", e, "after 5-6")
        new(e)
        for fen, want, res_red in ((DEADLOCK_R, (30, 42), "p2win"), (DEADLOCK_B, (30, 42), "p2win"),
                                   ("r0b3/r6b0/r3b3/r0b6/r0b0/r0b0/r0b0/r3b0 r", (15, 27), "p2win"),
                                   ("r0b12/r0b0/r0b0/r0b0/r0b0/r0b0/r0b0/r12b0 r", (60, 60), "draw"),
                                   ("r0b6/r0b3/r0b3/r0b0/r0b0/r3b0/r3b0/r6b0 r", (45, 45), "draw"),
                                   ("r0b9/r0b0/r0b0/r0b3/r2b0/r0b0/r0b0/r10b0 b", (52, 48), "p1win")):
            set_pos(e, fen)
            _, mv, _, over, res = state(e)
            check(scores(fen) == want and mv == [] and over == "true" and res == res_red, e,
                  f"{fen}: {mv} {over} {res}")
            best, _, _ = e.go("movetime 200")
            check(best == ["none"], e, f"{fen}: bestmove {best}")
        new(e, "clamp", "black")
        set_pos(e, "r0b9/r0b0/r0b0/r0b3/r2b0/r0b0/r0b0/r10b0 b")
        check(e.query("result") == "p2win", e, "52-48 with LinjaFirst=black")


def test_whole_games_16_17(path):
    with engine(path) as e:
        for overshoot in ("clamp", "forbid"):
            new(e, overshoot)
            e.ok("position startpos moves " + GAME16)
            fen, mv, _, over, res = state(e)
            check((fen, mv, over, res) == (DEADLOCK_B, [], "true", "p2win"), e, f"game 16 {overshoot}: {fen} {res}")
            best, _, _ = e.go("depth 2")
            check(best == ["none"], e, "bestmove none after game 16")
        new(e)
        e.ok("position startpos moves " + GAME17)
        fen, mv, _, over, res = state(e)
        check((fen, mv, over, res) == (DEADLOCK_R, [], "true", "p2win"), e, f"game 17: {fen} {res}")
        new(e, "forbid")
        e.ok("position startpos moves 1-2,1-3")
        err = error(e, "position startpos moves " + GAME17)
        check("4-3,7-4,3-2,5-1" in err, e, f"the error names the illegal token: {err}")
        check(e.query("fen") == AFTER_1, e, "rejected game 17 keeps the previous position")


def test_invalid_fens(path):
    bad = ["r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1 r", "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6",
           "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 w", "r7b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",
           "r6b0/r1b1/r1b1/r4b3/r0b0/r0b0/r0b0/r0b7 r", "b0r6/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",
           "r6/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r", "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r 0",
           "r006b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r", "r-6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r",
           "r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6/r0b0 r", "x", "r6b0/r1b1 /r1b1/r1b1/r1b1/r1b1/r1b1/r0b6 r"]
    with engine(path) as e:
        new(e)
        e.ok("position startpos moves 1-2,1-3")
        for fen in bad:
            error(e, f"position fen {fen}")
            check(e.query("fen") == AFTER_1, e, f"rejected FEN {fen!r} changed the position")
        error(e, "position fen")
        e.ok("position fen   R6B0/R1B1/R1B1/R1B1/R1B1/R1B1/R1B1/R0B6   R ")
        check(e.query("fen") == START, e, "upper-case FEN with extra spaces")
        e.ok("position fen r6b0/r1b1/r1b1/r1b1/r1b1/r1b1/r1b1/r0b6\tb")
        check(e.query("fen") == START_B, e, "tab between the fields")
        check(e.sync() == [], e, "still serving")


def test_malformed_moves(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos moves 1-2,1-3")
        for tok in ("1-2", "1-3", "03-04", "3-4;2-5", "3x4", "8-7,", ",8-7", "8-9,1-2", "0-1", "8-7,8-6,8-7",
                    "pass", "PASS", "8-7,8-6,8-7,8-6,8-7", "1-2,1-3", "none", "8-7,7-8", "-", "8--7,8-6"):
            before = e.query("fen")
            error(e, f"position startpos moves 1-2,1-3 {tok}")
            check(e.query("fen") == before, e, f"rejected {tok!r} changed the position")
        # An illegal token in the middle of a list rejects the whole command.
        error(e, "position startpos moves 1-2,1-3 8-7,8-6 1-2")
        check(e.query("fen") == AFTER_1, e, "whole command rejected")
        check(e.sync() == [], e, "still serving")


def test_go_and_search(path):
    with engine(path) as e:
        new(e)
        for ev in ("ludus", "seed"):
            e.ok(f"setoption name Evaluator value {ev}")
            for fen in (START, FULL_ROW, EMPTY_GOAL, REFUSED):
                set_pos(e, fen)
                legal = moves(e)
                best, infos, _ = e.go("depth 6")
                check(best and best[0] in legal, e, f"{ev} {fen}: bestmove {best} is legal")
                parsed = [parse_info(l) for l in infos if l.startswith("info depth")]
                check(all(p is not None for p in parsed), e, f"{ev}: info lines {infos[-2:]}")
                check(all(p["pv"][0] in legal for p in parsed if p["pv"]), e, f"{ev}: pv starts legal")
                if len(legal) > 1:
                    check(parsed and parsed[-1]["depth"] == 6, e, f"{ev}: reached depth 6: {infos[-1:]}")
            out = e.cmd("eval")
            check(out and all(l.startswith("info string ") for l in out) and out[-1].startswith("info string total"),
                  e, f"eval {out}")
        e.ok("setoption name Evaluator value ludus")
        # A single legal turn is answered at once.
        set_pos(e, "r0b4/r0b0/r1b0/r0b2/r0b0/r0b0/r0b6/r11b0 r")
        best, _, took = e.go("movetime 5000")
        check(best == ["3-4,4-6"] and took < 2, e, f"single legal turn: {best} in {took:.2f} s")
        # A lost ending (Red has 60 points) is reported as a proven result.
        set_pos(e, "r0b9/r0b0/r0b0/r0b1/r0b1/r0b0/r0b0/r12b1 b")
        best, infos, _ = e.go("depth 8")
        last = parse_info([l for l in infos if l.startswith("info depth")][-1])
        check(best[0] in moves(e), e, f"ending: {best}")
        check((last["score_kind"] == "mate" and last["score"] < 0) or
              (last["score_kind"] == "cp" and last["score"] <= -30000), e, f"black loses this ending: {infos[-1:]}")
        # go forms.
        e.ok("position startpos moves 1-2,1-3")
        legal = moves(e)
        for g in ("movetime 100", "nodes 5000", "p1time 1000 p2time 1000", "wtime 500 btime 500 winc 10 binc 10",
                  "p1time 2000 p2time 2000 movestogo 10"):
            best, _, _ = e.go(g)
            check(best and best[0] in legal, e, f"go {g}: {best}")
        e.send("go infinite")
        e.collect(200)
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"))
        check(lines[-1].split()[1] in legal, e, f"go infinite + stop: {lines[-1]}")
        check(e.sync() == [], e, "isready after stop")


def walk(e, rng, label, max_turns=400):
    """Plays a whole game by random legal turns, checking every query."""
    played = []
    prev = None
    while True:
        e.ok("position startpos" + (" moves " + " ".join(played) if played else ""))
        fen, mv, p1, over, res = state(e)
        where = f"{label}, turn {len(played)}"
        check((p1 == "true") == (fen.split()[1] == "r"), e, f"{where}: p1turn vs FEN {fen}")
        if prev is not None:
            e.ok(f"position fen {prev} moves {played[-1]}")
            check(e.query("fen") == fen, e, f"{where}: replay from the previous FEN differs")
        if not mv:
            red, black = scores(fen)
            want = "p1win" if red > black else "p2win" if red < black else "draw"
            check(over == "true" and res == want, e, f"{where}: no moves, {over} {res} ({red}-{black})")
            return res, played
        check(over == "false" and res == "none", e, f"{where}: moves but {over} {res}")
        check(len(set(mv)) == len(mv), e, f"{where}: duplicate tokens")
        check(len(played) < max_turns, e, f"{where}: game too long")
        prev = fen
        played.append(rng.choice(mv))


def test_queries_over_whole_games(path):
    rng = random.Random(5)
    with engine(path) as e:
        new(e)
        results = [walk(e, rng, f"random game {g}")[0] for g in range(4)]
        check(all(r in ("p1win", "p2win", "draw") for r in results), e, f"random games end: {results}")
        # Engine self-play to the end, both evaluators, p1/p2 alternating.
        for ev in ("ludus", "seed"):
            e.ok(f"setoption name Evaluator value {ev}")
            played = []
            while True:
                e.ok("position startpos" + (" moves " + " ".join(played) if played else ""))
                fen, mv, p1, over, res = state(e)
                check(p1 == ("true" if len(played) % 2 == 0 else "false"), e, f"{ev}: p1turn alternates")
                if over == "true":
                    red, black = scores(fen)
                    want = "p1win" if red > black else "p2win" if red < black else "draw"
                    check(res == want and mv == [], e, f"{ev}: result {res}, scores {red}-{black}")
                    break
                best, _, _ = e.go("depth 4")
                check(best and best[0] in mv, e, f"{ev} turn {len(played)}: {best} not in moves")
                check(len(played) < 400, e, "self-play game too long")
                played.append(best[0])


def test_d_and_bench(path):
    with engine(path) as e:
        new(e)
        e.ok("position startpos")
        out = e.cmd("d")
        check(any("row 8" in l for l in out) and out[-1] == "info string fen " + START, e, f"d: {out[-2:]}")
        out = e.cmd("bench 8", timeout=60)
        check(out and re.fullmatch(r"info string bench nodes \d+ time \d+ nps \d+", out[-1]) is not None, e,
              f"bench: {out[-1:]}")
        check(e.query("fen") == START, e, "bench restores the position")


if __name__ == "__main__":
    run_tests(globals())
