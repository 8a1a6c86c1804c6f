#!/usr/bin/env python3
"""Responsiveness of the engine as a GUI or a match runner meets it, per game.

Every figure is wall time on the client's side of the pipe (send to answer):

  first       the first `go movetime 200` of a fresh process, after
              `setoption Hash 1024`, `OwnBook false` and `isready`: the time
              to `bestmove` (target: movetime plus scheduling noise, <= 300 ms)
  first-stop  `stop` sent 20 ms after the first `go infinite` of a fresh
              process: the time from `stop` to `bestmove` (target < 50 ms), and
              `isready` sent 20 ms after the first `go`: the time to `readyok`
  stop        `stop` after a `go infinite` of 50-300 ms, `--trials` times in
              one process: p50 / p99 / max of `stop` to `bestmove`
              (target p99 < 10 ms on an idle machine); from the start, and for
              Arimaa from positions of its blunder suites too (goal threats:
              the evaluation's goal-defence search runs long there)
  hash        `setoption name Hash value 4096` then `quit`: the time the
              process takes to exit (an input thread that waits on the
              allocation cannot read `quit`)

    python3 scripts/bench_latency.py --ludus build/release/ludus [--only first,stop] [--runs 10] [--trials 200]
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, machine  # noqa: E402

GAMES = ("othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese")
# Arimaa's start position is the setup phase: search a played position instead.
ARIMAA_FEN = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARIMAA_SUITE = os.path.join(REPO, "tests", "data", "arimaa", "blunders.txt")


def suite_positions(path):
    """The FENs of a position suite (the first `|`-separated field of each line)."""
    with open(path) as f:
        return ["position fen " + l.split("|")[0].strip() for l in f if l.strip() and not l.startswith("#")]


def position(game):
    return "position fen " + ARIMAA_FEN if game == "arimaa" else "position startpos"


def fresh(binary, game, options=()):
    eng = UgiEngine([binary])
    eng.handshake([("Game", game), ("OwnBook", "false")] + list(options), timeout=60)
    eng.send(position(game))
    eng.sync(60)
    return eng


def until(eng, prefix, timeout=30):
    stamp, _, _ = eng.wait_for(lambda l: l.startswith(prefix), timeout)
    return stamp


def ms(seconds):
    return seconds * 1000.0


def fmt(xs):
    return f"median {statistics.median(xs):.1f} ms, max {max(xs):.1f} ms"


def bench_first(binary, games, runs):
    print(f"## first `go movetime 200` of a fresh process (Hash 1024, OwnBook false), {runs} processes\n")
    print("| game | send go -> bestmove |\n|---|---|")
    for game in games:
        lat = []
        for _ in range(runs):
            eng = fresh(binary, game, [("Hash", "1024")])
            t0 = time.monotonic()
            eng.send("go movetime 200")
            lat.append(ms(until(eng, "bestmove") - t0))
            eng.close()
        print(f"| {game} | {fmt(lat)} |", flush=True)
    print()


def after_first_go(binary, game, command, answer):
    """ms from `command`, sent 20 ms after the first `go infinite` of a fresh
    process, to the line starting with `answer`."""
    eng = fresh(binary, game)
    eng.send("go infinite")
    time.sleep(0.02)
    t0 = time.monotonic()
    eng.send(command)
    took = ms(until(eng, answer) - t0)
    eng.close()
    return took


def bench_first_stop(binary, games, runs):
    print(f"## `stop` and `isready` 20 ms after the first `go infinite` of a fresh process, {runs} processes\n")
    print("| game | stop -> bestmove | isready -> readyok |\n|---|---|---|")
    for game in games:
        stops = [after_first_go(binary, game, "stop", "bestmove") for _ in range(runs)]
        readies = [after_first_go(binary, game, "isready", "readyok") for _ in range(runs)]
        print(f"| {game} | {fmt(stops)} | {fmt(readies)} |", flush=True)
    print()


def bench_stop(binary, games, trials):
    print(f"## `stop` -> `bestmove` after `go infinite` of 50-300 ms, {trials} trials per game\n")
    print("| game | positions | p50 | p99 | max |\n|---|---|---|---|---|")
    rng = random.Random(1)
    runs = [(game, "start", [position(game)]) for game in games]
    if "arimaa" in games:
        runs.append(("arimaa", "blunder suite", suite_positions(ARIMAA_SUITE)))
    for game, label, positions in runs:
        eng = fresh(binary, game)
        lat = []
        for i in range(trials):
            eng.send(positions[i % len(positions)])
            eng.send("go infinite")
            time.sleep(rng.uniform(0.05, 0.3))
            t0 = time.monotonic()
            eng.send("stop")
            lat.append(ms(until(eng, "bestmove") - t0))
        eng.close()
        lat.sort()
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]  # noqa: E731
        print(f"| {game} | {label} | {p(0.5):.2f} ms | {p(0.99):.2f} ms | {lat[-1]:.2f} ms |", flush=True)
    print()


def bench_hash(binary, runs):
    print(f"## `setoption name Hash value 4096`, then `quit`: time to exit, {runs} processes\n")
    lat = []
    for _ in range(runs):
        proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, text=True)
        proc.stdin.write("ugi\nsetoption name Hash value 4096\n")
        proc.stdin.flush()
        time.sleep(0.05)
        t0 = time.monotonic()
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=60)
        lat.append(ms(time.monotonic() - t0))
    print(f"quit -> exit: {fmt(lat)}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default="build/release/ludus")
    ap.add_argument("--only", default="first,first-stop,stop,hash")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--runs", type=int, default=10, help="fresh processes per game (first, first-stop, hash)")
    ap.add_argument("--trials", type=int, default=200, help="stops per game (stop)")
    args = ap.parse_args()
    only = set(args.only.split(","))
    games = args.games.split(",")
    print(f"# {args.ludus}; {machine()}\n")
    if "first" in only:
        bench_first(args.ludus, games, args.runs)
    if "first-stop" in only:
        bench_first_stop(args.ludus, games, args.runs)
    if "stop" in only:
        bench_stop(args.ludus, games, args.trials)
    if "hash" in only:
        bench_hash(args.ludus, args.runs)


if __name__ == "__main__":
    main()
