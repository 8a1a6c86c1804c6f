#!/usr/bin/env python3
"""The browser board of `ludus serve` (web/), driven in headless Chromium.

Starts `<ludus> serve --port <free port>`, opens the page and, by clicking
on it, plays a short game of every game against the engine (an Arimaa
setup by click and drag, then a turn of several steps, and a push; a
Linja turn of two sub-moves; a Camelot canter chain; a fox's jump chain), takes a move back,
sets a FEN and reads it back, asks for a hint, watches the engine play
itself, and sends malformed WebSocket messages that must get their error
and leave the game as it was.

Usage: test_serve_board.py <path-to-ludus> [--screenshots DIR] [--web-root DIR]
                           [--url URL] [test-name-substring ...]

--screenshots DIR saves DIR/serve-<game>.png, the board after its short game
(`--screenshots docs/images` remakes the pictures of docs/serve.md).
--web-root DIR is passed to `ludus serve` (the page from a folder instead
of the built-in copy); --url uses a server already running there.

Needs python3-selenium (Debian's, in /usr/lib/python3/dist-packages),
/usr/bin/chromium and /usr/bin/chromedriver. Prints one ok/FAIL line per
check and exits 1 if any failed.
"""

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
import traceback
import urllib.request

sys.dont_write_bytecode = True
try:
    import selenium  # noqa: F401
except ImportError:
    sys.path.append("/usr/lib/python3/dist-packages")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol"))
from wsclient import Server  # noqa: E402  (ludus serve on a free port)

GAMES = ["othello", "arimaa", "camelot", "linja", "mouse-cats", "hare-hounds", "fox-geese"]
MOVETIME = 200
IDLE = ("human", "setup", "over")


class CheckFailed(AssertionError):
    pass


