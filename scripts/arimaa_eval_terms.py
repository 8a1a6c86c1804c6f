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

With --fit LO-HI, prints instead a logistic regression of each game's
result (ludus won: 1) on the terms of ludus's positions in turns LO-HI
(each term in rabbits, clamped to +-6), for all games, then for ludus as
Gold and as Silver apart: the weight of each term, its standard error and
its ratio to material's weight. A term whose ratio is well above 1 tells
the result more than its share of the score does (it may be weighted too
low), one near 0 or below tells it less (too high). The positions of one
game share its result, so the errors printed are too small (a term should
agree in both colours' fits to be believed), and a term that predicts the
result is not proof that weighting it more plays better: a screen for
variants, not a tuner.

Environment variables (such as a throw-away build's switches) pass on to
the binary. One process a game; standard library only.
"""

import argparse
import math
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


def solve(a, b):
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small)."""
    m = len(b)
    rows = [list(r) + [b[i]] for i, r in enumerate(a)]
    for c in range(m):
        p = max(range(c, m), key=lambda r: abs(rows[r][c]))
        rows[c], rows[p] = rows[p], rows[c]
        for r in range(m):
            if r != c and rows[r][c]:
                f = rows[r][c] / rows[c][c]
                for j in range(c, m + 1):
                    rows[r][j] -= f * rows[c][j]
    return [rows[i][m] / rows[i][i] for i in range(m)]


def logistic_fit(xs, ys, ridge=1.0, iterations=25):
    """Weights w (w[0] the intercept; xs rows start with 1.0) maximising the
    log-likelihood of ys (0/1) under P(y = 1) = 1 / (1 + exp(-w.x)), less
    ridge / 2 |w|^2, by Newton's method; returns (w, standard errors)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [-ridge * v for v in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x))))
            p = 1.0 / (1.0 + math.exp(-z))
            e, s = y - p, p * (1.0 - p)
            for i in range(k):
                grad[i] += e * x[i]
                si, row = s * x[i], hess[i]
                for j in range(i, k):
                    row[j] += si * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(v) for v in step) < 1e-6:
            break
    errors = [math.sqrt(max(0.0, solve(hess, [1.0 if j == i else 0.0 for j in range(k)])[i])) for i in range(k)]
    return w, errors


def print_fit(title, games, names, lo, hi):
    xs, ys = [], []
    for won, g in games:
        for turn, r in g:
            if lo <= turn <= hi:
                xs.append([1.0] + [max(-6.0, min(6.0, r.get(t, 0) / 100.0)) for t in names])
                ys.append(1 if won else 0)
    print(f"{title}: {len(xs)} positions of {len(games)} games, {sum(ys)} of them in won games")
    if sum(ys) in (0, len(ys)):
        print("  (no fit: it needs won and lost games)")
        return
    w, errors = logistic_fit(xs, ys)
    material = w[1 + names.index("material")] if "material" in names else 1.0
    print(f"  {'term':10s} {'weight':>8s} {'error':>8s} {'/material':>9s}")
    for name, v, e in zip(["intercept"] + names, w, errors):
        print(f"  {name:10s} {v:8.3f} {e:8.3f} {v / material if material else 0.0:9.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                     "build", "release", "ludus"))
    ap.add_argument("--big", type=int, default=100)
    ap.add_argument("--held", type=int, default=150)
    ap.add_argument("--games", type=lambda t: {int(x) for x in t.split(",")},
                    help="only these game numbers (1-based, in each file)")
    ap.add_argument("--fit", metavar="LO-HI",
                    help="a logistic regression of the results on the terms of turns LO-HI instead")
    ap.add_argument("records", nargs="+")
    args = ap.parse_args()

    played = list(record_games(args.records, args.games))
    games = [game_terms(args.binary, gold, won, turns) for _, _, gold, won, turns in played]
    names = next((list(row) for _, g in games for _, row in g), [])  # the terms, in the engine's order
    if args.fit:
        lo, hi = (int(v) for v in args.fit.split("-"))
        terms = [t for t in names if t != "total"]
        print_fit("all games", games, terms, lo, hi)
        for gold in (True, False):
            print_fit("ludus as " + ("Gold" if gold else "Silver"),
                      [g for g, (_, _, is_gold, _, _) in zip(games, played) if is_gold == gold], terms, lo, hi)
        return
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
