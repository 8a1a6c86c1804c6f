#!/usr/bin/env python3
"""Makes a self-play openings file for any game: distinct, balanced
positions a few turns deep, written as `moves m1 m2 ...` lines (the format
scripts/match.py reads).

  scripts/make_openings.py --game othello --plies 6 --count 60 --depth 6 --margin 150 \
      --out book/openings/othello.txt

Method: random walks of `--plies` turns from the start position (every
legal turn equally likely, a fixed seed), kept when the resulting position
is new (by FEN), not finished, and a `go depth <depth>` search scores it
within +-margin (side to move's view) — so neither side starts from a lost
position. With --any-score (solved games such as mouse-cats and hare-hounds, where
every position is a proven win) the score filter is off. Games whose first
turns are a setup (Arimaa) walk through the setup candidates `query moves`
lists (the engine's sound setups). Uses a `ludus` process in UGI mode;
nothing game-specific here.
"""

import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--game", required=True)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--margin", type=int, default=150, help="max |score| in the game's centipawn units")
    ap.add_argument("--any-score", action="store_true",
                    help="keep positions whatever their score (solved games, where every position is "
                         "a proven win for one side and variety is what self-play needs)")
    ap.add_argument("--reject", default="",
                    help="regex: skip walks with a turn token matching it (e.g. 'x' keeps Arimaa's "
                         "random turns from throwing pieces into traps)")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--option", action="append", default=[], help="Name=Value game option")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    eng = UgiEngine([args.ludus])
    eng.handshake([tuple(o.split("=", 1)) for o in args.option])
    eng.send(f"newgame {args.game}")
    eng.sync()
    seen = set()
    found = []
    tries = 0
    while len(found) < args.count and tries < args.count * 50:
        tries += 1
        line = []
        eng.send("position startpos")
        ok = True
        for _ in range(args.plies):
            moves = eng.query("moves").split()
            if not moves:
                ok = False
                break
            choice = rng.choice(moves)
            if args.reject and re.search(args.reject, choice):
                ok = False
                break
            line.append(choice)
            eng.send("position startpos moves " + " ".join(line))
        if not ok or eng.query("gameover") == "true":
            continue
        fen = eng.query("fen")
        if fen in seen:
            continue
        seen.add(fen)
        eng.send("uginewgame")
        eng.send("position startpos moves " + " ".join(line))
        _, _, infos = eng.go(f"depth {args.depth}", 600)
        m = re.search(r"score (cp|mate) (-?\d+)", infos[-1] if infos else "")
        if not m:
            continue
        if not args.any_score and (m.group(1) == "mate" or abs(int(m.group(2))) > args.margin):
            continue
        found.append((line, m.group(1) + " " + m.group(2)))
    eng.close()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.game} openings: {len(found)} distinct positions after {args.plies} turns,\n")
        kept = "any depth-%d score" % args.depth if args.any_score else \
            f"|depth-{args.depth} score| <= {args.margin}"
        flags = " --any-score" if args.any_score else f" --margin {args.margin}"
        if args.reject:
            flags += f" --reject '{args.reject}'"
        f.write(f"# {kept}. Made by: scripts/make_openings.py "
                f"--game {args.game} --plies {args.plies} --count {args.count} --depth {args.depth}"
                f"{flags} --seed {args.seed}\n")
        for line, score in found:
            f.write("moves " + " ".join(line) + f"  # score {score}\n")
    print(f"wrote {len(found)} openings to {args.out} ({tries} walks)")


if __name__ == "__main__":
    main()
