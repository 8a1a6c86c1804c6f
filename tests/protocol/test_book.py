#!/usr/bin/env python3
"""UGI transcript tests of the opening book (OwnBook, book/README.md).

Each test writes its own small book into a temporary directory and points the
engine at it with LUDUS_BOOK_DIR, so the assertions do not depend on the
contents of the shipped book/othello.book.

Usage: test_book.py <path-to-ludus> [test-name-substring ...]
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import check, engine, require, run_tests  # noqa: E402

START_FEN = "---------------------------OX------XO--------------------------- X"
AFTER_F5 = "---------------------------OX------XXX-------------------------- O"


def with_book(text):
    """A temp dir holding othello.book with `text`; LUDUS_BOOK_DIR set to it."""
    d = tempfile.mkdtemp(prefix="ludus-book-")
    atexit.register(shutil.rmtree, d, True)  # leave no temp dirs behind
    with open(os.path.join(d, "othello.book"), "w") as f:
        f.write(text)
    os.environ["LUDUS_BOOK_DIR"] = d
    return d


def info_depths(infos):
    return [l for l in infos if l.startswith("info depth")]


def test_book_move_when_on_search_when_off(path):
    # c4 is legal at the start, but a search never prefers it over the
    # others by chance here: the book gives it the only entry.
    with_book(f"# test book\n{START_FEN} | c4 0\n")
    with engine(path) as e:
        e.ok("setoption name Game value othello")
        e.ok("position startpos")
        check(e.query("fen").split() == START_FEN.split(), e, "book FEN must be the engine's FEN")
        best, infos, _ = e.go("depth 30")
        check(best[:1] == ["c4"], e, f"OwnBook on: expected the book move c4, got {best}")
        check(info_depths(infos) == [], e, f"a book move needs no search, got {infos}")
        e.ok("setoption name OwnBook value false")
        best, infos, _ = e.go("depth 3")
        check(len(info_depths(infos)) == 3, e, f"OwnBook off: a depth-3 search, got {infos}")


def test_best_scored_move_and_positions_after_moves(path):
    with_book(f"{START_FEN} | d3 -50 f5 20 c4 -10\n{AFTER_F5} | f6 5 d6 15\n")
    with engine(path) as e:
        e.ok("position startpos")
        for _ in range(3):
            best, _, _ = e.go("depth 30")
            check(best[:1] == ["f5"], e, f"best-scored book move is f5, got {best}")
        e.ok("position startpos moves f5")
        check(e.query("fen").split() == AFTER_F5.split(), e, "book FEN must be the engine's FEN")
        best, _, _ = e.go("depth 30")
        check(best[:1] == ["d6"], e, f"after f5 the book says d6, got {best}")


def test_illegal_or_missing_book_entries_fall_back_to_search(path):
    # e3 is not legal at the start: the stale entry is ignored.
    with_book(f"{START_FEN} | e3 100\nnot a line\n")
    with engine(path) as e:
        e.ok("position startpos")
        best, infos, _ = e.go("depth 2")
        check(best[:1] != ["e3"] and len(info_depths(infos)) == 2, e, f"stale book entry used: {best} {infos}")
        e.ok("position startpos moves f5 d6")  # not in the book
        best, infos, _ = e.go("depth 2")
        check(len(info_depths(infos)) == 2, e, f"position outside the book must be searched: {infos}")


def test_infinite_search_ignores_the_book(path):
    with_book(f"{START_FEN} | c4 0\n")
    with engine(path) as e:
        e.ok("position startpos")
        e.send("go infinite")
        lines = e.read_until(lambda l: l.startswith("info depth 2"), what="search info")
        e.send("stop")
        lines += e.read_until(lambda l: l.startswith("bestmove"), what="bestmove")
        check(any(l.startswith("info depth") for l in lines), e, "go infinite must search")


def test_random_levels_leave_the_deep_book_aside(path):
    # A beginner should not play a book of deep-searched lines (engine/level.h).
    with_book(f"{START_FEN} | c4 0\n")
    with engine(path) as e:
        e.ok("setoption name Level value 5")
        e.ok("position startpos")
        best, infos, _ = e.go("depth 2")
        check(len(info_depths(infos)) >= 1, e, f"Level 5 must search, got {infos}")
        e.ok("setoption name Level value 13")
        best, infos, _ = e.go("depth 2")
        check(best[:1] == ["c4"] and info_depths(infos) == [], e, f"Level 13 uses the book, got {best}")


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = ("othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese")


def test_openings_files_of_every_game(path):
    # book/openings/<game>.txt (scripts/make_openings.py) and its subsets
    # (<game>-<subset>.txt: selected or split by scripts of their own):
    # distinct, legal, unfinished positions a few turns deep, for
    # scripts/match.py.
    folder = os.path.join(REPO, "book", "openings")
    files = sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    for game in GAMES:
        require(game + ".txt" in files, f"missing book/openings/{game}.txt")
    with engine(path) as e:
        for file in files:
            game = max((g for g in GAMES if file == g + ".txt" or file.startswith(g + "-")), key=len, default=None)
            check(game is not None, e, f"{file}: names no game")
            with open(os.path.join(folder, file), encoding="utf-8") as f:
                lines = [l.split("#")[0].split() for l in f]
            lines = [l for l in lines if l]
            check(len(lines) >= 10, e, f"{file}: only {len(lines)} openings")
            e.ok(f"newgame {game}")
            fens = set()
            for words in lines:
                check(words[0] == "moves" and len(words) >= 3, e, f"{file}: not a moves line: {words}")
                e.ok("position startpos moves " + " ".join(words[1:]))
                check(e.query("gameover") == "false", e, f"{file}: finished opening {words}")
                fens.add(e.query("fen"))
            check(len(fens) == len(lines), e, f"{file}: {len(lines) - len(fens)} repeated openings")


def make_openings(path, out, *args):
    proc = subprocess.run([sys.executable, os.path.join(REPO, "scripts", "make_openings.py"), "--ludus", path,
                           "--out", out, *args], capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise AssertionError(f"make_openings.py {' '.join(args)}: {proc.stdout + proc.stderr}")
    with open(out, encoding="utf-8") as f:
        rows = [l.split("#", 1) for l in f if l.startswith("moves ")]
    return [(words.split()[1:], int(comment.split()[-1])) for words, comment in rows]


def test_make_openings_every_line(path):
    # --all: every line of --plies turns; one line per position (the first
    # in move-list order), the --count most balanced, written in line order.
    tmp = tempfile.mkdtemp(prefix="ludus-openings-")
    atexit.register(shutil.rmtree, tmp, True)
    common = ["--game", "linja", "--plies", "1", "--depth", "4", "--margin", "1000", "--all"]
    every = make_openings(path, os.path.join(tmp, "all.txt"), *common, "--count", "100")
    best = make_openings(path, os.path.join(tmp, "best.txt"), *common, "--count", "5")
    with engine(path) as e:
        e.ok("newgame linja")
        order = e.query("moves").split()
        firsts = {}
        for m in order:
            e.ok(f"position startpos moves {m}")
            firsts.setdefault(e.query("fen"), m)
        check([l for l, _ in every] == [[m] for m in order if m in firsts.values()], e,
              f"one line per position, the first of each, in move order: {every}")
        ranked = sorted(range(len(every)), key=lambda i: (abs(every[i][1]), i))[:5]
        check(best == [every[i] for i in sorted(ranked)], e, f"the 5 most balanced in line order: {best}")
    deeper = make_openings(path, os.path.join(tmp, "deeper.txt"), *common, "--count", "5", "--verify-depth", "6")
    require(len(deeper) == 5 and all(l in [x for x, _ in every] for l, _ in deeper),
            f"--verify-depth keeps 5 of the lines: {deeper}")


if __name__ == "__main__":
    run_tests(globals())
