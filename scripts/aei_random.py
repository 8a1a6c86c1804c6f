#!/usr/bin/env python3
"""A random-move Arimaa engine speaking AEI (Python standard library only).

    scripts/aei_random.py [--ludus build/release/ludus] [--seed N]

Every turn is chosen uniformly among the distinct legal turns, which a
`ludus` process in UGI mode lists (`query moves`); setups are random
arrangements of the 16 pieces. The opponent for benchmarks of real engines.
"""

import argparse
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def aei_board_to_fen(board):
    """`[<64 chars>]` -> FEN board field."""
    cells = board[1:-1]
    rows = []
    for r in range(8):
        row, empty = "", 0
        for ch in cells[8 * r:8 * r + 8]:
            if ch == " ":
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += ch
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def random_setup(rng, gold):
    pieces = list("RRRRRRRRCCDDHHME")
    rng.shuffle(pieces)
    ranks = "12" if gold else "87"
    squares = [f + r for r in ranks for f in "abcdefgh"]
    return " ".join((p if gold else p.lower()) + sq for p, sq in zip(pieces, squares))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ref = UgiEngine(shlex.split(args.ludus) if " " in args.ludus else [args.ludus], name="lister")
    ref.handshake([("Game", "arimaa")])
    start, moves = "startpos", []

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        cmd = line.split()[0]
        if cmd == "aei":
            out("protocol-version 1")
            out("id name Random")
            out("id author the Ludus developers")
            out("id version 1")
            out("aeiok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "newgame":
            start, moves = "startpos", []
        elif cmd == "setposition":
            side = line.split()[1]
            board = line[line.index("["):line.rindex("]") + 1]
            start, moves = f"fen {aei_board_to_fen(board)} {side} 2", []
        elif cmd == "makemove":
            moves.append(",".join(line.split()[1:]))
        elif cmd == "go":
            ref.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
            fen = ref.query("fen")
            if fen.endswith(" 1"):  # the setup phase
                out("bestmove " + random_setup(rng, fen.split()[1] == "g"))
                continue
            legal = ref.query("moves").split()
            if not legal:
                out("log Error: no legal move")
                out("bestmove none")
                continue
            out("bestmove " + rng.choice(legal).replace(",", " "))
        elif cmd == "quit":
            break
        elif cmd in ("setoption", "stop"):
            pass
        else:
            out(f"log Error: unrecognised message '{line}'")
            break
    ref.close()


if __name__ == "__main__":
    main()
