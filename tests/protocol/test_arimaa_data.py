#!/usr/bin/env python3
"""scripts/arimaa_data.py, arimaa_eval_fit and arimaa_move_fit end to end.

Tiny shards of `ludus` (AEI) against the random AEI engine, with a short
turn limit: the shards split the run's game numbers (1/2 plays games 1
and 3, 2/2 game 2), a shard that exists is resumed without playing its
games again, the parts merge into one file that aei_match.py reads back,
and the fitters read the merged records, replay every game and report
their fits (arimaa_move_fit: one player's turns against the others).
Run: python3 tests/protocol/test_arimaa_data.py <path-to-ludus>
"""

import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts"))

import aei_match  # noqa: E402
from enginepipe import require, run_tests  # noqa: E402

DATA = os.path.join(REPO, "scripts", "arimaa_data.py")
RANDOM = os.path.join(REPO, "scripts", "aei_random.py")


def play(path, tmp, shard, out):
    # A reserve far beyond the move time: a sanitizer build is slow, and a
    # forfeited game would be played again (the test is of the shards).
    cmd = [sys.executable, DATA, "play", "--engine1", f"{path} --protocol aei --hash 8",
           "--engine2", f"{sys.executable} {RANDOM} --ludus {path} --seed 5", "--referee", path,
           "--name1", "ludus", "--name2", "random", "--games", "3", "--shard", shard,
           "--tc", "0.05s/20s/100/20s/6t", "--out", out]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    require(proc.returncode == 0, f"arimaa_data.py play --shard {shard} failed", proc.stdout + proc.stderr)
    return proc.stdout


def games_in(path):
    with open(path, encoding="utf-8") as f:
        return aei_match.parse_records(f.read())


