#!/usr/bin/env python3
"""Camelot benchmarks of issue 4 (results go to docs/benchmarks/camelot.md).

  scripts/bench_camelot.py [--ludus build/release/ludus] [--only search,perft,match]
                           [--movetime 10000] [--games 100] [--match-movetime 100]

search  `go movetime <ms>` (one thread, 64 MiB hash, a fresh hash per position) from the
        start and from 10 middle-game positions: depth reached, nodes, nodes/s.
        The machine is shared, so the engine's CPU time is read from /proc and
        reported as well: "cpu" is the share of one core the engine got, and
        "nodes/cpu-s" the speed per second of CPU (independent of the load).
        Target: depth 8 or more from the start.
perft   perft(4) from the start (rules T3: 111592696) and perft(3) of T6.
match   scripts/match.py: Evaluator=ludus vs Evaluator=seed at equal movetime over
        book/openings/camelot.txt, both colours per opening (target: >= 95%).
"""

import argparse
import os
import platform
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

START = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0"
# Ten middle-game positions: T6 of the rules doc, and positions 24-44 plies into
# games from random 4-ply openings played by the engine at depth 3.
MIDDLE = [
    "2/8/10/12/2K4m4/4mmm1mk2/3k1mmmk3/3m8/12/3KM1MM4/3MM1MMMK2/3MM5K1/12/10/8/2 b 0 0 2",
    "2/8/8k1/12/2k9/3mm1km4/7m2M1/5m4M1/9K2/8M1K1/3MMMM5/12/12/10/8/2 b 0 0 17",
    "2/8/10/12/12/1m2km1mmk2/m5m1kk2/8m3/1MM9/mKMK3M4/6MMM3/7KK3/12/10/8/2 b 0 0 1",
    "2/8/10/12/12/4kmmmm2k/4mkm5/5m1m4/9M2/M1K7M1/1K1MMMM1M3/8K3/12/10/8/2 b 0 0 7",
    "2/8/10/12/3m8/3k4k3/2k4mk3/2mm3mm3/7m4/4MKM5/3KMMMMMK2/8K3/12/10/8/2 w 0 0 12",
    "2/8/10/12/12/3mm3mk2/5mkmm3/M5m2m2/K11/3M2MM4/2KMM1MM4/12/12/10/8/2 b 0 0 8",
    "2/8/10/12/3kmmm5/3m1m6/6mm4/3MM2m2k1/2KK5M2/8M3/3MMMM1M3/6K5/12/10/8/2 w 0 0 7",
    "2/8/10/9m2/12/4m7/1M1kmm6/4m6k/2M5K3/3K1M1MM3/5K6/6MM4/12/10/8/2 b 0 0 8",
    "2/8/10/12/4m3kk2/5m2m3/12/1m3m2m3/4M7/4M7/8M3/9M2/6M5/1K2M5/8/2 w 0 0 4",
    "2/8/10/4k3m3/4m1k5/7k4/5mm5/12/9M1M/4MM4K1/12/12/12/10/8/m1 w 0 0 2",
]


def machine():
    cpu = "unknown cpu"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, load average {load:.1f}"


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bench_search(ludus, movetime):
    print(f"## go movetime {movetime} (one thread, 64 MiB hash)\n")
    print("| position | depth | seldepth | nodes | nodes/s | cpu | nodes/cpu-s | best |")
    print("|---|---|---|---|---|---|---|---|")
    eng = UgiEngine([ludus])
    eng.handshake([("Threads", "1"), ("Hash", "64"), ("OwnBook", "false")])
    eng.send("newgame camelot")
    eng.sync()
    rows = []
    for i, fen in enumerate([START] + MIDDLE):
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        c0 = cpu_seconds(eng.proc.pid)
        best, took, infos = eng.go(f"movetime {movetime}", movetime / 1000 + 10)
        cpu = cpu_seconds(eng.proc.pid) - c0
        last = [l for l in infos if l.startswith("info depth")][-1]
        m = re.search(r"depth (\d+) seldepth (\d+) .* nodes (\d+) nps (\d+) time (\d+)", last)
        depth, seldepth, nodes = int(m.group(1)), int(m.group(2)), int(m.group(3))
        nps = nodes / max(took, 1e-3)
        rows.append((depth, nodes, took, cpu))
        name = "start" if i == 0 else f"middle {i}"
        print(f"| {name} | {depth} | {seldepth} | {nodes} | {nps:,.0f} | {cpu / took:.0%} | {nodes / max(cpu, 1e-3):,.0f} "
              f"| {best} |", flush=True)
    eng.close()
    mid = rows[1:]
    print(f"\nstart: depth {rows[0][0]}; middle games: depth {min(r[0] for r in mid)}-{max(r[0] for r in mid)} "
          f"(mean {sum(r[0] for r in mid) / len(mid):.1f}); nodes/cpu-s overall "
          f"{sum(r[1] for r in rows) / max(sum(r[3] for r in rows), 1e-3):,.0f}\n")


def bench_perft(ludus):
    print("## perft (one thread)\n")
    for fen, depth, want in ((START, 4, 111592696), (MIDDLE[0], 3, 1195018)):
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
    ap.add_argument("--match-movetime", type=int, default=100)
    args = ap.parse_args()
    print(f"Machine: {machine()}\n")
    only = args.only.split(",")
    if "search" in only:
        bench_search(args.ludus, args.movetime)
    if "perft" in only:
        bench_perft(args.ludus)
    if "match" in only:
        bench_match(args.ludus, args.games, args.match_movetime)


if __name__ == "__main__":
    main()