class Page:
    """The board page in one browser, with waits that fail with the page's
    state and the last lines of its WebSocket transcript."""

    def __init__(self, url, shots):
        opts = webdriver.ChromeOptions()
        opts.binary_location = "/usr/bin/chromium"
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=1280,1000", "--disable-extensions", "--no-first-run"):
            opts.add_argument(a)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        self.d.set_script_timeout(20)
        self.url = url
        self.shots = shots
        self.downloads = tempfile.mkdtemp(prefix="ludus-web-")
        self.d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads})

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def state(self):
        try:
            return self.js("return window.ludus ? {phase: ludus.phase, status: ludus.status, fen: ludus.fen,"
                           " moves: ludus.moves, legal: ludus.legal.slice(0, 12), parts: ludus.parts,"
                           " path: ludus.path, log: ludus.transcript().slice(-12)} : 'no window.ludus'")
        except Exception as e:  # noqa: BLE001 - a diagnostic must not hide the failure
            return f"(page state unavailable: {e})"

    def fail(self, why):
        s = self.state()
        lines = [why]
        if isinstance(s, dict):
            lines.append(f"  phase {s['phase']!r}, status {s['status']!r}")
            lines.append(f"  fen {s['fen']!r}, moves {s['moves']}")
            lines.append(f"  legal {s['legal']} parts {s['parts']} path {s['path']}")
            lines += ["  ws " + l for l in s["log"]]
        else:
            lines.append(f"  {s}")
        errs = [e["message"] for e in self.d.get_log("browser") if e.get("level") == "SEVERE"]
        lines += ["  console: " + e for e in errs[-5:]]
        raise CheckFailed("\n".join(lines))

    def check(self, cond, why):
        if not cond:
            self.fail(why)

    def wait(self, script, what, timeout=15.0):
        end = time.monotonic() + timeout
        while True:
            v = self.js(script)
            if v:
                return v
            if time.monotonic() > end:
                self.fail(f"timeout ({timeout:.0f} s) waiting for {what}")
            time.sleep(0.03)

    def idle(self, what="the page to wait for a person", timeout=15.0):
        return self.wait(f"return {list(IDLE)}.includes(ludus.phase) && ludus.phase", what, timeout)

    def ludus(self, attr):
        return self.js(f"return ludus.{attr};")

    def ask(self, lines):
        """UGI lines through the page's own socket; the replies before readyok."""
        return self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "ludus.request(arguments[0]).then(done, e => done(['JS ERROR ' + e.message]));", lines)

    def query_fen(self):
        out = [l for l in self.ask(["query fen"]) if l.startswith("response ")]
        self.check(len(out) == 1, f"query fen: expected one response, got {out}")
        return out[0][len("response "):]

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def cell(self, name):
        return self.el(f'#board [data-cell="{name}"]')

    def click_cell(self, name):
        self.cell(name).click()

    def piece(self, name):
        """data-piece of the piece on a cell, or None."""
        return self.js(f"const p = document.querySelector('#board [data-cell=\"{name}\"] .piece');"
                       "return p ? p.dataset.piece : null;")

    def setup_game(self, game, p1="human", p2="engine", movetime=MOVETIME, level=20):
        Select(self.el("#p1-player")).select_by_value(p1)
        Select(self.el("#p2-player")).select_by_value(p2)
        for id_, v in (("movetime", movetime), ("level", level)):
            e = self.el("#" + id_)
            e.clear()
            e.send_keys(str(v))
        n = self.ludus("newGames")
        if self.ludus("game") == game:
            self.el("#new-game").click()
        else:
            Select(self.el("#game-select")).select_by_value(game)
        self.wait(f"return ludus.newGames > {n} && ludus.game === {game!r}", f"a new game of {game}")
        if p1 == "human":
            self.idle(f"the person's first turn in {game}")
            self.check(self.ludus("moves") == [], f"a new game of {game} has no moves")

    def engine_reply(self, n_before):
        """After a person's turn: waits for the engine's reply (or game over)."""
        self.wait(f"return (ludus.moves.length >= {n_before + 2} && {list(IDLE)}.includes(ludus.phase))"
                  " || ludus.phase === 'over'", "the engine's reply", 20)

    def human_turn(self):
        """Plays the first legal turn by clicking (any game but an Arimaa
        setup); returns the token committed."""
        self.idle()
        self.check(self.ludus("phase") == "human", "expected a person's turn")
        n = len(self.ludus("moves"))
        mode = self.js("return document.body.dataset.game")
        legal = self.ludus("legal")
        self.check(legal, "no legal parts listed for a person's turn")
        if mode in ("camelot", "mouse-cats", "hare-hounds", "fox-geese"):
            squares = re.split("[-x]", legal[0])
            for sq in squares:
                self.click_cell(sq)
            if len(self.ludus("moves")) == n:   # a prefix of a longer token: end it here
                self.el("#end-turn").click()
        else:
            for _ in range(8):                  # a turn of parts: the first listed each time
                legal = self.ludus("legal")
                part = next((p for p in legal if p not in ("end", "pass")), legal[0])
                if part == "pass":
                    self.el("#pass").click()
                elif part == "end":
                    self.el("#end-turn").click()
                elif mode == "othello":
                    self.click_cell(part)
                else:
                    frm, to = self.part_cells(mode, part)
                    self.click_cell(frm)
                    self.click_cell(to)
                self.wait(f"return ludus.phase !== 'busy'", "the part's answer")
                if len(self.ludus("moves")) > n or self.ludus("phase") != "human":
                    break
        self.wait(f"return ludus.moves.length > {n}", "the turn to be committed")
        return self.ludus("moves")[n]

    @staticmethod
    def part_cells(game, part):
        if game == "linja":
            a, b = part.split("-")
            return a, b
        sq, d = part[:2], part[2]
        f, r = sq[0], int(sq[1])
        to = {"n": f + str(r + 1), "s": f + str(r - 1),
              "e": chr(ord(f) + 1) + str(r), "w": chr(ord(f) - 1) + str(r)}[d]
        return sq, to

    def download(self, name):
        """Clicks #download; returns the file the browser saved, checked
        against the page's own copy of the record."""
        path = os.path.join(self.downloads, name)
        if os.path.exists(path):
            os.remove(path)
        self.el("#download").click()
        end = time.monotonic() + 10
        while not (os.path.exists(path) and os.path.getsize(path) > 0):
            if time.monotonic() > end:
                self.fail(f"no {name} downloaded into {self.downloads}")
            time.sleep(0.05)
        time.sleep(0.1)
        text = open(path, encoding="utf-8").read()
        self.check(text == self.ludus("lastDownload")["text"], f"{name} differs from the page's record")
        return text

    def screenshot(self, game):
        if self.shots:
            self.el("#board-area").screenshot(os.path.join(self.shots, f"serve-{game}.png"))

    def short_game(self, game, turns):
        """`turns` person's turns against the engine, each checked."""
        for _ in range(turns):
            if self.ludus("phase") == "over":
                break
            n = len(self.ludus("moves"))
            fen_before = self.ludus("fen")
            tok = self.human_turn()
            self.check(tok in self.ludus("moves"), f"{tok} missing from the move list")
            self.engine_reply(n)
            moves = self.ludus("moves")
            self.check(self.ludus("fen") != fen_before, "the FEN did not change after two turns")
            if len(moves) > n + 1 and moves[-1] != "pass":
                # The engine's move is marked as the last move on the board.
                self.check(self.js("return document.querySelectorAll('#board .cell.last').length") > 0,
                           f"the last move {moves[-1]} is not marked on the board")
        items = self.js("return [...document.querySelectorAll('#moves-list li .tok')].map(e => e.textContent)")
        self.check(items == self.ludus("moves"), f"#moves-list {items} differs from the game's moves")
        self.check(self.query_fen() == self.ludus("fen"), "the page's FEN differs from the engine's query fen")


