#!/usr/bin/env python3
"""scripts/learn_book.py and the BookFile option: a book of the lines won.

Hand-made fox-geese records (the learner "ludus" plays the fox, p2) are
learned into a book, whose lines are checked one by one; then the engine is
pointed at the book with `setoption name BookFile` and must replay it.
Run: python3 tests/protocol/test_learn_book.py <path-to-ludus>
"""

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import check, engine, require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "learn_book.py")
TMP = tempfile.mkdtemp(prefix="ludus-learn-")
atexit.register(shutil.rmtree, TMP, True)

# The fox (p2) wins A and loses B; C is A with another geese reply, lost.
WON_A = ["e3-e4", "d7-e7", "d2-e3", "e7-e6"]
LOST_B = ["e3-e4", "d7-d6", "d2-e3", "d6-d5"]
LOST_C = ["e3-e4", "d7-e7", "c3-d4", "e7-e6"]
MATE = 32000


def record(game, moves, result, opening_plies=0, engine1="ludus", engine1_side="p2"):
    return {"game": game, "engine1": engine1, "engine2": "seed" if engine1 == "ludus" else "ludus",
            "engine1_side": engine1_side, "game_kind": "fox-geese", "start": "startpos",
            "opening_plies": opening_plies, "moves": moves, "result": result}


def learn(binary, records, extra=()):
    """The book learned from `records`: {fen: [(move, score)]}."""
    rec = os.path.join(TMP, "records.jsonl")
    with open(rec, "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in records)
    out = os.path.join(TMP, "learned.book")
    subprocess.run([sys.executable, SCRIPT, "--ludus", binary, "--game", "fox-geese", "--out", out,
                    *extra, rec], check=True, capture_output=True, text=True, timeout=120)
    book = {}
    with open(out) as f:
        for line in f:
            if line.startswith("#"):
                continue
            fen, moves = line.split("|")
            words = moves.split()
            book[" ".join(fen.split())] = [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]
    return book


def fen_after(binary, moves):
    with engine(binary) as e:
        e.ok("setoption name Game value fox-geese")
        e.ok("position startpos moves " + " ".join(moves))
        return " ".join(e.query("fen").split())


def test_won_lines_only_with_mate_distances(binary):
    book = learn(binary, [record(0, WON_A, "p2win"), record(1, LOST_B, "p1win")])
    want = {fen_after(binary, WON_A[:1]): [("d7-e7", MATE - 3)],
            fen_after(binary, WON_A[:3]): [("e7-e6", MATE - 1)]}
    require(book == want, f"expected the fox's two moves of the won game, got {book}")


def test_a_line_needs_every_seen_reply_won(binary):
    # After d7-e7 the geese were seen to answer d2-e3 (lost) and c3-d4 (won):
    # d7-e7 is no longer a known win; the fox's last move of A still is.
    book = learn(binary, [record(0, WON_A, "p2win"), record(1, LOST_B, "p1win"), record(2, LOST_C, "p1win")])
    require(book == {fen_after(binary, WON_A[:3]): [("e7-e6", MATE - 1)]}, f"got {book}")


def test_opening_plies_are_not_learned(binary):
    book = learn(binary, [record(0, WON_A, "p2win", opening_plies=2)])
    require(list(book) == [fen_after(binary, WON_A[:3])], f"only the move after the opening: {book}")


def test_games_of_excluded_openings_are_left_out(binary):
    openings = os.path.join(TMP, "openings.txt")
    with open(openings, "w") as f:
        f.write("# held out\nmoves e3-e4 d7-e7  # A's first two moves\n")
    rec = [record(0, WON_A, "p2win"), record(1, LOST_B, "p1win")]
    require(learn(binary, rec, ["--exclude-openings", openings]) == {}, "A left out, B lost: an empty book")
    with open(openings, "w") as f:
        f.write("moves e3-e4 d7-d6\n")
    require(len(learn(binary, rec, ["--exclude-openings", openings])) == 2, "B left out: A's two lines")


def test_learner_by_name_on_either_side(binary):
    # The learner is engine 2 here ("seed" is engine 1 and plays the geese).
    rec = [record(0, WON_A, "p2win", engine1="seed", engine1_side="p1")]
    require(len(learn(binary, rec)) == 2, "the default learner, ludus, won as engine 2: two fox moves")
    require(learn(binary, rec, ["--engine", "seed"]) == {}, "seed lost: nothing to learn")


def test_the_sides_are_learned_apart(binary):
    # In D ludus plays the geese and wins with C's moves. Its own c3-d4 is not
    # a reply the fox can expect, so d7-e7 stays a known win for the fox; and
    # the geese's lines of D are learned for the geese.
    book = learn(binary, [record(0, WON_A, "p2win"), record(1, LOST_C, "p1win", engine1_side="p1")])
    want = {fen_after(binary, []): [("e3-e4", MATE - 4)], fen_after(binary, LOST_C[:2]): [("c3-d4", MATE - 2)],
            fen_after(binary, WON_A[:1]): [("d7-e7", MATE - 3)], fen_after(binary, WON_A[:3]): [("e7-e6", MATE - 1)]}
    require(book == want, f"expected two fox and two geese lines, got {book}")


def test_cycles_in_the_position_graph(_binary):
    # Games with repetitions (Arimaa, Camelot) can join a line back to an
    # earlier position: the valuation must end, and a cycle proves nothing.
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    from learn_book import known_wins
    end_won, end_lost = ("end", "f", 0), ("end", "f", 1)
    tree = {"a": (True, {"m": "b"}), "b": (False, {"back": "a", "on": "c"}), "c": (True, {"win": end_won})}
    ends = {end_won: True, end_lost: False}
    require(known_wins(tree, ends) == {"c": 1}, f"a reply back into the line is not a win: {known_wins(tree, ends)}")
    tree["b"] = (False, {"on": "c"})
    require(known_wins(tree, ends) == {"a": 3, "b": 2, "c": 1}, "without the cycle the line is won")


def test_engine_replays_the_learned_book(binary):
    learn(binary, [record(0, WON_A, "p2win"), record(1, LOST_B, "p1win")])
    path = os.path.join(TMP, "learned.book")
    with engine(binary) as e:
        e.ok("setoption name Game value fox-geese")
        e.ok(f"setoption name BookFile value {path}")
        e.ok("position startpos moves e3-e4")
        best, infos, _ = e.go("depth 30")
        check(best[:1] == ["d7-e7"] and not any(l.startswith("info depth") for l in infos), e,
              f"the learned move at once, got {best} {infos}")
        # An unreadable file is an error and keeps the book in use.
        e.send("setoption name BookFile value /no/such/book")
        e.expect("info string error: cannot read book file '/no/such/book'")
        best, _, _ = e.go("depth 30")
        check(best[:1] == ["d7-e7"], e, f"the book after the bad setoption, got {best}")
        e.ok("setoption name BookFile value <empty>")  # the game's own book: none for fox-geese
        best, infos, _ = e.go("depth 2")
        check(any(l.startswith("info depth 2") for l in infos), e, f"no book: a search, got {infos}")


if __name__ == "__main__":
    run_tests(globals())
