#!/usr/bin/env python3
"""Hunt games over UGI (mouse-cats, hare-hounds, fox-geese): the facts of
docs/rules/hunt.md section 10 through the real binary — handshake options,
FENs, tokens, move lists, perft, `query` answers over whole games, `go`
(legal moves; exact `score mate n` where the game is solved), and malformed
moves / FENs answered by `info string error:` with the state unchanged.

Usage: test_hunt.py <path-to-ludus> [test-name-substring ...]
"""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, check, engine, parse_info, run_tests  # noqa: E402

MC_START = "e1 b8,d8,f8,h8 mouse"
HH_START = "10 0,1,3 hounds 0"
FG_START = "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0"
FG_CHAINS = "c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0"
FG_WIDEST = "c5 b3,d3,f3,a4,b4,c4,d4,e4,f4,g4,b5,d5,f5,c6,d6,e6,d7 fox 0"

# Perfect play from the mouse-cats start (`ludus solve --game mouse-cats`): the cats trap the mouse.
MC_PERFECT = ("e1-d2 b8-a7 d2-c1 a7-b6 c1-b2 b6-c5 b2-a1 c5-d4 a1-b2 d8-c7 b2-a1 c7-b6 a1-b2 h8-g7 b2-a1 "
              "b6-a5 a1-b2 a5-b4 b2-c1 g7-f6 c1-d2 f6-e5 d2-e3 e5-f4 e3-d2 f8-e7 d2-c1 e7-d6 c1-d2 f4-e3 "
              "d2-e1 e3-f2 e1-d2 d6-e5 d2-c1 d4-e3 c1-b2 e3-d2 b2-a1 e5-d4 a1-b2 d4-c3 b2-a1 c3-b2").split()
# Rules 10.3: 9 vertical hound moves, then the 10th stalls.
HH_STALL = ("1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9 2-1 9-10 1-2 10-9").split()
# A whole fox-geese game (engine self-play): the geese trap the fox on d7.
FG_GAME = ("e3-e4 d7-e7 d2-e3 e7-e6 e3-d4 e6-e5 e2-e3 e5-d5 c1-d2 d5-e5 a4-a5 e5-d5 c3-c4 d5-c5 c2-c3 "
           "c5-b4 g4-f4 b4-c5 f4-g5 c5-d5 e3-f4 d5-d6 d2-e3 d6-e5 e1-d2 e5-d5 f4-f5 d5-d6 f3-f4 d6-d5 "
           "f4-e5 d5-d6 g3-f4 d6-d5 c3-b4 d5-c5 d2-c3 c5-d5 b4-b5 d5-c5 b3-b4 c5-c6 d4-d5 c6-d6 d3-d4 "
           "d6-c7 e5-e6 c7-d6 e4-e5 d6-c5 d1-d2 c5-c6 b4-c5 c6-d6 a3-b4 d6-d7 c5-d6 d7-c7 d4-c5 c7-c6 "
           "d6-c7 c6-d6 c3-d4 d6-e7 d5-d6 e7-d7 d4-d5 d7-e7 d2-c3 e7-d7 e6-e7").split()
INFO_MATE = re.compile(r"score mate (-?\d+)")


def select(e, game):
    e.ok(f"setoption name Game value {game}")
    e.ok("uginewgame")


def state(e):
    """(fen, moves, p1turn, gameover, result) in one round trip."""
    e.send_many(["query fen", "query moves", "query p1turn", "query gameover", "query result"])
    out = e.sync()
    check(len(out) == 5 and all(l == "response" or l.startswith("response ") for l in out), e,
          f"expected 5 response lines, got {out}")
    a = [l[len("response "):] if l != "response" else "" for l in out]
    return a[0], a[1], a[2], a[3], a[4]


def expect(e, fen=None, moves=None, p1turn=None, gameover=None, result=None):
    got = state(e)
    for name, want, have in (("fen", fen, got[0]), ("moves", moves, got[1]), ("p1turn", p1turn, got[2]),
                             ("gameover", gameover, got[3]), ("result", result, got[4])):
        if want is not None:
            check(have == want, e, f"query {name}: expected {want!r}, got {have!r}")
    return got


def error(e, line):
    """Sends a line that must be rejected with exactly one error line."""
    out = e.cmd(line)
    check(len(out) == 1 and ERROR_RE.match(out[0]) is not None, e, f"{line!r}: expected one error line, got {out}")


