"""Firefox and WebKit pages for the browser tests, with the small part of Playwright's Page that
the whole-game players use (tapper.py, test_play.py, test_hibernia_play.py, waits.py), so that
the very same code plays a game in every engine.

    FirefoxPage   Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi through
                  tests/web/engines/puppeteer_driver.mjs (JSON lines on a pipe)
    WebKitPage    WebKitGTK's MiniBrowser, driven by Selenium through WebKitGTK's WebDriver
                  (WebKitWebDriver), on an X display (``Xvfb``)
    EngineSession as conftest.PageSession: the page, wait_interactive(), assert_clean()

Both give: evaluate(script, arg), wait_for_function(script, arg, timeout), mouse.click(x, y),
touchscreen.tap(x, y), locator(css) / get_by_test_id(id) (bounding_box, click, tap, fill,
select_option, is_visible, is_hidden, is_enabled, is_disabled, inner_text, get_attribute, count,
wait_for), goto, reload, screenshot, and errors(): the console errors and uncaught errors since the
last call.  Firefox reports those through BiDi; WebKitGTK's WebDriver has no log endpoint and no
BiDi, so tests/web/engines/capture.js keeps them in the page from the load event on, and they are
read before every navigation.  Likewise the test hooks (hooks.js): Firefox runs them before the
page's scripts; Selenium has no init script, so WebKit gets them right after each load.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINES = HERE / "engines"
ROOT = HERE.parents[1]
HOOKS = (HERE / "hooks.js").read_text(encoding="utf-8")
CAPTURE = (ENGINES / "capture.js").read_text(encoding="utf-8")
NODE_MODULES = ROOT / ".cache" / "engines-node" / "node_modules"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
REPLY_S = 240  # the bound on one command: a whole wait_for_function, or Firefox starting on a busy machine

# A function's source ("() => …", "async (a) => …", "function (…) {…}") or an expression.
_FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")

# Polls a condition inside the page: one round trip per wait, not one per poll.
_WAIT = """async ([arg, timeout]) => {
  const condition = %s;
  const end = performance.now() + timeout;
  while (!(await condition(arg))) {
    if (performance.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}"""

_BOX = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
}"""
_VISIBLE = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}"""
_UNCOVER = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!top || !(el === top || el.contains(top) || top.contains(el) || (el.labels && [...el.labels].some((l) => l.contains(top))))) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  }
}"""
_SELECT = """([sel, value]) => {
  const el = document.querySelector(sel);
  if (![...el.options].some((o) => o.value === value)) throw new Error(`no option ${value} in ${sel}`);
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}"""

_TO_MIDDLE = """const el = arguments[0], r = el.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
const top = r.top >= 0 && r.bottom <= innerHeight ? document.elementFromPoint(x, y) : null;
if (!top || !(top === el || el.contains(top))) el.scrollIntoView({ block: 'center', inline: 'nearest' });"""


def is_function(script: str) -> bool:
    return bool(_FUNCTION.match(script))


def call_expression(script: str, arg=None) -> str:
    """``script`` (a function's source, called with ``arg``, or a script: its completion value)."""
    if is_function(script):
        return f"({script})({json.dumps(arg)})"
    return script


class Locator:
    """The elements a CSS selector names (the first, for actions), as Playwright's Locator."""

    def __init__(self, page, selector: str):
        self.page = page
        self.selector = selector

    def locator(self, selector: str) -> Locator:
        return Locator(self.page, f"{self.selector} {selector}")

    def get_by_test_id(self, test_id: str) -> Locator:
        return self.locator(f'[data-testid="{test_id}"]')

    @property
    def first(self) -> Locator:
        return self

    def _eval(self, body: str):
        return self.page.evaluate(f"(sel) => {{ const el = document.querySelector(sel); {body} }}", self.selector)

    def count(self) -> int:
        return self.page.evaluate("(sel) => document.querySelectorAll(sel).length", self.selector)

    def bounding_box(self) -> dict | None:
        return self.page.evaluate(_BOX, self.selector)

    def is_visible(self) -> bool:
        return self.page.evaluate(_VISIBLE, self.selector)

    def is_hidden(self) -> bool:
        return not self.is_visible()

    def is_enabled(self) -> bool:
        return self._eval("if (!el) throw new Error('no ' + sel); return !el.disabled;")

    def is_disabled(self) -> bool:
        return not self.is_enabled()

    def inner_text(self) -> str:
        return self._eval("if (!el) throw new Error('no ' + sel); return el.innerText;")

    def get_attribute(self, name: str):
        return self.page.evaluate("([sel, name]) => { const el = document.querySelector(sel);"
                                  " if (!el) throw new Error('no ' + sel); return el.getAttribute(name); }",
                                  [self.selector, name])

    def wait_for(self, state: str = "visible", timeout: int = 60000) -> None:
        want = "" if state in ("visible", "attached") else "!"
        check = _VISIBLE if state in ("visible", "hidden") else "(sel) => document.querySelector(sel) !== null"
        if not self.page.wait_for_function(f"(sel) => {want}({check})(sel)", arg=self.selector, timeout=timeout,
                                           fail=False):
            raise AssertionError(f"waited {timeout / 1000:.0f} s for {self.selector} to be {state}")

    def _ready(self) -> None:
        # as Playwright does before acting: the element is there and visible, and nothing else
        # would take the tap (a person scrolls until it shows: a sticky button covers the bottom
        # of a scrolled list, which the drivers' own "scroll if needed" leaves under it)
        self.wait_for("visible")
        self.page.evaluate(_UNCOVER, self.selector)

    def click(self) -> None:
        self._ready()
        self.page.driver_click(self.selector)

    def tap(self) -> None:
        self._ready()
        self.page.driver_tap(self.selector)

    def fill(self, value: str) -> None:
        self._ready()
        self.page.driver_fill(self.selector, value)

    def select_option(self, value: str) -> None:
        self._ready()
        self.page.driver_select(self.selector, value)


class _Pointer:
    def __init__(self, action):
        self._action = action

    def click(self, x: float, y: float) -> None:
        self._action(x, y)

    def tap(self, x: float, y: float) -> None:
        self._action(x, y)


class EnginePage:
    """What both engines share; a backend gives the driver_* methods, _evaluate and _errors."""

    engine = "?"
    touch = False

    def __init__(self):
        self.mouse = _Pointer(self.driver_click_at)
        self.touchscreen = _Pointer(self.driver_tap_at)
        self.collected: list[str] = []  # errors read before navigations

    # ---------------------------------------------------------------- Playwright's Page
    def evaluate(self, script: str, arg=None):
        return self._evaluate(script, arg)

    def wait_for_function(self, script: str, arg=None, timeout: int = 60000, fail: bool = True) -> bool:
        ok = self.evaluate(_WAIT % script, [arg, timeout])
        if not ok and fail:
            raise TimeoutError(f"waited {timeout / 1000:.0f} s for {script[:200]}")
        return ok

    def locator(self, selector: str) -> Locator:
        return Locator(self, selector)

    def get_by_test_id(self, test_id: str) -> Locator:
        return Locator(self, f'[data-testid="{test_id}"]')

    def wait_for_selector(self, selector: str, state: str = "visible", timeout: int = 60000) -> None:
        Locator(self, selector).wait_for(state, timeout)

    def errors(self) -> list[str]:
        """Console errors and uncaught errors since the last call (those of pages navigated away included)."""
        out, self.collected = self.collected + self._errors(), []
        return out

    def goto(self, url: str) -> None:
        self.collected += self._errors_if_open()
        self._goto(url)

    def reload(self) -> None:
        self.collected += self._errors_if_open()
        self._reload()

    def _errors_if_open(self) -> list[str]:
        try:
            return self._errors()
        except Exception:
            return []


class FirefoxPage(EnginePage):
    """A page of Firefox ESR, through puppeteer_driver.mjs."""

    engine = "firefox"

    def __init__(self, width: int, height: int, touch: bool = False, mobile: bool = False, scale: float = 1,
                 reduced_motion: bool = True, init: str = "", prefs: dict | None = None):
        """``init``: a script run first in each page after the test hooks; ``prefs``: Firefox
        preferences (live play between two browsers here: WebRTC over loopback)."""
        super().__init__()
        self.touch = touch
        node = shutil.which("node")
        if not node:
            raise RuntimeError("no node: `python3 build.py test` installs Node.js")
        if not (NODE_MODULES / "puppeteer-core").is_dir():
            raise RuntimeError(f"no puppeteer-core in {NODE_MODULES}: `python3 build.py test` installs it "
                               "(npm ci of tests/web/engines/package.json)")
        self._proc = subprocess.Popen(
            [node, str(ENGINES / "puppeteer_driver.mjs")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PUPPETEER_MODULES=str(NODE_MODULES)))
        self._answers: queue.Queue = queue.Queue()
        self._stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self._stderr.extend(self._proc.stderr), daemon=True).start()
        self._next = 0
        self.version = self._call("launch", width=width, height=height, touch=touch, mobile=mobile, scale=scale,
                                  reducedMotion=reduced_motion, initScript=HOOKS + "\n" + init, prefs=prefs or {},
                                  executable=FIREFOX)

    def _read(self) -> None:
        for line in self._proc.stdout:
            self._answers.put(json.loads(line))
        self._answers.put(None)

    def _call(self, cmd: str, **args):
        self._next += 1
        request = dict(args, id=self._next, cmd=cmd)
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()
        try:
            answer = self._answers.get(timeout=REPLY_S)
        except queue.Empty:
            raise TimeoutError(f"firefox: no answer to {cmd} in {REPLY_S} s") from None
        if answer is None:
            raise RuntimeError(f"firefox: the driver ended during {cmd}: {''.join(self._stderr)[-2000:]}")
        assert answer["id"] == self._next, (answer, request)
        if not answer["ok"]:
            raise RuntimeError(f"firefox: {cmd} failed: {answer['error']}")
        return answer["value"]

    def _evaluate(self, script, arg):
        return self._call("evaluate", expression=call_expression(script, arg))

    def _errors(self):
        return self._call("errors")

    def _goto(self, url):
        self._call("goto", url=url)

    def _reload(self):
        self._call("reload")

    def driver_click_at(self, x, y):
        self._call("click", x=x, y=y)

    def driver_tap_at(self, x, y):
        self._call("tap" if self.touch else "click", x=x, y=y)

    def driver_click(self, selector):
        self._call("clickSelector", selector=selector)

    def driver_tap(self, selector):
        self._call("tapSelector" if self.touch else "clickSelector", selector=selector)

    def driver_fill(self, selector, value):
        self._call("fill", selector=selector, value=value)

    def driver_select(self, selector, value):
        self._call("select", selector=selector, value=value)

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=str(path))

    def close(self) -> None:
        try:
            self._call("close")
        except Exception:
            pass
        try:
            self._proc.stdin.close()
            self._proc.wait(timeout=30)
        except Exception:
            self._proc.kill()


