#!/usr/bin/env python3
"""UGI transcript tests of `go` in every form, stop/isready/quit during a search,
info line fields, bestmove legality, determinism and threads.

Usage: test_ugi_search.py <path-to-ludus> [test-name-substring ...]
Timing assertions use generous slack: they catch a search that ignores its
limit, not a slow machine.
"""

import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, Engine, check, engine, parse_info, run_tests, without_search_info  # noqa: E402

SLACK_S = 1.5
T4_MOVES = "f5 d6 c3 d3 c4"
T6_FEN = "X-O------O------OOXX-------XX------XXX-------------------------- X"
T13_FEN = "XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOOXOXXXOOOOOXXXXXXX- O"
T14_FEN = "-O-XXO-O-OO--XOX-OOOXOX--OOXOXOX-OOOXOXXOXOXXXOX-XX-OOOOOX-XOO-X X"
E1_FEN = "XXXXOO--XXOOOXXX-OOOOOX-XOOXOXOXXOOXOOOO-OOOOOOX--OO-X-----XXXX- X"
E4_FEN = "OXXXXXX-XXXXXXXOOXXXXXXOOOXOXOOOOOOOOOX-OOOOOOX-O-X-XOX--XXX---X X"

POSITIONS = [
    ("start", "position startpos"),
    ("T4", "position startpos moves " + T4_MOVES),
    ("T6 pass", f"position fen {T6_FEN}"),
    ("T13 pass", f"position fen {T13_FEN}"),
    ("T14", f"position fen {T14_FEN}"),
    ("E1", f"position fen {E1_FEN}"),
]


def fresh(path, name="engine"):
    e = Engine(path, name=name)
    e.ok("setoption name OwnBook value false")   # always search, never the book
    return e


class fresh_engine(engine):
    def __init__(self, path, name="engine"):
        super().__init__(path, name=name)
        self.e.ok("setoption name OwnBook value false")


def legal_moves(e):
    ans = e.query("moves")
    return ans.split()


def check_bestmove(e, best, legal, what):
    check(len(best) == 1, e, f"{what}: bestmove must have exactly two words (Ponder is off), got {best}")
    if legal:
        check(best[0] in legal, e, f"{what}: bestmove {best[0]} is not one of the legal moves {legal}")
    else:
        check(best[0] == "none", e, f"{what}: game over but bestmove {best[0]}")


def check_infos(e, infos, what, legal=None):
    """Every info line is either `info string ...` or a well-formed search report."""
    parsed = []
    for l in infos:
        if l.startswith("info string "):
            check(not ERROR_RE.match(l), e, f"{what}: unexpected error {l!r}")
            continue
        p = parse_info(l)
        check(p is not None, e, f"{what}: malformed info line {l!r}")
        check(p["seldepth"] >= p["depth"] >= 1, e, f"{what}: depth/seldepth in {l!r}")
        check(0 <= p["hashfull"] <= 1000, e, f"{what}: hashfull out of range in {l!r}")
        # (a progress line before any root move was scored has neither score nor pv)
        check(p["pv"] or p["score_kind"] is None, e, f"{what}: info without pv: {l!r}")
        if legal is not None:
            check(p["pv"][0] in legal, e, f"{what}: pv starts with an illegal move in {l!r}")
        parsed.append(p)
    for a, b in zip(parsed, parsed[1:]):
        check(b["nodes"] >= a["nodes"] and b["time"] >= a["time"], e, f"{what}: nodes/time went backwards")
    return parsed


def go_checked(e, args, timeout=10.0, what=None):
    legal = legal_moves(e)
    best, infos, elapsed = e.go(args, timeout)
    what = what or f"go {args}"
    check_bestmove(e, best, legal, what)
    parsed = check_infos(e, infos, what, legal)
    check(e.sync() == [], e, f"{what}: output after bestmove")
    return best, parsed, elapsed


# ---- every go form ---------------------------------------------------------------

