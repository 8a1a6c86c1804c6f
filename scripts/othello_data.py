#!/usr/bin/env python3
"""Training positions for Othello's pattern evaluation (Evaluator=pattern).

  scripts/othello_data.py --games 1000 --seed 1 --out part1.txt [--shard 1/8] [--resume]
  scripts/othello_data.py merge positions.txt part*.txt
  scripts/othello_data.py relabel --in positions.txt --depth 14 --out part1.txt [--shard 1/8] [--resume]
  scripts/othello_data.py nps --depth 10 [--option Evaluator=pattern ...]

Generation: self-play games by build/release/ludus over UGI. Each game starts
from --random-plies random legal moves (after an opening of --openings, if
given: game g uses opening g modulo their number), then the engine plays;
with probability --random-rate a move is a random legal one instead
(variety), except once the position is solved. Every position is searched
once: with at most --exact-empties empty squares by `go depth 64`, which
reaches the endgame solver and so gives the exact final margin (the last
`info` line's depth reaches the number of empties); otherwise by `go depth
--depth`. A position with a single legal move is not searched: it gets the
negated label of the position after it. Output, one position a line:

  <64 cells a1..h8> <X|O> <label> <kind> <result>

label = discs of final margin for the side to move, from the best source
(kind `exact`: solved; `search`: the fixed-depth score; `result`: no
search, the game's margin); result = the game's final margin for the side
to move. games/othello/tune/pattern_train.cpp reads it (`--label best` or
`--label result`). After a game's positions comes a line `# game <g> ...`;
--resume keeps the games of the output file up to its last such line and
plays the rest. Game g plays the same moves whatever the sharding
(its random choices come from --seed and g, the searches are deterministic
at a fixed depth), so `--shard i/n` for i = 1..n together make the
unsharded run; the shard plays the games g with g % n == i - 1.

merge: the positions of the given files into one, each position once (the
one with the best label kind: exact, then search, then result; the first
among equals), in order of first appearance.

relabel: the same positions with deeper labels. Each `search` line of --in
is searched again by `go depth --depth` (after `uginewgame`, so that a
label does not depend on the searches before it) and written with the new
score; `exact` and `result` lines are copied. The result column stays. A
shard takes the position lines k (counted from 0, comments skipped) with
k % n == i - 1 and writes them in order, so the shards' outputs together
hold every line once and `merge` joins them; --resume keeps the complete
lines of --out and goes on after them.

nps: UGI `bench <depth>` after the given options (the positions of `ludus
bench --game othello`, whose command line takes no engine options), for
comparing the evaluators' speed.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import EngineError, UgiEngine  # noqa: E402
import match  # noqa: E402  (read_openings)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIND_RANK = {"exact": 0, "search": 1, "result": 2}

def final_margin(fen):
    """Rules 6.3 for the side to move of a finished game's FEN: disc
    difference, the empty squares going to the winner."""
    cells, side = fen.split()
    own, opp = ("X", "O") if side == "X" else ("O", "X")
    o, p, e = cells.count(own), cells.count(opp), cells.count("-")
    return o - p + e if o > p else o - p - e if o < p else 0


def read_openings(path):
    """Move lists of an openings file; only `moves m1 m2 ...` lines (a
    position of its own would not be a game from the start)."""
    openings = []
    for start, moves in match.read_openings(path):
        if start != "startpos":
            raise SystemExit(f"{path}: only 'moves ...' openings are supported: {start}")
        openings.append(moves)
    return openings


def last_search(info_lines):
    """(depth, score in centi-discs) of the last info line with an exact
    (unbounded) cp score, or None."""
    for line in reversed(info_lines):
        w = line.split()
        if "score" in w and "depth" in w:
            k = w.index("score")
            if w[k + 1] != "cp" or "lowerbound" in w or "upperbound" in w:
                continue
            return int(w[w.index("depth") + 1]), int(w[k + 2])
    return None


class Generator:
    def __init__(self, args):
        self.args = args
        self.engine = UgiEngine(args.ludus, name="ludus")
        opts = [("OwnBook", "false"), ("Hash", str(args.hash)), ("Threads", "1")]
        if args.level != 20:
            opts.append(("Level", str(args.level)))
        opts += [tuple(o.split("=", 1)) for o in args.option or []]
        self.engine.handshake(opts)
        self.openings = read_openings(args.openings) if args.openings else []

    def close(self):
        self.engine.close()

    def set_moves(self, moves):
        self.engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        errors = [l for l in self.engine.sync() if l.startswith("info string error")]
        if errors:
            raise EngineError(f"position refused: {errors[0]}")

    def play_game(self, g):
        """[(fen, label or None, kind)], final fen."""
        a = self.args
        rng = random.Random(f"othello-data:{a.seed}:{g}")
        e = self.engine
        e.send("uginewgame")
        moves = list(self.openings[g % len(self.openings)]) if self.openings else []
        opening_plies = len(moves)
        records = []
        while True:
            self.set_moves(moves)
            fen = e.query("fen")
            legal = e.query("moves").split()
            if not legal:
                return records, fen
            empties = fen.count("-")
            label, kind, move = None, None, legal[0]
            if len(legal) > 1:
                exact_zone = empties <= a.exact_empties
                best, _, infos = e.go("depth 64" if exact_zone else f"depth {a.depth}", a.go_timeout)
                found = last_search(infos)
                if found:
                    depth, cp = found
                    label = cp / 100
                    kind = "exact" if depth >= empties else "search"
                move = best
                random_phase = len(moves) < opening_plies + a.random_plies
                if random_phase or (not exact_zone and rng.random() < a.random_rate):
                    move = rng.choice(legal)
            records.append((fen, label, kind))
            moves.append(move)

    def game_lines(self, g):
        records, final = self.play_game(g)
        black = final_margin(final) * (1 if final.split()[1] == "X" else -1)
        lines = []
        nxt = None  # (label, kind) of the following position, from its mover's view
        for fen, label, kind in reversed(records):
            result = black if fen.split()[1] == "X" else -black
            if label is None:
                # One legal move: the value of the position it leads to,
                # negated (the side to move changes at every ply, a pass
                # included); the last move of the game leads to its result.
                if nxt is None:
                    label, kind = result, "exact"
                else:
                    label, kind = -nxt[0], nxt[1]
            nxt = (label, kind)
            text = str(round(label)) if kind == "exact" else f"{label + 0.0:.2f}"  # + 0.0: no "-0.00"
            lines.append(f"{fen} {text} {kind} {result}")
        lines.reverse()
        lines.append(f"# game {g} seed {self.args.seed} positions {len(records)} black-margin {black}")
        return lines


def done_games(path):
    """--resume: the games completed in `path`; the file is cut after the
    last complete game (a killed run may have left part of one)."""
    if not os.path.exists(path):
        return set()
    done, keep = set(), 0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    pos = 0
    for line in text.splitlines(keepends=True):
        pos += len(line)
        if line.startswith("# game "):
            done.add(int(line.split()[2]))
            keep = pos
    if keep != len(text):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text[:keep])
    return done


def generate(args):
    shard_i, shard_n = parse_shard(args.shard)
    games = [g for g in range(args.games) if g % shard_n == shard_i - 1]
    done = done_games(args.out) if args.resume else set()
    if not args.resume and os.path.exists(args.out) and os.path.getsize(args.out) > 0:
        raise SystemExit(f"{args.out} exists: give --resume to continue it, or another --out")
    todo = [g for g in games if g not in done]
    gen = Generator(args)
    total, start = 0, time.monotonic()
    try:
        with open(args.out, "a", encoding="utf-8") as out:
            for g in todo:
                lines = gen.game_lines(g)
                out.write("\n".join(lines) + "\n")
                out.flush()
                total += len(lines) - 1
                if not args.quiet:
                    print(f"game {g}: {len(lines) - 1} positions ({lines[-1].split()[-1]} for black), "
                          f"{time.monotonic() - start:.1f} s so far", file=sys.stderr)
    finally:
        gen.close()
    print(f"{len(todo)} games, {total} positions written to {args.out} "
          f"({len(done & set(games))} games already there)", file=sys.stderr)


def position_lines(f, path):
    """The words of each position line of an open positions file (comments
    and blank lines skipped); anything else ends the run with its line."""
    for raw in f:
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 5 or words[3] not in KIND_RANK:
            raise SystemExit(f"{path}: not a position line: {raw.strip()}")
        yield words


def merge(out_path, inputs):
    best = {}    # position -> (rank, line)
    order = []
    seen_lines = 0
    for path in inputs:
        with open(path, encoding="utf-8") as f:
            for words in position_lines(f, path):
                seen_lines += 1
                key = (words[0], words[1])
                rank = KIND_RANK[words[3]]
                if key not in best:
                    order.append(key)
                    best[key] = (rank, " ".join(words))
                elif rank < best[key][0]:
                    best[key] = (rank, " ".join(words))
    with open(out_path, "w", encoding="utf-8") as out:
        out.write(f"# {len(order)} positions from {seen_lines} lines of {len(inputs)} files "
                  f"(scripts/othello_data.py merge)\n")
        for key in order:
            out.write(best[key][1] + "\n")
    print(f"{len(order)} positions ({seen_lines - len(order)} duplicates dropped) -> {out_path}", file=sys.stderr)


def parse_shard(text):
    shard_i, shard_n = (int(x) for x in text.split("/"))
    if not 1 <= shard_i <= shard_n:
        raise SystemExit("--shard must be i/n with 1 <= i <= n")
    return shard_i, shard_n


def complete_lines(path):
    """--resume: the number of complete lines of `path`, which is cut after
    the last of them (a killed run may have left part of one)."""
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    keep = text.rfind("\n") + 1
    if keep != len(text):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text[:keep])
    return text.count("\n", 0, keep)


def search_label(engine, cells, side, depth, timeout):
    """(label, kind) of a position by `go depth`, in discs for its mover. A
    position with a single legal move gets no search (the engine answers at
    once, without a score): it takes the value of the position after its
    move, negated when the mover changes, as generate's labels do."""
    engine.send("uginewgame")
    moves = []
    while True:
        engine.send(f"position fen {cells} {side}" + (" moves " + " ".join(moves) if moves else ""))
        errors = [l for l in engine.sync() if l.startswith("info string error")]
        if errors:
            raise EngineError(f"position refused: {errors[0]}")
        fen = engine.query("fen")
        legal = engine.query("moves").split()
        sign = 1 if fen.split()[1] == side else -1
        if not legal:
            return sign * final_margin(fen), "exact"
        if len(legal) > 1:
            break
        moves.append(legal[0])
    _, _, infos = engine.go(f"depth {depth}", timeout)
    found = last_search(infos)
    if found is None:
        raise EngineError(f"no score for {fen}")
    reached, cp = found
    return sign * cp / 100, "exact" if reached >= fen.split()[0].count("-") else "search"


