"""Terminal play (`ludus play`, protocol/play.cpp) driven through the real binary.

Every engine move `ludus play` makes is checked for legality by a second
`ludus` in UGI mode, and the result it announces against that referee's
`query result`. Run: python3 tests/protocol/test_play.py <path-to-ludus>
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from enginepipe import START_FEN, Engine, require, run_tests  # noqa: E402

GAMES = ("othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese")


def play(path, args, stdin="", timeout=120):
    """Runs `ludus play` with `args`; returns (exit code, stdout, stderr)."""
    proc = subprocess.run([path, "play", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def moves_line(out):
    lines = [l for l in out.splitlines() if l.startswith("moves: ")]
    require(len(lines) == 1, "expected one final 'moves:' line", out)
    text = lines[0][len("moves: "):]
    return [] if text == "(none)" else text.split()


def referee_replay(path, game, moves):
    """Replays `moves` in a UGI ludus; returns its `query result` answer."""
    ref = Engine(path, name="referee")
    try:
        ref.send("ugi")
        ref.expect("ugiok")
        ref.send(f"newgame {game}")
        ref.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        errors = [l for l in ref.sync() if l.startswith("info string error")]
        require(not errors, f"{game}: the referee refused the game: {errors}")
        ref.send("query result")
        return ref.expect(re.compile(r"^response \S+$")).split()[1]
    finally:
        ref.close()


def test_engine_plays_every_game_legally(path):
    # --human none: the engine plays both sides; every turn must be legal and
    # the announced result must be the referee's.
    for game in GAMES:
        max_turns = 12 if game == "arimaa" else 300
        code, out, err = play(path, ["--game", game, "--human", "none", "--movetime", "10",
                                     "--max-turns", str(max_turns)])
        require(code == 0, f"{game}: exit code {code}: {err}", out)
        moves = moves_line(out)
        require(len(moves) > 0, f"{game}: no move was played", out)
        result = referee_replay(path, game, moves)
        over = re.search(r"^Game over: (p1 wins|p2 wins|draw) after (\d+) turns\.$", out, re.M)
        if over:
            require(int(over.group(2)) == len(moves), f"{game}: turn count differs", out)
            expected = {"p1 wins": "p1win", "p2 wins": "p2win", "draw": "draw"}[over.group(1)]
            require(result == expected, f"{game}: play says {over.group(1)}, referee {result}", out)
        else:
            require(f"Stopped after {max_turns} turns" in out, f"{game}: neither over nor stopped", out)
            require(len(moves) == max_turns and result == "none", f"{game}: stopped early ({result})", out)
        # The board is drawn before the first move and after every move.
        announced = re.findall(r"^p[12] \(ludus\) plays (\S+)", out, re.M)
        require(announced == moves, f"{game}: not every move was announced", out)


def test_person_commands_othello(path):
    script = "help\nmoves\na1\nd3\nfen\nundo\nfen\nquit\n"
    code, out, err = play(path, ["--game", "othello", "--human", "p1", "--movetime", "20"], script)
    require(code == 0, f"exit code {code}: {err}", out)
    require("4 moves: d3 c4 f5 e6" in out, "'moves' lists the four opening moves", out)
    require(re.search(r"^p1> illegal: .*a1", out, re.M) is not None, "an illegal move is refused", out)
    require("p1 plays d3" in out, "the person's move is played", out)
    reply = re.search(r"^p2 \(ludus\) plays (\S+)", out, re.M)
    require(reply is not None and reply.group(1) in ("c3", "e3", "c5"), "the engine answers legally", out)
    fens = re.findall(r"^p1> (\S{64} [XO])$", out, re.M)
    require(len(fens) == 2, "two fen answers", out)
    require(fens[0] != START_FEN and fens[1] == START_FEN, "undo takes back the reply and the move", out)
    require("Took back; 0 turns played." in out, "undo reports what it did", out)
    for word in ("moves", "hint", "undo", "quit"):
        require(re.search(rf"^\s+{word}\s", out, re.M) is not None, f"help names '{word}'", out)


def test_hint_is_a_legal_move_and_not_played(path):
    code, out, err = play(path, ["--game", "othello", "--movetime", "30"], "hint\nfen\nquit\n")
    require(code == 0, f"exit code {code}: {err}", out)
    hint = re.search(r"^p1> hint: (\S+)", out, re.M)
    require(hint is not None and hint.group(1) in ("d3", "c4", "f5", "e6"), "hint gives a legal move", out)
    require(f"p1> {START_FEN}" in out, "a hint does not play the move", out)


def test_engine_moves_first_when_person_plays_p2(path):
    code, out, err = play(path, ["--game", "othello", "--human", "p2", "--movetime", "20"], "quit\n")
    require(code == 0, f"exit code {code}: {err}", out)
    first_move = out.find("p1 (ludus) plays ")
    first_prompt = out.find("p2> ")
    require(0 <= first_move < first_prompt, "the engine plays p1 before the person is asked", out)


def test_turn_parts_typed_with_spaces(path):
    # Arimaa's first turn is a setup of 16 pieces; the parts may be typed with
    # spaces and become the comma-joined turn token.
    setup = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
    code, out, err = play(path, ["--game", "arimaa", "--human", "both"], setup + "\nfen\nquit\n")
    require(code == 0, f"exit code {code}: {err}", out)
    require("p1 plays " + setup.replace(" ", ",") in out, "the setup is played as one turn", out)
    require(re.search(r"^p2> \S+ s 1$", out, re.M) is not None, "silver sets up next", out)


def test_end_of_input_leaves_cleanly(path):
    code, out, err = play(path, ["--game", "linja"], "")
    require(code == 0, f"exit code {code}: {err}", out)
    require("p1> " in out, "the prompt was shown", out)


def test_bad_options_are_refused(path):
    for args, needle in ((["--human", "nobody"], "--human"), (["--level", "0"], "--level"),
                         (["--movetime", "0"], "--movetime"), (["--game", "chess"], "unknown game"),
                         (["--fen", "not a fen"], "")):
        code, out, err = play(path, args, "quit\n")
        require(code == 2, f"{args}: exit code {code}", out + err)
        require(needle in err and err.strip() != "", f"{args}: a clear error on stderr: {err!r}")


if __name__ == "__main__":
    run_tests(globals())