def test_go_depth(path):
    with fresh_engine(path) as e:
        e.ok("position startpos")
        best, infos, _ = go_checked(e, "depth 3")
        check(infos and infos[-1]["depth"] == 3, e, f"go depth 3: last info depth {infos[-1:]}")
        best, infos, _ = go_checked(e, "depth 4")
        check(infos and infos[-1]["depth"] == 4, e, f"go depth 4: last info depth {infos[-1:]}")
        check([i["depth"] for i in infos] == [1, 2, 3, 4], e,
              f"go depth 4 should report depths 1..4, got {[i['depth'] for i in infos]}")
        check(infos[-1]["pv"][0] == best[0], e, f"last pv {infos[-1]['pv']} does not start with bestmove {best}")
        # The whole pv is a legal line.
        e.ok("position startpos moves " + " ".join(infos[-1]["pv"]))
        e.ok("position startpos moves " + T4_MOVES)
        go_checked(e, "DEPTH 2")


def test_go_movetime(path):
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        best, infos, elapsed = go_checked(e, "movetime 200")
        check(elapsed < 0.2 + SLACK_S, e, f"go movetime 200 took {elapsed:.3f} s")
        check(infos, e, "go movetime 200 printed no info line")
        best, infos, elapsed = go_checked(e, "movetime 1")
        check(elapsed < 0.001 + SLACK_S, e, f"go movetime 1 took {elapsed:.3f} s")


def test_go_nodes(path):
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        best, infos, elapsed = go_checked(e, "nodes 5000")
        check(elapsed < SLACK_S * 3, e, f"go nodes 5000 took {elapsed:.3f} s")
        if infos:
            check(infos[-1]["nodes"] <= 5000 + 2048, e, f"go nodes 5000 reported {infos[-1]['nodes']} nodes")
        best, infos, _ = go_checked(e, "nodes 1")


def test_go_clock_p1_p2(path):
    with fresh_engine(path) as e:
        for pos in ("position startpos", "position startpos moves f5"):   # p1 and p2 to move
            e.ok(pos)
            best, infos, elapsed = go_checked(e, "p1time 1000 p2time 1000 p1inc 10 p2inc 10")
            check(elapsed < 1.0 + SLACK_S, e, f"{pos}: go p1time 1000 ... took {elapsed:.3f} s")
            best, infos, elapsed = go_checked(e, "p1time 100 p2time 100")
            check(elapsed < 0.1 + SLACK_S, e, f"{pos}: go p1time 100 p2time 100 took {elapsed:.3f} s")


def test_go_clock_wtime_aliases(path):
    with fresh_engine(path) as e:
        for pos in ("position startpos", "position startpos moves f5"):
            e.ok(pos)
            best, infos, elapsed = go_checked(e, "wtime 1000 btime 1000 winc 0 binc 0 movestogo 5")
            check(elapsed < 1.0 + SLACK_S, e, f"{pos}: go wtime ... movestogo 5 took {elapsed:.3f} s")
        # The clock of the side to move is the one used: a tiny p2 clock with p2 to move.
        e.ok("position startpos moves f5")
        best, infos, elapsed = go_checked(e, "wtime 600000 btime 50")
        check(elapsed < 0.05 + SLACK_S, e, f"p2 with 50 ms left took {elapsed:.3f} s")


def test_go_infinite_stop(path):
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        legal = legal_moves(e)
        e.send("go infinite")
        early = e.collect(400)
        check(not any(l.startswith("bestmove") for l in early), e, f"bestmove during go infinite: {early}")
        e.send("isready")
        lines = e.read_until(lambda l: l == "readyok" or l.startswith("bestmove"), what="readyok")
        check(lines[-1] == "readyok", e, "isready during go infinite must be answered before bestmove")
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after stop", timeout=3)
        check_bestmove(e, lines[-1].split()[1:], legal, "go infinite + stop")
        check_infos(e, early + lines[:-1], "go infinite", legal)
        late = e.collect(300)
        check(not any(l.startswith("bestmove") for l in late), e, f"a second bestmove: {late}")
        check(e.sync() == [], e, "output after the bestmove")
        # stop right after go.
        e.send("go infinite")
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after immediate stop", timeout=3)
        check_bestmove(e, lines[-1].split()[1:], legal, "go infinite + immediate stop")
        check(e.sync() == [], e, "output after the bestmove")


