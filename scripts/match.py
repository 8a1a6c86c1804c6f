#!/usr/bin/env python3
"""Plays two UGI engines against each other; a third `ludus` referees.

  scripts/match.py --game othello --engine1 build/release/ludus --engine2 build/release/ludus \
      --option2 Evaluator=seed --games 100 --movetime 100 --concurrency 2 --records games.jsonl

Games come in pairs from one opening with colours swapped. Openings are read
from --openings (one per line: `moves m1 m2 ...`, `fen <fen>`, or `fen <fen>
moves ...`; `#` starts a comment), default book/openings/<game>.txt. Every
move is validated by the referee (an illegal move, a crash or an overstepped
clock loses). One JSON line per game goes to --records (the moves, the
result, the final position's FEN and each engine's time in `go` and moves);
a summary with the score, the Elo difference with a 95% interval, each
engine's mean time per move, engine 1's disc margins in Othello and, with
--sprt, the SPRT log likelihood ratio is printed at the end. SPRT stops the
match early once a bound is crossed.

An engine is a command line (split like a shell would), so a UGI adapter
with arguments works: `--engine2 "python3 scripts/zebra_ugi.py DIR --level
6 10 12" --go2 "depth 6"` (docs/games/othello.md, section Zebra).

Per-engine search commands: `--go1 "depth 9"` (or --go2) makes that engine
search with this `go` argument list instead of the time control (for example a
fixed-depth opponent); it is then not bound by the clock (only by
--go-timeout) and the summary reports each engine's mean time per move.
With --equal-time the other engine then thinks as long as that one over each
game: a time bank that follows the fixed-depth engine's time move by move (see
equal_time_budget).

Spreading a long match over machines: run `--shard i/n` (i = 1..n) anywhere
with its own --records file, then `scripts/match.py --report a.jsonl b.jsonl ...`
prints the merged summary. Shards split the game pairs, so every opening is
still played with both colours. A stopped run (or shard) continues with the
same command plus `--resume`: the games already in its --records file are
not played again and count in the summary.
"""

import argparse
import json
import math
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ugi_engine import EngineError, UgiEngine  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_PLIES = 2000


# ---------------------------------------------------------------- openings --

def parse_opening(line):
    """(start, moves) of one openings-file line, start 'startpos' or 'fen
    <fen>'; None for a blank or comment line."""
    line = line.split("#", 1)[0].strip()
    if not line:
        return None
    words = line.split()
    if words[0] == "moves":
        return "startpos", words[1:]
    if words[0] == "fen":
        if "moves" in words:
            k = words.index("moves")
            return "fen " + " ".join(words[1:k]), words[k + 1:]
        return "fen " + " ".join(words[1:]), []
    raise ValueError(f"cannot read opening line: {line}")


def read_openings(path):
    """[(start, moves)] where start is 'startpos' or 'fen <fen>'."""
    openings = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            try:
                opening = parse_opening(raw)
            except ValueError as e:
                raise ValueError(f"{path}: {e}") from None
            if opening:
                openings.append(opening)
    return openings


# ------------------------------------------------------------------ referee --

class Referee:
    """A ludus process in UGI mode that knows the rules of every game."""

    def __init__(self, command, game):
        self.engine = UgiEngine(command, name="referee")
        self.engine.handshake()
        self.engine.send(f"newgame {game}")
        errors = [l for l in self.engine.sync() if l.startswith("info string error")]
        if errors:
            raise EngineError(f"referee: {errors[0]}")

    def set(self, start, moves):
        """True if start + moves is a legal position."""
        cmd = f"position {start}" + (" moves " + " ".join(moves) if moves else "")
        self.engine.send(cmd)
        return not any(l.startswith("info string error") for l in self.engine.sync())

    def fen(self):
        """The current position's FEN (a Ludus extension), None if refused."""
        try:
            return self.engine.query("fen")
        except EngineError:
            return None

    def state(self):
        if self.engine.query("gameover") == "true":
            return "over", self.engine.query("result")
        return ("p1" if self.engine.query("p1turn") == "true" else "p2"), None

    def close(self):
        self.engine.close()


