#!/usr/bin/env python3
"""AEI transcript tests through the real binary (PROTOCOL.md section 2 and
the AEI spec): handshake, full sessions like the spec's examples, setups,
makemove during a search, stop, go ponder, time controls, bad lines.

Usage: test_aei.py <path-to-ludus> [test-name-substring ...]
"""

import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import enginepipe  # noqa: E402
from enginepipe import check, run_tests  # noqa: E402

# AEI's output words join UGI's for the stdout check (the referee speaks UGI).
enginepipe.PROTOCOL_WORDS = enginepipe.PROTOCOL_WORDS + ("protocol-version", "aeiok", "log")
enginepipe.EXACT_LINES = enginepipe.EXACT_LINES + ("aeiok",)

P0_AEI = "setposition g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
GOLD_SETUP = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Cc2 Cf2 Db2 Dg2 Ha2 Hh2 Md2 Ee2"
SILVER_SETUP = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 cc7 cf7 db7 dg7 ha7 hh7 me7 ed7"
STEP_RE = r"[EMHDCRemhdcr][a-h][1-8][nsewx]"
MOVE_RE = re.compile(rf"^bestmove {STEP_RE}( {STEP_RE})*$")
SETUP_RE = re.compile(r"^bestmove [EMHDCRemhdcr][a-h][1-8]( [EMHDCRemhdcr][a-h][1-8]){15}$")


class aei_engine(enginepipe.engine):
    def __init__(self, path):
        super().__init__(path, ())


def aei_board(fen_board):
    """FEN board field -> AEI `[...]` (64 characters, space = empty)."""
    cells = ""
    for row in fen_board.split("/"):
        for ch in row:
            cells += " " * int(ch) if ch.isdigit() else ch
    assert len(cells) == 64
    return "[" + cells + "]"


def handshake(e):
    e.send("aei")
    lines = e.read_until(lambda l: l == "aeiok", what="aeiok")
    check(lines[0] == "protocol-version 1", e, f"first line {lines[0]!r}")
    names = [l.split()[1] for l in lines[1:-1]]
    check(names == ["name", "author", "version"], e, f"id lines: {lines}")
    return lines


def referee(path):
    """A `ludus` in UGI mode to check positions and moves."""
    r = enginepipe.Engine(path, name="referee")
    r.send("setoption name Game value arimaa")
    return r


def ref_fen(r, start, moves):
    r.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
    out = r.cmd("query fen")
    check(len(out) == 1 and out[0].startswith("response "), r, f"referee rejected {moves[-1:]}: {out}")
    return out[0][len("response "):]


def go_bestmove(e, timeout=20):
    e.send("go")
    lines = e.read_until(lambda l: l.startswith("bestmove"), timeout, "bestmove")
    return lines[-1], lines[:-1]


def test_handshake_and_isready(path):
    with aei_engine(path) as e:
        lines = handshake(e)
        check(lines[1].startswith("id name Ludus"), e, "id name")
        check(e.sync() == [], e, "isready printed extra lines")
        check(handshake(e) == lines, e, "a second aei gives the same handshake")


def test_protocol_flag(path):
    with enginepipe.engine(path, ("--protocol", "aei")) as e:
        e.send("isready")
        e.expect("readyok")
        handshake(e)


def test_spec_analysis_session(path):
    """The spec's first example: fixed depth analysis of the opening position."""
    with aei_engine(path) as e:
        handshake(e)
        e.sync()
        e.send("setoption name depth value 6")
        e.send("newgame")
        e.send(P0_AEI)
        best, infos = go_bestmove(e)
        check(MOVE_RE.match(best), e, f"bestmove {best!r}")
        depths = [int(l.split()[2]) for l in infos if re.fullmatch(r"info depth \d+", l)]
        check(depths and max(depths) == 6, e, f"depth 6 reached and not passed: {depths}")
        for kind in ("score", "nodes", "time", "pv"):
            check(any(l.startswith(f"info {kind} ") for l in infos), e, f"no info {kind}")
        pvs = [l for l in infos if l.startswith("info pv ")]
        check(re.fullmatch(rf"info pv {STEP_RE}( {STEP_RE})*( [bw]( {STEP_RE})+)*", pvs[-1]), e, f"pv {pvs[-1]!r}")
        check(all(re.fullmatch(r"info score -?\d+", l) for l in infos if l.startswith("info score")), e, "scores")
        r = referee(path)
        try:
            ref_fen(r, "fen rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2", [best.split(" ", 1)[1].replace(" ", ",")])
        finally:
            r.close()


