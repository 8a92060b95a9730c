"""A phone on its side: the board is half the screen's width, the map drawn across it.

At 844×390 the whole map (3:4) would be a strip of 292 px, a third of the width.  So the game's
board takes half the width and shows the map across it: a part of its height is in view, one
finger pans to the rest, and the view follows the step (what the player may tap, the move the
hint laid out).  "−" shows the whole map; turning the phone upright shows it whole again.
"""

from __future__ import annotations

import random

import pytest

import tapper
from test_hint_why import at_a_choice
from waits import idle, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIDEWAYS = dict(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)

# the board's box, and the map's box as drawn now (through the drawing's own transform)
BOXES = """() => {
  const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
  const m = svg.getScreenCTM(), a = svg.getBoundingClientRect();
  const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
  return { board: [a.left, a.top, a.width, a.height], map: [m.e, m.f, w * m.a, h * m.d] };
}"""

# the move the page has laid out (pending pieces), each wholly inside the board's box or not
LAID_OUT = """() => {
  const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
  const a = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('.pending')].map((n) => n.getBoundingClientRect()).filter((r) => r.width)
    .map((r) => r.left >= a.left - 1 && r.right <= a.right + 1 && r.top >= a.top - 1 && r.bottom <= a.bottom + 1);
}"""


def boxes(page) -> dict:
    return page.evaluate(BOXES)


def drag(page, start, end) -> None:
    tapper.drag(page, start, end)
    page.wait_for_timeout(400)  # a click right after a pan is no tap (zoom.js)


@pytest.mark.parametrize("game", ["cambria", pytest.param("hibernia", marks=pytest.mark.slow)])
def test_the_board_takes_half_the_width_and_the_map_its_whole_width(open_page, game):
    s, page = at_a_choice(open_page, game, "?seed=4", locale="de-DE", **SIDEWAYS)
    b = boxes(page)
    left, top, width, height = b["board"]
    assert width >= 844 / 2 - 0.5, f"the board is {width:.0f} px wide of 844"
    mx, my, mw, mh = b["map"]
    assert abs(mx - left) < 1 and abs(mw - width) < 1, f"the map is not drawn across the board: {b}"
    assert mh > height + 100, f"the map is not larger than the board: {b}"
    # a part of the map is in view: "−" is offered (to the whole map), "the whole board" is not yet
    assert page.get_by_test_id("zoom-out").is_visible()
    assert not page.get_by_test_id("zoom-reset").is_visible()
    # what the player may tap is in view
    in_view = page.evaluate("""() => {
      const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
      const a = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('.legal')].some((n) => { const r = n.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        return x > a.left && x < a.right && y > a.top && y < a.bottom; });
    }""")
    assert in_view, "no target in the board's view"
    # one finger moves the map; the board stays where it is
    before = b["map"][1]
    drag(page, (left + width / 2, top + height * 0.75), (left + width / 2, top + height * 0.25))
    after = boxes(page)
    assert after["board"] == b["board"]
    assert after["map"][1] < before - 50, f"the drag did not move the map: {before} -> {after['map'][1]}"
    # "−": the whole map in the board, and a finger no longer moves it
    page.get_by_test_id("zoom-out").tap()
    whole = boxes(page)
    assert whole["map"][3] <= height + 1 and whole["map"][1] >= top - 1, f"the whole map is not in view: {whole}"
    assert not page.get_by_test_id("zoom-out").is_visible()
    drag(page, (left + width / 2, top + height * 0.75), (left + width / 2, top + height * 0.25))
    assert boxes(page)["map"] == whole["map"]
    s.assert_clean()


def test_a_target_out_of_view_is_reached_by_a_drag_and_chosen_by_a_tap(open_page):
    s, page = at_a_choice(open_page, "cambria", "?seed=4", locale="de-DE", **SIDEWAYS)
    player = tapper.Player(s, touch=True, rng=random.Random(1), check_reach=True, label="on its side")
    c = player.choices()
    out = [(road, t) for road, t in c["roads"] if t["panned"]]
    assert out, "every target is already in view: nothing to pan to"
    assert [road for road, t in c["roads"] if not t["panned"]], "no target in view"
    road, thing = out[0]
    player.tap_at(c, thing, player.board("cambria").locator(f'.slot[data-road="{road}"]'))
    until(page, "() => window.__cambria.state().partial.length === 1 && !window.__cambria.state().busy", "the tap to choose")
    assert page.evaluate("window.__cambria.state().partial") == [f"s{road}"]
    assert player.pans == 1
    s.assert_clean()


def test_the_hinted_move_comes_into_view(open_page):
    s, page = at_a_choice(open_page, "cambria", "?seed=4", locale="de-DE", **SIDEWAYS)
    left, top, width, height = boxes(page)["board"]
    page.get_by_test_id("hint-button").tap()
    until(page, "() => window.__cambria.state().partial.length > 0 && !window.__cambria.state().busy", "the hint's move")
    seen = page.evaluate(LAID_OUT)
    assert seen and all(seen), f"the hinted move is not in view: {seen}"
    # where it lies: the view is moved to the other end of the map, and the hint asked again
    y = page.evaluate("""() => { const r = document.querySelector('svg.board .pending').getBoundingClientRect();
                                 return (r.top + r.bottom) / 2; }""")
    page.get_by_test_id("undo-button").tap()
    idle(page)
    for _ in range(3):  # to the far end: up if the move lay in the upper half, else down
        sign = 1 if y < top + height / 2 else -1
        drag(page, (left + width / 2, top + height / 2 - sign * height * 0.4), (left + width / 2, top + height / 2 + sign * height * 0.4))
    assert not all(page.evaluate(LAID_OUT) or [False])
    page.get_by_test_id("hint-button").tap()
    until(page, "() => window.__cambria.state().partial.length > 0 && !window.__cambria.state().busy", "the hint's move")
    seen = page.evaluate(LAID_OUT)
    assert seen and all(seen), f"the hinted move is not brought into view: {seen}"
    s.assert_clean()


def test_turning_the_phone_shows_the_map_across_or_whole(open_page):
    s, page = at_a_choice(open_page, "cambria", "?seed=4", locale="de-DE",
                          viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    upright = boxes(page)
    assert upright["map"][3] <= upright["board"][3] + 1  # the whole map, upright
    page.set_viewport_size({"width": 844, "height": 390})
    until(page, """() => { const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
                     const a = svg.getBoundingClientRect(); return a.width >= 421 && svg.getScreenCTM().a * Number(svg.dataset.width) > a.width - 1; }""",
          "the map across the board on its side")
    page.set_viewport_size({"width": 390, "height": 844})
    until(page, """() => { const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
                     const a = svg.getBoundingClientRect(); return svg.getScreenCTM().d * Number(svg.dataset.height) <= a.height + 1; }""",
          "the whole map upright again")
    s.assert_clean()
