#!/usr/bin/env python3
"""Zebra (Gunnar Andersson's Othello program) as a UGI engine for Othello.

  scripts/zebra_ugi.py ZEBRA_DIR [--level MID EXACT WLD] [--hash-bits 20]

ZEBRA_DIR holds `zebra` and `coeffs2.bin` (scripts/build_zebra.sh prints
it). The adapter reads UGI on stdin and answers like a UGI engine, playing
Zebra at a fixed level: MID plies of midgame search, exact solve at EXACT
empties, win/loss/draw solve at WLD empties (Zebra's `-l`), no book (`-b
0`), no randomness (`-r 0`). The arguments of `go` are ignored: Zebra's
strength is its level, so a match drives it with a fixed `go`, e.g.

  scripts/match.py --engine1 build/release/ludus --option1 OwnBook=false \\
      --engine2 "python3 scripts/zebra_ugi.py ~/.cache/ludus/zebra --level 18 22 24" \\
      --go2 "depth 18" --movetime 100 --equal-time

How Zebra is driven: one Zebra process per game, playing the side to move
at the first `go` against a "human" at its console prompt. It starts with
the game so far (`-seq f5d6...` from the start position, or a board file
`-g` for `position fen`) and is fed the opponent's moves at its prompt
(`Black move: `), so its hash table lives through the game. Zebra's move is
read from `current.mov`, the score sheet Zebra rewrites before each prompt
(in a private working directory, so several adapters can run at once):
that file holds every move, whatever Zebra prints. A position that does not
continue the running game (another game, a take-back, the other colour)
starts a new Zebra process from that position.

Passes: a pass by Zebra needs no prompt (Zebra skips it itself) and is
answered `bestmove pass` here. When the opponent has no move, Zebra says
"You must pass - please press Enter" and reads one character, then moves
again; spare newlines after every fed move keep that from blocking, and the
second move waits in a queue for the `go` after the opponent's `pass`.

Time: before each `bestmove` an `info string zebra ...` line gives the
move's wall time (from handing Zebra the position to its prompt), the CPU
time of the Zebra process (user + system, from /proc) and the search time
Zebra prints itself; the first move of a process includes its start-up
(about 0.1 s: reading coeffs2.bin) and a move answered from the queue took
no time. At `uginewgame` and `quit` a per-game total goes to stderr.
`stop` is accepted but a Zebra search runs to its end (the adapter answers
`go` synchronously).
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

# --------------------------------------------------------------- rules --
# A small Othello move generator: the adapter must know who is to move, when
# a side has to pass and which moves are legal, without asking Zebra.

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def sq_name(i):
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


def sq_index(token):
    if len(token) != 2 or token[0] not in "abcdefgh" or token[1] not in "12345678":
        return None
    return (int(token[1]) - 1) * 8 + "abcdefgh".index(token[0])


def flips(board, i, me):
    """The squares a disc of `me` on square i turns over."""
    if board[i] != "-":
        return []
    opp = "O" if me == "X" else "X"
    r0, c0 = divmod(i, 8)
    out = []
    for dr, dc in DIRS:
        r, c, line = r0 + dr, c0 + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == opp:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == me:
            out += line
    return out


def legal(board, me):
    return [i for i in range(64) if flips(board, i, me)]


class Position:
    """Board as 64 chars a1..h8 (`X` black = p1, `O` white, `-`), side to move."""

    def __init__(self, board, side):
        self.board, self.side = list(board), side

    @staticmethod
    def start():
        b = ["-"] * 64
        b[sq_index("d4")] = b[sq_index("e5")] = "O"
        b[sq_index("e4")] = b[sq_index("d5")] = "X"
        return Position(b, "X")

    @staticmethod
    def from_fen(text):
        s = "".join(text.split())
        if len(s) != 65:
            raise ValueError(f"FEN needs 64 cells and the side to move: '{text}'")
        cells = {"X": "X", "x": "X", "*": "X", "O": "O", "o": "O", "0": "O", "-": "-", ".": "-"}
        if any(ch not in cells for ch in s[:64]) or s[64] not in "XxOo*0":
            raise ValueError(f"bad character in FEN '{text}'")
        return Position([cells[ch] for ch in s[:64]], cells[s[64]])

    def copy(self):
        return Position(self.board, self.side)

    def other(self):
        return "O" if self.side == "X" else "X"

    def moves(self):
        return legal(self.board, self.side)

    def game_over(self):
        return not self.moves() and not legal(self.board, self.other())

    def play(self, token):
        """Plays a move token (`pass` only when forced); ValueError if illegal."""
        token = token.lower()
        if token == "pass":
            if self.moves() or self.game_over():
                raise ValueError("pass is legal only when no move is")
        else:
            i = sq_index(token)
            f = flips(self.board, i, self.side) if i is not None else []
            if not f:
                raise ValueError(f"illegal move '{token}'")
            for j in f + [i]:
                self.board[j] = self.side
        self.side = self.other()

    def zebra_file(self):
        """Zebra's board file (`-g`): 64 cells, then `Black` or `White` to move."""
        return "".join(self.board) + "\n" + ("Black" if self.side == "X" else "White") + " to move\n"


