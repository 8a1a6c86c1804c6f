#!/usr/bin/env python3
"""Arimaa game records and the AEI match runner (scripts/aei_match.py):
a short match between `ludus` (AEI) and the random AEI engine writes a
record; reading it back and replaying it through `ludus` (UGI) gives the
same game and result, and writing it again gives the same text; forfeits
(an illegal move, no move in time, an engine that exits) are reported as
such; the score's Elo interval and the named time controls.

Usage: test_arimaa_records.py <path-to-ludus> [test-name-substring ...]
"""

import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts"))

import aei_match  # noqa: E402
from enginepipe import check, engine, require, run_tests  # noqa: E402

HANDWRITTEN = """[White "a"]
[Black "b"]
[TimeControl "2s/10s/100/30s"]
[PlyCount "5"]
[ResultCode "r"]
[Result "1-0"]

1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Cc2 Cf2 Db2 Dg2 Ha2 Hh2 Md2 Ee2
1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 cc7 cf7 db7 dg7 ha7 hh7 me7 ed7
2g Ee2n Ee3n
2g takeback
2g Ee2n Ee3n Ee4n Ee5n
2s ed7s ed6s hh7s hh6w
3g Db2n
3s resigns
1-0
"""


# An AEI engine that sets up normally, then forfeits its first play turn in
# the way argv[1] says: `illegal` (a step onto an occupied square), `silent`
# (no bestmove) or `exit`. It prints noise on stdout (log lines, info, an
# unknown line) and stderr, as real engines such as Sharp do.
FORFEITER = r"""
import sys
mode = sys.argv[1]
setups = ["Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Cc2 Cf2 Db2 Dg2 Ha2 Hh2 Md2 Ee2",
          "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 cc7 cf7 db7 dg7 ha7 hh7 me7 ed7"]
made = 0
def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
for raw in sys.stdin:
    cmd = raw.split()[0] if raw.split() else ""
    if cmd == "aei":
        for l in ("protocol-version 1", "log starting up", "id name forfeiter", "aeiok"):
            out(l)
    elif cmd == "isready":
        out("readyok")
    elif cmd == "newgame":
        made = 0
    elif cmd == "makemove":
        made += 1
    elif cmd == "go":
        sys.stderr.write("thinking hard\n")
        out("log Started search")
        out("info depth 3")
        out("something an engine should not print")
        if made < 2:
            out("bestmove " + setups[made])
        elif mode == "illegal":
            out("bestmove Ee2s")
        elif mode == "exit":
            out("log Error: giving up")
            sys.exit(3)
        else:
            out("log Error: lost in thought")
    elif cmd == "quit":
        break
"""


def replay(e, game):
    """Replays a parsed record through a UGI ludus; returns (fen, result)."""
    tokens = [",".join(m.split()) for m in game["moves"]]
    out = e.cmd("position startpos moves " + " ".join(tokens))
    check(out == [], e, f"the record's moves must be legal: {out}")
    return e.query("fen"), e.query("result")


def test_time_control_parsing(path):
    with engine(path) as e:
        tc = aei_match.TimeControl("2s/10s/100/30s")
        check((tc.move, tc.reserve, tc.percent, tc.max_reserve) == (2, 10, 100, 30), e, "2s/10s/100/30s")
        tc = aei_match.TimeControl("1/2/75/4/1h/30s")
        check((tc.move, tc.reserve, tc.percent, tc.max_reserve, tc.time_limit, tc.max_turntime) ==
              (60, 120, 75, 240, 3600, 30), e, "fields default to minutes, the game limit to hours")
        tc = aei_match.TimeControl("0:30/5/100/10/60t")
        check((tc.move, tc.reserve, tc.turn_limit, tc.time_limit) == (30, 300, 60, 0), e, "m:s and turn limits")
        check(aei_match.adjudicate([(16, 16), (16, 15), (15, 15)]) == 0, e, "last different count decides")
        check(aei_match.adjudicate([(16, 16)]) == 1, e, "never different: Silver")


def test_time_odds_options(path):
    with engine(path) as e:
        shared = aei_match.TimeControl("0.5s/3s/100/6s/80t")
        own = aei_match.TimeControl("1s/6s/100/12s/40t/20s")
        got = dict(aei_match.tc_options(own, shared))
        check(got["tcmove"] == aei_match.fmt_seconds(1) and got["tcreserve"] == aei_match.fmt_seconds(6), e,
              f"the player's own move time and reserve: {got}")
        check(got["tcmax"] == aei_match.fmt_seconds(12) and got["tcturntime"] == aei_match.fmt_seconds(20), e,
              f"the player's own reserve cap and turn time: {got}")
        check(got["tcturns"] == 80, e, f"the game's turn limit, not the player's: {got}")
        same = dict(aei_match.tc_options(shared, shared))
        check(same["tcmove"] == aei_match.fmt_seconds(0.5) and same["tcturns"] == 80, e, f"no odds: {same}")


def test_handwritten_record(path):
    with engine(path) as e:
        e.ok("setoption name Game value arimaa")
        games = aei_match.parse_records(HANDWRITTEN)
        check(len(games) == 1, e, "one game")
        g = games[0]
        check(g["tags"]["ResultCode"] == "r" and g["result"] == "1-0", e, f"tags {g['tags']}")
        check(len(g["moves"]) == 5, e, f"takeback and resigns are handled: {g['moves']}")
        fen, result = replay(e, g)
        check(fen == "rrrrrrrr/hdc1mcd1/4E1h1/3e4/8/1D6/H1CM1CDH/RRRRRRRR s 3", e, f"replayed position {fen}")
        check(result == "none", e, "a resigned game is not finished on the board")


