#!/usr/bin/env python3
"""Camelot's move generation against camelot_reference.py, an independent,
deliberately naive implementation of the rules (docs/rules/camelot.md,
sections 2-7) that shares no code or method with games/camelot/.

Random games and random set-ups (both OwnCastleJump rules): the engine's
`query moves`, `query result` and the FEN after each move must equal the
reference's. Then the long move lists of test_camelot.py (a chain of 12
captures, and the positions with 2,183 and 14,137 moves), move by move.

Usage: test_camelot_reference.py <path-to-ludus> [test-name-substring ...]
"""

import os
import subprocess
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import camelot_reference as ref  # noqa: E402
from enginepipe import check, engine, require, run_tests  # noqa: E402

SCRIPT = os.path.join(HERE, "camelot_reference.py")


def crosscheck(path, count, seed, *extra):
    proc = subprocess.run([sys.executable, SCRIPT, "--crosscheck", str(count), "--seed", str(seed),
                           "--ludus", path, *extra], capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    require(proc.returncode == 0 and f"{count} positions agree" in out, "the engine differs from the reference", out)


def test_random_positions(path):
    crosscheck(path, 3000, 2026)


def test_random_positions_own_castle_jump_continue(path):
    crosscheck(path, 1000, 7, "--continue")


LONG = (
    # a Man before a lattice of 14 pieces: 8 chains, the longest 12 captures
    "2/8/10/1k7k2/12/3k1m1k4/12/3m1m1m4/12/3m1m1m4/12/3m1m1m4/2M8M/10/8/2 w 0 0 0",
    # 2,183 moves, met in a real game's search
    "2/8/10/12/7k4/4mmmmmk2/3m1m1m1k2/5mkm1M2/5M1MKM2/3KMMMMK3/4M1M1K3/12/12/10/8/2 w 0 0 24",
    # 14,137 moves, found by a hill-climb over set-ups
    "2/8/7K2/9MM1/5m1k4/1M1mkmmmkmM1/1K3m1m4/1M1M1mkm1M2/K4M6/6MM4/8K3/12/12/10/8/2 w 0 0 0",
)


def test_long_move_lists(path):
    with engine(path) as e:
        e.ok("newgame camelot")
        for fen in LONG:
            res, mv = ref.result_and_moves(ref.parse_fen(fen))
            want = sorted(ref.token(k, p) for k, p in mv.items())
            e.ok(f"position fen {fen}")
            got = e.query("moves").split()
            check(got == want, e, f"{fen}: engine {len(got)} moves, reference {len(want)}; "
                                  f"engine only {sorted(set(got) - set(want))[:5]}, "
                                  f"reference only {sorted(set(want) - set(got))[:5]}")
            check(e.query("result") == res, e, f"{fen}: result")


if __name__ == "__main__":
    run_tests(globals())
