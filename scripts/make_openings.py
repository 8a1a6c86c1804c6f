#!/usr/bin/env python3
"""Makes a self-play openings file for any game: distinct, balanced
positions a few turns deep, written as `moves m1 m2 ...` lines (the format
scripts/match.py reads).

  scripts/make_openings.py --game othello --plies 6 --count 240 --depth 16 --margin 100 \\
      --seed 20261203 --option OwnBook=false --out candidates.txt
      (book/openings/othello.txt keeps the 60 of these that Zebra also scores
      closest to level: its header and docs/games/othello.md say how)
  scripts/make_openings.py --game linja --plies 2 --count 60 --depth 12 --margin 60 \\
      --all --verify-depth 18 --option OwnBook=false --out book/openings/linja.txt

Method: random walks of `--plies` turns from the start position (every
legal turn equally likely, a fixed seed), kept when the resulting position
is new (by FEN), not finished, and a `go depth <depth>` search scores it
within +-margin (side to move's view) — so neither side starts from a lost
position. With --any-score (solved games such as mouse-cats and hare-hounds, where
every position is a proven win) the score filter is off. Games whose first
turns are a setup (Arimaa) walk through the setup candidates `query moves`
lists (the engine's sound setups). Uses a `ludus` process in UGI mode;
nothing game-specific here.

With --all, every line of --plies turns is played instead of random walks
(for games with few moves a turn, such as Linja: 43 x 43 lines for two
turns). The first line reaching a position (in the order `query moves`
lists the turns) stands for it; the --count positions scored closest to 0
are written, in the order of their lines, so the file depends on nothing
but the engine. A deterministic engine from a single start would repeat
its games: these are the distinct starts a match needs. --verify-depth D
then re-scores the 3 x --count most balanced at depth D and keeps the
--count most balanced by that score (a shallow score can hide a lost
position, as in Linja's tempo battles).
"""

import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, last_score  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def score_line(eng, line, depth, fresh=True):
    """(kind, value) of a `go depth <depth>` search after `line`, with a fresh
    hash unless `fresh` is false; None when the engine reports no score."""
    if fresh:
        eng.send("uginewgame")
    eng.send("position startpos" + (" moves " + " ".join(line) if line else ""))
    _, _, infos = eng.go(f"depth {depth}", 600)
    return last_score(infos)


def set_line(eng, line):
    eng.send("position startpos" + (" moves " + " ".join(line) if line else ""))
    errors = [l for l in eng.sync() if l.startswith("info string error")]
    if errors:
        raise SystemExit(f"engine rejected {line}: {errors[0]}")


def kept(score, args):
    return score is not None and (args.any_score or (score[0] == "cp" and abs(score[1]) <= args.margin))


def random_walks(eng, args):
    """[(line, score)] of up to --count random walks (see the module doc)."""
    rng = random.Random(args.seed)
    seen = set()
    found = []
    tries = 0
    while len(found) < args.count and tries < args.count * 50:
        tries += 1
        line = []
        eng.send("position startpos")
        ok = True
        for _ in range(args.plies):
            moves = eng.query("moves").split()
            if not moves:
                ok = False
                break
            choice = rng.choice(moves)
            if args.reject and re.search(args.reject, choice):
                ok = False
                break
            line.append(choice)
            eng.send("position startpos moves " + " ".join(line))
        if not ok or eng.query("gameover") == "true":
            continue
        fen = eng.query("fen")
        if fen in seen:
            continue
        seen.add(fen)
        score = score_line(eng, line, args.depth)
        if kept(score, args):
            found.append((line, score))
    return found, f"{tries} walks"


def every_line(eng, args):
    """[(line, score)] of the most balanced of all lines of --plies turns."""
    frontier = [[]]
    for _ in range(args.plies):
        nxt = []
        for line in frontier:
            set_line(eng, line)
            if eng.query("gameover") == "true":
                continue
            nxt += [line + [m] for m in eng.query("moves").split()
                    if not (args.reject and re.search(args.reject, m))]
        frontier = nxt
    first = {}  # fen -> the first line reaching it
    for line in frontier:
        set_line(eng, line)
        if eng.query("gameover") == "false":
            first.setdefault(eng.query("fen"), line)
    balance = lambda s: abs(s[1]) if s[0] == "cp" else 10 ** 9  # noqa: E731
    scored = []
    # The hash is kept from one position to the next here (several times
    # faster for thousands of shallow searches; the order is fixed, so the
    # file stays reproducible); the deeper re-scoring starts each afresh.
    eng.send("uginewgame")
    for i, line in enumerate(first.values()):
        score = score_line(eng, line, args.depth, fresh=False)
        if kept(score, args):
            scored.append((balance(score), i, line, score))
    scored.sort(key=lambda x: x[:2])
    if args.verify_depth > args.depth:
        deeper = []
        for _, i, line, _ in scored[:3 * args.count]:
            score = score_line(eng, line, args.verify_depth)
            if kept(score, args):
                deeper.append((balance(score), i, line, score))
        scored = sorted(deeper, key=lambda x: x[:2])
    chosen = sorted(scored[:args.count], key=lambda x: x[1])
    return [(line, score) for _, _, line, score in chosen], \
        f"{len(frontier)} lines, {len(first)} distinct unfinished positions"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--game", required=True)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--margin", type=int, default=150, help="max |score| in the game's centipawn units")
    ap.add_argument("--any-score", action="store_true",
                    help="keep positions whatever their score (solved games, where every position is "
                         "a proven win for one side and variety is what self-play needs)")
    ap.add_argument("--reject", default="",
                    help="regex: skip walks with a turn token matching it (e.g. 'x' keeps Arimaa's "
                         "random turns from throwing pieces into traps)")
    ap.add_argument("--all", action="store_true",
                    help="every line of --plies turns instead of random walks; the --count most balanced")
    ap.add_argument("--verify-depth", type=int, default=0,
                    help="with --all: re-score the 3 x --count most balanced positions at this deeper depth "
                         "and keep the --count most balanced by that score (0: off)")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--option", action="append", default=[], help="Name=Value game option")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    eng = UgiEngine([args.ludus])
    eng.handshake([tuple(o.split("=", 1)) for o in args.option])
    eng.send(f"newgame {args.game}")
    eng.sync()
    found, how = every_line(eng, args) if args.all else random_walks(eng, args)
    eng.close()
    depth = args.verify_depth if args.all and args.verify_depth > args.depth else args.depth
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.game} openings: {len(found)} distinct positions after {args.plies} turns,\n")
        filt = "any depth-%d score" % depth if args.any_score else f"|depth-{depth} score| <= {args.margin}"
        flags = " --any-score" if args.any_score else f" --margin {args.margin}"
        if args.reject:
            flags += f" --reject '{args.reject}'"
        if args.all:
            flags += " --all" + (f" --verify-depth {args.verify_depth}" if args.verify_depth > args.depth else "")
            filt += ", the most balanced of all lines"
        else:
            flags += f" --seed {args.seed}"
        flags += "".join(f" --option {o}" for o in args.option)
        f.write(f"# {filt}. Made by: scripts/make_openings.py "
                f"--game {args.game} --plies {args.plies} --count {args.count} --depth {args.depth}"
                f"{flags}\n")
        for line, (kind, value) in found:
            f.write("moves " + " ".join(line) + f"  # score {kind} {value}\n")
    print(f"wrote {len(found)} openings to {args.out} ({how})")


if __name__ == "__main__":
    main()
