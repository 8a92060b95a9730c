"""What the table shows at a glance, each from the engine's own data: who leads each fort (the
rings and a tapped fort's card), what Confirm will capture, what the others did since your turn,
which warriors a roll can knock off, swaps that change nothing, the end's claims revealed one by
one, the first-turn guide closing itself, toasts at the board's edge, zoom, the pace setting, and
highlights in colours no player has.

The positions come from seeded games played by the engine (positions.py), opened in the page
through its own "Open a saved game" input; what the page should say is read from the engine's
answers (WebSession) and the catalogs.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import positions
import tapper
from cambria.games.cambria.definition import action_steps
from waits import idle, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")
DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
BOARD = "document.querySelector(`#board-${document.querySelector('#app').dataset.map}`)"
BOARD_SEL = ".board-frame:not([hidden]) svg.board"


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def fill(template: str, **args) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(args[m.group(1)]), template)


def opened(open_page, tmp_path, record: dict, options=DESKTOP, locale: str = "en-GB"):
    s = open_page(locale=locale, guide=False, **options)
    s.wait_interactive()
    positions.open_record(s.page, record, tmp_path)
    return s


def roll(page) -> None:
    step = page.evaluate("window.__cambria.state().view.step")
    page.get_by_test_id("roll-button").click()
    settled(page, "the roll", at_least=step + 1)


def tap_road(page, road: int) -> None:
    n = page.evaluate("window.__cambria.state().partial.length")
    page.locator(f".board-frame:not([hidden]) .slot[data-road='{road}']").dispatch_event("click")
    until(page, "(n) => window.__cambria.state().partial.length > n && !window.__cambria.state().busy",
          f"the page to take road {road}", arg=n)


# a choice tapped as a player would: on the board, as a button, or "instead" after a road that allows two moves
TAP = """(token) => {
  const instead = document.querySelector(`#extra-choices .choice-instead[data-token="${token}"]`);
  if (instead) { instead.click(); return; }
  const c = window.__cambria.state().opts.choices.find((c) => c.token === token);
  if (!c) throw new Error(`no choice ${token} offered`);
  const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
  const [kind, id] = c.element.split(':');
  const node = c.element === 'button' ? document.querySelector(`#extra-choices [data-token="${token}"]`)
    : b.querySelector(kind === 'road' ? `.slot[data-road="${id}"]` : `.boat[data-boat="${id}"]`);
  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}"""
# the choice `t` is among the steps from `from` on (a tap may bring a step the engine proposes
# after it, like the warrior that moves; a warrior tapped instead of that one replaces it)
TOOK = "(a) => { const s = window.__cambria.state(); return !s.busy && s.partial.lastIndexOf(a.t) >= a.from; }"
FROM = "(() => { const s = window.__cambria.state(); return Number.isInteger(s.opts && s.opts.choices_at) ? s.opts.choices_at : s.partial.length; })()"
CHANGED = "(a) => { const s = window.__cambria.state(); return !s.busy && JSON.stringify(s.partial) !== a; }"


def tap_token(page, token: str) -> None:
    took = {"t": token, "from": page.evaluate(FROM)}
    if page.evaluate(TOOK, took):
        return  # the engine proposed it already
    before = json.dumps(page.evaluate("window.__cambria.state().partial"), separators=(",", ":"))
    page.evaluate(TAP, token)
    until(page, CHANGED, f"the page to take {token}", arg=before)
    if not page.evaluate(TOOK, took):  # the road's other move: "instead"
        page.evaluate(TAP, token)
        until(page, TOOK, f"the page to take {token} instead", arg=took)


def names(record: dict) -> dict[int, str]:
    return dict(enumerate(p["name"] for p in record["players"]))


def fort_names(page) -> dict[int, str]:
    return {int(k): v for k, v in page.evaluate(f"""() => Object.fromEntries([...{BOARD}.querySelectorAll('.fort')]
      .map((f) => [f.dataset.fort, f.dataset.name]))""").items()}


# ------------------------------------------------------------------ colours

def lab(rgb: str) -> tuple[float, float, float]:
    r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", rgb)[:3])

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = lin(r), lin(g), lin(b)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def test_highlights_are_in_colours_no_player_has(open_page):
    """A legal road is not the Yellow player's gold, a legion target not a faded Red: every
    highlight is far (CIE ΔE > 25) from every player's colour, and the two kinds from each other."""
    s = open_page(**DESKTOP)
    s.wait_interactive()
    colours = s.page.evaluate(f"""() => {{
      const b = {BOARD};
      const ns = 'http://www.w3.org/2000/svg';
      const out = {{ players: {{}}, pick: {{}} }};
      for (const c of ['red', 'blue', 'yellow', 'green', 'purple', 'neutral']) {{
        const g = document.createElementNS(ns, 'g');
        g.setAttribute('class', `warrior col-${{c}}`);
        b.querySelector('.warriors').append(g);
        out.players[c] = getComputedStyle(g).fill;
        g.remove();
      }}
      const [place, legion] = b.querySelectorAll('.slot');
      for (const n of b.querySelectorAll('.slot-ring, .boat-hit, .road')) n.style.transition = 'none';  // the end colours, now
      place.classList.add('legal', 'legal-place');
      legion.classList.add('legal', 'legal-legion');
      out.pick.place = getComputedStyle(place.querySelector('.slot-ring')).fill;
      out.pick.legion = getComputedStyle(legion.querySelector('.slot-ring')).fill;
      out.pick.legionRing = getComputedStyle(legion.querySelector('.slot-ring')).stroke;
      const boat = b.querySelector('.boat');
      boat.classList.add('legal');
      out.pick.boat = getComputedStyle(boat.querySelector('.boat-hit')).stroke;
      const road = b.querySelector('.road');
      road.classList.add('legal');
      out.pick.road = getComputedStyle(road).stroke;
      return out;
    }}""")
    assert len(set(colours["players"].values())) == 6
    for kind, pick in colours["pick"].items():
        for colour, player in colours["players"].items():
            assert delta_e(pick, player) > 25, f"the {kind} highlight {pick} looks like {colour} {player}"
    assert delta_e(colours["pick"]["place"], colours["pick"]["legion"]) > 25


