#!/usr/bin/env python3
"""NBoard protocol transcript tests (PROTOCOL.md section 4) on the real binary.

Usage: test_nboard.py <path-to-ludus> [test-name-substring ...]
"""

import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import enginepipe  # noqa: E402
from enginepipe import check, engine, run_tests  # noqa: E402

# stdout in NBoard mode carries NBoard lines only (the UGI words stay
# allowed for the UGI twin these tests use to check legality).
NBOARD_WORDS = ("set", "pong", "status", "===", "search", "book", "nodestats", "learned", "analysis")
enginepipe.PROTOCOL_WORDS = enginepipe.PROTOCOL_WORDS + NBOARD_WORDS
enginepipe.EXACT_LINES = enginepipe.EXACT_LINES + ("learned",)

START_BO = "BO[8 ---------------------------O*------*O--------------------------- *]"
# FFO endgame #50 (26 empties, black to move), whose exact solve takes minutes.
FFO50_BO = "BO[8 ----*-----***----OOO*OOO-OOO*OOO-O*O*O*O-OO**OOO--OO*O----O--O-- *]"
# The example game of PROTOCOL.md section 4 (black then white, from the start).
GAME = ("(;GM[Othello]PC[NBoard]PB[x]PW[y]RE[?]TI[15:00]TY[8]" + START_BO +
        "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)")
# Rules T6: after d3 c3 b3 b2 f5 a3 a1 c1 Black must pass.
PASS_GAME = "(;GM[Othello]TY[8]" + START_BO + "B[D3]W[C3]B[B3]W[B2]B[F5]W[A3]B[A1]W[C1];)"
# Rules E1 (T22): 14 empties, Black to move, value +20, best c8 only.
E1_BO = "BO[8 XXXXOO--XXOOOXXX-OOOOOX-XOOXOXOXXOOXOOOO-OOOOOOX--OO-X-----XXXX- *]".replace("X", "*")

IDLE = "status Ludus is waiting"
FINAL_RE = re.compile(r"^=== ([A-H][1-8]|PA)(/(-?\d+\.\d+)(/(\d+\.\d+))?)?$")
SEARCH_RE = re.compile(r"^search (\S+) (-?\d+\.\d+) 0 (\d+|100%)( .*)?$")


def ugi_legal_moves(path, moves):
    """The legal moves after `moves`, asked from a second ludus in UGI mode."""
    with engine(path, name="ugi-twin") as u:
        u.send("position startpos moves " + moves)
        return set(u.query("moves").split())


def start(e):
    e.send("nboard 2")
    e.expect("set myname Ludus")


def ping(e, n):
    e.send(f"ping {n}")
    return e.read_until(lambda l: l == f"pong {n}", what=f"pong {n}")


def test_handshake_and_ping(path):
    with engine(path) as e:
        start(e)
        ping(e, 7)
        e.send("learn")
        e.expect("learned")


