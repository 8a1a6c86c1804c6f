"""A small driver for protocol transcript tests (Python 3 standard library only).

    eng = Engine(path)                  # starts the binary with pipes
    eng.send("position startpos")
    line = eng.expect("readyok")        # exact line, or a compiled regex
    lines = eng.read_until(lambda l: l.startswith("bestmove"))
    lines = eng.sync()                  # isready; the lines before readyok
    eng.close()                         # quit; fails if the engine hangs

Every wait has a timeout, so a hung engine fails the test instead of hanging
CI. Every stdout line is checked to be a protocol line (stdout carries
protocol lines only); violations fail the test at close() / check_clean().

`run_tests(globals())` runs every function named test_* with a fresh engine
(first argument), prints one line per test and `N passed, M failed`, and
exits non-zero on failure.
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time
import traceback

DEFAULT_TIMEOUT = 10.0

# First word of every line the engine may print on stdout (PROTOCOL.md 1).
PROTOCOL_WORDS = ("id", "option", "ugiok", "readyok", "bestmove", "info", "response")
# Fixed replies are whole lines with nothing after them.
EXACT_LINES = ("ugiok", "readyok")

ERROR_RE = re.compile(r"^info string error: \S.*$")
# The score is absent only from a progress line sent before any root move
# was scored (score_kind None).
INFO_RE = re.compile(
    r"^info depth (\d+) seldepth (\d+)(?: score (cp -?\d+|mate -?\d+)( lowerbound| upperbound)?)? "
    r"nodes (\d+) nps (\d+) time (\d+) hashfull (\d+)( pv( \S+)+)?$")

CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")

START_FEN = "---------------------------OX------XO--------------------------- X"


class EngineError(AssertionError):
    pass


def is_protocol_line(line):
    """True if `line` may appear on the engine's stdout."""
    if CONTROL_RE.search(line):
        return False            # a stray CR, ESC, NUL... would break or garble clients
    word = line.split(" ", 1)[0]
    if word not in PROTOCOL_WORDS:
        return False
    if word in EXACT_LINES:
        return line == word
    if line == "response":      # `query moves` when there is no legal move
        return True
    return len(line) > len(word) and line[len(word)] == " " and line.strip() == line


def parse_info(line):
    """The fields of an `info depth ...` line as a dict, or None."""
    m = INFO_RE.match(line)
    if not m:
        return None
    kind, value = m.group(3).split() if m.group(3) else (None, 0)
    return {
        "depth": int(m.group(1)), "seldepth": int(m.group(2)),
        "score_kind": kind, "score": int(value), "bound": (m.group(4) or "").strip(),
        "nodes": int(m.group(5)), "nps": int(m.group(6)), "time": int(m.group(7)),
        "hashfull": int(m.group(8)),
        "pv": m.group(9).split()[1:] if m.group(9) else [],
    }


def without_search_info(lines):
    """`lines` less the iteration lines of a running search (`info depth ...`);
    `info string` lines stay: they answer commands."""
    return [l for l in lines if l.startswith("info string") or not l.startswith("info ")]