# ---- the checks -------------------------------------------------------------

def get(url, raw=False):
    try:
        body = urllib.request.urlopen(url, timeout=5).read()
        return body if raw else body.decode()
    except OSError as e:   # HTTPError included
        raise CheckFailed(f"GET {url}: {e} (a ludus built before web/ changed serves an old page: "
                          "rebuild it, or pass --web-root web)") from None


def test_page_and_connection(p):
    html = get(p.url)
    p.check("<svg id=\"board\"" in html and "app.js" in html, "GET / is not the board page")
    # Every file of the repository's web/ by its path, as it is now.
    web = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web")
    for root, _, files in os.walk(web):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), web).replace(os.sep, "/")
            with open(os.path.join(root, f), "rb") as fh:
                want = fh.read()
            p.check(get(p.url + rel, raw=True) == want, f"GET /{rel} differs from web/{rel} (rebuild ludus, or pass --web-root web)")
    p.d.get(p.url)
    p.wait("return window.ludus && ludus.connected", "the WebSocket to connect")
    p.idle("the first game to start")
    opts = p.js("return [...document.querySelectorAll('#game-select option')].map(o => o.value)")
    p.check(opts == GAMES, f"#game-select lists {opts}")
    p.check(p.ludus("game") == "othello" and len(p.ludus("legal")) == 4, "Othello's start with its 4 moves")
    p.check(p.js("return document.querySelectorAll('#board [data-cell]').length") == 64, "64 Othello cells")


def test_othello_short_game(p):
    p.setup_game("othello")
    p.check(p.piece("d4") == "O" and p.piece("e4") == "X", "Othello's start: white d4, black e4 (row 1 at the top)")
    targets = p.js("return [...document.querySelectorAll('#board .cell.target')].map(e => e.dataset.cell).sort()")
    p.check(targets == ["c4", "d3", "e6", "f5"], f"legal targets lit: {targets}")
    p.click_cell("d3")
    p.wait("return ludus.moves.length >= 1", "d3 to be played")
    p.check(p.ludus("moves")[0] == "d3" and p.piece("d3") == "X" and p.piece("d4") == "X", "d3 placed and flipped d4")
    p.engine_reply(0)
    p.short_game("othello", 3)
    think = p.ludus("think")
    p.check(think and think["depth"] >= 1, f"the think panel's search lines: {think}")
    score = p.js("return document.getElementById('think-score').textContent")
    p.check(re.search(r"(discs|win in|loss in)", score), f"#think-score in discs: {score!r}")
    p.check(p.js("return document.querySelectorAll('#eval-graph .graph-dot').length") >= 2, "evaluation graph points")
    ggf = p.download("ludus-othello.ggf").strip()
    moves = "".join(f"{'BW'[i % 2]}[{m if m != 'pass' else 'PA'}]" for i, m in enumerate(p.ludus("moves")))
    p.check(re.fullmatch(r"\(;GM\[Othello\]PC\[Ludus\].*TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]" + re.escape(moves) + r";\)", ggf),
            f"GGF record: {ggf}")
    p.screenshot("othello")


