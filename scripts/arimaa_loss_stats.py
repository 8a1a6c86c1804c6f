#!/usr/bin/env python3
"""Material in the games `ludus` lost, from Arimaa match records.

  scripts/arimaa_loss_stats.py docs/benchmarks/records/arimaa-s14-*.txt.gz

Reads records written by scripts/bench_arimaa.py seed (plain or gzipped;
the engine named `ludus` is White or Black) and counts captures from the
records' `x` tokens with simple piece values (rabbit 1, cat 2, dog 3,
horse 4, camel 6, elephant 8). Prints, over the lost games: how many were
3 or more points down by turn 20 and how many never were, and up to turn 25
the material each side lost on its own home traps (c3/f3 for Gold, c6/f6
for Silver) and on the other side's. Standard library only.

It also counts every game (won and lost) by setup kind, in each colour:
"aligned" when each elephant faces the other elephant (the camels on the
same half of the board, files a-d or e-h), "crossed" when each faces the
other side's camel (docs/benchmarks/arimaa.md, session 16), and by the
square of Gold's elephant (mirror images should score alike; sessions
32 and 34 found that they do not always).

Then ludus's wins by the game's length in turns (10 turns a row, 60 and
more together); for ludus's rabbits captured on the seed's home traps, how
far from the trap each stood when the capturing turn began and whether
ludus had moved it in its turn before or the seed in the turn before that;
and last, the captures per game in won and in lost games, by side, by kind
(rabbits, other pieces), by trap (the side's own home traps or the other
side's) and by period (turns 1-20, 21-40, 41 on).
"""

import argparse
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aei_match import parse_records  # noqa: E402

VALUE = {"r": 1, "c": 2, "d": 3, "h": 4, "m": 6, "e": 8}


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return parse_records(f.read())


def setup_kind(game):
    """('aligned' or 'crossed', the square of Gold's elephant) from the two
    setup turns, None without both pieces."""
    def square_of(move, letter):
        return next((step[1:3] for step in move.split() if step[0] == letter), None)
    if len(game["moves"]) < 2:
        return None
    gold_elephant, silver_camel = square_of(game["moves"][0], "E"), square_of(game["moves"][1], "m")
    if gold_elephant is None or silver_camel is None:
        return None
    kind = "crossed" if (gold_elephant[0] <= "d") == (silver_camel[0] <= "d") else "aligned"
    return kind, gold_elephant


