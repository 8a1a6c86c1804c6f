"""A WebSocket client for the tests of `ludus serve` (Python 3 standard
library only; RFC 6455, client side: masked frames out, unmasked in).

    with Server(path) as server:          # `ludus serve --port 0`, stopped at the end
        ws = WebSocket(server.port)       # handshake on /ws
        ws.send("ugi"); ws.read_until("ugiok")
        ws.close()
"""

import base64
import os
import re
import socket
import struct
import subprocess
import tempfile
import time

TIMEOUT = 10.0


class Server:
    """`ludus serve --port 0` on loopback; `port` is the one it printed. Its
    stdout and stderr go to a file (a pipe nobody reads could fill and stop
    the server), read by output()."""

    def __init__(self, path, *args):
        self.log = tempfile.TemporaryFile()
        self.argv = [path, "serve", "--port", "0", *args]
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        self.code = None
        end = time.monotonic() + 15
        while True:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", self.output())
            if m:
                self.port = int(m.group(1))
                return
            if self.proc.poll() is not None or time.monotonic() > end:
                self.proc.kill()
                raise AssertionError(f"`{' '.join(self.argv)}` printed {self.output()[-2000:]!r}, not its address")
            time.sleep(0.02)

    def output(self):
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.stop()
        else:
            self.proc.kill()
        return False

    def stop(self):
        """Ends the server; AssertionError if it does not end within 5 s of
        SIGTERM or reported a sanitizer error."""
        self.proc.terminate()
        try:
            self.code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.code = "killed"
            raise AssertionError("ludus serve did not end within 5 s of SIGTERM")
        err = self.output()
        if "Sanitizer" in err or "runtime error" in err:
            raise AssertionError("ludus serve reported a sanitizer error:\n" + err[-3000:])


def http_get(port, target, headers=None):
    """(status, headers dict, body bytes) of one GET, on a raw socket."""
    s = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}Connection: close\r\n\r\n".encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
    return status, fields, body


class Closed(Exception):
    pass


class WebSocket:
    def __init__(self, port, origin=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        origin_line = f"Origin: {origin}\r\n" if origin else ""
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n{origin_line}\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise Closed("closed during the handshake")
            head += chunk
        self.status = int(head.split(b" ", 2)[1])
        self.pending = b""
        self.lines = []  # every text message received, in order

    def send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, text):
        self.send_frame(0x1, text.encode())

    def _read(self, n):
        while len(self.pending) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("connection closed")
            self.pending += chunk
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def recv(self, timeout=TIMEOUT):
        """The next text message; Closed on a close frame or end of stream."""
        self.sock.settimeout(timeout)
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed(f"close frame {code}")
            if opcode == 0x9:
                self.send_frame(0xA, payload)
                continue
            if opcode == 0x1:
                line = payload.decode()
                self.lines.append(line)
                return line

    def read_until(self, done, timeout=TIMEOUT):
        """Messages up to and including the first for which done(line) holds
        (a string: that exact line)."""
        pred = (lambda l: l == done) if isinstance(done, str) else done
        out, end = [], time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out; last messages {out[-5:]}")
            line = self.recv(left)
            out.append(line)
            if pred(line):
                return out

    def sync(self):
        """isready; the messages before readyok."""
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def close(self):
        try:
            self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()
