#!/usr/bin/env python3
"""Material in the games `ludus` lost, from Arimaa match records.

  scripts/arimaa_loss_stats.py docs/benchmarks/records/arimaa-s14-*.txt.gz

Reads records written by scripts/bench_arimaa.py seed (plain or gzipped;
the engine named `ludus` is White or Black) and counts captures from the
records' `x` tokens with simple piece values (rabbit 1, cat 2, dog 3,
horse 4, camel 6, elephant 8). Prints, over the lost games: how many were
3 or more points down by turn 20 and how many never were, and up to turn 25
the material each side lost on its own home traps (c3/f3 for Gold, c6/f6
for Silver) and on the other side's. Standard library only.
"""

import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aei_match import parse_records  # noqa: E402

VALUE = {"r": 1, "c": 2, "d": 3, "h": 4, "m": 6, "e": 8}


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return parse_records(f.read())


def main(paths):
    lost = early = never = 0
    by_trap = {}  # (side, "own"/"enemy") -> points lost up to turn 25
    for path in paths:
        for g in read(path):
            tags = g["tags"]
            ludus_gold = tags.get("White") == "ludus"
            if (tags.get("Result") == "1-0") == ludus_gold:
                continue
            lost += 1
            diff, first_down = 0, None
            for k, move in enumerate(g["moves"]):
                turn = k // 2 + 1
                for step in move.split():
                    if not step.endswith("x"):
                        continue
                    gold_piece = step[0].isupper()
                    who = "ludus" if gold_piece == ludus_gold else "seed"
                    value = VALUE[step[0].lower()]
                    diff += -value if who == "ludus" else value
                    if turn <= 25:
                        own = (step[2] == "3") == gold_piece
                        key = (who, "own" if own else "enemy")
                        by_trap[key] = by_trap.get(key, 0) + value
                if diff <= -3 and first_down is None:
                    first_down = turn
            if first_down is not None and first_down <= 20:
                early += 1
            if first_down is None:
                never += 1
    print(f"lost games {lost}: 3+ points down by turn 20 in {early}, never 3 points down in {never}")
    for who in ("ludus", "seed"):
        own, enemy = by_trap.get((who, "own"), 0), by_trap.get((who, "enemy"), 0)
        print(f"up to turn 25, {who} lost {own + enemy} points: {own} on its own home traps, {enemy} on the other side's")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