# ------------------------------------------------------------------ what Confirm captures

def capture_position() -> tuple[dict, int, dict]:
    """A three-player position before a roll after which a road captures a fort whose VP token goes to a player."""
    found = {}

    def wanted(game, record):
        if game.state.phase_name != "roll":
            return False
        s, opts = positions.first_choices(record)
        for c in opts["choices"]:
            if c["kind"] != "place":
                continue
            o = s.options({"partial": [c["token"]]})
            caps = o["preview"]["captures"] if o["complete"] else []
            if caps and any(e["vp_to"] is not None for e in caps) and not any(e["final"] for e in caps):
                found["road"], found["captures"] = c["road"], caps
                return True
        return False

    record = positions.find(wanted, min_step=40)
    return record, found["road"], found["captures"]


@pytest.mark.parametrize("lang,locale", [("en", "en-GB"), ("ru", "ru-RU")])
def test_before_confirm_the_prompt_says_what_it_captures(open_page, tmp_path, lang, locale):
    record, road, captures = capture_position()
    s = opened(open_page, tmp_path, record, PHONE, locale)
    page = s.page
    roll(page)
    tap_road(page, road)
    cat, people, forts = catalog(lang), names(record), fort_names(page)
    items = []
    for e in captures:
        fort = fill(cat["preview.fort"], fort=forts[e["fort"]], number=e["number"], name=people[e["player"]])
        if e["vp_to"] is not None:
            items.append(fill(cat["preview.withVp"], fort=fort, vp=e["vp"], name=people[e["vp_to"]]))
        elif e["vp_removed"]:
            items.append(fill(cat["preview.vpLeaves"], fort=fort, vp=e["vp"]))
        else:
            items.append(fort)
    expected = fill(cat["preview.captures"], list="; ".join(items))
    assert page.get_by_test_id("capture-preview").inner_text() == expected
    # and confirming does capture it: the flag goes up, the sentence goes
    page.get_by_test_id("confirm-button").click()
    settled(page, "the capture", at_least=len(record["steps"]) + 2)
    owners = page.evaluate(f"() => [...{BOARD}.querySelectorAll('.fort')].map((f) => f.dataset.owner ?? null)")
    for e in captures:
        assert owners[e["fort"]] == str(e["player"])
    assert page.get_by_test_id("capture-preview").count() == 0
    s.assert_clean()


