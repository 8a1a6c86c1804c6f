#!/usr/bin/env python3
"""ludus's evaluation terms in won and lost games, from Arimaa match records.

  scripts/arimaa_eval_terms.py --binary B docs/benchmarks/records/arimaa-s28-*.txt.gz

For every game of the records (scripts/bench_arimaa.py seed; the engine
named `ludus` is White or Black), replays each position where ludus is to
move at the start of a turn through `--binary` in UGI mode
(`position startpos moves ...`, then `eval`) and reads its evaluation terms
(centi-rabbits, for ludus). Prints each term's mean in won and in lost games
by period of turns (2-9, 10-19, 20-29, 30-44), then how many of ludus's
turns 10-39 had the hostages-and-frames term at --big or more, and how many
games held it at --held or more for ten turns or longer.

Environment variables (such as a throw-away build's switches) pass on to
the binary. One process a game; standard library only.
"""

import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arimaa_blunders import games as record_games  # noqa: E402

PERIODS = [(2, 10), (10, 20), (20, 30), (30, 45)]


def game_terms(binary, ludus_gold, won, turns):
    """(won, [(turn, {term: value})]) for ludus's turns of one game."""
    cmds, numbers = ["newgame arimaa"], []
    for k in range(2, len(turns)):
        if (k % 2 == 0) == ludus_gold:  # ludus to move after turns[:k]
            cmds += ["position startpos moves " + " ".join(turns[:k]), "eval"]
            numbers.append(k // 2 + 1)  # the number of the turn ludus plays next
    cmds.append("quit")
    out = subprocess.run([binary], input="\n".join(cmds) + "\n", capture_output=True, text=True,
                         timeout=600).stdout
    rows, cur = [], {}
    for line in out.splitlines():
        words = line.split()
        if len(words) == 4 and words[:2] == ["info", "string"] and words[3].lstrip("-").isdigit():
            cur[words[2]] = int(words[3])
            if words[2] == "total":
                rows.append(cur)
                cur = {}
    return won, list(zip(numbers, rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                     "build", "release", "ludus"))
    ap.add_argument("--big", type=int, default=100)
    ap.add_argument("--held", type=int, default=150)
    ap.add_argument("--games", type=lambda t: {int(x) for x in t.split(",")},
                    help="only these game numbers (1-based, in each file)")
    ap.add_argument("records", nargs="+")
    args = ap.parse_args()

    games = [game_terms(args.binary, gold, won, turns)
             for _, _, gold, won, turns in record_games(args.records, args.games)]
    names = next((list(row) for _, g in games for _, row in g), [])  # the terms, in the engine's order
    for lo, hi in PERIODS:
        cols = {}
        for won in (True, False):
            rows = [r for w, g in games if w == won for turn, r in g if lo <= turn < hi]
            cols[won] = (len(rows), {t: statistics.mean(r.get(t, 0) for r in rows) if rows else 0 for t in names})
        print(f"turns {lo}-{hi - 1}: mean term, won games ({cols[True][0]} turns) / lost games ({cols[False][0]} turns)")
        for t in names:
            print(f"  {t:10s} {cols[True][1][t]:8.1f} {cols[False][1][t]:8.1f}")
    for won in (True, False):
        rows = [r for w, g in games if w == won for turn, r in g if 10 <= turn < 40]
        big = sum(1 for r in rows if r.get("hostages", 0) >= args.big)
        held = sum(1 for w, g in games if w == won and sum(1 for _, r in g if r.get("hostages", 0) >= args.held) >= 10)
        count = sum(1 for w, _ in games if w == won)
        print(f"{'won' if won else 'lost'} games {count}: turns 10-39 with hostages >= {args.big}: {big} of {len(rows)}; "
              f"games with hostages >= {args.held} for 10 turns or more: {held}")


if __name__ == "__main__":
    main()