def perft(e, depth):
    out = e.cmd(f"perft {depth}", timeout=60)
    m = re.match(r"info string perft (\d+) nodes (\d+) time \d+$", out[-1]) if out else None
    check(m is not None and int(m.group(1)) == depth, e, f"perft {depth}: bad summary {out[-1:]}")
    per_move = {}
    for l in out[:-1]:
        w = l.split()
        check(len(w) == 4 and w[:2] == ["info", "string"], e, f"perft line {l!r}")
        per_move[w[2]] = int(w[3])
    check(sum(per_move.values()) == int(m.group(2)), e, "perft: the moves' counts do not add up")
    return int(m.group(2)), per_move


def go(e, args="depth 3", timeout=30):
    best, infos, _ = e.go(args, timeout)
    parsed = [parse_info(l) for l in infos if l.startswith("info depth")]
    check(all(p is not None for p in parsed), e, f"malformed info lines: {infos}")
    return best, parsed


def handshake_options(e):
    e.send("ugi")
    lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
    return [l for l in lines if l.startswith("option name ")]


# ---- handshake and options ----------------------------------------------------

def test_game_values_and_options(path):
    with engine(path) as e:
        opts = handshake_options(e)
        game = [l for l in opts if l.startswith("option name Game ")][0]
        for g in ("mouse-cats", "hare-hounds", "fox-geese"):
            check(f" var {g}" in game, e, f"{g} missing from {game}")
        for g, want in (("mouse-cats", ["option name MouseStart type combo default e1 var a1 var c1 var e1 var g1"]),
                        ("hare-hounds", ["option name HareStart type combo default 10 var 10 var 5"]),
                        ("fox-geese", ["option name Geese type combo default 15 var 13 var 15 var 17",
                                       "option name Evaluator type combo default ludus var ludus var seed"])):
            select(e, g)
            opts = handshake_options(e)
            for w in want:
                check(w in opts, e, f"{g}: handshake lacks {w!r}: {opts}")
            check(f"option name Game type combo default {g} " in " ".join(opts) + " ", e, "Game default")
            check(e.query("game") == g, e, "query game")


def test_start_options(path):
    with engine(path) as e:
        select(e, "mouse-cats")
        expect(e, fen=MC_START, moves="e1-d2 e1-f2", p1turn="true", gameover="false", result="none")
        for sq in ("a1", "c1", "g1", "e1"):
            e.ok(f"setoption name MouseStart value {sq.upper()}")
            e.ok("position startpos")
            expect(e, fen=f"{sq} b8,d8,f8,h8 mouse")
        error(e, "setoption name MouseStart value b1")
        e.ok("setoption name MouseStart value a1")
        e.ok("newgame")
        expect(e, fen="a1 b8,d8,f8,h8 mouse", moves="a1-b2")
        select(e, "hare-hounds")
        expect(e, fen=HH_START, moves="0-2 1-2 1-4 1-5 3-2 3-5 3-6", p1turn="true")
        e.ok("setoption name HareStart value 5")
        e.ok("position startpos")
        expect(e, fen="5 0,1,3 hounds 0", moves="0-2 1-2 1-4 3-2 3-6")
        error(e, "setoption name HareStart value 4")
        select(e, "fox-geese")
        expect(e, fen=FG_START, p1turn="true",
               moves="a3-b4 a4-a5 a4-b4 b3-b4 c3-b4 c3-c4 c3-d4 d3-d4 e3-d4 e3-e4 e3-f4 f3-f4 g3-f4 g4-f4 g4-g5")
        e.ok("setoption name Geese value 13")
        e.ok("position startpos")
        expect(e, fen="d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 geese 0")
        e.ok("setoption name Geese value 17")
        e.ok("newgame")
        expect(e, fen="d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4 geese 0")
        error(e, "setoption name Geese value 16")
        error(e, "setoption name Evaluator value best")


# ---- FENs and tokens -----------------------------------------------------------

