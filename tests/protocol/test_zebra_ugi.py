"""scripts/zebra_ugi.py against a stand-in for Zebra (no Zebra needed).

The stand-in imitates Zebra's console as zebra.c has it: the options the
adapter passes (`-l` with a 0 for the human side, `-seq`, `-g` board file),
the `Black move: ` / `White move: ` prompt without a newline read with
scanf("%s") (an illegal move prompts again), "You must pass - please press
Enter" read with one getc, no prompt when the computer passes, current.mov
(the score sheet) rewritten before every turn, and an exit when the game is
over. It plays a greedy move (fewest replies for the opponent), which often
leaves the opponent without a move, so the adapter's pass handling is used.
The moves are checked by the ludus referee through scripts/match.py, and by
the test's own replay.
Run: python3 tests/protocol/test_zebra_ugi.py <path-to-ludus>
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(REPO, "scripts")
ADAPTER = os.path.join(SCRIPTS, "zebra_ugi.py")
sys.path.insert(0, SCRIPTS)
from ugi_engine import UgiEngine  # noqa: E402
from zebra_ugi import Position, sq_index, sq_name  # noqa: E402

FAKE_ZEBRA = r'''#!PYTHON
import os, sys
sys.path.insert(0, SCRIPTS)
from zebra_ugi import Position, sq_index, sq_name, legal

args = sys.argv[1:]
human = {"X": False, "O": False}
seq, board_file, k = "", None, 0
while k < len(args):
    a = args[k]
    if a == "-l":
        for side in ("X", "O"):
            k += 1
            if args[k] == "0":
                human[side] = True
            else:
                k += 2
    elif a == "-seq":
        k += 1
        seq = args[k]
    elif a == "-g":
        k += 1
        board_file = args[k]
    elif a in ("-b", "-r", "-h"):
        k += 1
    k += 1
if board_file:
    with open(board_file) as f:
        cells, side = f.readline().strip(), f.readline()
    pos = Position(cells, "X" if side.startswith("B") else "O")
else:
    pos = Position.start()
provided = [seq[i:i + 2] for i in range(0, len(seq), 2)]
played = []

def getc():
    b = os.read(0, 1)
    return b.decode() if b else ""

def scan_word():
    ch = getc()
    while ch and ch.isspace():
        ch = getc()
    word = ""
    while ch and not ch.isspace():
        word += ch
        ch = getc()
    return word

def out(text):
    sys.stdout.write(text)
    sys.stdout.flush()

while not pos.game_over():
    moves = pos.moves()
    if moves:
        with open("current.mov", "w") as f:
            f.write("".join(f"   {i // 2 + 1:2d}.    {m}\n" for i, m in enumerate(played)))
        if provided:
            m = provided.pop(0)
        elif human[pos.side]:
            while True:
                out(("Black" if pos.side == "X" else "White") + " move: ")
                m = scan_word()
                if not m:
                    sys.exit(1)
                if sq_index(m) in moves:
                    break
        else:
            def replies(i):
                p = pos.copy(); p.play(sq_name(i)); return len(p.moves())
            m = sq_name(min(moves, key=lambda i: (replies(i), i)))
            out(f"-->   1  +0.00             1  {m}     0.0 s  1 nps\nPV: {m}\n\n")
        pos.play(m)
        played.append(m)
    else:
        if human[pos.side]:
            out("You must pass - please press Enter\n")
            if getc() == " ":
                sys.exit(1)
        pos.play("pass")
with open("current.mov", "w") as f:
    f.write("".join(f"   {i // 2 + 1:2d}.    {m}\n" for i, m in enumerate(played)))
out("\nBlack: %d   White: %d\n" % (pos.board.count("X"), pos.board.count("O")))
'''


def fake_zebra_dir(tmp):
    d = os.path.join(tmp, "zebra")
    os.makedirs(d)
    path = os.path.join(d, "zebra")
    with open(path, "w") as f:
        f.write(FAKE_ZEBRA.replace("#!PYTHON", "#!" + sys.executable).replace("SCRIPTS", repr(SCRIPTS)))
    os.chmod(path, 0o755)
    open(os.path.join(d, "coeffs2.bin"), "w").close()
    return d


def adapter(zdir):
    eng = UgiEngine([sys.executable, ADAPTER, zdir, "--level", "1", "1", "1"])
    eng.handshake([("Game", "othello")])
    return eng


def go_at(eng, start, moves):
    eng.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
    best, _, infos = eng.go("depth 1", 20)
    how = [l for l in infos if l.startswith("info string zebra time")]
    return best, how[-1] if how else ""


def test_games_against_random_moves(path):
    # The adapter's Zebra against random moves: every answer legal, Zebra's
    # passes answered, moves queued while the opponent passes, one process a game.
    with tempfile.TemporaryDirectory() as tmp:
        eng = adapter(fake_zebra_dir(tmp))
        rng = random.Random(5)
        kinds = {"new process": 0, "fed at the prompt": 0, "queued": 0, "pass": 0}
        try:
            for g in range(6):
                eng.send("uginewgame")
                pos, moves, zebra_side = Position.start(), [], "XO"[g % 2]
                while not pos.game_over():
                    if pos.side == zebra_side:
                        best, how = go_at(eng, "startpos", moves)
                        for k in kinds:
                            kinds[k] += k in how
                        kinds["pass"] += best == "pass"
                        try:
                            pos.play(best)
                        except ValueError:
                            require(False, f"game {g}: illegal answer {best} after {' '.join(moves)}")
                    else:
                        legal = pos.moves()
                        best = sq_name(rng.choice(legal)) if legal else "pass"
                        pos.play(best)
                    moves.append(best)
        finally:
            eng.close()
        require(kinds["new process"] == 6, f"one Zebra process a game: {kinds}")
        require(kinds["fed at the prompt"] > 100, f"moves fed at the prompt: {kinds}")
        require(kinds["queued"] > 0, f"a move queued while the opponent passes: {kinds}")


def test_takeback_fen_and_errors(path):
    with tempfile.TemporaryDirectory() as tmp:
        eng = adapter(fake_zebra_dir(tmp))
        try:
            best, how = go_at(eng, "startpos", ["f5"])
            require("new process" in how and sq_index(best) is not None, f"first move: {best} ({how})")
            pos = Position.start()
            pos.play("f5")
            pos.play(best)
            reply = sq_name(pos.moves()[0])
            _, how = go_at(eng, "startpos", ["f5", best, reply])
            require("fed at the prompt" in how, f"the opponent's move is fed: {how}")
            # A take-back to the first position: the same answer, a new process.
            again, how = go_at(eng, "startpos", ["f5"])
            require(again == best and "new process" in how, f"take-back: {again} ({how})")
            # FFO #1 from its FEN: Zebra starts from a board file.
            fen = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
            best, how = go_at(eng, f"fen {fen}", [])
            require(sq_index(best) in Position.from_fen(fen).moves() and "new process" in how,
                    f"fen start: {best} ({how})")
            # Errors change nothing.
            for bad in ("position startpos moves f5 zz", "position fen XX",
                        "position fen " + "-" * 61 + "XXX O", "setoption name Hash value 16"):
                eng.send(bad)
                lines = eng.sync()
                require(any(l.startswith("info string error: ") for l in lines), f"'{bad}' refused: {lines}")
            # A finished game: bestmove none.
            eng.send("position fen " + "X" * 64 + " O")
            require(eng.go("", 10)[0] == "none", "bestmove none when the game is over")
        finally:
            eng.close()


def test_match_with_the_referee(path):
    path = os.path.abspath(path)
    # match.py with the adapter as engine 2: the ludus referee checks every
    # move; the records carry the final position and the time per move.
    with tempfile.TemporaryDirectory() as tmp:
        zdir = fake_zebra_dir(tmp)
        records = os.path.join(tmp, "games.jsonl")
        cmd = [sys.executable, os.path.join(SCRIPTS, "match.py"), "--quiet", "--game", "othello",
               "--engine1", path, "--option1", "OwnBook=false", "--name1", "ludus", "--name2", "fake",
               "--engine2", f"{sys.executable} {ADAPTER} {zdir} --level 1 1 1", "--go1", "depth 2",
               "--go2", "depth 1", "--games", "2", "--records", records]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        out = proc.stdout + proc.stderr
        require(proc.returncode == 0, f"exit code {proc.returncode}", out)
        with open(records) as f:
            games = [json.loads(l) for l in f if l.strip()]
        require(len(games) == 2 and all(g["reason"] == "game over" for g in games), "two games played out", out)
        require(re.search(r"^ludus disc margin: mean [+-]\d+\.\d over 2 games", out, re.M), "disc margins", out)
        require(re.search(r"^time per move: ludus \d+ ms \(as p1 \d+ ms, as p2 \d+ ms\), fake \d+ ms", out, re.M),
                "time per move from the records", out)


if __name__ == "__main__":
    run_tests(globals())