def test_undo_to_the_persons_turn(p):
    p.setup_game("othello")
    p.short_game("othello", 1)
    n = len(p.ludus("moves"))
    p.check(n == 2 and p.ludus("p1turn") and p.ludus("phase") == "human", "an Othello game, the person to move")
    fen = p.ludus("fen")
    p.human_turn()
    p.engine_reply(n)
    p.check(len(p.ludus("moves")) == n + 2, "the person's move and the engine's reply")
    p.el("#undo").click()
    p.wait(f"return ludus.moves.length === {n} && ludus.phase === 'human'", "the undo")
    p.check(p.ludus("fen") == fen and p.query_fen() == fen, "undo went back to the person's last turn")
    p.check(p.ludus("p1turn"), "the person (p1) is to move after undo")
    time.sleep(2 * MOVETIME / 1000)
    p.check(len(p.ludus("moves")) == n, "the engine does not move again after undo")


def test_arimaa_setup_and_multistep_turn(p):
    p.setup_game("arimaa")
    p.check(p.ludus("phase") == "setup", "Arimaa starts with Gold's setup")
    p.wait("return document.querySelectorAll('#setup-choice option').length > 0", "the engine's candidate setups")
    p.check(p.js("return document.querySelectorAll('#board [data-cell]').length") == 64, "64 Arimaa cells")
    traps = p.js("return [...document.querySelectorAll('#board .arimaa-trap')].map(e => e.parentNode.dataset.cell).sort()")
    p.check(traps == ["c3", "c6", "f3", "f6"], f"traps drawn at {traps}")
    a1, d2 = p.piece("a1"), p.piece("d2")
    p.check(a1 and d2 and a1 != d2, f"a setup to rearrange (a1 {a1}, d2 {d2})")
    p.click_cell("a1")
    p.click_cell("d2")
    p.wait(f"return ludus.setup.a1 === {d2!r} && ludus.setup.d2 === {a1!r}", "click-to-swap a1 and d2")
    p.check(p.piece("a1") == d2 and p.piece("d2") == a1, "the board shows the swap")
    b1, e2 = p.piece("b1"), p.piece("e2")
    ActionChains(p.d).drag_and_drop(p.cell("b1"), p.cell("e2")).perform()
    p.wait(f"return ludus.setup.b1 === {e2!r} && ludus.setup.e2 === {b1!r}", "drag-to-swap b1 and e2")
    p.el("#setup-done").click()
    p.wait("return ludus.moves.length >= 2 && ludus.phase === 'human'", "Gold's setup and Silver's reply", 20)
    setup = p.ludus("moves")[0].split(",")
    p.check(len(setup) == 16 and f"{d2}a1" in setup and f"{e2}b1" in setup, f"Gold's setup token {setup}")
    p.check(all(x[0].islower() and x[2] in "78" for x in p.ludus("moves")[1].split(",")), "Silver set up on ranks 7-8")
    # A turn of three steps by pieces going north, one taken back on the way.
    start_fen = p.ludus("fen")
    used = []          # squares whose pieces have stepped (or were taken back)
    entered = 0
    for k in range(4):
        legal = p.ludus("legal")
        step = next(s for s in legal if s.endswith("n") and (p.piece(s[:2]) or "").isupper()
                    and s[:2] not in used and Page.part_cells("arimaa", s)[1] not in ("c3", "f3", "c6", "f6"))
        frm, to = Page.part_cells("arimaa", step)
        piece = p.piece(frm)
        p.click_cell(frm)
        p.check("selected" in p.cell(frm).get_attribute("class"), f"{frm} selected")
        p.check("target" in p.cell(to).get_attribute("class"), f"{to} lit as a target of {frm}")
        p.click_cell(to)
        entered += 1
        p.wait(f"return ludus.parts.length === {entered} && ludus.phase === 'human'", f"step {step}")
        p.check(p.piece(to) == piece and p.piece(frm) is None, f"the board mid-turn shows {step}")
        p.check(p.ludus("shownFen") != start_fen and p.ludus("fen") == start_fen, "mid-turn FEN drawn, record unchanged")
        used += [frm, to]
        if k == 1:
            p.el("#undo").click()
            entered -= 1
            p.wait(f"return ludus.parts.length === {entered} && ludus.phase === 'human'", "undo of one step")
            p.check(p.piece(frm) == piece and p.piece(to) is None, "the step is taken back on the board")
    p.check(len(p.ludus("parts")) == 3, f"three steps entered: {p.ludus('parts')}")
    p.check(p.el("#end-turn").is_enabled(), "End turn enabled after three steps")
    p.el("body").send_keys(Keys.ENTER)   # Enter is End turn
    p.wait("return ludus.moves.length >= 3", "the turn to be committed")
    turn = p.ludus("moves")[2]
    p.check(len(turn.split(",")) == 3, f"a three-step turn token: {turn}")
    p.engine_reply(2)
    rec = p.download("ludus-arimaa.txt").splitlines()
    body = [l for l in rec if re.match(r"^\d+[gs] ", l)]
    p.check(body[:3] == ["1g " + " ".join(setup), "1s " + p.ludus("moves")[1].replace(",", " "),
                         "2g " + turn.replace(",", " ")], f"Arimaa move list: {body[:3]}")
    p.screenshot("arimaa")


