#!/usr/bin/env python3
"""scripts/arimaa_data.py and arimaa_eval_fit end to end.

Tiny shards of `ludus` (AEI) against the random AEI engine, with a short
turn limit: the shards split the run's game numbers (1/2 plays games 1
and 3, 2/2 game 2), a shard that exists is resumed without playing its
games again, the parts merge into one file that aei_match.py reads back,
and the fitter reads the merged records, replays every game and reports
its fit.
Run: python3 tests/protocol/test_arimaa_data.py <path-to-ludus>
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
sys.path.insert(0, os.path.join(REPO, "scripts"))

import aei_match  # noqa: E402
from enginepipe import require, run_tests  # noqa: E402

DATA = os.path.join(REPO, "scripts", "arimaa_data.py")
RANDOM = os.path.join(REPO, "scripts", "aei_random.py")


def play(path, tmp, shard, out):
    # A reserve far beyond the move time: a sanitizer build is slow, and a
    # forfeited game would be played again (the test is of the shards).
    cmd = [sys.executable, DATA, "play", "--engine1", f"{path} --protocol aei --hash 8",
           "--engine2", f"{sys.executable} {RANDOM} --ludus {path} --seed 5", "--referee", path,
           "--name1", "ludus", "--name2", "random", "--games", "3", "--shard", shard,
           "--tc", "0.05s/20s/100/20s/6t", "--out", out]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    require(proc.returncode == 0, f"arimaa_data.py play --shard {shard} failed", proc.stdout + proc.stderr)
    return proc.stdout


def games_in(path):
    with open(path, encoding="utf-8") as f:
        return aei_match.parse_records(f.read())


def test_shards_resume_merge_and_fit(path):
    with tempfile.TemporaryDirectory() as tmp:
        p1, p2 = os.path.join(tmp, "part1.txt"), os.path.join(tmp, "part2.txt")
        out = play(path, tmp, "1/2", p1)
        require("2 games, 0 already" in out and "game 1:" in out and "game 3:" in out and "game 2:" not in out,
                "shard 1/2 plays games 1 and 3", out)
        out = play(path, tmp, "2/2", p2)
        require("1 games, 0 already" in out and "game 2:" in out, "shard 2/2 plays game 2", out)
        require(len(games_in(p1)) == 2 and len(games_in(p2)) == 1, "the parts hold their games")
        # Game 1 has Gold ludus (odd numbers), game 2 the random engine.
        require(games_in(p1)[0]["tags"]["White"] == "ludus" and games_in(p2)[0]["tags"]["White"] == "random",
                "colours alternate by game number")
        before = open(p1, encoding="utf-8").read()
        out = play(path, tmp, "1/2", p1)
        require("2 already" in out and "0 to play" in out, "an existing part is resumed", out)
        require(open(p1, encoding="utf-8").read() == before, "a resumed, complete part is unchanged")

        merged = os.path.join(tmp, "games.txt")
        proc = subprocess.run([sys.executable, DATA, "merge", "--out", merged, p1, p2], capture_output=True,
                              text=True, timeout=60)
        require(proc.returncode == 0 and "3 games" in proc.stdout, "merge", proc.stdout + proc.stderr)
        games = games_in(merged)
        require(len(games) == 3 and all(g["result"] in ("1-0", "0-1") for g in games), "three finished games")

        fitter = os.path.join(os.path.dirname(path), "arimaa_eval_fit")
        require(os.access(fitter, os.X_OK), f"no fitter next to the engine: {fitter}")
        proc = subprocess.run([fitter, "--holdout", "3", merged], capture_output=True, text=True, timeout=120)
        require(proc.returncode == 0, "arimaa_eval_fit failed", proc.stdout + proc.stderr)
        m = re.search(r"^(\d+) games \(0 skipped.*?, (\d+) positions", proc.stdout, re.M)
        require(m and m.group(1) == "3", "the fitter replays every game", proc.stdout)
        # Positions: every turn start from turn 3 to the end, setups excluded.
        want = sum(max(0, len(g["moves"]) - 4) for g in games)
        require(int(m.group(2)) == want, f"{want} positions expected", proc.stdout)
        require(re.search(r"^kTermPercent = \{(-?\d+, )+-?\d+\};$", proc.stdout, re.M), "the weights line",
                proc.stdout)
        require("held-out loss" in proc.stdout, "a held-out error", proc.stdout)


if __name__ == "__main__":
    run_tests(globals())
