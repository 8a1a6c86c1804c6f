#!/usr/bin/env python3
"""An engine's Arimaa moves graded by a stronger engine's search.

  scripts/arimaa_grade.py --sharp DIR --engine "build/release/ludus" \\
      --movetime 500 --positions 300 --out graded.txt labels1.txt labels2.txt
  scripts/arimaa_grade.py --compare graded.txt other.txt

A match against Sharp that ludus wins one game in ten says little about a
change in 40 games. The grade asks the stronger engine about every move
instead: for each position of label files (scripts/arimaa_data.py label:
`FEN<TAB>score<TAB>game`, the grader's score for the side to move), the
graded engine (a UGI command, sent `Game arimaa`, `OwnBook false` and
each --option NAME=VALUE with setoption) chooses its turn with `go movetime --movetime`, and
the grader scores the position after it the way `label` does (`newgame`,
`setoption depth`, `setposition`; a Silver-to-move position mirrored for
Sharp). The move's loss is the score before plus the score after (each
for its side to move, so a move that keeps the grader's judgement loses
0); a move that wins on the spot loses nothing, one that loses on the
spot is scored as a lost game (+10000 for the opponent).

Positions: the label lines from --min-turn to --max-turn whose score lies
within +-3000 (a decided game grades nothing), --positions of them spread
evenly over the files in order, the same ones on every run over the same
files, so that two engines' grades pair position by position. Each line
of --out: FEN, the move, the score before, the score after, the loss.
An --out that exists is resumed (its positions are not played again), and
--shard K/M grades every M-th position from the K-th, for a job runner as
in arimaa_data.py.

The summary: the mean loss in centi-rabbits (each loss clipped to
+-1000: one lost game must not outweigh everything), and the share of
moves that lose more than a rabbit. --compare A B... prints each file's
mean loss over the positions it shares with A and the paired difference
with its standard error: B's loss minus A's, negative when B plays better.
With 300 positions of Sharp's own games the standard error of a
difference is about 5 centi-rabbits.
"""

import argparse
import math
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aei_match  # noqa: E402
import arimaa_data  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECIDED = 3000    # |score| from which a position grades nothing
LOSS_CLIP = 1000  # a single move's loss counts at most this in the means
BLUNDER = 100     # a move losing more than a rabbit


def tab_lines(path, columns, parse):
    """parse(fields) of each line of a tab-separated file, in order; a line
    without `columns` fields, or that parse() refuses (ValueError,
    IndexError), and a file that does not open are named in one line."""
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                fields = line.rstrip("\n").split("\t")
                try:
                    if len(fields) != len(columns):
                        raise ValueError
                    yield parse(fields)
                except (ValueError, IndexError):
                    raise SystemExit(f"{path}:{n}: not {'<TAB>'.join(columns)}") from None
    except OSError as e:
        raise SystemExit(f"{path}: {e.strerror}") from None


