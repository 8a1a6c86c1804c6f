"""scripts/othello_data.py and the pattern evaluation end to end.

Tiny self-play shards (2 games, shallow searches, solved from 12 empties):
the line format, exact labels equal to the results of the perfectly played
endings, shards that together make the unsharded run, --resume after a
killed run, merge dropping duplicates, relabel by deeper searches (shards,
--resume); then othello_pattern_train on the
positions, the weight file selected over UGI (`PatternFile`, `Evaluator
pattern`) and searched with, and a missing or corrupt file refused with one
error line while the previous evaluator stays.
Run: python3 tests/protocol/test_othello_data.py <path-to-ludus>
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import ERROR_RE, check, engine, require, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(REPO, "scripts", "othello_data.py")
TINY = ["--depth", "3", "--exact-empties", "12", "--random-plies", "6", "--hash", "16", "--quiet"]


def data(path, args, timeout=240):
    proc = subprocess.run([sys.executable, DATA, "--ludus", path, *args], capture_output=True, text=True,
                          timeout=timeout)
    require(proc.returncode == 0, f"othello_data.py {' '.join(args)} failed", proc.stdout + proc.stderr)
    return proc.stdout + proc.stderr


def merge(out, inputs):
    proc = subprocess.run([sys.executable, DATA, "merge", out, *inputs], capture_output=True, text=True,
                          timeout=60)
    require(proc.returncode == 0, "merge failed", proc.stdout + proc.stderr)


def positions(path):
    with open(path, encoding="utf-8") as f:
        return [l.split() for l in f if l.strip() and not l.startswith("#")]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


_cache = {}


def two_games(path, tmp):
    """The unsharded 2-game run (made once per test run)."""
    if "full" not in _cache:
        out = os.path.join(tmp, "full.txt")
        data(path, ["--games", "2", "--seed", "5", "--out", out, *TINY])
        _cache["full"] = read(out)
    return _cache["full"]


def two_games_file(path, tmp, name):
    """The 2-game run written to tmp/name; its path."""
    out = os.path.join(tmp, name)
    with open(out, "w", encoding="utf-8") as f:
        f.write(two_games(path, tmp))
    return out


def split_games(text):
    """[[position words, ...] per game], each game closed by its marker."""
    games, current = [], []
    for line in text.splitlines():
        if line.startswith("# game "):
            games.append(current)
            current = []
        elif line.strip():
            current.append(line.split())
    require(not current, "positions after the last game marker", text[-500:])
    return games


def test_lines_and_exact_labels(path):
    with tempfile.TemporaryDirectory() as tmp:
        text = two_games(path, tmp)
        markers = [l.split() for l in text.splitlines() if l.startswith("# game ")]
        require([m[2] for m in markers] == ["0", "1"], f"game markers {markers}", text)
        games = split_games(text)
        require([len(g) for g in games] == [int(m[m.index("positions") + 1]) for m in markers],
                "position counts of the markers", text)
        start = ["-" * 27 + "OX------XO" + "-" * 27, "X"]
        for rows in games:
            require(len(rows) >= 50, f"only {len(rows)} positions in a game", text)
            require(rows[0][:2] == start, f"a game starts at {rows[0]}")
            black = int(rows[0][4])
            for r in rows:
                require(len(r) == 5 and len(r[0]) == 64 and r[1] in ("X", "O"), f"bad line {r}")
                require(r[3] in ("exact", "search", "result"), f"label kind {r}")
                require(-64 <= float(r[2]) <= 64, f"label out of range {r}")
                # The result column is the game's margin from each mover's view.
                require(int(r[4]) == (black if r[1] == "X" else -black), f"result {r[4]} in {r}", text)
                if r[0].count("-") <= 12:
                    require(r[3] == "exact", f"a position with 12 empties or fewer is not solved: {r}")
                if r[3] == "exact":
                    # Solved positions are played perfectly to the end, so
                    # their exact value is the game's final margin.
                    require(r[2] == r[4], f"exact label {r[2]} but the game ended {r[4]}: {r}")
                if r[3] == "search":
                    require(r[0].count("-") > 12, f"a search label in the solved part: {r}")
        require(any(r[3] == "search" for g in games for r in g), "no search labels", text)


def test_shards_make_the_unsharded_run(path):
    with tempfile.TemporaryDirectory() as tmp:
        full = two_games(path, tmp)
        parts = []
        for i in (1, 2):
            out = os.path.join(tmp, f"part{i}.txt")
            data(path, ["--games", "2", "--seed", "5", "--shard", f"{i}/2", "--out", out, *TINY])
            parts.append(read(out))
        require(parts[0] + parts[1] == full, "shards 1/2 + 2/2 differ from the unsharded run",
                parts[0][-500:] + parts[1][-500:])


def test_resume_after_a_killed_run(path):
    with tempfile.TemporaryDirectory() as tmp:
        full = two_games(path, tmp)
        out = os.path.join(tmp, "cut.txt")
        # Game 0 complete, half of game 1's first line: what a killed run leaves.
        cut = full.index("# game 0")
        cut = full.index("\n", cut) + 1
        with open(out, "w", encoding="utf-8") as f:
            f.write(full[:cut] + full[cut:cut + 30])
        log = data(path, ["--games", "2", "--seed", "5", "--out", out, "--resume", *TINY])
        require(read(out) == full, "the resumed run differs from the uninterrupted one", log)
        require("1 games" in log and "1 games already there" in log, "resume did not skip game 0", log)
        # Without --resume an existing file is refused, not appended to.
        proc = subprocess.run([sys.executable, DATA, "--ludus", path, "--games", "2", "--out", out, *TINY],
                              capture_output=True, text=True, timeout=60)
        require(proc.returncode != 0 and read(out) == full, "an existing --out was overwritten", proc.stderr)


def test_merge_drops_duplicates(path):
    with tempfile.TemporaryDirectory() as tmp:
        full = two_games_file(path, tmp, "full.txt")
        rows = positions(full)
        # A copy whose labels are all downgraded: merge keeps the better kind.
        worse = os.path.join(tmp, "worse.txt")
        with open(worse, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(f"{r[0]} {r[1]} {r[4]} result {r[4]}\n")
        merged = os.path.join(tmp, "merged.txt")
        merge(merged, [worse, full, full])
        got = positions(merged)
        keys = [(r[0], r[1]) for r in got]
        require(len(keys) == len(set(keys)), "merge left duplicates")
        require(set(keys) == {(r[0], r[1]) for r in rows}, "merge lost or invented positions")
        require(len(got) < len(rows), "both games start at the start position: one duplicate at least")
        best = {}
        for r in rows:
            best.setdefault((r[0], r[1]), r)
        require(all(r == best[(r[0], r[1])] for r in got if best[(r[0], r[1])][3] != "result"),
                "merge kept a worse label kind")


def relabel(path, args, timeout=240):
    proc = subprocess.run([sys.executable, DATA, "relabel", "--ludus", path, *args], capture_output=True,
                          text=True, timeout=timeout)
    require(proc.returncode == 0, f"relabel {' '.join(args)} failed", proc.stdout + proc.stderr)
    return proc.stdout + proc.stderr


def test_relabel_deeper_shards_and_resume(path):
    with tempfile.TemporaryDirectory() as tmp:
        src = two_games_file(path, tmp, "full.txt")
        rows = positions(src)
        out = os.path.join(tmp, "deep.txt")
        log = relabel(path, ["--in", src, "--out", out, "--depth", "5", "--quiet"])
        deep = positions(out)
        require(len(deep) == len(rows), f"{len(deep)} lines out of {len(rows)}", log)
        changed = 0
        for old, new in zip(rows, deep):
            require(new[:2] == old[:2] and new[4] == old[4], f"position or result changed: {old} -> {new}")
            if old[3] != "search":
                require(new == old, f"an {old[3]} line was not copied: {old} -> {new}")
            else:
                require(new[3] == "search" and -64 <= float(new[2]) <= 64, f"relabelled line {new}")
                changed += new[2] != old[2]
        require(changed > 0, "depth 5 gave every depth-3 label again", log)
        # Shards interleave the lines; each label is the engine's at a
        # cleared table, so together they make the unsharded run.
        parts = []
        for i in (1, 2):
            part = os.path.join(tmp, f"deep{i}.txt")
            relabel(path, ["--in", src, "--out", part, "--depth", "5", "--shard", f"{i}/2", "--quiet"])
            parts.append(positions(part))
        require(parts[0] == deep[0::2] and parts[1] == deep[1::2], "shards differ from the unsharded run")
        # A killed run resumes after its last complete line.
        cut = os.path.join(tmp, "cut.txt")
        text = read(out)
        end = text.index("\n", len(text) // 2) + 1
        with open(cut, "w", encoding="utf-8") as f:
            f.write(text[:end] + text[end:end + 20])
        relabel(path, ["--in", src, "--out", cut, "--depth", "5", "--resume", "--quiet"])
        require(read(cut) == text, "the resumed relabel differs from the uninterrupted one")
        proc = subprocess.run([sys.executable, DATA, "relabel", "--ludus", path, "--in", src, "--out", cut,
                               "--depth", "5"], capture_output=True, text=True, timeout=60)
        require(proc.returncode != 0 and read(cut) == text, "an existing --out was overwritten", proc.stderr)
        # Deep enough to reach the end: the late search lines become exact.
        late = os.path.join(tmp, "late.txt")
        with open(late, "w", encoding="utf-8") as f:
            f.writelines(" ".join(r) + "\n" for r in rows if r[3] == "search" and r[0].count("-") <= 14)
        solved = os.path.join(tmp, "solved.txt")
        relabel(path, ["--in", late, "--out", solved, "--depth", "64", "--quiet"])
        got = positions(solved)
        require(got and all(r[3] == "exact" and r[2].lstrip("-").isdigit() for r in got),
                f"solves not exact: {got[:3]}")


def test_train_and_select_the_pattern_evaluator(path):
    trainer = os.path.join(os.path.dirname(path), "othello_pattern_train")
    require(os.access(trainer, os.X_OK), f"no trainer next to the engine: {trainer}")
    with tempfile.TemporaryDirectory() as tmp:
        pos = two_games_file(path, tmp, "pos.txt")
        weights = os.path.join(tmp, "w.bin")
        proc = subprocess.run([trainer, "--out", weights, "--l2", "1", "--iterations", "50", pos],
                              capture_output=True, text=True, timeout=120)
        require(proc.returncode == 0 and os.path.exists(weights), "trainer failed", proc.stdout + proc.stderr)
        require("held-rms" in proc.stdout and "all stages: held-out rms" in proc.stdout, "no per-stage report",
                proc.stdout)
        with open(weights, "rb") as f:
            blob = f.read()
        require(blob[:8] == b"LUDUSPAT", "weight file magic")
        corrupt = os.path.join(tmp, "corrupt.bin")
        with open(corrupt, "wb") as f:
            f.write(blob[:-7] + bytes([blob[-7] ^ 1]) + blob[-6:])

        # No default file in an empty book directory.
        os.environ["LUDUS_BOOK_DIR"] = tmp
        try:
            with engine(path) as e:
                e.ok("setoption name OwnBook value false")
                e.ok("position startpos moves f5 d6 c3")
                ludus_eval = e.cmd("eval")
                # Without the shipped weights the default evaluator is ludus.
                check(not ludus_eval[0].startswith("info string pattern eval"), e, f"default eval: {ludus_eval}")
                check(e.cmd("setoption name Evaluator value ludus") == [] and e.cmd("eval") == ludus_eval, e,
                      "the default evaluator without the shipped weights is not ludus")
                for line in ("setoption name Evaluator value pattern",
                             f"setoption name PatternFile value {os.path.join(tmp, 'missing.bin')}",
                             f"setoption name PatternFile value {corrupt}"):
                    out = e.cmd(line)
                    check(len(out) == 1 and ERROR_RE.match(out[0]), e, f"{line}: expected one error line, got {out}")
                check("checksum" in e.cmd(f"setoption name PatternFile value {corrupt}")[0], e,
                      "a corrupt file's error names the checksum")
                check(e.cmd("eval") == ludus_eval, e, "a refused file changed the evaluator")
                e.ok(f"setoption name PatternFile value {weights}")
                check(e.cmd("eval") == ludus_eval, e, "PatternFile alone changed the evaluator")
                e.ok("setoption name Evaluator value pattern")
                pattern_eval = e.cmd("eval")
                check(pattern_eval[0].startswith("info string pattern eval"), e, f"eval: {pattern_eval}")
                legal = e.query("moves").split()
                best, infos, _ = e.go("depth 8", timeout=60)
                check(best and best[0] in legal, e, f"go depth 8 with the pattern evaluator: {best}, legal {legal}")
                # A corrupt file now: refused, the pattern weights stay.
                check(len(e.cmd(f"setoption name PatternFile value {corrupt}")) == 1, e, "corrupt file accepted")
                check(e.cmd("eval") == pattern_eval, e, "a refused file replaced the weights in use")
                e.ok("setoption name Evaluator value ludus")
                check(e.cmd("eval") == ludus_eval, e, "back to ludus")
        finally:
            del os.environ["LUDUS_BOOK_DIR"]


def test_trainer_prior_mix_and_test_set(path):
    trainer = os.path.join(os.path.dirname(path), "othello_pattern_train")
    require(os.access(trainer, os.X_OK), f"no trainer next to the engine: {trainer}")

    def train(*args):
        proc = subprocess.run([trainer, *args], capture_output=True, text=True, timeout=120)
        return proc.returncode, proc.stdout + proc.stderr

    def test_rms(text):
        lines = [l for l in text.splitlines() if l.startswith("test: rms ") and " discs on " in l]
        require(len(lines) == 1, "no test summary", text)
        return float(lines[0].split()[2])

    def used(text):
        lines = [l for l in text.splitlines() if "positions (" in l and "labels)" in l]
        require(lines, "no positions count", text)
        return int(lines[0].split()[0])

    with tempfile.TemporaryDirectory() as tmp:
        pos = two_games_file(path, tmp, "pos.txt")
        w = os.path.join(tmp, "w.bin")
        code, out = train("--out", w, "--l2", "1", "--iterations", "50", "--test", pos, pos)
        require(code == 0, "trainer with --test failed", out)
        fitted = test_rms(out)
        # The file's own error on the same positions, without a fit: the
        # fit's (within the rounding of the weights to centi-discs).
        code, out = train("--weights", w, "--test", pos)
        require(code == 0, "--weights failed", out)
        from_file = test_rms(out)
        require(abs(from_file - fitted) < 0.05, f"--weights {from_file} against the fit's {fitted}")
        # A prior held by an overwhelming penalty comes back unchanged.
        w2 = os.path.join(tmp, "w2.bin")
        code, out = train("--out", w2, "--prior", w, "--l2", "1e9", "--test", pos, pos)
        require(code == 0, "--prior failed", out)
        require(abs(test_rms(out) - from_file) < 0.005, "a prior under a huge penalty moved", out)
        # Labels: a mix of search label and result; results only for the
        # positions after the last random move.
        code, out = train("--out", w2, "--label", "mix:0.5", "--l2", "1", pos)
        require(code == 0, "--label mix:0.5 failed", out)
        code, out = train("--out", w2, "--label", "mix:2", pos)
        require(code == 2, "--label mix:2 accepted", out)
        code, all_results = train("--out", w2, "--label", "result", pos)
        code2, late_results = train("--out", w2, "--label", "result", "--result-max-empties", "30", pos)
        require(code == 0 and code2 == 0, "--label result failed", all_results + late_results)
        require(0 < used(late_results) < used(all_results),
                "--result-max-empties did not drop the early positions", late_results)


if __name__ == "__main__":
    run_tests(globals())
