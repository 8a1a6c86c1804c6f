#!/usr/bin/env python3
"""arimaa_threat_fit on a synthetic set, and label --static --threats with
a stand-in for Sharp's evalPos.

The synthetic threats: two positions in ten games, each piece's threat
set by its cell (a frozen rabbit beside its trap 30 or 15 centi-rabbits
by the guards of the trap, a dog a walk away 0): the fitter recovers the
entries (per mille of the piece's value + 50) exactly, and explains the
held-out games whole. The labeller writes the 64 threats of each position
from the grid evalPos prints after `ThreatScore:`.
Run: python3 tests/protocol/test_arimaa_threat_fit.py <path-to-ludus>
"""

import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "scripts")
sys.path[:0] = [HERE, SCRIPTS]

import arimaa_data  # noqa: E402
from enginepipe import require, run_tests  # noqa: E402
from sharp_standin import write_sharp_dev  # noqa: E402

ALONE = "8/8/8/8/8/eR6/8/8 g 10"      # rabbit b3 frozen beside c3, no guard
GUARDED = "8/8/8/8/8/eR1D4/8/8 g 10"  # the same with a dog guarding c3 from d3
B3, D3 = 5 * 8 + 1, 5 * 8 + 3  # grid index: rank 8 first


def cell_of(distance, guards, band, walk, beside_frozen, rabbit, own_side):
    """threat_cell's index from its digits (games/arimaa/threat_table.h)."""
    return (((((distance * 3 + guards) * 5 + band) * 5 + walk) * 3 + beside_frozen) * 2 + rabbit) * 2 + own_side


def grid(values):
    g = [0] * 64
    for sq, v in values.items():
        g[sq] = v
    return ",".join(map(str, g))


def test_fit_recovers_the_cells(path):
    fitter = os.path.join(os.path.dirname(path), "arimaa_threat_fit")
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "threats.txt")
        with open(data, "w", encoding="utf-8") as f:
            for game in range(10):
                f.write(f"{ALONE}\t{grid({B3: 300})}\tg:{game}\n")             # 30 cr on a rabbit: 200 per mille
                f.write(f"{GUARDED}\t{grid({B3: 150, D3: 0})}\tg:{game}\n")   # 15 cr: 100 per mille
        table = os.path.join(tmp, "table.inc")
        proc = subprocess.run([fitter, "--holdout", "5", "--fold", "0", "--out", table, data], capture_output=True,
                              text=True, timeout=60)
        require(proc.returncode == 0, "arimaa_threat_fit failed", proc.stdout + proc.stderr)
        require("20 positions of 10 games" in proc.stdout, "every position read", proc.stdout)
        held = [line.split() for line in proc.stdout.splitlines() if line.startswith("held out")]
        require(held and held[0][2:] == ["4", "1.000", "1.000"], "the held-out games explained whole", proc.stdout)
        with open(table, encoding="utf-8") as f:
            entries = [int(v) for v in f.read().replace("\n", "").split(",")]
        require(len(entries) == 4500, "one entry a cell", str(len(entries)))
        require(entries[cell_of(1, 0, 3, 0, 2, 1, 1)] == 200, "the lone rabbit's cell", str(entries[1091]))
        require(entries[cell_of(1, 1, 2, 0, 2, 1, 1)] == 100, "the guarded rabbit's cell")
        require(entries[cell_of(1, 1, 2, 2, 0, 0, 1)] == 0, "the dog's cell")
        require(sum(entries) == 200 * 5 + 100 * 5, "unseen cells take their parent's mean (the band left out)",
                str(sum(entries)))
        with open(data, "a", encoding="utf-8") as f:
            f.write(f"{ALONE}\t1,2,3\tg:11\n")
        proc = subprocess.run([fitter, data], capture_output=True, text=True, timeout=60)
        require(proc.returncode != 0 and "threats.txt:21: not FEN" in proc.stderr, "a bad line is named",
                proc.stderr)


def test_threat_labels_from_evalpos(path):
    fake = ['print("ThreatScore: -439")', 'print("PSum:  443")', 'print("OSum:    4")',
            'print("  P P   O O:   298   145       0     0")', 'print("  P P   O O:     0     0       0     4")']
    fake += [f'print("   +0    +{10 * r}    +0    +0    +0    +0    +0    +0 ")' for r in range(8)]
    fake += ['print("StratScorePla: 0")', 'print(f"Final Score: {10 * t[\'total\']}")']
    with tempfile.TemporaryDirectory() as tmp:
        binary = write_sharp_dev(tmp, fake)
        os.environ["LUDUS_UNDER_TEST"] = path
        labels = arimaa_data.static_threat_labels(binary, [ALONE, GUARDED], 60)
        require(labels == [",".join(f"0,{10 * r},0,0,0,0,0,0" for r in range(8))] * 2,
                "the 64 threats of each position, rank 8 first", str(labels))


if __name__ == "__main__":
    run_tests(globals())
