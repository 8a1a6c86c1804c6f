#!/usr/bin/env python3
"""Hill-climb over Camelot set-ups for the position with the most legal moves.

Camelot's move generator writes into a fixed-size list (kMaxMoves in
games/camelot/movegen.h). A Knight before a lattice of enemy pieces has one
charge per set of pieces its chains can take, so the longest list is not
obvious; this script looks for it. From a start FEN it mutates the set-up
(moves a piece, turns a Man into a Knight or back, adds a piece; at most 14
pieces and 4 Knights a side), asks `ludus` for `query moves`, and keeps any
set-up with at least as many moves. It prints each new record and the best.

    python3 scripts/camelot_max_moves.py --ludus build/release/ludus --iterations 4000 --seed 1

Session 10: from the 2,183-move position of the unit test, 4,000 iterations
gave 6,302 moves; a second run from a later record (8,293) reached 14,137
(docs/games/camelot.md).
"""
import argparse
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import camelot_reference as ref  # noqa: E402

DEFAULT_START = "2/8/10/12/7k4/4mmmmmk2/3m1m1m1k2/5mkm1M2/5M1MKM2/3KMMMMK3/4M1M1K3/12/12/10/8/2 w 0 0 24"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.send("newgame camelot")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def count(self, pos):
        """Legal moves of `pos`, or -1 if the engine rejects the FEN."""
        self.send("position fen " + ref.to_fen(pos))
        self.send("query moves")
        rejected = False
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("ludus exited")
            if "error" in line:
                rejected = True
            if line.startswith("response"):
                return -1 if rejected else len(line.split()) - 1


def mutate(pos, rng, free):
    board = dict(pos["board"])
    for _ in range(rng.randint(1, 3)):
        occupied = list(board)
        roll = rng.random()
        if roll < 0.6 and occupied:
            src, dst = rng.choice(occupied), rng.choice(free)
            if dst not in board:
                board[dst] = board.pop(src)
        elif roll < 0.8 and occupied:
            sq = rng.choice(occupied)
            board[sq] = {"K": "M", "M": "K", "k": "m", "m": "k"}[board[sq]]
        else:
            sq = rng.choice(free)
            if sq not in board:
                board[sq] = rng.choice("KMkm")
    white = [v for v in board.values() if v in "KM"]
    black = [v for v in board.values() if v in "km"]
    if len(white) > 14 or len(black) > 14 or white.count("K") > 4 or black.count("k") > 4:
        return None
    return {"board": board, "side": pos["side"], "castle": pos["castle"], "clock": 0}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                    "build", "release", "ludus"))
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fen", default=DEFAULT_START)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.ludus)
    pos = ref.parse_fen(args.fen)
    best = engine.count(pos)
    print(f"start {best}", flush=True)
    free = [sq for sq in ref.SQUARES if sq not in ref.CASTLE[0] and sq not in ref.CASTLE[1]]
    for it in range(args.iterations):
        cand = mutate(pos, rng, free)
        if cand is None:
            continue
        n = engine.count(cand)
        if n >= best:
            if n > best:
                print(f"iteration {it}: {n} {ref.to_fen(cand)}", flush=True)
            best, pos = n, cand
    print(f"best {best} {ref.to_fen(pos)}")


if __name__ == "__main__":
    main()