# --------------------------------------------------------------- zebra --

PROMPT = re.compile(r"(Black|White) move: $")


def cpu_seconds(pid):
    """User + system CPU seconds of a live process (/proc), None if unknown."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


class ZebraProcess:
    """One Zebra game: Zebra plays `colour`, a "human" at its prompt the other."""

    def __init__(self, zebra_dir, workdir, level, hash_bits, colour, base_np, seq=None, board_file=None):
        self.workdir, self.colour = workdir, colour
        self.base_np = list(base_np)  # moves before Zebra's own record (a `-g` start)
        # How many of the game's moves were given to Zebra (its start and the
        # moves fed at its prompt); the moves after them are Zebra's choices.
        self.given = len(base_np) + len(seq or [])
        mine = [str(v) for v in level]
        levels = mine + ["0"] if colour == "X" else ["0"] + mine
        # -quiet first: Zebra checks argv[1] for it before parsing to skip its banner.
        argv = [os.path.join(zebra_dir, "zebra"), "-quiet", "-b", "0", "-r", "0", "-h", str(hash_bits),
                "-l", *levels]
        if seq:
            argv += ["-seq", "".join(seq)]
        if board_file:
            argv += ["-g", board_file]
        # stdbuf -o0: Zebra's prompt has no newline, and on a pipe stdio would
        # hold it back; unbuffered, each printf reaches us at once.
        for name in ("current.mov", "current.gam"):
            try:
                os.remove(os.path.join(workdir, name))
            except FileNotFoundError:
                pass
        self.proc = subprocess.Popen(["stdbuf", "-o0", *argv], cwd=workdir, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lock = threading.Condition()
        self.out = ""
        self.eof = False
        threading.Thread(target=self._read, daemon=True).start()
        # Spare newlines: the start sequence may hold passes of the "human"
        # side, each of which Zebra confirms by reading one character.
        self._write("\n" * 64)

    def _read(self):
        fd = self.proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 4096)
            with self.lock:
                if not chunk:
                    self.eof = True
                    self.lock.notify_all()
                    return
                self.out += chunk.decode("latin-1")
                self.lock.notify_all()

    def _write(self, text):
        try:
            self.proc.stdin.write(text.encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def wait(self, timeout=None):
        """Waits for Zebra's prompt or its exit (game over); returns and clears the output."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.lock:
            while not self.eof and not PROMPT.search(self.out):
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError("Zebra did not answer")
                self.lock.wait(left)
            text, self.out = self.out, ""
        if self.eof:
            self.proc.wait()
        return text

    def feed(self, move):
        with self.lock:
            self.out = ""
        # Spare newlines after the move: each opponent pass that follows is
        # confirmed by one character (see the module docstring).
        self._write(move + "\n" + "\n" * 60)

    def moves(self):
        """The non-pass moves of the game so far, from Zebra's score sheet."""
        try:
            with open(os.path.join(self.workdir, "current.mov")) as f:
                text = f.read()
        except OSError:
            return None
        return self.base_np + re.findall(r"\b([a-h][1-8])\b", text)

    def alive(self):
        return self.proc.poll() is None

    def cpu(self):
        return cpu_seconds(self.proc.pid)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


# ------------------------------------------------------------- adapter --

