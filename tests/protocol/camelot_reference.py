#!/usr/bin/env python3
"""An independent, deliberately naive Camelot rules implementation (Python 3,
standard library), used to cross-check the engine's move generation and
canonical tokens (docs/rules/camelot.md, sections 2-7); test_camelot_reference.py
runs the cross-check.

It shares no code or method with games/camelot/: instead of breadth-first
search over square sets and memoised jump search, it enumerates every path of
every piece leg by leg (the visit rule for canters, compulsory continuation
for jumps), collects the triples (origin, destination, captured set), keeps
the smallest path of each (fewest legs, then square numbers), and applies the
three steps of rules 5.6 literally.

  tests/protocol/camelot_reference.py --fen '<fen>'           # print the legal moves
  tests/protocol/camelot_reference.py --crosscheck N --ludus build/release/ludus
      # N random positions (random games and random set-ups), compared with
      # the engine's `query moves`, `query result` and the FEN after each move

The cross-check exits non-zero on the first difference and prints it.
"""

import argparse
import os
import random
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))  # ugi_engine

FILES = "abcdefghijkl"
WIDTH = {0: (5, 6), 1: (2, 9), 2: (1, 10), 13: (1, 10), 14: (2, 9), 15: (5, 6)}
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
START = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0"


def exists(f, r):
    lo, hi = WIDTH.get(r, (0, 11))
    return 0 <= r < 16 and lo <= f <= hi


SQUARES = [(f, r) for r in range(16) for f in range(12) if exists(f, r)]
CASTLE = {0: {(5, 0), (6, 0)}, 1: {(5, 15), (6, 15)}}  # side -> its own castle


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def number(sq):
    return 12 * sq[1] + sq[0]