# MiniBrowser's toolbar as small as GTK allows (so its window can be as narrow as a phone: its
# usual toolbar needs 447 px), and GTK's animations off, which WebKitGTK reads as
# prefers-reduced-motion.
GTK_SETTINGS = "[Settings]\ngtk-enable-animations=false\n"
GTK_CSS = ("headerbar *, toolbar, toolbar *, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0;"
           " font-size: 1px; border-width: 0; }\n")


def minibrowser() -> str:
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"))
    if not found:
        raise RuntimeError("no WebKitGTK MiniBrowser: `python3 build.py test` installs webkit2gtk-driver")
    return str(found[-1])


class WebKitPage(EnginePage):
    """A page of WebKitGTK's MiniBrowser, through Selenium and WebKitWebDriver, on ``display``."""

    engine = "webkit"

    def __init__(self, width: int, height: int, display: str, config_home: Path, scale: int = 1,
                 reduced_motion: bool = True):
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        gtk = config_home / "gtk-3.0"
        gtk.mkdir(parents=True, exist_ok=True)
        (gtk / "settings.ini").write_text(GTK_SETTINGS if reduced_motion else "[Settings]\n")
        (gtk / "gtk.css").write_text(GTK_CSS)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        # GDK_SCALE: a phone's device pixel ratio (GTK scales the window; the viewport keeps its CSS size)
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(config_home), GDK_SCALE=str(int(scale)))
        self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBKIT_DRIVER, env=env))
        self.version = self.driver.capabilities.get("browserVersion")
        self.driver.set_script_timeout(REPLY_S)
        self.size = (width, height)
        self.scale = int(scale)

    def _fit_window(self) -> None:
        """The viewport of the size asked for: the window is that plus what its toolbar takes."""
        # GTK resizes the window a little later than set_window_rect returns, later still on a busy
        # machine: after each request wait for the viewport to change before measuring again.
        width, height = self.size
        end = time.monotonic() + 30
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        for _ in range(6):
            if inner == [width, height]:
                break
            rect = self.driver.get_window_rect()
            self.driver.set_window_rect(0, 0, rect["width"] + width - inner[0], rect["height"] + height - inner[1])
            before, steady = inner, 0
            while steady < 3 and time.monotonic() < end:  # changed, then the same three reads running
                time.sleep(0.05)
                now = self.driver.execute_script("return [innerWidth, innerHeight]")
                steady = steady + 1 if now == inner and now != before else 0
                inner = now
            if time.monotonic() >= end:
                break
        inner = self.driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
        assert inner == [width, height, self.scale], f"WebKit's viewport is {inner}, not {[width, height, self.scale]}"

    def _after_load(self) -> None:
        self.driver.execute_script(CAPTURE)
        self.driver.execute_script(HOOKS)
        self._fit_window()

    def _evaluate(self, script, arg):
        from selenium.common.exceptions import JavascriptException

        if is_function(script):
            return self.driver.execute_script(f"return ({script})(arguments[0]);", arg)
        try:  # an expression: its value
            return self.driver.execute_script(f"return ({script}\n);")
        except JavascriptException as exc:
            if not re.search(r"SyntaxError|Unexpected token|Expected", str(exc)):  # Firefox's and WebKit's words
                raise
        return self.driver.execute_script(script)  # statements (a library's source): no value

    def _errors(self):
        return self.driver.execute_script("return window.__engineErrors ? window.__engineErrors.splice(0) : [];")

    def _goto(self, url):
        self.driver.get(url)
        self._after_load()

    def _reload(self):
        self.driver.refresh()
        self._after_load()

    def _pointer(self, x, y):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        chain = ActionChains(self.driver)
        builder = ActionBuilder(self.driver)
        builder.pointer_action.move_to_location(int(round(x)), int(round(y))).click()
        chain.w3c_actions = builder
        chain.perform()

    def driver_click_at(self, x, y):
        self._pointer(x, y)

    driver_tap_at = driver_click_at  # WebKitGTK's WebDriver has no touch input: a finger is a click

    def _element(self, selector):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def driver_click(self, selector):
        element = self._element(selector)
        # WebDriver scrolls an element to the bottom edge of its scroller, where the new-game
        # screen's Start bar covers it; a person (and Playwright) brings it to the middle first
        self.driver.execute_script(_TO_MIDDLE, element)
        element.click()

    driver_tap = driver_click

    def driver_fill(self, selector, value):
        el = self._element(selector)
        el.clear()
        el.send_keys(value)

    def driver_select(self, selector, value):
        # as Playwright's select_option and Puppeteer's select: the value set, input and change sent
        # (Selenium's Select clicks the <option>, which opens GTK's popup menu over the page)
        self.evaluate(_SELECT, [selector, value])

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


