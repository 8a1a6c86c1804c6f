#!/usr/bin/env python3
"""Plays two AEI (Arimaa Engine Interface) engines against each other.

  scripts/aei_match.py --engine1 "build/release/ludus --protocol aei" \\
      --engine2 "build/release/ludus --protocol aei" --option2 Evaluator=seed \\
      --games 100 --tc 2s/10s/100/30s --records games.txt

Each game starts fresh engine processes and is played as the AEI referee
scripts (pyrimaa's roundrobin / game.py) play it: the time control options
(tcmove, tcreserve, tcpercent, tcmax, tcturns or tctotal, tcturntime) before
`newgame`, the reserves and `moveused` before every `go`, every move sent to
both engines with `makemove`. Setups are played by the engines. Colours
alternate from game to game.

Every move is checked by a third `ludus` in UGI mode (--referee): an illegal
or malformed move loses (`i`), and so does a move that comes after the
player's time (move time + reserve, capped by tcturntime and the game time)
has run out (`t`). At a turn or game-time limit the game is adjudicated
with the arimaa.com rule of the rules doc §6.3 (`s`). Records are written in
the game-record format of pyrimaa's roundrobin (rules doc §7.7). At the end
the wins of each engine are printed by reason: goal, elimination,
immobilisation, time, illegal move, adjudication.

Time controls (--tc): the arimaa.com M/R/P/L/G/T form, e.g. `15s/1m/100`,
`1/2/100/4/1h`, `0.2s/2s/100/4s/40t`: move time, starting reserve,
percent of unused move time added to the reserve, reserve cap, game limit
(hours by default, or `<n>t` turns), turn limit. Fields in minutes unless a
unit (s, m, h, d) is given. Fractions of a second are allowed (`0.2s`).
Time odds: --tc1 / --tc2 give one engine its own move time, reserve,
percent, reserve cap and turn time (e.g. `--tc 0.5s/3s/100/6s/80t --tc1
1s/6s/100/12s/80t`: engine 1 thinks twice as long); the game and turn
limits stay --tc's, and the records' TimeControl tag is --tc.
Named time controls: `--tc screen` is 1s/5s/100/10s (a fast first look:
about 1 s a turn, a game of 60 turns in about a minute) and
`--tc confirm` is 2s/30s/100/60s (2 s a move, a 30 s starting reserve, all
unused move time added to the reserve, which is capped at 60 s; sent as
tcmove 2, tcreserve 30, tcpercent 100, tcmax 60, tcturns 0, tctotal 0,
tcturntime 0: no game, turn or turn-time limit).

The summary also gives engine 1's Elo difference to engine 2 from the
score, with the 95% interval of the Wilson score interval (finite bounds
even at 0 or 100%), and each engine's time per turn (mean and longest, as
the referee measures it from `go` to `bestmove`, setups not counted),
steps per turn and the mean game length. Engines' `log` lines and any other
output are ignored; the last `log Error` lines of an engine that forfeits
are printed with the game's result.

Sharp (David Wu's bot, github.com/lightvector/arimaasharp), built by
scripts/build_sharp.sh: `--sharp DIR` (or the binary's path) makes engine 2
`DIR/sharp aei`, named `sharp`, with `setoption name threads value 1`
unless an --option2 threads=N says otherwise; engine 1 stays ludus.

  scripts/aei_match.py --sharp ~/.cache/ludus/sharp --name1 ludus \\
      --games 40 --tc screen --records sharp-screen.txt
  scripts/aei_match.py --sharp ~/.cache/ludus/sharp --name1 ludus \\
      --games 200 --tc confirm --records sharp-confirm.txt
"""

import argparse
import math
import os
import re
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import EngineError, UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REASONS = {"g": "goal", "e": "elimination", "m": "immobilisation", "t": "time", "i": "illegal move",
           "s": "adjudication", "r": "resignation"}
MAX_TURNS = 400  # a safety stop (adjudicated) when the time control has no limit
# Named time controls (--tc screen, --tc confirm), see the module docstring.
TC_PRESETS = {"screen": "1s/5s/100/10s", "confirm": "2s/30s/100/60s"}


# ---------------------------------------------------------------- time control --

