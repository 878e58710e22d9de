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
from selenium.webdriver.support.ui import WebDriverWait

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