class Xvfb:
    """A virtual X display for WebKitGTK, on a free display number (Xvfb picks it: -displayfd)."""

    def __init__(self, width: int = 2600, height: int = 1800):  # a desktop window, or a phone's at scale 2
        if not shutil.which("Xvfb"):
            raise RuntimeError("no Xvfb: `python3 build.py test` installs xvfb")
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        end = time.monotonic() + 60
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n") and time.monotonic() < end:
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip():
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number.decode().strip()}"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# What the page fetched from elsewhere than its own origin (the page's own resource timing: the
# engines here cannot all intercept requests, and the site's CSP refuses other origins anyway).
_FOREIGN = """(origin) => performance.getEntriesByType('resource').map((e) => e.name)
  .filter((u) => !u.startsWith(origin + '/') && !/^(data|blob|about):/.test(u))"""


class EngineSession:
    """A page of one engine, as conftest.PageSession: .page, wait_mark/wait_interactive, assert_clean."""

    def __init__(self, page: EnginePage, origin: str):
        self.page = page
        self.origin = origin
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []  # in console_errors: the engines do not all tell them apart

    def wait_mark(self, name: str, timeout: int = 120000) -> float:
        self.page.wait_for_function("(n) => performance.getEntriesByName(n, 'mark').length > 0", arg=name,
                                    timeout=timeout)
        return self.page.evaluate("(n) => performance.getEntriesByName(n, 'mark')[0].startTime / 1000", name)

    def wait_interactive(self, timeout: int = 120000) -> float:
        t = self.wait_mark("cambria:interactive", timeout)
        # the test hooks hold the page's modules (evaluated after the load in WebKit)
        self.page.wait_for_function("() => Boolean(window.__cambria && window.__cambria.loaded)", timeout=timeout)
        return t

    def assert_clean(self) -> None:
        self.console_errors += self.page.errors()
        assert self.console_errors == [], f"{self.page.engine}: console errors: {self.console_errors}"
        foreign = self.page.evaluate(_FOREIGN, self.origin)
        assert foreign == [], f"{self.page.engine}: requests to other origins: {foreign}"
