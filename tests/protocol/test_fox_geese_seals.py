"""scripts/fox_geese_seals.py: sealed foxes in match records and their proofs.

Checks the seal test and the forward reserve against positions whose values
the C++ tests fix (games/fox_geese/fox_geese_test.cpp), and a scan of a
record that reaches a sealed, proven geese win (session 14's faithful-match
game 52, ply 241), with its --summary, and --final-seals and --fox-low on
a lost and a won fox game.
Run: python3 tests/protocol/test_fox_geese_seals.py <path-to-ludus>
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "fox_geese_seals.py")
sys.path.insert(0, os.path.join(REPO, "scripts"))
from fox_geese_seals import seal_facts  # noqa: E402


def test_seal_facts(_binary):
    # fox_geese_test.cpp: sealed (d4 taken), reserve 31; the same wall with d4 open is not sealed.
    sealed = seal_facts("d5 a3,c3,d3,e3,f3,g3,a4,b4,c4,d4,g4,b5,c5,e5,f5 fox 0")
    require(sealed[0] and sealed[1] == 31, f"sealed position: {sealed}")
    unsealed = seal_facts("d5 a3,c3,d3,e3,f3,g3,a4,b4,c4,e4,g4,b5,c5,e5,f5 fox 0")
    require(not unsealed[0] and unsealed[1] == 31, f"unsealed position: {unsealed}")
    # Above a double wall: the top arm (6 points), 15 geese, stall 4.
    top = seal_facts("c6 b3,g3,a4,b4,c4,d4,e4,f4,a5,b5,c5,d5,e5,f5,g5 fox 4")
    require(top == (True, 22, 6, 15, 4), f"top-arm position: {top}")
    # c5 (file + rank even) has diagonals: b4 empty is a way out, b4 taken seals the fox.
    require(not seal_facts("c5 c4,d4,b5,d5,e5 fox 0")[0], "a diagonal way out")
    # reserve b4 1 + c4 3 + d4 3 + b5 0 + d5 2 + e5 2; region c5 and the top arm
    require(seal_facts("c5 b4,c4,d4,b5,d5,e5 fox 0")[:3] == (True, 11, 7), "the diagonal closed")


def test_scan_and_summary(binary):
    with open(os.path.join(REPO, "docs", "benchmarks", "records", "fox-geese-plain-shard1.jsonl")) as f:
        game = next(g for g in map(json.loads, f) if g["game"] == 51)
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "one.jsonl")
        cut = dict(game, moves=game["moves"][:242])
        with open(records, "w") as f:
            f.write(json.dumps(cut) + "\n")
        # Plies 1 and 241 only: the first is not sealed, the second is.
        out = subprocess.run([sys.executable, SCRIPT, "--binary", binary, "--every", "240", "--seconds", "10",
                              records], capture_output=True, text=True, check=True).stdout
        lines = out.strip().splitlines()
        require(len(lines) == 1, f"one sealed position expected: {out!r}")
        cols = lines[0].split("\t")
        require(cols[0] == "22" and cols[1] == "6" and cols[5] == "51:241", f"columns: {cols}")
        require(cols[4] == "proven: the geese win", f"result: {cols[4]}")
        require(cols[6] == "c6 b3,g3,a4,b4,c4,d4,e4,f4,a5,b5,c5,d5,e5,f5,g5 fox 4", f"fen: {cols[6]}")
        table = os.path.join(tmp, "seals.tsv")
        with open(table, "w") as f:
            f.write(out)
        summary = subprocess.run([sys.executable, SCRIPT, "--summary", table], capture_output=True, text=True,
                                 check=True).stdout.splitlines()
        row = next(l for l in summary if l.strip().startswith("20-23"))
        require(row.split()[1:] == ["1", "0", "0"], f"summary row: {row}")


def lost_and_won_games():
    """Shard 1's games 51 (lost by the engine's fox) and 1 (won), by number."""
    with open(os.path.join(REPO, "docs", "benchmarks", "records", "fox-geese-plain-shard1.jsonl")) as f:
        return {g["game"]: g for g in map(json.loads, f) if g["game"] in (1, 51)}


def run_on_games(binary, mode, games):
    """The script's stdout in `mode` on a records file of games 51 and 1, in that order."""
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "two.jsonl")
        with open(records, "w") as f:
            for n in (51, 1):
                f.write(json.dumps(games[n]) + "\n")
        return subprocess.run([sys.executable, SCRIPT, "--binary", binary, mode, records],
                              capture_output=True, text=True, check=True).stdout


def test_final_seals(binary):
    # Shard 1: game 51 lost by the engine's fox (sealed for good at ply 211,
    # reserve 26, the session-16 scan), game 1 won (never sealed to the end).
    games = lost_and_won_games()
    out = run_on_games(binary, "--final-seals", games)
    lines = [l.split("\t") for l in out.strip().splitlines()]
    require(lines == [["51", "p1win", str(len(games[51]["moves"])), "ply 211 reserve 26 region 7"],
                      ["1", "p2win", str(len(games[1]["moves"])), "-"]], f"final seals: {out!r}")


def fox_rank_after(moves, k):
    """The fox's rank after the first k moves, read off the move tokens: the
    fox (p2) plays the odd plies and its move ends on the token's last point."""
    fox_moves = [m for i, m in enumerate(moves[:k]) if i % 2 == 1]
    return int(fox_moves[-1][-1]) if fox_moves else 7


def test_fox_low(binary):
    games = lost_and_won_games()
    plies = (21, 31, 41, 51, 61, 71, 81)
    expected = {n: sum(1 for k in plies if fox_rank_after(games[n]["moves"], k) <= 4) for n in (1, 51)}
    out = run_on_games(binary, "--fox-low", games).splitlines()
    rows = [l.split("\t") for l in out if "\t" in l]
    require([r[1:] for r in rows] == [["51", "p1win", str(expected[51])], ["1", "p2win", str(expected[1])]],
            f"per game: {out!r}")
    counts = sorted(set(expected.values()))
    summary = [l.strip() for l in out if l.strip().startswith("N = ")]
    want = [f"N = {c}: {sum(1 for v in expected.values() if v == c)} games, "
            f"fox won {1 if expected[1] == c else 0}" for c in counts]
    require(summary == want, f"summary: {summary} against {want}")


if __name__ == "__main__":
    run_tests(globals())
