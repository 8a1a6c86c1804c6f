#!/usr/bin/env python3
"""Games for fitting the Arimaa evaluation (build/release/arimaa_eval_fit).

  scripts/arimaa_data.py play --sharp ~/.cache/ludus/sharp --games 400 \\
      --shard 1/2 --tc 0.2s/2s/100/4s --out part1.txt
  scripts/arimaa_data.py merge --out games.txt part1.txt part2.txt
  build/release/arimaa_eval_fit games.txt

`play` plays the shard's share of --games games between two AEI engines
and appends each finished game to --out in the roundrobin record format
(scripts/aei_match.py: tags, one line a turn, the result). Shard K of M
plays the games numbered K, K+M, K+2M, ... of 1..N, so that M machines
(or a job runner: GNU parallel, a Slurm array with K = the task id) split
one run between them; each writes its own part. A part that exists is
resumed: the games already in it are not played again (a game is written
whole or not at all), so an interrupted shard is started again with the
same command.

The engines: `--sharp DIR` makes both sides Sharp (scripts/build_sharp.sh;
one thread each), the strong play the fit learns from: Sharp randomises
among nearly equal moves and setups, so no two games are alike.
--engine1/--engine2 name any AEI engines instead (a `ludus --protocol aei`
against Sharp adds the positions ludus misjudges); --sharp with --engine1
plays that engine against Sharp. Colours alternate by game number. Every
move is checked by a ludus referee, as in aei_match.py; a forfeited game
(illegal move, time) is not written (its result says nothing of the
position).

`label` writes, for the shard's games of record files, every turn start
from turn 3 with a strong engine's score of it: `FEN<TAB>score<TAB>game`,
the score in centi-rabbits for the side to move, `game` the record file's
name and the game's number in it (the fitter holds out whole games). The
engine searches each position afresh (`newgame`, `setoption depth`,
`setposition`); Sharp (`--sharp DIR`, `--depth 4`: one turn and its
quiescence, about 0.3 s a position) reads only the board of `setposition`
and always moves Gold, so every position is given Gold to move, a Silver
one mirrored (ranks reversed, colours swapped: the rules are symmetric).
Its score is the last `log Depth ... Eval N` line (a rabbit is 1000 of
its units: N / 10 centi-rabbits); any other engine's the last `info
score` (ludus's AEI scores are centi-rabbits). Scores are clipped to
+-10000. A game is written whole, so a part that exists is resumed with
the same command (its games are skipped).

With --static, the label is Sharp's static evaluation instead of a search
(`sharp-dev evalPos`, the developer-mode binary scripts/build_sharp.sh
builds beside `sharp`; its `Final Score`, for the side to move, in the same
units): no mirroring, a game's positions in one call, thousands of
positions a second, so that millions of positions can be labelled with
what Sharp knows without searching. With --threats as well, the label is
the threat Sharp's piece-threat term puts on the piece of each square
(the grid evalPos prints after `ThreatScore:`; 64 comma-separated
numbers in its units, rank 8 first): the data of
build/release/arimaa_threat_fit, which fits the evaluation's pressure
term to it.

  parallel -j2 scripts/arimaa_data.py label --sharp DIR --shard {}/2 \\
      --out labels{}.txt games.txt ::: 1 2
  build/release/arimaa_eval_fit --scores labels1.txt labels2.txt

`merge` concatenates the parts in the order given, checks that every
record reads, and prints the games and results it holds.

GNU parallel, two shards on this machine, or one per core of several:

  parallel -j2 scripts/arimaa_data.py play --sharp DIR --games 400 \\
      --shard {}/2 --tc 0.2s/2s/100/4s --out part{}.txt ::: 1 2

A Slurm array: `sbatch --array=1-16` with
`scripts/arimaa_data.py play ... --shard $SLURM_ARRAY_TASK_ID/16 --out part$SLURM_ARRAY_TASK_ID.txt`.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aei_match  # noqa: E402
from ugi_engine import EngineError  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_shard(text):
    try:
        k, m = (int(x) for x in text.split("/"))
    except ValueError:
        raise SystemExit(f"--shard wants K/M, got '{text}'")
    if not 1 <= k <= m:
        raise SystemExit(f"--shard {text}: K must be 1..M")
    return k, m


def read_games(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return aei_match.parse_records(f.read())


def sharp_command(path):
    binary = os.path.join(path, "sharp") if os.path.isdir(path) else path
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"--sharp: no executable {binary} (build it with scripts/build_sharp.sh)")
    return f"{shlex.quote(binary)} aei"


def cmd_play(args):
    k, m = parse_shard(args.shard)
    ludus = os.path.join(REPO, "build", "release", "ludus")
    engines = [args.engine1, args.engine2]
    names = [args.name1, args.name2]
    opts = [aei_match.parse_options(args.option1), aei_match.parse_options(args.option2)]
    if args.sharp:
        sharp = sharp_command(args.sharp)
        for i in (0, 1) if not args.engine1 else (1,):
            engines[i] = sharp
            names[i] = names[i] or "sharp"
            if not any(n.lower() == "threads" for n, _ in opts[i]):
                opts[i] = [("threads", "1")] + opts[i]
    for i in (0, 1):
        engines[i] = engines[i] or f"{ludus} --protocol aei"
        names[i] = names[i] or f"engine{i + 1}"
    tc = aei_match.TimeControl(aei_match.TC_PRESETS.get(args.tc, args.tc))
    mine = list(range(k - 1, args.games, m))  # 0-based game numbers of this shard
    done = len(read_games(args.out))
    todo = mine[done:]
    print(f"shard {k}/{m}: {len(mine)} games, {done} already in {args.out}, {len(todo)} to play", flush=True)
    stderr = subprocess.DEVNULL
    forfeits = 0
    with open(args.out, "a", encoding="utf-8") as out:
        for g in todo:
            gold = g % 2
            silver = 1 - gold
            info = {}
            # A forfeited or aborted game is played again (the same number),
            # so that the shard holds its share of finished games.
            for attempt in range(3):
                try:
                    winner, reason, moves, _ = aei_match.play_game(
                        shlex.split(engines[gold]), shlex.split(engines[silver]), opts[gold], opts[silver], tc,
                        [args.referee or ludus], stderr, info=info)
                except EngineError as err:
                    print(f"game {g + 1}: aborted ({err}), played again", flush=True)
                    continue
                if reason in ("t", "i"):
                    forfeits += 1
                    print(f"game {g + 1}: forfeit ({info.get('detail', '')}), played again", flush=True)
                    continue
                out.write(aei_match.format_record(names[gold], names[silver], tc.text, moves, winner, reason))
                out.flush()
                print(f"game {g + 1}: {names[gold]} - {names[silver]} {['1-0', '0-1'][winner]} "
                      f"by {aei_match.REASONS[reason]} after {len(moves)} turns", flush=True)
                break
    print(f"shard {k}/{m}: {len(read_games(args.out))} games in {args.out}; {forfeits} forfeits not kept")
    return 0


def mirrored_board(fen):
    """The 64 characters of AEI's setposition (rank 8 first) of a FEN, with
    Gold to move: a Silver-to-move position is mirrored."""
    grid = aei_match.fen_rows(fen)
    if fen.split()[1] == "s":
        grid = [row.swapcase() for row in reversed(grid)]
    return "".join(grid)


SCORE_CLIP = 10000


def engine_score(lines):
    """The last score a search reported, centi-rabbits for the side to
    move: Sharp's `log Depth d Eval n` (1000 a rabbit) or `info score n`."""
    score = None
    for line in lines:
        words = line.split()
        if line.startswith("log Depth") and "Eval" in words[:-1]:
            score = int(words[words.index("Eval") + 1]) / 10.0
        elif line.startswith("info score") and len(words) >= 3:
            score = float(words[2])
    if score is None:
        return None
    return max(-SCORE_CLIP, min(SCORE_CLIP, round(score)))