def select_positions(paths, lo, hi, count):
    rows = []
    for path in paths:
        for fen, score, turn in tab_lines(path, ("FEN", "score", "game"),
                                          lambda f: (f[0], int(f[1]), int(f[0].split()[2]))):
            if lo <= turn <= hi and abs(score) < DECIDED:
                rows.append((fen, score))
    if count and len(rows) > count:
        rows = [rows[i * len(rows) // count] for i in range(count)]
    return rows


def result_after(result, mover):
    """The referee's `query result` after a turn of `mover` ('g' or 's'):
    1 the mover won, -1 it lost, 0 the game goes on (the rules' checks,
    docs/rules/arimaa.md §6.1, are the referee's)."""
    if result == "none":
        return 0
    return 1 if (result == "p1win") == (mover == "g") else -1


def play_move(referee, fen, move, who):
    """The referee (UGI ludus) plays `move` in `fen`: the FEN after it and
    the game's result (`query result`). A move it refuses is an error,
    `who` naming whose move it was."""
    referee.send(f"position fen {fen} moves {move}")
    errors = [line for line in referee.sync() if line.startswith("info string error")]
    if errors:
        raise SystemExit(f"{who} {move} in {fen}: {errors[0]}")
    return referee.query("fen"), referee.query("result")


def mean_and_error(values):
    """The mean of the values and its standard error (0 for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, sd / math.sqrt(n)


def clipped(x):
    return max(-LOSS_CLIP, min(LOSS_CLIP, x))


def read_grades(path):
    columns = ("FEN", "move", "before", "after", "loss")
    return dict(tab_lines(path, columns, lambda f: (f[0], int(f[4]))))


def summary(losses):
    n = len(losses)
    if not n:
        return "no moves graded"
    mean = sum(clipped(x) for x in losses) / n
    blunders = sum(1 for x in losses if x > BLUNDER) / n
    return f"{n} moves, mean loss {mean:.1f} centi-rabbits, {100 * blunders:.1f}% lose more than a rabbit"


def cmd_compare(paths):
    base = read_grades(paths[0])
    print(f"{paths[0]}: {summary(list(base.values()))}")
    for path in paths[1:]:
        other = read_grades(path)
        shared = [fen for fen in base if fen in other]
        if len(shared) < 2:
            print(f"{path}: fewer than 2 positions shared with {paths[0]}")
            continue
        mean, error = mean_and_error([clipped(other[f]) - clipped(base[f]) for f in shared])
        print(f"{path}: {summary([other[f] for f in shared])}; against {paths[0]} on these "
              f"{len(shared)}: {mean:+.1f} +- {error:.1f}")
    return 0


def cmd_grade(args):
    if bool(args.sharp) == bool(args.grader):
        raise SystemExit("give --sharp DIR or --grader CMD")
    if not args.engine or not args.out or not args.labels:
        raise SystemExit("grading needs --engine, --out and label files")
    k, m = arimaa_data.parse_shard(args.shard)
    positions = select_positions(args.labels, args.min_turn, args.max_turn, args.positions)
    mine = positions[k - 1::m]
    done = read_grades(args.out) if os.path.exists(args.out) else {}
    todo = [p for p in mine if p[0] not in done]
    print(f"shard {k}/{m}: {len(mine)} positions, {len(mine) - len(todo)} already in {args.out}, "
          f"{len(todo)} to grade", flush=True)
    grader_cmd = arimaa_data.sharp_command(args.sharp) if args.sharp else args.grader
    referee = aei_match.UgiEngine([args.referee or os.path.join(REPO, "build", "release", "ludus")],
                                  name="referee")
    engine = aei_match.UgiEngine(shlex.split(args.engine), name="engine")
    grader = aei_match.AeiEngine(shlex.split(grader_cmd), name="grader")
    try:
        referee.handshake([("Game", "arimaa")])
        engine.handshake([("Game", "arimaa"), ("OwnBook", "false")] + aei_match.parse_options(args.option))
        grader.aei_handshake()
        with open(args.out, "a", encoding="utf-8") as out:
            for fen, before in todo:
                engine.send(f"position fen {fen}")
                engine.sync()
                move, _, _ = engine.go(f"movetime {args.movetime}", args.timeout)
                after_fen, result = play_move(referee, fen, move, "the engine's move")
                result = result_after(result, fen.split()[1])
                if result > 0:
                    after = -before  # the move won: nothing lost
                elif result < 0:
                    after = arimaa_data.SCORE_CLIP  # the move lost on the spot
                else:
                    after = arimaa_data.searched_score(grader, after_fen, args.depth, args.timeout, "the grader")
                out.write(f"{fen}\t{move}\t{before}\t{after}\t{before + after}\n")
                out.flush()
    finally:
        for e in (grader, engine, referee):
            e.close()
    grades = read_grades(args.out)
    print(f"shard {k}/{m}: {summary([grades[f] for f, _ in mine if f in grades])}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--compare", action="store_true", help="compare grade files (the first is the base)")
    ap.add_argument("--sharp", default=None, metavar="DIR", help="Sharp's build dir or binary, the grader")
    ap.add_argument("--grader", default=None, help="another AEI engine's command as the grader")
    ap.add_argument("--depth", default="4", help="the grader's search depth in steps (AEI `depth`)")
    ap.add_argument("--engine", default=None, help="the graded engine's UGI command")
    ap.add_argument("--option", action="append", help="NAME=VALUE sent to the graded engine with setoption")
    ap.add_argument("--movetime", type=int, default=500, help="the graded engine's milliseconds a move")
    ap.add_argument("--positions", type=int, default=300, help="positions to grade (0: all)")
    ap.add_argument("--min-turn", type=int, default=5)
    ap.add_argument("--max-turn", type=int, default=35)
    ap.add_argument("--shard", default="1/1", help="K/M: this shard's share of the positions")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds a search may take")
    ap.add_argument("--referee", default=None, help="a ludus binary (UGI) that plays the moves")
    ap.add_argument("--out", default=None, help="the grades (resumed if it exists)")
    ap.add_argument("files", nargs="+", help="label files; with --compare, grade files")
    args = ap.parse_args(argv)
    if args.compare:
        return cmd_compare(args.files)
    args.labels = args.files
    return cmd_grade(args)


if __name__ == "__main__":
    sys.exit(main())