class Adapter:
    def __init__(self, zebra_dir, level, hash_bits, out=sys.stdout):
        self.zebra_dir, self.level, self.hash_bits, self.out = zebra_dir, level, hash_bits, out
        self.workdir = tempfile.mkdtemp(prefix="zebra_ugi_")
        os.symlink(os.path.join(zebra_dir, "coeffs2.bin"), os.path.join(self.workdir, "coeffs2.bin"))
        self.start_fen = None  # None: startpos
        self.moves = []
        self.zebra = None
        self.game_time = [0, 0.0, 0.0]  # Zebra moves, wall and CPU seconds this game

    def send(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    def error(self, what):
        self.send(f"info string error: {what}")

    def position_of(self, start_fen, moves):
        pos = Position.start() if start_fen is None else Position.from_fen(start_fen)
        for m in moves:
            pos.play(m)
        return pos

    # -- commands --

    def cmd_position(self, words):
        if len(words) < 2:
            return self.error("position needs startpos or fen")
        if "moves" in words:
            k = words.index("moves")
            head, moves = words[1:k], [m.lower() for m in words[k + 1:]]
        else:
            head, moves = words[1:], []
        if head == ["startpos"]:
            start = None
        elif head and head[0] == "fen":
            start = " ".join(head[1:])
        else:
            return self.error(f"cannot read position '{' '.join(words)}'")
        try:
            pos = self.position_of(start, moves)
        except ValueError as e:
            return self.error(str(e))
        if start is not None and sum(c != "-" for c in pos.board) < 4:
            # Zebra counts moves as discs - 4; fewer discs break its tables.
            return self.error("Zebra needs at least 4 discs on the board")
        self.start_fen, self.moves = start, moves

    def new_game(self):
        if self.zebra:
            self.zebra.close()
            self.zebra = None
        n, wall, cpu = self.game_time
        if n:
            print(f"zebra_ugi: game: {n} Zebra moves, wall {wall:.2f} s, cpu {cpu:.2f} s, "
                  f"{1000 * wall / n:.0f} ms wall per move", file=sys.stderr, flush=True)
        self.game_time = [0, 0.0, 0.0]
        self.start_fen, self.moves = None, []

    def restart(self, pos, np):
        """A new Zebra process for this position, Zebra to move."""
        if self.zebra:
            self.zebra.close()
        if self.start_fen is None:
            self.zebra = ZebraProcess(self.zebra_dir, self.workdir, self.level, self.hash_bits, pos.side,
                                      [], seq=np)
        else:
            path = os.path.join(self.workdir, "start.gam")
            with open(path, "w") as f:
                f.write(pos.zebra_file())
            self.zebra = ZebraProcess(self.zebra_dir, self.workdir, self.level, self.hash_bits, pos.side,
                                      np, board_file="start.gam")

    def zebra_move(self, pos, np):
        """(move, wall s, cpu s, Zebra's output, how) for the position; Zebra is to move."""
        z = self.zebra
        known = z.moves() if z else None
        if z and known is not None and z.colour == pos.side and known[:len(np)] == np[:len(known)] \
                and len(np) >= z.given:
            if len(known) > len(np):
                return known[len(np)], 0.0, 0.0, "", "queued: played with Zebra's previous move"
            # Feed the opponent's moves at Zebra's prompt, one at a time: a
            # move of the "human" side may be followed by Zebra's reply (when
            # the client played on without asking Zebra); a reply that leaves
            # the client's game ends this and a fresh process takes over.
            t0, c0 = time.monotonic(), z.cpu()
            text = ""
            while len(known) < len(np) and known == np[:len(known)] and z.alive():
                m = np[len(known)]
                z.feed(m)
                z.given = len(known) + 1
                text += z.wait()
                now = z.moves()
                if now is None or now[:len(known) + 1] != known + [m]:
                    break
                known = now
            if known[:len(np)] == np and len(known) > len(np):
                c1 = z.cpu()
                cpu = (c1 - c0) if c0 is not None and c1 is not None else float("nan")
                return known[len(np)], time.monotonic() - t0, cpu, text, "fed at the prompt"
        # Not a continuation of the running game: a fresh Zebra from here.
        t0 = time.monotonic()
        self.restart(pos, np)
        z = self.zebra
        c0 = z.cpu() or 0.0
        text = z.wait()
        c1 = z.cpu()
        known = z.moves()
        if known is None or known[:len(np)] != np or len(known) <= len(np):
            raise RuntimeError(f"Zebra gave no move; its output: {text.strip()[-300:]!r}")
        cpu = c1 - c0 if c1 is not None else float("nan")
        return known[len(np)], time.monotonic() - t0, cpu, text, "new process (start-up included)"

    def cmd_go(self):
        try:
            pos = self.position_of(self.start_fen, self.moves)
        except ValueError as e:
            return self.error(str(e))
        if pos.game_over():
            self.send("info string error: no legal move: the game is over")
            return self.send("bestmove none")
        if not pos.moves():
            return self.send("bestmove pass")
        np = [m for m in self.moves if m != "pass"]
        try:
            move, wall, cpu, text, how = self.zebra_move(pos, np)
        except (RuntimeError, OSError, TimeoutError) as e:
            self.error(str(e))
            if self.zebra:
                self.zebra.close()
                self.zebra = None
            return self.send("bestmove none")
        if sq_index(move) not in pos.moves():
            self.error(f"Zebra's move {move} is not legal here")
            return self.send("bestmove none")
        status = [l.strip() for l in text.splitlines() if l.strip().startswith("-->")]
        search = re.search(r"(\d+\.\d+) s\b", status[-1]) if status else None
        if status:
            self.send(f"info string zebra: {status[-1]}")
        self.send(f"info string zebra time {move}: wall {1000 * wall:.0f} ms, cpu {1000 * cpu:.0f} ms, "
                  f"search {search.group(1) + ' s' if search else 'n/a'} (Zebra's clock); {how}")
        self.game_time[0] += 1
        self.game_time[1] += wall
        self.game_time[2] += cpu if cpu == cpu else 0.0
        self.send(f"bestmove {move}")

    def run(self, stream=sys.stdin):
        for raw in stream:
            words = raw.split()
            if not words:
                continue
            cmd = words[0]
            if cmd == "ugi":
                self.send("id name Zebra (lk16/zebra) level {} {} {} via zebra_ugi.py".format(*self.level))
                self.send("id author Gunnar Andersson (Zebra); the Ludus developers (adapter)")
                self.send("option name Game type combo default othello var othello")
                self.send("ugiok")
            elif cmd == "isready":
                self.send("readyok")
            elif cmd == "setoption":
                text = " ".join(words[1:])
                m = re.match(r"name\s+(.*?)(?:\s+value\s+(.*))?$", text, re.I)
                if not m:
                    self.error(f"cannot read 'setoption {text}'")
                elif m.group(1).lower() == "game":
                    if (m.group(2) or "").lower() != "othello":
                        self.error("Zebra plays othello only")
                else:
                    self.error(f"unknown option '{m.group(1)}' (Zebra's level is set by --level)")
            elif cmd in ("uginewgame", "newgame"):
                if cmd == "newgame" and len(words) > 1 and words[1].lower() != "othello":
                    self.error("Zebra plays othello only")
                else:
                    self.new_game()
            elif cmd == "position":
                self.cmd_position(words)
            elif cmd == "go":
                self.cmd_go()
            elif cmd in ("stop", "ponderhit"):
                pass
            elif cmd == "quit":
                break
            else:
                self.error(f"unknown command '{cmd}'")
        self.close()

    def close(self):
        self.new_game()
        shutil.rmtree(self.workdir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("zebra_dir", help="directory with zebra and coeffs2.bin (scripts/build_zebra.sh)")
    ap.add_argument("--level", type=int, nargs=3, default=[18, 22, 24], metavar=("MID", "EXACT", "WLD"),
                    help="midgame depth, exact-solve empties, WLD-solve empties (default 18 22 24)")
    ap.add_argument("--hash-bits", type=int, default=20, help="Zebra's hash table: 2^N entries (default 20)")
    args = ap.parse_args()
    zdir = os.path.abspath(os.path.expanduser(args.zebra_dir))
    for f in ("zebra", "coeffs2.bin"):
        if not os.path.isfile(os.path.join(zdir, f)):
            sys.exit(f"zebra_ugi.py: {zdir}/{f} not found (build it with scripts/build_zebra.sh)")
    if not shutil.which("stdbuf"):
        sys.exit("zebra_ugi.py: stdbuf (GNU coreutils) not found")
    if args.level[0] < 1:
        sys.exit("zebra_ugi.py: the midgame depth must be at least 1 (0 means a human to Zebra)")
    adapter = Adapter(zdir, args.level, args.hash_bits)
    # A terminating signal still removes Zebra's process and the work directory.
    signal.signal(signal.SIGTERM, lambda *_: (adapter.close(), sys.exit(0)))
    try:
        adapter.run()
    except KeyboardInterrupt:
        adapter.close()


if __name__ == "__main__":
    main()