def turn_start_fens(referee, game_id, moves):
    """The FEN of every turn start from turn 3 at which the game went on (the
    two setups are moves 0 and 1, Gold's turn 3 starts before move 4)."""
    fens = []
    for i in range(4, len(moves)):
        history = " ".join(",".join(m.split()) for m in moves[:i])
        referee.send(f"position startpos moves {history}")
        errors = [line for line in referee.sync() if line.startswith("info string error")]
        if errors:
            raise SystemExit(f"{game_id}: the record does not replay: {errors[0]}")
        fens.append(referee.query("fen"))
    return fens


def static_records(fens):
    """The positions as Sharp's position file reads them: the board (a FEN's
    first field, ranks 8 to 1), the turn and side (`12g`), `;` after each."""
    return "".join(f"{fen.split()[0]}\n{fen.split()[2]}{fen.split()[1]}\n;\n" for fen in fens)


def static_scores(text):
    """Sharp's `evalPos` output: the `Final Score: N` of each position in
    order (a rabbit is 1000 of its units), as clipped centi-rabbits."""
    return [max(-SCORE_CLIP, min(SCORE_CLIP, round(int(line.split()[2]) / 10.0)))
            for line in text.splitlines() if line.startswith("Final Score: ")]


def sharp_dev(path):
    binary = os.path.join(path, "sharp-dev") if os.path.isdir(path) else path + "-dev"
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"--static: no executable {binary} (build it with scripts/build_sharp.sh)")
    return binary


