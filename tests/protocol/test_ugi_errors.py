#!/usr/bin/env python3
"""UGI bad input (PROTOCOL.md 1, "Bad input"): every malformed line gets exactly
one `info string error: ...` line, changes nothing, and the engine keeps serving.

Usage: test_ugi_errors.py <path-to-ludus> [test-name-substring ...]
"""

import os
import random
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, check, engine, is_protocol_line, run_tests, without_search_info  # noqa: E402

START = "---------------------------OX------XO---------------------------"
T4_MOVES = "f5 d6 c3 d3 c4"
T7_MOVES = "d3 c3 b3 e3 f3 f4 f5 b2 a1"

# Rules T16: invalid FENs.
T16 = [
    "---------------------------OX------XO-------------------------- X",      # 63 cells
    "---------------------------OX------XO---------------------------",       # no side
    "---------------------------OX------XO--------------------------- B",     # bad side
    "---------------------------OX------XO---------------------------- X",    # 65 cells
    "Z--------------------------OX------XO--------------------------- X",     # bad cell
    "---------------------------OX------X---------------------------- X",     # empty centre e5
    "---------------------------OX------XO--------------------------- X O",   # two sides
    "---------------------------OX------XO--------------------------- X; G8:+18;",  # FFO tail
]


def garbage_line(rng, n):
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-+*/.,;:!?#$%&()[]{}<>'\"  "
    return "zz" + "".join(rng.choice(alphabet) for _ in range(n))


def binary_garbage(rng, n):
    # Every byte value except the line ends; starts with a byte that is no command.
    pool = [b for b in range(256) if b not in (0x0A, 0x0D)]
    return bytes([0xFF]) + bytes(rng.choice(pool) for _ in range(n))


def bad_inputs():
    rng = random.Random(12345)
    lines = [
        # unknown commands
        "foo", "foo bar", "GOO depth 3", "isreadyx", "position-startpos", "quitnow",
        # go
        "go depth -3", "go depth x", "go depth 0", "go depth", "go movetime", "go movetime -1",
        "go movetime abc", "go bogus 5", "go nodes 0", "go nodes -5", "go movestogo 0",
        "go p1time x", "go p2time -1", "go wtime", "go depth 99999999999999999999999",
        "go depth 3 bogus", "go depth 1.5", "GO DEPTH -3", "go ponder",
        # setoption
        "setoption name NoSuch value 1", "setoption name Hash value abc", "setoption name Hash value 0",
        "setoption name Hash value -1", "setoption name Hash value", "setoption name Hash",
        "setoption name Hash value 99999999999999999999999",
        "setoption name Threads value 99999", "setoption name Threads value 0",
        "setoption name Evaluator value magic", "setoption name Game value chess",
        "setoption name Ponder value maybe", "setoption name OwnBook value 2",
        "setoption name MoveOverhead value -1", "setoption value 3", "setoption name", "setoption",
        "setoption foo Hash value 1", "setoption name value 3",
        # newgame
        "newgame chess", "newgame othello extra",
        # position
        "position", "position fen", "position foo", "position fen garbage moves zz",
        "position startpos garbage", "position startpos moves e3", "position startpos moves f5 pass",
        "position startpos moves d33", "position startpos moves i1", "position startpos moves pa",
        "position startpos moves f5 zz", "position startpos moves a9", "position startpos moves d",
        "position startpos moves pass", "position startpos moves d4", "position startpos moves b3",
        "position startpos moves none", "position startpos moves f5 f5",
        "position startpos moves " + T7_MOVES + " pass", "position startpos moves " + T7_MOVES + " h8",
        "position fen moves f5", "position fen " + START + " X moves e3",
        "position startpos moves " + " ".join(["f5"] * 5000),
    ]
    lines += ["position fen " + fen for fen in T16]
    lines += ["position fen " + fen + " moves f5" for fen in T16[:2]]
    lines += [
        # query
        "query", "query nothing", "query fen extra", "query FENN",
        # perft, d, eval, bench
        "perft", "perft -1", "perft x", "perft 1 2", "perft 65", "d extra", "eval extra", "bench x", "bench 0",
        # long and binary lines
        garbage_line(rng, 100_000),
        "zz" + "q" * 100_000,                     # one 100 KB token, echoed in the error
        binary_garbage(rng, 200),
        b"\x00\x01\x02 position startpos",
        b"\xc3\xa9t\xc3\xa9 d3",
        b"\x1b[31m red \x1b[0m",
    ]
    return lines


def show(line):
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    return repr(text if len(text) < 80 else text[:80] + f"...({len(text)} chars)")