def test_shards_resume_merge_and_fit(path):
    with tempfile.TemporaryDirectory() as tmp:
        p1, p2 = os.path.join(tmp, "part1.txt"), os.path.join(tmp, "part2.txt")
        out = play(path, tmp, "1/2", p1)
        require("2 games, 0 already" in out and "game 1:" in out and "game 3:" in out and "game 2:" not in out,
                "shard 1/2 plays games 1 and 3", out)
        out = play(path, tmp, "2/2", p2)
        require("1 games, 0 already" in out and "game 2:" in out, "shard 2/2 plays game 2", out)
        require(len(games_in(p1)) == 2 and len(games_in(p2)) == 1, "the parts hold their games")
        # Game 1 has Gold ludus (odd numbers), game 2 the random engine.
        require(games_in(p1)[0]["tags"]["White"] == "ludus" and games_in(p2)[0]["tags"]["White"] == "random",
                "colours alternate by game number")
        before = open(p1, encoding="utf-8").read()
        out = play(path, tmp, "1/2", p1)
        require("2 already" in out and "0 to play" in out, "an existing part is resumed", out)
        require(open(p1, encoding="utf-8").read() == before, "a resumed, complete part is unchanged")

        merged = os.path.join(tmp, "games.txt")
        proc = subprocess.run([sys.executable, DATA, "merge", "--out", merged, p1, p2], capture_output=True,
                              text=True, timeout=60)
        require(proc.returncode == 0 and "3 games" in proc.stdout, "merge", proc.stdout + proc.stderr)
        games = games_in(merged)
        require(len(games) == 3 and all(g["result"] in ("1-0", "0-1") for g in games), "three finished games")

        fitter = os.path.join(os.path.dirname(path), "arimaa_eval_fit")
        require(os.access(fitter, os.X_OK), f"no fitter next to the engine: {fitter}")
        proc = subprocess.run([fitter, "--holdout", "3", merged], capture_output=True, text=True, timeout=120)
        require(proc.returncode == 0, "arimaa_eval_fit failed", proc.stdout + proc.stderr)
        m = re.search(r"^(\d+) games \(0 skipped.*?, (\d+) positions", proc.stdout, re.M)
        require(m and m.group(1) == "3", "the fitter replays every game", proc.stdout)
        # Positions: every turn start from turn 3 to the end, setups excluded.
        want = sum(max(0, len(g["moves"]) - 4) for g in games)
        require(int(m.group(2)) == want, f"{want} positions expected", proc.stdout)
        require(re.search(r"^kTermPercent = \{(-?\d+, )+-?\d+\};$", proc.stdout, re.M), "the weights line",
                proc.stdout)
        require("held-out loss" in proc.stdout, "a held-out error", proc.stdout)

        # The move fit: ludus's turns of the same games, each against the
        # position's other turns (one held out of three games).
        mover = os.path.join(os.path.dirname(path), "arimaa_move_fit")
        proc = subprocess.run([mover, "--holdout", "3", "--player", "ludus", merged], capture_output=True,
                              text=True, timeout=600)
        require(proc.returncode == 0, "arimaa_move_fit failed", proc.stdout + proc.stderr)
        m = re.search(r"^(\d+) games \(0 skipped.*?, (\d+) positions, (\d+) of them held out", proc.stdout, re.M)
        # ludus moves Gold in games 1 and 3, Silver in game 2; a position
        # with a turn that ends the game is left out.
        ludus_turns = sum(sum(1 for i in range(4, len(g["moves"]))
                              if (i % 2 == 0) == (g["tags"]["White"] == "ludus")) for g in games)
        require(m and m.group(1) == "3" and 0 < int(m.group(2)) <= ludus_turns, f"at most {ludus_turns} choices",
                proc.stdout)
        require(re.search(r"^kTermPercent = \{(-?\d+, )+-?\d+\};$", proc.stdout, re.M), "the move fit's weights",
                proc.stdout)
        require(re.search(r"^fitted +train log-likelihood -?\d+\.\d+ first [\d.]+% \| held-out", proc.stdout, re.M),
                "the move fit's report", proc.stdout)
        # With --placement the table is fitted too and written in the form
        # of placement_table_data.inc: 8 classes of 32 squares.
        table = os.path.join(tmp, "placement.inc")
        proc = subprocess.run([mover, "--holdout", "3", "--player", "ludus", "--placement", "--table", table, merged],
                              capture_output=True, text=True, timeout=600)
        require(proc.returncode == 0 and "placement table" in proc.stdout, "the placement fit", proc.stdout + proc.stderr)
        rows = [line.rstrip("\n").split(",") for line in open(table, encoding="utf-8")]
        require(len(rows) == 8 and all(len(r) == 33 and r[32] == "" and all(re.fullmatch(r"-?\d+", v) for v in r[:32])
                                       for r in rows), "the table's 8 rows of 32 entries", open(table).read())
        require(re.search(r"^kTermPercent = \{(-?\d+, ){16}100\};$", proc.stdout, re.M), "placement at 100%",
                proc.stdout)
        proc = subprocess.run([mover, "--player", "nobody", merged], capture_output=True, text=True, timeout=120)
        require(proc.returncode == 1 and " 0 positions" in proc.stdout, "no choices of an absent player",
                proc.stdout + proc.stderr)

        # Labels: every turn start from turn 3 of the shard's games, scored
        # by an engine (ludus itself here, searching 2 steps).
        labels = [os.path.join(tmp, f"labels{k}.txt") for k in (1, 2)]
        for k in (1, 2):
            out = label(path, f"{k}/2", labels[k - 1], merged)
            require(f"{2 if k == 1 else 1} games, 0 already" in out, f"label --shard {k}/2 takes its games", out)
        rows = [line.rstrip("\n").split("\t") for f in labels for line in open(f, encoding="utf-8")]
        require(len(rows) == want and all(len(r) == 3 for r in rows), f"{want} labelled positions", str(rows[:3]))
        require(sorted({r[2] for r in rows}) == ["games.txt:1", "games.txt:2", "games.txt:3"],
                "every game labelled once, named by file and number", str({r[2] for r in rows}))
        with open(labels[0], encoding="utf-8") as f:
            first_part = {line.split("\t")[2].strip() for line in f}
        require(first_part == {"games.txt:1", "games.txt:3"}, "shard 1/2 labels games 1 and 3", str(first_part))
        require(all(abs(int(r[1])) <= 10000 for r in rows), "scores clipped to +-10000")
        before = open(labels[0], encoding="utf-8").read()
        out = label(path, "1/2", labels[0], merged)
        require("2 already" in out and "0 to label" in out and open(labels[0], encoding="utf-8").read() == before,
                "an existing label part is resumed", out)
        # A record that does not replay is refused, with its game named.
        broken = os.path.join(tmp, "broken.txt")
        with open(merged, encoding="utf-8") as f:
            text = re.sub(r"^2g .*$", "2g Ee2n Ee3n Ee4n Ee5n Ee6n", f.read(), count=1, flags=re.M)
        with open(broken, "w", encoding="utf-8") as f:
            f.write(text)
        proc = subprocess.run([sys.executable, DATA, "label", "--engine", f"{path} --protocol aei --hash 8",
                               "--depth", "2", "--referee", path, "--out", os.path.join(tmp, "broken-labels.txt"),
                               broken], capture_output=True, text=True, timeout=600)
        require(proc.returncode != 0 and "broken.txt:1: the record does not replay" in proc.stderr,
                "a record that does not replay is refused", proc.stdout + proc.stderr)
        # The FENs are the games' turn starts: replayed, the first of game 2
        # is Gold's turn 3.
        first = [r for r in rows if r[2] == "games.txt:2"][0][0]
        require(first.endswith(" g 3"), "the first position is Gold's turn 3", first)

        proc = subprocess.run([fitter, "--scores", "--holdout", "3", *labels], capture_output=True, text=True,
                              timeout=120)
        require(proc.returncode == 0, "arimaa_eval_fit --scores failed", proc.stdout + proc.stderr)
        m = re.search(r"^(\d+) games .*?, (\d+) positions", proc.stdout, re.M)
        require(m and m.group(1) == "3" and int(m.group(2)) == want, "the fitter reads every labelled position",
                proc.stdout)
        require(re.search(r"^kTermPercent = \{(-?\d+, )+-?\d+\};$", proc.stdout, re.M), "the weights line",
                proc.stdout)
        bad = os.path.join(tmp, "bad.txt")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("not a fen\t12\tg:1\n")
        proc = subprocess.run([fitter, "--scores", bad], capture_output=True, text=True, timeout=60)
        require(proc.returncode == 1 and "bad.txt:1" in proc.stderr, "a line that does not read is named",
                proc.stdout + proc.stderr)


