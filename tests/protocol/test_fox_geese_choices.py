"""scripts/fox_geese_choices.py: the fox's results across runs, and df-pn after its choices.

--agreement on made-up runs whose agreement and independence expectation are
worked out by hand (a run given as two shards, a geese game and a game from a
set position that must be ignored); --provable on a real sealed position
(session 14's faithful-match game 51 at ply 241, a proven geese win, as in
test_fox_geese_seals.py) where a second, made-up game plays another fox move;
and the --provable summary on a table made up for it.
Run: python3 tests/protocol/test_fox_geese_choices.py <path-to-ludus>
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import engine, require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "fox_geese_choices.py")
sys.path.insert(0, os.path.join(REPO, "scripts"))
from fox_geese_choices import provable_summary  # noqa: E402
from test_fox_geese_seals import lost_and_won_games  # noqa: E402


def fox_game(opening, won, side="p2", start="startpos"):
    """A record as scripts/match.py writes it; only the fields the script reads matter here."""
    return {"game_kind": "fox-geese", "engine1_side": side, "start": start, "opening_plies": 2,
            "moves": list(opening) + ["x", "y"], "result": "p2win" if won else "p1win"}


def write(path, games):
    with open(path, "w") as f:
        for g in games:
            f.write(json.dumps(g) + "\n")


def test_agreement(binary):
    x, y, z, w = ("a", "b"), ("a", "c"), ("d", "e"), ("f", "g")
    with tempfile.TemporaryDirectory() as tmp:
        a1, a2, b = (os.path.join(tmp, n) for n in ("a1.jsonl", "a2.jsonl", "b.jsonl"))
        write(a1, [fox_game(x, True), fox_game(y, True)])
        write(a2, [fox_game(z, False), fox_game(w, False), fox_game(z, True, side="p1")])
        write(b, [fox_game(x, True), fox_game(y, False), fox_game(z, False),
                  fox_game(w, True, start="d7 c1 geese 0")])
        out = subprocess.run([sys.executable, SCRIPT, "--binary", binary, "--agreement", f"{a1},{a2}", b],
                             capture_output=True, text=True, check=True).stdout
    # Common openings x, y, z (w is from a set position in run b): x and z agree, y does not.
    # Win rates 2/3 and 1/3: independent runs agree on (2/3 * 1/3 + 1/3 * 2/3) * 3 = 1.33 openings.
    rows = [l.split("\t") for l in out.strip().splitlines()]
    require(rows[1] == ["a1.jsonl", "b.jsonl", "3", "2", "1.3"], f"pair row: {rows}", out)
    require(rows[-1] == ["total", "", "3", "2", "1.3"], f"total row: {rows}", out)


def test_provable(binary):
    game = lost_and_won_games()[51]
    played = game["moves"][241]
    with engine(binary) as e:
        e.send("ugi")
        e.expect("ugiok")
        e.ok("setoption name Game value fox-geese")
        e.ok("position startpos moves " + " ".join(game["moves"][:241]))
        others = [m for m in e.query("moves").split() if m != played]
    require(others, "the sealed fox has another move")
    # The same game up to ply 241, then another fox move; its result is made up (a fox win).
    other = dict(game, moves=game["moves"][:241] + [others[0]], result="p2win", game=1000)
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "two.jsonl")
        write(records, [game, other])
        out = subprocess.run([sys.executable, SCRIPT, "--binary", binary, "--provable", "--min-ply", "241",
                              "--seconds", "10", records], capture_output=True, text=True, check=True).stdout
    fen = "c6 b3,g3,a4,b4,c4,d4,e4,f4,a5,b5,c5,d5,e5,f5,g5 fox 4"
    rows = sorted(l.split("\t") for l in out.splitlines() if l.count("\t") == 5)
    want = sorted([["geese", "1", "0", "241", fen, played], ["geese", "1", "1", "241", fen, others[0]]])
    require(rows == want, f"rows: {rows}", out)
    require("1 positions, 2 (position, move) pairs" in out and "  geese: 2 games, fox won 1" in out,
            "summary", out)


def test_provable_summary(_binary):
    at = {"p": [("geese", 3, 1), ("open", 2, 2)], "q": [("geese", 1, 0), ("fox", 1, 1)], "r": [("over", 4, 4)]}
    require(provable_summary(at) == [
        "3 positions, 5 (position, move) pairs; the fox's wins after a move into:",
        "  geese: 4 games, fox won 1",
        "  open: 2 games, fox won 2",
        "  fox: 1 games, fox won 1",
        "  over: 4 games, fox won 4",
        "within the 1 positions with both a move into a proven geese win and an unproven one:",
        "  geese: 3 games, fox won 1",
        "  open: 2 games, fox won 2",
    ], f"summary: {provable_summary(at)}")


if __name__ == "__main__":
    run_tests(globals())