class Engine:
    def __init__(self, path, args=(), name="engine"):
        self.path = path
        self.name = name
        self.proc = subprocess.Popen(
            [path, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, bufsize=0)
        self._q = queue.Queue()
        self.transcript = []      # ("<<" sent | ">>" received, text)
        self.bad_lines = []       # stdout lines that are not protocol lines
        self.stderr_chunks = []
        self.eof = False
        self._closed = False
        self._out_thread = threading.Thread(target=self._read_stdout, daemon=True)
        self._err_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self._out_thread.start()
        self._err_thread.start()

    # ---- reader threads ---------------------------------------------------
    def _read_stdout(self):
        stream = self.proc.stdout
        while True:
            raw = stream.readline()          # splits at b"\n" only
            if not raw:
                self._q.put(None)
                return
            if not raw.endswith(b"\n"):
                # The process ended in the middle of a line: a partial line.
                self.bad_lines.append("(partial line) " + raw.decode("utf-8", "replace"))
            text = raw.rstrip(b"\n").decode("utf-8", "replace")
            if not is_protocol_line(text):
                self.bad_lines.append(text)
            self._q.put(text)

    def _read_stderr(self):
        while True:
            chunk = self.proc.stderr.read(4096)
            if not chunk:
                return
            self.stderr_chunks.append(chunk)

    # ---- helpers -----------------------------------------------------------
    def stderr_text(self):
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")

    def fail(self, why):
        tail = self.transcript[-40:]
        lines = [f"{self.name}: {why}", "  last transcript lines:"]
        lines += [f"    {d} {t[:300]}" for d, t in tail]
        err = self.stderr_text().strip()
        if err:
            lines.append("  stderr: " + err[-2000:])
        raise EngineError("\n".join(lines))

    def send(self, line):
        """Sends one line (str or bytes; a newline is added)."""
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        shown = data.decode("utf-8", "replace")
        self.transcript.append(("<<", shown if len(shown) < 200 else shown[:200] + f"...({len(data)} bytes)"))
        try:
            self.proc.stdin.write(data + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            self.fail(f"cannot send {shown[:80]!r}: {e} (engine exited with {self.proc.poll()})")

    def send_many(self, lines):
        for l in lines:
            self.send(l)

    def read_line(self, timeout=DEFAULT_TIMEOUT):
        """The next stdout line; fails on timeout or end of output."""
        if self.eof:
            self.fail("engine output already ended")
        try:
            line = self._q.get(timeout=max(timeout, 0))
        except queue.Empty:
            self.fail(f"no output within {timeout:.1f} s")
        if line is None:
            self.eof = True
            self.fail(f"engine output ended (exit code {self.wait_exit(2.0)})")
        self.transcript.append((">>", line))
        return line

    def read_until(self, pred, timeout=DEFAULT_TIMEOUT, what=None):
        """Lines up to and including the first one for which pred(line) holds."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail(f"timeout ({timeout:.1f} s) waiting for {what or 'a line'}; last lines {seen[-5:]}")
            seen.append(self.read_line(left))
            if pred(seen[-1]):
                return seen

    def expect(self, pattern, timeout=DEFAULT_TIMEOUT):
        """Reads until a line equals `pattern` (str) or fully matches it (regex).
        Returns the matching line; the lines before it are in self.skipped."""
        if isinstance(pattern, str):
            pred, what = (lambda l: l == pattern), repr(pattern)
        else:
            pred, what = (lambda l: pattern.fullmatch(l) is not None), f"/{pattern.pattern}/"
        lines = self.read_until(pred, timeout, what)
        self.skipped = lines[:-1]
        return lines[-1]

    def collect(self, ms):
        """Every line that arrives within `ms` milliseconds."""
        deadline = time.monotonic() + ms / 1000.0
        out = []
        while not self.eof:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                line = self._q.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                self.eof = True
                break
            self.transcript.append((">>", line))
            out.append(line)
        return out

    def sync(self, timeout=DEFAULT_TIMEOUT):
        """Sends isready; returns the lines printed before readyok."""
        self.send("isready")
        return self.read_until(lambda l: l == "readyok", timeout, "readyok")[:-1]

    def cmd(self, line, timeout=DEFAULT_TIMEOUT):
        """Sends a command and returns its output (everything before readyok)."""
        self.send(line)
        return self.sync(timeout)

    def ok(self, line, timeout=DEFAULT_TIMEOUT):
        """Sends a command that must print nothing."""
        out = self.cmd(line, timeout)
        if out:
            self.fail(f"{line[:80]!r} printed {out[:5]}, expected nothing")

    def query(self, what, timeout=DEFAULT_TIMEOUT):
        """`query <what>` -> the answer after `response` ('' when empty)."""
        out = self.cmd("query " + what, timeout)
        # A running search may print its info lines meanwhile.
        out = [l for l in out if not (l.startswith("info ") and not ERROR_RE.match(l))]
        if len(out) != 1 or not (out[0] == "response" or out[0].startswith("response ")):
            self.fail(f"query {what}: expected one response line, got {out}")
        return out[0][len("response "):]

    def go(self, args, timeout=DEFAULT_TIMEOUT):
        """`go <args>`; returns (bestmove line words, info lines, seconds)."""
        t0 = time.monotonic()
        self.send("go " + args if args else "go")
        lines = self.read_until(lambda l: l.startswith("bestmove"), timeout, "bestmove")
        elapsed = time.monotonic() - t0
        return lines[-1].split()[1:], lines[:-1], elapsed

    def check_clean(self):
        if self.bad_lines:
            self.fail(f"non-protocol lines on stdout: {self.bad_lines[:5]}")

    def wait_exit(self, timeout):
        """Waits for the process to end; returns its exit code or None."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self._closed = True

    def drain(self, timeout=2.0):
        """After the process ended: the remaining stdout lines."""
        self._out_thread.join(timeout)
        out = []
        while True:
            try:
                line = self._q.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self.eof = True
                break
            self.transcript.append((">>", line))
            out.append(line)
        return out

    def close(self, timeout=3.0, send_quit=True):
        """Sends quit (unless told not to), waits; kills and fails on a hang."""
        if self._closed:
            return
        self._closed = True
        if send_quit and self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
        try:
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        rc = self.wait_exit(timeout)
        if rc is None:
            self.proc.kill()
            self.proc.wait(timeout=5)
            self.fail(f"engine did not exit within {timeout} s after quit; killed")
        self.drain()
        self.check_clean()
        if rc != 0:
            self.fail(f"engine exited with code {rc}")


# ---- a tiny test runner -----------------------------------------------------

def run_tests(namespace, argv=None):
    """Runs test_*(engine_path) functions in definition order."""
    argv = argv if argv is not None else sys.argv
    if len(argv) < 2:
        print(f"usage: {argv[0]} <path-to-ludus> [test-name-substring ...]")
        sys.exit(2)
    path = argv[1]
    if not os.access(path, os.X_OK):
        print(f"not an executable: {path}")
        sys.exit(2)
    wanted = argv[2:]
    tests = [(n, f) for n, f in namespace.items() if n.startswith("test_") and callable(f)]
    tests = [(n, f) for n, f in tests if not wanted or any(w in n for w in wanted)]
    passed = failed = 0
    t_all = time.monotonic()
    for name, fn in tests:
        t0 = time.monotonic()
        try:
            fn(path)
        except Exception as e:  # noqa: BLE001 - report every failure the same way
            failed += 1
            print(f"FAIL {name} ({time.monotonic() - t0:.2f} s)")
            if isinstance(e, EngineError):
                print("  " + str(e).replace("\n", "\n  "))
            else:
                print("  " + traceback.format_exc().replace("\n", "\n  "))
        else:
            passed += 1
            print(f"ok   {name} ({time.monotonic() - t0:.2f} s)")
        sys.stdout.flush()
    script = os.path.basename(argv[0])
    print(f"{script}: {passed} passed, {failed} failed ({time.monotonic() - t_all:.1f} s)")
    sys.exit(1 if failed else 0)


class engine:
    """`with engine(path) as e:` starts an engine and closes it cleanly
    (killing it if the test failed)."""

    def __init__(self, path, args=(), name="engine"):
        self.e = Engine(path, args, name)

    def __enter__(self):
        return self.e

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.e.close()
        else:
            self.e.kill()
        return False


def require(cond, why, output=""):
    """Fails a test that has no engine transcript (a script's output instead)."""
    if not cond:
        raise EngineError(why + ("\n--- output ---\n" + output[-3000:] if output else ""))


def check(cond, eng, why):
    """Fails the test with the transcript if `cond` is false."""
    if not cond:
        eng.fail(why)
