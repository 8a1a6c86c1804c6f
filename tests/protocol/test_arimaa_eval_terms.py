"""scripts/arimaa_eval_terms.py: ludus's evaluation terms in won and lost games.

Session 28's seed match (arimaa-s28-oppcap30), game 1 won by ludus as Gold
and game 66 lost as Silver. The script must split the two games right,
count every turn ludus was to move in each period of turns (checked
against the records read here), and report means whose terms add up to the
total (the evaluation is the sum of its terms). Its --fit mode must count
the same turns, and its logistic regression must find the weights that
made a synthetic sample.
Run: python3 tests/protocol/test_arimaa_eval_terms.py <path-to-ludus>
"""

import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "arimaa_eval_terms.py")
RECORDS = os.path.join(REPO, "docs", "benchmarks", "records", "arimaa-s28-oppcap30.txt.gz")

sys.path.insert(0, os.path.join(REPO, "scripts"))
from arimaa_blunders import games  # noqa: E402
from arimaa_eval_terms import PERIODS, logistic_fit  # noqa: E402


def ludus_turns(won_wanted):
    """Turn numbers ludus played from the third ply on, in the wanted games."""
    numbers = []
    for _, _, gold, won, turns in games([RECORDS], {1, 66}):
        if won != won_wanted:
            continue
        # turns[k] is turn k // 2 + 1, Gold's when k is even.
        numbers += [k // 2 + 1 for k in range(2, len(turns)) if (k % 2 == 0) == gold]
    return numbers


def test_won_and_lost_games(binary):
    out = subprocess.run([sys.executable, SCRIPT, "--binary", binary, "--games", "1,66", RECORDS],
                         capture_output=True, text=True, check=True).stdout
    blocks = re.split(r"^(?=turns )", out, flags=re.M)[1:]
    require(len(blocks) == len(PERIODS), f"one block a period: {out!r}")
    won_turns, lost_turns = ludus_turns(True), ludus_turns(False)
    require(won_turns and lost_turns, "game 1 is won and game 66 lost")
    for (lo, hi), block in zip(PERIODS, blocks):
        lines = block.strip().splitlines()
        head = re.match(r"turns (\d+)-(\d+): .*won games \((\d+) turns\) / lost games \((\d+) turns\)", lines[0])
        require(head is not None, f"a period's heading: {lines[0]!r}")
        require((int(head[1]), int(head[2])) == (lo, hi - 1), f"the period: {lines[0]!r}")
        require(int(head[3]) == sum(lo <= t < hi for t in won_turns), f"won turns: {lines[0]!r}")
        require(int(head[4]) == sum(lo <= t < hi for t in lost_turns), f"lost turns: {lines[0]!r}")
        terms = {w[0]: (float(w[1]), float(w[2])) for w in (l.split() for l in lines[1:] if l.startswith("  "))}
        require({"material", "hostages", "threats", "total"} <= terms.keys(), f"the terms: {block!r}")
        for side in (0, 1):
            parts = sum(v[side] for name, v in terms.items() if name != "total")
            # Means printed to 0.1 each: at most 0.05 off per term.
            require(abs(parts - terms["total"][side]) <= 0.05 * len(terms), f"terms add up: {block!r}")
    tail = out.strip().splitlines()[-2:]
    require(tail[0].startswith("won games 1: turns 10-39 with hostages >= 100: "), f"won summary: {tail!r}")
    require(tail[1].startswith("lost games 1: turns 10-39 with hostages >= 100: "), f"lost summary: {tail!r}")
    counted = int(re.search(r" of (\d+);", tail[1])[1])
    require(counted == sum(10 <= t < 40 for t in lost_turns), f"lost turns 10-39: {tail!r}")


def test_fit_finds_the_weights_of_a_synthetic_sample(binary):
    # Results drawn from P(win) = 1 / (1 + exp(-(0.5 + 1.5 a - 1.0 b))), a
    # and b uniform in [-2, 2] (a fixed linear congruential generator).
    state = 12345

    def uniform():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (state >> 11) / 2**53

    xs, ys = [], []
    for _ in range(4000):
        a, b = 4 * uniform() - 2, 4 * uniform() - 2
        xs.append([1.0, a, b])
        ys.append(1 if uniform() < 1 / (1 + math.exp(-(0.5 + 1.5 * a - 1.0 * b))) else 0)
    w, errors = logistic_fit(xs, ys)
    for got, want, err in zip(w, [0.5, 1.5, -1.0], errors):
        require(0 < err < 0.2, f"a standard error: {errors}")
        require(abs(got - want) <= 4 * err, f"weights {w} against 0.5, 1.5, -1.0 (errors {errors})")


def test_fit_counts_the_turns(binary):
    out = subprocess.run([sys.executable, SCRIPT, "--binary", binary, "--games", "1,66", "--fit", "6-60", RECORDS],
                         capture_output=True, text=True, check=True).stdout
    lines = out.strip().splitlines()
    won = sum(6 <= t <= 60 for t in ludus_turns(True))
    lost = sum(6 <= t <= 60 for t in ludus_turns(False))
    require(lines[0] == f"all games: {won + lost} positions of 2 games, {won} of them in won games", f"{lines[0]!r}")
    rows = {l.split()[0]: l.split()[1:] for l in lines[2:] if l.startswith("  ") and len(l.split()) == 4}
    require({"intercept", "material", "hostages", "threats"} <= rows.keys(), f"the terms: {out!r}")
    require("total" not in rows, f"the total is no term of its own: {out!r}")
    require(rows["material"][2] == "1.00", f"material against itself: {rows['material']!r}")
    # One game each: ludus won as Gold (game 1) and lost as Silver (66).
    require(f"ludus as Gold: {won} positions of 1 games, {won} of them in won games" in lines, f"{out!r}")
    require(out.count("(no fit: it needs won and lost games)") == 2, f"{out!r}")


if __name__ == "__main__":
    run_tests(globals())