# ------------------------------------------------------------------- player --

class Player:
    def __init__(self, name, command, options, game, go_args=None):
        self.name, self.command, self.options, self.game = name, command, options, game
        self.go_args = go_args    # fixed `go` arguments instead of the time control
        self.engine = None
        self.think_time = 0.0     # seconds spent in `go`, and moves played
        self.moves = 0
        self.by_side = {}         # side -> [seconds, moves]

    def ensure_started(self):
        if self.engine is None or self.engine.proc.poll() is not None:
            self.engine = UgiEngine(self.command, name=self.name)
            # Select the game before its options: game options (Evaluator, rule
            # options) set while the default game is selected would not reach
            # this game's session, which `newgame` creates afresh.
            opts = list(self.options)
            if not any(k.lower() == "game" for k, _ in opts):
                opts.insert(0, ("Game", self.game))
            self.engine.handshake(opts)
            self.engine.send(f"newgame {self.game}")
            self.engine.sync()

    def new_game(self):
        self.ensure_started()
        self.engine.send("uginewgame")
        self.engine.sync()

    def restart(self):
        if self.engine:
            try:
                self.engine.proc.kill()
            except OSError:
                pass
        self.engine = None

    def close(self):
        if self.engine:
            self.engine.close()


# --------------------------------------------------------------------- game --

def equal_time_budget(other_spent, other_moves, other_last, own_spent, own_moves):
    """--equal-time: the clock engine's movetime in ms for its next move.

    A time bank that follows the other engine move by move: the engine may
    spend, over the game, what the other has spent so far, plus the other's
    last move time for each move it is ahead of it (as first player it moves
    before the other's move of the same number). Time the other spends on a
    long move (a fixed-depth engine's endgame solve) reaches the engine on
    its next move, and time the engine does not use comes back on its next
    moves, so its total tracks the other's up to its last move (an engine
    whose own late moves finish early, as solves do, still ends below). A
    plain `movetime <mean>` is not equal time: the engine keeps MoveOverhead
    (30 ms by default) of every movetime for transport and searches the
    rest. At least 10 ms; at most 4 times the larger of the other's mean and
    last move (a long run of single-move answers must not turn into one huge
    search).
    """
    mean = 1000.0 * other_spent / other_moves
    last = 1000.0 * other_last
    ahead = max(0, own_moves + 1 - other_moves)
    allowance = 1000.0 * (other_spent - own_spent) + ahead * last
    return int(round(min(max(allowance, 10.0), 4.0 * max(mean, last) + 10.0)))


def play_game(players, referee, start, opening_moves, tc, stats=None):
    """players: {'p1': Player, 'p2': Player}. Returns (result, reason, moves).
    A `stats` dict gets "spent": {side: [seconds in `go`, moves]} of this game."""
    moves = list(opening_moves)
    if not referee.set(start, moves):
        raise ValueError(f"illegal opening: {start} moves {' '.join(moves)}")
    for p in players.values():
        p.new_game()
    clock = {"p1": tc.get("base_ms"), "p2": tc.get("base_ms")}
    spent = {"p1": [0.0, 0], "p2": [0.0, 0]}  # this game's seconds in `go` and moves, per side
    if stats is not None:
        stats["spent"] = spent
    last = {"p1": 0.0, "p2": 0.0}  # this game's last move time in seconds, per side
    while True:
        side, result = referee.state()
        if side == "over":
            return result, "game over", moves
        if len(moves) >= MAX_PLIES:
            return "draw", "move limit", moves
        other = "p2" if side == "p1" else "p1"
        win_other = f"{other}win"
        player = players[side]
        pos = f"position {start}" + (" moves " + " ".join(moves) if moves else "")
        if player.go_args:
            go, timeout = player.go_args, tc["go_timeout"]
        elif "movetime" in tc:
            movetime = tc["movetime"]
            if tc.get("equal_time") and players[other].go_args and spent[other][1]:
                movetime = equal_time_budget(spent[other][0], spent[other][1], last[other], *spent[side])
            go = f"movetime {movetime}"
            timeout = movetime / 1000 + tc["margin"]
        else:
            go = (f"p1time {max(0, int(clock['p1']))} p2time {max(0, int(clock['p2']))} "
                  f"p1inc {tc['inc_ms']} p2inc {tc['inc_ms']}")
            timeout = clock[side] / 1000 + tc["margin"]
        try:
            player.engine.send(pos)
            best, took, _ = player.engine.go(go, timeout)
        except EngineError as e:
            player.restart()
            reason = "time" if "in time" in str(e) else "crash"
            return win_other, reason, moves
        player.think_time += took
        player.moves += 1
        spent[side][0] += took
        spent[side][1] += 1
        last[side] = took
        player.by_side.setdefault(side, [0.0, 0])
        player.by_side[side][0] += took
        player.by_side[side][1] += 1
        if player.go_args:
            pass
        elif "base_ms" in tc:
            clock[side] -= took * 1000
            if clock[side] < 0:
                return win_other, "time", moves
            clock[side] += tc["inc_ms"]
        elif took > movetime / 1000 + tc["margin"]:
            return win_other, "time", moves
        if best == "none" or not referee.set(start, moves + [best]):
            return win_other, "illegal move", moves + [best]
        moves.append(best)


