#!/usr/bin/env python3
"""Book learning: an opening book of the lines an engine has won, from its games.

  scripts/learn_book.py --ludus BIN --game G [--engine NAME] [--exclude-openings FILE] --out FILE RECORDS.jsonl...

The records are those of scripts/match.py --records. The learner is the
engine called NAME (default "ludus") in them; its games against any
opponent are read, from their start (`startpos` or a FEN) on. The first
`opening_plies` moves of a game came from the openings file, not from either
engine, so they are replayed but not learned from. --exclude-openings
leaves out the games that begin with an opening of FILE (an openings file
of scripts/match.py, `moves` lines): a book to test on those openings is
then learned from other games only.

Every position after a game's opening becomes a node of one tree (a graph:
positions are keyed by their FEN, so lines of different games that meet are
joined). A node is a *known win* for the learner when:

  - the learner is to move and one of its recorded moves leads to a known
    win (or ends a game it won);
  - the opponent is to move and every recorded reply leads to a known win.

The book (format in book/README.md) lists, for every learner-to-move known
win, the moves that keep it, each scored mate_in(n): n is the number of
plies to the end of the longest game the opponent's recorded replies can
lead to on the shortest such line. With `setoption name BookFile value
FILE` and OwnBook on, the engine then replays those lines at once.

Why: against an opponent that plays the same move in the same position (a
fixed-depth search, as the seeds' baselines), a line won once is won again,
and Logistello-style book learning (M. Buro, "Toward opening book
learning", ICCA Journal 1999) stops an engine from losing, or failing to
win, the same way twice. The book knows nothing about replies it has not
seen: against another opponent it stops matching as soon as the opponent
deviates. Standard library only.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Referee, load_records, read_openings  # noqa: E402

MATE = 32000  # engine/types.h kMateScore: a book score of MATE - n is a win in n plies


def replay(referee, record):
    """[(fen, learner to move?)] of every position of the recorded game, before each move."""
    learner = record["engine1_side"] if record["learner_is_engine1"] else \
        ("p2" if record["engine1_side"] == "p1" else "p1")
    out = []
    for k in range(len(record["moves"])):
        if not referee.set(record.get("start", "startpos"), record["moves"][:k]):
            raise SystemExit(f"{record['file']} game {record['game']}: illegal move at ply {k}")
        side, _ = referee.state()
        out.append((referee.engine.query("fen"), side == learner))
    return out, learner


def learn(referee, records):
    """The tree of the records: {node: (learner to move?, {move: child})}; a node
    is (learner's side, FEN), a child a node or a game's end ("end", file,
    game); and {end: learner won?}. The learner's side is part of the node:
    the replies the learner can expect as the fox are those of the games it
    played as the fox, not its own moves as the geese in the same position."""
    tree, ends = {}, {}
    for r in records:
        positions, learner = replay(referee, r)
        won = r["result"] == learner + "win"
        for k in range(r.get("opening_plies", 0), len(positions)):
            fen, own = positions[k]
            if k + 1 < len(positions):
                child = (learner, positions[k + 1][0])
            else:
                child = ("end", r["file"], r["game"])
                ends[child] = won
            tree.setdefault((learner, fen), (own, {}))[1][r["moves"][k]] = child
    return tree, ends


def known_wins(tree, ends):
    """{node: plies to the end} of every known win (see the module doc), by a
    depth-first pass. In games whose positions can recur (Arimaa, Camelot) the
    graph can have cycles: a node still being valued counts as no known win."""
    memo = {}

    def value(node):
        if node in ends:
            return 0 if ends[node] else None
        if node in memo:
            return memo[node]
        memo[node] = None  # in progress: a cycle back to it wins nothing
        own, moves = tree[node]
        kids = [value(c) for c in moves.values()]
        if own:
            wins = [k for k in kids if k is not None]
            memo[node] = 1 + min(wins) if wins else None
        else:
            memo[node] = 1 + max(kids) if all(k is not None for k in kids) else None
        return memo[node]

    sys.setrecursionlimit(max(10000, 4 * len(tree) + 100))
    values = {node: value(node) for node in tree}
    return {node: v for node, v in values.items() if v is not None}


def book_lines(tree, ends, wins):
    """The book's lines: learner-to-move known wins, their winning moves scored MATE - plies."""
    def plies_after(child):
        return 0 if child in ends else wins[child]

    lines = []
    for node, (own, moves) in sorted(tree.items()):
        if not own or node not in wins:
            continue
        fen = node[1]  # learner to move: the side to move is in the FEN, so no two nodes share it
        good = [(m, MATE - 1 - plies_after(c)) for m, c in sorted(moves.items())
                if (c in ends and ends[c]) or c in wins]
        lines.append(f"{fen} | " + " ".join(f"{m} {s}" for m, s in good))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", required=True, help="the ludus binary that replays the games")
    ap.add_argument("--game", required=True, help="the game kind of the records to read")
    ap.add_argument("--engine", default="ludus", help="the learner's name in the records (default ludus)")
    ap.add_argument("--exclude-openings", metavar="FILE",
                    help="leave out the games that begin with one of this openings file's lines")
    ap.add_argument("--out", required=True, help="the book file to write")
    ap.add_argument("records", nargs="+", help="records files of scripts/match.py")
    args = ap.parse_args()

    excluded = read_openings(args.exclude_openings) if args.exclude_openings else []
    records = []
    for path in args.records:
        for r in load_records(path):
            if r.get("game_kind") != args.game or args.engine not in (r.get("engine1"), r.get("engine2")):
                continue
            if any(r.get("start", "startpos") == start and r["moves"][:len(moves)] == moves
                   for start, moves in excluded):
                continue
            r["learner_is_engine1"] = r.get("engine1") == args.engine
            r["file"] = os.path.basename(path)
            records.append(r)
    referee = Referee([args.ludus], args.game)
    tree, ends = learn(referee, records)
    referee.close()
    wins = known_wins(tree, ends)
    lines = book_lines(tree, ends, wins)
    won = sum(ends.values())
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.game} book learned by scripts/learn_book.py from {len(records)} games of "
                f"{args.engine} ({won} won): {len(lines)} positions\n")
        f.write("# " + " ".join(os.path.basename(p) for p in args.records) + "\n")
        for line in lines:
            f.write(line + "\n")
    print(f"{len(records)} games ({won} won by {args.engine}), {len(tree)} positions, "
          f"{len(lines)} book positions -> {args.out}")


if __name__ == "__main__":
    main()
