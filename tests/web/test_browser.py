#!/usr/bin/python3
"""The browser client end to end: a real gomoku-server (temporary folder, SQLite, loopback,
ports chosen by the system), headless Chromium on its page (Debian's chromium and
chromium-driver through python3-selenium; nothing is downloaded), and a scripted opponent,
gomoku-cli online, driven over its standard input. Every wait is on an event (a page state,
a canvas attribute, a line of the opponent's output), never a sleep.

Environment (set by tests/web/CMakeLists.txt): GOMOKU_SERVER, GOMOKU_CLI, GOMOKU_WEB_ROOT,
GOMOKU_ARTIFACTS (screenshots are kept there, under web/).

    /usr/bin/python3 -m unittest -v test_browser.Play     (one class per CTest entry)
"""

import http.client
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import unittest

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_driver import Player, start_chromium

SERVER = os.environ.get("GOMOKU_SERVER", "")
CLI = os.environ.get("GOMOKU_CLI", "")
WEB_ROOT = os.environ.get("GOMOKU_WEB_ROOT", "")
ARTIFACTS = os.path.join(os.environ.get("GOMOKU_ARTIFACTS", tempfile.gettempdir()), "web")
WAIT = 60


def notation(x, y, size=15):
    return chr(97 + x) + str(size - y)


class Lines:
    """The lines a process writes, read on a thread; wait() returns the next matching one."""

    def __init__(self, stream, log):
        self.q = queue.Queue()
        self.log = log
        threading.Thread(target=self.pump, args=(stream,), daemon=True).start()

    def pump(self, stream):
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            with open(self.log, "a", encoding="utf-8") as f:
                f.write(line + "\n")
            self.q.put(line)
        self.q.put(None)

    def tail(self):
        try:
            with open(self.log, encoding="utf-8") as f:
                return "".join(f.readlines()[-20:])
        except OSError:
            return ""

    def wait(self, pattern, timeout=WAIT):
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line matching {pattern!r}; the last lines:\n{self.tail()}")
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"the output ended before {pattern!r}:\n{self.tail()}")
            m = rx.search(line)
            if m:
                return m