# ------------------------------------------------------------------ summary --

def elo_from_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / s - 1)


def disc_margin(record):
    """Engine 1's final disc margin in an Othello game played out (empties to
    the winner, as exact Othello scores count), None for other records."""
    fen = record.get("final_fen")
    if record.get("game_kind") != "othello" or record.get("reason") != "game over" or not fen:
        return None
    cells = "".join(fen.split())[:64]
    x, o = sum(c in "Xx*" for c in cells), sum(c in "Oo0" for c in cells)
    margin = x - o
    margin += (64 - x - o) * ((margin > 0) - (margin < 0))
    return margin if record["engine1_side"] == "p1" else -margin


def time_per_move(records):
    """{engine: {"all"|side: [seconds, moves]}} from the records' "time" fields."""
    out = {}
    for r in records:
        for key, (t, n) in r.get("time", {}).items():
            side = r["engine1_side"] if key == "engine1" else ("p2" if r["engine1_side"] == "p1" else "p1")
            for k in ("all", side):
                acc = out.setdefault(key, {}).setdefault(k, [0.0, 0])
                acc[0] += t
                acc[1] += n
    return out


def summarize(records, name1, sprt=None):
    w = d = l = 0
    reasons = {}
    by_side = {"p1": [0, 0, 0], "p2": [0, 0, 0]}  # engine 1's wins, draws, losses per side
    for r in records:
        e1_side = r["engine1_side"]
        res = r["result"]
        if res == "draw":
            d += 1
            by_side[e1_side][1] += 1
        elif res == f"{e1_side}win":
            w += 1
            by_side[e1_side][0] += 1
        else:
            l += 1
            by_side[e1_side][2] += 1
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    n = w + d + l
    out = {"games": n, "wins": w, "draws": d, "losses": l, "reasons": reasons, "by_side": by_side}
    margins = [m for m in (disc_margin(r) for r in records) if m is not None]
    if margins:
        out["margins"] = margins
    times = time_per_move(records)
    if times:
        out["time_per_move"] = times
    if n == 0:
        return out
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    se = math.sqrt(var / n) if n > 1 else 0.5
    out.update(score=s, elo=elo_from_score(s), elo_low=elo_from_score(s - 1.96 * se),
               elo_high=elo_from_score(s + 1.96 * se))
    if sprt:
        out["llr"], out["sprt_bounds"] = sprt_llr(w, d, l, sprt), sprt_bounds(sprt)
    return out


def sprt_bounds(sprt):
    return (math.log(sprt["beta"] / (1 - sprt["alpha"])), math.log((1 - sprt["beta"]) / sprt["alpha"]))


