#!/usr/bin/env python3
"""A browser player for shell-driven tests (tests/gui/gui_test.sh): headless Chromium on the
web page of a gomoku-server, driven by one command per line on stdin; each command answers one
line on stdout, `OK ...` or `FAIL reason`, after waiting for what it asks (never a sleep).

    open URL [LANG]          load the page (LANG: en, zh-CN, zh-TW)   -> OK state
    register NAME PASSWORD   create the account and log in            -> OK hall
    login NAME PASSWORD      log in                                   -> OK hall | OK refused TEXT
    press ID                 click the element #ID
    state STATE              wait for body[data-state=STATE]
    room                     wait for the board                       -> OK black|white OPPONENT
    click X Y                click point (X column, Y row from the top, 0-based) on the board
    moves N                  wait until the board holds N stones      -> OK N h8,i9,...
    text ID REGEX            wait until #ID's text matches            -> OK text
    visible ID               wait until #ID is shown
    chat TEXT                type TEXT in the chat field and send it
    chatlog REGEX            wait for a chat line matching            -> OK line
    shot PATH                save a screenshot (PNG)
    quit

The driver (chromedriver) is Debian's, at /usr/bin/chromedriver; nothing is downloaded.
"""

import os
import re
import signal
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = float(os.environ.get("GOMOKU_BROWSER_WAIT", "60"))


def start_chromium(lang="en", width=1280, height=800):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    opts.add_argument("--headless=new")
    if os.geteuid() == 0:
        opts.add_argument("--no-sandbox")  # Chromium's sandbox refuses root
    opts.add_argument("--disable-dev-shm-usage")
    opts.add_argument("--disable-gpu")
    opts.add_argument(f"--window-size={width},{height}")
    opts.add_argument(f"--lang={lang}")
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


class Player:
    def __init__(self):
        self.d = None

    def wait(self, fn, what):
        try:
            return WebDriverWait(self.d, WAIT).until(lambda d: fn())
        except Exception as e:  # a timeout names what did not happen
            raise RuntimeError(f"{what}: {type(e).__name__}") from None

    def el(self, ident):
        return self.d.find_element(By.ID, ident)

    def state(self):
        return self.d.execute_script("return document.body.dataset.state || ''")

    def wait_state(self, *states):
        self.wait(lambda: self.state() in states, "state " + "|".join(states))
        return self.state()

    def shown(self, ident):
        els = self.d.find_elements(By.ID, ident)
        return bool(els) and els[0].is_displayed()

    def press(self, ident):
        self.wait(lambda: self.shown(ident) and self.el(ident).is_enabled(), "#" + ident)
        self.el(ident).click()

    def fill(self, ident, text):
        e = self.el(ident)
        e.clear()
        e.send_keys(text)

    def log_in(self, name, password, register):
        self.wait_state("login")
        self.fill("login-name", name)
        self.fill("login-password", password)
        box = self.el("login-register")
        if box.is_selected() != register:
            box.click()
        if register:
            self.wait(lambda: self.shown("login-password2"), "#login-password2")
            self.fill("login-password2", password)
        self.el("login-submit").click()
        self.wait(lambda: self.state() != "login" or self.el("login-error").text.strip(),
                  "login answer")
        if self.state() == "login":
            return "refused " + self.el("login-error").text.strip()
        return self.wait_state("hall", "finding", "room")  # room: a suspended game resumes

    def board(self):
        return self.d.execute_script(
            "const c = document.getElementById('board'); return c ? {...c.dataset} : null")

    def moves(self):
        b = self.board() or {}
        m = b.get("moves", "")
        return [x for x in m.split(",") if x]

    def click(self, x, y):
        b = self.board()
        left, top, cell = float(b["left"]), float(b["top"]), float(b["cell"])
        canvas = self.el("board")
        # Selenium 4 offsets are from the element's centre.
        r = self.d.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", canvas)
        dx = left + x * cell - r[0] / 2
        dy = top + y * cell - r[1] / 2
        webdriver.ActionChains(self.d).move_to_element_with_offset(canvas, int(round(dx)),
                                                                   int(round(dy))).click().perform()

    def run(self, words, line):
        cmd = words[0]
        if cmd == "open":
            if self.d is None:
                self.d = start_chromium(words[2] if len(words) > 2 else "en")
            self.d.get(words[1])
            return self.wait_state("login", "hall", "finding", "room")
        if cmd in ("register", "login"):
            return self.log_in(words[1], words[2], cmd == "register")
        if cmd == "press":
            self.press(words[1])
            return ""
        if cmd == "state":
            return self.wait_state(words[1])
        if cmd == "room":
            self.wait_state("room")
            self.wait(lambda: (self.board() or {}).get("size"), "the board")
            self.wait(lambda: self.el("black-name").text.strip() and
                      self.el("white-name").text.strip(), "the players' names")
            me = self.d.execute_script(
                "return document.getElementById('me-name').textContent.trim()")
            black = self.el("black-name").text.strip()
            white = self.el("white-name").text.strip()
            colour = "black" if me == black else "white"
            return f"{colour} {white if colour == 'black' else black}"
        if cmd == "click":
            self.click(int(words[1]), int(words[2]))
            return ""
        if cmd == "moves":
            n = int(words[1])
            self.wait(lambda: len(self.moves()) == n, f"{n} stones on the board")
            return f"{n} {','.join(self.moves())}"
        if cmd == "text":
            ident, rx = words[1], line.split(None, 2)[2]
            self.wait(lambda: self.shown(ident) and re.search(rx, self.el(ident).text),
                      f"#{ident} ~ {rx}")
            return self.el(ident).text.strip().replace("\n", " ")
        if cmd == "visible":
            self.wait(lambda: self.shown(words[1]), "#" + words[1])
            return ""
        if cmd == "chat":
            text = line.split(None, 1)[1]
            self.fill("chat-input", text)
            self.press("chat-send")
            return ""
        if cmd == "chatlog":
            rx = line.split(None, 1)[1]
            items = lambda: [li.text for li in self.d.find_elements(By.CSS_SELECTOR, "#chat-log li")]
            self.wait(lambda: any(re.search(rx, t) for t in items()), "chat line ~ " + rx)
            return next(t for t in items() if re.search(rx, t))
        if cmd == "shot":
            self.d.save_screenshot(words[1])
            return ""
        raise RuntimeError("unknown command " + cmd)


def main():
    # A test that kills the driver (its cleanup) must not leave Chromium running.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    p = Player()
    try:
        for line in sys.stdin:
            line = line.rstrip("\n")
            words = line.split()
            if not words:
                continue
            if words[0] == "quit":
                break
            try:
                out = p.run(words, line)
                print(("OK " + out).rstrip(), flush=True)
            except Exception as e:  # reported, the test decides
                msg = str(e).splitlines()[0] if str(e) else type(e).__name__
                if p.d is not None:
                    try:
                        p.d.save_screenshot(os.environ.get("GOMOKU_BROWSER_FAILSHOT",
                                                           "/tmp/browser-fail.png"))
                    except Exception:
                        pass
                print("FAIL " + msg, flush=True)
    finally:
        if p.d is not None:
            p.d.quit()


if __name__ == "__main__":
    main()
