"""UGI `query parts`: a turn entered part by part (PROTOCOL.md), the way the
browser board enters Arimaa's steps, Linja's sub-moves and Camelot's chains."""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import ERROR_RE, check, engine, run_tests  # noqa: E402

ALL_GAMES = ["othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese"]
ARIMAA_PLAYED = "rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR g 2"


def parts(e, *given):
    """('next', fen, [parts]) or ('turn', fen, token) or ('error', line)."""
    out = e.cmd("query parts " + " ".join(given))
    check(len(out) == 1, e, f"query parts answered {out}")
    line = out[0]
    if ERROR_RE.match(line):
        return ("error", line)
    check(line.startswith("response parts fen "), e, f"query parts answered {line}")
    body = line[len("response parts fen "):]
    if " turn " in body:
        fen, token = body.rsplit(" turn ", 1)
        return ("turn", fen, token)
    check(body.endswith(" next") or " next " in body, e, f"no next list: {line}")
    fen, _, rest = body.partition(" next")
    return ("next", fen, rest.split())


def test_random_turns_by_parts_are_legal_turns(path):
    # In every game: turns built from random listed parts are whole turns
    # the engine accepts (and, where the list is small, among `query moves`).
    rng = random.Random(7)
    for game in ALL_GAMES:
        with engine(path) as e:
            e.ok(f"newgame {game}")
            e.ok("position fen " + ARIMAA_PLAYED if game == "arimaa" else "position startpos")
            played = []
            for _ in range(6):
                got = parts(e)
                if got[0] == "error":
                    break  # the game is over
                chosen = []
                while got[0] == "next":
                    check(got[2], e, f"{game}: an unfinished turn lists no part after {chosen}")
                    chosen.append(rng.choice(got[2]))
                    got = parts(e, *chosen)
                    check(got[0] != "error", e, f"{game}: a listed part was refused: {chosen} -> {got}")
                token = got[2]
                if game != "arimaa":
                    check(token in e.cmd("query moves")[-1].split()[1:], e, f"{game}: {token} not in query moves")
                played.append(token)
                start = ARIMAA_PLAYED if game == "arimaa" else None
                e.ok(("position fen " + start if start else "position startpos") + " moves " + " ".join(played))
                fen = e.cmd("query fen")[0][len("response "):]
                check(fen == got[1], e, f"{game}: the FEN after the parts {got[1]!r} is not the position after {token} ({fen!r})")


def test_an_arimaa_turn_step_by_step(path):
    with engine(path) as e:
        e.ok("newgame arimaa")
        e.ok("position fen " + ARIMAA_PLAYED)
        got = parts(e, "d2n")
        check(got[0] == "next" and "end" in got[2] and "d3n" in got[2], e, f"after one step: {got}")
        check(got[1].startswith("rrrrrrrr/hdcemcdh/8/8/8/3M4/HDC1ECDH/"), e, f"the board after d2n: {got[1]}")
        check(parts(e, "d2n", "end") == ("turn", got[1].replace(" g ", " s "), "Md2n"), e, "d2n then end")
        four = parts(e, "d2n", "d3n", "d4n", "d5n")
        check(four[0] == "turn" and four[2] == "Md2n,Md3n,Md4n,Md5n", e, f"four steps: {four}")
        for bad in (("d2s",), ("d2n", "d3n", "d4n", "d5n", "d6n"), ("end",), ("d2n", "zz")):
            got = parts(e, *bad)
            check(got[0] == "error", e, f"query parts {' '.join(bad)} was accepted: {got}")
        check(e.cmd("query fen") == ["response " + ARIMAA_PLAYED], e, "query parts changed the position")


def test_parts_in_a_finished_game(path):
    with engine(path) as e:
        e.ok("newgame othello")
        e.ok("position fen " + "X" * 64 + " O")
        check(parts(e)[0] == "error", e, "a finished game lists parts")


if __name__ == "__main__":
    run_tests(globals())