def test_go_infinite_keeps_deepening_far_from_the_end(path):
    # Analysis (`go infinite`) far from the end must go on deepening: it used
    # to jump at iteration 4 to an exact solve of the whole game (60 empties
    # in Othello, a whole Linja game) and stay at depth 3 until `stop`.
    for game, depth in (("othello", 8), ("linja", 10)):
        with fresh_engine(path) as e:
            e.ok(f"newgame {game}")
            e.ok("position startpos")
            e.send("go infinite")
            deep = lambda l: l.startswith("info depth") and int(l.split()[2]) >= depth
            lines = e.read_until(lambda l: deep(l) or l.startswith("bestmove"), what=f"{game}: info depth {depth}",
                                 timeout=20)
            check(deep(lines[-1]), e, f"{game}: go infinite stopped deepening: {lines[-3:]}")
            e.send("stop")
            e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after stop", timeout=3)


def test_budget_below_overhead_still_searches(path):
    # `go movetime 20` with a MoveOverhead of 5 s leaves 1 ms: the engine
    # must still complete an iteration rather than play the first legal move
    # in listing order (on a loaded machine a budget this small can run out
    # before the first iteration ends: the geese would blunder).
    for game in ("othello", "fox-geese", "camelot", "arimaa"):
        with fresh_engine(path) as e:
            e.ok(f"newgame {game}")
            e.ok("setoption name MoveOverhead value 5000")
            e.ok("position startpos" if game != "arimaa" else
                 "position fen rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2")
            e.send("go movetime 20")
            lines = e.read_until(lambda l: l.startswith("bestmove"), what=f"{game}: bestmove", timeout=5)
            depths = [int(l.split()[2]) for l in lines if l.startswith("info depth")]
            check(depths and max(depths) >= 1, e, f"{game}: no completed iteration before {lines[-1]}: {lines}")


def test_go_infinite_single_move_waits_for_stop(path):
    with fresh_engine(path) as e:
        e.ok(f"position fen {T6_FEN}")   # the only move is pass
        e.send("go infinite")
        early = e.collect(300)
        check(not any(l.startswith("bestmove") for l in early), e,
              f"go infinite must wait for stop even with one legal move: {early}")
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove", timeout=3)
        check(lines[-1] == "bestmove pass", e, f"got {lines[-1]}")


def test_go_while_searching(path):
    with fresh_engine(path) as e:
        e.ok("position startpos")
        e.send("go infinite")
        e.collect(100)
        e.send("go depth 2")
        e.send("isready")
        lines = e.read_until(lambda l: l == "readyok", what="readyok")
        errors = [l for l in lines if ERROR_RE.match(l)]
        check(len(errors) == 1, e, f"go while searching: expected one error line, got {errors}")
        check(not any(l.startswith("bestmove") for l in lines), e, f"bestmove before stop: {lines}")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), what="bestmove", timeout=3)
        late = e.collect(400)
        check(not any(l.startswith("bestmove") for l in late), e, f"the rejected go printed a bestmove: {late}")
        check(e.sync() == [], e, "output after bestmove")


def test_commands_while_searching(path):
    """Position-changing and position-reading commands are refused during a
    search (one error each), and the search still ends with one bestmove."""
    with fresh_engine(path) as e:
        e.ok("position startpos moves f5")
        fen = e.query("fen")
        e.send("go infinite")
        e.collect(100)
        bad = ["position startpos", "setoption name Hash value 1", "uginewgame", "newgame",
               "perft 1", "d", "eval", "query fen"]
        for line in bad:
            e.send(line)
            # iteration lines of the running search may arrive at any time
            out = without_search_info(e.sync())
            check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"{line!r} during a search: {out}")
        check(e.query("game") == "othello", e, "query game is allowed while searching")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), what="bestmove", timeout=3)
        check(e.query("fen") == fen, e, "a refused command changed the position")


