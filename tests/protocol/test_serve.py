"""`ludus serve`: the HTTP side (the page's files) and the WebSocket games,
driven with a raw socket client (wsclient.py). The browser test is
tests/web/test_serve_board.py."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import ERROR_RE, run_tests  # noqa: E402
from wsclient import Closed, Server, WebSocket, http_get  # noqa: E402


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)


def game_socket(server, game):
    ws = WebSocket(server.port)
    check(ws.status == 101, f"WebSocket handshake answered {ws.status}")
    ws.send("ugi")
    ws.read_until("ugiok")
    ws.send(f"newgame {game}")
    ws.sync()
    return ws


def query(ws, what):
    ws.send(f"query {what}")
    line = ws.read_until(lambda l: l.startswith("response") or ERROR_RE.match(l))[-1]
    return line


def test_the_page_and_nothing_else(path):
    with Server(path) as server:
        status, fields, body = http_get(server.port, "/")
        check(status == 200 and fields.get("content-type", "").startswith("text/html") and b"<html" in body.lower(),
              f"GET / -> {status} {fields.get('content-type')}")
        check("default-src 'self'" in fields.get("content-security-policy", ""), "the page has no CSP")
        for target in ("/no-such-file.js", "/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/ws"):
            status, _, _ = http_get(server.port, target)
            check(status == 404, f"GET {target} -> {status}, expected 404")


def test_a_game_over_the_socket(path):
    with Server(path) as server:
        ws = game_socket(server, "linja")
        ws.send("position startpos")
        first = query(ws, "parts")
        check(first.startswith("response parts fen r6b0/") and " next " in first and "1-2" in first.split(" next ")[1].split(),
              f"query parts at the start: {first}")
        after = query(ws, "parts 1-2")
        check(after.startswith("response parts fen ") and " next " in after, f"query parts 1-2: {after}")
        ws.send("go movetime 100")
        lines = ws.read_until(lambda l: l.startswith("bestmove"), timeout=10)
        check(any(l.startswith("info depth") for l in lines), f"no info before bestmove: {lines[-3:]}")
        best = lines[-1].split()[1]
        moves = query(ws, "moves").split()[1:]
        check(best in moves, f"bestmove {best} not among the legal moves {moves[:10]}")
        ws.send("go infinite")
        time.sleep(0.2)
        start = time.monotonic()
        ws.send("stop")
        ws.read_until(lambda l: l.startswith("bestmove"), timeout=5)
        took = time.monotonic() - start
        check(took < 0.5, f"bestmove {took * 1000:.0f} ms after stop")
        ws.close()


def test_bad_messages_change_nothing(path):
    with Server(path) as server:
        ws = game_socket(server, "camelot")
        ws.send("position startpos moves c6-c7")
        check(ws.sync() == [], "a legal position command answered something")
        fen = query(ws, "fen")
        check(fen.startswith("response ") and fen.endswith(" b 0 0 1"), f"after c6-c7: {fen}")
        for bad in ("position fen garbage", "perft 4", "bench", "setoption name Hash value 4096",
                    "setoption name threads value 8", "query parts z9-z10", "position startpos moves a1-a2",
                    "x" * 10000, "\u00e9\u00e8 \u2603"):
            ws.send(bad)
            got = ws.sync()
            check(len(got) == 1 and ERROR_RE.match(got[0]), f"{bad[:40]!r} answered {got[:3]}, not one error line")
        ws.send_frame(0x2, os.urandom(300))
        got = ws.sync()
        check(len(got) == 1 and ERROR_RE.match(got[0]), f"a binary message answered {got}")
        check(query(ws, "fen") == fen, "a bad message changed the position")
        ws.close()


def test_games_are_apart(path):
    with Server(path) as server:
        a = game_socket(server, "arimaa")
        b = game_socket(server, "othello")
        check(query(a, "game") == "response arimaa" and query(b, "game") == "response othello",
              "two connections share one game")
        b.send("position startpos moves d3")
        check(query(a, "fen") == "response 8/8/8/8/8/8/8/8 g 1", "a move of one game reached the other")
        a.close()
        b.close()


def test_the_games_at_once_are_capped(path):
    with Server(path, "--max-games", "2") as server:
        first, second = game_socket(server, "othello"), game_socket(server, "othello")
        third = WebSocket(server.port)
        check(third.status == 503, f"a third game with --max-games 2 answered {third.status}")
        first.send("go infinite")  # a game that goes away mid-search frees its place
        time.sleep(0.1)
        first.close()
        for _ in range(50):
            again = WebSocket(server.port)
            if again.status == 101:
                break
            time.sleep(0.1)
        check(again.status == 101, f"a place freed by a closed game answered {again.status}")
        second.send("quit")
        try:
            second.read_until(lambda l: False, timeout=5)
        except Closed:
            pass
        else:
            raise AssertionError("quit did not close the connection")


def test_another_sites_page_is_refused(path):
    with Server(path) as server:
        evil = WebSocket(server.port, origin="http://attacker.example")
        check(evil.status == 403, f"a WebSocket from another site's page answered {evil.status}")
        own = WebSocket(server.port, origin=f"http://127.0.0.1:{server.port}")
        check(own.status == 101, f"the page's own WebSocket answered {own.status}")
        own.close()


def test_an_oversized_message_closes_the_connection(path):
    with Server(path) as server:
        ws = game_socket(server, "othello")
        ws.send("x" * 100000)
        try:
            ws.read_until(lambda l: False, timeout=5)
        except Closed as e:
            check("1009" in str(e), f"closed with {e}, expected 1009 (message too big)")
        else:
            raise AssertionError("a 100 kB message did not close the connection")
        ok = game_socket(server, "othello")  # the server goes on
        ok.close()


if __name__ == "__main__":
    run_tests(globals())
