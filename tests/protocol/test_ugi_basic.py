#!/usr/bin/env python3
"""UGI transcript tests: handshake, options, positions, queries, d/eval/perft/help.

Usage: test_ugi_basic.py <path-to-ludus> [test-name-substring ...]
Facts (FENs, move lists, results) are those of docs/rules/othello.md, section 10.
"""

import os
import random
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from enginepipe import ERROR_RE, START_FEN, check, engine, run_tests  # noqa: E402

# ---- rules facts (othello.md section 10) -----------------------------------
T3_FEN = "---------------------------OX------XXX-------------------------- O"
T4_MOVES = "f5 d6 c3 d3 c4"
T4_FEN = "------------------XO------XXX------OXX-----O-------------------- O"
T5_MOVES = "e6 d6 c5 f4 f5 b4 g3 g4 c3 d3 g5 h6 g6"
T5_FEN = "------------------XO--X--O-OOOX---OOXXX----OX-XO---------------- O"
T5_AFTER_F6 = "------------------XO--X--O-OOOX---OOOOX----OOOOO---------------- X"
T6_MOVES = "d3 c3 b3 b2 f5 a3 a1 c1"
T6_FEN = "X-O------O------OOXX-------XX------XXX-------------------------- X"
T6_AFTER_PASS = "X-O------O------OOXX-------XX------XXX-------------------------- O"
T7_MOVES = "d3 c3 b3 e3 f3 f4 f5 b2 a1"
T7_FEN = "X--------X-------XXXXX-----XXX-----XXX-------------------------- O"
T9_FEN = "OOOOOOO-OOOOOO-XOOXOOOXXOXOOOOXXOOOOXOXXOOOOXXXXOOOOXXXXOOOOXXXX X"
T10_FEN = "-OOOOOOOXOXXXXXOXXOXXXXOXXXOXXXOXXXXOOOOXOOOOOOOXOOOOOOOXXXXXXX- X"
T11_FEN = "XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOXXOXXXOOOXOXXXXXXXX O"
T12_FEN = "XXXXXXXXXXXOOXOXOOXXXOXXOOOXXXOXOOXXOXOOOOXOXOOXXXOOOOOXXOOOOOOO O"
T13_FEN = "XXXXXXXOXXXOOXXOXXXOOOXOXXXXOXXOXXOOXOOOXXOXOOXOXXXOOOOOXXXXXXX- O"
T14_FEN = "-O-XXO-O-OO--XOX-OOOXOX--OOXOXOX-OOOXOXXOXOXXXOX-XX-OOOOOX-XOO-X X"
E3_FEN = "--O-XO---XXXOXOO--XXXXXXOOOXOOXX-OOOOOOXOOOOOXXX-O-OOOXXO-OOOOOX O"

REQUIRED_OPTIONS = ["Game", "Hash", "Threads", "Ponder", "OwnBook", "MoveOverhead", "Evaluator"]
OPTION_RE = re.compile(r"^option name (\S+) type (check|spin|combo|string|button)(.*)$")


def square_index(tok):
    return 8 * (int(tok[1]) - 1) + (ord(tok[0]) - ord("a"))


def handshake(e):
    e.send("ugi")
    lines = e.read_until(lambda l: l == "ugiok", what="ugiok")
    options = {}
    for l in lines:
        m = OPTION_RE.match(l)
        if m:
            options[m.group(1)] = (m.group(2), m.group(3).strip())
    return lines, options


def combo_values(spec):
    return re.findall(r"\bvar (\S+)", spec)


def disc_counts(fen):
    cells = fen.split()[0]
    return cells.count("X"), cells.count("O")


def state(e):
    """(fen, moves, p1turn, gameover, result) of the current position, in one round trip."""
    e.send_many(["query fen", "query moves", "query p1turn", "query gameover", "query result"])
    out = e.sync()
    check(len(out) == 5 and all(l == "response" or l.startswith("response ") for l in out), e,
          f"expected 5 response lines, got {out}")
    a = [l[len("response "):] for l in out]
    return a[0], a[1].split(), a[2], a[3], a[4]


