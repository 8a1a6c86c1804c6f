#!/usr/bin/env python3
"""Benchmarks of the hunt games. Standard library only.

  scripts/bench_hunt.py --ludus build/release/ludus [--only solve,depth,prove,suite,perft,match]
      [--prove-seconds 120] [--depth-seconds 10] [--suite FILE] [--suite-nodes N] [--games 100] [--movetime 300]

Sections:
  solve  `ludus solve` for mouse-cats and hare-hounds: values, lengths of
         perfect play, state counts, build times.
  perft  perft speed: mouse-cats 10, hare-hounds 12, fox-geese 7 from the starts.
  depth  fox-geese: the depth `go movetime <10 s>` reaches from a few positions
         (the last completed iteration: its info line's depth, nodes, time).
  prove  fox-geese: `ludus solve --game fox-geese` (df-pn) on the three start
         layouts with a time budget per layout.
  suite  fox-geese: df-pn with an expansion budget (--suite-nodes) on every
         position of --suite (lines "plies-before-the-end TAB game TAB FEN",
         e.g. positions of recorded games): how many are proven, per
         distance from the end. The budget in expansions, not seconds,
         makes two provers comparable on a noisy machine.
  match  fox-geese: the engine (Evaluator=ludus, `go movetime M`) against the
         seed's approach (Evaluator=seed, fixed `go depth 9`), scripts/match.py
         with --go2 "depth 9", openings from scripts/make_openings.py, both
         colours per opening, one game at a time. With --equal-time the
         engine's movetime follows the seed's mean time per move in each game
         (equal time per game; M is then only the first move's time).
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEPTH_FENS = [
    ("start (15 geese)", "d7 c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4 geese 0"),
    ("middlegame, fox to move", "d5 c2,d2,e2,b3,c3,d3,e3,f3,a4,b4,c4,e4,g4 fox 3"),
    ("jump chains, fox to move", "c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0"),
]


def run(cmd, timeout=None):
    t0 = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return out.stdout, time.monotonic() - t0


def section_solve(args):
    print("## Exact solutions (retrograde analysis)\n")
    for game in ("mouse-cats", "hare-hounds"):
        out, secs = run([args.ludus, "solve", "--game", game])
        print(f"`{os.path.basename(args.ludus)} solve --game {game}` ({secs:.2f} s wall, whole command):\n")
        print("```")
        for line in out.splitlines():
            # Keep the report short: the perfect-play lines are long.
            print(line if not line.strip().startswith("perfect play:") else line[:120] + " ...")
        print("```\n")


def section_perft(args):
    print("## Perft speed\n")
    print("| game | depth | leaves | time |")
    print("|---|---|---|---|")
    for game, depth in (("mouse-cats", 10), ("hare-hounds", 12), ("fox-geese", 7)):
        out, _ = run([args.ludus, "perft", "--game", game, "--depth", str(depth)])
        m = re.search(r"perft (\d+) nodes (\d+) time (\d+) ms", out)
        print(f"| {game} | {m.group(1)} | {m.group(2)} | {m.group(3)} ms |")
    print()


def section_depth(args):
    print(f"## fox-geese: search depth in {args.depth_seconds} s\n")
    print("| position | depth | seldepth | nodes | time (ms) | nps | score |")
    print("|---|---|---|---|---|---|---|")
    eng = UgiEngine([args.ludus])
    eng.handshake()
    eng.send("newgame fox-geese")
    eng.sync()
    for label, fen in DEPTH_FENS:
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        _, took, infos = eng.go(f"movetime {int(args.depth_seconds * 1000)}", args.depth_seconds + 30)
        last = [l for l in infos if l.startswith("info depth")][-1]
        f = dict(re.findall(r"\b(depth|seldepth|nodes|time|nps) (\d+)", last))
        score = re.search(r"score (cp|mate) (-?\d+)", last)
        print(f"| {label} | {f['depth']} | {f['seldepth']} | {f['nodes']} | {f['time']} | {f['nps']} | "
              f"{score.group(1)} {score.group(2)} |")
    eng.close()
    print()


# A whole self-play game (the geese trap the fox on d7 at ply 71), for the
# reach of the proof search: positions 10, 20, ... plies before the end.
GAME = ("e3-e4 d7-e7 d2-e3 e7-e6 e3-d4 e6-e5 e2-e3 e5-d5 c1-d2 d5-e5 a4-a5 e5-d5 c3-c4 d5-c5 c2-c3 "
        "c5-b4 g4-f4 b4-c5 f4-g5 c5-d5 e3-f4 d5-d6 d2-e3 d6-e5 e1-d2 e5-d5 f4-f5 d5-d6 f3-f4 d6-d5 "
        "f4-e5 d5-d6 g3-f4 d6-d5 c3-b4 d5-c5 d2-c3 c5-d5 b4-b5 d5-c5 b3-b4 c5-c6 d4-d5 c6-d6 d3-d4 "
        "d6-c7 e5-e6 c7-d6 e4-e5 d6-c5 d1-d2 c5-c6 b4-c5 c6-d6 a3-b4 d6-d7 c5-d6 d7-c7 d4-c5 c7-c6 "
        "d6-c7 c6-d6 c3-d4 d6-e7 d5-d6 e7-d7 d4-d5 d7-e7 d2-c3 e7-d7 e6-e7").split()


def prove_fen(ludus, fen, *budget):
    """`ludus solve --game fox-geese --fen F` with a budget: (result line, expansions, seconds) as text."""
    out, _ = run([ludus, "solve", "--game", "fox-geese", "--fen", fen, *budget])
    m = re.search(r"(\d+) expansions in ([\d.]+) s", out)
    return re.search(r"result: (.*)", out).group(1), m.group(1), m.group(2)


def section_prove(args):
    print(f"## fox-geese: proof-number search of the start positions ({args.prove_seconds} s each)\n")
    out, secs = run([args.ludus, "solve", "--game", "fox-geese", "--seconds", str(args.prove_seconds)])
    print(f"`{os.path.basename(args.ludus)} solve --game fox-geese --seconds {args.prove_seconds}` "
          f"({secs:.0f} s wall):\n")
    print("```")
    print(out.rstrip())
    print("```\n")
    print(f"Reach: positions of a self-play game ({len(GAME)} plies, the geese trap the fox), "
          f"{args.reach_seconds} s each:\n")
    print("| plies before the end | FEN | result | expansions | time |")
    print("|---|---|---|---|---|")
    eng = UgiEngine([args.ludus])
    eng.handshake()
    eng.send("newgame fox-geese")
    eng.sync()
    for back in range(10, len(GAME), 10):
        eng.send("position startpos moves " + " ".join(GAME[:len(GAME) - back]))
        fen = eng.query("fen")
        res, expansions, secs = prove_fen(args.ludus, fen, "--seconds", str(args.reach_seconds))
        print(f"| {back} | `{fen}` | {res} | {expansions} | {secs} s |")
        sys.stdout.flush()
        if res.startswith("not proven"):
            break
    eng.close()
    print()


def section_suite(args):
    if not args.suite:
        sys.exit("bench_hunt.py: the suite section needs --suite FILE")
    print(f"## fox-geese: df-pn on {os.path.basename(args.suite)}, {args.suite_nodes} expansions each\n")
    rows, totals = {}, [0, 0, 0, 0.0]
    with open(args.suite) as f:
        lines = [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]
    for back, _, fen in lines:
        res, expansions, secs = prove_fen(args.ludus, fen, "--nodes", str(args.suite_nodes))
        for row in (rows.setdefault(int(back), [0, 0, 0, 0.0]), totals):
            row[0] += 1
            row[1] += not res.startswith("not proven")
            row[2] += int(expansions)
            row[3] += float(secs)
    print("| plies before the end | positions | proven | expansions | seconds |")
    print("|---|---|---|---|---|")
    for back in sorted(rows):
        n, proven, exp, secs = rows[back]
        print(f"| {back} | {n} | {proven} | {exp:,} | {secs:.1f} |")
    n, proven, exp, secs = totals
    print(f"| all | {n} | **{proven}** | {exp:,} | {secs:.1f} |\n")


def section_match(args):
    print("## fox-geese: the engine against the seed's approach\n")
    openings = args.openings
    if not openings:
        openings = os.path.join(args.workdir, "fox-geese-openings.txt")
        subprocess.run([sys.executable, os.path.join(REPO, "scripts", "make_openings.py"), "--ludus", args.ludus,
                        "--game", "fox-geese", "--plies", "4", "--count", str((args.games + 1) // 2),
                        "--depth", "6", "--margin", "300", "--out", openings], check=True)
        # (margin 300: the ludus evaluation scores the 15-goose start about -170 for the geese, so
        # a 150 margin keeps no opening; every opening is played with both colours anyway)
    records = os.path.join(args.workdir, "fox-geese-match.jsonl")
    if os.path.exists(records):
        os.remove(records)
    cmd = [sys.executable, os.path.join(REPO, "scripts", "match.py"), "--game", "fox-geese",
           "--engine1", args.ludus, "--engine2", args.ludus, "--name1", "ludus", "--name2", "seed",
           "--option2", "Evaluator=seed", "--go2", "depth 9", "--movetime", str(args.movetime),
           "--margin", str(args.margin), "--games", str(args.games), "--openings", openings,
           "--records", records, "--concurrency", "1", "--quiet"] + (["--equal-time"] if args.equal_time else [])
    print("```")
    print("$ " + " ".join(cmd[1:]).replace(REPO + "/", ""))
    sys.stdout.flush()
    out, secs = run(cmd)
    print(out.rstrip())
    print("```\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--only", default="solve,perft,depth,prove,match")
    ap.add_argument("--depth-seconds", type=float, default=10)
    ap.add_argument("--prove-seconds", type=float, default=120)
    ap.add_argument("--reach-seconds", type=float, default=30)
    ap.add_argument("--suite", default=None, help="suite: the positions file")
    ap.add_argument("--suite-nodes", type=int, default=1000000, help="suite: df-pn expansions per position")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=300)
    ap.add_argument("--margin", type=float, default=3.0)
    ap.add_argument("--equal-time", action="store_true",
                    help="match: the engine's movetime for each move is the seed's mean time per move so far in "
                         "that game (match.py --equal-time); --movetime is then only the first move's time")
    ap.add_argument("--openings", default=None, help="openings file (default: made with make_openings.py)")
    ap.add_argument("--workdir", default="/tmp/bench_hunt")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    args.ludus = os.path.abspath(args.ludus)
    machine = subprocess.run(["sh", "-c", "lscpu | grep 'Model name'"], capture_output=True, text=True).stdout
    print(f"# Hunt games benchmarks\n\nMachine: {machine.split(':', 1)[-1].strip()}, "
          f"{os.cpu_count()} CPUs; binary {args.ludus}\n")
    sections = {"solve": section_solve, "perft": section_perft, "depth": section_depth, "prove": section_prove,
                "suite": section_suite, "match": section_match}
    for name in args.only.split(","):
        sections[name](args)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
