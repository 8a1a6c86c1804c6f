#!/usr/bin/env python3
"""scripts/arimaa_sharp_terms.py with a stand-in for Sharp's evalPos.

The stand-in (a script named sharp-dev) prints, for each position of the
file it is given, terms made from ludus's own evaluation of it: a
"material" that is a linear mix of two of ludus's terms and a "total" that
is ten times ludus's score (both must be explained whole, R² near 1), a
"piece threats" term of random numbers (nothing to explain it, R² near 0
or below), and nothing else (constant terms: '-'). The least-squares
helper is checked on a synthetic set.
Run: python3 tests/protocol/test_arimaa_sharp_terms.py <path-to-ludus>
"""

import os
import random
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts")
sys.path[:0] = [HERE, SCRIPTS]

import arimaa_sharp_terms as st  # noqa: E402
from enginepipe import require, run_tests  # noqa: E402
from sharp_standin import write_sharp_dev  # noqa: E402

TERMS = os.path.join(SCRIPTS, "arimaa_sharp_terms.py")
POSITIONS = os.path.join(os.path.dirname(HERE), "data", "arimaa", "game-positions-30.txt")

# The stand-in's terms: a mix of two of ludus's terms, random numbers, ludus's score.
STANDIN_TERMS = [
    'print(f"Material: {10 * (t[\'material\'] + 2 * t[\'traps\'])} EMHH emhh")',
    'print(f"ThreatScore: {rng.randint(-500, 500)}")',
    'print(f"Final Score: {10 * t[\'total\']}")',
]


def test_least_squares_on_a_synthetic_set(path):
    rng = random.Random(3)
    x = [[rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(200)]
    exact = [2 * a - 3 * b + 5 for a, b, _ in x]
    require(st.heldout_r2(x, exact) > 0.999, "a linear target is explained whole", str(st.heldout_r2(x, exact)))
    noise = [rng.uniform(-1, 1) for _ in x]
    require(st.heldout_r2(x, noise) < 0.1, "noise is not explained", str(st.heldout_r2(x, noise)))
    require(st.heldout_r2(x, [4.0] * len(x)) is None, "a constant has nothing to explain")


def test_terms_against_a_stand_in(path):
    with tempfile.TemporaryDirectory() as tmp:
        fake = write_sharp_dev(tmp, STANDIN_TERMS)
        fens = os.path.join(tmp, "fens.txt")
        with open(POSITIONS, encoding="utf-8") as src, open(fens, "w", encoding="utf-8") as dst:
            dst.writelines(line.split(" | ")[0] + "\n" for line in src if line.strip())
        env = dict(os.environ, LUDUS_UNDER_TEST=path)
        proc = subprocess.run([sys.executable, TERMS, "--sharp", tmp, "--engine", path, fens], capture_output=True,
                              text=True, timeout=300, env=env)
        require(proc.returncode == 0, "arimaa_sharp_terms.py failed", proc.stdout + proc.stderr)
        rows = {m.group(1).strip(): m.group(2) for m in
                re.finditer(r"^([a-z ,-]+?)\s+[\d.]+\s+(-|-?[\d.]+)$", proc.stdout, re.M)}
        require(proc.stdout.startswith("30 positions"), "every position read", proc.stdout)
        require(float(rows["material"]) > 0.99, "a mix of two of ludus's terms is explained", proc.stdout)
        require(float(rows["total"]) > 0.99, "ludus's own score is explained", proc.stdout)
        require(float(rows["piece threats"]) < 0.5, "random numbers are not", proc.stdout)
        require(rows["alignment"] == "-" and rows["captures"] == "-", "constant terms: nothing to explain",
                proc.stdout)
        # Too few positions for five folds, and no sharp-dev, are refused.
        with open(fens, "w", encoding="utf-8") as f:
            f.write("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 3\n")
        proc = subprocess.run([sys.executable, TERMS, "--sharp", tmp, "--engine", path, fens], capture_output=True,
                              text=True, timeout=60, env=env)
        require(proc.returncode != 0 and "at least 10" in proc.stderr, "too few positions", proc.stderr)
        os.remove(fake)
        proc = subprocess.run([sys.executable, TERMS, "--sharp", tmp, fens], capture_output=True, text=True,
                              timeout=60)
        require(proc.returncode != 0 and "sharp-dev" in proc.stderr, "no sharp-dev", proc.stderr)


if __name__ == "__main__":
    run_tests(globals())
