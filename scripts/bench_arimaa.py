#!/usr/bin/env python3
"""Arimaa benchmarks.

  scripts/bench_arimaa.py speed  [--binary B] [--seconds 15] [--threads 1] [--cpu]
      depth reached (in steps) and steps/s on 12 midgame positions: `go
      infinite`, `stop` after --seconds, the last completed iteration counts;
      with --cpu the engine gets --seconds of CPU time (read from /proc)
      instead of wall time, for a machine shared with other jobs
  scripts/bench_arimaa.py nodes  [--binary B] [--depth 8] [--positions 6] [--suite F...]
      `go depth N` on the first midgame positions: nodes (the same for
      binaries that search the same tree), wall time and the engine's CPU
      time, to compare the speed of two builds on a loaded machine; with
      --suite FILE... the positions of these files instead (one a line: a
      FEN, optionally followed by `|` and other fields, which are ignored),
      for example positions from lost games, full of goal threats
  scripts/bench_arimaa.py random [--binary B] [--games 100] [--tc 0.5s/3s/100/6s/100t]
      `ludus` against the random AEI engine (scripts/aei_random.py)
  scripts/bench_arimaa.py seed   [--binary B] [--games 100] [--tc 0.5s/3s/100/6s/80t] [--concurrency 1]
      `ludus` against `ludus` with Evaluator=seed

Matches run through scripts/aei_match.py (AEI, a UGI referee, records with
--records). Python standard library only.
"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Midgame positions (turns 14-17) from self-play games of ludus against the
# seed evaluator, both sides with pieces on every wing.
MIDGAME = [
    "2dr1c2/2c2drr/rr1h2rr/5h1R/1RH1ReH1/1r1EM2R/1C2D3/R1DR1C1R g 14",
    "1r3r2/rhr1rc2/RMcm2d1/RdH2h2/ReE2H1r/3R3r/2D2DRR/2C1RC1R s 15",
    "2d2d2/1rcrrcr1/1h2h2r/r4E1r/r7/RH1eM1HR/RRCDDCRR/R7 g 16",
    "5d2/1r1d1c2/rcmEh2r/R1r4r/R1M2erR/R2CH1HR/2DRRCDR/8 s 17",
    "r1d2d2/1rc2crr/rh1rr1hr/R1e4R/R1E2M1R/3DH1C1/1RC1RDR1/8 s 15",
    "r1r2r2/r1d2crr/1r2d2r/1cm1Eh1R/1Re2M2/1CH1RDH1/2D2CRR/3R4 g 16",
    "2drrd2/rrc2crr/rh1mE2r/2e4R/1R5R/R1DRR1H1/R4DC1/2C5 g 14",
    "rrr2r2/2c1dcrr/rh1dm1hr/4RE1R/3RHM1R/RD1Re1D1/1RC2C2/5R2 s 15",
    "2c2c2/rrde1d2/rhHEr1rr/R1m4r/RD2rH1R/RRCMD1hR/5CR1/8 s 17",
    "2r2r2/2cddcr1/rrhem2r/r6r/RR1R1E2/1HDMC1HR/1R2RD1R/7R g 14",
    "rrr2rrr/1hcdce2/r1mE2hr/3Rd2R/R6R/RHCDRDM1/1R3CR1/8 s 15",
    "1crrrmc1/her1dr1h/2r3r1/4R2d/1H6/2C1R3/1DRR1RCR/R1EMR1DH g 7",
]


def read_suite(path):
    """The FENs of a positions file: the first `|`-separated field of each
    non-empty line."""
    with open(path, encoding="utf-8") as f:
        return [line.split("|")[0].strip() for line in f if line.strip()]


def cpu_seconds(pid):
    """User plus system CPU time of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def speed(args):
    eng = UgiEngine([args.binary], name="ludus")
    eng.handshake([("Game", "arimaa"), ("Hash", args.hash), ("Threads", args.threads)])
    rows = []
    for fen in MIDGAME:
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        cpu0 = cpu_seconds(eng.proc.pid) if args.cpu else 0.0
        eng.send("go infinite")
        if args.cpu:
            while cpu_seconds(eng.proc.pid) - cpu0 < args.seconds:
                time.sleep(0.02)
        else:
            time.sleep(args.seconds)
        eng.send("stop")
        _, _, seen = eng.wait_for(lambda l: l.startswith("bestmove"), 30)
        infos = [l.split() for l in seen if l.startswith("info depth")]
        last = infos[-1] if infos else []
        get = lambda key: int(last[last.index(key) + 1]) if key in last else 0
        rows.append((fen, get("depth"), get("nodes"), get("time"), seen[-1].split()[1]))
        print(f"depth {get('depth'):2d}  nodes {get('nodes'):>10}  steps/s {get('nps'):>8}  {fen}", flush=True)
    eng.close()
    depths = [r[1] for r in rows]
    nodes = sum(r[2] for r in rows)
    ms = sum(r[3] for r in rows)
    print(f"\naverage depth {sum(depths) / len(depths):.2f} steps (min {min(depths)}, max {max(depths)}), "
          f"{nodes * 1000 // max(ms, 1)} steps/s (wall clock) over the completed iterations, "
          f"{args.seconds} s {'of CPU time' if args.cpu else 'wall clock'} per position")
    return 0