def relabel(args):
    shard_i, shard_n = parse_shard(args.shard)
    if not args.resume and os.path.exists(args.out) and os.path.getsize(args.out) > 0:
        raise SystemExit(f"{args.out} exists: give --resume to continue it, or another --out")
    skip = complete_lines(args.out) if args.resume else 0
    engine = UgiEngine(args.ludus, name="ludus")
    searched = copied = 0
    start = time.monotonic()
    try:
        engine.handshake([("OwnBook", "false"), ("Hash", str(args.hash)), ("Threads", "1")])
        with open(args.src, encoding="utf-8") as src, open(args.out, "a", encoding="utf-8") as out:
            for k, words in enumerate(position_lines(src, args.src)):
                if k % shard_n != shard_i - 1:
                    continue
                if skip > 0:
                    skip -= 1
                    continue
                if words[3] == "search":
                    label, kind = search_label(engine, words[0], words[1], args.depth, args.go_timeout)
                    words[2:4] = [str(round(label)) if kind == "exact" else f"{label + 0.0:.2f}", kind]
                    searched += 1
                    if not args.quiet and searched % 1000 == 0:
                        print(f"{searched} searched, {time.monotonic() - start:.1f} s so far", file=sys.stderr)
                else:
                    copied += 1
                out.write(" ".join(words) + "\n")
                out.flush()
    finally:
        engine.close()
    print(f"{searched} positions searched at depth {args.depth}, {copied} copied, written to {args.out} "
          f"in {time.monotonic() - start:.1f} s", file=sys.stderr)