# ------------------------------------------------------------------ who leads each fort

RINGS = f"""() => [...{BOARD}.querySelectorAll('.fort')].map((f) => ({{
  fort: Number(f.dataset.fort), captured: f.classList.contains('captured'),
  arcs: f.querySelectorAll('.fort-ring path:not(.arc-edge)').length,
  taken: [...f.querySelectorAll('.fort-ring .arc-taken')].map((a) => Number(a.dataset.seat)),
  legion: f.querySelectorAll('.fort-ring .arc-legion').length,
  leader: f.querySelector('.leader-flag') && f.querySelector('.leader-flag').style.display !== 'none'
    ? Number(f.querySelector('.leader-flag').dataset.seat) : -1,
}}))"""


def test_each_fort_shows_who_leads_it_and_a_tap_tells_its_roads(open_page, tmp_path):
    record = positions.find(lambda g, r: g.state.phase_name == "roll" and len(g.state.uncaptured) <= 12, min_step=40)
    s = opened(open_page, tmp_path, record, PHONE)
    page = s.page
    status = page.evaluate("window.__cambria.state().view.fort_status")
    shown = page.evaluate(RINGS)
    assert any(not f["captured"] and f["taken"] for f in shown)
    for f, st in zip(shown, status, strict=True):
        if st["captured"]:
            assert f["captured"] and f["arcs"] == 0
            continue
        assert f["arcs"] == st["roads"]  # one arc per road
        assert sorted(f["taken"]) == sorted(seat for seat, n in enumerate(st["counts"]) for _ in range(n))
        assert f["legion"] == (1 if st["legion"] else 0)
        assert f["leader"] == st["leader"]  # the rules' own first place (-1: nobody alone)
    # tap a fort: its card lists the warriors on its roads by player, and who leads
    fort = next(i for i, st in enumerate(status) if not st["captured"] and st["taken"] >= 2)
    page.locator(f".board-frame:not([hidden]) .fort[data-fort='{fort}'] .fort-base").dispatch_event("click")
    card = page.get_by_test_id("board-card")
    card.wait_for(state="visible")
    st, cat, people = status[fort], catalog("en"), names(record)
    assert card.locator("h3").inner_text().startswith(fort_names(page)[fort])
    rows = {int(li.get_attribute("data-seat")): int(li.locator(".count").inner_text())
            for li in card.locator("li").all()}
    assert rows == {seat: n for seat, n in enumerate(st["counts"]) if n}
    assert fill(cat["fortCard.roads"], taken=st["taken"], roads=st["roads"]) in card.inner_text()
    rank = card.get_by_test_id("fort-rank").inner_text()
    if st["leader"] >= 0:
        assert people.get(st["leader"], "Neutral") in rank
    else:
        assert rank in (cat["fortCard.tied"], cat["fortCard.tiedFull"])
    # it goes with a tap on its close button, and never covers the controls
    assert page.evaluate("""() => { const c = document.querySelector('#board-card').getBoundingClientRect();
      const t = document.querySelector('#turn-card').getBoundingClientRect(); return c.bottom <= t.top + 0.5; }""")
    page.get_by_test_id("board-card-close").click()
    card.wait_for(state="hidden")
    s.assert_clean()


# ------------------------------------------------------------------ since your last turn

