#!/usr/bin/env python3
"""How much the fox's choices decide its games against one deterministic opponent.

  scripts/fox_geese_choices.py --agreement RUN.jsonl[,SHARD.jsonl...] RUN.jsonl...
  scripts/fox_geese_choices.py --binary B [--seconds 0.5] [--min-ply 40] --provable RECORDS.jsonl...

Both read the fox-geese games in which the engine (engine 1 of
scripts/match.py --records) played the fox from the start position.

--agreement takes one argument per run of the same openings: a records
file, or several joined by commas (the shards of one match).
A game's opening is its first `opening_plies` moves. For every two runs
it prints how many common openings the fox won in both or lost in both,
and how many it would be if the results of the two runs were independent
draws at each run's own win rate; then the totals. Agreement near that
expectation means the opening hardly decides the result: changing the
fox re-draws it.

--provable looks at every fox-to-move position, from ply --min-ply on,
in which the engine's fox played different moves in different games (the
opponent being deterministic, the same position recurs across games). For
each move played there it runs `ludus solve` (df-pn, --seconds) on the
position after the move and prints one tab-separated line:

  class  games  fox-wins  ply  fen  move

(class: geese = proven geese win, fox = proven fox win, open = not
proven, over = the move ended the game). Then the fox's wins by class,
and the same within the positions where the fox played both a move into
a proven geese win and a move into an unproven position: the test of
whether avoiding provable losses is a lever. Standard library only.
"""

import argparse
import collections
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fox_geese_seals import engine_fox_games, fen_after, referee, solve  # noqa: E402


def fox_results(paths):
    """{opening (tuple of moves): fox won?} of one run's records files."""
    out = {}
    for _, g in engine_fox_games(paths, from_start=True):
        out[tuple(g["moves"][:g.get("opening_plies", 0)])] = g["result"] == "p2win"
    return out


def agreement(paths):
    runs = [(os.path.basename(run.split(",")[0]), fox_results(run.split(","))) for run in paths]
    total = [0, 0, 0.0]  # common openings, agreeing, expected under independence
    print("run 1\trun 2\topenings\tagree\tindependent")
    for (name_a, a), (name_b, b) in itertools.combinations(runs, 2):
        common = sorted(set(a) & set(b))
        if not common:
            continue
        agree = sum(a[k] == b[k] for k in common)
        pa = sum(a[k] for k in common) / len(common)
        pb = sum(b[k] for k in common) / len(common)
        expected = (pa * pb + (1 - pa) * (1 - pb)) * len(common)
        total[0] += len(common)
        total[1] += agree
        total[2] += expected
        print(f"{name_a}\t{name_b}\t{len(common)}\t{agree}\t{expected:.1f}")
    print(f"total\t\t{total[0]}\t{total[1]}\t{total[2]:.1f}")


def choice_positions(eng, paths, min_ply):
    """{(fen, move): [games, fox wins, ply]} for fox-to-move positions from min_ply on
    where the engine's fox played more than one move across the games."""
    played = {}
    for _, g in engine_fox_games(paths, from_start=True):
        moves, won = g["moves"], g["result"] == "p2win"
        for k in range(min_ply, len(moves)):
            fen = fen_after(eng, g, k)
            if fen.split()[2] != "fox":
                continue
            entry = played.setdefault((fen, moves[k]), [0, 0, k])
            entry[0] += 1
            entry[1] += won
    moves_at = collections.defaultdict(set)
    for fen, move in played:
        moves_at[fen].add(move)
    return {key: v for key, v in played.items() if len(moves_at[key[0]]) > 1}


def proof_class(eng, binary, fen, move, seconds):
    eng.send(f"position fen {fen} moves {move}")
    if eng.query("gameover") == "true":
        return "over"
    result = solve(binary, eng.query("fen"), seconds)
    return "geese" if "geese win" in result else "fox" if "fox wins" in result else "open"


def provable(args):
    eng = referee(args.binary)
    chosen = choice_positions(eng, args.records, args.min_ply)
    at = collections.defaultdict(list)  # fen -> [(class, games, fox wins)]
    for (fen, move), (games, wins, ply) in sorted(chosen.items(), key=lambda kv: (kv[1][2], kv[0])):
        cls = proof_class(eng, args.binary, fen, move, args.seconds)
        at[fen].append((cls, games, wins))
        print(f"{cls}\t{games}\t{wins}\t{ply}\t{fen}\t{move}", flush=True)
    eng.close()
    print("\n".join(provable_summary(at)))


def provable_summary(at):
    """Summary lines of --provable; at: {fen: [(class, games, fox wins) per move]}."""
    def tally(rows, cls):
        return sum(n for c, n, _ in rows if c == cls), sum(w for c, _, w in rows if c == cls)

    every = [row for rows in at.values() for row in rows]
    lines = [f"{len(at)} positions, {len(every)} (position, move) pairs; the fox's wins after a move into:"]
    lines += ["  %s: %d games, fox won %d" % ((cls,) + tally(every, cls)) for cls in ("geese", "open", "fox", "over")]
    mixed = [rows for rows in at.values() if {c for c, _, _ in rows} >= {"geese", "open"}]
    lines.append(f"within the {len(mixed)} positions with both a move into a proven geese win and an unproven one:")
    mixed = [row for rows in mixed for row in rows]
    lines += ["  %s: %d games, fox won %d" % ((cls,) + tally(mixed, cls)) for cls in ("geese", "open")]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                     "build", "release", "ludus"))
    ap.add_argument("--agreement", action="store_true", help="per-opening agreement of the fox's results between runs")
    ap.add_argument("--provable", action="store_true", help="df-pn after the fox's different choices in one position")
    ap.add_argument("--seconds", type=float, default=0.5, help="df-pn budget per position (--provable)")
    ap.add_argument("--min-ply", type=int, default=40, help="first ply looked at (--provable)")
    args = ap.parse_args()
    if args.agreement:
        agreement(args.records)
    elif args.provable:
        provable(args)
    else:
        ap.error("give --agreement or --provable")
    return 0


if __name__ == "__main__":
    sys.exit(main())