def test_fens_and_errors(path):
    cases = {
        "mouse-cats": (["  E1  h8,f8,d8,b8   MOUSE ", MC_START],
                       ["e2 b8,d8,f8,h8 mouse", "e1 b8,d8,f8 mouse", "e1 b8,b8,f8,h8 mouse",
                        "d8 b6,d6,f6,h6 mouse", "e1 b8,d8,f8,h8", "e1 b8,d8,f8,h8 mouse 0"]),
        "hare-hounds": (["10 3,1,0 HOUNDS 0", HH_START],
                        ["10 0,1,3 hounds 10", "10 0,1,3 hounds 11", "10 0,1,1 hounds 0", "1 0,1,3 hounds 0",
                         "10 0,1 hounds 0", "0 4,5,6 hare 0", "11 0,1,3 hounds 0", "10 03,1,0 hounds 0",
                         "10 0,1,3 hounds"]),
        "fox-geese": (["d7 g4,a4,g3,f3,e3,d3,c3,b3,a3,e2,d2,c2,e1,d1,c1 GEESE 0", FG_START],
                      ["d7 c1,d1,e1 geese 10", "d1 c3 fox 0", "b2 c3 fox 0", "d7 d7 geese 0",
                       "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,f4,g4,a5 geese 0", "d7 c3 geese",
                       "d7 c3 geese -1", "d4 - fox 0"]),
    }
    with engine(path) as e:
        for game, (normal, bad) in cases.items():
            select(e, game)
            e.ok(f"position fen {normal[0]}")
            before = expect(e, fen=normal[1])
            for fen in bad:
                error(e, f"position fen {fen}")
                check(state(e) == before, e, f"{game}: a rejected FEN {fen!r} changed the state")


def test_tokens_and_errors(path):
    with engine(path) as e:
        select(e, "mouse-cats")
        e.ok("position startpos moves E1-D2")
        expect(e, fen="d2 b8,d8,f8,h8 cats", moves="b8-a7 b8-c7 d8-c7 d8-e7 f8-e7 f8-g7 h8-g7", p1turn="false")
        before = state(e)
        for bad in ("position startpos moves e1-e2", "position startpos moves e1d2", "position startpos moves e1xd2",
                    "position startpos moves e1-d2 d2-c3", "position startpos moves e1-d2 b8-c9",
                    "position fen d4 c5,e5,b8,h8 cats moves c5-d6", "position fen d4 c5,e5,b8,h8 cats moves e5-d4"):
            error(e, bad)
            check(state(e) == before, e, f"{bad!r} changed the state")
        select(e, "hare-hounds")
        before = state(e)
        for bad in ("position startpos moves 1-0", "position startpos moves 0-1", "position startpos moves 2-5",
                    "position startpos moves 10-9", "position startpos moves 03-5", "position startpos moves 0-2-5"):
            error(e, bad)
            check(state(e) == before, e, f"{bad!r} changed the state")
        select(e, "fox-geese")
        e.ok(f"position fen {FG_CHAINS} moves C5XC3XA3XC5")
        expect(e, fen="c5 c1,d1,e1,c2,d2,e2,e3,f3,g3,a4,d4,g4 geese 0")
        check(len(e.query("moves").split()) == 16, e, "the geese should have 16 moves")
        e.ok(f"position fen {FG_CHAINS}")
        expect(e, moves="c5-b5 c5-c6 c5-d5 c5-d6 c5xa3 c5xa3xa5 c5xa3xc3 c5xa3xc3xc5 c5xa3xc3xe5 c5xc3 c5xc3xa3 "
                        "c5xc3xa3xa5 c5xc3xa3xa5xc3 c5xc3xa3xa5xc3xe5 c5xc3xa5 c5xc3xa5xa3 c5xc3xe5")
        before = state(e)
        for bad in ("c5-c3", "c5xb4", "c5xc3-a3", "c5x", "c5xe3", "b4-b5"):
            error(e, f"position fen {FG_CHAINS} moves {bad}")
            check(state(e) == before, e, f"{bad!r} changed the state")
        e.ok("position fen c3 c2,d2 fox 0 moves c3xc1")
        expect(e, fen="c1 d2 geese 0", gameover="true", result="p2win", moves="")
        error(e, "position fen c3 c2,d2 fox 0 moves c3xc1xe3")
        error(e, "position fen c3 c2,d2 fox 0 moves c3xc1 d2-d3")  # the game is over
        # The largest move list of any position (11155 jump moves): listed, read and played.
        e.ok(f"position fen {FG_WIDEST}")
        legal = e.query("moves").split()
        check(len(legal) == 11155, e, f"expected 11155 moves, got {len(legal)}")
        e.ok(f"position fen {FG_WIDEST} moves {legal[-1].upper()}")
        check(e.query("p1turn") == "true", e, f"{legal[-1]} was not played")
        e.ok(f"position fen {FG_WIDEST}")
        error(e, f"position fen {FG_WIDEST} moves c5xc3xc5xc3")
        check(e.query("fen") == FG_WIDEST, e, "a rejected chain changed the state")