def test_what_the_others_did_is_ringed_and_knocked_warriors_shown(open_page, tmp_path):
    """At the start of a turn: each road and boat the others touched since this player's last
    decision is ringed in the mover's colour, each warrior they knocked off shows as a ghost
    beside its road, and the last roll stays in sight until the new one."""
    def wanted(game, record):
        if game.state.phase_name != "roll" or game.state.current != 0:
            return False
        session = positions.session_of(record)
        recent = session.view(session.game, {})["recent"]
        return len({d["seat"] for d in recent}) >= 2 and any(d["knocked"] for d in recent)

    record = positions.find(wanted, min_step=30)
    s = opened(open_page, tmp_path, record, DESKTOP)
    page = s.page
    view = page.evaluate("window.__cambria.state().view")
    recent = view["recent"]
    marks = page.evaluate(f"""() => ({{
      rings: [...{BOARD}.querySelectorAll('.recent-ring')].map((r) => [Number(r.dataset.seat), r.dataset.road ?? null, r.dataset.boat ?? null]),
      ghosts: [...{BOARD}.querySelectorAll('.ghost')].map((g) => [Number(g.dataset.seat), Number(g.dataset.road)]),
      dice: document.querySelector('#dice').dataset.previous,
    }})""")
    want_rings = sorted([d["seat"], str(r), None] for d in recent for r in d["touched"]["roads"]) + \
        sorted([d["seat"], None, str(b)] for d in recent for b in d["touched"]["boats"])
    assert sorted(marks["rings"], key=str) == sorted(want_rings, key=str)
    assert sorted(marks["ghosts"]) == sorted([e["player"], e["road"]] for d in recent for e in d["knocked"])
    assert marks["dice"] == ",".join(str(v) for v in view["dice"])  # the last roll, faded
    # still marked after this player's roll (the whole turn long)
    roll(page)
    assert page.evaluate(f"() => {BOARD}.querySelectorAll('.recent-ring').length") == len(marks["rings"])
    s.assert_clean()


def test_warriors_a_roll_can_knock_off_are_marked(open_page, tmp_path):
    found = {}

    def wanted(game, record):
        if game.state.phase_name != "roll":
            return False
        _, opts = positions.first_choices(record)
        knock = {c["road"]: c["displaces"] for c in opts["choices"] if c.get("displaces") is not None}
        found["knock"] = knock
        return bool(knock)

    record = positions.find(wanted, min_step=30)
    s = opened(open_page, tmp_path, record, DESKTOP)
    page = s.page
    roll(page)
    marks = page.evaluate(f"() => [...{BOARD}.querySelectorAll('.knock-mark')].map((m) => [Number(m.dataset.road), Number(m.dataset.seat)])")
    assert dict(marks) == found["knock"]
    s.assert_clean()


# ------------------------------------------------------------------ swaps

def test_a_swap_that_changes_nothing_is_flagged_and_every_swap_says_the_warrior_leaves(open_page, tmp_path):
    found = {}

    def wanted(game, record):
        if game.state.phase_name != "roll":
            return False
        _, opts = positions.first_choices(record)
        swaps = [c for c in opts["choices"] if c["kind"] == "swap"]
        found["swaps"] = swaps
        return any(c["changes_nothing"] for c in swaps) and any(not c["changes_nothing"] for c in swaps)

    record = positions.find(wanted, min_step=30)
    s = opened(open_page, tmp_path, record, PHONE)
    page = s.page
    roll(page)
    cat = catalog("en")
    for c in found["swaps"]:
        button = page.locator(f"#extra-choices [data-token='{c['token']}']")
        assert button.is_visible()
        sub = button.locator(".choice-sub").inner_text()
        assert ("changes-nothing" in button.get_attribute("class")) == c["changes_nothing"]
        assert sub == (cat["choice.swapSame"] if c["changes_nothing"] else cat["choice.swapLeaves"])
    s.assert_clean()


# ------------------------------------------------------------------ the end

