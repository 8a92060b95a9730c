"""The board keeps its room, and messages keep off what the player needs (issue 28, items 1–2).

At 360×640 in portrait, through the first turns of a Cambria game for three and a Hibernia game
for four (the first-turn guide showing), played by taps in all four languages (the language
changes at every step, from the menu, as a person could): before every tap the board's box is at
least 55% of the screen's height, and it is the same box at every tap of one turn (the prompt,
the guide and the choice buttons never push it; roads never move under the finger).

Toasts: one shown at the start of a person's turn lies over the board's edge, clear of the score
panel's rows and of the turn card's buttons (at a phone's size and a laptop's), and it is gone
once the turn passes to the next player, however long it was meant to stay.

The whole-game sweep over 7 sizes × 4 languages (test_layout.py, slow) holds every step of whole
games to the same through ``BoardWatch``.
"""

from __future__ import annotations

import random

import pytest

import tapper
from waits import screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LANGS = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}
MIN_SHARE = 0.55  # of the screen's height, in portrait on a phone


# a toast over a row of the scores (the rows that show), as the player sees them before a tap
TOAST_ON_SCORES = """() => {
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const rows = [...document.querySelectorAll('#players .player-row')].filter((n) => n.getClientRects().length).map((n) => n.getBoundingClientRect());
  return [...document.querySelectorAll('#toasts .toast')].filter((t) => rows.some((r) => meets(t.getBoundingClientRect(), r)))
    .map((t) => t.textContent);
}"""


BOARD_BOX = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const r = document.querySelector('.board-area').getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
}"""


class BoardWatch(tapper.Player):
    """A tapper.Player that notes, before every tap, the board's box and the turn it belongs to,
    and checks that no toast lies over the scores (tapper checks the controls and the targets)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.boxes: dict[tuple, set] = {}  # (turn or "setup", seat) -> the board boxes seen at its taps
        self.shares: list[float] = []

    def tap_at(self, c: dict, thing: dict, fallback) -> None:
        # measured now, just before the tap (the read may be older than the last drawing), once
        # two frames have passed: Chromium lays the rows out anew a frame after a class changes
        box = tuple(round(v) for v in self.page.evaluate(BOARD_BOX))
        setup = c["phase"] in ("setup_roll", "setup", "start", "forts")
        self.boxes.setdefault(("setup" if setup else c["turn"], c["current"], c["step"] if setup else None), set()).add(box)
        self.shares.append((box[3] - box[1]) / c["size"][1])
        covering = self.page.evaluate(TOAST_ON_SCORES)
        assert not covering, f"a toast over the scores at {self.label}, step {c['step']}: {covering}"
        super().tap_at(c, thing, fallback)

    def assert_steady(self, where: str, min_share: float | None = None) -> None:
        moved = {k: v for k, v in self.boxes.items() if len(v) > 1}
        assert not moved, f"the board's box changed between taps of one turn at {where}: {moved}"
        if min_share is not None:
            assert min(self.shares) >= min_share, f"the board got {min(self.shares):.3f} of the height at {where}"


def switch_language(page, lang: str) -> None:
    page.get_by_test_id("menu-button").tap()
    page.get_by_test_id(f"lang-{lang}").tap()
    until(page, "(l) => document.documentElement.lang === l", "the language", arg=lang)
    if page.locator("#menu").is_visible():
        page.keyboard.press("Escape")


PHONE = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, reduced_motion="reduce")


@pytest.mark.parametrize("game,count,steps", [("cambria", 3, 9), ("hibernia", 4, 8)], ids=["cambria-3p", "hibernia-4p"])
def test_the_board_keeps_its_room_through_the_first_turns(open_page, game, count, steps):
    s = open_page(f"?seed={count}", locale="ru-RU", **PHONE)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    page.get_by_test_id(f"game-{game}").tap()
    page.get_by_test_id(f"count-{count}").tap()
    page.get_by_test_id("start-button").tap()
    screen(page, "game")
    page.get_by_test_id("tutorial").wait_for(state="visible")
    player = BoardWatch(s, touch=True, rng=random.Random(count), strategy="typical", label=f"360×640 {game}")
    order = list(LANGS)
    c = player.choices()
    guided = 0
    for k in range(steps):
        if c["over"]:
            break
        # a new language before the step: the words change length, the board must not move
        switch_language(page, order[k % len(order)])
        settled(page)
        guided += page.get_by_test_id("tutorial").is_visible()
        c = player.step(game, player.choices())
    # (Hibernia's first turn: the setup's draws, the roll and one decision: both actions, one Confirm)
    assert guided >= (3 if game == "hibernia" else 4), "the first-turn guide was not showing"
    assert len(player.shares) >= steps
    player.assert_steady(f"360×640, {game}", MIN_SHARE)
    print(f"{game}: smallest board share {min(player.shares):.3f} over {len(player.shares)} taps")
    s.assert_clean()


