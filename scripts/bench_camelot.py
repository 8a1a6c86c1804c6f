#!/usr/bin/env python3
"""Camelot benchmarks.

  scripts/bench_camelot.py [--ludus build/release/ludus] [--only search,depth,perft,match]
                           [--movetime 10000] [--games 100] [--match-movetime 300]
                           [--depth 8] [--against B] [--evaluator ludus|seed]

search  `go infinite`, `stop` after <ms> (one thread, 64 MiB hash, a fresh hash per
        position) from the start and from 10 middle-game positions: the deepest
        iteration completed in that time, nodes, nodes/s.
        The machine is shared, so the engine's CPU time is read from /proc and
        reported as well: "cpu" is the share of one core the engine got, and
        "nodes/cpu-s" the speed per second of CPU (independent of the load).
        Target: depth 8 or more from the start. --evaluator seed searches with
        the seed's evaluation (the match's opponent) for comparison.
depth   `go depth <--depth>` (default 8) from the same 11 positions and T6, for
        --ludus and, with --against B, for binary B too, alternating position by
        position: the time each takes to the same depth (the same trees when
        only speed changed: the nodes must match). Prints the totals and the ratio.
perft   perft(4) from the start (rules T3: 111592696) and perft(3) of T6.
match   scripts/match.py: Evaluator=ludus vs Evaluator=seed at equal movetime over
        book/openings/camelot.txt, both colours per opening (target: >= 95%).
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, machine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

START = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0"
# Ten middle-game positions (none with a forced capture, 40-91 legal moves):
# the engine against itself at depth 4 from every fifth opening of
# book/openings/camelot.txt, taken at the first position from ply 20, 24, ...,
# 56 with at least 30 legal moves not all captures.
MIDDLE = [
    "2/8/10/12/7M1K2/4mm6/4mmm1km2/4km6/12/5MMM4/5MMM2M1/12/12/10/8/2 b 0 0 0",
    "2/8/10/12/12/4mmmkm3/3mmmkm4/5mm5/3KM7/3K1MMM4/2K1MMMKM3/12/12/10/8/2 w 0 0 3",
    "2/8/10/12/12/4mmmkm3/4kmmm4/4km6/12/5MMMK3/K1M2MMMMK2/12/12/10/8/2 b 0 0 0",
    "2/8/10/12/12/5mmm4/5mmmk3/3m2m5/3k4K3/6MM1M2/6MMMK2/m11/4K7/10/8/2 w 0 0 4",
    "2/8/10/12/3k5M2/12/7mm3/2mm8/5M4M1/4M1M5/5MM5/5M6/12/10/8/2 w 0 0 0",
    "2/8/10/12/12/12/4M5m1/2K2M6/12/2M9/12/5M1m1m2/12/7M2/8/2 w 0 0 13",
    "2/8/10/12/12/2k6k2/3mmm2k3/12/6M5/4MMM1M3/4M1M5/10m1/12/10/8/2 w 0 0 14",
    "2/8/10/M4m6/12/7mmk2/7mk3/3M2M5/4MK6/3K1M6/4KMM3m1/12/12/10/8/2 w 0 0 1",
    "2/4K3/10/12/12/12/3m2m5/m7K3/1M10/4M7/1M4M1M3/10m1/12/10/8/2 w 0 0 10",
    "2/8/10/12/12/6km4/4k1m5/8m1K1/6m5/12/5MM2MM1/3k8/12/10/8/2 w 0 0 0",
]
T6_FEN = "2/8/10/12/2K4m4/4mmm1mk2/3k1mmmk3/3m8/12/3KM1MM4/3MM1MMMK2/3MM5K1/12/10/8/2 b 0 0 2"




def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_engine(ludus, evaluator):
    """A ludus playing Camelot on one thread, 64 MiB hash, no book."""
    eng = UgiEngine([ludus])
    # The game first: game options (Evaluator) set while another game is
    # selected would not reach this game's session.
    eng.handshake([("Game", "camelot"), ("Threads", "1"), ("Hash", "64"), ("OwnBook", "false"),
                   ("Evaluator", evaluator)])
    return eng


def bench_search(ludus, movetime, evaluator="ludus"):
    print(f"## depth reached in {movetime / 1000:g} s (go infinite, stop after {movetime} ms; one thread, "
          f"64 MiB hash; Evaluator={evaluator})\n")
    print("| position | legal moves | depth | seldepth | nodes | nodes/s | cpu | nodes/cpu-s | best |")
    print("|---|---|---|---|---|---|---|---|---|")
    eng = open_engine(ludus, evaluator)
    eng.send("newgame camelot")
    eng.sync()
    rows = []
    for i, fen in enumerate([START] + MIDDLE):
        name = "start" if i == 0 else f"middle {i}"
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        legal = len(eng.query("moves").split())
        # `go movetime` stops iterating once about half the time is used (the
        # next iteration would rarely finish), so the deepest iteration
        # completed within the budget is measured with go infinite + stop.
        c0 = cpu_seconds(eng.proc.pid)
        start = time.monotonic()
        eng.send("go infinite")
        time.sleep(movetime / 1000)
        eng.send("stop")
        stamp, line, seen = eng.wait_for(lambda l: l.startswith("bestmove"), 30)
        took = stamp - start
        cpu = cpu_seconds(eng.proc.pid) - c0
        best = line.split()[1]
        depth_lines = [l for l in seen if l.startswith("info depth")]
        if not depth_lines:
            print(f"| {name} | {legal} | - | - | - | - | - | - | {best} |", flush=True)
            continue
        m = re.search(r"depth (\d+) seldepth (\d+) .* nodes (\d+) nps (\d+) time (\d+)", depth_lines[-1])
        depth, seldepth = int(m.group(1)), int(m.group(2))
        # Nodes and speed at the end of the last completed iteration (the
        # engine prints no line for the unfinished one).
        nodes, nps, ms = int(m.group(3)), int(m.group(4)), int(m.group(5))
        share = cpu / took  # the share of one core the engine got over the whole budget
        rows.append((depth, nodes, ms / 1000, ms / 1000 * share))
        print(f"| {name} | {legal} | {depth} | {seldepth} | {nodes} | {nps:,} | {share:.0%} | "
              f"{nps / max(share, 1e-3):,.0f} | {best} |", flush=True)
    eng.close()
    mid = rows[1:]
    print(f"\nstart: depth {rows[0][0]}; middle games: depth {min(r[0] for r in mid)}-{max(r[0] for r in mid)} "
          f"(mean {sum(r[0] for r in mid) / len(mid):.1f}); nodes/cpu-s overall "
          f"{sum(r[1] for r in rows) / max(sum(r[3] for r in rows), 1e-3):,.0f}\n")


def time_to_depth(ludus, fen, depth, evaluator):
    eng = open_engine(ludus, evaluator)
    eng.send(f"position fen {fen}")
    eng.sync()
    eng.send(f"go depth {depth}")
    _, line, seen = eng.wait_for(lambda l: l.startswith("bestmove"), 600)
    eng.close()
    m = re.search(r"nodes (\d+) .*time (\d+)", [l for l in seen if l.startswith("info depth")][-1])
    return int(m.group(2)), int(m.group(1)), line.split()[1]


def bench_depth(binaries, depth, evaluator="ludus"):
    print(f"## time to depth {depth} (go depth {depth}; one thread, 64 MiB hash; Evaluator={evaluator})\n")
    print("| position | " + " | ".join(f"{b}: ms, nodes, best" for b in binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    totals = [[0, 0] for _ in binaries]
    for i, fen in enumerate([START] + MIDDLE + [T6_FEN]):
        cells = []
        for k, b in enumerate(binaries):
            ms, nodes, best = time_to_depth(b, fen, depth, evaluator)
            totals[k][0] += ms
            totals[k][1] += nodes
            cells.append(f"{ms} ms, {nodes}, {best}")
        name = "start" if i == 0 else "T6" if i == len(MIDDLE) + 1 else f"middle {i}"
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    for b, (ms, nodes) in zip(binaries, totals):
        print(f"\n{b}: {ms} ms, {nodes} nodes in all")
    if len(binaries) == 2:
        print(f"time ratio {totals[1][0] / max(totals[0][0], 1):.3f} (second / first); "
              f"nodes {'equal' if totals[0][1] == totals[1][1] else 'differ'}")
    print()


def bench_perft(ludus):
    print("## perft (one thread)\n")
    for fen, depth, want in ((START, 4, 111592696), (T6_FEN, 3, 1195018)):
        eng = UgiEngine([ludus])
        eng.handshake()
        eng.send("newgame camelot")
        eng.send(f"position fen {fen}")
        eng.send(f"perft {depth}")
        _, line, _ = eng.wait_for(lambda l: l.startswith("info string perft "), 600)
        eng.close()
        m = re.search(r"perft (\d+) nodes (\d+) time (\d+)", line)
        nodes, ms = int(m.group(2)), int(m.group(3))
        print(f"- perft({depth}) of `{fen}` = {nodes} ({'ok' if nodes == want else f'EXPECTED {want}'}), "
              f"{ms / 1000:.2f} s, {nodes / max(ms, 1) / 1000:.1f} M leaves/s")
    print()


def bench_match(ludus, games, movetime):
    print(f"## match: Evaluator=ludus vs Evaluator=seed, {games} games, movetime {movetime} ms\n")
    cmd = [sys.executable, os.path.join(REPO, "scripts", "match.py"), "--game", "camelot",
           "--engine1", ludus, "--engine2", ludus, "--name1", "ludus", "--name2", "seed",
           "--option1", "OwnBook=false", "--option2", "OwnBook=false", "--option2", "Evaluator=seed",
           "--games", str(games), "--movetime", str(movetime), "--concurrency", "1", "--quiet"]
    print("    " + " ".join(os.path.relpath(c, REPO) if c.startswith(REPO) else c for c in cmd))
    t0 = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    print("\n" + "\n".join("    " + l for l in out.strip().splitlines()))
    print(f"\n({time.monotonic() - t0:.0f} s)\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--only", default="search,perft,match")
    ap.add_argument("--movetime", type=int, default=10000)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--match-movetime", type=int, default=300)
    ap.add_argument("--depth", type=int, default=8, help="the depth of the depth benchmark")
    ap.add_argument("--against", default=None, help="a second binary for the depth benchmark")
    ap.add_argument("--evaluator", default="ludus", choices=["ludus", "seed"],
                    help="the evaluation searched in the search benchmark")
    args = ap.parse_args()
    print(f"Machine: {machine()}\n")
    only = args.only.split(",")
    if "search" in only:
        bench_search(args.ludus, args.movetime, args.evaluator)
    if "depth" in only:
        bench_depth([args.ludus] + ([args.against] if args.against else []), args.depth, args.evaluator)
    if "perft" in only:
        bench_perft(args.ludus)
    if "match" in only:
        bench_match(args.ludus, args.games, args.match_movetime)


if __name__ == "__main__":
    main()