def test_stop_and_ponderhit_when_idle(path):
    with fresh_engine(path) as e:
        for line in ("stop", "ponderhit", "stop"):
            e.send(line)
        out = e.collect(300)
        check(out == [], e, f"stop/ponderhit when idle printed {out}")
        check(e.sync() == [], e, "isready after idle stop")
        best, _, _ = e.go("depth 2")
        check(best, e, "go after idle stop")
        e.send("stop")   # after the search ended
        check(e.collect(200) == [], e, "stop after a finished search printed something")


def test_quit_during_search(path):
    e = fresh(path, "quit during search")
    try:
        e.ok("position startpos")
        e.send("go infinite")
        e.collect(200)
        t0 = time.monotonic()
        e.send("quit")
        rc = e.wait_exit(2.0)
        check(rc is not None, e, "the engine did not exit within 2 s of quit during a search")
        check(rc == 0, e, f"exit code {rc} after quit")
        check(time.monotonic() - t0 < 2.0, e, "quit took too long")
        out = e.drain()
        check(sum(1 for l in out if l.startswith("bestmove")) <= 1, e, f"several bestmoves: {out}")
        e.check_clean()
    finally:
        e.kill()


def test_end_of_input_during_search(path):
    e = fresh(path, "EOF during search")
    try:
        e.ok("position startpos moves " + T4_MOVES)
        e.send("go infinite")
        e.collect(200)
        e.proc.stdin.close()
        rc = e.wait_exit(2.0)
        check(rc is not None, e, "the engine did not exit within 2 s after end of input during a search")
        check(rc == 0, e, f"exit code {rc} after end of input")
        e.drain()
        e.check_clean()
    finally:
        e.kill()


def test_end_of_input_when_idle(path):
    e = Engine(path, name="EOF idle")
    try:
        e.send("ugi")
        e.proc.stdin.close()
        rc = e.wait_exit(2.0)
        check(rc == 0, e, f"exit code {rc} (None = still running) after end of input")
        out = e.drain()
        check(out and out[-1] == "ugiok", e, f"output {out[-3:]}")
        e.check_clean()
    finally:
        e.kill()


FFO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "othello")


def ffo_fen(number):
    """The position of FFO endgame problem `number` (#40-#59 file)."""
    with open(os.path.join(FFO_DIR, "fforum-40-59.obf")) as f:
        return f.read().splitlines()[number - 40].split(";")[0].strip()


def test_long_solve_keeps_the_gui_informed(path):
    # FFO #50, 26 empties: the exact solve runs for minutes inside one
    # iteration. Info lines must still come at least once a second, with the
    # solver's nodes counted, and `stop` must end with a scored info line.
    with fresh_engine(path) as e:
        e.ok(f"position fen {ffo_fen(50)}")
        legal = legal_moves(e)
        e.send("go depth 64")
        start = time.monotonic()
        stamped = []
        while time.monotonic() - start < 5.0:
            line = e.read_line(timeout=3.0)
            stamped.append((time.monotonic(), line))
            check(not line.startswith("bestmove"), e, f"the 26-empties solve ended within 5 s: {line}")
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after stop", timeout=3)
        check_bestmove(e, lines[-1].split()[1:], legal, "solve + stop")
        infos = [l for _, l in stamped] + lines[:-1]
        parsed = check_infos(e, infos, "solve + stop", legal)
        times = [start] + [t for t, l in stamped if l.startswith("info depth")]
        gaps = [b - a for a, b in zip(times, times[1:])]
        check(len(gaps) >= 5 and max(gaps) <= 1.0 + SLACK_S / 3, e,
              f"info lines further apart than a second: {[round(g, 2) for g in gaps]}")
        last = parse_info(lines[-2]) if len(lines) >= 2 else None
        check(last is not None and last["score_kind"] is not None and last["pv"], e,
              f"no scored info line right before bestmove: {lines[-3:]}")
        check(last["pv"][0] == lines[-1].split()[1], e, f"the final info's pv does not start with bestmove: {lines[-2:]}")
        check(parsed[-1]["nodes"] > 1_000_000, e, f"the solver's nodes are not counted: {lines[-2]}")
        check(e.sync() == [], e, "output after the bestmove")