# ---- perft -----------------------------------------------------------------------

def test_perft(path):
    with engine(path) as e:
        select(e, "mouse-cats")
        for d, n in ((1, 2), (2, 14), (3, 56), (4, 344), (5, 1032), (6, 6264)):
            check(perft(e, d)[0] == n, e, f"mouse-cats perft {d}")
        e.ok("position fen e7 d6,f6,b8,h8 mouse")
        check(perft(e, 2)[0] == 0, e, "finished games have no moves")
        select(e, "hare-hounds")
        total, per_move = perft(e, 3)
        check(total == 133 and len(per_move) == 7, e, "hare-hounds perft 3")
        e.ok("position fen 4 1,6,7 hounds 9")
        check([perft(e, d)[0] for d in (1, 2, 3)] == [6, 4, 20], e, "trap beats stall perft")
        select(e, "fox-geese")
        for d, n in ((1, 15), (2, 45), (3, 774), (4, 3612), (5, 67212)):
            check(perft(e, d)[0] == n, e, f"fox-geese perft {d}")
        e.ok(f"position fen {FG_CHAINS}")
        total, per_move = perft(e, 2)
        check(total == 305 and len(per_move) == 17 and per_move["c5xa3xc3xc5"] > 0, e, "chains perft 2")
        e.ok("position fen d3 d4,e5,f4,e3,a3 fox 0")
        check([perft(e, d)[0] for d in (1, 2, 3)] == [9, 103, 508], e, "loop perft")


# ---- queries over whole games ----------------------------------------------------

def play_through(e, start_cmd, moves, final_result, p1_first=True):
    """Plays a whole game one move at a time, checking every query on the way."""
    for i in range(len(moves) + 1):
        e.ok(start_cmd + (" moves " + " ".join(moves[:i]) if i else ""))
        last = i == len(moves)
        p1turn = "true" if (i % 2 == 0) == p1_first else "false"
        fen, legal, turn, over, result = state(e)
        check(turn == p1turn, e, f"ply {i}: p1turn {turn}")
        check(over == ("true" if last else "false"), e, f"ply {i}: gameover {over}")
        check(result == (final_result if last else "none"), e, f"ply {i}: result {result}")
        if not last:
            check(moves[i] in legal.split(), e, f"ply {i}: {moves[i]} not in {legal}")
        else:
            check(legal == "", e, f"finished game lists moves: {legal}")
    best, _ = go(e, "depth 2")
    check(best == ["none"], e, f"go on a finished game: {best}")


def test_whole_games(path):
    with engine(path) as e:
        select(e, "mouse-cats")
        play_through(e, "position startpos", MC_PERFECT, "p2win")
        select(e, "hare-hounds")
        play_through(e, "position startpos", HH_STALL + ["2-1"], "p2win")
        e.ok("setoption name HareStart value 5")
        play_through(e, "position startpos", "0-2 5-4 1-5 4-1 5-8 1-0".split(), "p2win")
        e.ok("setoption name HareStart value 10")
        select(e, "fox-geese")
        play_through(e, "position startpos", FG_GAME, "p1win")
        play_through(e, "position fen d7 c7,e7,e6,d5,a3 geese 9", ["e6-d6"], "p1win")
        play_through(e, "position fen d7 c7,e7,e6,d5,a3 geese 9", ["a3-b3"], "p2win")


# ---- go ----------------------------------------------------------------------------

def mate_of(e, infos):
    check(infos, e, "no info line")
    m = INFO_MATE.search(" ".join(f"score mate {i['score']}" for i in infos[-1:] if i["score_kind"] == "mate"))
    check(m is not None, e, f"expected a mate score, got {infos[-1]}")
    return int(m.group(1))


