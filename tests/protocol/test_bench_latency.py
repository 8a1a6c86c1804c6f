#!/usr/bin/env python3
"""scripts/bench_latency.py runs every mode on the real binary and prints a
row of figures per game (a small run: the benchmark itself is docs/BENCHMARKS.md's).

Usage: test_bench_latency.py <path-to-ludus>
"""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import run_tests  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "bench_latency.py")
MS = r"\d+\.\d+ ms"


def run(path, *args):
    out = subprocess.run([sys.executable, SCRIPT, "--ludus", path, *args], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise AssertionError(f"bench_latency.py {args}: exit {out.returncode}\n{out.stderr}")
    return out.stdout


def test_every_mode_prints_its_figures(path):
    text = run(path, "--games", "hare-hounds,arimaa", "--runs", "1", "--trials", "3")
    for pattern in (rf"\| hare-hounds \| median {MS}, max {MS} \|",                     # first
                    rf"\| arimaa \| median {MS}, max {MS} \| median {MS}, max {MS} \|",  # first-stop
                    rf"\| hare-hounds \| start \| {MS} \| {MS} \| {MS} \|",               # stop
                    rf"\| arimaa \| blunder suite \| {MS} \| {MS} \| {MS} \|",
                    rf"quit -> exit: median {MS}, max {MS}"):                            # hash
        if not re.search(pattern, text):
            raise AssertionError(f"no line /{pattern}/ in:\n{text}")


if __name__ == "__main__":
    run_tests(globals())
