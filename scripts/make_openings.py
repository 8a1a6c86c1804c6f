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
position. Uses a `ludus` process in UGI mode; nothing game-specific here.
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
            line.append(rng.choice(moves))
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
        if not m or m.group(1) == "mate" or abs(int(m.group(2))) > args.margin:
            continue
        found.append((line, int(m.group(2))))
    eng.close()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.game} openings: {len(found)} distinct positions after {args.plies} turns,\n")
        f.write(f"# |depth-{args.depth} score| <= {args.margin}. Made by: scripts/make_openings.py "
                f"--game {args.game} --plies {args.plies} --count {args.count} --depth {args.depth} "
                f"--margin {args.margin} --seed {args.seed}\n")
        for line, score in found:
            f.write("moves " + " ".join(line) + f"  # score {score:+d}\n")
    print(f"wrote {len(found)} openings to {args.out} ({tries} walks)")


if __name__ == "__main__":
    main()