def test_go_answers_a_legal_move_without_playing_it(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 4")
        e.send("set game " + GAME)
        ping(e, 1)
        e.send("go")
        lines = e.read_until(lambda l: l.startswith("==="), what="=== reply")
        m = FINAL_RE.match(lines[-1])
        check(m, e, "malformed === line")
        check(m.group(1).lower() in ugi_legal_moves(path, "f5 f6 d3 c5 e6 f7 e7 f4"), e, "illegal move")
        searches = [l for l in lines if l.startswith("search")]
        check(all(SEARCH_RE.match(l) for l in searches), e, "malformed search line")
        # `go` does not change the position: a second go gives the same answer.
        ping(e, 2)
        e.send("go")
        lines2 = e.read_until(lambda l: l.startswith("==="), what="=== reply")
        check(FINAL_RE.match(lines2[-1]).group(1) == m.group(1), e, "go changed the position")


def test_forced_pass_is_PA(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 6")
        e.send("set game " + PASS_GAME)
        ping(e, 1)
        e.send("go")
        line = e.read_until(lambda l: l.startswith("==="), what="=== reply")[-1]
        check(FINAL_RE.match(line) and FINAL_RE.match(line).group(1) == "PA", e, "expected === PA")
        # After the pass, White plays e3 or f6 (rules T6).
        e.send("move PA")
        ping(e, 2)
        e.send("go")
        line = e.read_until(lambda l: l.startswith("==="), what="=== reply")[-1]
        check(FINAL_RE.match(line).group(1) in ("E3", "F6"), e, "White's moves after the pass are e3 f6")


def test_exact_endgame_value_and_100_percent_depth(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 10")
        e.send("set game (;GM[Othello]TY[8]" + E1_BO + ";)")
        ping(e, 1)
        e.send("go")
        lines = e.read_until(lambda l: l.startswith("==="), what="=== reply", timeout=60)
        m = FINAL_RE.match(lines[-1])
        check(m and m.group(1) == "C8", e, "E1's only best move is c8")
        check(abs(float(m.group(3)) - 20.0) < 1e-9, e, "E1's exact value is +20")
        check(any(SEARCH_RE.match(l) and SEARCH_RE.match(l).group(3) == "100%" for l in lines), e,
              "an exact solve is reported with depth 100%")


def test_hint_reports_n_moves_best_first(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 10")
        e.send("set game (;GM[Othello]TY[8]" + E1_BO + ";)")
        ping(e, 1)
        e.send("hint 3")
        lines = e.read_until(lambda l: l == IDLE, what="end of hint", timeout=60)
        searches = [SEARCH_RE.match(l) for l in lines if l.startswith("search")]
        check(all(searches), e, "malformed search line")
        # The last three lines are the final word on three distinct moves:
        # c8 (+20), then e7 (+18), then g1 (+16) (rules T22).
        final = {}
        for s in searches:
            final[s.group(1).split("-")[0]] = float(s.group(2))
        check(final.get("C8") == 20.0 and final.get("E7") == 18.0 and final.get("G1") == 16.0, e,
              f"hint 3 values {final}")


def test_move_updates_the_game_and_ping_stops_thinking(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 30")
        e.send("set game (;GM[Othello]TY[8]" + START_BO + ";)")
        e.send("move F5/0.00/1.0")
        e.send("move D6")
        e.send("ping 2")
        e.read_until(lambda l: l == "pong 2", what="pong 2")
        e.send("set game (;GM[Othello]TY[8]" + FFO50_BO + ";)")  # out of the book: an exact solve of minutes
        e.send("go")                 # a deep search...
        time.sleep(0.3)
        lines = ping(e, 3)           # ...that ping must stop before pong
        # The interrupted search sends no move: a move of a search cut short
        # is no answer (and the GUI ignores what comes before its pong).
        check(not any(l.startswith("===") for l in lines), e, f"a === of an interrupted search: {lines}")
        e.send("go")                 # a ping that arrives as the search starts
        lines = ping(e, 4)
        check(not any(l.startswith("===") for l in lines), e, f"a === of a search stopped at its start: {lines}")
        e.send("set game (;GM[Othello]TY[8]" + START_BO + ";)")
        e.send("move F5/0.00/1.0")
        e.send("move D6")
        e.send("set depth 2")
        e.send("go")
        line = e.read_until(lambda l: l.startswith("==="), what="=== reply")[-1]
        check(FINAL_RE.match(line) and FINAL_RE.match(line).group(1).lower() in ugi_legal_moves(path, "f5 d6"),
              e, "the reply must be legal after f5 d6")


def test_echoes_are_printable(path):
    # Bytes outside printable ASCII in an echoed input (ping's token, a bad
    # move) come out escaped as \xNN: every line stays one printable line.
    with engine(path) as e:
        start(e)
        e.send(b"ping \x07\xff\xfe")
        line = e.read_until(lambda l: l.startswith("pong"), what="pong")[-1]
        check(line == "pong \\x07\\xFF\\xFE", e, f"pong echo {line!r}")
        e.send(b"move Z9\x00abc")
        line = e.read_until(lambda l: l.startswith("status error"), what="status error")[-1]
        check(line == "status error: bad move 'Z9\\x00abc'", e, f"error echo {line!r}")
        ping(e, 1)


def test_bad_lines_are_ignored(path):
    with engine(path) as e:
        start(e)
        for bad in ["foo", "set game garbage", "set game (;GM[Othello]BO[8 *** *];)", "move Z9",
                    "move", "hint x", "set depth -5", "\x00\x01", "set"]:
            e.send(bad)
        ping(e, 9)
        e.send("set depth 2")
        e.send("set game " + GAME)
        e.send("go")
        e.read_until(lambda l: l.startswith("==="), what="=== reply")


def test_analyze_reports_each_position(path):
    with engine(path) as e:
        start(e)
        e.send("set depth 2")
        e.send("set game (;GM[Othello]TY[8]" + START_BO + "B[F5]W[D6]B[C3];)")
        ping(e, 1)
        e.send("analyze")
        lines = e.read_until(lambda l: l == IDLE, what="end of analyze", timeout=30)
        got = sorted(int(l.split()[1]) for l in lines if l.startswith("analysis"))
        check(got == [0, 1, 2, 3], e, f"analysis lines for positions 0..3, got {got}")


if __name__ == "__main__":
    run_tests(globals())
