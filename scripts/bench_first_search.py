#!/usr/bin/env python3
"""How long the first search of a fresh engine process takes, beside the second.

A GUI or a match script starts the engine and soon sends its first `go`,
sometimes with a tiny time budget. Whatever the engine sets up lazily
(threads, their memory, tables) is paid inside that first search. This
starts `--runs` fresh processes per game and binary, sends `go depth 1`
twice from the start position (opening book off) and prints the engine's
own `time` of depth 1 for each: the first search against the second.

    python3 scripts/bench_first_search.py --ludus build/release/ludus [--against OTHER] [--runs 10]
"""
import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, machine  # noqa: E402

GAMES = ("othello", "arimaa", "camelot", "linja", "fox-geese")
# Arimaa's start position is the setup phase: search a played position instead.
ARIMAA_FEN = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"


def depth1_ms(eng):
    _, _, infos = eng.go("depth 1", 30)
    times = [int(m.group(1)) for m in (re.search(r"^info depth 1 .*\btime (\d+)", l) for l in infos) if m]
    if not times:
        raise SystemExit(f"{eng.name}: no depth-1 line in {infos}")
    return times[-1]


def measure(binary, game, runs):
    first, second = [], []
    for _ in range(runs):
        eng = UgiEngine(binary)
        eng.handshake([("Game", game), ("OwnBook", "false")])
        eng.send("position fen " + ARIMAA_FEN if game == "arimaa" else "position startpos")
        first.append(depth1_ms(eng))
        second.append(depth1_ms(eng))
        eng.close()
    return first, second


def summary(xs):
    return f"median {statistics.median(xs):g}, max {max(xs)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ludus", default="build/release/ludus")
    ap.add_argument("--against", help="a second binary, measured alternately with the first")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args()
    binaries = [args.ludus] + ([args.against] if args.against else [])
    print(f"# first and second `go depth 1` of fresh processes, ms (engine's `time`); {machine()}\n")
    print("| game | binary | first search | second search |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        for b in binaries:
            first, second = measure(b, game, args.runs)
            print(f"| {game} | {b} | {summary(first)} | {summary(second)} |", flush=True)


if __name__ == "__main__":
    main()
