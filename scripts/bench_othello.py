#!/usr/bin/env python3
"""Othello benchmarks.

  scripts/bench_othello.py [--ludus build/bench/ludus] [--only perft,ffo,nps,match]
                           [--ffo tests/data/othello/fforum-20-39.obf] [--games 100] [--movetime 100]

perft   perft(10) and perft(11) from the start: time and leaves/s (target: perft(11) < 5 s)
ffo     exact solve of every FFO position of the file, one thread: value and best move
        checked against the file, time per position and in total (target: all exact, < 60 s)
nps     nodes/s of fixed-depth midgame searches (`ludus bench`)
match   self-play Evaluator=ludus vs Evaluator=seed at equal movetime (target: >= 95%)
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, machine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))




def bench_perft(ludus):
    print("## perft from the start position (one thread)")
    for depth in (10, 11):
        out = subprocess.run([ludus, "perft", "--game", "othello", "--depth", str(depth)],
                             capture_output=True, text=True, check=True).stdout
        m = re.search(r"perft (\d+) nodes (\d+) time (\d+) ms leaves/s (\d+)", out)
        print(f"perft({depth}) = {m.group(2)}  time {int(m.group(3)) / 1000:.2f} s  "
              f"{int(m.group(4)) / 1e6:.1f} M leaves/s")


def read_ffo(path):
    problems = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            fen, _, rest = line.partition(";")
            scores = {}
            for item in rest.split(";"):
                item = item.strip()
                if item:
                    mv, sc = item.split(":")
                    scores[mv.strip().lower()] = int(sc)
            problems.append((fen.strip(), scores))
    return problems


def bench_ffo(ludus, path, hash_mb):
    print(f"## exact solve of {os.path.basename(path)} (one thread, Hash {hash_mb})")
    eng = UgiEngine([ludus])
    eng.handshake([("Hash", hash_mb)])
    total = 0.0
    all_ok = True
    nodes_total = 0
    for i, (fen, scores) in enumerate(read_ffo(path), 1):
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        empties = fen.count("-")
        best, took, infos = eng.go("depth 60", 3600)
        last = infos[-1] if infos else ""
        m = re.search(r"score cp (-?\d+)", last)
        n = re.search(r" nodes (\d+)", last)
        value = int(m.group(1)) // 100 if m else None
        nodes = int(n.group(1)) if n else 0
        nodes_total += nodes
        best_listed = max(scores.values())
        ok = value == best_listed and scores.get(best) == best_listed
        all_ok &= ok
        total += took
        print(f"#{i:2d} empties {empties:2d}  value {value:+3d} (file {best_listed:+3d})  "
              f"move {best} {'ok' if ok else 'WRONG'}  {took:7.2f} s  {nodes / max(took, 1e-9) / 1e6:5.1f} Mn/s")
    eng.close()
    print(f"total {total:.1f} s, {nodes_total / max(total, 1e-9) / 1e6:.1f} M nodes/s, "
          f"{'all exact' if all_ok else 'SOME WRONG'}")


def bench_nps(ludus):
    print("## fixed-depth midgame search (ludus bench, one thread)")
    out = subprocess.run([ludus, "bench", "--game", "othello"], capture_output=True, text=True, check=True).stdout
    print(out.strip())


def bench_match(ludus, games, movetime):
    print(f"## self-play: Evaluator=ludus vs Evaluator=seed, {games} games, movetime {movetime} ms")
    cmd = [sys.executable, os.path.join(REPO, "scripts", "match.py"), "--game", "othello",
           "--engine1", ludus, "--engine2", ludus, "--name1", "ludus", "--name2", "seed",
           "--option2", "Evaluator=seed", "--games", str(games), "--movetime", str(movetime),
           "--concurrency", "1", "--quiet"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    print(out.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "bench", "ludus"))
    ap.add_argument("--only", default="perft,ffo,nps,match")
    ap.add_argument("--ffo", default=os.path.join(REPO, "tests", "data", "othello", "fforum-20-39.obf"))
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=100)
    args = ap.parse_args()
    print(f"machine: {machine()}")
    print(f"binary: {args.ludus}")
    only = set(args.only.split(","))
    if "perft" in only:
        bench_perft(args.ludus)
    if "ffo" in only:
        bench_ffo(args.ludus, args.ffo, args.hash)
    if "nps" in only:
        bench_nps(args.ludus)
    if "match" in only:
        bench_match(args.ludus, args.games, args.movetime)


if __name__ == "__main__":
    main()