def parse_time_field(field, unit="m"):
    """`1m30s`, `90s`, `1:30` (minutes:seconds), `2` (in `unit`), `0.2s` -> seconds."""
    if field in ("", None):
        return 0.0
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    if ":" in field:
        parts = field.split(":")
        order = "dhms"
        start = order.index(unit)
        total = 0.0
        for i, p in enumerate(parts):
            total += float(p or 0) * units[order[start + i]]
        return total
    total, rest = 0.0, field
    while rest:
        m = re.match(r"(\d+(?:\.\d*)?)([smhd]?)", rest)
        if not m:
            raise ValueError(f"bad time field '{field}'")
        total += float(m.group(1)) * units[m.group(2) or unit]
        rest = rest[m.end():]
    return total


class TimeControl:
    def __init__(self, text):
        f = text.split("/") + [""] * 6
        self.text = text
        self.move = parse_time_field(f[0])
        self.reserve = parse_time_field(f[1])
        self.percent = int(f[2]) if f[2] else 100
        self.max_reserve = parse_time_field(f[3])
        if f[4].endswith("t"):
            self.turn_limit, self.time_limit = int(f[4][:-1]), 0.0
        else:
            self.turn_limit, self.time_limit = 0, parse_time_field(f[4], "h")
        self.max_turntime = parse_time_field(f[5])


def fmt_seconds(x):
    return str(int(x)) if float(x).is_integer() else f"{x:.3f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------- engines --

class AeiEngine(UgiEngine):
    """A process speaking AEI (UgiEngine supplies pipes and timed reads)."""

    def aei_handshake(self, timeout=10.0):
        self.send("aei")
        _, _, seen = self.wait_for(lambda l: l == "aeiok", timeout)
        for l in seen:
            if l.startswith("id name "):
                self.id_name = l[len("id name "):]
        self.send("isready")
        self.wait_for(lambda l: l == "readyok", timeout)

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")


# ---------------------------------------------------------------- records --

def format_record(gold, silver, tc_text, moves, winner, reason):
    """The roundrobin game record (rules doc §7.7). `moves`: AEI move strings
    in order (setups first); winner 0 gold, 1 silver."""
    result = ["1-0", "0-1"][winner]
    lines = [f'[White "{gold}"]', f'[Black "{silver}"]']
    if tc_text:
        lines.append(f'[TimeControl "{tc_text}"]')
    lines += [f'[PlyCount "{len(moves)}"]', f'[ResultCode "{reason}"]', f'[Result "{result}"]', ""]
    for i, m in enumerate(moves):
        lines.append(f"{i // 2 + 1}{'gs'[i % 2]} {m}")
    lines.append(result)
    return "\n".join(lines) + "\n\n"


def parse_records(text):
    """Game records -> [{'tags': {...}, 'moves': [AEI move strings], 'result': '1-0'}].
    `resigns`, `lost` and `takeback` lines are read as the notation allows."""
    games, cur = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        m = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if m:
            if cur is None or cur["moves"] or cur["result"]:
                cur = {"tags": {}, "moves": [], "result": None}
                games.append(cur)
            cur["tags"][m.group(1)] = m.group(2)
            continue
        if cur is None:
            cur = {"tags": {}, "moves": [], "result": None}
            games.append(cur)
        if line in ("1-0", "0-1"):
            cur["result"] = line
            continue
        m = re.match(r"^(\d+)([gswb])(?:\s+(.*))?$", line)
        if not m:
            raise ValueError(f"cannot read record line: {line}")
        steps = (m.group(3) or "").split()
        if steps and steps[0] == "takeback":
            if cur["moves"]:
                cur["moves"].pop()
            continue
        steps = [s for s in steps if s not in ("resigns", "lost")]
        if steps:
            cur["moves"].append(" ".join(steps))
    return games


# ---------------------------------------------------------------- one game --

def adjudicate(history):
    """Rules doc §6.3: more pieces wins; else whoever last had more; else Silver.
    `history`: piece counts (gold, silver) after every completed play turn."""
    for g, s in reversed(history):
        if g != s:
            return 0 if g > s else 1
    return 1


def piece_counts(fen):
    board = fen.split()[0]
    return sum(c.isupper() for c in board), sum(c.islower() for c in board)


def fen_rows(fen):
    """The 8 ranks of a FEN's board, rank 8 first, 8 characters each (an
    empty square is a space, as in AEI's setposition)."""
    return ["".join(" " * int(c) if c.isdigit() else c for c in row) for row in fen.split()[0].split("/")]


def end_reason(fen):
    """Why a finished position is finished: goal, elimination or immobilisation."""
    board = fen.split()[0]
    rows = fen_rows(fen)
    if "R" in rows[0] or "r" in rows[7]:
        return "g"
    if "R" not in board or "r" not in board:
        return "e"
    return "m"