def test_the_end_reveals_the_last_claims_one_by_one(open_page, tmp_path):
    """The forts claimed at the end appear one after the other (each with its toast), and the
    result shows only after the last."""
    found = {}

    def wanted(game, record):
        if game.state.phase_name != "turn":
            return False
        for a in game.legal_actions():
            text = game.rules.action_to_text(a)
            out = positions.session_of(record).play({"action": text})
            claims = [e for e in out["events"] if e["type"] == "capture" and e["final"]]
            if len(claims) >= 2:
                found["action"], found["claims"] = text, claims
                return True
        return False

    record = positions.find(wanted, min_step=60, at_chance=False)
    s = opened(open_page, tmp_path, record, DESKTOP)
    page = s.page
    # watch the board: the captured forts, and the end screen, as they change
    page.evaluate(f"""() => {{
      window.__timeline = [];
      const b = {BOARD};
      const note = () => window.__timeline.push([b.querySelectorAll('.fort.captured').length,
        !document.querySelector('#end-screen').hidden]);
      new MutationObserver(note).observe(document.querySelector('#app'), {{ subtree: true, attributes: true, childList: true }});
    }}""")
    for token in action_steps(found["action"]):
        tap_token(page, token)
    page.get_by_test_id("confirm-button").click()
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen")
    timeline = page.evaluate("window.__timeline")
    final = max(n for n, _ in timeline)
    before_end = sorted({n for n, ended in timeline if not ended})
    # every claim appeared in a moment of its own, all before the result showed
    claims = len(found["claims"])
    assert [n for n in before_end if n > final - claims] == list(range(final - claims + 1, final + 1)), before_end
    first_end = next(i for i, (_, ended) in enumerate(timeline) if ended)
    assert all(n == final for n, _ in timeline[first_end:])
    s.assert_clean()


# ------------------------------------------------------------------ the first turn's guide

def test_the_first_turn_guide_closes_after_its_turn(open_page):
    s = open_page("?seed=21", locale="en-GB", **PHONE)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("count-3").check(force=True)
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    card = page.get_by_test_id("tutorial")
    card.wait_for(state="visible")
    player = tapper.Player(s, touch=True, rng=random.Random(3), strategy="typical", check_reach=True, label="guide")
    c = player.choices()
    # the guided player's setup and first regular turn; the others' setups in between
    while page.evaluate("window.__cambria.state().view.turn") < 1:
        c = player.step("cambria", c)
    until(page, "() => document.querySelector('[data-testid=tutorial]').hidden", "the guide to close itself")
    assert page.evaluate("localStorage.getItem('cambria:tutorial')") == "done"
    done = catalog("en")["tutorial.done"]
    until(page, "(t) => [...document.querySelectorAll('#toasts .toast')].some((n) => n.textContent.includes(t))",
          "the guide's last word, as a toast", arg=done)
    s.assert_clean()


# ------------------------------------------------------------------ toasts, zoom, pace

def test_toasts_stay_at_the_boards_edge_and_one_shows_per_event(open_page, tmp_path):
    record, road, _ = capture_position()
    s = opened(open_page, tmp_path, record, PHONE)
    page = s.page
    roll(page)
    page.get_by_test_id("hint-button").click()  # its toast, and the hint's move on the board
    until(page, "() => document.querySelector('#toasts .toast')", "the hint's toast")
    boxes = page.evaluate(f"""() => {{
      const r = (el) => {{ const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }};
      return {{ toasts: [...document.querySelectorAll('#toasts .toast')].map(r), board: r(document.querySelector('#board-area')),
               targets: [...{BOARD}.querySelectorAll('.slot.legal, .boat.legal')].map(r), controls: r(document.querySelector('#turn-card')),
               rows: [...document.querySelectorAll('#players .player-row')].map(r) }};
    }}""")

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for t in boxes["toasts"]:
        # over the board's edge, where it covers nothing to tap (the scores and controls stay clear)
        assert boxes["board"][1] <= t[1] and t[3] <= boxes["board"][3], "a toast off the board's edge"
        assert not any(overlap(t, row) for row in boxes["rows"]), "a toast over the scores"
        assert not overlap(t, boxes["controls"]), "a toast over the controls"
        assert not any(overlap(t, g) for g in boxes["targets"]), "a toast over a legal target"
    # the same words twice at once (an event told twice, as "works offline" was): one toast
    until(page, "() => !document.querySelector('#toasts .toast')", "the toasts to go")
    page.evaluate("""async () => {
      window.__once = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.textContent === 'Once only') window.__once += 1;
      }).observe(document.querySelector('#toasts'), { childList: true });
      const { notify } = await import(new URL('toasts.js', document.querySelector('script[type=module]').src).href);
      notify('Once only');
      notify('Once only');
    }""")
    until(page, "() => window.__once > 0 && !document.querySelector('#toasts .toast')", "the toast to show and go")
    assert page.evaluate("window.__once") == 1
    s.assert_clean()


