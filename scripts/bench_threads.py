#!/usr/bin/env python3
"""Threads against one thread: time to a fixed depth and nodes per second.

For each game, the first --positions openings of book/openings/<game>.txt
are searched to the game's depth (--depth overrides it) with every --threads
count, a fresh table for each position (`uginewgame`), OwnBook off. One
line per game: the wall time summed over the positions, the nodes per
second of all threads together, and each count's time as a ratio of the
one-thread time. Lazy SMP trades time to depth for a wider tree, so the
ratio is not the strength: scripts/match.py with --option1 Threads=2 is.

    python3 scripts/bench_threads.py --ludus build/release/ludus
    python3 scripts/bench_threads.py --ludus build/release/ludus --games camelot --positions 20
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import read_openings  # noqa: E402
from ugi_engine import UgiEngine, machine  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# About a second a position with one thread on a 2-core EPYC.
DEPTHS = {"othello": 14, "arimaa": 10, "camelot": 9, "linja": 18, "mouse-cats": 16,
          "hare-hounds": 22, "fox-geese": 14}


def last_nodes(info_lines):
    """The node count of the last info line that has one (0 if none)."""
    for line in reversed(info_lines):
        w = line.split()
        if "nodes" in w:
            return int(w[w.index("nodes") + 1])
    return 0


def search_times(ludus, game, threads, openings, depth, hash_mib):
    """[(seconds, nodes)] of `go depth` over the openings."""
    e = UgiEngine([ludus], name=f"ludus T{threads}")
    try:
        e.handshake([("Game", game), ("Hash", hash_mib), ("Threads", threads), ("OwnBook", "false")], timeout=60)
        out = []
        for start, moves in openings:
            e.send("uginewgame")
            e.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
            e.sync(60)
            _, seconds, infos = e.go(f"depth {depth}", timeout=600)
            out.append((seconds, last_nodes(infos)))
        return out
    finally:
        e.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(ROOT, "build/release/ludus"))
    ap.add_argument("--games", default=",".join(DEPTHS))
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--depth", type=int, default=0, help="one depth for every game (default: per game)")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--hash", type=int, default=256)
    args = ap.parse_args()
    counts = [int(t) for t in args.threads.split(",")]
    print(f"# {machine()}; {args.positions} positions a game, Hash {args.hash}")
    print("game depth " + " ".join(f"T{t}:seconds T{t}:Mnps" for t in counts) + " " +
          " ".join(f"T{t}/T{counts[0]}" for t in counts[1:]) + "  (time per position, min-max ratio)")
    for game in args.games.split(","):
        openings = read_openings(os.path.join(ROOT, "book/openings", f"{game}.txt"))[:args.positions]
        depth = args.depth or DEPTHS[game]
        runs = {t: search_times(args.ludus, game, t, openings, depth, args.hash) for t in counts}
        secs = {t: sum(s for s, _ in runs[t]) for t in counts}
        nodes = {t: sum(n for _, n in runs[t]) for t in counts}
        cols = [f"{secs[t]:.2f} {nodes[t] / max(secs[t], 1e-9) / 1e6:.2f}" for t in counts]
        ratios = []
        for t in counts[1:]:
            per = [a / max(b, 1e-9) for (a, _), (b, _) in zip(runs[t], runs[counts[0]])]
            ratios.append(f"{secs[t] / max(secs[counts[0]], 1e-9):.2f} ({min(per):.2f}-{max(per):.2f})")
        print(f"{game} {depth} " + " ".join(cols) + " " + " ".join(ratios), flush=True)


if __name__ == "__main__":
    main()