def test_blitz_game_with_setups_and_reserves(path):
    """The spec's second example, extended: setups by go, reserves sent before
    every go, go ponder / makemove, checked by a UGI referee."""
    r = referee(path)
    try:
        with aei_engine(path) as e, aei_engine(path) as f:
            engines = [e, f]
            for x in engines:
                handshake(x)
                x.sync()
                x.send("setoption name hash value 16")
                x.sync()
                x.send("setoption name rated value 1")
                x.send("newgame")
                x.sync()
                for name, value in (("tcmove", 1), ("tcreserve", 3), ("tcpercent", 100), ("tcmax", 5),
                                    ("tctotal", 600), ("tcturns", 0), ("tcturntime", 0)):
                    x.send(f"setoption name {name} value {value}")
                x.send("setoption name opponent value bot_test")
                x.send("setoption name opponent_rating value 1500")
                check(x.sync() == [], x, "standard options are accepted silently")
            played = []
            reserves = [3.0, 3.0]
            for turn in range(16):
                side = turn % 2
                mover = engines[side]
                mover.send("setoption name moveused value 0")
                mover.send(f"setoption name greserve value {int(reserves[0])}")
                mover.send(f"setoption name sreserve value {int(reserves[1])}")
                t0 = time.monotonic()
                best, _ = go_bestmove(mover, timeout=15)
                used = time.monotonic() - t0
                check(used <= 1.0 + reserves[side], mover, f"used {used:.2f} s of {1 + reserves[side]:.1f}")
                if turn >= 2:
                    reserves[side] = min(5.0, reserves[side] + (1.0 - used))
                check((SETUP_RE if turn < 2 else MOVE_RE).match(best), mover, f"bestmove {best!r}")
                move = best.split(" ", 1)[1]
                played.append(move.replace(" ", ","))
                ref_fen(r, "startpos", played)
                # Both engines get the move; the pondering one stops silently.
                for x in engines:
                    x.send("makemove " + move)
                out = [l for x in engines for l in x.sync()]
                check(not any(l.startswith("bestmove") for l in out), mover, f"stray bestmove: {out}")
                if r.cmd("query gameover") == ["response true"]:
                    break
                mover.send("go ponder")  # think on the opponent's time
            for x in engines:
                x.send("quit")
    finally:
        r.close()


