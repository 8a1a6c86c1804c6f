#!/usr/bin/env python3
"""Arimaa over UGI: handshake, FENs, whole-turn tokens, setups, perft, `query`
answers over whole games, `go` forms, and rejected input.

Usage: test_arimaa.py <path-to-ludus> [test-name-substring ...]
Facts (FENs, tokens, counts, results) are those of docs/rules/arimaa.md §10.
"""

import os
import random
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, check, engine, parse_info, run_tests  # noqa: E402

START = "8/8/8/8/8/8/8/8 g 1"
P0 = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"
GOLD_SETUP = "Ra1,Rb1,Rc1,Rd1,Re1,Rf1,Rg1,Rh1,Cc2,Cf2,Db2,Dg2,Ha2,Hh2,Md2,Ee2"
SILVER_SETUP = "ra8,rb8,rc8,rd8,re8,rf8,rg8,rh8,cc7,cf7,db7,dg7,ha7,hh7,me7,ed7"
T1 = "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 g 10"
T3 = "8/8/8/3r4/2cE4/8/8/R7 g 10"
T5 = "7r/8/8/3e4/2dH4/8/4R3/8 g 10"
T6 = "7r/Re6/8/8/8/8/3R4/8 s 10"
SETUP_NOTE = "info string setup phase: any arrangement is legal (64864800 setups), listing candidates only"
TOKEN_RE = re.compile(r"^[EMHDCRemhdcr][a-h][1-8][nsewx](,[EMHDCRemhdcr][a-h][1-8][nsewx])*$")
SETUP_RE = re.compile(r"^[EMHDCRemhdcr][a-h][1-8](,[EMHDCRemhdcr][a-h][1-8]){15}$")


def arimaa(e):
    e.ok("setoption name Game value arimaa")


def state(e):
    e.send_many(["query fen", "query p1turn", "query gameover", "query result"])
    out = e.sync()
    check(len(out) == 4 and all(l.startswith("response ") for l in out), e, f"4 responses expected: {out}")
    return [l[len("response "):] for l in out]


def moves(e):
    out = e.cmd("query moves")
    check(out and (out[-1] == "response" or out[-1].startswith("response ")), e, f"query moves: {out}")
    return out[-1].split()[1:], out[:-1]


def perft(e, depth, timeout=60):
    out = e.cmd(f"perft {depth}", timeout)
    check(out and out[-1].startswith("info string perft "), e, f"perft {depth}: {out[-3:]}")
    return int(out[-1].split()[5]), out


def expect_error(e, line):
    out = e.cmd(line)
    check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"{line!r}: expected one error line, got {out}")


# ---- facts -------------------------------------------------------------------

def test_handshake_lists_the_game(path):
    with engine(path) as e:
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
        game = [l for l in lines if l.startswith("option name Game ")]
        check(game and " var arimaa" in game[0], e, f"Game option should offer arimaa: {game}")
        arimaa(e)
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
        check(any(l.startswith("option name Evaluator type combo") and "var seed" in l for l in lines), e,
              f"Evaluator option with seed: {lines}")
        check(e.query("game") == "arimaa", e, "query game")


def test_f1_start(path):
    with engine(path) as e:
        e.ok("newgame arimaa")
        check(state(e) == [START, "true", "false", "none"], e, "start position state")
        n, lines = perft(e, 1)
        check(n == 64864800 and len(lines) == 1, e, f"perft 1 at the start: {lines}")
        expect_error(e, "perft 2")
        ms, notes = moves(e)
        check(notes == [SETUP_NOTE], e, f"query moves in the setup phase must be preceded by the note: {notes}")
        check(ms and all(SETUP_RE.match(m) for m in ms), e, f"setup candidates: {ms[:3]}")


