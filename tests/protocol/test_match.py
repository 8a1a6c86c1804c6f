"""scripts/match.py: short real matches between `ludus` processes.

Checks the records (one JSON line per game, every move legal for a separate
referee, the result the referee's), the summary, adjudication of an engine
that plays an illegal move, SPRT stopping early (and not on a short streak), shards merging into one
report, and --resume continuing a stopped match.
Run: python3 tests/protocol/test_match.py <path-to-ludus>
"""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import Engine, require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MATCH = os.path.join(REPO, "scripts", "match.py")

# A UGI engine that answers every `go` with an illegal Othello move.
ILLEGAL_ENGINE = r'''
import sys
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "ugi":
        print("id name illegal"); print("ugiok")
    elif w[0] == "isready":
        print("readyok")
    elif w[0] == "go":
        print("bestmove a1")
    elif w[0] == "quit":
        break
    sys.stdout.flush()
'''


def match(args, timeout=120):
    proc = subprocess.run([sys.executable, MATCH, "--quiet", *args], capture_output=True, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout + proc.stderr


def score_line(out):
    m = re.search(r"^(\S+) vs (\S+): (\d+) games, \+(\d+) =(\d+) -(\d+)$", out, re.M)
    require(m is not None, "no summary line", out)
    return int(m.group(3)), int(m.group(4)), int(m.group(5)), int(m.group(6))


def read_records(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def referee_result(ref, game, record):
    start = record["start"]
    pos = "position " + ("startpos" if start == "startpos" else start)
    if record["moves"]:
        pos += " moves " + " ".join(record["moves"])
    ref.send(f"newgame {game}")
    ref.send(pos)
    errors = [l for l in ref.sync() if l.startswith("info string error")]
    require(not errors, f"game {record['game']}: the referee refused it: {errors}")
    ref.send("query result")
    return ref.expect(re.compile(r"^response \S+$")).split()[1]


def test_real_match_records_and_summary(path):
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "games.jsonl")
        code, out = match(["--game", "othello", "--engine1", path, "--engine2", path,
                           "--option2", "Evaluator=seed", "--name1", "ludus", "--name2", "seed",
                           "--games", "4", "--movetime", "20", "--margin", "30", "--records", records])
        require(code == 0, f"exit code {code}", out)
        n, w, d, l = score_line(out)
        require(n == 4 and w + d + l == 4, "four games counted", out)
        require(re.search(r"^score \d+\.\d%  Elo [+-]\d+\.\d \[[+-]\d+\.\d, [+-]\d+\.\d\] \(95%\)$", out, re.M),
              "score and Elo interval printed", out)
        games = read_records(records)
        require(len(games) == 4, "one record per game", out)
        require([g["engine1_side"] for g in games] == ["p1", "p2", "p1", "p2"], "colours alternate", out)
        require(games[0]["start"] == games[1]["start"] and games[0]["moves"][:games[0]["opening_plies"]]
              == games[1]["moves"][:games[1]["opening_plies"]], "a pair shares its opening", out)
        ref = Engine(path, name="referee")
        try:
            ref.send("ugi")
            ref.expect("ugiok")
            wins = 0
            for g in games:
                require(g["reason"] == "game over", f"game {g['game']} ended by {g['reason']}", out)
                require(referee_result(ref, "othello", g) == g["result"], "the recorded result is the referee's")
                wins += g["result"] == g["engine1_side"] + "win"
            require(wins == w, "the summary counts the records", out)
        finally:
            ref.close()


def test_illegal_move_loses_and_sprt_stops(path):
    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "illegal.py")
        with open(fake, "w", encoding="utf-8") as f:
            f.write(ILLEGAL_ENGINE)
        records = os.path.join(tmp, "games.jsonl")
        code, out = match(["--game", "othello", "--engine1", path, "--engine2", f"{sys.executable} {fake}",
                           "--referee", path, "--name1", "ludus", "--name2", "illegal",
                           "--games", "40", "--movetime", "200", "--go1", "depth 1", "--sprt", "0,200,0.05,0.05",
                           "--records", records])
        require(code == 0, f"exit code {code}", out)
        n, w, d, l = score_line(out)
        require(w == n and d == 0 and l == 0, "every game is won against an illegal move", out)
        require(2 <= n < 40, "SPRT stopped the match early", out)
        require(re.search(r"^SPRT LLR \S+ bounds \[\S+, \S+\]: H1 accepted$", out, re.M), "SPRT verdict", out)
        games = read_records(records)
        require(len(games) == n and all(g["reason"] == "illegal move" for g in games), "reason recorded", out)
        require(all(g["moves"][-1] == "a1" for g in games), "the illegal move is in the record", out)