def parse_fen(fen):
    parts = fen.split()
    rows = parts[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        r = 15 - i
        lo = WIDTH.get(r, (0, 11))[0]
        f = lo
        num = ""
        for c in row + "$":
            if c.isdigit():
                num += c
                continue
            if num:
                f += int(num)
                num = ""
            if c in "KMkm":
                board[(f, r)] = c
                f += 1
    side = 0 if parts[1].lower() == "w" else 1
    counters = [int(parts[2]), int(parts[3]), int(parts[4])] if len(parts) == 5 else [0, 0, 0]
    return {"board": board, "side": side, "castle": counters[:2], "clock": counters[2]}


def to_fen(pos):
    rows = []
    for r in range(15, -1, -1):
        lo, hi = WIDTH.get(r, (0, 11))
        s, run = "", 0
        for f in range(lo, hi + 1):
            c = pos["board"].get((f, r))
            if c:
                if run:
                    s += str(run)
                    run = 0
                s += c
            else:
                run += 1
        if run:
            s += str(run)
        rows.append(s)
    return "/".join(rows) + " " + "wb"[pos["side"]] + " %d %d %d" % (pos["castle"][0], pos["castle"][1], pos["clock"])


def colour(c):
    return 0 if c.isupper() else 1


def add(sq, d, k=1):
    return (sq[0] + k * d[0], sq[1] + k * d[1])


def jump_available(board, x, side):
    """Rules 5.1, on `board` (a dict), for a piece of `side` standing on x."""
    if x in CASTLE[1 - side]:
        return False
    for d in DIRS:
        m, t = add(x, d), add(x, d, 2)
        if exists(*m) and exists(*t) and m in board and colour(board[m]) != side and t not in board:
            return True
    return False


def candidates(pos, origin, own_castle_continue=False):
    """{(origin, dest, frozenset(captured)): best path} for the piece on origin.
    A path is a list of (sep, square)."""
    board = dict(pos["board"])
    side = pos["side"]
    piece = board.pop(origin)  # lifted
    knight = piece in "Kk"
    own_c, enemy_c = CASTLE[side], CASTLE[1 - side]
    found = {}

    def record(dest, caps, path):
        key = (origin, dest, frozenset(caps))
        cost = (len(path), [number(s) for _, s in path])
        if key not in found or cost < found[key][0]:
            found[key] = (cost, list(path))

    if origin in enemy_c:
        if pos["castle"][side] < 2:
            other = (next(iter(enemy_c - {origin})))
            if other not in board:
                record(other, (), [("-", other)])
        return {k: v[1] for k, v in found.items()}

    for d in DIRS:
        t = add(origin, d)
        if exists(*t) and t not in board and t not in own_c:
            record(t, (), [("-", t)])

    def jumps(cur, b, caps, path):
        # b: board with captured pieces removed; compulsory continuation.
        if path and (cur in enemy_c or (cur in own_c and not own_castle_continue)):
            record(cur, caps, path)
            return
        moved = False
        if cur not in enemy_c:
            for d in DIRS:
                m, t = add(cur, d), add(cur, d, 2)
                if exists(*m) and exists(*t) and m in b and colour(b[m]) != side and t not in b:
                    moved = True
                    nb = dict(b)
                    del nb[m]
                    jumps(t, nb, caps + [m], path + [("x", t)])
        if not moved and caps:
            record(cur, caps, path)

    def canters(cur, visited, path):
        for d in DIRS:
            m, t = add(cur, d), add(cur, d, 2)
            if not (exists(*m) and exists(*t)) or m not in board or colour(board[m]) != side:
                continue
            if t in board or t in visited or t in own_c:
                continue
            np = path + [("-", t)]
            if t in enemy_c:
                record(t, (), np)  # C3: ends here
                continue
            if not knight or not jump_available(board, t, side):
                record(t, (), np)
            if knight and jump_available(board, t, side):
                jumps(t, board, [], np)  # a charge
            canters(t, visited | {t}, np)

    jumps(origin, board, [], [])
    canters(origin, {origin}, [])
    return {k: v[1] for k, v in found.items()}


def game_result(pos):
    b = pos["board"]
    if all(b.get(s, " ") in "KM" and s in b for s in CASTLE[1]):
        return "p1win"
    if all(s in b and b[s] in "km" for s in CASTLE[0]):
        return "p2win"
    w = sum(1 for c in b.values() if c in "KM")
    k = sum(1 for c in b.values() if c in "km")
    if w <= 1 and k <= 1:
        return "draw"
    if k == 0:
        return "p1win"
    if w == 0:
        return "p2win"
    return None


def generate(pos, cont=False):
    """The moves of rules 5.6 (ignoring the end of the game): {triple: path}."""
    side = pos["side"]
    board = pos["board"]
    mine = [s for s, c in board.items() if colour(c) == side]
    in_own = [s for s in mine if s in CASTLE[side]]
    if in_own:
        e = {}
        for s in in_own:
            for k, p in candidates(pos, s, cont).items():
                if k[1] not in CASTLE[side]:
                    e[k] = p
        if e:
            caps = {k: p for k, p in e.items() if k[2]}
            return caps if caps else e
    allc = {}
    for s in mine:
        allc.update(candidates(pos, s, cont))
    if any(jump_available(board, s, side) for s in mine):
        return {k: p for k, p in allc.items() if k[2]}
    return allc


def result_and_moves(pos, cont=False):
    r = game_result(pos)
    if r:
        return r, {}
    mv = generate(pos, cont)
    if not mv:
        return ("p2win" if pos["side"] == 0 else "p1win"), {}
    if pos["clock"] >= 100:
        return "draw", {}
    return "none", mv


def token(triple, path):
    return name(triple[0]) + "".join(sep + name(s) for sep, s in path)


def play(pos, triple):
    o, dest, caps = triple
    b = dict(pos["board"])
    piece = b.pop(o)
    for c in caps:
        del b[c]
    b[dest] = piece
    side = pos["side"]
    castle = list(pos["castle"])
    enemy_c = CASTLE[1 - side]
    if o in enemy_c and dest in enemy_c:
        castle[side] += 1
    clock = 0 if caps or dest in enemy_c else pos["clock"] + 1
    return {"board": b, "side": 1 - side, "castle": castle, "clock": clock}


# ------------------------------------------------------------------ crosscheck --

def random_setup(rng):
    """A random valid position (not necessarily reachable)."""
    while True:
        board = {}
        squares = list(SQUARES)
        rng.shuffle(squares)
        nw, nb = rng.randint(1, 14), rng.randint(1, 14)
        for side, n in ((0, nw), (1, nb)):
            kn = min(4, rng.randint(0, n))
            men = min(10, n - kn)
            for i in range(kn + men):
                sq = squares.pop()
                c = "K" if i < kn else "M"
                board[sq] = c if side == 0 else c.lower()
        if all(s in board and board[s] in "KM" for s in CASTLE[1]) and \
                all(s in board and board[s] in "km" for s in CASTLE[0]):
            continue
        pos = {"board": board, "side": rng.randint(0, 1), "castle": [rng.randint(0, 2), rng.randint(0, 2)],
               "clock": rng.choice([0, 0, 0, 5, 99])}
        return pos


def crosscheck(args):
    from ugi_engine import UgiEngine
    rng = random.Random(args.seed)
    eng = UgiEngine([args.ludus])
    eng.handshake([("OwnCastleJump", "continue")] if args.cont else [])
    eng.send("newgame camelot")
    eng.sync()
    checked = 0

    def compare(pos, label):
        nonlocal checked
        fen = to_fen(pos)
        eng.send("position fen " + fen)
        res, mv = result_and_moves(pos, args.cont)
        want = sorted(token(k, p) for k, p in mv.items())
        got = eng.query("moves").split()
        got_res = eng.query("result")
        efen = eng.query("fen")
        if efen != fen or got != want or got_res != res:
            print(f"DIFFERENCE ({label}) at {fen}\n  engine fen {efen}\n  engine result {got_res}, reference {res}")
            print("  engine only:", sorted(set(got) - set(want)))
            print("  reference only:", sorted(set(want) - set(got)))
            sys.exit(1)
        checked += 1
        return mv

    while checked < args.crosscheck:
        if rng.random() < 0.5:
            pos = parse_fen(START)
            for ply in range(rng.randint(1, 120)):
                mv = compare(pos, f"game ply {ply}")
                if not mv or checked >= args.crosscheck:
                    break
                triple = rng.choice(sorted(mv, key=lambda k: token(k, mv[k])))
                nxt = play(pos, triple)
                eng.send("position fen " + to_fen(pos) + " moves " + token(triple, mv[triple]))
                if eng.query("fen") != to_fen(nxt):
                    print(f"DIFFERENCE after {token(triple, mv[triple])} from {to_fen(pos)}: "
                          f"engine {eng.query('fen')}, reference {to_fen(nxt)}")
                    sys.exit(1)
                pos = nxt
        else:
            compare(random_setup(rng), "random set-up")
    eng.close()
    print(f"{checked} positions agree")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fen", default=None)
    ap.add_argument("--continue", dest="cont", action="store_true", help="OwnCastleJump=continue")
    ap.add_argument("--crosscheck", type=int, default=0)
    ap.add_argument("--ludus", default=os.path.join(REPO, "build", "release", "ludus"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.crosscheck:
        crosscheck(args)
        return
    pos = parse_fen(args.fen or START)
    res, mv = result_and_moves(pos, args.cont)
    print("result", res)
    print(" ".join(sorted(token(k, p) for k, p in mv.items())))


if __name__ == "__main__":
    main()