def expect_state(e, fen, moves=None, p1turn=None, gameover=None, result=None):
    got = state(e)
    check(got[0] == fen, e, f"query fen: expected {fen!r}, got {got[0]!r}")
    if moves is not None:
        check(got[1] == moves.split(), e, f"query moves: expected {moves!r}, got {' '.join(got[1])!r}")
    for name, want, have in (("p1turn", p1turn, got[2]), ("gameover", gameover, got[3]),
                             ("result", result, got[4])):
        if want is not None:
            check(have == want, e, f"query {name}: expected {want!r}, got {have!r}")
    return got


# ---- handshake and options ---------------------------------------------------

def test_handshake(path):
    with engine(path) as e:
        lines, options = handshake(e)
        check(re.fullmatch(r"id name \S.*", lines[0]) is not None, e, f"first line {lines[0]!r}")
        check(re.fullmatch(r"id author \S.*", lines[1]) is not None, e, f"second line {lines[1]!r}")
        for l in lines[2:-1]:
            check(OPTION_RE.match(l) is not None, e, f"unexpected line in the handshake: {l!r}")
        for name in REQUIRED_OPTIONS:
            check(name in options, e, f"option {name} missing from the handshake")
        check(options["Game"][0] == "combo" and "othello" in combo_values(options["Game"][1]), e,
              f"Game option: {options['Game']}")
        check(options["Game"][1].startswith("default othello"), e, f"Game default: {options['Game']}")
        check(options["Hash"][0] == "spin" and options["Hash"][1].startswith("default 64 "), e,
              f"Hash: {options['Hash']}")
        check(options["Threads"][0] == "spin" and options["Threads"][1].startswith("default 1 "), e,
              f"Threads: {options['Threads']}")
        check(options["Ponder"] == ("check", "default false"), e, f"Ponder: {options['Ponder']}")
        check(options["OwnBook"] == ("check", "default true"), e, f"OwnBook: {options['OwnBook']}")
        check(options["MoveOverhead"][0] == "spin" and options["MoveOverhead"][1].startswith("default 30 "),
              e, f"MoveOverhead: {options['MoveOverhead']}")
        check(options["Evaluator"][0] == "combo" and len(combo_values(options["Evaluator"][1])) >= 2, e,
              f"Evaluator should be a combo with at least two values: {options['Evaluator']}")
        check(e.sync() == [], e, "isready printed more than readyok")
        # A second ugi gives the same handshake.
        again, _ = handshake(e)
        check(again == lines, e, "a second 'ugi' gave a different handshake")


def test_isready_first(path):
    with engine(path) as e:
        check(e.sync() == [], e, "isready as the first command printed more than readyok")
        check(e.sync() == [], e, "second isready")


def test_setoption_valid_values(path):
    with engine(path) as e:
        _, options = handshake(e)
        for line in ["setoption name Game value othello", "setoption name game value OTHELLO",
                     "setoption name Hash value 1", "setoption name hash value 16",
                     "setoption name Threads value 2", "setoption name THREADS value 1",
                     "setoption name OwnBook value false", "setoption name ownbook value TRUE",
                     "setoption name MoveOverhead value 0", "setoption name MoveOverhead value 100",
                     "setoption name Ponder value true", "setoption name Ponder value false"]:
            e.ok(line)
        # `pattern` reads the shipped book/othello-patterns.bin (without
        # it: tests/protocol/test_othello_data.py).
        check(options["Evaluator"][1].startswith("default pattern "), e, f"Evaluator: {options['Evaluator']}")
        for v in combo_values(options["Evaluator"][1]):
            e.ok(f"setoption name Evaluator value {v}")
        e.ok("setoption name evaluator value " + combo_values(options["Evaluator"][1])[0].upper())
        check(e.query("game") == "othello", e, "query game after setoption Game othello")


