#!/usr/bin/env python3
"""scripts/arimaa_grade.py end to end, with ludus grading ludus.

The graded engine is ludus (UGI, 50 ms a move), the grader ludus in AEI
searching 2 steps: the positions are the label lines of the turn range
that are not decided, each graded line's loss is its scores' sum, a move
that wins loses nothing, the shards split the positions, an existing file
is resumed, and --compare pairs two files.
Run: python3 tests/protocol/test_arimaa_grade.py <path-to-ludus>
"""

import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from enginepipe import require, run_tests  # noqa: E402

GRADE = os.path.join(REPO, "scripts", "arimaa_grade.py")

# Label lines: FEN, the grader's score for the side to move, the game.
LABELS = [
    ("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 3", 12, "g:1"),   # graded
    ("rrrrrrrr/hdcemcdh/4E3/8/8/8/HDCM1CDH/RRRRRRRR s 6", -30, "g:1"),  # graded, Silver to move
    ("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2", 0, "g:2"),    # before --min-turn
    ("rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR s 7", 5000, "g:2"),  # decided
    ("7r/R7/8/8/8/8/8/8 g 9", 40, "g:3"),                              # a goal in one step: graded
]
GRADED = [LABELS[0], LABELS[1], LABELS[4]]


def grade(path, tmp, out, *extra):
    labels = os.path.join(tmp, "labels.txt")
    with open(labels, "w", encoding="utf-8") as f:
        f.writelines(f"{fen}\t{score}\t{game}\n" for fen, score, game in LABELS)
    cmd = [sys.executable, GRADE, "--grader", f"{path} --protocol aei --hash 8", "--depth", "2", "--engine",
           f"{path} --hash 8", "--referee", path, "--movetime", "50", "--min-turn", "3", "--max-turn", "30",
           "--option", "Evaluator=ludus", "--out", out, *extra, labels]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    require(proc.returncode == 0, "arimaa_grade.py failed", proc.stdout + proc.stderr)
    return proc.stdout


def rows_of(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f]


def test_grade_resume_shards_compare(path):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "graded.txt")
        text = grade(path, tmp, out)
        require("3 positions, 0 already" in text and "3 to grade" in text, "three positions to grade", text)
        rows = rows_of(out)
        require([r[0] for r in rows] == [fen for fen, _, _ in GRADED], "the graded positions, in order",
                str(rows))
        for r in rows:
            require(len(r) == 5 and r[1], "FEN, move, before, after, loss", str(r))
            require(int(r[4]) == int(r[2]) + int(r[3]), "the loss is the sum of the scores", str(r))
        require([int(r[2]) for r in rows] == [s for _, s, _ in GRADED], "the score before is the label's",
                str(rows))
        # The rabbit on a7 steps to the goal: nothing lost.
        require(rows[2][1].startswith("Ra7n") and int(rows[2][4]) == 0, "a winning move loses nothing",
                str(rows[2]))
        m = re.search(r"3 moves, mean loss (-?[\d.]+) centi-rabbits", text)
        want = sum(max(-1000, min(1000, int(r[4]))) for r in rows) / 3
        require(m and abs(float(m.group(1)) - want) < 0.06, f"the mean loss {want:.1f}", text)

        before = open(out, encoding="utf-8").read()
        text = grade(path, tmp, out)
        require("3 already" in text and "0 to grade" in text and open(out, encoding="utf-8").read() == before,
                "an existing file is resumed", text)

        half = os.path.join(tmp, "half.txt")
        text = grade(path, tmp, half, "--shard", "1/2")
        require("2 positions, 0 already" in text, "shard 1/2 takes two positions", text)
        require([r[0] for r in rows_of(half)] == [GRADED[0][0], GRADED[2][0]], "shard 1/2: the 1st and 3rd",
                str(rows_of(half)))

        proc = subprocess.run([sys.executable, GRADE, "--compare", out, out, half], capture_output=True,
                              text=True, timeout=60)
        require(proc.returncode == 0, "--compare failed", proc.stdout + proc.stderr)
        lines = proc.stdout.splitlines()
        require(len(lines) == 3 and "against" in lines[1] and "on these 3: +0.0 +- 0.0" in lines[1],
                "a file against itself: no difference", proc.stdout)
        require("on these 2:" in lines[2], "the pairs are the shared positions", proc.stdout)

        bad = os.path.join(tmp, "bad.txt")
        for text, line in (("not a label line\n", 1), (f"{LABELS[0][0]}\t12\tg:1\n{LABELS[0][0]}\tdozen\tg:1\n", 2),
                           ("8/8/8/8/8/8/8/8\t12\tg:1\n", 1)):
            with open(bad, "w", encoding="utf-8") as f:
                f.write(text)
            proc = subprocess.run([sys.executable, GRADE, "--grader", "x", "--engine", "y", "--out",
                                   os.path.join(tmp, "o.txt"), bad], capture_output=True, text=True, timeout=60)
            require(proc.returncode != 0 and f"bad.txt:{line}: not FEN" in proc.stderr and "Traceback" not in
                    proc.stderr, f"a bad label line is named: {text!r}", proc.stdout + proc.stderr)
        text = grade(path, tmp, os.path.join(tmp, "none.txt"), "--min-turn", "31")
        require("0 positions" in text and "no moves graded" in text, "no position in the turn range", text)

        proc = subprocess.run([sys.executable, GRADE, "--compare", out, os.path.join(tmp, "missing.txt")],
                              capture_output=True, text=True, timeout=60)
        require(proc.returncode != 0 and "missing.txt" in proc.stderr and "Traceback" not in proc.stderr,
                "a missing grade file is named", proc.stdout + proc.stderr)



def test_result_after_a_turn(path):
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    import arimaa_grade
    # The referee's `query result` after the mover's turn: its own win, its
    # loss (an enemy rabbit left on its goal row, its last rabbit gone, the
    # opponent immobilised: the referee applies the rules), or nothing yet.
    require(arimaa_grade.result_after("none", "g") == 0 and arimaa_grade.result_after("none", "s") == 0,
            "the game goes on")
    require(arimaa_grade.result_after("p1win", "g") == 1 and arimaa_grade.result_after("p2win", "s") == 1,
            "the mover won")
    require(arimaa_grade.result_after("p2win", "g") == -1 and arimaa_grade.result_after("p1win", "s") == -1,
            "the mover lost")


if __name__ == "__main__":
    run_tests(globals())