def test_every_stopped_search_ends_with_a_scored_info(path):
    # In every game, `stop` during a search gives the line bestmove was chosen
    # on as the last info line, scored, with bestmove as its first move.
    games = ["othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese"]
    with fresh_engine(path) as e:
        for game in games:
            e.ok(f"setoption name Game value {game}")
            e.ok("setoption name OwnBook value false")
            e.ok("position startpos")
            legal = legal_moves(e) if game != "arimaa" else None
            e.send("go infinite")
            early = e.collect(300)
            e.send("stop")
            lines = early + e.read_until(lambda l: l.startswith("bestmove"), what=f"{game}: bestmove after stop", timeout=5)
            best = lines[-1].split()[1:]
            if legal is not None:
                check_bestmove(e, best, legal, f"{game}: go infinite + stop")
            infos = [l for l in lines[:-1] if l.startswith("info depth")]
            check(infos, e, f"{game}: no info line before bestmove")
            last = parse_info(infos[-1])
            check(last is not None and last["score_kind"] is not None and lines[-2] == infos[-1], e,
                  f"{game}: the line before bestmove is not a scored info: {lines[-2:]}")
            check(last["pv"] and last["pv"][0] == best[0], e, f"{game}: final pv {last['pv'][:1]} is not bestmove {best}")
            check(e.sync() == [], e, f"{game}: output after the bestmove")


ALL_GAMES = ["othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese"]
ARIMAA_PLAYED = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"


def first_search_engine(path, game, hash_mib=None):
    """A fresh process with `game` selected and set up (readyok received)."""
    e = Engine(path, name=f"{game} engine")
    e.ok(f"setoption name Game value {game}")
    e.ok("setoption name OwnBook value false")
    if hash_mib:
        e.ok(f"setoption name Hash value {hash_mib}")
    e.ok("position " + (f"fen {ARIMAA_PLAYED}" if game == "arimaa" else "startpos"))
    return e


def test_first_search_of_a_fresh_process_is_on_time(path):
    # Tables, solvers and the book are made before readyok, never inside the
    # first timed search (lenient bound: a loaded CI machine; the benchmark
    # scripts/bench_latency.py --only first holds the tight figure).
    for game in ALL_GAMES:
        e = first_search_engine(path, game, hash_mib=1024)
        try:
            start = time.monotonic()
            e.send("go movetime 200")
            e.read_until(lambda l: l.startswith("bestmove"), what=f"{game}: bestmove", timeout=10)
            took = time.monotonic() - start
            check(took <= 0.2 + 1.0, e, f"{game}: the first go movetime 200 took {took * 1000:.0f} ms")
        finally:
            e.close()


def test_stop_right_after_the_first_go(path):
    # `stop` 20 ms after the first `go` of a fresh process: the input thread
    # reads it at once and the bestmove follows (benchmark: under 50 ms).
    for game in ALL_GAMES:
        e = first_search_engine(path, game)
        try:
            e.send("go infinite")
            time.sleep(0.02)
            start = time.monotonic()
            e.send("stop")
            e.read_until(lambda l: l.startswith("bestmove"), what=f"{game}: bestmove", timeout=5)
            took = time.monotonic() - start
            check(took <= 0.5, e, f"{game}: bestmove {took * 1000:.0f} ms after stop")
        finally:
            e.close()


def test_quit_during_a_hash_change(path):
    # The reader thread sees `quit` while gigabytes are being allocated and
    # the process ends without waiting for the allocation.
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write(b"ugi\nsetoption name Hash value 8192\n")
    p.stdin.flush()
    time.sleep(0.05)
    start = time.monotonic()
    p.stdin.write(b"quit\n")
    p.stdin.flush()
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        raise AssertionError("no exit within 10 s of quit")
    took = time.monotonic() - start
    out = p.stdout.read().decode("utf-8", "replace")
    if p.returncode != 0 or "ugiok" not in out or took > 1.0:
        raise AssertionError(f"quit during a Hash change: exit {p.returncode} after {took * 1000:.0f} ms, output {out[-200:]!r}")