# the boxes a toast must keep off, and the toasts'
TOAST_BOXES = """() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const shown = (el) => el.getClientRects().length > 0;
  return {
    toasts: [...document.querySelectorAll('#toasts .toast')].map(r),
    rows: [...document.querySelectorAll('#players .player-row')].filter(shown).map(r),
    buttons: [...document.querySelectorAll('#turn-card button')].filter(shown).map(r),
    board: r(document.querySelector('#board-area')),
  };
}"""

SAY_LONG = """async (text) => {
  const { notify } = await import(new URL('toasts.js', document.querySelector('script[type=module]').src).href);
  notify(text, { ms: 600000 });
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def three_players_at(open_page, size, game: str | None = None, **options):
    """A new three-player game (computers at once) in Russian at ``size``, settled at its start."""
    phone = min(size) < 600
    s = open_page("?seed=4", locale="ru-RU", viewport={"width": size[0], "height": size[1]},
                  has_touch=phone, is_mobile=phone, reduced_motion="reduce", **options)
    page = s.page
    s.wait_interactive()
    page.evaluate("window.__cambria.setPause(0)")
    if game:
        page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id("count-3").click()
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    settled(page)
    return s, page


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)], ids=["360x640", "1366x768"])
def test_a_toast_covers_no_score_and_no_button_and_goes_with_the_turn(open_page, size):
    phone = min(size) < 600
    s, page = three_players_at(open_page, size)
    # the start of a turn: a message meant to stay long
    page.evaluate(SAY_LONG, "Eine Nachricht, die lange bleiben will")
    until(page, "() => document.querySelector('#toasts .toast')", "the toast")
    seen = page.evaluate(TOAST_BOXES)
    for t in seen["toasts"]:
        assert not any(overlap(t, r) for r in seen["rows"]), f"a toast over the scores: {seen}"
        assert not any(overlap(t, b) for b in seen["buttons"]), f"a toast over the turn card's buttons: {seen}"
        assert seen["board"][1] - 0.5 <= t[1] and t[3] <= seen["board"][3] + 0.5, f"a toast off the board's edge: {seen}"
    # the turn goes to the next seat: the message goes with it
    seat = page.evaluate("window.__cambria.state().view.current")
    player = tapper.Player(s, touch=phone, rng=random.Random(4), strategy="typical")
    c = player.choices()
    for _ in range(6):
        c = player.step("cambria", c)
        if c["current"] != seat:
            break
    assert c["current"] != seat, "the turn did not pass"
    assert not page.evaluate("[...document.querySelectorAll('#toasts .toast')].some((n) => n.textContent.includes('lange bleiben'))"), \
        "the message stayed into the next player's turn"
    s.assert_clean()


TOAST_AND_TRACK = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const svg = document.querySelector('#board-hibernia');
  return { toasts: [...document.querySelectorAll('#toasts .toast')].map(box),
           spaces: [...svg.querySelectorAll('.track-space')].map(box), board: box(svg) };
}"""


@pytest.mark.parametrize("size", [(390, 844), pytest.param((844, 390), marks=pytest.mark.slow), (1366, 768)],
                         ids=["390x844", "844x390", "1366x768"])
def test_a_toast_stands_inside_hibernias_track(open_page, size):
    """Hibernia's track runs round the board's edge, the players' markers on it: a toast stands
    inside it (it once lay over spaces 20 to 30), still on the board."""
    s, page = three_players_at(open_page, size, "hibernia", guide=False)
    text = "Aurelia takes Waterford: 1 soldier lost on each side"
    page.evaluate(SAY_LONG, text)
    until(page, "(t) => [...document.querySelectorAll('#toasts .toast')].some((n) => n.textContent === t)", "the toast", arg=text)
    seen = page.evaluate(TOAST_AND_TRACK)
    assert seen["toasts"] and seen["spaces"]
    for t in seen["toasts"]:
        assert not any(overlap(t, r) for r in seen["spaces"]), f"a toast over the track: {seen}"
        assert seen["board"][0] - 0.5 <= t[0] and t[2] <= seen["board"][2] + 0.5, f"a toast off the board: {seen}"
    s.assert_clean()