def main(paths):
    lost = early = never = 0
    by_setup = {}  # (colour of ludus, kind) -> [games, lost]
    by_trap = {}  # (side, "own"/"enemy") -> points lost up to turn 25
    per_game = {True: {}, False: {}}  # won -> (who, kind, trap, period) -> captures
    games_by_outcome = {True: 0, False: 0}
    by_length = {}  # first turn of the length row -> [games, won]
    rabbit_history = {True: {}, False: {}}  # won -> rabbit_capture_history key -> count
    for path in paths:
        for g in read(path):
            tags = g["tags"]
            ludus_gold = tags.get("White") == "ludus"
            won = (tags.get("Result") == "1-0") == ludus_gold
            steps = [move.split() for move in g["moves"]]
            moves = list(captures_by_move(steps, ludus_gold))
            count_captures(moves, per_game[won])
            games_by_outcome[won] += 1
            row = by_length.setdefault(min(len(g["moves"]) // 2 // 10 * 10, 60), [0, 0])
            row[0] += 1
            row[1] += won
            for key in rabbit_capture_history(steps, moves):
                rabbit_history[won][key] = rabbit_history[won].get(key, 0) + 1
            setup = setup_kind(g)
            if setup:
                counts = by_setup.setdefault(("gold" if ludus_gold else "silver", *setup), [0, 0])
                counts[0] += 1
                counts[1] += 0 if won else 1
            if won:
                continue
            lost += 1
            diff, first_down = 0, None
            for turn, caps in moves:
                for who, piece, own, _ in caps:
                    value = VALUE[piece]
                    diff += -value if who == "ludus" else value
                    if turn <= 25:
                        key = (who, "own" if own else "enemy")
                        by_trap[key] = by_trap.get(key, 0) + value
                if diff <= -3 and first_down is None:
                    first_down = turn
            if first_down is not None and first_down <= 20:
                early += 1
            if first_down is None:
                never += 1
    print(f"lost games {lost}: 3+ points down by turn 20 in {early}, never 3 points down in {never}")
    for who in ("ludus", "seed"):
        own, enemy = by_trap.get((who, "own"), 0), by_trap.get((who, "enemy"), 0)
        print(f"up to turn 25, {who} lost {own + enemy} points: {own} on its own home traps, {enemy} on the other side's")
    for (colour, kind, gold_elephant), (games, lost_here) in sorted(by_setup.items()):
        print(f"ludus as {colour}, {kind} setups, Gold's elephant on {gold_elephant}: {games} games, {lost_here} lost")
    print("ludus's wins by the game's length in turns")
    for first, (games, won_here) in sorted(by_length.items()):
        span = f"{first}+" if first == 60 else f"{first}-{first + 9}"
        print(f"  {span}: {won_here} of {games}")
    print("ludus's rabbits captured on the seed's home traps: distance to the trap when the capturing turn began,")
    print("moved by ludus in its turn before, moved by the seed in the turn before that")
    for won in (True, False):
        print(f"  in the games ludus {'won' if won else 'lost'}:")
        for (distance, by_ludus, by_seed), count in sorted(rabbit_history[won].items()):
            print(f"    {distance} {'yes' if by_ludus else 'no'} {'yes' if by_seed else 'no'}: {count}")
    print("captures per game: side, kind, trap, turns")
    for won in (True, False):
        n = games_by_outcome[won]
        if not n:
            continue
        print(f"  in the {n} games ludus {'won' if won else 'lost'}:")
        for key, count in sorted(per_game[won].items()):
            print(f"    {' '.join(key)}: {count / n:.2f}")


def captures_by_move(steps, ludus_gold):
    """For each move of the game (`steps`: its moves split into steps):
    (turn, [(whose piece: "ludus" or "seed", its letter in lower case,
    captured on its own side's home trap, the capture's index in the move)])."""
    for k, move in enumerate(steps):
        caps = []
        for i, step in enumerate(move):
            if step.endswith("x"):
                gold_piece = step[0].isupper()
                who = "ludus" if gold_piece == ludus_gold else "seed"
                caps.append((who, step[0].lower(), (step[2] == "3") == gold_piece, i))
        yield k // 2 + 1, caps


STEP = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}


def step_target(step):
    """The square a step like `Rd4n` moves its piece to."""
    dx, dy = STEP[step[3]]
    return chr(ord(step[1]) + dx) + chr(ord(step[2]) + dy)


def rabbit_capture_history(steps, captures):
    """For each of ludus's rabbits captured on the seed's home traps:
    (its distance to the trap when the capturing turn began, whether ludus's
    turn before moved it, whether the seed's turn before that moved it),
    followed back through the records' steps. `captures`: captures_by_move's
    list for the same game."""
    for k, (_, caps) in enumerate(captures):
        for who, piece, own, i in caps:
            if who != "ludus" or piece != "r" or own:
                continue
            rabbit = steps[k][i][0]
            trap = square = steps[k][i][1:3]
            where = []  # the rabbit's square at the start of turns k, k-1, k-2
            for j in range(k, max(k - 3, 1), -1):
                for earlier in reversed(steps[k][:i] if j == k else steps[j]):
                    if len(earlier) == 4 and earlier[0] == rabbit and earlier[3] in STEP \
                            and step_target(earlier) == square:
                        square = earlier[1:3]
                where.append(square)
            distance = abs(ord(where[0][0]) - ord(trap[0])) + abs(ord(where[0][1]) - ord(trap[1]))
            yield (distance, len(where) > 1 and where[1] != where[0], len(where) > 2 and where[2] != where[1])


def count_captures(moves, into):
    """Adds a game's captures (captures_by_move) to `into`, keyed (who, kind,
    trap, period)."""
    for turn, caps in moves:
        period = "1-20" if turn <= 20 else "21-40" if turn <= 40 else "41+"
        for who, piece, own, _ in caps:
            key = (who, "rabbits" if piece == "r" else "others", "own-traps" if own else "other-traps", period)
            into[key] = into.get(key, 0) + 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records", nargs="+", help="match records (plain or .gz)")
    main(parser.parse_args().records)
