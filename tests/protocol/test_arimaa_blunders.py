"""scripts/arimaa_blunders.py: decisive mistakes of lost Arimaa games as a suite.

Session 17's seed match, run 1, game 7: ludus (Gold) played
`Mc5e,Rc3n,Md5n` at turn 29 and Silver's goal could no longer be stopped;
another turn keeps the game. `find` must list that turn (and not turn 30,
where the game is already lost) and a turn of each won game asked for as
a control; `solve` must call a search that avoids the mistake held and one
that plays it lost, and a control kept or broken. Fixed-depth searches.
Run: python3 tests/protocol/test_arimaa_blunders.py <path-to-ludus>
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "arimaa_blunders.py")
RECORDS = os.path.join(REPO, "docs", "benchmarks", "records", "arimaa-s17-1.txt.gz")
FEN = "3r1r2/1rcR1cr1/1r4rr/r1M2E1R/4Dh2/1hR1e1R1/R1C2D2/5C2 g 29"
PLAYED = "Mc5e,Rc3n,Md5n"


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, check=True).stdout


def test_find_and_solve(binary):
    with tempfile.TemporaryDirectory() as tmp:
        suite = os.path.join(tmp, "suite.txt")
        # Games 1 and 2 were won: one turn of each becomes a control.
        run("find", "--binary", binary, "--deep", "depth 8", "--last", "2", "--controls", "2", "--games", "1,2,7",
            "--out", suite, RECORDS)
        with open(suite) as f:
            lines = [[x.strip() for x in line.split("|")] for line in f if line.strip()]
        require([l[5] for l in lines] == ["control", "control", "mistake"], f"kinds: {lines}")
        for fen, played, best, best_score, played_score, _ in lines[:2]:
            require(int(best_score) - int(played_score) < 250 and int(best_score) >= -300, f"a control: {lines}")
        fen, played, best, best_score, played_score, _ = lines[2]
        require(fen == FEN and played == PLAYED, f"the mistake: {lines[2]}")
        require(best != played and int(best_score) >= -300, f"a better turn that keeps the game: {lines[2]}")
        require(int(played_score) <= -19900, f"the played turn loses by force: {lines[2]}")

        # The same search finds the better turn: held.
        with open(suite, "w") as f:
            f.write(" | ".join(lines[2]) + "\n")
        out = run("solve", "--binary", binary, "--reference", binary, "--go", "depth 8", "--deep", "depth 8", suite)
        require(out.strip().splitlines()[-1] == "held 1 of 1", f"solve: {out!r}")
        chosen = out.split()[1]
        # A suite that calls the turn this search chooses the mistake: lost.
        # As a control, the same turn is kept (the one played); a control
        # whose played turn was (said to be) a forced win is broken by it.
        with open(suite, "w") as f:
            f.write(f"{fen} | {chosen} | {played} | {best_score} | {played_score} | mistake\n")
            f.write(f"{fen} | {chosen} | {played} | {best_score} | {best_score} | control\n")
            f.write(f"{fen} | {played} | {chosen} | 19990 | 19990 | control\n")
        out = run("solve", "--binary", binary, "--reference", binary, "--go", "depth 8", "--deep", "depth 8", suite)
        words = [l.split()[0] for l in out.strip().splitlines()]
        require(words == ["lost", "kept", "broke", "held", "kept"], f"solve with controls: {out!r}")
        require(out.strip().splitlines()[-2:] == ["held 0 of 1", "kept 1 of 2 controls"], f"totals: {out!r}")


def test_solve_a_turn_that_ends_the_game(binary):
    # Gold's rabbit a7 steps into goal: the judge has no position to search,
    # the game's result scores the turn (a win for the mover).
    with tempfile.TemporaryDirectory() as tmp:
        suite = os.path.join(tmp, "suite.txt")
        with open(suite, "w") as f:
            f.write("8/R7/8/8/8/8/7r/8 g 10 | Ra7e | Ra7n | 19999 | 0\n")
        out = run("solve", "--binary", binary, "--reference", binary, "--go", "depth 4", "--deep", "depth 4", suite)
        lines = out.strip().splitlines()
        require(lines[0].startswith("held Ra7n (20000;"), f"the goal: {out!r}")
        require(lines[-1] == "held 1 of 1", f"solve: {out!r}")


if __name__ == "__main__":
    run_tests(globals())
