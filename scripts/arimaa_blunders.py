#!/usr/bin/env python3
"""Decisive mistakes in lost Arimaa games, as a test suite for variants.

A match of 100 games against the seed tells a variant from the kept code
only when they differ by more than about 6 points (docs/benchmarks/arimaa.md).
This script looks at the turns that lost games, which is sharper:

  find   For every game `ludus` lost in match records (scripts/bench_arimaa.py
         seed), each of its last N turns is searched deeply twice: the
         position before the turn (the best the deep search finds) and the
         position after the turn ludus played (negated: the opponent is to
         move). A turn that loses at least --threshold centi-rabbits against
         the best, or walks into a proven loss, from a position not already
         lost (best at least --min-best), is written to the suite, one
         line: FEN | played turn | deep best turn | best score | played score.

  solve  Each suite position is searched by --binary (`go` --go, by default
         movetime 500: the match's time a move); the turn it chooses is scored
         by the deep search (`go` --deep) of --reference, the binary that found
         the suite. A position is held
         when the chosen turn is not the played one and its deep score is at
         least halfway from the played turn's score to the best.

  scripts/arimaa_blunders.py find --binary B --deep "movetime 3000" --last 12 --out SUITE RECORDS.txt.gz ...
  scripts/arimaa_blunders.py solve --binary V --reference B --go "movetime 500" --deep "movetime 3000" SUITE

Scores are for the side to move at the suite position; a proven win counts
20000 minus its distance. Standard library only.
"""

import argparse
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aei_match import parse_records  # noqa: E402
from ugi_engine import UgiEngine  # noqa: E402

MATE = 20000


class Searcher:
    """One UGI engine playing Arimaa, searching positions by FEN."""

    def __init__(self, binary):
        self.engine = UgiEngine([binary])
        self.engine.send("newgame arimaa")
        self.engine.send("setoption name OwnBook value false")

    def ask(self, command):
        self.engine.send(command)
        return self.engine.wait_for(lambda l: l.startswith("response"), 30)[1].split(" ", 1)[1]

    def set_position(self, command):
        self.engine.send(command)
        return self.ask("query fen"), self.ask("query gameover") == "true"

    def search(self, fen, go):
        """(best turn, score for the side to move) after `go <go>`."""
        self.engine.send("position fen " + fen)
        self.engine.send("go " + go)
        _, last, seen = self.engine.wait_for(lambda l: l.startswith("bestmove"), 3600)
        scored = [l.split() for l in seen if l.startswith("info depth") and " score " in l]
        score = 0
        if scored:
            t = scored[-1]
            kind, value = t[t.index("score") + 1], int(t[t.index("score") + 2])
            score = value if kind == "cp" else (MATE - value if value > 0 else -MATE - value)
        return last.split()[1], score

    def close(self):
        self.engine.send("quit")


def lost_games(paths, only=None):
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            for number, game in enumerate(parse_records(f.read()), 1):
                if only and number not in only:
                    continue
                ludus_gold = game["tags"].get("White") == "ludus"
                if (game["tags"].get("Result") == "1-0") != ludus_gold:
                    yield path, number, ludus_gold, [",".join(m.split()) for m in game["moves"]]


def find(args):
    s = Searcher(args.binary)
    seen = set()  # repeated games (the same setups and play) give the same positions
    with open(args.out, "w", encoding="utf-8") as out:
        for path, number, ludus_gold, turns in lost_games(args.records, args.games):
            plies = [k for k in range(2, len(turns)) if (k % 2 == 0) == ludus_gold]
            for k in plies[-args.last:]:
                fen, _ = s.set_position("position startpos moves " + " ".join(turns[:k]))
                after, over = s.set_position("position startpos moves " + " ".join(turns[:k + 1]))
                if over or fen in seen:
                    continue
                seen.add(fen)
                best, best_score = s.search(fen, args.deep)
                # best == played: the deep search plays the same turn (and may
                # see the loss only one turn later); a position already lost to
                # the deep search: neither teaches anything.
                if best == turns[k] or best_score < args.min_best:
                    continue
                played_score = -s.search(after, args.deep)[1]
                lost = played_score <= -MATE + 100 < best_score
                if best_score - played_score >= args.threshold or lost:
                    line = f"{fen} | {turns[k]} | {best} | {best_score} | {played_score}"
                    print(f"{os.path.basename(path)} game {number} turn {k // 2 + 1}: {line}", flush=True)
                    out.write(line + "\n")
                    out.flush()
    s.close()


def solve(args):
    player, judge = Searcher(args.binary), Searcher(args.reference)
    held = total = 0
    with open(args.suite, encoding="utf-8") as f:
        suite = [[x.strip() for x in line.split("|")] for line in f if line.strip()]
    for fen, played, _, best_score, played_score in suite:
        best_score, played_score = int(best_score), int(played_score)
        chosen, _ = player.search(fen, args.go)
        score = played_score
        if chosen != played:
            after, over = judge.set_position(f"position fen {fen} moves {chosen}")
            if after == fen:
                raise SystemExit(f"the reference does not accept {chosen} in {fen}")
            if over:  # a goal, or a loss of the mover's last rabbit ...
                mover = "p1win" if fen.split()[1] == "g" else "p2win"
                score = MATE if judge.ask("query result") == mover else -MATE
            else:
                score = -judge.search(after, args.deep)[1]
        ok = chosen != played and score >= (best_score + played_score) / 2
        held += ok
        total += 1
        print(f"{'held' if ok else 'lost'} {chosen} ({score}; played {played} {played_score}, best {best_score})",
              flush=True)
    print(f"held {held} of {total}")
    player.close()
    judge.close()


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("find")
    f.add_argument("--binary", required=True)
    f.add_argument("--deep", default="movetime 3000", help="`go` arguments of the deep search")
    f.add_argument("--last", type=int, default=8, help="ludus's last N turns of each lost game")
    f.add_argument("--threshold", type=int, default=250, help="centi-rabbits lost against the best turn")
    f.add_argument("--min-best", type=int, default=-300,
                   help="skip positions whose best deep score is below this (already lost)")
    f.add_argument("--games", type=lambda t: {int(x) for x in t.split(",")},
                   help="only these game numbers (1-based, in each file)")
    f.add_argument("--out", required=True)
    f.add_argument("records", nargs="+")
    s = sub.add_parser("solve")
    s.add_argument("--binary", required=True)
    s.add_argument("--reference", required=True)
    s.add_argument("--go", default="movetime 500", help="`go` arguments of the searches judged")
    s.add_argument("--deep", default="movetime 3000", help="`go` arguments of the judge's deep search")
    s.add_argument("suite")
    args = ap.parse_args(argv)
    find(args) if args.command == "find" else solve(args)


if __name__ == "__main__":
    main(sys.argv[1:])