def test_game_option_and_newgame(path):
    with engine(path) as e:
        check(e.query("game") == "othello", e, "query game at start")
        e.ok("position startpos moves " + T4_MOVES)
        e.ok("setoption name Game value othello")   # same game: position kept
        check(e.query("fen") == T4_FEN, e, "setoption Game to the current game changed the position")
        e.ok("newgame othello")
        check(e.query("fen") == START_FEN, e, "newgame othello must reset to the start position")
        check(e.query("game") == "othello", e, "query game after newgame othello")
        e.ok("position startpos moves f5")
        e.ok("newgame")
        check(e.query("fen") == START_FEN, e, "newgame must reset to the start position")
        e.ok("position startpos moves f5")
        e.ok("uginewgame")
        e.ok("position startpos")
        check(e.query("fen") == START_FEN, e, "position startpos after uginewgame")
        e.ok("NEWGAME Othello")
        check(e.query("fen") == START_FEN, e, "commands and game names are case-insensitive")


def test_evaluator_changes_eval(path):
    with engine(path) as e:
        _, options = handshake(e)
        values = combo_values(options["Evaluator"][1])
        e.ok("setoption name OwnBook value false")
        outputs = {}
        for v in values:
            e.ok(f"setoption name Evaluator value {v}")
            e.ok("position startpos moves " + T4_MOVES)
            out = e.cmd("eval")
            check(out and all(l.startswith("info string ") for l in out), e, f"eval output {out}")
            check(not any(ERROR_RE.match(l) for l in out), e, f"eval printed an error: {out}")
            outputs[v] = out
            best, infos, _ = e.go("depth 3")
            check(best and best[0] in "b3 f3 f4 b5 g5 g6".split(), e,
                  f"Evaluator {v}: go depth 3 gave {best} (legal: b3 f3 f4 b5 g5 g6)")
        check(len({tuple(o) for o in outputs.values()}) == len(values), e,
              f"different Evaluator values gave the same 'eval' output: {outputs}")


def test_ponder_option(path):
    with engine(path) as e:
        e.ok("setoption name OwnBook value false")
        e.ok("position startpos")
        best, _, _ = e.go("depth 3")
        check(len(best) == 1, e, f"Ponder off: bestmove must have exactly two words, got {best}")
        e.ok("setoption name Ponder value true")
        best, _, _ = e.go("depth 4")
        check(len(best) == 3 and best[1] == "ponder", e, f"Ponder on: expected 'bestmove x ponder y', got {best}")
        check(best[0] in "d3 c4 f5 e6".split(), e, f"bestmove {best[0]} is not legal at the start")
        # The ponder move is a legal reply to the best move.
        e.ok(f"position startpos moves {best[0]} {best[2]}")
        # go ponder: no bestmove until ponderhit, then one bestmove.
        e.ok("position startpos moves f5")
        e.send("go ponder depth 3")
        early = e.collect(500)
        check(not any(l.startswith("bestmove") for l in early), e, f"bestmove before ponderhit: {early}")
        e.send("ponderhit")
        lines = e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after ponderhit")
        check(lines[-1].split()[1] in "f4 d6 f6".split(), e, f"bestmove after ponderhit: {lines[-1]}")
        late = e.collect(200)
        check(not any(l.startswith("bestmove") for l in late), e, f"a second bestmove: {late}")
        # go ponder then stop also gives exactly one bestmove.
        e.send("go ponder")
        early = e.collect(300)
        check(not any(l.startswith("bestmove") for l in early), e, f"bestmove while pondering: {early}")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), what="bestmove after stop")
        check(e.sync() == [], e, "output after the bestmove of a stopped ponder search")


# ---- positions and queries ----------------------------------------------------