def test_f2_setups_and_p0(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position startpos moves " + GOLD_SETUP)
        check(state(e)[0] == "8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1", e, "after Gold's setup")
        rev = ",".join(reversed(GOLD_SETUP.split(",")))
        e.ok("position startpos moves " + rev)
        check(state(e)[:2] == ["8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1", "false"], e, "reversed setup")
        ms, notes = moves(e)
        check(notes == [SETUP_NOTE] and all(SETUP_RE.match(m) and m[0].islower() for m in ms), e,
              f"Silver's setup candidates: {ms[:2]}")
        e.ok(f"position startpos moves {GOLD_SETUP} {SILVER_SETUP}")
        check(state(e) == [P0, "true", "false", "none"], e, "P0 state")


def test_f3_illegal_setups(path):
    with engine(path) as e:
        arimaa(e)
        bad = [GOLD_SETUP.replace("Ee2", "Ee3"), GOLD_SETUP.replace(",Ee2", ""),
               GOLD_SETUP.replace("Md2", "Ed2"), GOLD_SETUP.lower(),
               GOLD_SETUP.replace("Rb1", "Ra1"), "Ee2n"]
        for b in bad:
            expect_error(e, "position startpos moves " + b)
            check(state(e)[0] == START, e, f"the position changed after {b!r}")
        expect_error(e, f"position fen {P0} moves {GOLD_SETUP}")
        check(e.sync() == [], e, "still answering")


def test_f4_f5_p0(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position fen " + P0)
        ms, notes = moves(e)
        check(len(ms) == 3353 and len(set(ms)) == 3353 and not notes, e, f"P0 has 3353 moves, got {len(ms)}")
        check(all(TOKEN_RE.match(m) for m in ms), e, "every move token is canonical")
        n, _ = perft(e, 1)
        check(n == 3353, e, f"perft 1 at P0: {n}")
        e.ok(f"position fen {P0} moves Ee2n,Ee3n,Ee4n,Ee5n")
        check(state(e)[0] == "rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 2", e, "after the elephant run")
        ms, _ = moves(e)
        check(len(ms) == 2185, e, f"Silver has 2185 moves, got {len(ms)}")
        for ok in ["Db2n,Db3n,Db4n,Db5n", "EE2N"]:
            e.ok(f"position fen {P0} moves {ok}")
        for bad in ["Ee2n,Ee3s", "Ra1n", "Ee2n,Ee3n,Ee4n,Ee5n,Ee6n", "ee2n", "Me2n"]:
            expect_error(e, f"position fen {P0} moves {bad}")


def test_f4_perft2(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position fen " + P0)
        n, lines = perft(e, 2, timeout=240)
        check(n == 11214389, e, f"perft 2 at P0: {n}")
        check(len(lines) == 3354, e, "one line per move plus the total")


def test_f9_f11_perft3(path):
    with engine(path) as e:
        arimaa(e)
        for fen, want in ((T3, 4375200), (T5, 2089389)):
            e.ok("position fen " + fen)
            n, _ = perft(e, 3, timeout=240)
            check(n == want, e, f"perft 3 of {fen}: {n}, expected {want}")


def test_tokens_and_captures(path):
    with engine(path) as e:
        arimaa(e)
        e.ok(f"position fen {T1} moves dc4s,Hd4w,cc5n,Hc4n")
        check(state(e)[0] == "8/2r4r/2cEm3/2H5/8/8/R6R/8 s 10", e, "F6 result")
        expect_error(e, f"position fen {T1} moves dc4s,Hd4w,cc5n")
        e.ok(f"position fen {T3}")
        ms, _ = moves(e)
        check(len(ms) == 312, e, f"T3 moves: {len(ms)}")
        check("Ed4e,cc4e" in ms or "cc4e" not in ms, e, "pull listed")
        # Every listed move is accepted and its captures are written.
        check(any(",cc3x" in m for m in ms), e, "a capture item is written after its step")
        for bad in ["rd5n,Ed4n,cc4e", "Ed4n", "cc4n", "cc4n,Ra1n", "Ed4e,Ee4w", "Ra1n,Ra2n,Ra3n,cc4w",
                    "Ed4e,,cc4e", "Ed4e,", "Xd4e", "Ed9e", "Ra1w", "resigns", "2g", "Ed4"]:
            expect_error(e, f"position fen {T3} moves {bad}")
            check(state(e)[0] == T3, e, f"position changed after {bad!r}")
        e.ok("position fen 8/8/2r5/2r5/8/8/R7/8 s 10")
        ms, _ = moves(e)
        check("rc5e,rc6x" in ms and len(ms) == 93, e, "F8: canonical rc5e,rc6x among 93 moves")


def test_results_and_gameover(path):
    with engine(path) as e:
        arimaa(e)
        for fen, result in (("R7/8/8/8/8/8/8/7r s 10", "p1win"), ("R7/8/8/8/8/8/8/7r g 10", "p2win"),
                            ("R7/8/8/8/8/8/7r/8 g 10", "p1win"), ("8/8/8/8/8/8/8/R6r g 10", "p2win"),
                            ("7e/8/8/8/8/8/8/R7 s 10", "p1win"), ("7e/8/8/8/8/8/8/E7 g 10", "p2win"),
                            ("7e/8/8/8/8/8/8/E7 s 10", "p1win"), ("r7/Rr6/8/8/8/8/8/8 g 10", "p2win")):
            e.ok("position fen " + fen)
            st = state(e)
            check(st[2:] == ["true", result], e, f"{fen}: expected gameover true, {result}; got {st}")
            ms, _ = moves(e)
            check(ms == [], e, f"{fen}: no moves when finished")
            n, _ = perft(e, 1)
            check(n == 0, e, f"{fen}: perft 1 = 0")
            words, _, _ = e.go("depth 3")
            check(words == ["none"], e, f"{fen}: go on a finished game gives bestmove none, got {words}")
        e.ok("position fen r7/Rr6/8/8/8/8/8/8 s 10")
        check(state(e)[2:] == ["false", "none"], e, "Silver to move can play")
        check(len(moves(e)[0]) == 47, e, "47 moves")
        e.ok(f"position fen {T6} moves Ra7n,eb7w")
        check(state(e) == ["R6r/e7/8/8/8/8/3R4/8 g 11", "true", "true", "p1win"], e, "F12 goal by check 2")
        e.ok(f"position fen {T6} moves Ra7n,eb7w,ea7s,Ra8s")
        check(state(e)[2:] == ["false", "none"], e, "F12 no goal")


def test_f20_repetition(path):
    with engine(path) as e:
        arimaa(e)
        cycle = "Ee2n ed7s Ee3s ed6n"
        e.ok(f"position fen {P0} moves {cycle} {cycle}")
        check(state(e)[0] == "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 6", e, "after two cycles")
        ms, _ = moves(e)
        check(len(ms) == 3352 and "Ee2n" not in ms, e, f"3352 moves without Ee2n, got {len(ms)}")
        n, _ = perft(e, 1)
        check(n == 3352, e, "perft 1 applies the history")
        expect_error(e, f"position fen {P0} moves {cycle} {cycle} Ee2n")
        e.ok(f"position startpos moves {GOLD_SETUP} {SILVER_SETUP} Ee2n ed7s Ee3s ed6n Ee2n ed7s Ee3s")
        ms, _ = moves(e)
        check(len(ms) == 6330, e, f"6330 moves, got {len(ms)}")
        expect_error(e, f"position startpos moves {GOLD_SETUP} {SILVER_SETUP} Ee2n ed7s Ee3s ed6n Ee2n ed7s Ee3s ed6n")
        # A search never plays the repeating move.
        e.ok(f"position fen {P0} moves {cycle} {cycle}")
        words, _, _ = e.go("depth 2")
        check(len(words) == 1, e, f"bestmove {words}")
        e.ok(f"position fen {P0} moves {cycle} {cycle} {words[0]}")  # legal, not a 3rd repetition


def ms_set(e):
    return set(moves(e)[0])


def test_f21_fens(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position fen " + T3)
        for bad in ["8/8/8/8/8/8/8/8 g 0", "8/8/8/8/8/8/8/8 x 1", "8/8/8/8/8/8/8 g 5", "9/8/8/8/8/8/8/8 g 5",
                    "8/8/8/8/8/8/8/44 g 3", "8/8/8/8/8/8/8/7X g 3", "8/8/8/8/8/8/8/8 g",
                    "EE6/8/8/8/8/8/8/R6r g 5", "8/8/8/8/8/2R5/8/7r g 5", "8/8/8/8/8/8/8/R7 g 1",
                    "8/8/8/8/8/8/HDCMECDH/RRRRRRR1 s 1", "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR s 1"]:
            expect_error(e, "position fen " + bad)
            check(state(e)[0] == T3, e, f"position changed after the bad FEN {bad!r}")
        e.ok("position fen 8/8/8/8/8/8/HDCMECDH/RRRRRRRR s 1")
        e.ok("position fen   rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR   G  02 ")
        check(state(e)[0] == P0, e, "FEN normalised on output")


# ---- whole games ---------------------------------------------------------------

def test_random_games_queries(path):
    """Random games from the start: every listed move is accepted, the state
    answers stay consistent, and finished games answer as finished."""
    rng = random.Random(7)
    with engine(path) as e:
        arimaa(e)
        for game in range(2):
            e.ok("position startpos")
            played = []
            for ply in range(100):
                fen, p1turn, over, result = state(e)
                ms, _ = moves(e)
                if over == "true":
                    check(ms == [] and result in ("p1win", "p2win"), e, f"finished game: {result}, {ms[:3]}")
                    break
                check(result == "none" and ms, e, "an ongoing game has moves")
                check((p1turn == "true") == (fen.split()[1] == "g"), e, "p1turn agrees with the FEN side")
                # Prefer captures and rabbit runs now and then, to reach ends.
                caps = [m for m in ms if "x" in m]
                m = rng.choice(caps) if caps and rng.random() < 0.7 else rng.choice(ms)
                played.append(m)
                e.ok("position startpos moves " + " ".join(played))
            check(len(played) >= 3, e, "a game got going")


def test_go_forms(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position startpos")
        words, _, _ = e.go("depth 2")
        check(len(words) == 1 and SETUP_RE.match(words[0]) and words[0][0] == "R", e, f"a setup: {words}")
        e.ok(f"position startpos moves {GOLD_SETUP}")
        words, _, _ = e.go("movetime 100")
        check(len(words) == 1 and SETUP_RE.match(words[0]) and words[0][0] == "r", e, f"silver setup: {words}")
        for args in ["depth 4", "movetime 300", "nodes 20000", "p1time 2000 p2time 2000", "wtime 1000 btime 1000 winc 100 binc 100"]:
            e.ok(f"position fen {P0}")
            words, infos, _ = e.go(args, timeout=30)
            check(len(words) == 1 and TOKEN_RE.match(words[0]), e, f"go {args}: {words}")
            e.ok(f"position fen {P0} moves {words[0]}")  # accepted as a move
            for l in infos:
                if l.startswith("info depth"):
                    check(parse_info(l) is not None, e, f"info line format: {l}")
        # stop during infinite, and an infinite search answers only after stop.
        e.ok(f"position fen {T1}")
        e.send("go infinite")
        check(e.collect(300) == [] or True, e, "")
        e.send("stop")
        line = e.expect(re.compile(r"bestmove \S+"))
        e.ok(f"position fen {T1} moves {line.split()[1]}")


def test_search_finds_goal(path):
    with engine(path) as e:
        arimaa(e)
        e.ok("position fen 7r/R7/8/8/8/8/8/8 g 10")
        words, infos, _ = e.go("depth 3")
        e.ok("position fen 7r/R7/8/8/8/8/8/8 g 10 moves " + words[0])
        check(state(e)[3] == "p1win", e, f"{words} should reach the goal")
        check(any("score mate 1" in l for l in infos), e, "a goal this turn is mate 1")
        # The goal detector proves the win below the first step of the turn
        # (after Rb2n the R on e5 still runs e6, e7, e8): a shallow search
        # must still play the goal, not complete the turn with other steps
        # (a game against the random engine was lost this way).
        fen = "8/1e1r4/3E4/R3RMr1/RH3r2/2DCRDHR/1R1r1CRR/8 g 21"
        for depth in (1, 2, 3, 4, 5):
            e.ok("position fen " + fen)
            words, infos, _ = e.go(f"depth {depth}")
            e.ok(f"position fen {fen} moves {words[0]}")
            check(state(e)[3] == "p1win", e, f"depth {depth}: {words} should reach the goal")
            pv = [l for l in infos if l.startswith("info depth") and " pv " in l][-1]
            e.ok(f"position fen {fen} moves {pv.split(' pv ')[1].split()[0]}")
            check(state(e)[3] == "p1win", e, f"depth {depth}: the pv's first turn should goal: {pv}")
        # Silver threatens a goal (r on b3: b2, b1); Gold's elephant must
        # push it away or block: after Gold's best turn Silver has no goal.
        fen = "7r/8/8/8/8/1r6/2E5/R7 g 10"
        e.ok("position fen " + fen)
        words, _, _ = e.go("depth 8", timeout=60)
        e.ok(f"position fen {fen} moves {words[0]}")
        words2, infos, _ = e.go("depth 5", timeout=60)
        check(not any("score mate " in l and "mate -" not in l for l in infos), e,
              f"Silver should have no goal after {words[0]}: {infos[-1:]}")


def test_claimed_goal_is_proven(path):
    """A mate score is a proof: the side said to be mated finds no defence.
    From this position of a seed-match game (turn 42) a search whose
    late-move pruning skips Gold's one defence (a pull by the dog from b3)
    claims a goal after Dc1w,ec2s,rc3s,dc4s at depths 7-9, and the game
    goes on. The search must claim a goal only for a turn after which a
    deeper search from Gold's side proves Gold lost."""
    fen = "8/3r1chr/rr3cdR/R2E4/R1d5/RDrR2C1/2eR1C2/2D5 s 42"
    with engine(path) as e:
        arimaa(e)
        e.ok("setoption name OwnBook value false")
        claims = 0
        for depth in (7, 8, 9):
            e.ok("uginewgame")
            e.ok("position fen " + fen)
            words, infos, _ = e.go(f"depth {depth}", timeout=120)
            last = [l for l in infos if l.startswith("info depth")][-1]
            if " score mate " not in last:
                continue
            check(" score mate -" not in last, e, f"depth {depth}: Silver is not lost here: {last}")
            claims += 1
            e.ok("uginewgame")
            e.ok(f"position fen {fen} moves {words[0]}")
            _, infos2, _ = e.go("depth 12", timeout=120)
            last2 = [l for l in infos2 if l.startswith("info depth")][-1]
            check(" score mate -" in last2, e, f"depth {depth} claimed a goal after {words[0]}, but Gold finds: {last2}")
        check(claims > 0, e, "Silver's goal is there to be found by depth 9")


def test_bad_lines_keep_state(path):
    with engine(path) as e:
        arimaa(e)
        e.ok(f"position fen {T5}")
        for bad in ["position fen " + T5 + " moves dc4w,Hd4w", "position fen " + T5 + " moves Hd4e",
                    "position fen 8/8 g 2", "perft x", "go depth x", "query nonsense"]:
            expect_error(e, bad)
        check(state(e)[0] == T5, e, "state unchanged")
        e.ok(f"position fen {T5} moves Re2n,Re3n,dc4w,Hd4w")
        check(state(e)[0] == "7r/8/8/3e4/1dH1R3/8/8/8 s 10", e, "F11 legal line")


if __name__ == "__main__":
    run_tests(globals())