def test_arimaa_push(p):
    p.setup_game("arimaa", p1="human", p2="human")
    box = p.el("#fen-input")
    box.clear()
    box.send_keys("8/8/8/8/3r4/3E4/8/R7 g 2")
    p.el("#set-fen").click()
    p.wait("return ludus.fen === '8/8/8/8/3r4/3E4/8/R7 g 2' && ludus.phase === 'human'", "the push position")
    p.click_cell("d4")                      # the silver rabbit, pushed east by the elephant
    p.check("target" in p.cell("e4").get_attribute("class"), "e4 lit for the enemy rabbit")
    p.click_cell("e4")
    p.wait("return ludus.parts.length === 1 && ludus.phase === 'human'", "the push's first step")
    p.check(p.ludus("legal") == ["d3n"] and not p.el("#end-turn").is_enabled(),
            f"a push must be completed at once: {p.ludus('legal')}")
    p.click_cell("d3")
    p.click_cell("d4")
    p.wait("return ludus.parts.length === 2 && ludus.phase === 'human'", "the push's second step")
    p.check(p.piece("d4") == "E" and p.piece("e4") == "r", "the board after the push")
    p.el("#end-turn").click()
    p.wait("return ludus.moves.length === 1", "the push to be committed")
    p.check(p.ludus("moves") == ["rd4e,Ed3n"], f"push token: {p.ludus('moves')}")


