#!/usr/bin/env python3
"""Builds an opening book (book/<game>.book, format in book/README.md) by
deep search of the first plies, for any game the engine plays.

  scripts/build_book.py --game othello --depth 14 --plies 8 --margin 100 \
      --max-positions 300 --out book/othello.book

Every book position gets all its legal moves, each scored by a fixed-depth
search of the position after it (so a book move's score is the engine's
own best estimate at depth --depth). Positions are expanded breadth first
from the start: the moves within --margin of the best lead to the next
positions, until --plies or --max-positions. A `ludus` process in UGI mode
does all the work; nothing here is game-specific.
"""

import argparse
import collections
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, last_score  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def score_of(infos):
    found = last_score(infos[-1:])
    if not found:
        return None
    kind, value = found
    if kind == "mate":  # proven results outrank any heuristic score
        return 30000 - abs(value) if value > 0 else -30000 + abs(value)
    return value


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--game", required=True)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--margin", type=int, default=100)
    ap.add_argument("--max-positions", type=int, default=200)
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    eng = UgiEngine([args.ludus])
    eng.handshake([("Hash", args.hash), ("OwnBook", "false")])
    eng.send(f"newgame {args.game}")
    eng.sync()
    t0 = time.monotonic()
    queue = collections.deque([[]])
    seen = set()
    lines = []
    while queue and len(lines) < args.max_positions:
        line = queue.popleft()
        eng.send("position startpos" + (" moves " + " ".join(line) if line else ""))
        fen = eng.query("fen")
        if fen in seen or eng.query("gameover") == "true":
            continue
        seen.add(fen)
        me = eng.query("p1turn")
        moves = eng.query("moves").split()
        scored = []
        for m in moves:
            eng.send("position startpos moves " + " ".join(line + [m]))
            same_side = eng.query("p1turn") == me
            if eng.query("gameover") == "true":
                eng.send("go depth 1")  # bestmove none; the score comes from the result
                eng.wait_for(lambda l: l.startswith("bestmove"), 60)
                result = eng.query("result")
                won = {"p1win": me == "true", "p2win": me == "false"}.get(result)
                s = 0 if won is None else (30000 if won else -30000)
            else:
                _, _, infos = eng.go(f"depth {max(1, args.depth - 1)}", 3600)
                s = score_of(infos)
                if s is None:
                    continue
                s = s if same_side else -s
            scored.append((s, m))
        if not scored:
            continue
        scored.sort(key=lambda x: -x[0])
        lines.append(f"{fen} | " + " ".join(f"{m} {s}" for s, m in scored))
        if len(line) + 1 < args.plies:
            best = scored[0][0]
            for s, m in scored:
                if s >= best - args.margin:
                    queue.append(line + [m])
        print(f"{len(lines)} positions, ply {len(line)}, {time.monotonic() - t0:.0f} s", file=sys.stderr)
    eng.close()
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.game} opening book: {len(lines)} positions, moves scored by depth-{args.depth} search.\n")
        f.write(f"# Made by: scripts/build_book.py --game {args.game} --depth {args.depth} --plies {args.plies} "
                f"--margin {args.margin} --max-positions {args.max_positions}\n")
        for l in lines:
            f.write(l + "\n")
    print(f"wrote {len(lines)} positions to {args.out} in {time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    main()