def test_makemove_stops_search_without_bestmove(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        e.send(P0_AEI)
        e.send("go ponder")
        time.sleep(0.3)
        e.send("makemove Ee2n Ee3n Ee4n Ee5n")
        out = e.sync()
        check(not any(l.startswith("bestmove") for l in out), e, f"no bestmove after makemove: {out}")
        # The position moved on: Silver to move now.
        e.send("setoption name depth value 3")
        best, _ = go_bestmove(e)
        check(MOVE_RE.match(best) and best.split()[1][0].islower(), e, f"Silver's move expected: {best!r}")
        # makemove during a normal go too.
        e.send("setoption name depth value 0")
        e.send("setoption name tcmove value 30")
        e.send("setoption name tcreserve value 60")
        e.send("go")
        time.sleep(0.3)
        e.send("makemove " + best.split(" ", 1)[1])
        out = e.sync()
        check(not any(l.startswith("bestmove") for l in out), e, f"no bestmove after makemove: {out}")
        time.sleep(0.2)
        check(not any(l.startswith("bestmove") for l in e.collect(300)), e, "a late bestmove appeared")


def test_stop_and_ponder(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        e.send(P0_AEI)
        e.send("go ponder")
        check(not any(l.startswith("bestmove") for l in e.collect(1200)), e, "ponder must not answer by itself")
        t0 = time.monotonic()
        e.send("stop")
        line = e.expect(re.compile(r"bestmove .*"), timeout=5)
        check(MOVE_RE.match(line) and time.monotonic() - t0 < 2, e, f"bestmove at once after stop: {line!r}")
        # stop with nothing running: nothing happens.
        check(e.cmd("stop") == [], e, "stop when idle")
        # A long search ends with stop too.
        e.send("setoption name tcmove value 60")
        e.send("go")
        time.sleep(0.5)
        e.send("stop")
        line = e.expect(re.compile(r"bestmove .*"), timeout=5)
        check(MOVE_RE.match(line), e, f"bestmove after stop: {line!r}")


def test_time_control_is_respected(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        for name, value in (("tcmove", 1), ("tcreserve", 2), ("tcpercent", 100), ("tcmax", 4)):
            e.send(f"setoption name {name} value {value}")
        e.send(P0_AEI)
        e.send("setoption name greserve value 2")
        e.send("setoption name sreserve value 2")
        e.send("setoption name moveused value 0")
        t0 = time.monotonic()
        best, _ = go_bestmove(e, timeout=10)
        used = time.monotonic() - t0
        check(used < 3.0, e, f"turn took {used:.2f} s, the limit is 3 s")
        check(used > 0.2, e, f"turn took only {used:.2f} s of a 1 s move time")
        # tcturntime caps a turn below move + reserve.
        e.send("setoption name tcturntime value 1")
        e.send("setoption name tcmove value 30")
        e.send("setoption name greserve value 100")
        e.send(P0_AEI)
        t0 = time.monotonic()
        go_bestmove(e, timeout=10)
        check(time.monotonic() - t0 < 1.2, e, "tcturntime 1 s exceeded")


def test_negative_times_are_refused(path):
    # A negative time value gets `log Error` and the old value stays: after
    # tcmove -5 the move time is still the 1 s set before it.
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        for name, value in (("tcmove", 1), ("tcreserve", 0), ("tcpercent", 100), ("tcmax", 0)):
            e.send(f"setoption name {name} value {value}")
        for name in ("tcmove", "tcreserve", "greserve", "moveused"):
            e.send(f"setoption name {name} value -5")
            e.send("isready")
            lines = e.read_until(lambda l: l == "readyok", what="readyok")
            check(any(l.startswith("log Error:") and "negative" in l for l in lines), e,
                  f"setoption {name} value -5: no log Error in {lines}")
        e.send(P0_AEI)
        t0 = time.monotonic()
        go_bestmove(e, timeout=10)
        check(time.monotonic() - t0 > 0.2, e, "tcmove -5 replaced the 1 s move time")


def test_setup_and_captures_in_bestmove(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        e.send("setoption name depth value 2")
        best, _ = go_bestmove(e)
        check(SETUP_RE.match(best) and best.split()[1][0] == "R", e, f"Gold setup: {best!r}")
        e.send("makemove " + best.split(" ", 1)[1])
        best, _ = go_bestmove(e)
        check(SETUP_RE.match(best) and best.split()[1][0] == "r", e, f"Silver setup: {best!r}")
        # A capture is written in the bestmove: the cat can be dragged onto c3.
        # (Silver's elephant on a8 is there to stop Gold's rabbit: without
        # it a rabbit run to a5, an unstoppable goal next turn, is better.)
        e.send("setposition g " + aei_board("e6r/8/8/8/8/3cE3/8/R7"))
        e.send("setoption name depth value 4")
        best, _ = go_bestmove(e)
        check(MOVE_RE.match(best) and " cc3x" in best, e, f"the capture should be played and written: {best!r}")


def test_makemove_leniency_and_errors(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send("newgame")
        e.send("makemove " + GOLD_SETUP)
        e.send("makemove " + SILVER_SETUP)
        out = e.sync()
        check(out == [], e, f"setups via makemove: {out}")
        # Wrong piece letter: accepted with a warning (pyrimaa ignores it).
        out = e.cmd("makemove Me2n")
        check(len(out) == 1 and out[0].startswith("log Warning:"), e, f"wrong letter: {out}")
        # An illegal step is an error and changes nothing.
        out = e.cmd("makemove ed7e")
        check(len(out) == 1 and out[0].startswith("log Error:"), e, f"illegal step: {out}")
        out = e.cmd("makemove ed7s")
        check(out == [], e, f"legal silver move: {out}")
        # Unfinished push at the end: applied with a warning.
        e.send("setposition g " + aei_board("8/8/8/3r4/2cE4/8/8/R7"))
        out = e.cmd("makemove cc4n")
        check(len(out) == 1 and out[0].startswith("log Warning:"), e, f"unfinished push: {out}")
        for bad in ["setposition g [abc]", "setposition x [" + " " * 64 + "]", "setposition g",
                    "setoption name tcmove value abc", "setoption nam tcmove", "go fast"]:
            out = e.cmd(bad)
            check(len(out) == 1 and out[0].startswith("log Error:"), e, f"{bad!r}: {out}")
        out = e.cmd("setoption name frobnicate value 3")
        check(len(out) == 1 and out[0].startswith("log Warning:"), e, f"unknown option: {out}")
        # An unrecognised message: log an error and exit (the AEI spec).
        e.send("fly")
        line = e.read_line()
        check(line.startswith("log Error:"), e, f"unrecognised message: {line!r}")
        check(e.wait_exit(5) is not None, e, "the engine should exit after an unrecognised message")
        e._closed = True
        e.drain()
        e.check_clean()


def test_quit_during_search(path):
    with aei_engine(path) as e:
        handshake(e)
        e.send(P0_AEI)
        e.send("go ponder")
        time.sleep(0.2)
        t0 = time.monotonic()
        e.close()
        check(time.monotonic() - t0 < 2, e, "quit must be prompt")


if __name__ == "__main__":
    run_tests(globals())
