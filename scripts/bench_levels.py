#!/usr/bin/env python3
"""The Elo ladder of the `Level` option by self-play.

  scripts/bench_levels.py [--game othello] [--levels 1,2,3,4,6,8,10,12,15,20]
                          [--games 40] [--movetime 100] [--ludus build/release/ludus]

Plays each pair of neighbouring levels in --levels against each other
(scripts/match.py: --games games, colours alternating over the game's
openings file, a third `ludus` referees), then chains the Elo differences
into a ladder with Level 20 at 0. Intervals are 95% (each step's own, and the
accumulated one from Level 20, as the square root of the summed variances).
A 100% or 0% step is reported as +-800 (its interval is not finite).

Levels 13-20 differ only in their depth and node caps (engine/level.h), so
at a short --movetime they play alike: the ladder is a property of the time
control, and this script prints it with the time control it used.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATCH = os.path.join(REPO, "scripts", "match.py")
ELO_CAP = 800.0


def elo(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return max(-ELO_CAP, min(ELO_CAP, -400 * math.log10(1 / score - 1)))


def step_variance(w, d, l):
    """Variance of the Elo estimate of one match (delta method)."""
    n = w + d + l
    s = (w + 0.5 * d) / n
    var_s = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n / n
    if var_s == 0 or s in (0.0, 1.0):
        return None
    slope = 400 / math.log(10) / (s * (1 - s))
    return var_s * slope * slope


def play_pair(args, low, high, records):
    cmd = [sys.executable, MATCH, "--quiet", "--game", args.game,
           "--engine1", args.ludus, "--engine2", args.ludus,
           "--name1", f"L{high}", "--name2", f"L{low}",
           "--option1", f"Level={high}", "--option2", f"Level={low}",
           "--games", str(args.games), "--movetime", str(args.movetime),
           "--concurrency", str(args.concurrency), "--records", records]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    m = re.search(r": (\d+) games, \+(\d+) =(\d+) -(\d+)", out)
    if not m:
        raise RuntimeError(f"no summary from match.py:\n{out}")
    return int(m.group(2)), int(m.group(3)), int(m.group(4))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--game", default="othello")
    ap.add_argument("--levels", default="1,2,3,4,6,8,10,12,15,20")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--records", default="", help="directory for the match records (default: a temp dir)")
    args = ap.parse_args()
    levels = sorted({int(x) for x in args.levels.split(",")})
    if len(levels) < 2 or levels[0] < 1 or levels[-1] > 20:
        ap.error("--levels needs two or more values in 1..20")
    rec_dir = args.records or tempfile.mkdtemp(prefix="ludus-levels-")
    os.makedirs(rec_dir, exist_ok=True)

    print(f"{args.game}: {args.games} games per step, go movetime {args.movetime}")
    print(f"{'step':>10}  {'+W =D -L':>14}  {'score':>6}  {'Elo':>14}")
    steps = []
    for low, high in zip(levels, levels[1:]):
        w, d, l = play_pair(args, low, high, os.path.join(rec_dir, f"L{high}-L{low}.jsonl"))
        n = w + d + l
        s = (w + 0.5 * d) / n
        e = elo(s)
        var = step_variance(w, d, l)
        ci = f"+-{1.96 * math.sqrt(var):.0f}" if var else "+-inf"
        steps.append((low, high, e, var))
        print(f"{f'L{high}-L{low}':>10}  {f'+{w} ={d} -{l}':>14}  {100 * s:5.1f}%  {e:+7.0f} {ci:>6}", flush=True)

    print(f"\nladder (Level {levels[-1]} = 0):")
    print(f"{'level':>5}  {'Elo':>6}  {'95%':>6}")
    total, total_var, exact = 0.0, 0.0, True
    ladder = {levels[-1]: (0.0, 0.0, True)}
    for low, high, e, var in reversed(steps):
        total -= e
        if var is None:
            exact = False
        else:
            total_var += var
        ladder[low] = (total, total_var, exact)
    for lv in levels:
        t, v, ok = ladder[lv]
        ci = f"+-{1.96 * math.sqrt(v):.0f}" if ok else "n/a"
        print(f"{lv:>5}  {t:+6.0f}  {ci:>6}")
    print(f"records: {rec_dir}")


if __name__ == "__main__":
    main()