def test_camelot_canter_chain(p):
    p.setup_game("camelot")
    n = p.js("return document.querySelectorAll('#board [data-cell]').length")
    p.check(n == 160, f"Camelot has 160 squares, drew {n}")
    for sq in ("f1", "g1", "f16", "g16"):
        p.check("camelot-castle" in p.cell(sq).find_element(By.CSS_SELECTOR, ".bg").get_attribute("class"), f"castle {sq}")
    p.check(p.piece("c6") == "K" and p.piece("e6") == "M" and p.piece("i10") == "k", "Camelot's start pieces")
    legal = p.ludus("legal")
    p.check("f7-h5-j7" in legal and "f7-h5-j7-j5" in legal, "the canters f7-h5-j7(-j5) are legal")
    p.click_cell("f7")
    p.click_cell("h5")
    p.check(p.ludus("path") == ["f7", "h5"], "a canter under way")
    p.el("body").send_keys(Keys.ESCAPE)
    p.wait("return ludus.path.length === 0", "Esc to cancel the path")
    p.check(p.piece("f7") == "M", "the man back on f7 after Esc")
    for sq in ("f7", "h5", "j7"):
        p.click_cell(sq)
    p.check(p.ludus("path") == ["f7", "h5", "j7"] and p.el("#end-turn").is_enabled(),
            "after f7 h5 j7: the path stands and 'End move here' is offered")
    p.check(p.piece("j7") == "M" and p.piece("f7") is None, "the man drawn on j7 while the chain goes on")
    p.check("target" in p.cell("j5").get_attribute("class"), "j5 lit as the chain's next square")
    p.click_cell("j5")
    p.wait("return ludus.moves.length >= 1", "the canter chain to be committed")
    p.check(p.ludus("moves")[0] == "f7-h5-j7-j5" and p.piece("j5") == "M" and p.piece("f7") is None,
            f"canter chain played: {p.ludus('moves')}")
    p.engine_reply(0)
    p.short_game("camelot", 2)
    p.screenshot("camelot")


def test_linja_two_submoves(p):
    p.setup_game("linja")
    p.check(p.js("return [1,2,3,4,5,6,7,8].map(r => document.querySelector(`#board [data-cell=\"${r}\"]`)"
                 ".querySelectorAll('.piece').length)") == [6, 2, 2, 2, 2, 2, 2, 6], "Linja's rows drawn as pieces")
    p.click_cell("1")
    p.click_cell("2")
    p.wait("return ludus.parts.length === 1 && ludus.phase === 'human'", "the sub-move 1-2")
    p.check(p.js("const c = r => document.querySelector(`#board [data-cell=\"${r}\"]`).dataset.red;"
                 "return [c(1), c(2)]") == ["5", "2"], "the board mid-turn after 1-2")
    p.check("1-3" in p.ludus("legal"), f"1-3 among the next sub-moves {p.ludus('legal')}")
    p.click_cell("1")
    p.click_cell("3")
    p.wait("return ludus.moves.length >= 1", "the turn 1-2,1-3")
    p.check(p.ludus("moves")[0] == "1-2,1-3", f"two sub-moves committed as one turn: {p.ludus('moves')}")
    p.engine_reply(0)
    p.short_game("linja", 2)
    p.screenshot("linja")


def hunt(p, game, cells):
    p.setup_game(game)
    n = p.js("return document.querySelectorAll('#board [data-cell]').length")
    p.check(n == cells, f"{game}: {cells} points, drew {n}")
    p.short_game(game, 3)
    p.screenshot(game)


def test_mouse_cats_short_game(p):
    hunt(p, "mouse-cats", 32)
    p.check(p.js("return document.querySelectorAll('#board .mc-edge').length") == 49, "mouse-cats' 49 diagonals")


def test_hare_hounds_short_game(p):
    hunt(p, "hare-hounds", 11)
    p.check(p.js("return document.querySelectorAll('#board .edge').length") == 22, "hare-hounds' 22 lines")


def test_fox_geese_short_game(p):
    hunt(p, "fox-geese", 33)
    p.check(p.js("return document.querySelectorAll('#board .edge').length") == 72, "fox-geese's 72 lines")
    p.check(p.js("return document.querySelectorAll('#board .edge.diag').length") == 20, "fox-geese's 20 diagonals")