def sprt_llr(w, d, l, sprt):
    """Generalised SPRT on the mean score (normal approximation, as Fishtest)."""
    if w + d + l == 0:
        return 0.0
    # A prior of one win and one loss. The sample variance of a few games
    # is too small (0 when every game ends alike), and the normal
    # approximation then stops a match on a short streak: six losses in a
    # row, 0-6, gave LLR -3.6 against bounds of +-2.94 for [0, 25], where
    # the exact likelihood ratio of six losses is -0.45. The prior keeps the
    # ratio finite and modest for short runs and vanishes in long ones.
    w += 1
    l += 1
    n = w + d + l
    x = (w + 0.5 * d) / n
    var = (w * (1 - x) ** 2 + d * (0.5 - x) ** 2 + l * x ** 2) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-sprt["elo0"] / 400))
    s1 = 1 / (1 + 10 ** (-sprt["elo1"] / 400))
    return n * (s1 - s0) * (2 * x - s0 - s1) / (2 * var)


def print_summary(summary, name1, name2, out=sys.stdout):
    n = summary["games"]
    print(f"{name1} vs {name2}: {n} games, +{summary['wins']} ={summary['draws']} -{summary['losses']}", file=out)
    if n:
        print(f"score {100 * summary['score']:.1f}%  Elo {summary['elo']:+.1f} "
              f"[{summary['elo_low']:+.1f}, {summary['elo_high']:+.1f}] (95%)", file=out)
        print("ends: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["reasons"].items())), file=out)
        print(f"{name1} by side: " + ", ".join(f"as {side} +{v[0]} ={v[1]} -{v[2]}"
                                            for side, v in summary["by_side"].items() if sum(v)), file=out)
    if "margins" in summary:
        m = summary["margins"]
        print(f"{name1} disc margin: mean {sum(m) / len(m):+.1f} over {len(m)} games "
              f"({' '.join(f'{x:+d}' for x in m)})", file=out)
    if "time_per_move" in summary:
        parts = []
        for key, name in (("engine1", name1), ("engine2", name2)):
            t = summary["time_per_move"].get(key)
            if t:
                sides = ", ".join(f"as {s} {1000 * v[0] / max(v[1], 1):.0f} ms"
                                  for s, v in sorted(t.items()) if s != "all")
                parts.append(f"{name} {1000 * t['all'][0] / max(t['all'][1], 1):.0f} ms ({sides})")
        print("time per move: " + ", ".join(parts), file=out)
    if "llr" in summary:
        lo, hi = summary["sprt_bounds"]
        verdict = "H1 accepted" if summary["llr"] >= hi else "H0 accepted" if summary["llr"] <= lo else "continue"
        print(f"SPRT LLR {summary['llr']:.2f} bounds [{lo:.2f}, {hi:.2f}]: {verdict}", file=out)


# --------------------------------------------------------------------- main --

def parse_options(values):
    out = []
    for v in values or []:
        if "=" not in v:
            raise SystemExit(f"option '{v}' must be Name=Value")
        k, val = v.split("=", 1)
        out.append((k, val))
    return out


def parse_tc(args):
    if args.movetime:
        return {"movetime": args.movetime, "margin": args.margin, "go_timeout": args.go_timeout,
                "equal_time": args.equal_time}
    if args.equal_time:
        raise SystemExit("--equal-time needs --movetime (the first move's time)")
    if args.tc:
        base, _, inc = args.tc.partition("+")
        return {"base_ms": float(base) * 1000, "inc_ms": int(float(inc or 0) * 1000), "margin": args.margin,
                "go_timeout": args.go_timeout}
    if args.go1 and args.go2:
        return {"movetime": 0, "margin": args.margin, "go_timeout": args.go_timeout}
    raise SystemExit("give --movetime MS or --tc BASE+INC (seconds)")


def load_records(path):
    """The games of a records file. A line cut short by a killed run is
    skipped with a warning (a resumed run plays that game again)."""
    records = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                print(f"skipping an unreadable line of {path}", file=sys.stderr)
    return records


def read_previous_games(args, wanted):
    """--resume: {game number: record} of this match's games (numbers in
    `wanted`) already in the records file; records of other engines are
    refused, not mixed in."""
    if not args.records:
        raise SystemExit("--resume needs --records")
    if not os.path.exists(args.records):
        return {}
    games = {}
    for rec in load_records(args.records):
        if (rec.get("engine1"), rec.get("engine2"), rec.get("game_kind")) != (args.name1, args.name2, args.game):
            raise SystemExit(f"--resume: {args.records} holds games of another match "
                             f"({rec.get('engine1')} vs {rec.get('engine2')}, {rec.get('game_kind')})")
        if rec.get("game") in wanted:
            games[rec["game"]] = rec
    return games


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="othello")
    ap.add_argument("--engine1", default=os.path.join(REPO, "build/release/ludus"))
    ap.add_argument("--engine2", default=os.path.join(REPO, "build/release/ludus"))
    ap.add_argument("--name1", default="engine1")
    ap.add_argument("--name2", default="engine2")
    ap.add_argument("--option1", action="append", help="Name=Value for engine 1 (repeatable)")
    ap.add_argument("--option2", action="append", help="Name=Value for engine 2 (repeatable)")
    ap.add_argument("--referee", default=None, help="referee command (default: engine1's binary)")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--openings", default=None)
    ap.add_argument("--movetime", type=int, default=0, help="ms per move")
    ap.add_argument("--tc", default=None, help="BASE+INC in seconds, e.g. 10+0.1")
    ap.add_argument("--margin", type=float, default=1.0, help="seconds of grace before a timeout")
    ap.add_argument("--go1", default=None, help="engine 1 searches with `go <GO1>` (e.g. 'depth 9') instead of the clock")
    ap.add_argument("--go2", default=None, help="engine 2 searches with `go <GO2>` instead of the clock")
    ap.add_argument("--equal-time", action="store_true",
                    help="with --movetime and one engine on --go1/--go2 (e.g. a fixed depth): the clock engine may "
                         "spend, over the game, the other engine's mean time per move so far in this game for each "
                         "of its moves (a time bank: what a move leaves unused comes back later); --movetime until "
                         "the other has moved")
    ap.add_argument("--side1", choices=("both", "p1", "p2"), default="both",
                    help="engine 1 plays both sides (default, pairs of games) or always this side (one opening per game)")
    ap.add_argument("--go-timeout", type=float, default=120.0, help="seconds allowed for a --go1/--go2 search")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--records", default=None, help="append one JSON line per game here")
    ap.add_argument("--resume", action="store_true",
                    help="with --records: skip the games already in that file (by game number) and count them in "
                         "the summary: continues a stopped match with the same command")
    ap.add_argument("--shard", default="1/1", help="i/n: play only this part of the game pairs")
    ap.add_argument("--sprt", default=None, help="elo0,elo1,alpha,beta e.g. 0,10,0.05,0.05")
    ap.add_argument("--report", nargs="+", default=None, help="only summarise these record files")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    sprt = None
    if args.sprt:
        e0, e1, a, b = (float(x) for x in args.sprt.split(","))
        sprt = {"elo0": e0, "elo1": e1, "alpha": a, "beta": b}

    if args.report:
        records = []
        for path in args.report:
            records += load_records(path)
        n1 = records[0]["engine1"] if records else args.name1
        n2 = records[0]["engine2"] if records else args.name2
        print_summary(summarize(records, n1, sprt), n1, n2)
        return 0

    tc = parse_tc(args)
    shard_i, shard_n = (int(x) for x in args.shard.split("/"))
    if not 1 <= shard_i <= shard_n:
        raise SystemExit("--shard must be i/n with 1 <= i <= n")
    openings_path = args.openings or os.path.join(REPO, "book", "openings", f"{args.game}.txt")
    openings = read_openings(openings_path) if os.path.exists(openings_path) else [("startpos", [])]
    pairs = [p for p in range((args.games + 1) // 2) if p % shard_n == shard_i - 1]
    jobs = []
    for p in pairs:
        for k in range(2):
            g = 2 * p + k
            if g < args.games:
                jobs.append(g)

    previous = read_previous_games(args, set(jobs)) if args.resume else {}
    jobs = [g for g in jobs if g not in previous]

    opts1, opts2 = parse_options(args.option1), parse_options(args.option2)
    referee_cmd = args.referee or args.engine1
    lock = threading.Lock()
    records = [previous[g] for g in sorted(previous)]
    think = {"engine1": [0.0, 0], "engine2": [0.0, 0]}
    by_side = {"engine1": {}, "engine2": {}}
    stop = threading.Event()
    records_file = open(args.records, "a", encoding="utf-8") if args.records else None
    if records_file and records_file.tell() > 0:
        # A run killed mid-line leaves no newline: start the next record on its own line.
        with open(args.records, "rb") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                records_file.write("\n")

    def worker():
        e1 = Player(args.name1, args.engine1, opts1, args.game, args.go1)
        e2 = Player(args.name2, args.engine2, opts2, args.game, args.go2)
        ref = Referee(referee_cmd, args.game)
        try:
            while not stop.is_set():
                with lock:
                    if not jobs:
                        return
                    g = jobs.pop(0)
                start, moves = openings[(g // 2) % len(openings)]
                e1_side = "p1" if g % 2 == 0 else "p2"
                if args.side1 != "both":
                    # One side only: each game gets its own opening (pairs would repeat a game).
                    start, moves = openings[g % len(openings)]
                    e1_side = args.side1
                players = {e1_side: e1, ("p2" if e1_side == "p1" else "p1"): e2}
                stats = {}
                result, reason, played = play_game(players, ref, start, moves, tc, stats)
                e2_side = "p2" if e1_side == "p1" else "p1"
                rec = {"game": g, "engine1": args.name1, "engine2": args.name2, "engine1_side": e1_side,
                       "game_kind": args.game, "start": start, "opening_plies": len(moves),
                       "moves": played, "result": result, "reason": reason,
                       # The last legal position (Othello's disc margin) and
                       # each engine's seconds in `go` and moves this game.
                       "final_fen": ref.fen(),
                       "time": {"engine1": [round(stats["spent"][e1_side][0], 4), stats["spent"][e1_side][1]],
                                "engine2": [round(stats["spent"][e2_side][0], 4), stats["spent"][e2_side][1]]}}
                with lock:
                    records.append(rec)
                    if records_file:
                        records_file.write(json.dumps(rec) + "\n")
                        records_file.flush()
                    if not args.quiet:
                        print(f"game {g + 1}: {args.name1} as {e1_side}: {result} ({reason}, {len(played)} plies)",
                              flush=True)
                    if sprt:
                        s = summarize(records, args.name1, sprt)
                        lo, hi = s["sprt_bounds"]
                        if s.get("llr", 0) >= hi or s.get("llr", 0) <= lo:
                            stop.set()
        finally:
            with lock:
                think["engine1"][0] += e1.think_time
                think["engine1"][1] += e1.moves
                think["engine2"][0] += e2.think_time
                think["engine2"][1] += e2.moves
                for key, pl in (("engine1", e1), ("engine2", e2)):
                    for side, (t, n) in pl.by_side.items():
                        acc = by_side[key].setdefault(side, [0.0, 0])
                        acc[0] += t
                        acc[1] += n
            e1.close()
            e2.close()
            ref.close()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if records_file:
        records_file.close()
    summary = summarize(records, args.name1, sprt)
    print_summary(summary, args.name1, args.name2)
    if args.go1 or args.go2:
        for key, name in (("engine1", args.name1), ("engine2", args.name2)):
            t, n = think[key]
            sides = ", ".join(f"as {side} {1000 * st / max(sn, 1):.0f} ms"
                              for side, (st, sn) in sorted(by_side[key].items()))
            print(f"{name}: {n} moves, mean {1000 * t / max(n, 1):.0f} ms per move ({sides})")
    print(f"time {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
