#!/usr/bin/env python3
"""Othello benchmarks.

  scripts/bench_othello.py [--ludus build/bench/ludus] [--only perft,ffo,nps,match]
                           [--ffo tests/data/othello/fforum-20-39.obf] [--ffo-select 1,3-5]
                           [--zebra ZEBRA_DIR] [--games 100] [--movetime 100]

perft   perft(10) and perft(11) from the start: time and leaves/s (target: perft(11) < 5 s)
ffo     exact solve of every FFO position of the file, one thread: value and best move
        checked against the file, time per position and in total (target: all exact, < 60 s);
        --ffo-select takes some lines of the file only (1-based: 1,3-5); with --zebra DIR
        (scripts/build_zebra.sh) Zebra's scrzebra solves each position too, side by side:
        one scrzebra process a position (`-b 0 -h 22 -line 1 -script`), wall and CPU time
        of that process, its start-up (reading coeffs2.bin) measured alone and reported
nps     nodes/s of fixed-depth midgame searches (`ludus bench`)
match   self-play Evaluator=ludus vs Evaluator=seed at equal movetime (target: >= 95%)
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, machine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))




def bench_perft(ludus):
    print("## perft from the start position (one thread)")
    for depth in (10, 11):
        out = subprocess.run([ludus, "perft", "--game", "othello", "--depth", str(depth)],
                             capture_output=True, text=True, check=True).stdout
        m = re.search(r"perft (\d+) nodes (\d+) time (\d+) ms leaves/s (\d+)", out)
        print(f"perft({depth}) = {m.group(2)}  time {int(m.group(3)) / 1000:.2f} s  "
              f"{int(m.group(4)) / 1e6:.1f} M leaves/s")


def read_ffo(path):
    problems = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            fen, _, rest = line.partition(";")
            scores = {}
            for item in rest.split(";"):
                item = item.strip()
                if item:
                    mv, sc = item.split(":")
                    scores[mv.strip().lower()] = int(sc)
            problems.append((fen.strip(), scores))
    return problems


def parse_select(text, count):
    """'1,3-5' -> [1, 3, 4, 5] (1-based line numbers); all lines when empty."""
    if not text:
        return list(range(1, count + 1))
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return [i for i in out if 1 <= i <= count]


class ScrZebra:
    """Zebra's endgame solver, one process a position, in a scratch directory
    (scrzebra reads coeffs2.bin from its working directory)."""

    def __init__(self, zebra_dir, hash_bits=22):
        self.exe = os.path.join(zebra_dir, "scrzebra")
        if not os.path.isfile(self.exe):
            raise SystemExit(f"{self.exe} not found (build it with scripts/build_zebra.sh)")
        self.hash_bits = hash_bits
        self.tmp = tempfile.mkdtemp(prefix="scrzebra_")
        os.symlink(os.path.join(zebra_dir, "coeffs2.bin"), os.path.join(self.tmp, "coeffs2.bin"))

    def run(self, script_lines):
        """(wall s, CPU s, output lines) of one scrzebra run over these script lines."""
        with open(os.path.join(self.tmp, "in.scr"), "w") as f:
            f.write("".join(line + "\n" for line in script_lines))
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        subprocess.run([self.exe, "-e", "0", "-h", str(self.hash_bits), "-b", "0", "-line", "1",
                        "-script", "in.scr", "out.txt"], cwd=self.tmp, capture_output=True, check=True)
        wall = time.monotonic() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        with open(os.path.join(self.tmp, "out.txt")) as f:
            return wall, cpu, [l for l in f.read().splitlines() if l.strip() and not l.startswith("%")]

    def startup(self):
        """Wall seconds of a run without positions: loading coefficients, tables."""
        return self.run(["% no position"])[0]

    def solve(self, fen):
        """(value for the side to move, best move, wall s, CPU s)."""
        board, side = fen.split()
        wall, cpu, lines = self.run([f"{board} {side}"])
        # Output: "<black discs> - <white discs>   <optimal line>" (`--` a pass).
        m = re.match(r"\s*(\d+)\s*-\s*(\d+)\s*(.*)", lines[0]) if lines else None
        if not m:
            return None, None, wall, cpu
        black, white = int(m.group(1)), int(m.group(2))
        value = black - white if side.upper() == "X" else white - black
        line = m.group(3).split()
        return value, (line[0].lower() if line else None), wall, cpu

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)


def bench_ffo(ludus, path, hash_mb, select="", zebra=None):
    print(f"## exact solve of {os.path.basename(path)} (one thread, Hash {hash_mb})")
    eng = UgiEngine([ludus])
    eng.handshake([("Hash", hash_mb)])
    total = 0.0
    all_ok = True
    nodes_total = 0
    problems = read_ffo(path)
    if zebra:
        print(f"zebra: {zebra.exe} -h {zebra.hash_bits}, start-up {zebra.startup():.2f} s "
              f"(included in its times); wall and CPU time of the scrzebra process")
        z_total = [0.0, 0.0]
        z_ok = True
    for i in parse_select(select, len(problems)):
        fen, scores = problems[i - 1]
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        empties = fen.count("-")
        best, took, infos = eng.go("depth 60", 3600)
        last = infos[-1] if infos else ""
        m = re.search(r"score cp (-?\d+)", last)
        n = re.search(r" nodes (\d+)", last)
        value = int(m.group(1)) // 100 if m else None
        nodes = int(n.group(1)) if n else 0
        nodes_total += nodes
        best_listed = max(scores.values())
        ok = value == best_listed and scores.get(best) == best_listed
        all_ok &= ok
        total += took
        print(f"#{i:2d} empties {empties:2d}  value {value:+3d} (file {best_listed:+3d})  "
              f"move {best} {'ok' if ok else 'WRONG'}  {took:7.2f} s  {nodes / max(took, 1e-9) / 1e6:5.1f} Mn/s")
        if zebra:
            zv, zm, zwall, zcpu = zebra.solve(fen)
            zok = zv == best_listed and scores.get(zm) == best_listed
            z_ok &= zok
            z_total[0] += zwall
            z_total[1] += zcpu
            print(f"    zebra     value {zv if zv is None else format(zv, '+3d')}  move {zm} "
                  f"{'ok' if zok else 'WRONG'}  {zwall:7.2f} s wall  {zcpu:7.2f} s cpu")
    eng.close()
    print(f"total {total:.1f} s, {nodes_total / max(total, 1e-9) / 1e6:.1f} M nodes/s, "
          f"{'all exact' if all_ok else 'SOME WRONG'}")
    if zebra:
        print(f"zebra total {z_total[0]:.1f} s wall, {z_total[1]:.1f} s cpu, "
              f"{'all exact' if z_ok else 'SOME WRONG'}")
        zebra.close()


def bench_nps(ludus):
    print("## fixed-depth midgame search (ludus bench, one thread)")
    out = subprocess.run([ludus, "bench", "--game", "othello"], capture_output=True, text=True, check=True).stdout
    print(out.strip())


def bench_match(ludus, games, movetime):
    print(f"## self-play: Evaluator=ludus vs Evaluator=seed, {games} games, movetime {movetime} ms")
    cmd = [sys.executable, os.path.join(REPO, "scripts", "match.py"), "--game", "othello",
           "--engine1", ludus, "--engine2", ludus, "--name1", "ludus", "--name2", "seed",
           "--option2", "Evaluator=seed", "--games", str(games), "--movetime", str(movetime),
           "--concurrency", "1", "--quiet"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    print(out.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "bench", "ludus"))
    ap.add_argument("--only", default="perft,ffo,nps,match")
    ap.add_argument("--ffo", default=os.path.join(REPO, "tests", "data", "othello", "fforum-20-39.obf"))
    ap.add_argument("--ffo-select", default="", help="lines of the --ffo file only, 1-based: 1,3-5")
    ap.add_argument("--zebra", default=None, help="directory of a Zebra build (scripts/build_zebra.sh): "
                    "scrzebra solves the same FFO positions, side by side")
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=100)
    args = ap.parse_args()
    print(f"machine: {machine()}")
    print(f"binary: {args.ludus}")
    only = set(args.only.split(","))
    if "perft" in only:
        bench_perft(args.ludus)
    if "ffo" in only:
        zebra = ScrZebra(os.path.abspath(os.path.expanduser(args.zebra))) if args.zebra else None
        bench_ffo(args.ludus, args.ffo, args.hash, args.ffo_select, zebra)
    if "nps" in only:
        bench_nps(args.ludus)
    if "match" in only:
        bench_match(args.ludus, args.games, args.movetime)


if __name__ == "__main__":
    main()