def test_fen_round_trip_and_jump_chain(p):
    p.setup_game("fox-geese", p1="human", p2="human")
    fen = "c5 c1,d1,e1,c2,d2,e2,b3,e3,f3,g3,a4,b4,c4,d4,g4 fox 0"
    box = p.el("#fen-input")
    box.clear()
    box.send_keys(fen.replace(" fox ", "  FOX "))   # not canonical: the engine's form comes back
    p.el("#set-fen").click()
    p.wait(f"return ludus.fen === {fen!r} && ludus.phase === 'human'", "the FEN to be set")
    p.check(p.el("#fen-display").text == fen and p.query_fen() == fen, "FEN shown and the engine's query fen agree")
    p.check(p.piece("c5") == "fox" and p.piece("b4") == "goose" and p.ludus("moves") == [], "the board of the FEN")
    box.clear()
    p.el("#copy-fen").click()
    p.wait(f"return document.getElementById('fen-input').value === {fen!r}", "Copy FEN to put the FEN in the box")
    for sq in ("c5", "a3", "c3"):
        p.click_cell(sq)
    p.check(p.ludus("path") == ["c5", "a3", "c3"] and p.el("#end-turn").is_enabled(), "a jump chain in progress")
    p.check(p.piece("c3") == "fox" and p.piece("b4") is None and p.piece("b3") is None,
            "the fox drawn on c3, the two geese it jumped gone")
    p.click_cell("c5")
    p.wait("return ludus.moves.length === 1 && ludus.phase === 'human'", "the jump chain c5xa3xc3xc5")
    p.check(p.ludus("moves") == ["c5xa3xc3xc5"], f"jump chain played: {p.ludus('moves')}")
    p.check(p.js("return document.querySelectorAll('#board .piece[data-piece=\"goose\"]').length") == 12,
            "three geese taken")
    before = p.ludus("fen")
    box.clear()
    box.send_keys("c5 c1,c1 fox 0")
    p.el("#set-fen").click()
    p.wait("return ludus.statusKind === 'error' && ludus.phase === 'human'", "the bad FEN's error")
    p.check("error" in p.el("#status").text and p.ludus("fen") == before and p.query_fen() == before,
            "a bad FEN is refused and the game stays")
    rec = p.download("ludus-fox-geese.txt")
    p.check(f"fen {fen}\n" in rec and "moves c5xa3xc3xc5\n" in rec, f"plain record: {rec!r}")


def test_hint(p):
    p.setup_game("othello")
    p.el("#hint").click()
    p.wait("return ludus.hint && ludus.phase === 'human'", "the hint")
    h = p.ludus("hint")
    p.check(h in ("d3", "c4", "f5", "e6"), f"hint {h} is a legal move")
    p.check("hint" in p.cell(h).get_attribute("class") and p.ludus("moves") == [], "hint shown, not played")


def test_engine_against_itself(p):
    p.setup_game("hare-hounds", p1="engine", p2="engine", movetime=80)
    p.wait("return ludus.moves.length >= 4 || ludus.phase === 'over'", "the engine to play both sides", 20)
    p.check(len(p.ludus("moves")) >= 4, "the engine played both sides without a click")
    Select(p.el("#p1-player")).select_by_value("human")
    Select(p.el("#p2-player")).select_by_value("human")
    p.idle("the game to wait for people")
    n = len(p.ludus("moves"))
    time.sleep(0.5)
    p.check(len(p.ludus("moves")) == n, "the engine stopped once both sides are people")
    p.check(p.query_fen() == p.ludus("fen"), "page and engine agree after the engine's game")