def nodes(args):
    eng = UgiEngine([args.binary], name="ludus")
    eng.handshake([("Game", "arimaa"), ("Hash", 64), ("Threads", 1)])
    total_nodes = total_ms = 0
    cpu0 = cpu_seconds(eng.proc.pid)
    fens = MIDGAME[:args.positions]
    if args.suite:
        fens = [fen for path in args.suite for fen in read_suite(path)]
    for fen in fens:
        eng.send("uginewgame")
        eng.send(f"position fen {fen}")
        eng.sync()
        eng.send(f"go depth {args.depth}")
        _, line, seen = eng.wait_for(lambda l: l.startswith("bestmove"), 600)
        last = [l.split() for l in seen if l.startswith("info depth")][-1]
        get = lambda key: int(last[last.index(key) + 1])
        total_nodes += get("nodes")
        total_ms += get("time")
        print(f"nodes {get('nodes'):>10}  time {get('time'):>6} ms  {line}  {fen}", flush=True)
    cpu = cpu_seconds(eng.proc.pid) - cpu0
    eng.close()
    print(f"\ntotal nodes {total_nodes}, wall {total_ms} ms, engine CPU {cpu:.2f} s, "
          f"{int(total_nodes / max(cpu, 1e-3))} steps per CPU second")
    return 0


def match(args, opponent):
    script = os.path.join(REPO, "scripts", "aei_match.py")
    cmd = [sys.executable, script, "--engine1", f"{args.binary} --protocol aei", "--name1", "ludus",
           "--referee", args.binary, "--games", str(args.games), "--tc", args.tc]
    if opponent == "random":
        cmd += ["--engine2", f"{sys.executable} {os.path.join(REPO, 'scripts', 'aei_random.py')} --ludus {args.binary}",
                "--name2", "random"]
    else:
        cmd += ["--engine2", f"{args.binary} --protocol aei", "--option2", "Evaluator=seed", "--name2", "seed"]
    if args.records:
        cmd += ["--records", args.records]
    if args.concurrency > 1:
        cmd += ["--concurrency", str(args.concurrency)]
    return subprocess.call(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("what", choices=["speed", "nodes", "random", "seed"])
    ap.add_argument("--binary", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--suite", nargs="+", default=None,
                    help="nodes: the positions of these files (a FEN a line) instead of the midgame ones")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--cpu", action="store_true", help="--seconds of engine CPU time, not wall time")
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once (random, seed)")
    ap.add_argument("--tc", default=None)
    ap.add_argument("--records", default=None)
    args = ap.parse_args()
    if args.what == "speed":
        return speed(args)
    if args.what == "nodes":
        return nodes(args)
    if args.tc is None:
        args.tc = "0.5s/3s/100/6s/100t" if args.what == "random" else "0.5s/3s/100/6s/80t"
    return match(args, args.what)


if __name__ == "__main__":
    sys.exit(main())
