#!/usr/bin/env python3
"""Where graded Arimaa moves lose, term by term of Sharp's evaluation.

  scripts/arimaa_loss_terms.py --sharp DIR graded.txt [other.txt ...]

arimaa_grade.py says how much an engine's moves lose by Sharp's judgement;
this says what they lose it on. For every position of the grade files
(arimaa_grade.py --out: FEN, the graded move, ...), the grader (Sharp,
`--depth` steps, as in the grade) chooses its own move, and Sharp's
developer-mode binary (`sharp-dev evalPos`, built beside `sharp` by
scripts/build_sharp.sh) evaluates the position after each move term by
term (the groups of arimaa_sharp_terms.py). Both positions have the
opponent to move, so for each term, the opponent's score after the graded
move minus its score after the grader's move is what the graded move
gives away on that term (positive: worse than the grader's move). Printed
per term and file: the mean over the positions in centi-rabbits and its
standard error. The grader's move is searched once per position and
shared by all the files of a run, so that the files' columns pair: each
file after the first is also compared with it on the total, position by
position (the difference of the means and its standard error, negative
when that file's moves give away less).

A position whose graded or reference move ends the game is left out (the
static terms of a finished game say nothing). The total is Sharp's whole
static score: close to the grade's mean loss when the grader's reply
finds nothing its static evaluation did not already count.
"""

import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aei_match  # noqa: E402
import arimaa_data  # noqa: E402
import arimaa_grade  # noqa: E402
import arimaa_sharp_terms  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_moves(path):
    """(FEN, move) of each line of a grade file, in order."""
    columns = ("FEN", "move", "before", "after", "loss")
    return list(arimaa_grade.tab_lines(path, columns, lambda f: (f[0], f[1])))


def after_move(referee, fen, move):
    """The FEN after `move` (UGI notation), or None when it ends the game."""
    after, result = arimaa_grade.play_move(referee, fen, move, "the move")
    return after if result == "none" else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--sharp", required=True, metavar="DIR",
                    help="Sharp's build dir: DIR/sharp-dev, and DIR/sharp as the grader")
    ap.add_argument("--grader", default=None, help="another AEI engine's command for the reference move")
    ap.add_argument("--depth", default="4", help="the grader's search depth in steps (AEI `depth`)")
    ap.add_argument("--referee", default=None, help="a ludus binary (UGI) that plays the moves")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds a search may take")
    ap.add_argument("files", nargs="+", help="grade files of arimaa_grade.py")
    args = ap.parse_args(argv)
    static = arimaa_data.sharp_dev(args.sharp)
    graded = {path: read_moves(path) for path in args.files}
    fens = list(dict.fromkeys(fen for rows in graded.values() for fen, _ in rows))
    grader_cmd = args.grader or arimaa_data.sharp_command(args.sharp)
    referee = aei_match.UgiEngine([args.referee or os.path.join(REPO, "build", "release", "ludus")], name="referee")
    grader = aei_match.AeiEngine(shlex.split(grader_cmd), name="grader")
    reference, after = {}, {}
    try:
        referee.handshake([("Game", "arimaa")])
        grader.aei_handshake()
        for fen in fens:
            move = arimaa_data.searched_move(grader, fen, args.depth, args.timeout, "the grader")
            reference[fen] = after_move(referee, fen, move)
        for path, rows in graded.items():
            after[path] = [(fen, after_move(referee, fen, move)) for fen, move in rows]
    finally:
        grader.close()
        referee.close()
    # Sharp's terms of every position after a move, in one evalPos run.
    wanted = list(dict.fromkeys([f for f in reference.values() if f] +
                                [f for rows in after.values() for _, f in rows if f]))
    terms = dict(zip(wanted, arimaa_sharp_terms.sharp_evaluations(static, wanted, args.timeout)))
    names = [name for name, _ in arimaa_sharp_terms.SHARP_TERMS]
    columns, totals = [], {}
    for path in args.files:
        pairs = [(terms[f], terms[reference[fen]]) for fen, f in after[path] if f and reference[fen]]
        left_out = len(after[path]) - len(pairs)
        if not pairs:
            raise SystemExit(f"{path}: no position to compare (every move ends the game)")
        columns.append((path, len(pairs), left_out,
                        [arimaa_grade.mean_and_error([mine[j] - ref[j] for mine, ref in pairs]) for j in range(len(names))]))
        totals[path] = {fen: terms[f][-1] - terms[reference[fen]][-1] for fen, f in after[path] if f and reference[fen]}
    print("centi-rabbits a move given away to the opponent by Sharp's static terms, "
          "against the grader's own move (mean +- standard error)")
    for path, n, left_out, _ in columns:
        print(f"{path}: {n} positions" + (f" ({left_out} left out: the game ends)" if left_out else ""))
    print(f"{'term':30s}" + "".join(f" {os.path.basename(p)[:18]:>18s}" for p, *_ in columns))
    for j, name in enumerate(names):
        print(f"{name:30s}" + "".join(f" {f'{c[3][j][0]:.1f} +- {c[3][j][1]:.1f}':>18s}" for c in columns))
    base = totals[args.files[0]]
    for path in args.files[1:]:
        shared = [fen for fen in totals[path] if fen in base]
        if shared:
            mean, error = arimaa_grade.mean_and_error([totals[path][fen] - base[fen] for fen in shared])
            print(f"{path}: total against {args.files[0]} on the {len(shared)} positions both grade: "
                  f"{mean:+.1f} +- {error:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
