#!/usr/bin/env python3
"""How much of each of Sharp's evaluation terms ludus's terms explain.

  scripts/arimaa_sharp_terms.py --sharp ~/.cache/ludus/sharp labels1.txt labels2.txt

Sharp's developer-mode binary (`sharp-dev`, built beside `sharp` by
scripts/build_sharp.sh) prints its static evaluation of a position term by
term (`evalPos`). For the positions of the files (the first tab-separated
field of each line is a FEN: label files of scripts/arimaa_data.py, or a
plain list), this reads Sharp's terms and ludus's (`eval` through UGI: the
weighted terms it prints, which add up to its score), fits each of Sharp's
terms by least squares on all of ludus's (five folds by position: each
fold predicted by the fit on the other four) and prints, term by term, its
standard deviation in rabbits and the held-out R²: 1 when ludus's terms
carry what that term of Sharp's knows, 0 when they carry nothing of it.
Sharp's terms are summed for both sides where it prints them per side
(the side to move's minus the opponent's), in its units / 10 = centi-
rabbits. Where ludus lacks a term's knowledge, the unexplained spread,
sd x sqrt(1 - R²), says how much it is worth learning.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aei_match  # noqa: E402
import arimaa_data  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Sharp's printed terms, grouped: a name and the lines that add up to it
# ('-' before a line: subtracted, the opponent's share).
SHARP_TERMS = [
    ("material", ["Material"]),
    ("piece-square", ["PieceSquare"]),
    ("trap control", ["TDefScore", "TCScore"]),
    ("elephant mobility", ["PEleMobility", "-OEleMobility"]),
    ("piece threats", ["ThreatScore"]),
    ("frames, hostages, blockades", ["StratScorePla", "-StratScoreOpp"]),
    ("threat reduction", ["ThreatReductionPla", "-ThreatReductionOpp"]),
    ("camel advance", ["SheriffScorePla", "-SheriffScoreOpp"]),
    ("alignment", ["AlignPla", "-AlignOpp"]),
    ("imbalance", ["ImbalancePla", "-ImbalanceOpp"]),
    ("rabbit goal threats", ["RabScorePla", "-RabScoreOpp"]),
    ("captures", ["Cap"]),
    ("total", ["Final Score"]),
]
CHUNK = 5000  # positions per evalPos call
FOLDS = 5
RIDGE = 1e-3  # per sample, keeps the normal equations solvable when a term is constant


def sharp_blocks(text):
    """evalPos's output cut into one dict of printed values a position."""
    blocks = []
    for block in re.split(r"^---Eval", text, flags=re.M)[1:]:
        values = {m.group(1): int(m.group(2)) for m in re.finditer(r"^([A-Za-z ]+): +(-?\d+)", block, re.M)}
        cap = re.search(r"^Best cap .* Net (-?\d+)", block, re.M)
        values["Cap"] = int(cap.group(1)) if cap else 0
        blocks.append(values)
    return blocks


def sharp_terms(block):
    """The grouped terms of one position, centi-rabbits."""
    out = []
    for _, lines in SHARP_TERMS:
        v = 0
        for line in lines:
            sign = -1 if line.startswith("-") else 1
            v += sign * block.get(line.lstrip("-"), 0)
        out.append(v / 10.0)
    return out


def sharp_evaluations(binary, fens, timeout):
    rows = []
    for i in range(0, len(fens), CHUNK):
        blocks = arimaa_data.eval_pos(binary, fens[i:i + CHUNK], timeout, sharp_blocks)
        rows += [sharp_terms(b) for b in blocks]
    return rows


def ludus_terms(engine, fens):
    """ludus's weighted terms of each position (`eval`), in a fixed order."""
    names, rows = None, []
    for fen in fens:
        engine.send(f"position fen {fen}")
        engine.send("eval")
        terms = {}
        for line in engine.sync():
            if line.startswith("info string error"):
                raise SystemExit(f"ludus: {line} ({fen})")
            m = re.match(r"info string ([a-z]+) (-?\d+)$", line)
            if m and m.group(1) != "total":
                terms[m.group(1)] = int(m.group(2))
        if names is None:
            names = sorted(terms)
        rows.append([terms.get(n, 0) for n in names])
    return names or [], rows


def solve(a, b):
    """Gaussian elimination with partial pivoting; a is n x n."""
    n = len(b)
    a = [row[:] for row in a]
    b = b[:]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        if abs(a[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                for k in range(c, n):
                    a[r][k] -= f * a[c][k]
                b[r] -= f * b[c]
    return [b[i] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def heldout_r2(x, y, folds=FOLDS):
    """Least squares of y on the columns of x and a constant, each fold
    predicted by the fit on the others; the R² of those predictions (None
    when y is constant)."""
    n, m = len(y), len(x[0]) + 1
    rows = [xi + [1.0] for xi in x]
    pred = [0.0] * n
    for fold in range(folds):
        a = [[0.0] * m for _ in range(m)]
        b = [0.0] * m
        train = [i for i in range(n) if i % folds != fold]
        for i in train:
            xi = rows[i]
            for p in range(m):
                b[p] += xi[p] * y[i]
                for q in range(m):
                    a[p][q] += xi[p] * xi[q]
        for p in range(m - 1):
            a[p][p] += RIDGE * len(train)
        w = solve(a, b)
        for i in range(fold, n, folds):
            pred[i] = sum(wp * xp for wp, xp in zip(w, rows[i]))
    mean = sum(y) / n
    total = sum((v - mean) ** 2 for v in y)
    if total == 0:
        return None  # a constant term: nothing to explain
    return 1 - sum((v - p) ** 2 for v, p in zip(y, pred)) / total


def read_fens(paths):
    fens = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                fen = line.rstrip("\n").split("\t")[0]
                if not fen.strip():
                    continue
                if len(fen.split()) != 3:
                    raise SystemExit(f"{path}:{n}: not a FEN (board, side, turn)")
                fens.append(fen)
    return fens


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--sharp", required=True, metavar="DIR", help="Sharp's build dir (DIR/sharp-dev)")
    ap.add_argument("--engine", default=os.path.join(REPO, "build", "release", "ludus"), help="ludus (UGI)")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds an evalPos call may take")
    ap.add_argument("files", nargs="+", help="files whose lines begin with a FEN")
    args = ap.parse_args(argv)
    binary = arimaa_data.sharp_dev(args.sharp)
    fens = read_fens(args.files)
    if len(fens) < 2 * FOLDS:
        raise SystemExit(f"{len(fens)} positions: at least {2 * FOLDS} are needed")
    sharp = sharp_evaluations(binary, fens, args.timeout)
    engine = aei_match.UgiEngine([args.engine], name="ludus")
    try:
        engine.handshake([("Game", "arimaa")])
        names, ludus = ludus_terms(engine, fens)
    finally:
        engine.close()
    print(f"{len(fens)} positions; ludus's terms: {' '.join(names)}")
    print(f"{'Sharp term':30s} {'sd (rabbits)':>12s} {'held-out R2':>12s}")
    for j, (name, _) in enumerate(SHARP_TERMS):
        y = [row[j] for row in sharp]
        mean = sum(y) / len(y)
        sd = (sum((v - mean) ** 2 for v in y) / len(y)) ** 0.5
        r2 = heldout_r2(ludus, y)
        print(f"{name:30s} {sd / 100:12.2f} {'-' if r2 is None else f'{r2:.3f}':>12s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
