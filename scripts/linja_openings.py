#!/usr/bin/env python3
"""Builds book/openings/linja.txt: distinct, balanced Linja start positions
for self-play matches (scripts/match.py reads one opening per line).

  scripts/linja_openings.py [--ludus build/release/ludus] [--turns 2] [--count 60]
                            [--depth 12] [--max-score 60] [--verify-depth 0]
                            [--out book/openings/linja.txt]

Linja has no chance and the engine is deterministic, so a match from the start
position alone would repeat two games. This script plays every sequence of
--turns whole turns from the start position (43 x 43 = 3,478 for two turns),
keeps one line per distinct resulting position, scores each position with a
fixed-depth search of the default evaluator (`go depth D`, side to move's
view), keeps those with |score| <= --max-score centipoints (1/100 of a point
of final score), and writes the --count most balanced ones, ties broken by the
order of the moves (so the file is reproducible). Each line is
`moves <turn1> <turn2> ...` from the default start (LinjaFirst = red,
LinjaOvershoot = clamp).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import UgiEngine, last_score  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def set_position(eng, moves):
    eng.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    errors = [l for l in eng.sync() if l.startswith("info string error")]
    if errors:
        raise SystemExit(f"engine rejected {moves}: {errors[0]}")


def lines_of_turns(eng, turns):
    """Every sequence of `turns` whole turns from the start: [(moves, fen)]."""
    frontier = [[]]
    for _ in range(turns):
        nxt = []
        for moves in frontier:
            set_position(eng, moves)
            if eng.query("gameover") == "true":
                continue
            for m in eng.query("moves").split():
                nxt.append(moves + [m])
        frontier = nxt
    out = []
    for moves in frontier:
        set_position(eng, moves)
        out.append((moves, eng.query("fen")))
    return out


def score_of(info_lines):
    found = last_score(info_lines)
    if not found:
        return None
    kind, value = found
    return value if kind == "cp" else (100000 if value > 0 else -100000)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build/release/ludus"))
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--max-score", type=int, default=60)
    ap.add_argument("--verify-depth", type=int, default=0,
                    help="re-score the 3 x --count most balanced positions at this deeper depth and keep "
                         "the --count most balanced by that score (0: off)")
    ap.add_argument("--out", default=os.path.join(REPO, "book", "openings", "linja.txt"))
    args = ap.parse_args()

    eng = UgiEngine([args.ludus], name="ludus")
    eng.handshake([("Game", "linja"), ("OwnBook", "false")])
    eng.send("uginewgame")
    eng.sync()
    candidates = lines_of_turns(eng, args.turns)
    first = {}
    for moves, fen in candidates:  # the first line reaching each position
        first.setdefault(fen, moves)
    scored = []
    for i, (fen, moves) in enumerate(first.items()):
        set_position(eng, moves)
        _, _, info = eng.go(f"depth {args.depth}", timeout=120)
        s = score_of(info)
        if s is not None and abs(s) <= args.max_score:
            scored.append((abs(s), i, s, moves, fen))
    scored.sort()
    depth = args.depth
    if args.verify_depth > args.depth:
        # A shallow score can hide a lost position (Linja's tempo battles):
        # the deeper search decides among the best shallow candidates.
        depth = args.verify_depth
        deeper = []
        for _, i, _, moves, fen in scored[:3 * args.count]:
            eng.send("uginewgame")  # no table entries from the other candidates
            set_position(eng, moves)
            _, _, info = eng.go(f"depth {depth}", timeout=600)
            s = score_of(info)
            if s is not None and abs(s) <= args.max_score:
                deeper.append((abs(s), i, s, moves, fen))
        scored = sorted(deeper)
    eng.close()
    chosen = sorted(scored[:args.count], key=lambda x: x[1])
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# Linja openings for scripts/match.py, made by scripts/linja_openings.py\n"
                f"# --turns {args.turns} --depth {args.depth} --max-score {args.max_score}"
                f"{f' --verify-depth {args.verify_depth}' if args.verify_depth > args.depth else ''}: "
                f"{len(chosen)} of {len(first)} distinct positions ({len(candidates)} lines).\n"
                f"# Each line: the turns from the default start; the comment is the FEN and the\n"
                f"# depth-{depth} score (cp, side to move).\n")
        for _, _, s, moves, fen in chosen:
            f.write(f"moves {' '.join(moves)}  # {fen} ({s:+d})\n")
    print(f"{len(candidates)} lines, {len(first)} distinct positions, {len(scored)} balanced, "
          f"{len(chosen)} written to {args.out}")


if __name__ == "__main__":
    main()