def nps(args):
    e = UgiEngine(args.ludus, name="ludus")
    try:
        opts = [("OwnBook", "false")] + [tuple(o.split("=", 1)) for o in args.option or []]
        e.send("ugi")
        e.wait_for(lambda l: l == "ugiok", 10)
        for name, value in opts:
            e.send(f"setoption name {name} value {value}")
        errors = [l for l in e.sync(60) if l.startswith("info string error")]
        if errors:
            raise SystemExit(errors[0])
        # UGI `bench` searches Othello::bench_fens() with the options just
        # set (the evaluator among them), the positions of `ludus bench`.
        e.send(f"bench {args.depth}")
        _, line, _ = e.wait_for(lambda l: l.startswith("info string bench nodes ") or l.startswith("info string error"), 600)
        if "error" in line.split()[2]:
            raise SystemExit(line)
        w = line.split()
        nodes, ms = int(w[w.index("nodes") + 1]), int(w[w.index("time") + 1])
        print(f"nps nodes {nodes} time {ms} nps {nodes * 1000 // max(ms, 1)}")
    finally:
        e.close()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "merge":
        if len(argv) < 3:
            raise SystemExit("usage: othello_data.py merge OUT IN [IN ...]")
        return merge(argv[1], argv[2:])
    ludus_default = os.path.join(REPO, "build", "release", "ludus")
    if argv and argv[0] == "nps":
        ap = argparse.ArgumentParser(prog="othello_data.py nps")
        ap.add_argument("--ludus", default=ludus_default)
        ap.add_argument("--depth", type=int, default=10)
        ap.add_argument("--option", action="append", help="Name=Value (repeatable)")
        return nps(ap.parse_args(argv[1:]))
    if argv and argv[0] == "relabel":
        ap = argparse.ArgumentParser(prog="othello_data.py relabel")
        ap.add_argument("--ludus", default=ludus_default)
        ap.add_argument("--in", dest="src", required=True, help="positions (generate's or merge's output)")
        ap.add_argument("--out", required=True, help="this run's (or shard's) own output file")
        ap.add_argument("--depth", type=int, required=True, help="the new labels' search depth")
        ap.add_argument("--shard", default="1/1", help="i/n: only the position lines k with k %% n == i - 1")
        ap.add_argument("--resume", action="store_true", help="continue --out after its complete lines")
        ap.add_argument("--hash", type=int, default=16, help="the engine's Hash, MiB (cleared before each search)")
        ap.add_argument("--go-timeout", type=float, default=600.0, help="seconds allowed for one search")
        ap.add_argument("--quiet", action="store_true")
        return relabel(ap.parse_args(argv[1:]))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ludus", default=ludus_default, help="the engine command")
    ap.add_argument("--games", type=int, required=True, help="games of the whole run (all shards)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", default="1/1", help="i/n: play only the games g with g %% n == i - 1")
    ap.add_argument("--out", required=True, help="this run's (or shard's) own output file")
    ap.add_argument("--resume", action="store_true", help="continue --out: skip its complete games")
    ap.add_argument("--openings", default=None, help="start game g from opening g of this file (moves lines)")
    ap.add_argument("--random-plies", type=int, default=8, help="random legal moves after the opening")
    ap.add_argument("--random-rate", type=float, default=0.1,
                    help="probability of a random move later on, outside the solved part")
    ap.add_argument("--depth", type=int, default=8, help="search depth of the positions not solved")
    ap.add_argument("--exact-empties", type=int, default=18, help="solve positions with at most this many empties")
    ap.add_argument("--level", type=int, default=20, help="the engine's Level (20: full strength)")
    ap.add_argument("--hash", type=int, default=64, help="the engine's Hash, MiB")
    ap.add_argument("--option", action="append", help="more engine options, Name=Value (repeatable)")
    ap.add_argument("--go-timeout", type=float, default=600.0, help="seconds allowed for one search")
    ap.add_argument("--quiet", action="store_true")
    return generate(ap.parse_args(argv))


if __name__ == "__main__":
    main()