def test_malformed_messages(p):
    p.setup_game("othello")
    p.human_turn()
    p.engine_reply(0)
    fen = p.ludus("fen")
    junk = "".join(chr(c) for c in range(1, 256) if c not in (10, 13)) * 41   # ~10 KB, control and Latin-1 bytes
    out = p.ask(["position fen garbage", junk])
    errs = [l for l in out if l.startswith("info string error:")]
    p.check(len(errs) == 2, f"two errors for a bad FEN and 10 KB of junk, got {out[:4]}")
    p.check(all(len(l) < 1000 and not re.search(r"[\x00-\x1f]", l) for l in errs), "errors are short, printable lines")
    p.js("ludus.rawSend('position fen garbage')")
    p.wait("return ludus.statusKind === 'error' && /error/.test(document.getElementById('status').textContent)",
           "the error in the status line")
    p.check(p.query_fen() == fen and p.ludus("fen") == fen, "the game is unchanged after malformed lines")
    # A raw WebSocket of its own: junk text, a binary frame, then isready.
    got = p.d.execute_async_script("""
        const done = arguments[arguments.length - 1], junk = arguments[0], lines = [];
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => { ws.send('position fen garbage'); ws.send(junk);
                            ws.send(new Uint8Array([0, 255, 10, 1]).buffer); ws.send('isready'); };
        ws.onmessage = e => { lines.push(String(e.data)); if (e.data === 'readyok') { ws.close(); done(lines); } };
        ws.onerror = () => done(lines.concat(['SOCKET ERROR']));
        setTimeout(() => done(lines.concat(['TIMEOUT'])), 8000);
    """, junk)
    p.check(got and got[-1] == "readyok" and sum(l.startswith("info string error:") for l in got) >= 3,
            f"a raw socket gets an error per bad message and still answers isready: {got[:5]}")
    p.check(p.query_fen() == fen, "the page's game is untouched by another socket")
    n = len(p.ludus("moves"))
    p.human_turn()
    p.engine_reply(n)
    p.check(len(p.ludus("moves")) >= n + 1, "the game goes on after the malformed messages")


# ---- running ------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ludus")
    ap.add_argument("--screenshots")
    ap.add_argument("--web-root")
    ap.add_argument("--url")
    ap.add_argument("only", nargs="*")
    a = ap.parse_intermixed_args()
    if not a.url and not os.access(a.ludus, os.X_OK):
        print(f"not an executable: {a.ludus}")
        sys.exit(2)
    for tool in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not shutil.which(tool):
            print(f"FAIL {tool} is missing (apt-get install chromium chromium-driver python3-selenium)")
            sys.exit(1)
    if a.screenshots:
        os.makedirs(a.screenshots, exist_ok=True)
    server = None
    url = a.url
    if not url:
        try:
            server = Server(os.path.abspath(a.ludus), *(["--web-root", a.web_root] if a.web_root else []))
        except AssertionError as e:
            raise SystemExit(f"FAIL {e}")
        url = f"http://127.0.0.1:{server.port}/"
    tests = [(n, f) for n, f in globals().items() if n.startswith("test_") and callable(f)]
    tests = [(n, f) for n, f in tests if not a.only or n == "test_page_and_connection" or any(w in n for w in a.only)]
    passed = failed = 0
    t_all = time.monotonic()
    page = None
    try:
        page = Page(url, a.screenshots)
        for name, fn in tests:
            t0 = time.monotonic()
            try:
                fn(page)
            except Exception as e:  # noqa: BLE001 - every failure reported alike
                failed += 1
                print(f"FAIL {name} ({time.monotonic() - t0:.2f} s)")
                text = str(e) if isinstance(e, CheckFailed) else traceback.format_exc()
                print("  " + text.replace("\n", "\n  "))
                if name == "test_page_and_connection":
                    print("FAIL the page does not work; the other checks are skipped")
                    failed += len(tests) - 1
                    break
                # A failed check can leave a search running or a half turn: a fresh page.
                try:
                    page.d.get(url)
                    page.wait("return window.ludus && ludus.connected", "the page to reconnect")
                    page.idle()
                except Exception:  # noqa: BLE001
                    pass
            else:
                passed += 1
                print(f"ok   {name} ({time.monotonic() - t0:.2f} s)")
            sys.stdout.flush()
    finally:
        if page:
            page.d.quit()
            shutil.rmtree(page.downloads, ignore_errors=True)
        if server:
            try:
                server.stop()
            except AssertionError as e:
                failed += 1
                print(f"FAIL {e}")
            if failed:
                tail = server.output()[-1500:]
                if tail.strip():
                    print(f"  server output (exit {server.code}):\n    " + tail.replace("\n", "\n    "))
    print(f"{os.path.basename(sys.argv[0])}: {passed} passed, {failed} failed ({time.monotonic() - t_all:.1f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