def test_a_script_piped_with_quit_gets_every_answer(path):
    # `quit` ends a set-up command only when it follows it directly: the
    # queries a script puts between them are answered first, in every game
    # (each game's set-up takes longer than the quit grace of 0.1 s in some).
    for game in ALL_GAMES:
        script = f"ugi\nnewgame {game}\nsetoption name Hash value 512\nposition startpos\nquery fen\nquit\n"
        p = subprocess.run([path], input=script.encode(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30)
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0 or "\nresponse " not in out:
            raise AssertionError(f"{game}: a piped script lost its answer: exit {p.returncode}, output {out[-200:]!r}")


def test_bestmove_legal_everywhere(path):
    with fresh_engine(path) as e:
        for label, pos in POSITIONS:
            e.ok(pos)
            for args in ("depth 3", "movetime 100", "nodes 3000"):
                go_checked(e, args, what=f"{label}: go {args}")


def test_exact_endgame_score(path):
    """E1 (14 empties): the exact value is +20 discs, i.e. score cp 2000, best c8.
    E4 (10 empties): +16, best h5 or b7."""
    with fresh_engine(path) as e:
        for fen, cp, best_set in ((E1_FEN, 2000, {"c8"}), (E4_FEN, 1600, {"h5", "b7"})):
            e.ok(f"position fen {fen}")
            best, infos, elapsed = go_checked(e, "depth 20", timeout=30, what=f"{fen}: go depth 20")
            check(infos and infos[-1]["score_kind"] == "cp" and infos[-1]["score"] == cp, e,
                  f"{fen}: expected last info 'score cp {cp}', got {infos[-1:]}")
            check(best[0] in best_set, e, f"{fen}: bestmove {best[0]}, expected one of {best_set}")


# A game position with 22 empties, Black to move: f8 wins by 12 discs and d1
# by 8; every other move loses (exact values of each move by `go depth 64`).
W22_MOVES = ("f5 d6 c4 f4 c6 g5 f6 c5 e6 f7 g6 c7 b5 e7 b6 e3 d3 b3 d7 d8 e2 f3 h5 c2 d2 c3 b4 g4 c1 a3 "
             "a5 f1 a4 a6 g3 h6 h7 e1")


def test_timed_solve_beyond_budget_proves_the_result(path):
    # At 5 s a move the exact solve of 22 empties is beyond the budget
    # (engine/timeman.cpp solve_jump_limit: 20 empties), so the last
    # iteration proves only who wins: a lower bound above a draw, on a
    # winning move, well before the movetime. Without the proof the search
    # would run an exact solve (an exact score) or the whole 5 s.
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + W22_MOVES)
        best, infos, elapsed = go_checked(e, "movetime 5000", timeout=10, what="22 empties: go movetime 5000")
        last = infos[-1]
        check(last["depth"] == 22 and last["bound"] == "lowerbound" and last["score"] >= 100, e,
              f"expected a proven win (depth 22, lowerbound, score >= 100), got {last}")
        check(best[0] in {"f8", "d1"}, e, f"bestmove {best[0]} is not one of the winning moves f8, d1")
        check(elapsed < 4.5, e, f"the search went on after the proof: {elapsed:.2f} s")


def test_timed_proof_runs_selective_levels_first(path):
    # 24 empties at 1.5 s a move: the proof of who wins (about 1 s here, more
    # under a sanitizer) is beyond the exact solve's budget, so the search
    # jumps to it from a midgame iteration of depth 14 and runs it first at
    # the solver's selective levels: several depth-24 bounds, one per level
    # completed, in order of time, before the move.
    moves = W22_MOVES.rsplit(" ", 2)[0]
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + moves)
        best, infos, _ = go_checked(e, "movetime 1500", timeout=10, what="24 empties: go movetime 1500")
        proofs = [i for i in infos if i["depth"] == 24 and i["bound"]]
        check(len(proofs) >= 2, e, f"expected at least two depth-24 bounds (selective levels), got {infos}")
        first = next(k for k, i in enumerate(infos) if i["depth"] == 24)
        check(all(i["depth"] <= 14 for i in infos[:first]), e, f"the proof did not follow depth 14: {infos}")
        times = [i["time"] for i in proofs]
        check(times == sorted(times), e, f"levels out of order: {times}")