def test_sprt_needs_more_than_a_short_streak(path):
    # The ratio of the normal approximation with one win and one loss of
    # prior: a streak of six losses does not decide [0, 25] (the exact
    # Bernoulli ratio of six losses is -0.45), a long one does, and a long
    # even match leans to neither bound.
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    import match as match_script
    sprt = {"elo0": 0.0, "elo1": 25.0, "alpha": 0.05, "beta": 0.05}
    lo, hi = match_script.sprt_bounds(sprt)
    short = match_script.sprt_llr(0, 0, 6, sprt)
    require(lo < short < 0, f"0-6: LLR {short:.2f} inside ({lo:.2f}, {hi:.2f})")
    require(match_script.sprt_llr(0, 0, 60, sprt) < lo, "0-60 accepts H0")
    require(match_script.sprt_llr(60, 0, 0, sprt) > hi, "60-0 accepts H1")
    even = match_script.sprt_llr(200, 0, 200, sprt)
    require(lo < even < 0, f"200-200: LLR {even:.2f} leans to H0, within the bounds")


def test_shards_merge_into_one_report(path):
    with tempfile.TemporaryDirectory() as tmp:
        parts = []
        starts = []
        for i in (1, 2):
            records = os.path.join(tmp, f"part{i}.jsonl")
            code, out = match(["--game", "othello", "--engine1", path, "--engine2", path,
                               "--option2", "Level=1", "--games", "4", "--go1", "depth 2", "--go2", "depth 2",
                               "--shard", f"{i}/2", "--records", records])
            require(code == 0, f"shard {i}: exit code {code}", out)
            require(score_line(out)[0] == 2, f"shard {i} plays its half", out)
            games = read_records(records)
            starts.append({json.dumps(g["moves"][:g["opening_plies"]]) for g in games})
            parts.append(records)
        require(not (starts[0] & starts[1]), "shards play different openings")
        code, out = match(["--report", *parts])
        require(code == 0, f"report: exit code {code}", out)
        require(score_line(out)[0] == 4, "the report merges both shards", out)


