#!/usr/bin/env python3
"""Keeps the openings whose result a match can move: those where equal
engines, playing each opening twice with colours swapped, did not get the
same result for the same side both times.

  scripts/make_openings.py --game fox-geese --plies 20 --count 300 --any-score \\
      --seed 20261205 --option OwnBook=false --out candidates.txt
  scripts/match.py --game fox-geese --openings candidates.txt --games 600 \\
      --option1 OwnBook=false --option2 OwnBook=false --movetime 100 \\
      --concurrency 2 --records self.jsonl
  scripts/select_openings.py --openings candidates.txt --records self.jsonl \\
      --out book/openings/fox-geese-contested.txt

Why: in a game where the side decides most positions at the match's time
control (fox-geese: from the start, whoever plays the geese at 100 ms a
move wins), a pair of games from such a position ends 1-1 whatever the
engines are, so a match measures nothing there. A position where the
same engine, playing both sides of it, won one game and lost the other
(or drew one) is one where the result turns on the search, as in the
unbalanced-opening books of chess testing: those are kept. The selection
uses one engine against itself, so it favours neither engine of a later
match. Nothing game-specific here: the records say which opening a game
came from by its first `opening_plies` moves.
"""

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import load_records, parse_opening  # noqa: E402


def pair_results(records):
    """{(start, opening moves): [result of each game]} in game order."""
    out = collections.defaultdict(list)
    for r in sorted(records, key=lambda r: r["game"]):
        key = (r["start"], tuple(r["moves"][: r["opening_plies"]]))
        out[key].append(r["result"])
    return out


def split(results):
    """Whether a side's result differed between games of one opening: at
    least two games, and not every game the same result for the side."""
    return len(results) >= 2 and len(set(results)) > 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--openings", required=True, help="the candidates (make_openings.py's file)")
    ap.add_argument("--records", nargs="+", required=True, help="match.py records of equal engines")
    ap.add_argument("--out", required=True)
    ap.add_argument("--max", type=int, default=0, help="keep at most this many (0: all)")
    args = ap.parse_args()

    games = pair_results([r for path in args.records for r in load_records(path)])
    header, lines = [], []
    with open(args.openings, encoding="utf-8") as f:
        for raw in f:
            (header if raw.startswith("#") else lines).append(raw.rstrip("\n"))
    kept, played = [], 0
    for line in lines:
        opening = parse_opening(line)
        if opening is None:
            continue
        results = games.get((opening[0], tuple(opening[1])), [])
        played += bool(results)
        if split(results):
            kept.append(line)
    if args.max:
        kept = kept[: args.max]
    if not kept:
        raise SystemExit("no opening of the records had a split result")
    with open(args.out, "w", encoding="utf-8") as f:
        for h in header:
            f.write(h + "\n")
        f.write(f"# kept {len(kept)} of {played} played openings, those where a side won one game and not the other:\n")
        f.write("# scripts/select_openings.py --openings CANDIDATES --records " + " ".join(
            os.path.basename(p) for p in args.records) + (f" --max {args.max}" if args.max else "") + "\n")
        for line in kept:
            f.write(line + "\n")
    print(f"kept {len(kept)} of {played} played openings ({len(lines)} candidates)")


if __name__ == "__main__":
    main()