def eval_pos(binary, fens, timeout, parse):
    """parse() of what `sharp-dev evalPos` prints for the positions: one
    item a position, in order, or the run is refused with its output."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "positions.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(static_records(fens))
        proc = subprocess.run([binary, "evalPos", path], capture_output=True, text=True, timeout=timeout)
    items = parse(proc.stdout)
    if proc.returncode != 0 or len(items) != len(fens):
        raise SystemExit(f"{binary} evalPos: {len(items)} evaluations for {len(fens)} positions "
                         f"(exit {proc.returncode}): {(proc.stdout + proc.stderr)[-300:]}")
    return items


def static_labels(binary, fens, timeout):
    """Sharp's static evaluation (sharp-dev evalPos) of each position, for
    its side to move."""
    return eval_pos(binary, fens, timeout, static_scores)


def threat_grids(text):
    """Sharp's `evalPos` output: for each position, the threat its piece-
    threat term puts on the piece of each square (the 8 x 8 grid printed
    after `ThreatScore:`, rank 8 first, in its units), as one comma-
    separated field of 64 numbers."""
    grids = []
    for block in re.split(r"^---Eval", text, flags=re.M)[1:]:
        lines = block.splitlines()
        start = next((i for i, line in enumerate(lines) if line.startswith("ThreatScore:")), None)
        rows = [] if start is None else [line.split() for line in lines[start + 1:]
                                         if re.fullmatch(r"(\s*[+-]\d+){8}\s*", line)][:8]
        if len(rows) == 8:
            grids.append(",".join(str(int(v)) for row in rows for v in row))
    return grids


def static_threat_labels(binary, fens, timeout):
    """Sharp's threats on each piece (sharp-dev evalPos) of each position."""
    return eval_pos(binary, fens, timeout, threat_grids)


def fresh_search(engine, fen, depth, timeout):
    """An AEI engine's search of the position afresh, to `depth` steps
    (Gold to move: the board mirrored for Silver): its `bestmove` line and
    every line it printed, that one last."""
    engine.send("newgame")
    engine.setoption("depth", depth)
    engine.send(f"setposition g [{mirrored_board(fen)}]")
    engine.send("go")
    _, line, seen = engine.wait_for(lambda l: l.startswith("bestmove"), timeout)
    return line, seen


def searched_score(engine, fen, depth, timeout, who):
    """fresh_search's last score for the side to move. `who` names the game
    or the caller in the error."""
    _, seen = fresh_search(engine, fen, depth, timeout)
    score = engine_score(seen)
    if score is None:
        raise SystemExit(f"{who}: the engine reported no score for {fen}")
    return score


def mirrored_move(move):
    """A move of the mirrored board (mirrored_board) in the real one: ranks
    reversed, colours swapped, north and south exchanged; steps
    space-separated (AEI) in, comma-separated (UGI) out."""
    steps = []
    for step in move.split():
        piece, file, rank, rest = step[0], step[1], int(step[2]), step[3:]
        steps.append(piece.swapcase() + file + str(9 - rank) + {"n": "s", "s": "n"}.get(rest, rest))
    return ",".join(steps)


def searched_move(engine, fen, depth, timeout, who):
    """fresh_search's move in the real board, in UGI notation (steps
    joined by commas)."""
    line, _ = fresh_search(engine, fen, depth, timeout)
    move = line.split(None, 1)[1] if len(line.split()) > 1 else ""
    if not move:
        raise SystemExit(f"{who}: no move in {fen}")
    return mirrored_move(move) if fen.split()[1] == "s" else ",".join(move.split())