def test_start_position_T1_T2(path):
    with engine(path) as e:
        expect_state(e, START_FEN, "d3 c4 f5 e6", "true", "false", "none")   # state before any position
        e.ok("position startpos")
        expect_state(e, START_FEN, "d3 c4 f5 e6", "true", "false", "none")
        e.ok("position startpos moves")
        expect_state(e, START_FEN, "d3 c4 f5 e6", "true", "false", "none")
        e.ok("position startpos moves D3")
        d3 = e.query("fen")
        e.ok("position startpos moves d3")
        check(e.query("fen") == d3, e, "D3 and d3 must be the same move")
        check(e.query("game") == "othello", e, "query game")


def test_after_f5_T3_T17(path):
    with engine(path) as e:
        e.ok("position startpos moves f5")
        expect_state(e, T3_FEN, "f4 d6 f6", "false", "false", "none")
        check(disc_counts(T3_FEN) == (4, 1), e, "test data")
        e.ok("position startpos moves F5")
        expect_state(e, T3_FEN, "f4 d6 f6", "false")
        e.ok("position startpos moves " + T4_MOVES)
        expect_state(e, T4_FEN, "b3 f3 f4 b5 g5 g6", "false", "false", "none")


def test_flips_T5(path):
    with engine(path) as e:
        e.ok("position startpos moves " + T5_MOVES)
        expect_state(e, T5_FEN, "b2 d2 h2 b3 h4 h5 f6 e7 f7 h7", "false", "false", "none")
        e.ok("position startpos moves " + T5_MOVES + " f6")
        expect_state(e, T5_AFTER_F6, "e3 c4 a5 b5 c7 d7 e7 g7", "true", "false", "none")
        e.ok(f"position fen {T5_FEN} moves f6")
        expect_state(e, T5_AFTER_F6, "e3 c4 a5 b5 c7 d7 e7 g7", "true")


def test_forced_pass_T6(path):
    with engine(path) as e:
        e.ok("setoption name OwnBook value false")
        e.ok("position startpos moves " + T6_MOVES)
        expect_state(e, T6_FEN, "pass", "true", "false", "none")
        best, _, _ = e.go("depth 3")
        check(best == ["pass"], e, f"go in a forced-pass position must answer 'bestmove pass', got {best}")
        best, _, _ = e.go("movetime 100")
        check(best == ["pass"], e, f"go movetime in a forced-pass position: {best}")
        e.ok("position startpos moves " + T6_MOVES + " pass")
        expect_state(e, T6_AFTER_PASS, "e3 f6", "false", "false", "none")
        e.ok("position startpos moves " + T6_MOVES + " PASS")
        check(e.query("fen") == T6_AFTER_PASS, e, "PASS must be accepted as pass")
        e.ok(f"position fen {T6_FEN} moves Pass e3")
        check(e.query("p1turn") == "true", e, "after pass e3 black is to move")
        # T13: the pass with one empty square, then h8 gives T11.
        e.ok(f"position fen {T13_FEN}")
        expect_state(e, T13_FEN, "pass", "false", "false", "none")
        best, _, _ = e.go("depth 2")
        check(best == ["pass"], e, f"T13: go must answer 'bestmove pass', got {best}")
        e.ok(f"position fen {T13_FEN} moves pass h8")
        expect_state(e, T11_FEN, "", "false", "true", "p1win")


def test_shortest_game_T7(path):
    with engine(path) as e:
        e.ok("position startpos moves " + T7_MOVES)
        expect_state(e, T7_FEN, "", "false", "true", "p1win")
        e.send("query moves")
        line = e.read_line()
        check(line == "response", e, f"query moves at game over must be exactly 'response', got {line!r}")
        check(disc_counts(T7_FEN) == (13, 0), e, "test data")
        best, infos, _ = e.go("depth 3")
        check(best == ["none"], e, f"go at game over must answer 'bestmove none', got {best}")
        best, _, _ = e.go("movetime 100")
        check(best == ["none"], e, f"go movetime at game over: {best}")
        best, _, _ = e.go("infinite")   # the game is over: nothing to search
        check(best == ["none"], e, f"go infinite at game over: {best}")
        check(e.sync() == [], e, "output after bestmove none")