def test_go_solved_games(path):
    with engine(path) as e:
        select(e, "mouse-cats")
        # The solved value of the start: the mouse (to move) loses in 44 plies = mate -22.
        for sq in ("e1", "c1", "g1"):  # (a1 has one move: answered at once, without a search)
            e.ok(f"setoption name MouseStart value {sq}")
            e.ok("position startpos")
            best, infos = go(e, "movetime 2000")
            check(best[0] in e.query("moves").split(), e, f"illegal bestmove {best}")
            check(mate_of(e, infos) == -22, e, f"MouseStart={sq}: expected mate -22")
        # After e1-d2 the cats win in 43 plies: mate 22; they play the table's move.
        e.ok("setoption name MouseStart value e1")
        e.ok("position startpos moves e1-d2")
        best, infos = go(e, "depth 4")
        check(mate_of(e, infos) == 22, e, "cats after e1-d2")
        check(best == ["b8-a7"], e, f"perfect cats move {best}")
        e.ok("position fen e7 d6,f6,b8,h8 mouse")
        best, infos = go(e, "movetime 500")
        check(mate_of(e, infos) == 1 and best[0] in ("e7-d8", "e7-f8"), e, f"mouse wins at once: {best}")
        # Perfect play against itself: every score is exact and the cats trap the mouse on time.
        line = []
        for ply in range(len(MC_PERFECT)):
            e.ok("position startpos" + (" moves " + " ".join(line) if line else ""))
            best, infos = go(e, "depth 1")
            if infos:
                want = len(MC_PERFECT) - ply
                n = mate_of(e, infos)
                check(n == ((want + 1) // 2 if want % 2 else -(want // 2)), e, f"ply {ply}: mate {n}, {want} plies left")
            line.append(best[0])
        e.ok("position startpos moves " + " ".join(line))
        expect(e, gameover="true", result="p2win")

        select(e, "hare-hounds")
        for start in ("10", "5"):
            e.ok(f"setoption name HareStart value {start}")
            e.ok("position startpos")
            best, infos = go(e, "nodes 1000")
            check(mate_of(e, infos) == 12, e, f"HareStart={start}: hounds win in 23 plies = mate 12")
            check(best[0] in e.query("moves").split(), e, f"illegal bestmove {best}")
        # Perfect play against itself from both starts: exact scores every ply, the hounds trap the hare in 23.
        for start in ("10", "5"):
            e.ok(f"setoption name HareStart value {start}")
            line = []
            for ply in range(23):
                e.ok("position startpos" + (" moves " + " ".join(line) if line else ""))
                best, infos = go(e, "depth 1")
                if infos:
                    want = 23 - ply
                    n = mate_of(e, infos)
                    check(n == ((want + 1) // 2 if want % 2 else -(want // 2)), e,
                          f"HareStart={start} ply {ply}: mate {n}, {want} plies left")
                line.append(best[0])
            e.ok("position startpos moves " + " ".join(line))
            expect(e, gameover="true", result="p1win")
        e.ok("setoption name HareStart value 10")
        e.ok("position fen 4 1,6,7 hounds 9")
        best, infos = go(e, "depth 2")
        check(best == ["6-5"] and mate_of(e, infos) == 1, e, f"trap beats stall: {best}")
        e.ok("position fen 1 4,5,6 hare 3")
        best, infos = go(e, "depth 2")
        check(best == ["1-0"] and mate_of(e, infos) == 1, e, f"hare escapes: {best}")


def test_go_fox_geese(path):
    with engine(path) as e:
        select(e, "fox-geese")
        for ev in ("ludus", "seed"):
            e.ok(f"setoption name Evaluator value {ev}")
            e.ok("position startpos")
            best, infos = go(e, "depth 4")
            check(best[0] in e.query("moves").split(), e, f"{ev}: illegal bestmove {best}")
            check(infos and infos[-1]["depth"] == 4 and infos[-1]["score_kind"] == "cp", e, f"{ev}: {infos[-1:]}")
            out = e.cmd("eval")
            check(out and all(l.startswith("info string ") for l in out), e, f"eval: {out}")
        e.ok("setoption name Evaluator value ludus")
        e.ok(f"position fen {FG_CHAINS}")
        best, infos = go(e, "movetime 300")
        check(best[0] in e.query("moves").split(), e, f"illegal bestmove {best}")
        e.ok("position fen d2 a3,b3,c3,d3,e3 fox 0")
        best, infos = go(e, "depth 3")
        check(best[0] in ("d2-c1", "d2-d1", "d2-e1") and mate_of(e, infos) == 1, e, f"fox home: {best}")
        e.ok("position fen d7 c7,e7,e6,d5,a3 geese 9")
        best, infos = go(e, "depth 3")
        check(best == ["e6-d6"] and mate_of(e, infos) == 1, e, f"trap: {best}")
        e.ok("position fen d7 c7,e7,d6 fox 0")
        best, _ = go(e, "depth 3")
        check(best == ["d7xd5"], e, f"the only move: {best}")
        e.ok("position fen d7 c7,e7 geese 0")
        best, _ = go(e, "depth 3")
        check(best == ["none"], e, f"geese blocked: {best}")
        e.ok(f"position fen {FG_START}")
        d = e.cmd("d")
        check(any("G" in l for l in d) and d[-1] == f"info string fen {FG_START}", e, f"d: {d}")


# ---- `ludus solve` (rules 10.5: the known results, for every option value) -----------

def solve_output(path, *args):
    out = subprocess.run([path, "solve", *args], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise AssertionError(f"ludus solve {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out.stdout


def test_solve_command(path):
    out = solve_output(path, "--game", "mouse-cats")
    for sq in ("a1", "c1", "e1", "g1"):
        m = re.search(rf"MouseStart={sq}[^\n]*: {sq} b8,d8,f8,h8 mouse\n  value: cats win \(p2win\); "
                      rf"perfect play lasts (\d+) plies \(mouse to move lose, score mate -(\d+)\)", out)
        if not m or m.group(1) != "44" or m.group(2) != "22":
            raise AssertionError(f"mouse-cats MouseStart={sq}: {out}")
    if "valid positions 1887900" not in out:
        raise AssertionError(f"mouse-cats state count: {out}")
    out = solve_output(path, "--game", "hare-hounds")
    for hare in ("10", "5"):
        m = re.search(rf"HareStart={hare}[^\n]*: {hare} 0,1,3 hounds 0\n  value: hounds win \(p1win\); "
                      rf"perfect play lasts (\d+) plies \(hounds to move win, score mate (\d+)\)", out)
        if not m or m.group(1) != "23" or m.group(2) != "12":
            raise AssertionError(f"hare-hounds HareStart={hare}: {out}")
    if "valid positions 26400" not in out:
        raise AssertionError(f"hare-hounds state count: {out}")
    out = solve_output(path, "--game", "hare-hounds", "--fen", "4 1,6,7 hounds 9")
    if "value: hounds win (p1win); perfect play lasts 1 plies" not in out or "perfect play: 6-5" not in out:
        raise AssertionError(f"hare-hounds --fen: {out}")
    # fox-geese: a small proof (4 geese cannot hold the fox here).
    out = solve_output(path, "--game", "fox-geese", "--fen", "d7 c5,d5,e5,g3 geese 0", "--seconds", "20")
    if "result: proven: the fox wins" not in out:
        raise AssertionError(f"fox-geese --fen: {out}")
    if "and a 256 MiB table per position" not in out:
        raise AssertionError(f"fox-geese default proof table: {out}")
    # --hash sizes the proof table; a sealed fox (from a match game) is still proven lost with 32 MiB.
    out = solve_output(path, "--game", "fox-geese", "--fen", "c6 b3,g3,a4,b4,c4,d4,e4,f4,a5,b5,c5,d5,e5,f5,g5 fox 4",
                       "--seconds", "20", "--hash", "32")
    if "and a 32 MiB table per position" not in out or "result: proven: the geese win" not in out:
        raise AssertionError(f"fox-geese --hash 32: {out}")
    # --nodes: an expansion budget (checked every 1024 expansions), with no time limit of its own;
    # the same budget gives the same search.
    runs = [solve_output(path, "--game", "fox-geese", "--fen", "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0",
                         "--nodes", "30000", "--hash", "16") for _ in range(2)]
    for out in runs:
        m = re.search(r"(\d+) expansions in .*root proof/disproof numbers (\d+)/(\d+)", out)
        if ("df-pn proof search, 30000 expansions and a 16 MiB table" not in out
                or "not proven within the budget" not in out or not m or not 30000 <= int(m.group(1)) < 31024):
            raise AssertionError(f"fox-geese --nodes 30000: {out}")
    if [re.search(r"(\d+) expansions.*numbers (\S+)", o).groups() for o in runs] != \
            [re.search(r"(\d+) expansions.*numbers (\S+)", runs[0]).groups()] * 2:
        raise AssertionError(f"fox-geese --nodes is not deterministic: {runs}")


if __name__ == "__main__":
    run_tests(globals())
