"""Every screen shape, every language: what a step needs is on the screen.

Games are played by taps (tapper.py) at 360×640, 390×844, 412×915 (phones), 844×390 (a phone on
its side), 820×1180 (a tablet), 1280×800 and 1366×768 (laptops), in English, German, Spanish and
Russian.  Before every tap the player checks that every control of the step (Roll, Confirm,
Undo, Hint, the choice buttons, the menu) and every legal road and boat is inside the viewport,
that ``document.elementFromPoint`` at its middle hits it (nothing covers it), that no toast
overlaps it, and that the page does not scroll.  The new-game screen's Start button and the end
screen's buttons are held to the same.

The default run takes a sample: three sizes in two languages, each from a two-player position
in the middle of a game where boat swaps are offered (the turn that pushed the buttons off a
phone's screen), for a few turns.  The whole sweep (7 sizes × 4 languages, whole games from the
new-game screen to the end) is marked slow.
"""

from __future__ import annotations

import random

import pytest

import positions
import tapper
from waits import screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

SIZES = [(360, 640), (390, 844), (412, 915), (844, 390), (820, 1180), (1280, 800), (1366, 768)]
LANGS = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}
SAMPLE = [(size, lang) for size in ((360, 640), (844, 390), (1366, 768)) for lang in ("de", "ru")]

# the reach of one element, as tapper.READ_CHOICES measures the controls
REACH = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 && r.width > 0;
  const top = inside ? document.elementFromPoint(x, y) : null;
  const doc = document.scrollingElement;
  return { inside, hit: Boolean(top && (top === el || el.contains(top))), top: top && (top.id || top.className),
           box: [r.left, r.top, r.right, r.bottom], scrolls: doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1 };
}"""


def options_for(size, lang: str) -> dict:
    w, h = size
    phone = min(w, h) < 600
    return dict(viewport={"width": w, "height": h}, locale=LANGS[lang], reduced_motion="reduce",
                has_touch=phone, is_mobile=phone)


def assert_reaches(page, selector: str, where: str) -> None:
    r = page.evaluate(REACH, selector)
    assert r["inside"], f"{selector} is outside the viewport at {where}: {r['box']}"
    assert r["hit"], f"{selector} is covered by {r['top']} at {where}: {r['box']}"
    assert not r["scrolls"], f"the page scrolls at {where}"


def swap_position(seed_base: int) -> dict:
    """A two-player position before a roll that will offer at least two boat swaps."""
    def wanted(game, record):
        if game.state.phase_name != "roll":
            return False
        _, opts = positions.first_choices(record)
        return sum(1 for c in opts["choices"] if c["kind"] == "swap") >= 2
    return positions.find(wanted, names=("Cartimandua", "Brennus"), seeds=range(seed_base, seed_base + 40), min_step=30)


def play_some(player: tapper.Player, map_id: str, steps: int) -> dict:
    c = player.choices()
    for _ in range(steps):
        if c["over"]:
            break
        c = player.step(map_id, c)
    return c


@pytest.mark.parametrize("size,lang", SAMPLE, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SAMPLE])
def test_every_control_and_target_is_on_screen(open_page, tmp_path, size, lang):
    """A sample of sizes and languages: the new-game screen, then a position of a two-player
    game where the roll offers boat swaps, played on for a few turns by taps."""
    s = open_page(**options_for(size, lang))
    page = s.page
    s.wait_interactive()
    where = f"{size[0]}×{size[1]} {lang}"
    assert_reaches(page, "#start", f"the new-game screen, {where}")
    page.evaluate("window.__cambria.setPause(0)")
    record = swap_position(SIZES.index(size) * 7 + len(lang))
    positions.open_record(page, record, tmp_path)
    player = tapper.Player(s, touch=min(size) < 600, rng=random.Random(f"{size}-{lang}"),
                           check_reach=True, label=where)
    c = player.choices()
    assert c["roll"], "the swap position starts at the roll"
    c = player.step(record["map"], c)  # the roll: now the swaps are offered, as buttons
    assert [t for t, _ in c["buttons"] if t.startswith("x")], f"no swap offered at {where}: {c['buttons']}"
    player.assert_reachable(c)
    play_some(player, record["map"], 24)
    assert player.reach_checks >= 12
    s.assert_clean()


def whole_game(open_page, size, lang, n: int, map_id: str) -> tapper.Player:
    s = open_page(f"?seed={size[0] * 10 + n}", **options_for(size, lang))
    page = s.page
    s.wait_interactive()
    where = f"{size[0]}×{size[1]} {lang}, {n} players"
    assert_reaches(page, "#start", f"the new-game screen, {where}")
    page.evaluate("window.__cambria.setPause(0)")
    # tapped as a person would (the panel scrolls to them if it must)
    for choice in (f"count-{n}", f"map-{map_id}"):
        target = page.get_by_test_id(choice)
        target.tap() if min(size) < 600 else target.click()
        assert target.is_checked(), choice
    assert_reaches(page, "#start", f"the new-game screen, {where}")
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    player = tapper.Player(s, touch=min(size) < 600, rng=random.Random(size[1] + n), check_reach=True, label=where)
    c = play_some(player, map_id, 1500)
    assert c["over"], "the game did not end"
    until(page, "() => !document.querySelector('#end-screen').hidden", "the end screen")
    for button in ("#end-new", "#end-board", "#end-replay", "#end-save"):
        assert_reaches(page, button, f"the end screen, {where}")
    s.assert_clean()
    return player


SWEEP = [(size, lang) for size in SIZES for lang in LANGS]


@pytest.mark.slow
@pytest.mark.parametrize("size,lang", SWEEP, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SWEEP])
def test_whole_games_fit_every_screen(open_page, size, lang):
    """The sweep: a whole game at every size in every language, two to five players, both maps."""
    k = SWEEP.index((size, lang))
    player = whole_game(open_page, size, lang, 2 + k % 4, ("cambria", "cumbria")[k % 2])
    assert player.reach_checks >= player.decisions


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_fit_beside_a_computer_level(open_page, tmp_path, lang):
    """An eleven-letter name beside a Hard computer's level is shown whole at every size (the
    level's word gives way first, down to its icon): no name is cut short of a sane length."""
    s = open_page(**options_for((820, 1180), lang))
    page = s.page
    s.wait_interactive()
    record = positions.find(lambda game, record: game.state.current == 0, names=("Aurelia", "Brennus", "Cartimandua"),
                            kinds=["human", "human", "computer:hard"], seeds=range(1, 6), min_step=10)
    positions.open_record(page, record, tmp_path)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(50)  # one layout
        rows = page.evaluate("""() => [...document.querySelectorAll('#players .name-text')].map((n) => ({
          name: n.textContent, cut: n.scrollWidth > n.clientWidth + 1 }))""")
        assert [r["name"] for r in rows] == ["Aurelia", "Brennus", "Cartimandua"]
        assert not [r["name"] for r in rows if r["cut"]], f"a name is cut at {w}×{h} {lang}: {rows}"
    s.assert_clean()