def test_game_over_positions_T9_T12(path):
    with engine(path) as e:
        for fen, result, counts in ((T9_FEN, "p2win", (22, 40)), (T10_FEN, "draw", (31, 31)),
                                    (T11_FEN, "p1win", (42, 22)), (T12_FEN, "draw", (32, 32))):
            e.ok(f"position fen {fen}")
            expect_state(e, fen, "", None, "true", result)
            check(disc_counts(fen) == counts, e, "test data")
            best, _, _ = e.go("depth 2")
            check(best == ["none"], e, f"{fen}: go at game over gave {best}")


def test_many_moves_T14(path):
    with engine(path) as e:
        e.ok(f"position fen {T14_FEN}")
        expect_state(e, T14_FEN, "a1 c1 g1 a2 d2 e2 a3 h3 a4 a5 g8", "true", "false", "none")


def test_fen_forms_T15(path):
    with engine(path) as e:
        for fen, want in (
                ("...........................ox......xo........................... *", START_FEN),
                ("-------- -------- -------- ---OX--- ---XO--- -------- -------- -------- x", START_FEN),
                ("---------------------------0X------X0--------------------------- 0", START_FEN[:-1] + "O"),
                (START_FEN.replace(" ", ""), START_FEN),                      # side right after the cells
                ("\t" + START_FEN.replace(" ", "  \t ") + "  ", START_FEN)):   # tabs and extra spaces
            e.ok("position startpos moves f5")
            e.ok(f"position fen {fen}")
            check(e.query("fen") == want, e, f"position fen {fen!r}: query fen must print {want!r}")
        # A FEN with spaces followed by moves.
        e.ok("position fen -------- -------- -------- ---OX--- ---XO--- -------- -------- -------- x moves f5 d6")
        e.ok("position startpos moves f5")
        after_f5 = e.query("fen")
        e.ok("position fen -------- -------- -------- ---OX--- ---XO--- -------- -------- -------- x moves f5")
        check(e.query("fen") == after_f5, e, "FEN with spaces + moves f5")
        e.ok(f"position fen {T4_FEN} MOVES b3")
        check(e.query("p1turn") == "true", e, "the 'moves' keyword is case-insensitive")
        e.ok(f"position fen {START_FEN} moves")
        check(e.query("fen") == START_FEN, e, "position fen <fen> moves (empty list)")


def walk_game(e, choose, label):
    """Plays a whole game through `position startpos moves ...`, checking the
    queries after every token. Returns the move list."""
    played = []
    prev_fen = START_FEN
    placements = 0
    while True:
        e.ok("position startpos moves " + " ".join(played) if played else "position startpos")
        fen, moves, p1turn, gameover, result = state(e)
        where = f"{label}, after {len(played)} tokens ({' '.join(played)})"
        check(p1turn == ("true" if len(played) % 2 == 0 else "false"), e,
              f"{where}: p1turn {p1turn} does not alternate with the tokens")
        check(fen[-1] == ("X" if p1turn == "true" else "O"), e, f"{where}: FEN side {fen} vs p1turn {p1turn}")
        black, white = disc_counts(fen)
        check(black + white == 4 + placements, e, f"{where}: {black}+{white} discs after {placements} placements")
        if played:
            # The same position, reached from the previous FEN by the last token.
            e.ok(f"position fen {prev_fen} moves {played[-1]}")
            check(e.query("fen") == fen, e, f"{where}: position fen <prev> moves {played[-1]} differs")
        if not moves:
            check(gameover == "true", e, f"{where}: no legal moves but gameover {gameover}")
            want = "p1win" if black > white else "p2win" if white > black else "draw"
            check(result == want, e, f"{where}: result {result}, but the discs are {black}-{white}")
            return played
        check(gameover == "false" and result == "none", e, f"{where}: gameover {gameover} result {result}")
        if moves == ["pass"]:
            check(played[-1:] != ["pass"], e, f"{where}: two passes in a row")
        else:
            check("pass" not in moves, e, f"{where}: pass listed with placements: {moves}")
            idx = [square_index(m) for m in moves]
            check(idx == sorted(idx) and len(set(idx)) == len(idx), e, f"{where}: moves not in square order: {moves}")
        check(len(played) < 120, e, f"{label}: game longer than 120 tokens")
        m = choose(moves)
        played.append(m)
        if m != "pass":
            placements += 1
        prev_fen = fen