def test_the_board_zooms_and_a_tap_still_chooses(open_page):
    s = open_page("?seed=8", locale="en-GB", **PHONE)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("count-3").check(force=True)
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    idle(page)
    roll(page)
    whole = page.locator("#board-cambria").get_attribute("viewBox")
    page.get_by_test_id("zoom-in").click()
    zoomed = [float(v) for v in page.locator("#board-cambria").get_attribute("viewBox").split()]
    assert zoomed[2] < 600 and page.get_by_test_id("zoom-out").is_visible()
    # a legal road in sight, tapped where it is drawn now, is chosen
    road = page.evaluate(f"""() => [...{BOARD}.querySelectorAll('.slot.legal')].map((n) => {{
      const r = n.getBoundingClientRect(), a = document.querySelector('#board-area').getBoundingClientRect();
      return [Number(n.dataset.road), r.left + r.width / 2, r.top + r.height / 2, r.left > a.left && r.right < a.right && r.top > a.top && r.bottom < a.bottom];
    }}).find((x) => x[3])""")
    assert road, "no legal road in sight when zoomed"
    page.touchscreen.tap(road[1], road[2])
    until(page, "() => window.__cambria.state().partial.length === 1 && !window.__cambria.state().busy", "the tap to choose")
    assert page.evaluate("window.__cambria.state().partial") == [f"s{road[0]}"]
    page.get_by_test_id("zoom-reset").click()
    assert page.locator("#board-cambria").get_attribute("viewBox") == whole
    s.assert_clean()


def test_the_computer_pace_is_a_setting_that_is_remembered(open_page):
    s = open_page(locale="en-GB", **DESKTOP)
    page = s.page
    s.wait_interactive()
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("pace-normal").get_attribute("aria-pressed") == "true"
    page.get_by_test_id("pace-slow").click()
    page.reload()
    s.wait_interactive()
    page.get_by_test_id("menu-button").click()
    assert page.get_by_test_id("pace-slow").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("pace-fast").get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('cambria:pace')") == "slow"
    s.assert_clean()


def test_the_words_for_export_and_replay():
    """Games save themselves: the buttons that make a file say Export; the replay is not named after the log
    (German had "Spielverlauf" for both); the Russian replay is a replay."""
    for lang in ("en", "de", "es", "ru"):
        cat = catalog(lang)
        for key in ("menu.save", "end.save"):
            assert re.search(r"[Ee]xport|Экспорт", cat[key]), (lang, key, cat[key])
    # the log and the replay are two things: no button to the replay borrows the log's title
    for lang in ("en", "de", "es", "ru"):
        cat = catalog(lang)
        for key in ("menu.replay", "end.replay", "stats.replay"):
            assert cat["log.title"].lower() not in cat[key].lower(), (lang, key, cat[key])
    assert not any("verlauf" in catalog("de")[key].lower() for key in ("menu.replay", "end.replay", "stats.replay"))
    ru = catalog("ru")
    for key in ("menu.replay", "end.replay", "replay.label"):
        assert "запись" not in ru[key].lower() and "повтор" in ru[key].lower(), ru[key]