def label(path, shard, out, records):
    cmd = [sys.executable, DATA, "label", "--engine", f"{path} --protocol aei --hash 8", "--depth", "2",
           "--referee", path, "--shard", shard, "--out", out, records]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    require(proc.returncode == 0, f"arimaa_data.py label --shard {shard} failed", proc.stdout + proc.stderr)
    return proc.stdout


def test_label_board_and_scores(path):
    import arimaa_data
    # A Silver-to-move position is given to the engine mirrored, Gold to
    # move: ranks reversed, colours swapped.
    fen = "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 s 10"
    board = arimaa_data.mirrored_board(fen)
    require(len(board) == 64, "64 squares", board)
    rows = [board[i:i + 8] for i in range(0, 64, 8)]
    require(rows[1] == "r      r" and rows[3] == "  Dh    " and rows[4] == "  C     " and rows[5] == "   eM   "
            and rows[6] == "  R    R", "the mirrored board", repr(rows))
    gold = arimaa_data.mirrored_board(fen.replace(" s ", " g "))
    require(gold[:8] == " " * 8 and gold[8:16] == "  r    r", "a Gold position as it is", repr(gold[:16]))
    # Sharp's units are thousandths of a rabbit; the last report counts.
    require(arimaa_data.engine_score(["log Depth 4 Eval 120", "log Depth 5 Eval -3004 Time 0.05"]) == -300,
            "Sharp's last Eval, in centi-rabbits")
    require(arimaa_data.engine_score(["info depth 3", "info score 57", "info score -12"]) == -12,
            "an AEI info score")
    require(arimaa_data.engine_score(["log Depth 9 Eval 999990"]) == 10000, "clipped")
    require(arimaa_data.engine_score(["log hello"]) is None, "no score")



def test_static_labels_format(path):
    import arimaa_data
    # Sharp's position file: the board, the turn and side, `;` after each.
    fens = ["rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 3", "8/2r4r/3Em3/2c5/2dH4/8/R6R/8 s 10"]
    require(arimaa_data.static_records(fens) == "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR\n3g\n;\n"
            "8/2r4r/3Em3/2c5/2dH4/8/R6R/8\n10s\n;\n", "two position records", arimaa_data.static_records(fens))
    # evalPos prints a block a position; the `Final Score` lines count, in
    # Sharp's units (a rabbit is 1000), clipped like the searched scores.
    out = ("positions.txt abc\n0-----\nTotal Score: 160\nNumStepsScore: 200\nFinal Score: 360\n\n"
           "1-----\nFinal Score: -1234\n2-----\nFinal Score: 250000\n")
    require(arimaa_data.static_scores(out) == [36, -123, 10000], "the final scores in centi-rabbits",
            str(arimaa_data.static_scores(out)))
    # --static reads Sharp's developer-mode binary: without --sharp it is refused.
    proc = subprocess.run([sys.executable, DATA, "label", "--static", "--engine", "x", "--out", "o.txt", "g.txt"],
                          capture_output=True, text=True, timeout=60)
    require(proc.returncode != 0 and "--static needs --sharp" in proc.stderr, "--static without --sharp",
            proc.stdout + proc.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, DATA, "label", "--static", "--sharp", tmp, "--out", "o.txt", "g.txt"],
                              capture_output=True, text=True, timeout=60)
        require(proc.returncode != 0 and "sharp-dev" in proc.stderr and "build_sharp.sh" in proc.stderr,
                "a build dir without sharp-dev is named", proc.stdout + proc.stderr)


if __name__ == "__main__":
    run_tests(globals())
