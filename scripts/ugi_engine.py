"""A UGI engine process driven over pipes (Python standard library only).

Used by the match runner, the benchmark scripts and the protocol tests'
tools: start a command, send lines, wait for lines with timeouts, so that a
hung or crashed engine is reported instead of hanging the caller.
"""

import os
import queue
import shlex
import subprocess
import threading
import time


class EngineError(Exception):
    """The engine crashed, hung, or answered something unexpected."""


class UgiEngine:
    def __init__(self, command, name=None, stderr=subprocess.DEVNULL):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.name = name or " ".join(self.argv)
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
            text=True, encoding="utf-8", errors="replace", bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\r\n")))
        self.lines.put((time.monotonic(), None))  # end of output

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: cannot write '{line}': {e}") from e

    def read_line(self, deadline):
        """The next line, or EngineError at the deadline (monotonic seconds)."""
        timeout = max(0.0, deadline - time.monotonic())
        try:
            stamp, line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"{self.name}: no answer in time") from None
        if line is None:
            self.lines.put((stamp, None))
            raise EngineError(f"{self.name}: the engine exited")
        return stamp, line

    def wait_for(self, predicate, timeout):
        """Reads lines until predicate(line) is true; returns (stamp, line, seen)."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            stamp, line = self.read_line(deadline)
            seen.append(line)
            if predicate(line):
                return stamp, line, seen

    def handshake(self, options=(), timeout=10.0):
        self.send("ugi")
        self.wait_for(lambda l: l == "ugiok", timeout)
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.sync(timeout)

    def sync(self, timeout=10.0):
        """isready/readyok; returns the lines printed before readyok."""
        self.send("isready")
        return self.wait_for(lambda l: l == "readyok", timeout)[2][:-1]

    def query(self, what, timeout=10.0):
        self.send(f"query {what}")
        _, line, _ = self.wait_for(
            lambda l: l.startswith("response") or l.startswith("info string error"), timeout)
        if not line.startswith("response"):
            raise EngineError(f"{self.name}: query {what}: {line}")
        return line[len("response"):].strip()

    def go(self, go_args, timeout):
        """Sends `go ...`, returns (bestmove, seconds taken, info lines)."""
        start = time.monotonic()
        self.send("go " + go_args if go_args else "go")
        stamp, line, seen = self.wait_for(lambda l: l.startswith("bestmove"), timeout)
        words = line.split()
        if len(words) < 2:
            raise EngineError(f"{self.name}: malformed '{line}'")
        return words[1], stamp - start, [l for l in seen if l.startswith("info")]

    def close(self, timeout=5.0):
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except EngineError:
                pass
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def last_score(info_lines):
    """(kind, value) of the last line with a `score cp|mate N`, kind "cp"
    or "mate"; None when no line has one. Callers rank mates their own way."""
    for line in reversed(info_lines):
        words = line.split()
        if "score" in words:
            k = words.index("score")
            return words[k + 1], int(words[k + 2])
    return None


def machine():
    """One line naming the machine for benchmark reports: CPU model, cores,
    OS, and the 1-minute load average (figures under load are pessimistic)."""
    import platform
    cpu = "unknown cpu"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = os.getloadavg()[0]
    except (OSError, AttributeError):
        load = float("nan")
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, load average {load:.1f}"
