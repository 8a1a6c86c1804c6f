#!/usr/bin/env python3
"""scripts/arimaa_loss_terms.py with ludus as the grader and a stand-in
for Sharp's evalPos.

The grader is ludus in AEI searching 2 steps (deterministic: each search
starts afresh); the stand-in sharp-dev (sharp_standin.py) prints ludus's
material and score as Sharp's "Material" and "Final Score", ten times
over as Sharp's units are. Grade lines that play the grader's own move
give away nothing on any term; a cat stepped onto an empty trap gives
away the cat's worth of material; a move that wins on the spot is left
out; a Silver position's reference move (searched on the mirrored board)
is played back in the real one; the comparison of two files pairs them.
Run: python3 tests/protocol/test_arimaa_loss_terms.py <path-to-ludus>
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts")
sys.path[:0] = [HERE, SCRIPTS]

import aei_match  # noqa: E402
import arimaa_data  # noqa: E402
from enginepipe import require, run_tests  # noqa: E402
from sharp_standin import write_sharp_dev  # noqa: E402

LOSS_TERMS = os.path.join(SCRIPTS, "arimaa_loss_terms.py")
STANDIN_TERMS = [
    'print(f"Material: {10 * t[\'material\']} EMHH emhh")',
    'print(f"Final Score: {10 * t[\'total\']}")',
]
GOLD = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 3"
SILVER = "rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 6"
GOAL = "7r/R7/8/8/8/8/8/8 g 9"  # Ra7n wins


def grader_command(path):
    return f"{path} --protocol aei --hash 8"


def test_mirrored_move(path):
    require(arimaa_data.mirrored_move("Ee2n ce3s Ee7x") == "ee7s,Ce6n,ee2x", "ranks, colours, north and south",
            arimaa_data.mirrored_move("Ee2n ce3s Ee7x"))


def test_loss_by_term(path):
    grader = aei_match.AeiEngine(shlex.split(grader_command(path)), name="grader")
    try:
        grader.aei_handshake()
        own = {fen: arimaa_data.searched_move(grader, fen, "2", 60, "the test's grader") for fen in (GOLD, SILVER)}
    finally:
        grader.close()
    with tempfile.TemporaryDirectory() as tmp:
        write_sharp_dev(tmp, STANDIN_TERMS)
        same = os.path.join(tmp, "same.txt")
        worse = os.path.join(tmp, "worse.txt")
        with open(same, "w", encoding="utf-8") as f:
            f.writelines(f"{fen}\t{own[fen]}\t0\t0\t0\n" for fen in (GOLD, SILVER))
            f.write(f"{GOAL}\tRa7n\t40\t-40\t0\n")
        with open(worse, "w", encoding="utf-8") as f:
            f.write(f"{GOLD}\tCc2n\t0\t0\t0\n")  # the cat steps onto c3 alone: captured
            f.write(f"{SILVER}\t{own[SILVER]}\t0\t0\t0\n")
        env = dict(os.environ, LUDUS_UNDER_TEST=path)
        cmd = [sys.executable, LOSS_TERMS, "--sharp", tmp, "--grader", grader_command(path), "--depth", "2",
               "--referee", path]
        proc = subprocess.run(cmd + [same, worse], capture_output=True, text=True, timeout=300, env=env)
        require(proc.returncode == 0, "arimaa_loss_terms.py failed", proc.stdout + proc.stderr)
        out = proc.stdout
        require(f"{same}: 2 positions (1 left out: the game ends)" in out, "the winning move left out", out)
        require(f"{worse}: 2 positions\n" in out, "both positions of the second file", out)
        rows = {m.group(1).strip(): [(float(a), float(b)) for a, b in re.findall(r"(-?[\d.]+) \+- ([\d.]+)", m.group(2))]
                for m in re.finditer(r"^([a-z ,-]+?)\s{2,}(.*\+-.*)$", out, re.M)}
        require(all(cell == (0.0, 0.0) for row in rows.values() for cell in row[:1]) and len(rows) == 13,
                "the grader's own moves give away nothing, term by term", out)
        material = rows["material"][1][0]
        require(material > 50, "the cat's worth of material given away (half of it: one position in two)", out)
        require(rows["total"][1][0] > 50, "and as much or more in the total", out)
        m = re.search(rf"{re.escape(worse)}: total against {re.escape(same)} on the 2 positions both grade: "
                      r"\+([\d.]+) \+- ", out)
        require(m and float(m.group(1)) > 50, "the pairing of the two files", out)
        # A line that is not a grade is named.
        with open(worse, "a", encoding="utf-8") as f:
            f.write("not a grade\n")
        proc = subprocess.run(cmd + [worse], capture_output=True, text=True, timeout=120, env=env)
        require(proc.returncode != 0 and f"{worse}:3: not FEN" in proc.stderr, "a bad line is named", proc.stderr)


if __name__ == "__main__":
    run_tests(globals())