class Site:
    """A gomoku-server with its web port, in a temporary folder."""

    def __init__(self):
        if not (SERVER and CLI and WEB_ROOT):
            raise unittest.SkipTest("GOMOKU_SERVER, GOMOKU_CLI and GOMOKU_WEB_ROOT are not set")
        if not os.path.isfile(os.path.join(WEB_ROOT, "index.html")):
            raise AssertionError(f"no page at {WEB_ROOT}: build the gomoku_web target")
        self.dir = tempfile.mkdtemp(prefix="gomoku-web-test-")
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.dir, "data"))
        self.proc = subprocess.Popen(
            [SERVER, "--listen", "127.0.0.1", "--port", "0", "--web-port", "0", "--web-root", WEB_ROOT,
             "--db", os.path.join(self.dir, "server.db"), "--wave-interval", "100",
             "--resume-window", "60"],
            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
        self.log = Lines(self.proc.stderr, os.path.join(self.dir, "server.log"))
        self.port = int(self.log.wait(r"^\S+ listening on port (\d+)").group(1))
        self.web_port = int(self.log.wait(r"web listening on port (\d+)").group(1))
        self.url = f"http://127.0.0.1:{self.web_port}/"
        self.clis = []
        self.browsers = []

    def cli(self, name, password="opponent123"):
        """A scripted opponent, registered and logged in."""
        config = os.path.join(self.dir, "cli-" + str(len(self.clis)))
        env = dict(os.environ, GOMOKU_PASSWORD=password, XDG_CONFIG_HOME=config)
        p = subprocess.Popen([CLI, "online", f"127.0.0.1:{self.port}", "--user", name, "--register",
                              "--trust-new-server"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env=env)
        p.lines = Lines(p.stdout, os.path.join(self.dir, f"cli-{len(self.clis)}.log"))
        p.say = lambda text: (p.stdin.write((text + "\n").encode()), p.stdin.flush())
        p.lines.wait(r"^LOGGED IN ")
        self.clis.append(p)
        return p

    def browser(self, lang="en", phone=False):
        pl = Player()
        if phone:
            opts = webdriver.ChromeOptions()
            opts.binary_location = "/usr/bin/chromium"
            opts.add_argument("--headless=new")
            if os.geteuid() == 0:
                opts.add_argument("--no-sandbox")
            opts.add_argument("--disable-dev-shm-usage")
            opts.add_argument(f"--lang={lang}")
            opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
            opts.add_experimental_option("mobileEmulation", {
                "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True},
                "userAgent": "Mozilla/5.0 (Linux; Android 13) Mobile"})
            from selenium.webdriver.chrome.service import Service
            pl.d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        else:
            pl.d = start_chromium(lang, 1280, 900)
        self.browsers.append(pl)
        return pl

    def close(self):
        for b in self.browsers:
            try:
                b.d.quit()
            except Exception:
                pass
        for p in self.clis:
            p.kill()
            p.wait()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def shot(player, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    player.d.save_screenshot(os.path.join(ARTIFACTS, name + ".png"))


def matched(site, browser, cli):
    """Browser and cli both press Find a match; returns the browser's colour."""
    browser.press("find")
    browser.wait_state("finding", "room")
    cli.say("find")
    m = cli.lines.wait(r"^MATCHED \d+ (black|white) vs ")
    browser.wait_state("room")
    browser.wait(lambda: (browser.board() or {}).get("size") == "15", "the board")
    return "white" if m.group(1) == "black" else "black"


class Base(unittest.TestCase):
    def setUp(self):
        self.site = Site()

    def tearDown(self):
        self.site.close()


class Play(Base):
    """The issue's main path: register in Chinese, find a match against a scripted player,
    play to five by clicking the canvas, chat in Chinese, see the ladder change; screenshots
    on a desktop and a phone-size screen; the page's weight, load time and a move's latency."""

    def test_play_to_five(self):
        b = self.site.browser("zh-CN")
        b.d.get(self.site.url)
        b.wait_state("login")
        nav = b.d.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const r = performance.getEntriesByType('resource');"
            "return [n.loadEventEnd, n.transferSize + r.reduce((s, e) => s + e.transferSize, 0)];")
        b.wait(lambda: b.d.execute_script(
            "return document.fonts.status === 'loaded' && [...document.images].every(i => i.complete)"), "images")
        total = b.d.execute_script(
            "return performance.getEntriesByType('navigation')[0].transferSize +"
            " performance.getEntriesByType('resource').reduce((s, e) => s + e.transferSize, 0)")
        print(f"\nPAGE cold load {nav[0]:.0f} ms, {max(nav[1], total) / 1024:.1f} KB transferred "
              f"(targets: < 1000 ms, < 300 KB)")
        self.assertLess(nav[0], 5000)
        self.assertIn(b.el("login-submit").text, ("登录",))  # the page is in Chinese
        shot(b, "login-zh_CN")
        self.assertEqual(b.log_in("小红", "xiaohong123", register=True), "hall")
        cli = self.site.cli("Bob")
        colour = matched(self.site, b, cli)
        b.wait(lambda: b.el("black-name").text.strip() != "", "names")
        # Bob's stones along the top row, the browser's along row 8 (h8 is 7,7).
        mine = [(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)]
        his = [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0), (10, 0)]
        latencies = []
        n = 0

        def his_move(i):
            nonlocal n
            t0 = b.d.execute_script(
                "window.__seen = null; const c = document.getElementById('board');"
                "const want = c.dataset.moves ? c.dataset.moves.split(',').length + 1 : 1;"
                "new MutationObserver((_, o) => { if (c.dataset.moves.split(',').length >= want)"
                " { window.__seen = performance.now(); o.disconnect(); } })"
                ".observe(c, {attributes: true, attributeFilter: ['data-moves']});"
                "return performance.now();")
            cli.say(notation(*his[i]))
            n += 1
            b.wait(lambda: len(b.moves()) == n, f"{n} stones")
            seen = b.wait(lambda: b.d.execute_script("return window.__seen"), "the move seen")
            latencies.append(seen - t0)

        def my_move(i):
            nonlocal n
            b.click(*mine[i])
            n += 1
            b.wait(lambda: len(b.moves()) == n, f"{n} stones")
            cli.lines.wait(rf"^MOVE {n} ")

        if colour == "white":
            his_move(0)
        for i in range(5):
            my_move(i)
            if i == 1:
                b.d.find_element(By.ID, "chat-input").send_keys("你好，祝你好运")
                b.press("chat-send")
                cli.lines.wait(r"^CHAT 小红: 你好，祝你好运")
                cli.say("say 谢谢，你也是")
                b.wait(lambda: any("谢谢，你也是" in li.text for li in
                                   b.d.find_elements(By.CSS_SELECTOR, "#chat-log li")), "Bob's chat")
            if i < 4:
                his_move(i + 1 if colour == "white" else i)
        b.wait(lambda: b.shown("ladder-change") and "→" in b.el("ladder-change").text, "the ladder")
        self.assertIn("1000 → 1030", b.el("ladder-change").text)
        self.assertIn("赢", b.el("result").text)
        cli.lines.wait(r"^LADDER 1000 970")
        print(f"MOVE latency (Bob's move to the page's board), ms: "
              f"{', '.join(f'{x:.1f}' for x in latencies)} (target < 50)")
        self.assertLess(max(latencies), 2000)
        shot(b, "game-desktop-zh_CN")
        b.press("leave")
        b.wait_state("hall")
        b.wait(lambda: "1030" in b.el("me-score").text, "the new score in the hall")
        shot(b, "hall-desktop-zh_CN")
        b.d.quit()
        self.site.browsers.remove(b)

        # The same account on a phone: the board fits the screen's width; tap twice to place.
        p = self.site.browser("zh-CN", phone=True)
        p.d.get(self.site.url)
        p.wait_state("login")
        self.assertEqual(p.log_in("小红", "xiaohong123", register=False), "hall")
        shot(p, "hall-phone-zh_CN")
        colour = matched(self.site, p, cli)
        width = p.d.execute_script("return window.innerWidth")
        css = p.d.execute_script("return document.getElementById('board').getBoundingClientRect().width")
        self.assertLessEqual(css, width)
        self.assertGreater(css, width * 0.85)
        self.assertTrue(p.el("confirm-move").is_selected())  # a narrow screen asks twice
        if colour == "white":
            cli.say("a15")
            p.wait(lambda: len(p.moves()) == 1, "Bob's first stone")
        before = len(p.moves())
        p.click(7, 7)
        self.assertEqual(len(p.moves()), before)  # the first tap only proposes
        p.click(7, 7)
        p.wait(lambda: len(p.moves()) == before + 1, "the stone placed")
        cli.lines.wait(rf"^MOVE {before + 1} ")
        shot(p, "game-phone-zh_CN")


class Injection(Base):
    """Text from other players is shown as text, never run as HTML."""

    def test_names_and_chat_are_text(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        answer = b.log_in("<img src=x onerror=alert(1)>", "password123", register=True)
        self.assertTrue(answer.startswith("refused"), answer)
        self.assertEqual(b.d.find_elements(By.CSS_SELECTOR, "#login-error img"), [])
        self.assertEqual(b.log_in("Carol", "password123", register=True), "hall")
        cli = self.site.cli("Mallory")
        matched(self.site, b, cli)
        evil = '<img src=x onerror="document.body.dataset.pwned=1">'
        cli.say("say " + evil)
        b.wait(lambda: any(evil in li.text for li in
                           b.d.find_elements(By.CSS_SELECTOR, "#chat-log li")), "the chat line")
        self.assertEqual(b.d.find_elements(By.CSS_SELECTOR, "#chat-log img"), [])
        self.assertIsNone(b.d.execute_script("return document.body.dataset.pwned ?? null"))
        # The player list shows names as text too.
        b.press("leave")
        b.d.switch_to.alert.accept()  # leaving a running game asks first
        b.wait_state("hall")
        self.assertEqual(b.d.find_elements(By.CSS_SELECTOR, "#players img, #top img"), [])


class SecondTab(Base):
    """One account, one place: a second browser of the same account is refused."""

    def test_second_login_refused(self):
        a = self.site.browser("en")
        a.d.get(self.site.url)
        self.assertEqual(a.log_in("Dave", "password123", register=True), "hall")
        b = self.site.browser("en")
        b.d.get(self.site.url)
        answer = b.log_in("Dave", "password123", register=False)
        self.assertEqual(answer, "refused This account is already signed in on another computer.")
        self.assertEqual(a.state(), "hall")


class Resume(Base):
    """Closing the tab mid-game is a drop, not a resignation: logging in again resumes."""

    def test_tab_closed_and_reopened(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Erin", "password123", register=True), "hall")
        cli = self.site.cli("Frank")
        colour = matched(self.site, b, cli)
        n = 0
        if colour == "white":
            cli.say("a15")
            n = 1
            b.wait(lambda: len(b.moves()) == 1, "Frank's stone")
        b.click(7, 7)
        n += 1
        cli.lines.wait(rf"^MOVE {n} ")
        cli.say("c15")
        n += 1
        b.wait(lambda: len(b.moves()) == n, "Frank's reply")
        stones = b.moves()
        b.d.quit()  # the tab is closed
        self.site.browsers.remove(b)
        cli.lines.wait(r"^AWAY \d+")
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Erin", "password123", register=False), "room")
        b.wait(lambda: b.moves() == stones, "the same stones")
        cli.lines.wait(r"^BACK")
        # Play goes on: Erin completes five along row 8.
        for i, x in enumerate([8, 9, 10, 11]):
            b.click(x, 7)
            n += 1
            cli.lines.wait(rf"^MOVE {n} ")
            if i < 3:
                cli.say(notation(4 + 2 * i, 0))
                n += 1
                b.wait(lambda: len(b.moves()) == n, f"{n} stones")
        b.wait(lambda: b.shown("result") and "won" in b.el("result").text, "the result")


class Reconnect(Base):
    """A dropped connection (the page's WebSocket ends without a goodbye): the page connects
    again by itself, logs in with its session token and resumes the game."""

    def test_connection_dropped_mid_game(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Gina", "password123", register=True), "hall")
        cli = self.site.cli("Hank")
        colour = matched(self.site, b, cli)
        n = 0
        if colour == "white":
            cli.say("a15")
            n = 1
            b.wait(lambda: len(b.moves()) == 1, "Hank's stone")
        b.click(7, 7)
        n += 1
        cli.lines.wait(rf"^MOVE {n} ")
        stones = b.moves()
        b.d.execute_script("gomokuClient.ws.close()")  # the network drops
        cli.lines.wait(r"^AWAY \d+")
        cli.lines.wait(r"^BACK")  # the page came back by itself
        b.wait_state("room")
        b.wait(lambda: b.moves() == stones and b.d.execute_script(
            "return gomokuClient.state.connection") == "open", "the same stones, connected")
        cli.say("c15")
        n += 1
        b.wait(lambda: len(b.moves()) == n, "Hank's move after the drop")
        b.click(8, 7)
        n += 1
        cli.lines.wait(rf"^MOVE {n} ")


class Tournament(Base):
    """Protocol 1.4 games: a clock and an opening rule. The page and gomoku-cli play a clocked
    swap2 game through the opening (the page's banner, its choice buttons, stones placed by
    clicking) to five in normal play, both clocks shown beside the board; a Soosõrv-8 opening
    with 5th-move alternatives shown as numbered stones and picked by a click; and a short
    clock that runs out, shown as a loss or win on time."""

    def opening(self, b):
        """The banner's step and whether the decision is ours: "swap2-choice:1", or ""."""
        return b.d.execute_script(
            "const o = document.getElementById('opening');"
            "return o.hidden ? '' : o.dataset.step + ':' + o.dataset.ours")

    def wait_opening(self, b, step, ours=True):
        want = f"{step}:{1 if ours else 0}"
        b.wait(lambda: self.opening(b) == want, "the opening banner " + want)

    def find_with(self, b, cli, rule, clock, opening, cli_args):
        """Both look for a game of these settings; returns the page's seat ("first" when it is
        the tentative Black)."""
        Select(b.el("find-rule")).select_by_value(str(rule))
        b.fill("find-clock", clock)
        Select(b.el("find-opening")).select_by_value(str(opening))
        b.press("find")
        b.wait_state("finding", "room")
        cli.say("find " + cli_args)
        m = cli.lines.wait(r"^MATCHED \d+ (black|white) vs ")
        b.wait_state("room")
        b.wait(lambda: (b.board() or {}).get("size") == "15", "the board")
        return "second" if m.group(1) == "black" else "first"

    def drop(self, b, cli):
        """The page's connection drops; it comes back by itself and resumes the game."""
        b.d.execute_script("gomokuClient.ws.close()")
        cli.lines.wait(r"^AWAY \d+")
        cli.lines.wait(r"^BACK")
        b.wait(lambda: b.d.execute_script("return gomokuClient.state.connection") == "open", "connected")

    def clocks(self, b):
        return b.d.execute_script(
            "return ['black-clock', 'white-clock'].map(id => { const e = document.getElementById(id);"
            " return {text: e.textContent, shown: !e.hidden, running: e.classList.contains('running'),"
            " low: e.classList.contains('low')}; })")

    def test_clocked_swap2(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Ivy", "password123", register=True), "hall")
        cli = self.site.cli("Jack")
        seat = self.find_with(b, cli, 0, "5m+5s", 2, "freestyle --clock 5m+5s --opening swap2")
        self.assertIn("clock 5m+5s", b.el("game-settings").text)
        self.assertIn("Swap2", b.el("game-settings").text)
        # The opening runs on the clocks (protocol 1.6): the first player's, Black's, from the
        # start.
        c = self.clocks(b)
        self.assertTrue(c[0]["shown"] and c[1]["shown"])
        self.assertRegex(c[0]["text"], r"^(5:00|4:5\d)$")
        self.assertEqual(c[1]["text"], "5:00")
        self.assertTrue(c[0]["running"])
        self.assertFalse(c[1]["running"])
        if seat == "first":
            # The page places three stones; Jack places two more; the page takes White.
            self.wait_opening(b, "place")
            for i, (x, y) in enumerate([(7, 7), (8, 8), (7, 8)]):
                b.click(x, y)
                b.wait(lambda: len(b.moves()) == i + 1, f"{i + 1} stones")
            self.wait_opening(b, "swap2-choice", ours=False)
            # The second player's (White's) clock runs while it decides.
            b.wait(lambda: self.clocks(b)[1]["running"] and not self.clocks(b)[0]["running"],
                   "White's clock running in the opening")
            shot(b, "opening-swap2-clocks")
            cli.lines.wait(r"^OPENING second: black, white, or two .*\(you decide\)$")
            cli.say("two")
            cli.say("0,0")
            cli.say("7,9")
            self.wait_opening(b, "colour-choice")
            shot(b, "opening-swap2-colour-choice")
            b.d.find_element(By.CSS_SELECTOR, "#opening-choices button[data-choice='3']").click()
            cli.lines.wait(r"^OPENING over: you play black$")
            mine, his, me_black = [(0, 1), (0, 2)], [(7, 10), (7, 11)], False
        else:
            # Jack places three stones; the page places two more; Jack takes White.
            cli.lines.wait(r"^OPENING first places move 1 .*\(you decide\)$")
            for p in ("7,7", "8,8", "7,8"):
                cli.say(p)
            self.wait_opening(b, "swap2-choice")
            labels = [e.text for e in b.d.find_elements(By.CSS_SELECTOR, "#opening-choices button")]
            self.assertEqual(labels, ["Take Black", "Take White", "Place two more"])
            shot(b, "opening-swap2-choice")
            b.d.find_element(By.CSS_SELECTOR, "#opening-choices button[data-choice='4']").click()
            self.wait_opening(b, "place")
            b.click(0, 0)
            b.wait(lambda: len(b.moves()) == 4, "4 stones")
            b.click(7, 9)
            self.wait_opening(b, "colour-choice", ours=False)
            cli.lines.wait(r"^OPENING first: black or white \(you decide\)$")
            cli.say("white")
            cli.lines.wait(r"^OPENING over: you play white$")
            mine, his, me_black = [(7, 10), (7, 11)], [(0, 1), (0, 2)], True
        b.wait(lambda: self.opening(b) == "" and len(b.moves()) == 5, "the opening over")
        self.assertEqual(b.moves(), ["H8", "I7", "H7", "A15", "H6"])
        me_name = b.d.execute_script("return document.getElementById('me-name').textContent.trim()")
        self.assertEqual(b.el("black-name" if me_black else "white-name").text.strip(), me_name)
        # Normal play: White moves 6th; its clock runs now, Black's waits.
        b.wait(lambda: self.clocks(b)[1]["running"], "White's clock running")
        n = 5
        for i in range(2):
            for side in (["his", "mine"] if me_black else ["mine", "his"]):
                x, y = (his if side == "his" else mine)[i]
                n += 1
                if side == "his":
                    cli.say(f"{x},{y}")
                    b.wait(lambda: len(b.moves()) == n, f"{n} stones")
                else:
                    b.click(x, y)
                    b.wait(lambda: len(b.moves()) == n, f"{n} stones")
                    cli.lines.wait(rf"^MOVE {n} ")
            if i == 0:
                c = self.clocks(b)
                running = [k for k in (0, 1) if c[k]["running"]]
                self.assertEqual(running, [1])  # White to move (ply 7 played)
                for k in (0, 1):
                    self.assertRegex(c[k]["text"], r"^[45]:\d\d$")
                shot(b, "clocks-swap2")
        # Black's five on column h: the page shows the result, the clocks stop.
        b.wait(lambda: b.shown("result") and "five in a row" in b.el("result").text, "the result")
        self.assertIn("won" if me_black else "lost", b.el("result").text)
        cli.lines.wait(r"^RESULT black five")
        c = self.clocks(b)
        self.assertFalse(c[0]["running"] or c[1]["running"])

    def test_soosorv_alternatives(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Kim", "password123", register=True), "hall")
        cli = self.site.cli("Lee")
        # Only the rules' own openings are offered: renju plays Soosõrv-8 and Taraguchi-10.
        Select(b.el("find-rule")).select_by_value("0")
        offered = b.d.execute_script(
            "return [...document.getElementById('find-opening').options].filter(o => !o.disabled).map(o => o.value)")
        self.assertEqual(offered, ["0", "1", "2"])
        Select(b.el("find-rule")).select_by_value("2")
        offered = b.d.execute_script(
            "return [...document.getElementById('find-opening').options].filter(o => !o.disabled).map(o => o.value)")
        self.assertEqual(offered, ["0", "3", "4"])
        seat = self.find_with(b, cli, 2, "", 3, "renju --opening soosorv8")
        self.assertFalse(self.clocks(b)[0]["shown"])  # no clock
        if seat == "first":
            # The page places the opening, keeps Black, and offers two 5th moves.
            for i, (x, y) in enumerate([(7, 7), (7, 6), (7, 5)]):
                self.wait_opening(b, "place")
                b.click(x, y)
                b.wait(lambda: len(b.moves()) == i + 1, f"{i + 1} stones")
            cli.lines.wait(r"^OPENING second: keep or swap .*\(you decide\)$")
            cli.say("keep")
            cli.lines.wait(r"^OPENING second places move 4 .*\(you decide\)$")
            cli.say("7,11")
            cli.lines.wait(r"^OPENING second: declare N .*\(you decide\)$")
            cli.say("declare 2")
            self.wait_opening(b, "swap-offer")
            self.drop(b, cli)
            self.wait_opening(b, "swap-offer")  # resumed (protocol 1.4: SYNC's decisions)
            self.assertEqual(b.moves(), ["H8", "H9", "H10", "H4"])
            b.d.find_element(By.CSS_SELECTOR, "#opening-choices button[data-choice='0']").click()
            self.wait_opening(b, "place-alternatives")
            b.click(5, 8)
            b.click(9, 8)  # the mirror image of (5, 8): refused at once
            b.wait(lambda: "symmetric" in b.el("turn").text, "the symmetry refused")
            b.click(9, 9)
            b.wait(lambda: (b.board() or {}).get("alternatives") == "F7,J6", "two alternatives")
            shot(b, "opening-soosorv-offer")
            b.press("opening-offer")
            cli.lines.wait(r"^OPENING second: pick one of .*\(you decide\)$")
            cli.say("9,9")
        else:
            # Lee places the opening; the page keeps White, places the 4th, declares two; Lee
            # offers two 5th moves, shown numbered; the page picks one.
            cli.lines.wait(r"^OPENING first places move 1 .*\(you decide\)$")
            for p in ("7,7", "7,6", "7,5"):
                cli.say(p)
            self.wait_opening(b, "swap-offer")
            b.d.find_element(By.CSS_SELECTOR, "#opening-choices button[data-choice='0']").click()
            self.wait_opening(b, "place")
            b.click(7, 11)
            self.wait_opening(b, "declare-count")
            b.fill("opening-count", "2")
            b.press("opening-declare")
            cli.lines.wait(r"^OPENING first: keep or swap .*\(you decide\)$")
            cli.say("keep")
            cli.lines.wait(r"^OPENING first: offer 2 points .*\(you decide\)$")
            cli.say("offer 5,8 9,9")
            self.wait_opening(b, "choose-alternative")
            b.wait(lambda: (b.board() or {}).get("alternatives") == "F7,J6", "the alternatives shown")
            self.drop(b, cli)
            self.wait_opening(b, "choose-alternative")  # resumed (protocol 1.4: SYNC's decisions)
            b.wait(lambda: (b.board() or {}).get("alternatives") == "F7,J6", "the alternatives again")
            shot(b, "opening-soosorv-pick")
            b.click(9, 9)
        b.wait(lambda: self.opening(b) == "" and len(b.moves()) == 5, "the opening over")
        self.assertEqual(b.moves(), ["H8", "H9", "H10", "H4", "J6"])
        cli.lines.wait(r"^OPENING over: you play ")

    def test_flag(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Max", "password123", register=True), "hall")
        cli = self.site.cli("Ned")
        # A malformed clock is refused on the page, with the forms it takes.
        b.fill("find-clock", "5m+")
        b.press("find")
        b.wait(lambda: "is not a clock" in b.el("hall-error").text, "the clock's error")
        self.assertEqual(b.state(), "hall")
        seat = self.find_with(b, cli, 0, "3s/move", 0, "freestyle --clock 3s/move")
        # Black's clock runs from the start; under 10 s it shows tenths in the warning colour.
        b.wait(lambda: self.clocks(b)[0]["running"] and self.clocks(b)[0]["low"]
               and re.match(r"^0:0\d\.\d$", self.clocks(b)[0]["text"]), "Black's clock in tenths")
        shot(b, "clocks-low")
        b.wait(lambda: b.shown("result") and "wins on time" in b.el("result").text, "the loss on time")
        self.assertIn("White wins on time.", b.el("result").text)  # Black never moved
        self.assertIn("You lost." if seat == "first" else "You won.", b.el("result").text)
        cli.lines.wait(r"^RESULT white time")
        shot(b, "flag-result")

    def test_flag_in_the_opening(self):
        b = self.site.browser("en")
        b.d.get(self.site.url)
        self.assertEqual(b.log_in("Ora", "password123", register=True), "hall")
        cli = self.site.cli("Pat")
        seat = self.find_with(b, cli, 0, "3s/move", 2, "freestyle --clock 3s/move --opening swap2")
        # Swap2 on the clock: the first player, Black, places no stone; its time runs out.
        self.wait_opening(b, "place", ours=seat == "first")
        b.wait(lambda: self.clocks(b)[0]["running"], "Black's clock running in the opening")
        b.wait(lambda: b.shown("result") and "wins on time" in b.el("result").text, "the loss on time")
        self.assertIn("White wins on time.", b.el("result").text)
        self.assertIn("You lost." if seat == "first" else "You won.", b.el("result").text)
        cli.lines.wait(r"^RESULT white time")
        self.assertEqual(b.moves(), [])


class Http(Base):
    """The web port as a file server: only the page's files, with the right headers, and a
    WebSocket only for the page's own origin."""

    def get(self, path, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", self.site.web_port, timeout=20)
        c.putrequest("GET", path, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            c.putheader(k, v)
        c.endheaders()
        r = c.getresponse()
        return r, r.read()

    def test_files_and_headers(self):
        for path, ctype in [("/", "text/html"), ("/js/app.js", "text/javascript"),
                            ("/style.css", "text/css"), ("/img/stone-black-64.png", "image/png"),
                            ("/i18n/zh_CN.json", "application/json")]:
            r, body = self.get(path)
            self.assertEqual(r.status, 200, path)
            self.assertTrue(r.getheader("Content-Type").startswith(ctype), path)
            self.assertTrue(r.getheader("Cache-Control"), path)
            self.assertIn("script-src 'self'", r.getheader("Content-Security-Policy"))
            self.assertEqual(r.getheader("X-Content-Type-Options"), "nosniff")

    def test_path_traversal(self):
        for path in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/js/../../CMakeCache.txt",
                     "/..%2f..%2fetc/passwd", "/js\\..\\..\\etc\\passwd", "//etc/passwd",
                     "/etc/passwd", "/index.html%00.png", "/.git/config", "/../../../../../../etc/shadow"]:
            r, body = self.get(path)
            self.assertGreaterEqual(r.status, 400, path)
            self.assertLess(r.status, 500, path)
            self.assertNotIn(b"root:", body, path)
            self.assertNotIn(b"CMAKE", body, path)

    def upgrade(self, origin):
        s = socket.create_connection(("127.0.0.1", self.site.web_port), timeout=20)
        req = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{self.site.web_port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n" + (f"Origin: {origin}\r\n" if origin else "") + "\r\n")
        s.sendall(req.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        s.close()
        return int(data.split(b" ", 2)[1])

    def test_websocket_origin(self):
        self.assertEqual(self.upgrade("http://evil.example"), 403)
        self.assertEqual(self.upgrade(None), 403)
        self.assertEqual(self.upgrade(f"http://127.0.0.1:{self.site.web_port}"), 101)


if __name__ == "__main__":
    unittest.main()
