#!/usr/bin/env python3
"""Decisive mistakes in lost Arimaa games, as a test suite for variants.

A match of 100 games against the seed tells a variant from the kept code
only when they differ by more than about 6 points (docs/benchmarks/arimaa.md).
This script looks at the turns that lost games instead:

  find   For every game `ludus` lost in match records (scripts/bench_arimaa.py
         seed), each of its last N turns is searched deeply twice: the
         position before the turn (the best the deep search finds) and the
         position after the turn ludus played (negated: the opponent is to
         move). A turn that loses at least --threshold centi-rabbits against
         the best, or walks into a proven loss, from a position not already
         lost (best at least --min-best), is written to the suite as a
         mistake. With --controls K, one turn from each of the first won
         games, up to K, that the deep search does not fault is written too,
         as a control: mistakes alone favour any change (they were chosen
         because the base failed them) and cannot show what a change breaks.
         One line each: FEN | played | deep best | best score | played score | kind.

  solve  Each suite position is searched by --binary (`go` --go, by default
         movetime 500: the match's time a move); the turn it chooses is scored
         by the deep search (`go` --deep) of --reference, the binary that found
         the suite. A mistake is held when the chosen turn is not the played
         one and its deep score is at least halfway from the played turn's to
         the best; a control is kept when the chosen turn is the played one or
         scores at most --threshold / 2 below it.

  scripts/arimaa_blunders.py find --binary B --deep "movetime 3000" --last 12 --controls 30 \
      --out SUITE RECORDS.txt.gz ...
  scripts/arimaa_blunders.py solve --binary V --reference B --go "movetime 500" --deep "movetime 3000" SUITE

Scores are for the side to move at the suite position; a proven win counts
20000 minus its distance. Lines of five fields (suites written before the
controls) are mistakes. Standard library only.
"""

import argparse
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aei_match import parse_records  # noqa: E402
from ugi_engine import UgiEngine, last_score  # noqa: E402

MATE = 20000


class Searcher:
    """One UGI engine playing Arimaa, searching positions by FEN."""

    def __init__(self, binary):
        self.engine = UgiEngine([binary])
        self.engine.handshake([("Game", "arimaa"), ("OwnBook", "false")])

    def set_position(self, command):
        """(FEN, game over) after a `position` command."""
        self.engine.send(command)
        return self.engine.query("fen"), self.engine.query("gameover") == "true"

    def result(self):
        return self.engine.query("result")

    def search(self, fen, go):
        """(best turn, score for the side to move) after `go <go>`, from an
        empty hash table, so that a fixed-depth search gives the same answer
        whatever was searched before."""
        self.engine.send("uginewgame")
        self.engine.send("position fen " + fen)
        best, _, infos = self.engine.go(go, 3600)
        found = last_score([l for l in infos if l.startswith("info depth")])
        if not found:
            return best, 0
        kind, value = found
        return best, value if kind == "cp" else (MATE - value if value > 0 else -MATE - value)

    def close(self):
        self.engine.close()


def games(paths, only=None):
    """(file, number, ludus_gold, ludus_won, turns) of every game in the records."""
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            for number, game in enumerate(parse_records(f.read()), 1):
                if only and number not in only:
                    continue
                ludus_gold = game["tags"].get("White") == "ludus"
                won = (game["tags"].get("Result") == "1-0") == ludus_gold
                yield path, number, ludus_gold, won, [",".join(m.split()) for m in game["moves"]]