def test_resume_continues_a_stopped_match(path):
    # A 2-game run, then the same match for 4 games with --resume: only games
    # 3 and 4 are played and the summary counts all four; a line cut short by
    # a killed run is skipped and its game played again; records of another
    # match are refused.
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "games.jsonl")
        base = ["--game", "othello", "--engine1", path, "--engine2", path, "--option2", "Level=1",
                "--go1", "depth 2", "--go2", "depth 2", "--records", records]
        code, out = match([*base, "--games", "2"])
        require(code == 0 and score_line(out)[0] == 2, "first part: 2 games", out)
        code, out = match([*base, "--games", "4", "--resume"])
        require(code == 0, f"resume: exit code {code}", out)
        require(score_line(out)[0] == 4, "the summary counts the earlier games too", out)
        games = read_records(records)
        require(sorted(g["game"] for g in games) == [0, 1, 2, 3], "games 3 and 4 added, none repeated",
                str([g["game"] for g in games]))
        # Cut the last record in half, as a run killed while writing would.
        with open(records, encoding="utf-8") as f:
            lines = f.read().splitlines()
        with open(records, "w", encoding="utf-8") as f:
            f.write("\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2])
        code, out = match([*base, "--games", "4", "--resume"])
        require(code == 0 and score_line(out)[0] == 4, "the cut game is played again", out)
        # The script's own reader, which leaves out the cut line.
        sys.path.insert(0, os.path.join(REPO, "scripts"))
        import match as m
        whole = m.load_records(records)
        require(sorted(g["game"] for g in whole) == [0, 1, 2, 3], "four whole records after the cut one",
                str([g["game"] for g in whole]))
        code, out = match(["--report", records])
        require(code == 0 and score_line(out)[0] == 4, "--report skips the cut line", out)
        code, out = match([*base, "--games", "4", "--resume", "--name1", "other"])
        require(code != 0 and "holds games of another match" in out, "another match's records are refused", out)
        code, out = match(["--game", "othello", "--engine1", path, "--engine2", path, "--games", "2",
                           "--go1", "depth 2", "--go2", "depth 2", "--resume"])
        require(code != 0 and "--resume needs --records" in out, "--resume without --records is refused", out)


def test_equal_time_follows_the_fixed_depth_engine(path):
    # Engine 2 searches a fixed depth; with --equal-time engine 1's movetime is
    # engine 2's mean time so far in the game, so both report per-side means.
    code, out = match(["--game", "hare-hounds", "--engine1", path, "--engine2", path, "--games", "2",
                       "--movetime", "50", "--go2", "depth 3", "--equal-time", "--quiet"])
    require(code == 0, f"exit code {code}", out)
    require(score_line(out)[0] == 2, "both games played", out)
    for name in ("engine1", "engine2"):
        require(re.search(rf"^{name}: \d+ moves, mean \d+ ms per move \(as p1 \d+ ms, as p2 \d+ ms\)$", out, re.M),
                f"{name}: mean time per side", out)
    code, out = match(["--game", "hare-hounds", "--engine1", path, "--engine2", path, "--games", "2",
                       "--tc", "1+0.1", "--equal-time"])
    require(code != 0 and "--equal-time needs --movetime" in out, "--equal-time without --movetime is refused", out)


def test_equal_time_is_a_time_bank(path):
    # The clock engine's movetime under --equal-time: what the other engine
    # has spent so far minus its own spending, plus the other's last move
    # time while it is a move ahead (first player).
    sys.path.insert(0, os.path.join(REPO, "scripts"))
    import match as m
    # Second player, first move: the other's whole spending so far (one move).
    require(m.equal_time_budget(0.040, 1, 0.040, 0.0, 0) == 40, "second player: the other's time",
            str(m.equal_time_budget(0.040, 1, 0.040, 0.0, 0)))
    # First player, a move ahead: the totals' difference plus the other's last move.
    require(m.equal_time_budget(0.5, 10, 0.090, 0.450, 10) == 140, "first player: plus the last move",
            str(m.equal_time_budget(0.5, 10, 0.090, 0.450, 10)))
    # The other's time grows (an endgame solve): the bank follows it, not the mean.
    require(m.equal_time_budget(1.5, 10, 1.0, 0.5, 9) == 1000, "follows the other's last moves",
            str(m.equal_time_budget(1.5, 10, 1.0, 0.5, 9)))
    # It overspent: at least 10 ms.
    require(m.equal_time_budget(0.5, 10, 0.050, 0.800, 10) == 10, "overspent: 10 ms floor",
            str(m.equal_time_budget(0.5, 10, 0.050, 0.800, 10)))
    # A long run of instant answers: at most 4 times the larger of mean and last (plus 10 ms).
    require(m.equal_time_budget(2.0, 20, 0.050, 0.0, 20) == 410, "cap at 4 means",
            str(m.equal_time_budget(2.0, 20, 0.050, 0.0, 20)))


def test_select_openings_keeps_the_split_pairs(path):
    """scripts/select_openings.py on hand-made records: an opening is kept
    only when a side's result differed between its games."""
    del path  # no engine: the selection reads files only
    with tempfile.TemporaryDirectory() as tmp:
        cands = os.path.join(tmp, "cands.txt")
        with open(cands, "w", encoding="utf-8") as f:
            f.write("# candidates\nmoves a b  # side-decided\nmoves c d  # split\n"
                    "fen X Y moves e  # split by a draw\nmoves g h  # never played\n")
        records = os.path.join(tmp, "self.jsonl")
        games = [("startpos", ["a", "b"], "p1win"), ("startpos", ["a", "b"], "p1win"),
                 ("startpos", ["c", "d"], "p1win"), ("startpos", ["c", "d"], "p2win"),
                 ("fen X Y", ["e"], "draw"), ("fen X Y", ["e"], "p2win")]
        with open(records, "w", encoding="utf-8") as f:
            for i, (start, opening, result) in enumerate(games):
                f.write(json.dumps({"game": i, "start": start, "opening_plies": len(opening),
                                    "moves": opening + ["z"], "result": result}) + "\n")
        out = os.path.join(tmp, "kept.txt")
        proc = subprocess.run([sys.executable, os.path.join(REPO, "scripts", "select_openings.py"),
                               "--openings", cands, "--records", records, "--out", out],
                              capture_output=True, text=True, timeout=30)
        require(proc.returncode == 0, "select_openings ran", proc.stdout + proc.stderr)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        kept = [l.split("#")[0].strip() for l in text.splitlines() if not l.startswith("#")]
        require(kept == ["moves c d", "fen X Y moves e"], "the two split openings, in order", text)
        require("# candidates" in text and "kept 2 of 3 played" in text, "header kept, counts said", text)


if __name__ == "__main__":
    run_tests(globals())