def check_rejected(e, line, fen_before):
    e.send(line)
    out = e.sync()
    errors = [l for l in out if ERROR_RE.match(l)]
    check(len(errors) == 1 and len(out) == 1, e,
          f"{show(line)}: expected exactly one 'info string error:' line, got {[l[:120] for l in out]}")
    check(len(out[0]) <= 1000, e, f"{show(line)}: the error line is {len(out[0])} characters long")
    check(out[0].isascii() and out[0].isprintable(), e, f"{show(line)}: unprintable error line {out[0][:200]!r}")
    fen = e.query("fen")
    check(fen == fen_before, e, f"{show(line)}: the position changed from {fen_before} to {fen}")


def test_malformed_inputs(path):
    inputs = bad_inputs()
    assert len(inputs) >= 40, len(inputs)
    with engine(path) as e:
        e.ok("setoption name OwnBook value false")
        e.ok("position startpos moves " + T4_MOVES)
        fen = e.query("fen")
        for line in inputs:
            check_rejected(e, line, fen)
        # Options were not changed by the rejected setoption lines.
        e.send("ugi")
        lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
        for want in ("option name Hash type spin default 64 ", "option name Threads type spin default 1 "):
            check(any(l.startswith(want) for l in lines), e, f"handshake after bad setoptions lacks {want!r}")
        check(e.query("game") == "othello", e, "the game kind changed")
        # Still serving: a normal search works.
        best, _, _ = e.go("depth 2")
        check(best and best[0] in "b3 f3 f4 b5 g5 g6".split(), e, f"go after the bad lines: {best}")
    print(f"  {len(inputs)} malformed inputs checked")


def test_rejected_position_keeps_previous(path):
    """An illegal move anywhere in the list rejects the whole command."""
    with engine(path) as e:
        e.ok("position startpos moves f5")
        before = e.query("fen")
        for bad in ("f5 d6 c3 zz", "f5 d6 c3 d3 c4 c4", "f5 pass", "zz f5", "d6"):
            check_rejected(e, "position startpos moves " + bad, before)
        check_rejected(e, "position fen " + T16[5] + " moves f5", before)


def test_blank_lines_ignored(path):
    with engine(path) as e:
        e.ok("position startpos moves f5")
        fen = e.query("fen")
        for line in ("", " ", "\t", " \t  \t ", "\t\t\t", b"\r", b" \x0b\x0c "):
            e.send(line)
            out = e.sync()
            check(out == [], e, f"blank line {show(line)} printed {out}")
        check(e.query("fen") == fen, e, "blank lines changed the position")


def test_go_while_searching_is_an_error(path):
    with engine(path) as e:
        e.ok("setoption name OwnBook value false")
        e.ok("position startpos")
        e.send("go infinite")
        e.collect(100)
        for line in ("go depth 1", "go infinite", "go"):
            e.send(line)
            # The running search may print its iteration lines at any time
            # (a slow sanitizer build is still in its first iterations).
            out = without_search_info(e.sync())
            check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"{line!r} while searching: {out}")
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove", timeout=3)
        late = e.collect(300)
        n = sum(1 for l in lines + late if l.startswith("bestmove"))
        check(n == 1, e, f"expected exactly one bestmove, got {n}")
        check(e.sync() == [], e, "output after the bestmove")


def test_errors_as_first_line(path):
    """A malformed first line selects UGI and is reported like any other."""
    for first in ("foo bar", "go depth -3", "position fen garbage"):
        with engine(path, name=f"first line {first!r}") as e:
            e.send(first)
            out = e.sync()
            check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"first line {first!r}: {out}")


def test_before_stop_hook_smoke(path):
    """The repo's before-stop hook feeds these lines and wants readyok."""
    data = b"ugi\nposition fen garbage moves zz\nfoo bar\ngo depth -3\nisready\nquit\n"
    p = subprocess.run([path], input=data, capture_output=True, timeout=10)
    lines = p.stdout.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    problems = []
    if p.returncode != 0:
        problems.append(f"exit code {p.returncode}")
    if "ugiok" not in lines:
        problems.append("no ugiok")
    if "readyok" not in lines:
        problems.append("no readyok")
    errors = [l for l in lines if ERROR_RE.match(l)]
    if len(errors) != 3:
        problems.append(f"expected 3 error lines, got {errors}")
    bad = [l for l in lines if not is_protocol_line(l)]
    if bad:
        problems.append(f"non-protocol lines {bad[:3]}")
    if lines and lines[-1] != "readyok":
        problems.append(f"last line {lines[-1]!r}, expected readyok")
    if problems:
        raise AssertionError("; ".join(problems) + "\nstdout:\n" + p.stdout.decode("utf-8", "replace")
                             + "\nstderr:\n" + p.stderr.decode("utf-8", "replace"))


if __name__ == "__main__":
    run_tests(globals())