def tc_options(own, limits):
    """The AEI time-control options for a player whose own time control is
    `own` (move time, reserve, percent, reserve cap, turn time) in a game
    whose turn and game-time limits are `limits`'s."""
    return [("tcmove", fmt_seconds(own.move)), ("tcreserve", fmt_seconds(own.reserve)), ("tcpercent", own.percent),
            ("tcmax", fmt_seconds(own.max_reserve)), ("tcturns", limits.turn_limit),
            ("tctotal", fmt_seconds(limits.time_limit)), ("tcturntime", fmt_seconds(own.max_turntime))]


def count_steps(move):
    """The steps of an AEI move (capture items such as `rc3x` are not steps)."""
    return sum(1 for item in move.split() if not item.endswith("x"))


def play_game(cmd_gold, cmd_silver, opts_gold, opts_silver, tc, referee_cmd, stderr, ponder=False, log=None,
              side_tcs=None, info=None):
    """Returns (winner 0/1, reason, moves, names). `tc` is both sides' time
    control unless `side_tcs` gives Gold's and Silver's (time odds: their move
    time, reserve, percent, reserve cap and turn time); the game and turn
    limits are always `tc`'s. `info`, a dict, receives per side (0 Gold,
    1 Silver) the seconds of each play turn (`times`, setups not counted)
    and its steps (`steps`), and `detail`: why a forfeit was one."""
    tcs = side_tcs or [tc, tc]
    info = {} if info is None else info
    info.update(times=[[], []], steps=[[], []], detail="")
    engines = [AeiEngine(cmd_gold, stderr=stderr), AeiEngine(cmd_silver, stderr=stderr)]
    ref = UgiEngine(referee_cmd, name="referee")
    names = ["gold", "silver"]
    moves, ugi_moves = [], []
    try:
        ref.handshake([("Game", "arimaa")])
        for i, e in enumerate(engines):
            e.id_name = e.name
            e.aei_handshake()
            names[i] = e.id_name
            for name, value in (opts_gold if i == 0 else opts_silver):
                e.setoption(name, value)
            if tc:
                for name, value in tc_options(tcs[i], tc):
                    e.setoption(name, value)
            e.send("newgame")
            e.send("isready")
            e.wait_for(lambda l: l == "readyok", 10)
        reserves = [tcs[0].reserve, tcs[1].reserve] if tc else [0, 0]
        start = time.monotonic()
        counts = []
        turn = 0
        while True:
            side = turn % 2
            in_setup = turn < 2
            e = engines[side]
            own = tcs[side]
            if tc:
                e.setoption("greserve", fmt_seconds(int(reserves[0])))
                e.setoption("sreserve", fmt_seconds(int(reserves[1])))
                e.setoption("moveused", 0)
            t0 = time.monotonic()
            e.send("go")
            deadline = None
            if tc:
                deadline = t0 + own.move + reserves[side]
                if own.max_turntime:
                    deadline = min(deadline, t0 + own.max_turntime)
                if tc.time_limit:
                    deadline = min(deadline, start + tc.time_limit)
            # Lines other than `bestmove` (an engine's `log` lines, `info`,
            # anything else it prints) are skipped; the `log Error` ones are
            # kept to explain a forfeit.
            seen = []
            try:
                limit = deadline if deadline else time.monotonic() + 3600.0
                while True:
                    stamp, line = e.read_line(limit)
                    seen.append(line)
                    if line.startswith("bestmove"):
                        break
            except EngineError as err:
                complaints = [l for l in seen if l.startswith("log Error")][-2:]
                if tc and tc.time_limit and time.monotonic() >= start + tc.time_limit:
                    return adjudicate(counts), "s", moves, names
                if "exited" in str(err):
                    try:
                        code = e.proc.wait(timeout=2.0)
                    except subprocess.TimeoutExpired:
                        code = "none yet"
                    info["detail"] = f"{names[side]} exited (code {code}) instead of moving" + \
                        (": " + "; ".join(complaints) if complaints else "")
                    return 1 - side, "i", moves, names
                waited = time.monotonic() - t0
                info["detail"] = f"{names[side]} sent no bestmove in {waited:.2f} s" + \
                    (": " + "; ".join(complaints) if complaints else "")
                return 1 - side, "t", moves, names
            used = stamp - t0
            if deadline and stamp > deadline:
                info["detail"] = f"{names[side]} moved after {used:.2f} s, {stamp - deadline:.2f} s late"
                return 1 - side, "t", moves, names
            move = line[len("bestmove"):].strip()
            token = ",".join(move.split())
            ref.send("position startpos moves " + " ".join(ugi_moves + [token]))
            errors = [l for l in ref.sync() if l.startswith("info string error")]
            if not move or errors:
                # Printed with the game's result line (the worker's log).
                info["detail"] = f"illegal move by {names[side]}: '{move}'" + (f": {errors[0]}" if errors else "")
                return 1 - side, "i", moves, names
            fen = ref.query("fen")
            moves.append(move)
            ugi_moves.append(token)
            if not in_setup:
                info["times"][side].append(used)
                info["steps"][side].append(count_steps(move))
            if tc and not in_setup:
                reserves[side] += (own.move - used) * own.percent / 100.0
                if own.max_reserve:
                    reserves[side] = min(reserves[side], own.max_reserve)
            for x in engines:
                x.send("makemove " + move)
            turn += 1
            if turn >= 2:
                counts.append(piece_counts(fen))
            if ref.query("gameover") == "true":
                winner = 0 if ref.query("result") == "p1win" else 1
                return winner, end_reason(fen), moves, names
            if ponder:
                e.send("go ponder")
            move_number = turn // 2 + 1  # the number of the next turn
            if tc and tc.turn_limit and move_number > tc.turn_limit:
                return adjudicate(counts), "s", moves, names
            if not tc or not tc.turn_limit:
                if move_number > MAX_TURNS:
                    return adjudicate(counts), "s", moves, names
    finally:
        for e in engines:
            e.close()
        ref.close()