def test_query_walk_whole_games(path):
    with engine(path) as e:
        first = walk_game(e, lambda ms: ms[0], "first-move game")
        check(len(first) >= 9, e, "no game ends before ply 9 (T8)")
        for seed in (1, 2, 3):
            rng = random.Random(seed)
            walk_game(e, lambda ms: rng.choice(ms), f"random game (seed {seed})")
        # A game through the forced pass of T6, then first moves to the end.
        t6 = T6_MOVES.split()
        rest = walk_game(e, lambda ms: t6.pop(0) if t6 else ms[0], "game through T6")
        check("pass" in rest, e, f"the game through T6 has no pass: {rest}")


# ---- d, eval, perft, help -------------------------------------------------------

def test_d_and_eval(path):
    with engine(path) as e:
        e.ok("position startpos moves " + T4_MOVES)
        out = e.cmd("d")
        check(len(out) >= 9 and all(l.startswith("info string ") for l in out), e, f"d output {out}")
        check(out[-1] == "info string fen " + T4_FEN, e, f"d must end with the FEN line, got {out[-1]!r}")
        check(not any(ERROR_RE.match(l) for l in out), e, f"d printed an error: {out}")
        out = e.cmd("D")
        check(out and out[-1] == "info string fen " + T4_FEN, e, "D (upper case)")
        out = e.cmd("eval")
        check(out and all(l.startswith("info string ") for l in out), e, f"eval output {out}")
        check(not any(ERROR_RE.match(l) for l in out), e, f"eval printed an error: {out}")
        check(e.query("fen") == T4_FEN, e, "d/eval changed the position")
        e.ok(f"position fen {T7_FEN}")
        out = e.cmd("eval")
        check(out and not any(ERROR_RE.match(l) for l in out), e, f"eval at game over: {out}")
        out = e.cmd("d")
        check(out and out[-1] == "info string fen " + T7_FEN, e, f"d at game over: {out}")


PERFT_LINE = re.compile(r"info string perft (\d+) nodes (\d+) time (\d+)")


def perft(e, depth):
    out = e.cmd(f"perft {depth}", timeout=30)
    check(out and PERFT_LINE.fullmatch(out[-1]) is not None, e, f"perft {depth}: last line {out[-1:]}")
    m = PERFT_LINE.fullmatch(out[-1])
    check(int(m.group(1)) == depth, e, f"perft {depth}: summary says depth {m.group(1)}")
    per_move = []
    for l in out[:-1]:
        mm = re.fullmatch(r"info string (\S+) (\d+)", l)
        check(mm is not None, e, f"perft {depth}: bad per-move line {l!r}")
        per_move.append((mm.group(1), int(mm.group(2))))
    total = int(m.group(2))
    if per_move:
        check(sum(c for _, c in per_move) == total, e, f"perft {depth}: per-move counts do not add up to {total}")
    return total, per_move