def cmd_label(args):
    k, m = parse_shard(args.shard)
    ludus = os.path.join(REPO, "build", "release", "ludus")
    if bool(args.sharp) == bool(args.engine):
        raise SystemExit("label: give --sharp DIR or --engine CMD")
    if args.static and not args.sharp:
        raise SystemExit("label: --static needs --sharp DIR")
    if args.threats and not args.static:
        raise SystemExit("label: --threats needs --static")
    static = sharp_dev(args.sharp) if args.static else None
    command = None if static else sharp_command(args.sharp) if args.sharp else args.engine
    done = set()
    if os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            done = {line.rstrip("\n").split("\t")[2] for line in f if line.count("\t") == 2}
    games = []
    for path in args.records:
        for n, g in enumerate(read_games(path), 1):
            if g["result"] is not None:
                games.append((f"{os.path.basename(path)}:{n}", g["moves"]))
    mine = [g for i, g in enumerate(games) if i % m == k - 1]
    todo = [g for g in mine if g[0] not in done]
    print(f"shard {k}/{m}: {len(mine)} games, {len(mine) - len(todo)} already in {args.out}, {len(todo)} to label",
          flush=True)
    referee = aei_match.UgiEngine([args.referee or ludus], name="referee")
    engine = None if static else aei_match.AeiEngine(shlex.split(command), name="labeller")
    positions = 0
    try:
        referee.handshake([("Game", "arimaa")])
        if engine:
            engine.aei_handshake()
            for name, value in aei_match.parse_options(args.option):
                engine.setoption(name, value)
        with open(args.out, "a", encoding="utf-8") as out:
            for game_id, moves in todo:
                fens = turn_start_fens(referee, game_id, moves)
                if static:
                    label = static_threat_labels if args.threats else static_labels
                    scores = label(static, fens, args.timeout) if fens else []
                else:
                    scores = [searched_score(engine, fen, args.depth, args.timeout, game_id) for fen in fens]
                lines = [f"{fen}\t{score}\t{game_id}\n" for fen, score in zip(fens, scores)]
                out.write("".join(lines))
                out.flush()
                positions += len(lines)
    finally:
        if engine:
            engine.close()
        referee.close()
    print(f"shard {k}/{m}: {positions} positions labelled into {args.out}")
    return 0


def cmd_merge(args):
    games = []
    with open(args.out, "w", encoding="utf-8") as out:
        for path in args.parts:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            part = aei_match.parse_records(text)
            unfinished = [g for g in part if g["result"] is None]
            if unfinished:
                raise SystemExit(f"{path}: {len(unfinished)} records without a result")
            out.write(text if text.endswith("\n\n") or not text else text.rstrip("\n") + "\n\n")
            games += part
            print(f"{path}: {len(part)} games")
    gold = sum(1 for g in games if g["result"] == "1-0")
    turns = sum(len(g["moves"]) for g in games) / max(1, len(games))
    print(f"{args.out}: {len(games)} games, Gold won {gold}, {turns:.1f} turns on average (setups included)")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a shard's games")
    p.add_argument("--sharp", default=None, metavar="DIR", help="Sharp's build dir or binary: both sides, or "
                   "engine 2 when --engine1 is given")
    p.add_argument("--engine1", default=None)
    p.add_argument("--engine2", default=None)
    p.add_argument("--name1", default=None)
    p.add_argument("--name2", default=None)
    p.add_argument("--option1", action="append", help="NAME=VALUE for engine 1")
    p.add_argument("--option2", action="append", help="NAME=VALUE for engine 2")
    p.add_argument("--referee", default=None, help="a ludus binary (UGI) that checks every move")
    p.add_argument("--games", type=int, required=True, help="games of the whole run (all shards)")
    p.add_argument("--shard", default="1/1", help="K/M: this shard's share of the games")
    p.add_argument("--tc", default="0.2s/2s/100/4s", help="M/R/P/L/G/T time control (aei_match.py)")
    p.add_argument("--out", required=True, help="this shard's records (resumed if it exists)")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("label", help="score the turn starts of a shard's games with a strong engine")
    p.add_argument("--sharp", default=None, metavar="DIR", help="Sharp's build dir or binary")
    p.add_argument("--engine", default=None, help="another AEI engine's command")
    p.add_argument("--option", action="append", help="NAME=VALUE for the engine")
    p.add_argument("--depth", default="4", help="the engine's search depth in steps (AEI `depth`)")
    p.add_argument("--static", action="store_true", help="Sharp's static evaluation (DIR/sharp-dev evalPos), "
                   "no search")
    p.add_argument("--threats", action="store_true", help="with --static: the label is Sharp's threat on the "
                   "piece of each square (64 numbers), for arimaa_threat_fit")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds a position may take")
    p.add_argument("--referee", default=None, help="a ludus binary (UGI) that replays the games")
    p.add_argument("--shard", default="1/1", help="K/M: this shard's share of the games")
    p.add_argument("--out", required=True, help="this shard's labels (resumed if it exists)")
    p.add_argument("records", nargs="+", help="game records (aei_match.py, arimaa_data.py play)")
    p.set_defaults(func=cmd_label)
    p = sub.add_parser("merge", help="concatenate parts")
    p.add_argument("--out", required=True)
    p.add_argument("parts", nargs="+")
    p.set_defaults(func=cmd_merge)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