# ------------------------------------------------------------------ the warrior that moves

def _own_supply_empty(game, record) -> bool:
    s = game.state
    if s.phase_name != "turn" or s.supply[s.current] != 0:
        return False
    texts = [str(a) for a in game.legal_actions()]
    targets = {t.split("<")[0] for t in texts if t.startswith("p") and "<" in t}
    return any(sum(1 for t in texts if t.startswith(x + "<") and "<b" not in t) >= 2 for x in targets)


def test_the_engine_proposes_the_warrior_that_moves_and_another_can_be_tapped(open_page, tmp_path):
    """With an empty supply, tapping a road marks the warrior the engine proposes to move (the
    prompt and the screen reader say so); tapping another warrior (here by keyboard) moves the
    mark; Undo goes back to the proposal; the confirmed move lifts the warrior chosen last."""
    record = positions.find(_own_supply_empty, names=("Ann", "Bob"), at_chance=False, min_step=40)
    session = positions.session_of(record)
    texts = [str(a) for a in session.game.legal_actions()]
    target = next(t.split("<")[0] for t in texts
                  if t.startswith("p") and "<" in t and sum(1 for u in texts if u.startswith(t.split("<")[0] + "<")
                                                            and "<b" not in u) >= 2)
    engine = session.options({"partial": [target]})
    assert engine["proposed"] and engine["complete"]
    proposed = engine["partial"][1]
    other = next(c["token"] for c in engine["choices"] if c["token"] != proposed and c["road"] is not None)
    src, alt = (int(proposed[1:]) if proposed[1] != "b" else None), int(other[1:])
    s = opened(open_page, tmp_path, record)
    page = s.page
    tap_token(page, target)
    state = page.evaluate("window.__cambria.state()")
    assert state["partial"] == [target, proposed] and state["opts"]["proposed"]
    if src is not None:
        assert page.locator(f"{BOARD_SEL} .warrior[data-loc='r{src}'].lift-marked").count() == 1
        assert page.locator(f"{BOARD_SEL} .slot[data-road='{src}'].lift-marked").count() == 1
    en = catalog("en")
    lead = en["prompt.lift"].split("(")[0].strip()  # "Supply empty: the marked warrior"
    assert lead in page.get_by_test_id("prompt").inner_text()
    until(page, "(t) => document.querySelector('#announcer').textContent.includes(t)",
          "the prompt about the marked warrior to be read out", arg=lead)
    assert not page.get_by_test_id("confirm-button").is_disabled()
    assert not page.get_by_test_id("undo-button").is_disabled()
    # another warrior, chosen by keyboard: the mark moves to it
    page.locator(f"{BOARD_SEL} .slot[data-road='{alt}']").focus()
    page.keyboard.press("Enter")
    until(page, TOOK, "the other warrior to be taken", arg={"t": other, "from": 1})
    state = page.evaluate("window.__cambria.state()")
    assert state["partial"] == [target, other] and not state["opts"]["proposed"]
    assert page.locator(f"{BOARD_SEL} .warrior[data-loc='r{alt}'].lift-marked").count() == 1
    assert page.locator(f"{BOARD_SEL} .lift-marked").count() == 2  # its slot and the warrior
    # Undo takes the change back: the proposal again
    page.get_by_test_id("undo-button").click()
    until(page, TOOK, "the undo back to the proposal", arg={"t": proposed, "from": 1})
    tap_token(page, other)
    step = page.evaluate("window.__cambria.state().view.step")
    page.get_by_test_id("confirm-button").click()
    settled(page, "the move", at_least=step + 1)
    view = page.evaluate("window.__cambria.request('view', {})")
    roads = view["position"]["roads"]
    me = session.game.state.current
    assert roads[alt] == -1 and roads[int(target[1:])] == me
    if src is not None:
        assert roads[src] == me  # the proposed warrior stayed
    s.assert_clean()