def test_perft(path):
    with engine(path) as e:
        e.ok("position startpos")
        for depth, want in ((1, 4), (2, 12), (3, 56), (4, 244)):
            total, per_move = perft(e, depth)
            check(total == want, e, f"perft {depth} from the start: {total}, expected {want}")
            check([m for m, _ in per_move] == "d3 c4 f5 e6".split(), e, f"perft {depth} moves: {per_move}")
        total, per_move = perft(e, 0)
        check(total == 1 and per_move == [], e, f"perft 0: {total} {per_move}")
        # T20: perft through a pass.
        e.ok("position startpos moves " + T6_MOVES)
        for depth, want in ((1, 1), (2, 2), (3, 8), (4, 36)):
            total, per_move = perft(e, depth)
            check(total == want, e, f"perft {depth} from T6: {total}, expected {want}")
            check([m for m, _ in per_move] == ["pass"], e, f"perft {depth} from T6 moves: {per_move}")
        # T21: perft with many passes.
        e.ok(f"position fen {E3_FEN}")
        for depth, want in ((1, 6), (2, 45), (3, 187), (4, 1373), (5, 4720)):
            total, _ = perft(e, depth)
            check(total == want, e, f"perft {depth} from E3: {total}, expected {want}")
        # A finished game is a leaf at any depth.
        e.ok(f"position fen {T7_FEN}")
        for depth in (1, 3):
            total, per_move = perft(e, depth)
            check(total == 1 and per_move == [], e, f"perft {depth} at game over: {total} {per_move}")
        check(e.query("fen") == T7_FEN, e, "perft changed the position")


def test_help(path):
    with engine(path) as e:
        out = e.cmd("help")
        check(len(out) >= 3 and all(l.startswith("info string ") for l in out), e, f"help output {out}")
        check(not any(ERROR_RE.match(l) for l in out), e, f"help printed an error: {out}")
        text = " ".join(out)
        for word in ("position", "go", "query", "perft", "setoption"):
            check(word in text, e, f"help does not mention {word}")
        # Every game the Game option offers is named.
        _, options = handshake(e)
        games = combo_values(options["Game"][1])
        check(len(games) == 7, e, f"Game option values: {games}")
        for game in games:
            check(re.search(r"\b" + re.escape(game) + r"\b", text), e, f"help does not list the game {game}: {out}")


def require(cond, why):
    if not cond:
        raise AssertionError(why)


def test_command_line_help(path):
    # `ludus --help` shows every subcommand and every option, each with an example.
    out = subprocess.run([path, "--help"], capture_output=True, text=True, timeout=10)
    require(out.returncode == 0 and out.stderr == "", f"--help: rc {out.returncode}, stderr {out.stderr!r}")
    text = out.stdout
    for command in ("play", "perft", "bench", "solve"):
        require(re.search(r"^\s+" + command + r"\s", text, re.M), f"--help does not list the command {command}")
        require(re.search(r"e\.g\. ludus " + command + r"\b", text), f"--help has no example of {command}")
    options = re.findall(r"^\s+(?:-\w \[ )?--([\w-]+)", text, re.M)
    require(len(options) >= 15, f"--help lists few options: {options}")
    blocks = re.split(r"\n(?=\s+(?:-\w \[ )?--[\w-]+)", text)
    for option in options:
        if option == "help":
            continue
        block = next(b for b in blocks if re.match(r"\s+(?:-\w \[ )?--" + re.escape(option) + r"\b", b))
        require("e.g. ludus" in block, f"--help gives no example for --{option}: {block!r}")


def test_help_as_first_line_selects_ugi(path):
    with engine(path) as e:
        out = e.cmd("help")
        check(out and all(l.startswith("info string ") for l in out), e, f"help as first line: {out}")
        _, options = handshake(e)
        check("Game" in options, e, "ugi after help")


def test_crlf_lines(path):
    with engine(path) as e:
        e.send(b"position startpos moves f5\r")
        e.send(b"isready\r")
        check(e.read_line() == "readyok", e, "isready with CRLF")
        check(e.query("fen") == T3_FEN, e, "position with CRLF")
        e.send(b"setoption name Hash value 16\r")
        check(e.sync() == [], e, "setoption with CRLF printed something")


if __name__ == "__main__":
    run_tests(globals())