def test_go_extreme_numbers(path):
    """Valid but extreme values: depth caps the search, nothing overflows
    (run the asan preset to see undefined behaviour here)."""
    big = "9223372036854775807"
    with fresh_engine(path) as e:
        for pos in ("position startpos", "position startpos moves f5"):
            e.ok(pos)
            for args in (f"depth 2 p1time 1000 p2time 1000 p1inc {big} p2inc {big}",
                         f"depth 2 p1time {big} p2time {big} p1inc 1 p2inc 1",
                         f"depth 2 wtime {big} btime {big} movestogo 1",
                         f"depth 2 movetime {big}", f"depth 2 nodes {big}",
                         "depth 2 movestogo 2147483648",
                         "depth 2 p1time 0 p2time 0", "depth 2 movetime 0"):
                go_checked(e, args)


def test_determinism(path):
    results = []
    for i in range(2):
        with fresh_engine(path, name=f"determinism run {i}") as e:
            e.ok("position startpos moves " + T4_MOVES)
            best, infos, _ = go_checked(e, "depth 6")
            check(infos, e, "no info line")
            results.append((best, infos[-1]["nodes"], infos[-1]["depth"], infos[-1]["pv"]))
    if results[0][:2] != results[1][:2]:
        raise AssertionError(f"two fresh processes with go depth 6 differ: {results[0]} vs {results[1]}")


def test_threads(path):
    with fresh_engine(path) as e:
        e.ok("setoption name Threads value 2")
        e.ok("position startpos moves " + T4_MOVES)
        best, infos, _ = go_checked(e, "depth 6")
        check(infos and infos[-1]["depth"] == 6, e, f"Threads 2, go depth 6: last info {infos[-1:]}")
        best, infos, elapsed = go_checked(e, "movetime 200")
        check(elapsed < 0.2 + SLACK_S, e, f"Threads 2, go movetime 200 took {elapsed:.3f} s")
        e.send("go infinite")
        e.collect(200)
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), what="bestmove", timeout=3)
        e.ok("setoption name Threads value 1")
        go_checked(e, "depth 3")


def played_position(game):
    return "position " + (f"fen {ARIMAA_PLAYED}" if game == "arimaa" else "startpos")


def bestmove_is_legal(e, game, best):
    """The engine itself referees: the position with the move played is
    accepted (cheaper than listing every Arimaa turn)."""
    out = e.cmd(f"{played_position(game)} moves {best}")
    return not any(ERROR_RE.match(l) for l in out)


def test_two_threads_in_every_game(path):
    # With Threads 2: every bestmove is legal, a movetime is kept, and stop
    # is as fast as with one thread (the bounds of the one-thread tests).
    for game in ALL_GAMES:
        e = first_search_engine(path, game)
        try:
            e.ok("setoption name Threads value 2")
            for args in ("depth 4", "movetime 150"):
                e.ok(played_position(game))
                start = time.monotonic()
                best, infos, _ = e.go(args, 10)
                took = time.monotonic() - start
                check(len(best) == 1 and bestmove_is_legal(e, game, best[0]), e,
                      f"{game}: Threads 2, go {args}: bestmove {best} is not legal")
                # However the threads raced, the last info line shows the
                # line the move was chosen on.
                pvs = [l.split(" pv ", 1)[1].split() for l in infos if " pv " in l]
                check(pvs and pvs[-1][0] == best[0], e,
                      f"{game}: Threads 2, go {args}: last pv {pvs[-1:]} does not start with bestmove {best}")
                if args.startswith("movetime"):
                    check(took <= 0.15 + SLACK_S, e, f"{game}: Threads 2, go movetime 150 took {took:.3f} s")
            e.ok(played_position(game))
            e.send("go infinite")
            time.sleep(0.1)
            start = time.monotonic()
            e.send("stop")
            line = e.read_until(lambda l: l.startswith("bestmove"), what=f"{game}: bestmove", timeout=5)[-1]
            took = time.monotonic() - start
            check(took <= 0.5, e, f"{game}: Threads 2: bestmove {took * 1000:.0f} ms after stop")
            check(bestmove_is_legal(e, game, line.split()[1]), e, f"{game}: Threads 2, stopped: {line} is not legal")
        finally:
            e.close()


