#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/)
from a built engine: real FENs, move lists and protocol conversations, a
few of each, so that the fuzzers start from inputs that reach deep into the
parsers. Usage: tests/fuzz/make_seeds.py <path to ludus> (deterministic:
a fixed random seed; run it again after a change of notation)."""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = ["othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese"]
OPTIONS = {"hare-hounds": [("HareStart", "5")], "fox-geese": [("Geese", "13"), ("Geese", "17")],
           "linja": [("LinjaOvershoot", "forbid"), ("LinjaFirst", "black")]}


class Engine:
    def __init__(self, exe, game):
        self.p = subprocess.Popen([exe, "--game", game, "--protocol", "ugi"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        while True:  # skips notes (`info string ...`) before the answer
            answer = self.p.stdout.readline().rstrip("\n")
            if answer.startswith("response"):
                return answer

    def position(self, moves):
        self.p.stdin.write("position startpos" + (" moves " + " ".join(moves) if moves else "") + "\n")

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.flush()
        self.p.wait()


def random_game(eng, rng, plies):
    moves, fens = [], []
    for _ in range(plies):
        eng.position(moves)
        fens.append(eng.ask("query fen").split(" ", 1)[1])
        legal = eng.ask("query moves").split(" ")[1:]
        if not legal or eng.ask("query gameover") == "response true":
            break
        moves.append(rng.choice(legal))
    return moves, fens


def write(target, name, text):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as f:
        f.write(text)


def write_dict(game, moves, fens):
    """dict/game-<game>.dict: the harness's commands, the FEN characters,
    some real move tokens and the game's options."""
    words = ["fen ", "start", "opt ", "new", "go", "list", " moves ", "\\x0a"]
    words += sorted({c for f in fens for c in f if c not in '"\\'})
    words += sorted(set(moves[:12]))
    for name, value in OPTIONS.get(game, []):
        words += [name, value]
    with open(os.path.join(HERE, "dict", "game-%s.dict" % game), "w") as f:
        for w in dict.fromkeys(words):
            f.write('"%s"\n' % w)


def main():
    exe = sys.argv[1]
    rng = random.Random(20240101)
    ugi_games = {}
    for game in GAMES:
        eng = Engine(exe, game)
        plies = 6 if game == "arimaa" else 40
        moves, fens = random_game(eng, rng, plies)
        eng.close()
        ugi_games[game] = (moves, fens)
        t = "game-" + game
        write(t, "start", "list\ngo\nstart moves " + " ".join(moves[:4]) + "\nlist\ngo\n")
        write(t, "moves", " ".join(moves) + "\ngo\n")
        for i in sorted({len(fens) // 3, 2 * len(fens) // 3, len(fens) - 1}):
            nxt = moves[i] if i < len(moves) else ""
            write(t, "fen-%d" % i, "fen %s\nlist\ngo\n%s\nfen %s moves %s\nnew\n" % (fens[i], nxt, fens[i], nxt))
        for k, (name, value) in enumerate(OPTIONS.get(game, [])):
            write(t, "option-%d" % k, "opt %s %s\nstart moves %s\ngo\nopt %s bogus\n" %
                  (name, value, " ".join(moves[:6]), name))
        write_dict(game, moves, fens)
        write(t, "bad", "fen %s\nfen \nxx %s\n" % (fens[-1][:-3], moves[0][::-1]))
    # UGI conversations, one per game.
    for game, (moves, fens) in ugi_games.items():
        text = ("ugi\nsetoption name Game value %s\nisready\nuginewgame\nposition startpos moves %s\n"
                "go depth 1\nquery fen\nquery moves\nquery gameover\nd\neval\nperft 1\n"
                "position fen %s\ngo movetime 10\ngo infinite\nstop\nposition startpos moves %s zz\nquit\n") % (
                    game, " ".join(moves[:8]), fens[-1], " ".join(moves[:3]))
        write("ugi", game, text)
    write("ugi", "options", "ugi\nsetoption name Hash value 2\nsetoption name Threads value 2\n"
          "setoption name Ponder value true\ngo ponder\nponderhit\nsetoption name Level value 3\n"
          "setoption name Search value plain\ngo depth 1\nsetoption name Nope value 1\nhelp\n")
    # AEI conversations.
    aei = subprocess.Popen([exe, "--game", "arimaa", "--protocol", "aei"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    aei.stdin.write("aei\nnewgame\ngo\n")
    aei.stdin.flush()
    setup = ""
    while not setup:
        line = aei.stdout.readline()
        if line.startswith("bestmove "):
            setup = line[9:].strip()
    aei.stdin.write("quit\n")
    aei.stdin.flush()
    aei.wait()
    board = "[rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
    # (The harness plays each bestmove itself, as the controller would.)
    write("aei", "game", "aei\nisready\nnewgame\ngo\ngo\ngo\nstop\nquit\n")
    write("aei", "makemove", "aei\nnewgame\nmakemove %s\nmakemove ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7 "
          "ha8 db8 cc8 md8 ee8 cf8 dg8 hh8\nmakemove Ee2n Ee3n Md2n Md3n\ngo\nquit\n" % setup)
    write("aei", "setposition", "aei\nsetposition g %s\ngo\nsetposition s %s\ngo ponder\nstop\n"
          "makemove Ee2n Ee3n\nquit\n" % (board, board))
    write("aei", "options", "aei\nsetoption name tcmove value 2\nsetoption name tcreserve value 60\n"
          "setoption name greserve value 30\nsetoption name sreserve value 30\nsetoption name tcturns value 40\n"
          "setoption name hash value 2\nsetoption name depth value 2\nnewgame\ngo\nsetoption name x value\n"
          "bogus\n")
    # NBoard conversations.
    moves, _ = ugi_games["othello"]
    ggf_moves = "".join("%s[%s]" % ("BW"[i % 2], "PA" if m == "pass" else m.upper()) for i, m in enumerate(moves[:10]))
    start = "-" * 27 + "O*" + "-" * 6 + "*O" + "-" * 27 + " *"
    write("nboard", "game", "nboard 2\nset depth 4\nset contempt 0\nset game (;GM[Othello]PC[NBoard]PB[a]PW[b]"
          "RE[?]TI[5:00]TY[8]BO[8 %s]%s;)\nping 1\ngo\nmove %s/1.0/2\nhint 3\nping 2\n" %
          (start, ggf_moves, moves[10].upper()))
    write("nboard", "analyze", "nboard 2\nset game (;GM[Othello]BO[8 %s]B[F5]W[F6/-0.5/2.25]B[E6];)\nanalyze\n"
          "learn\nD3\nping 7\nquit\n" % start)
    write("nboard", "bad", "nboard 2\nset game (;BO[8 ---- *];)\nmove Z9\nset depth 0\nset game garbage\nping\n")


if __name__ == "__main__":
    main()