def test_match_record_round_trip(path):
    with engine(path) as e:
        e.ok("setoption name Game value arimaa")
        with tempfile.TemporaryDirectory() as tmp:
            rec = os.path.join(tmp, "games.txt")
            cmd = [sys.executable, os.path.join(REPO, "scripts", "aei_match.py"),
                   "--engine1", f"{path} --protocol aei --hash 8",
                   "--engine2", f"{sys.executable} {os.path.join(REPO, 'scripts', 'aei_random.py')} --ludus {path} --seed 3",
                   "--referee", path, "--games", "2", "--tc", "0.1s/1s/100/2s/60t", "--records", rec,
                   "--name1", "ludus", "--name2", "random", "--quiet"]
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            check(res.returncode == 0, e, f"aei_match failed: {res.stderr[-2000:]}")
            # Time forfeits depend on the machine (a sanitizer build is ~10x
            # slower, and the random engine is Python): only a move the
            # referee refuses is a failure here; time use is a benchmark.
            check("illegal move" not in res.stdout.split("by reason:")[1], e,
                  f"no side may play an illegal move:\n{res.stdout}")
            text = open(rec, encoding="utf-8").read()
        games = aei_match.parse_records(text)
        check(len(games) == 2, e, f"two records, got {len(games)}")
        rewritten = ""
        for g in games:
            tags = g["tags"]
            check(int(tags["PlyCount"]) == len(g["moves"]), e, "PlyCount = number of turns")
            check(tags["Result"] == g["result"], e, "Result tag = result line")
            fen, result = replay(e, g)
            if tags["ResultCode"] in ("g", "e", "m"):
                want = "p1win" if g["result"] == "1-0" else "p2win"
                check(result == want, e, f"replayed result {result}, record says {g['result']}")
                check(aei_match.end_reason(fen) == tags["ResultCode"], e, f"reason {tags['ResultCode']} for {fen}")
            winner = 0 if g["result"] == "1-0" else 1
            rewritten += aei_match.format_record(tags["White"], tags["Black"], tags.get("TimeControl", ""),
                                                 g["moves"], winner, tags["ResultCode"])
        check(rewritten == text, e, "writing the parsed records again gives the same text")


def test_score_to_elo(path):
    lo_hi = aei_match.elo_interval(0, 2)
    require(lo_hi[0] == float("-inf") and lo_hi[1] == float("-inf") and 0 < lo_hi[2] < 200,
            f"no wins in 2 games: -inf, finite upper bound: {lo_hi}")
    even = aei_match.elo_interval(50, 100)
    require(abs(even[0]) < 1e-9 and abs(even[1] + even[2]) < 1e-6 and 60 < even[2] < 75,
            f"50/100: 0 Elo, symmetric interval of about +-68: {even}")
    require(aei_match.count_steps("Ee2n rd3s rd2x Hb2n") == 3, "capture items are not steps")
    require(aei_match.TC_PRESETS["confirm"] == "2s/30s/100/60s", "the confirming control")
    tc = aei_match.TimeControl(aei_match.TC_PRESETS["confirm"])
    got = dict(aei_match.tc_options(tc, tc))
    require(got["tcmove"] == "2" and got["tcreserve"] == "30" and got["tcpercent"] == 100 and got["tcmax"] == "60",
            f"2s/30s/100/60s as AEI options: {got}")


def test_forfeits_are_reported(path):
    """An illegal move, a missing bestmove and an engine that exits lose by
    `i`, `t` and `i`, with the reason on the game's line; engine noise on
    stdout and stderr does not disturb the referee."""
    with tempfile.TemporaryDirectory() as tmp:
        stub = os.path.join(tmp, "forfeiter.py")
        with open(stub, "w", encoding="utf-8") as f:
            f.write(FORFEITER)
        for mode, reason, why in (("illegal", "illegal move", "illegal move by forfeiter: 'Ee2s'"),
                                  ("silent", "time", "forfeiter sent no bestmove in"),
                                  ("exit", "illegal move", "forfeiter exited (code 3) instead of moving: "
                                                           "log Error: giving up")):
            rec = os.path.join(tmp, f"{mode}.txt")
            cmd = [sys.executable, os.path.join(REPO, "scripts", "aei_match.py"),
                   "--engine1", f"{sys.executable} {stub} {mode}", "--name1", "stub",
                   "--engine2", f"{path} --protocol aei --hash 8", "--name2", "ludus",
                   "--referee", path, "--games", "1", "--tc", "0.1s/0.5s/100/1s/20t", "--records", rec,
                   "--stderr", os.path.join(tmp, "stderr.txt")]
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            require(res.returncode == 0, f"{mode}: aei_match failed", res.stdout + res.stderr)
            require(f"ludus wins by {reason} after 2 turns ({why}" in res.stdout, f"{mode}: the game's line",
                    res.stdout)
            require("ludus: 1 wins" in res.stdout and "forfeits (time or illegal move): 1" in res.stdout,
                    f"{mode}: the summary", res.stdout)
            games = aei_match.parse_records(open(rec, encoding="utf-8").read())
            require(len(games) == 1 and games[0]["tags"]["ResultCode"] == reason[0] and
                    games[0]["result"] == "0-1", f"{mode}: the record", open(rec).read())
        require("thinking hard" in open(os.path.join(tmp, "stderr.txt")).read(), "--stderr collects engines' stderr")


if __name__ == "__main__":
    run_tests(globals())