def test_one_thread_is_deterministic_in_every_game(path):
    # Two fresh processes, the same fixed-depth search: the same move, the
    # same node count (Lazy SMP with more threads is not deterministic; one
    # thread must be, or a bisection of a change means nothing).
    for game in ALL_GAMES:
        runs = []
        for _ in range(2):
            e = first_search_engine(path, game)
            try:
                best, infos, _ = e.go("depth 5", 30)
                nodes = [l for l in infos if l.startswith("info depth")][-1].split()
                runs.append((best, nodes[nodes.index("nodes") + 1]))
            finally:
                e.close()
        if runs[0] != runs[1]:
            raise AssertionError(f"{game}: two runs of go depth 5 differ: {runs}")


def test_hash_resize_between_searches(path):
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        for h in (1, 2, 8, 1):
            e.ok(f"setoption name Hash value {h}")
            go_checked(e, "depth 4", what=f"Hash {h}: go depth 4")
        e.ok("uginewgame")
        e.ok("position startpos")
        go_checked(e, "depth 4", what="after uginewgame")


def test_many_searches_in_a_row(path):
    """Back-to-back go/bestmove: each go gives exactly one bestmove."""
    with fresh_engine(path) as e:
        e.ok("position startpos")
        for i in range(30):
            e.send("go depth 2")
        lines = []
        while sum(1 for l in lines if l.startswith("bestmove")) + sum(1 for l in lines if ERROR_RE.match(l)) < 30:
            lines += e.read_until(lambda l: l.startswith("bestmove") or ERROR_RE.match(l) is not None,
                                  what="30 answers")
        bm = sum(1 for l in lines if l.startswith("bestmove"))
        errs = sum(1 for l in lines if ERROR_RE.match(l))
        check(bm >= 1 and bm + errs == 30, e, f"30 x go: {bm} bestmoves, {errs} errors")
        late = e.collect(300)
        check(not any(l.startswith("bestmove") for l in late), e, f"extra bestmove lines {late}")


def test_plain_search_option(path):
    """`Search plain` (the seeds' alpha-beta): a fixed depth is searched once,
    the answer is legal, other go forms still work, bad values are refused;
    `Search plain-fast` answers the same move and score."""
    with fresh_engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        e.ok("setoption name Search value plain")
        best, infos, _ = go_checked(e, "depth 4")
        check([i["depth"] for i in infos] == [4], e, f"plain go depth 4 must report depth 4 once, got {infos}")
        # plain-fast: the same move and score, reported once at the depth, fewer nodes.
        e.ok("setoption name Search value plain-fast")
        fast_best, fast_infos, _ = go_checked(e, "depth 4")
        check([i["depth"] for i in fast_infos] == [4], e, f"plain-fast go depth 4: {fast_infos}")
        check((fast_best, fast_infos[0]["score"]) == (best, infos[0]["score"]), e,
              f"plain-fast {fast_best} {fast_infos} against plain {best} {infos}")
        check(fast_infos[0]["nodes"] < infos[0]["nodes"], e, f"plain-fast nodes {fast_infos} against {infos}")
        e.ok("setoption name Search value plain")
        _, infos, elapsed = go_checked(e, "movetime 200")
        check(elapsed < 0.2 + SLACK_S, e, f"plain go movetime 200 took {elapsed:.3f} s")
        check([i["depth"] for i in infos] == list(range(1, len(infos) + 1)), e, f"plain deepening {infos}")
        e.send("go infinite")
        e.collect(200)
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after stop", timeout=3)
        check_bestmove(e, lines[-1].split()[1:], legal_moves(e), "plain go infinite + stop")
        out = e.cmd("setoption name Search value fast")
        check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"a bad Search value must give one error line: {out}")
        e.ok("setoption name Search value ludus")
        _, infos, _ = go_checked(e, "depth 3")
        check([i["depth"] for i in infos] == [1, 2, 3], e, f"back to ludus: {infos}")


if __name__ == "__main__":
    run_tests(globals())
