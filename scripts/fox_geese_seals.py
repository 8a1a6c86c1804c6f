#!/usr/bin/env python3
"""Sealed foxes in fox-geese match records, and their exact values.

  scripts/fox_geese_seals.py --binary B [--every 2] [--seconds 3] RECORDS.jsonl...
  scripts/fox_geese_seals.py --summary TABLE.tsv
  scripts/fox_geese_seals.py --binary B --final-seals RECORDS.jsonl...
  scripts/fox_geese_seals.py --binary B --fox-low RECORDS.jsonl...

The fox is *sealed* when the points it reaches by steps through empty
points all lie in ranks 5-7: it cannot get past the geese without a
capture. For every distinct fox-to-move position of the records (every
--every-th ply) in which the fox is sealed, `ludus solve` (df-pn, --seconds
each) tries to prove the result; one tab-separated line per position:

  reserve  region  geese  stall  result  game:ply  fen

(reserve: the geese's forward steps left, as geese_forward_reserve in
games/fox_geese/eval.cpp). --summary counts the proven results by reserve.
--final-seals proves nothing: for every game the engine (engine 1)
played as the fox, it prints the result, the length and the ply from
which the fox stayed sealed to the end, with the reserve and region size
there ("-" when it did not). --fox-low samples the same games at plies
21, 31, ..., 81 and counts the samples with the fox on rank 4 or lower
(in the geese's wall line or past it); it prints one tab-separated line
per game (records file, game, result, count), then the fox's wins by
count. Games that start from a set position are skipped: the plies count
from the start position. Records are those of scripts/match.py --records.
Standard library only.
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import load_records  # noqa: E402
from ugi_engine import UgiEngine  # noqa: E402

# The board (games/hunt/graph.cpp): the cross of files c-e and ranks 3-5,
# orthogonal lines everywhere, diagonals between points with x + y even.
POINTS = {(x, y) for y in range(7) for x in range(7) if 2 <= x <= 4 or 2 <= y <= 4}


def neighbours(p):
    x, y = p
    out = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    if (x + y) % 2 == 0:
        out += [(x + 1, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1)]
    return [q for q in out if q in POINTS]


def point(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def seal_facts(fen):
    """(sealed, reserve, region size, geese, stall) of a fox-geese FEN."""
    fields = fen.split()
    fox = point(fields[0])
    geese = {point(g) for g in fields[1].split(",") if g}
    region, frontier = {fox}, [fox]
    while frontier:
        nxt = [q for p in frontier for q in neighbours(p) if q not in geese and q not in region]
        region.update(nxt)
        frontier = list(set(nxt))
    sealed = min(y for _, y in region) >= 4
    reserve = sum((6 if 2 <= x <= 4 else 4) - y for x, y in geese)
    return sealed, reserve, len(region), len(geese), int(fields[3])


def solve(binary, fen, seconds):
    out = subprocess.run([binary, "solve", "--game", "fox-geese", "--fen", fen, "--seconds", str(seconds)],
                         capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if "result:" in l)
    return line.split(":", 1)[1].strip()


def referee(binary):
    eng = UgiEngine([binary], name="referee")
    eng.handshake([("Game", "fox-geese"), ("OwnBook", "false")])
    return eng


def fen_after(eng, game, k):
    """The FEN after the first k moves of a recorded game, replayed by the referee."""
    eng.send("uginewgame")
    eng.send(f"position {game.get('start', 'startpos')} moves " + " ".join(game["moves"][:k]))
    eng.sync()
    return eng.query("fen")


def scan(args):
    eng = referee(args.binary)
    seen = set()
    for path in args.records:
        for g in load_records(path):
            if g.get("game_kind") != "fox-geese" or g.get("start", "startpos") != "startpos":
                continue
            moves = g["moves"]
            for k in range(1, len(moves), args.every):
                fen = fen_after(eng, g, k)
                if fen.split()[2] != "fox" or fen in seen:
                    continue
                seen.add(fen)
                sealed, reserve, region, geese, stall = seal_facts(fen)
                if sealed:
                    result = solve(args.binary, fen, args.seconds)
                    print(f"{reserve}\t{region}\t{geese}\t{stall}\t{result}\t{g['game']}:{k}\t{fen}", flush=True)
    eng.close()


def engine_fox_games(paths, from_start=False):
    """(path, record) of every fox-geese game in which the engine (engine 1) played the fox;
    with from_start, only those played from the start position (not from a set FEN)."""
    for path in paths:
        for g in load_records(path):
            if g.get("game_kind") == "fox-geese" and g.get("engine1_side") == "p2":
                if not from_start or g.get("start", "startpos") == "startpos":
                    yield path, g


def final_seals(args):
    eng = referee(args.binary)
    for _, g in engine_fox_games(args.records):
        moves, since = g["moves"], None
        for k in range(1, len(moves) + 1, 2):
            fen = fen_after(eng, g, k)
            if fen.split()[2] != "fox":
                continue
            sealed, reserve, region, _, _ = seal_facts(fen)
            if not sealed:
                since = None
            elif since is None:
                since = (k, reserve, region)
        where = f"ply {since[0]} reserve {since[1]} region {since[2]}" if since else "-"
        print(f"{g['game']}\t{g['result']}\t{len(moves)}\t{where}", flush=True)
    eng.close()


LOW_SAMPLE_PLIES = (21, 31, 41, 51, 61, 71, 81)


def fox_low(args):
    eng = referee(args.binary)
    by_count = {}
    for path, g in engine_fox_games(args.records, from_start=True):
        low = 0
        for k in LOW_SAMPLE_PLIES:
            if k >= len(g["moves"]):
                break
            rank = point(fen_after(eng, g, k).split()[0])[1] + 1  # point() counts ranks from 0
            low += rank <= 4
        won = g["result"] == "p2win"
        games, wins = by_count.get(low, (0, 0))
        by_count[low] = (games + 1, wins + won)
        print(f"{path}\t{g['game']}\t{g['result']}\t{low}", flush=True)
    eng.close()
    print(f"fox on rank <= 4 at N of the {len(LOW_SAMPLE_PLIES)} sampled plies:")
    for low in sorted(by_count):
        games, wins = by_count[low]
        print(f"  N = {low}: {games} games, fox won {wins}")


def summary(path):
    buckets = [(0, 19), (20, 23), (24, 27), (28, 31), (32, 35), (36, 39), (40, 99)]
    counts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            reserve, result = int(cols[0]), cols[4]
            b = next(b for b in buckets if b[0] <= reserve <= b[1])
            kind = "geese" if "geese win" in result else "fox" if "fox wins" in result else "unproven"
            counts[(b, kind)] = counts.get((b, kind), 0) + 1
    print("reserve  geese win  fox wins  not proven")
    for b in buckets:
        label = f"{b[0]}-{b[1]}" if b[1] < 99 else f"{b[0]}+"
        print(f"{label:>7}  {counts.get((b, 'geese'), 0):9d}  {counts.get((b, 'fox'), 0):8d}  "
              f"{counts.get((b, 'unproven'), 0):10d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="*")
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                     "build", "release", "ludus"))
    ap.add_argument("--every", type=int, default=2, help="look at every N-th ply (fox to move: odd plies)")
    ap.add_argument("--seconds", type=float, default=3.0, help="df-pn budget per position")
    ap.add_argument("--summary", default=None, help="count the results of a table this script wrote")
    ap.add_argument("--final-seals", action="store_true",
                    help="no proofs: where each fox game of the engine became sealed to the end")
    ap.add_argument("--fox-low", action="store_true",
                    help="no proofs: how often each fox game of the engine had the fox on rank 4 or lower")
    args = ap.parse_args()
    if args.summary:
        summary(args.summary)
        return 0
    if not args.records:
        ap.error("no records files")
    if args.final_seals:
        final_seals(args)
    elif args.fox_low:
        fox_low(args)
    else:
        scan(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