def find(args):
    s = Searcher(args.binary)
    seen = set()  # repeated games (the same setups and play) give the same positions
    controls = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path, number, ludus_gold, won, turns in games(args.records, args.games):
            plies = [k for k in range(2, len(turns)) if (k % 2 == 0) == ludus_gold]
            if not plies:
                continue
            if won:
                # One turn of a won game (spread over the games by their
                # number) as a control, while controls are wanted.
                if controls >= args.controls:
                    continue
                candidates = [plies[(number * 7) % len(plies)]]
            else:
                candidates = plies[-args.last:] if args.last > 0 else []
            for k in candidates:
                fen, _ = s.set_position("position startpos moves " + " ".join(turns[:k]))
                after, over = s.set_position("position startpos moves " + " ".join(turns[:k + 1]))
                if over or fen in seen:
                    continue
                seen.add(fen)
                best, best_score = s.search(fen, args.deep)
                # A position already lost to the deep search teaches nothing;
                # nor does a mistake the deep search would play too (it may
                # see the loss only one turn later).
                if best_score < args.min_best or (not won and best == turns[k]):
                    continue
                played_score = best_score if best == turns[k] else -s.search(after, args.deep)[1]
                lost = played_score <= -MATE + 100 < best_score
                mistake = best_score - played_score >= args.threshold or lost
                if mistake == won:
                    continue  # a mistake in a won game, or a good turn in a lost one
                kind = "control" if won else "mistake"
                controls += won
                line = f"{fen} | {turns[k]} | {best} | {best_score} | {played_score} | {kind}"
                print(f"{os.path.basename(path)} game {number} turn {k // 2 + 1}: {line}", flush=True)
                out.write(line + "\n")
                out.flush()
    s.close()


def read_suite(path):
    """The suite's lines as lists of fields (FEN, played, best, ...)."""
    with open(path, encoding="utf-8") as f:
        return [[x.strip() for x in line.split("|")] for line in f if line.strip()]


def solve(args):
    player, judge = Searcher(args.binary), Searcher(args.reference)
    counts = {"mistake": [0, 0], "control": [0, 0]}  # [held or kept, total]
    for fen, played, _, best_score, played_score, *rest in read_suite(args.suite):
        kind = rest[0] if rest else "mistake"
        best_score, played_score = int(best_score), int(played_score)
        chosen, _ = player.search(fen, args.go)
        # Turns are the same when they reach the same position (other step orders).
        after, over = judge.set_position(f"position fen {fen} moves {chosen}")
        if after == fen:
            raise SystemExit(f"the reference does not accept {chosen} in {fen}")
        result = judge.result() if over else None
        same = after == judge.set_position(f"position fen {fen} moves {played}")[0]
        score = played_score
        if not same:
            if over:  # a goal, or a loss of the mover's last rabbit ...
                mover = "p1win" if fen.split()[1] == "g" else "p2win"
                score = MATE if result == mover else -MATE
            else:
                score = -judge.search(after, args.deep)[1]
        if kind == "mistake":
            ok = not same and score >= (best_score + played_score) / 2
            word = "held" if ok else "lost"
        else:
            ok = same or score >= played_score - args.threshold / 2
            word = "kept" if ok else "broke"
        counts[kind][0] += ok
        counts[kind][1] += 1
        print(f"{word} {chosen} ({score}; played {played} {played_score}, best {best_score})", flush=True)
    print(f"held {counts['mistake'][0]} of {counts['mistake'][1]}")
    if counts["control"][1]:
        print(f"kept {counts['control'][0]} of {counts['control'][1]} controls")
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
    f.add_argument("--controls", type=int, default=0,
                   help="also this many turns of won games that the deep search does not fault")
    f.add_argument("--games", type=lambda t: {int(x) for x in t.split(",")},
                   help="only these game numbers (1-based, in each file)")
    f.add_argument("--out", required=True)
    f.add_argument("records", nargs="+")
    s = sub.add_parser("solve")
    s.add_argument("--binary", required=True)
    s.add_argument("--reference", required=True)
    s.add_argument("--go", default="movetime 500", help="`go` arguments of the searches judged")
    s.add_argument("--deep", default="movetime 3000", help="`go` arguments of the judge's deep search")
    s.add_argument("--threshold", type=int, default=250,
                   help="a control is broken by a turn scoring more than half this below the played one")
    s.add_argument("suite")
    args = ap.parse_args(argv)
    find(args) if args.command == "find" else solve(args)


if __name__ == "__main__":
    main(sys.argv[1:])
