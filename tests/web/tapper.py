"""A player for the browser tests that plays by taps on what the page highlights, and can check
at every step that what it needs is on the screen.

    player = Player(session, touch=True, rng=random.Random(1), strategy="typical", check_reach=True)
    c = player.step(map_id, c)      # one step: roll, or compose a decision and confirm it

``strategy``: "explore" taps any highlighted choice (boats, swaps, passes, undo now and then);
"typical" plays as most people do: a road if there is one (else a swap, else a pass), never a
boat or an undo, so that its taps count what a turn costs (``player.taps``: per turn).

``check_reach``: before every tap, every control the step needs (Roll, Confirm, Undo, Hint, the
choice buttons) and every legal road and boat must be inside the viewport, the page
must not scroll, and ``document.elementFromPoint`` at each one's middle must hit that very
thing; no toast may overlap any of them; no text of the turn card or the score strip may be cut
(CUT).  A failure names the element, the layout and step.
Where the board shows a part of the map (a phone on its side), a target outside that part is
reached by dragging the map, as a person would (``pan_to``), and at least one target is in view.
"""

from __future__ import annotations

import os
import random
import re

from waits import IDLE, SETTLED, read_when

# The texts of the turn card (the first-turn guide's words too) and the score strip that are cut:
# an element whose text overflows its box (scrollWidth/scrollHeight beyond it), a name of the folded strip showing fewer than its
# first five letters, a preview ending in "…".  [] when all are whole.  Measured as painted: in a
# task after a frame (not inside an animation callback, before the frame's layout and its resize
# observers, which set a long prompt's size: turncard.js).
CUT = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))));
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).display !== 'inline';
  const out = [];
  const boxes = '#turn-card .prompt, #turn-card .prompt-extra, #turn-card button, #turn-card .choice-text, #turn-card .choice-sub,'
    + ' #turn-card .stepper-name, #turn-card .stepper-count, #turn-card .coach-text, #turn-card .coach, #players .points, #players .chance';
  for (const e of document.querySelectorAll(boxes)) {
    if (!shown(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
      out.push({ what: e.id || e.className, text: e.textContent, font: getComputedStyle(e).fontSize,
                 size: [e.scrollWidth, e.scrollHeight, e.clientWidth, e.clientHeight] });
    }
  }
  const preview = document.querySelector('[data-testid=capture-preview]');
  if (preview && preview.textContent.trim().endsWith('…')) out.push({ what: 'preview', text: preview.textContent });
  // the strip's names: the letters inside the name's box (an ellipsis takes about a letter's room)
  for (const n of document.querySelectorAll('#players .name-text')) {
    if (!n.getClientRects().length || !n.firstChild) continue;
    const box = n.getBoundingClientRect(), text = n.textContent, range = document.createRange();
    const cut = n.scrollWidth > n.clientWidth + 1;
    let seen = 0;
    while (seen < text.length) {
      range.setStart(n.firstChild, 0);
      range.setEnd(n.firstChild, seen + 1);
      if (range.getBoundingClientRect().right > box.right - (cut ? 8 : -0.5)) break;
      seen += 1;
    }
    if (seen < Math.min(5, text.length)) out.push({ what: 'name', text, seen });
  }
  return out;
}"""

# Texts cut inside a part of the page (a dialog): an element that clips its overflow while its
# text overflows it.  [] when all are whole.
CUT_WITHIN = """(root) => {
  const out = [];
  for (const e of document.querySelector(root).querySelectorAll('*')) {
    if (!e.getClientRects().length || !e.textContent.trim()) continue;
    const style = getComputedStyle(e);
    const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
    if (clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        && !['auto', 'scroll'].includes(style.overflowY)) {
      out.push({ what: e.className || e.tagName, text: e.textContent.slice(0, 80), size: [e.scrollWidth, e.scrollHeight, e.clientWidth, e.clientHeight] });
    }
  }
  return out;
}"""

# What the page offers now, with the middle of each thing to tap and whether it can be reached:
# {inside: inside the viewport; hit: elementFromPoint at its middle is the thing itself;
# under: a toast overlapping it; panned: on the board shown in part (zoomed, or a phone on its
# side: the map across the board's width), not wholly in the part in view: the player pans to it}.
READ_CHOICES = f"""async () => {{
  const app = document.querySelector('#app');
  const b = document.querySelector(`#board-${{app.dataset.map}}`);
  const shown = (el) => el && !el.hidden && el.offsetParent !== null;
  const toasts = [...document.querySelectorAll('#toasts .toast')].map((t) => t.getBoundingClientRect());
  const area = b.getBoundingClientRect(), zoomed = app.classList.contains('zoomed');
  const reach = (el, name) => {{
    const r = el.getBoundingClientRect();
    const panned = zoomed && b.contains(el)
      && (r.left < area.left - 0.5 || r.right > area.right + 0.5 || r.top < area.top - 0.5 || r.bottom > area.bottom + 0.5);
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5
      && r.width > 0 && r.height > 0;
    const top = inside ? document.elementFromPoint(x, y) : null;
    const hit = Boolean(top && (el === top || el.contains(top)));
    const under = toasts.some((t) => t.left < r.right && t.right > r.left && t.top < r.bottom && t.bottom > r.top);
    const what = top ? (top.id ? '#' + top.id : top.tagName.toLowerCase() + '.' + String(top.getAttribute('class') || '').split(' ')[0]) : null;
    return {{ name, point: [x, y], inside, hit, under, top: what, panned,
             box: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)] }};
  }};
  const confirm = document.querySelector('#confirm'), undo = document.querySelector('#undo');
  const roll = document.querySelector('#roll'), hint = document.querySelector('#hint');
  const controls = [];
  for (const el of [roll, confirm, undo, hint, document.querySelector('#show-result'), document.querySelector('#menu-button')]) {{
    if (shown(el)) controls.push(reach(el, '#' + el.id));
  }}
  for (const el of document.querySelectorAll('#extra-choices button')) if (shown(el)) controls.push(reach(el, el.dataset.token));
  const doc = document.scrollingElement;
  const cut = await ({CUT})();
  return {{
    step: Number(app.dataset.step), phase: app.dataset.phase, mode: app.dataset.mode,
    busy: app.classList.contains('busy'),
    roll: shown(roll) && !roll.disabled && !roll.classList.contains('roll-after'),
    rollAfter: shown(roll) && !roll.disabled && roll.classList.contains('roll-after'),
    roads: [...b.querySelectorAll('.slot.legal')].map((n) => [Number(n.dataset.road), reach(n, 'road ' + n.dataset.road)]),
    boats: [...b.querySelectorAll('.boat.legal')].map((n) => [Number(n.dataset.boat), reach(n, 'boat ' + n.dataset.boat)]),
    buttons: [...document.querySelectorAll('#extra-choices button')].map((n) => [n.dataset.token, reach(n, n.dataset.token)]),
    confirm: shown(confirm) && !confirm.disabled,
    undo: shown(undo) && !undo.disabled,
    controls, cut,
    scrolled: doc.scrollTop !== 0 || doc.scrollLeft !== 0 || doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1,
    over: app.dataset.over === 'true',
    ended: shown(document.querySelector('#end-screen')),
    turn: window.__cambria.state().view ? window.__cambria.state().view.turn : null,
    current: window.__cambria.state().view ? window.__cambria.state().view.current : null,
    supply: window.__cambria.state().view ? window.__cambria.state().view.position.supply : null,
    neutral: window.__cambria.state().view ? (window.__cambria.state().view.players.find((p) => p.neutral) || {{ index: null }}).index : null,
    size: [innerWidth, innerHeight],
    layout: Object.fromEntries(['.board-area', `#board-${{app.dataset.map}}`, '#turn-card', '#players', '.topbar'].map((q) => {{
      const el = document.querySelector(q);
      const r = el ? el.getBoundingClientRect() : null;
      return [q, r ? [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)] : null];
    }})),
  }};
}}"""


def drag(page, start: tuple[float, float], end: tuple[float, float], touch: bool = True) -> None:
    """One finger (the mouse without a touch screen) from start to end, in small moves."""
    steps = 8
    points = [(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
              for i in range(steps + 1)]
    if not touch:
        page.mouse.move(*points[0])
        page.mouse.down()
        for x, y in points[1:]:
            page.mouse.move(x, y)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)
    try:
        for i, (x, y) in enumerate(points):
            kind = "touchStart" if i == 0 else "touchMove"
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(16)  # a finger's pace, a frame a move
        # the finger rests before it lifts: no fling (whose stop would take the next tap for itself)
        for _ in range(4):
            page.wait_for_timeout(40)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": points[-1][0], "y": points[-1][1]}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


class Unreachable(AssertionError):
    pass


class Player:
    """Drives the page like a person: taps what is highlighted."""

    def __init__(self, session, touch: bool, rng: random.Random, strategy: str = "explore",
                 check_reach: bool = False, label: str = ""):
        self.s = session
        self.page = session.page
        self.touch = touch
        self.rng = rng
        self.strategy = strategy
        self.check_reach = check_reach
        self.label = label
        self.decisions = 0
        self.undos = 0
        self.checks = 0
        self.reach_checks = 0
        self.pans = 0  # drags that brought a target into the board's view
        self.taps: dict[tuple, int] = {}  # (turn or "setup", seat, a supply at its start) -> taps
        self.kinds: dict[str, int] = {}  # what was tapped, over the game: roll, road, confirm, …
        self.turn_key: tuple | None = None

    def press(self, locator) -> None:
        if self.touch:
            locator.tap()
        else:
            locator.click()

    # ---------------------------------------------------------------- reading the page
    def idle(self) -> dict:
        """Wait until the page has answered a tap; the choices it shows then."""
        return read_when(self.page, IDLE, READ_CHOICES, "the page to answer a tap")

    def wait_step_after(self, step: int) -> dict:
        """Wait until the step is played and the page settled; the choices it shows then."""
        return read_when(self.page, f"(s) => Number(document.querySelector('#app').dataset.step) > s && ({SETTLED})()",
                         READ_CHOICES, f"step {step} to be played and the page to settle", arg=step)

    def choices(self) -> dict:
        return self.page.evaluate(READ_CHOICES)

    def assert_reachable(self, c: dict) -> None:
        """Every control and legal target of this step is on the screen, uncovered, and the page does not scroll."""
        try:
            self._assert_reachable(c)
        except Unreachable:
            # CAMBRIA_FAIL_SHOTS=<folder>: a screenshot of the page that failed, to look at
            folder = os.environ.get("CAMBRIA_FAIL_SHOTS")
            if folder:
                name = re.sub(r"[^\w.-]+", "_", f"{self.label}-{c['size'][0]}x{c['size'][1]}-{c['step']}")
                self.page.screenshot(path=os.path.join(folder, name + ".png"))
            raise

    def _assert_reachable(self, c: dict) -> None:
        where = f"{self.label} {c['size'][0]}×{c['size'][1]}, step {c['step']} ({c['phase']})"
        if c["scrolled"]:
            raise Unreachable(f"the page scrolls at {where}")
        if c["cut"]:
            raise Unreachable(f"a text is cut at {where}: {c['cut']}")
        targets = [r for _, r in c["roads"]] + [r for _, r in c["boats"]]
        # the part of the map in view follows the step (board.js): a target at least is in it
        if targets and all(t["panned"] for t in targets):
            raise Unreachable(f"no target is in the board's view at {where}: {[t['box'] for t in targets[:4]]}")
        for t in list(c["controls"]) + [t for t in targets if not t["panned"]]:
            if not t["inside"]:
                raise Unreachable(f"{t['name']} is outside the viewport at {where}: {t['box']}")
            if not t["hit"]:
                raise Unreachable(f"{t['name']} is covered by {t['top']} at {where}: {t['box']} (layout {c['layout']})")
            if t["under"]:
                raise Unreachable(f"a toast covers {t['name']} at {where}: {t['box']}")
        self.reach_checks += 1

    # ---------------------------------------------------------------- tapping
    def count_tap(self, c: dict) -> None:
        if c["turn"] is None:
            return
        setup = c["phase"] in ("setup_roll", "setup", "start")
        if self.turn_key is None or self.turn_key[0] != ("setup" if setup else c["turn"]) or self.turn_key[1] != c["current"]:
            # with a supply: the player's own warriors (and the neutral army's, with two players)
            # are not all on the board, so no move needs a second tap for the warrior that moves
            supply = c["supply"][c["current"]] if c["supply"] else 0
            neutral = c["supply"][c["neutral"]] if c["supply"] and c["neutral"] is not None else 1
            self.turn_key = ("setup" if setup else c["turn"], c["current"], supply > 0 and neutral > 0)
        self.taps[self.turn_key] = self.taps.get(self.turn_key, 0) + 1

    def tap_at(self, c: dict, thing: dict, fallback) -> None:
        """Tap (or click) the middle of a thing, as a finger would."""
        if self.check_reach:
            self.assert_reachable(c)
        self.count_tap(c)
        kind = thing["name"].split(" ")[0].lstrip("#")
        kind = f"{kind}@{c['phase']}"
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if thing.get("panned"):
            self.pan_to(fallback, thing["name"])
            thing = {**thing, "inside": True}
        point = thing["point"] if thing["inside"] else None
        if point:
            # measured again just before the tap: a banner or a prompt that changed since the
            # read may have moved it a little (the reach was checked on the read)
            box = fallback.bounding_box()
            if box and box["width"] > 0:
                point = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
            if self.touch:
                self.page.touchscreen.tap(*point)
            else:
                self.page.mouse.click(*point)
        else:
            self.press(fallback)

    def pan_to(self, locator, name: str) -> None:
        """Pan the board until the thing is in the part of the map in view, as a finger would:
        drags of at most half the board from its middle; then it must be uncovered there."""
        area = self.page.locator(f"#board-{self.page.locator('#app').get_attribute('data-map')}").bounding_box()
        mid = (area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
        for _ in range(6):
            box = locator.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            if (area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"]
                    and area["y"] <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"]):
                break
            dx = max(-area["width"] / 2 + 10, min(area["width"] / 2 - 10, mid[0] - x))
            dy = max(-area["height"] / 2 + 10, min(area["height"] / 2 - 10, mid[1] - y))
            drag(self.page, (mid[0] - dx / 2, mid[1] - dy / 2), (mid[0] + dx / 2, mid[1] + dy / 2), self.touch)
            self.page.wait_for_timeout(400)  # the click that may end a pan is no tap (zoom.js): 350 ms
        else:
            raise Unreachable(f"panning did not bring {name} into the board's view")
        hit = locator.evaluate("""(el) => { const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return Boolean(top && (top === el || el.contains(top))); }""")
        if not hit:
            raise Unreachable(f"{name} is covered once panned into view")
        self.pans += 1

    def control(self, c: dict, name: str) -> dict:
        return next((t for t in c["controls"] if t["name"] == name), {"inside": False, "name": name})

    def board(self, map_id: str):
        return self.page.locator(f"#board-{map_id}")

    def pick_option(self, c: dict) -> tuple:
        roads = [("road", r, pt) for r, pt in c["roads"]]
        boats = [("boat", n, pt) for n, pt in c["boats"]]
        buttons = [("button", t, pt) for t, pt in c["buttons"]]
        if self.strategy == "typical":
            # a road if there is one, else a swap (it may open one), else pass; a boat only if nothing else
            for group in (roads, [b for b in buttons if b[1] != "pass"], [b for b in buttons if b[1] == "pass"], boats):
                if group:
                    return self.rng.choice(group)
            raise AssertionError(f"nothing to choose: {c}")
        options = roads + boats + buttons
        assert options, f"nothing to choose and nothing to confirm: {c}"
        if len(options) > 1 and self.rng.random() < 0.85:  # a person passes rarely
            options = [o for o in options if o[1] != "pass"] or options
        return self.rng.choice(options)

    def step(self, map_id: str, c: dict | None = None) -> dict:
        """Play one step (roll, or compose and confirm a decision); the choices shown after it.
        ``c``: the choices shown now, if just read."""
        c = c or self.choices()
        step = c["step"]
        if c["roll"]:
            self.tap_at(c, self.control(c, "#roll"), self.page.get_by_test_id("roll-button"))
            return self.wait_step_after(step)
        for _ in range(12):
            done = c["confirm"] or c["rollAfter"]
            offered = c["roads"] or c["boats"] or c["buttons"]
            if done and (self.strategy == "typical" or not offered or self.rng.random() < 0.45):
                break
            if self.strategy == "explore" and c["undo"] and self.rng.random() < 0.08:
                self.tap_at(c, self.control(c, "#undo"), self.page.get_by_test_id("undo-button"))
                c = self.idle()
                self.undos += 1
                continue
            if not offered and not done:
                # the page is passing by itself (the only choice was to pass), or a step went by
                return self.wait_step_after(step)
            kind, what, thing = self.pick_option(c)
            if kind == "road":
                self.tap_at(c, thing, self.board(map_id).locator(f'.slot[data-road="{what}"]'))
            elif kind == "boat":
                self.tap_at(c, thing, self.board(map_id).locator(f'.boat[data-boat="{what}"]'))
            else:
                self.tap_at(c, thing, self.page.locator(f'#extra-choices [data-token="{what}"]'))
            c = self.idle()
            if c["step"] != step:  # the page went on by itself
                return self.wait_step_after(step)
        if c["rollAfter"]:
            # Roll confirms the decision (the neutral placement) and rolls: two steps, one tap
            self.tap_at(c, self.control(c, "#roll"), self.page.get_by_test_id("roll-button"))
        else:
            assert c["confirm"], f"cannot confirm: {c}"
            self.tap_at(c, self.control(c, "#confirm"), self.page.get_by_test_id("confirm-button"))
        self.decisions += 1
        return self.wait_step_after(step)

    # ---------------------------------------------------------------- the counts
    def tap_summary(self) -> dict:
        """Average taps per turn: all regular turns, those that began with a supply, the setup."""
        def avg(keys):
            keys = list(keys)
            return (sum(self.taps[k] for k in keys) / len(keys), len(keys)) if keys else (0.0, 0)
        regular = [k for k in self.taps if k[0] != "setup"]
        return {
            "turns": avg(regular),
            "with_supply": avg(k for k in regular if k[2]),
            "without_supply": avg(k for k in regular if not k[2]),
            "setup": avg(k for k in self.taps if k[0] == "setup"),
            "kinds": dict(sorted(self.kinds.items())),
        }