# ---------------------------------------------------------------- the match --

def parse_options(items):
    out = []
    for item in items or []:
        if "=" not in item:
            raise SystemExit(f"--option wants NAME=VALUE, got '{item}'")
        out.append(tuple(item.split("=", 1)))
    return out


def elo(score):
    """Elo difference for a score fraction (+-inf at 1 and 0)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_interval(wins, games, z=1.96):
    """(Elo, low, high): the score's Elo and the Elo of the bounds of its
    Wilson score interval (95% for z = 1.96). Games have no draws. Wilson
    rather than the normal approximation: a short match against a much
    stronger engine often scores 0, where the normal interval collapses to
    a point and Wilson still gives a finite upper bound."""
    if games <= 0:
        return 0.0, -math.inf, math.inf
    p = wins / games
    denom = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return elo(p), elo(max(0.0, centre - half)), elo(min(1.0, centre + half))


def fmt_elo(x):
    return f"{int(round(x)):+d}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ludus = os.path.join(REPO, "build", "release", "ludus")
    ap.add_argument("--engine1", default=f"{ludus} --protocol aei")
    ap.add_argument("--engine2", default=f"{ludus} --protocol aei")
    ap.add_argument("--name1", default=None)
    ap.add_argument("--name2", default=None)
    ap.add_argument("--option1", action="append", help="NAME=VALUE sent with setoption to engine 1")
    ap.add_argument("--option2", action="append", help="NAME=VALUE sent with setoption to engine 2")
    ap.add_argument("--referee", default=ludus, help="a ludus binary (UGI) that checks every move")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--tc", default="2s/10s/100/30s",
                    help="M/R/P/L/G/T time control, 'screen' (1s/5s/100/10s), 'confirm' (2s/30s/100/60s) or 'none'")
    ap.add_argument("--tc1", default=None,
                    help="engine 1's own M/R/P/L/G/T (time odds; its G/T limits are ignored: --tc's apply)")
    ap.add_argument("--tc2", default=None, help="engine 2's own time control, as --tc1")
    ap.add_argument("--records", default=None, help="append game records to this file")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--ponder", action="store_true", help="send 'go ponder' after each move")
    ap.add_argument("--stderr", default=None, help="engines' stderr to this file (default: discarded)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--sharp", default=None, metavar="DIR",
                    help="engine 2 is Sharp: DIR/sharp (or the binary DIR) in AEI mode, one thread unless "
                         "--option2 threads=N (build it with scripts/build_sharp.sh)")
    args = ap.parse_args(argv)

    args.tc = TC_PRESETS.get(args.tc.lower(), args.tc)
    if args.tc1:
        args.tc1 = TC_PRESETS.get(args.tc1.lower(), args.tc1)
    if args.tc2:
        args.tc2 = TC_PRESETS.get(args.tc2.lower(), args.tc2)
    if args.sharp:
        binary = os.path.join(args.sharp, "sharp") if os.path.isdir(args.sharp) else args.sharp
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"--sharp: no executable {binary} (build it with scripts/build_sharp.sh)")
        args.engine2 = f"{shlex.quote(binary)} aei"
        args.name2 = args.name2 or "sharp"
        if args.engine1 == ap.get_default("engine1"):
            args.name1 = args.name1 or "ludus"
        # Sharp searches with one thread unless told otherwise, like ludus
        # by default: the comparison is of one core against one core.
        if not any(item.split("=", 1)[0].lower() == "threads" for item in args.option2 or []):
            args.option2 = ["threads=1"] + (args.option2 or [])
    tc = None if args.tc.lower() == "none" else TimeControl(args.tc)
    # Time odds: engine 1's and engine 2's own time controls (default --tc).
    engine_tcs = [TimeControl(t) if tc and t else tc for t in (args.tc1, args.tc2)]
    opts = [parse_options(args.option1), parse_options(args.option2)]
    cmds = [shlex.split(args.engine1), shlex.split(args.engine2)]
    labels = [args.name1 or "engine1", args.name2 or "engine2"]
    stderr = open(args.stderr, "a") if args.stderr else subprocess.DEVNULL
    records = open(args.records, "a", encoding="utf-8") if args.records else None
    lock = threading.Lock()
    stats = [{"wins": 0, "reasons": {}, "gold": 0, "gold_wins": 0, "times": [], "steps": []} for _ in range(2)]
    lengths = []  # turns (setups included) of every game played
    next_game = [0]
    started = time.monotonic()

    def log(msg):
        if not args.quiet:
            with lock:
                print(msg, flush=True)

    def worker():
        while True:
            with lock:
                g = next_game[0]
                if g >= args.games:
                    return
                next_game[0] += 1
            gold = g % 2  # engine index playing Gold
            silver = 1 - gold
            info = {}
            try:
                winner, reason, moves, names = play_game(cmds[gold], cmds[silver], opts[gold], opts[silver], tc,
                                                          [args.referee], stderr, args.ponder, log,
                                                          [engine_tcs[gold], engine_tcs[silver]], info)
            except EngineError as err:
                log(f"game {g + 1}: aborted: {err}")
                continue
            win_engine = gold if winner == 0 else silver
            with lock:
                st = stats[win_engine]
                st["wins"] += 1
                st["reasons"][reason] = st["reasons"].get(reason, 0) + 1
                stats[gold]["gold"] += 1
                if winner == 0:
                    stats[gold]["gold_wins"] += 1
                for colour, engine_index in ((0, gold), (1, silver)):
                    stats[engine_index]["times"] += info["times"][colour]
                    stats[engine_index]["steps"] += info["steps"][colour]
                lengths.append(len(moves))
                if records:
                    records.write(format_record(labels[gold], labels[silver], tc.text if tc else "", moves, winner,
                                                reason))
                    records.flush()
            detail = f" ({info['detail']})" if info.get("detail") else ""
            log(f"game {g + 1}: {labels[gold]} (gold) vs {labels[silver]} (silver): "
                f"{labels[win_engine]} wins by {REASONS[reason]} after {len(moves)} turns{detail}")

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    played = stats[0]["wins"] + stats[1]["wins"]
    print(f"\n{played} games in {time.monotonic() - started:.0f} s, time control {args.tc}")
    for i in range(2):
        st = stats[i]
        reasons = ", ".join(f"{REASONS[r]} {n}" for r, n in sorted(st["reasons"].items())) or "-"
        pct = 100.0 * st["wins"] / played if played else 0.0
        print(f"{labels[i]}: {st['wins']} wins ({pct:.1f}%), as gold {st['gold_wins']}/{st['gold']}; by reason: {reasons}")
    forfeits = sum(st["reasons"].get("t", 0) + st["reasons"].get("i", 0) for st in stats)
    print(f"forfeits (time or illegal move): {forfeits}")
    if played:
        e, lo, hi = elo_interval(stats[0]["wins"], played)
        print(f"Elo of {labels[0]} relative to {labels[1]}: {fmt_elo(e)} (95% interval {fmt_elo(lo)} to {fmt_elo(hi)})")
        for i in range(2):
            times, steps = stats[i]["times"], stats[i]["steps"]
            if times:
                print(f"{labels[i]}: {len(times)} turns, {sum(times) / len(times):.2f} s a turn (longest "
                      f"{max(times):.2f} s), {sum(steps) / len(steps):.2f} steps a turn")
        print(f"game length: {sum(lengths) / len(lengths):.1f} turns on average (setups included), "
              f"{min(lengths)} to {max(lengths)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
