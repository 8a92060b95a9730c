"""The game log (web/log.js): lines grouped by turn under the player's name and shape, every
colour's shape visible on the log's cream (white too), the newest line in sight on a laptop and
on a phone, a tapped turn shows the board at its start (the replay, as a chess site's move list),
and the replay opens at the start of the person's last turn.

The positions are seeded games the engine plays itself (tests/web/positions.py opens them through
the page's "Open a saved game"); what the page should show comes from the engine's own session
(its log, its view at a step), never from numbers written here."""

from __future__ import annotations

import pytest

import positions
from cambria.webapi.session import WebSession
from test_layout import hibernia_position
from waits import SETTLED, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = dict(viewport={"width": 1366, "height": 768}, locale="en-GB", reduced_motion="reduce")
PHONE = dict(viewport={"width": 390, "height": 844}, locale="en-GB", reduced_motion="reduce", has_touch=True,
             is_mobile=True, device_scale_factor=2)
HIBERNIA_NAMES = ["Aurelia", "Brennus", "Cartimandua", "Drusus"]  # as test_layout.hibernia_position has them
HIBERNIA_COLOURS = ("white", "orange", "pink", "grey")


def hibernia_record() -> dict:
    """Four seats of Hibernia (white is the person's, three computers) some rounds in, at the
    person's colour die (tests/web/test_layout.py finds it)."""
    return hibernia_position()


def cambria_record(kinds: tuple[str, ...], seat: int, seed: int = 5) -> dict:
    """Cambria some turns in, at ``seat``'s roll (a regular turn's two dice)."""
    def wanted(game, _record) -> bool:
        return game.state.current == seat and game.rules.phase(game.state).name.lower() == "roll"

    return positions.find(wanted, names=["Ann", "Bob", "Cy"][:len(kinds)], kinds=list(kinds), seeds=[seed], min_step=50)


def engine_log(record: dict) -> list[dict]:
    return WebSession().load({"record": record})["view"]["log"]


def turns(lines: list[dict]) -> list[dict]:
    """The turns of a log as the engine's lines say them: a run of lines of one actor (a line
    without one belongs to the turn before); start: the step before the turn's first line."""
    out: list[dict] = []
    before = None
    for i, line in enumerate(lines):
        actor = line["actor"] if "actor" in line else before
        if not out or ("actor" in line and actor != before):
            out.append({"actor": actor, "start": max(0, line["step"] - 1), "first": i, "count": 0})
        out[-1]["count"] += 1
        before = actor
    return out


def open_game(open_page, record: dict, tmp_path, **options):
    s = open_page(**options)
    s.wait_interactive()
    positions.open_record(s.page, record, tmp_path)
    return s, s.page


SHOWN_LOG = """() => {
  const list = document.querySelector('#log');
  const box = list.getBoundingClientRect();
  const lines = [...list.children];
  const last = lines[lines.length - 1].getBoundingClientRect();
  const doc = document.scrollingElement;
  return {
    lines: lines.length,
    turns: [...list.querySelectorAll('.log-turn')].map((b) => ({
      name: b.dataset.name, start: Number(b.dataset.start), label: b.getAttribute('aria-label'),
      shown: getComputedStyle(b, '::after').content,
      lines: (() => { let n = 1, li = b.closest('li').nextElementSibling;
                      while (li && !li.classList.contains('turn-start')) { n++; li = li.nextElementSibling; } return n; })(),
    })),
    list: [box.left, box.top, box.right, box.bottom], last: [last.left, last.top, last.right, last.bottom],
    viewport: [innerWidth, innerHeight], pageScrolls: doc.scrollHeight > innerHeight + 1 || doc.scrollTop > 0,
  };
}"""

# each turn's shape: its fill and outline against the colour of the card it sits on
DOTS = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const card = getComputedStyle(document.querySelector('#log-box')).backgroundColor;
  return [...document.querySelectorAll('#log .log-turn .chip-shape')].map((svg) => {
    const cs = getComputedStyle(svg);
    const shape = svg.querySelector('use');
    const r = svg.getBoundingClientRect();
    return { colour: [...svg.classList].find((c) => c.startsWith('col-')), fill: rgb(cs.fill), stroke: rgb(cs.stroke),
             width: parseFloat(cs.strokeWidth), card: rgb(card), size: [r.width, r.height],
             shape: shape ? shape.getAttribute('href') : null };
  });
}"""


def luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(colour, back):
    """An rgba colour laid over an opaque one."""
    alpha = colour[3] if len(colour) > 3 else 1.0
    return [round(c * alpha + b * (1 - alpha)) for c, b in zip(colour[:3], back[:3], strict=True)]


def test_the_log_groups_turns_under_names_with_visible_shapes_on_the_laptop(open_page, tmp_path):
    """Hibernia 4p (white is the person's colour) on a 1366×768 laptop: one line per log entry,
    a button per turn with the actor's name, every seat's shape outlined so that it shows on the
    cream card (white too), and the log in sight from the first screen with its newest line."""
    record = hibernia_record()
    log = engine_log(record)
    expected = turns(log)
    assert any(t["count"] > 2 for t in expected)  # turns of several lines: grouping is needed
    s, page = open_game(open_page, record, tmp_path, **LAPTOP)
    until(page, SETTLED, "the person's turn")
    shown = page.evaluate(SHOWN_LOG)
    assert shown["lines"] == len(log)
    names = {i: n for i, n in enumerate(HIBERNIA_NAMES)}
    assert [t["start"] for t in shown["turns"]] == [t["start"] for t in expected]
    assert [t["lines"] for t in shown["turns"]] == [t["count"] for t in expected]
    for got, want in zip(shown["turns"], expected, strict=True):
        if want["actor"] is None:  # the draws before the game
            assert got["name"] == "Before the game"
            continue
        assert got["name"] == names[want["actor"]]
        assert got["shown"] == f'"{got["name"]}"'  # the name is on screen beside the shape
        assert got["label"] == f"{got['name']}’s turn: show the board at its start"
    # every seat's shape: its own colour, with an outline that stands out from the card
    dots = page.evaluate(DOTS)
    assert {d["colour"] for d in dots} == {f"col-{c}" for c in HIBERNIA_COLOURS}
    for d in dots:
        edge = over(d["stroke"], d["card"])
        assert d["width"] >= 1.5 and contrast(edge, d["card"]) >= 3, d
        assert d["shape"] and d["size"][0] >= 14, d
    white = next(d for d in dots if d["colour"] == "col-white")
    assert contrast(white["fill"], white["card"]) < 1.5  # white on cream: only the outline shows it
    # in sight without scrolling the page: the list has room for lines and its newest is inside it
    left, top, right, bottom = shown["list"]
    assert not shown["pageScrolls"]
    assert bottom <= shown["viewport"][1] + 0.5 and bottom - top >= 90, shown["list"]
    assert shown["last"][1] >= top - 0.5 and shown["last"][3] <= bottom + 1.5, (shown["last"], shown["list"])
    s.assert_clean()


def replay_at(page, n: int) -> None:
    until(page, "(n) => document.querySelector('#app').dataset.replayStep === String(n)"
          " && !document.querySelector('#app').classList.contains('busy')", f"the replay at step {n}", arg=n)


MARKS = """() => ({
  future: [...document.querySelectorAll('#log li.log-future')].map((li) => Number(li.dataset.step)),
  steps: [...document.querySelectorAll('#log li')].map((li) => Number(li.dataset.step)),
  current: [...document.querySelectorAll('#log .log-turn[aria-current="step"]')].map((b) => Number(b.dataset.start)),
  position: window.__cambria.state().replay,
})"""


def test_a_tapped_turn_shows_the_board_at_its_start(open_page, tmp_path):
    """Cambria 3p: a turn of the log, by keyboard, opens the replay at that turn's start (the
    engine's own position after that many steps); another turn moves there; Back to the game
    brings the live game back with its newest line in sight."""
    record = cambria_record(("human", "human", "human"), seat=0)
    log = engine_log(record)
    expected = [t for t in turns(log) if t["actor"] is not None]
    assert len(expected) >= 8
    s, page = open_game(open_page, record, tmp_path, **LAPTOP)
    total = len(record["steps"])
    session = WebSession()
    session.load({"record": record})

    def check(turn) -> None:
        replay_at(page, turn["start"])
        state = page.evaluate("() => window.__cambria.state()")
        past = page.evaluate("() => window.__cambria.state().replay && document.querySelector('#app').dataset.replayStep")
        assert past == str(turn["start"]) and state["mode"] == "replay"
        position = page.evaluate("() => window.__cambria.request('view_at', {upto: %d})" % turn["start"])
        want = session.view_at({"upto": turn["start"]})["view"]
        assert position["view"]["position"] == want["position"]
        board = page.evaluate("""() => {
          const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
          return [...b.querySelectorAll('.warrior[data-loc]')].map((w) => w.dataset.loc + ':' + w.dataset.owner).sort();
        }""")
        roads = want["position"]["roads"]
        assert [p for p in board if p.startswith("r")] == sorted(f"r{r}:{o}" for r, o in enumerate(roads) if o >= 0)
        marks = page.evaluate(MARKS)
        assert marks["future"] == [n for n in marks["steps"] if n > turn["start"]]  # the later lines dimmed
        assert marks["current"] == [turn["start"]]
        assert marks["position"]["total"] == total

    # by keyboard: the turns are one tab stop (the newest), the arrows go through them, Enter opens one
    stops = "() => [...document.querySelectorAll('#log .log-turn')].filter((b) => b.tabIndex === 0).map((b) => Number(b.dataset.start))"
    assert page.evaluate(stops) == [expected[-1]["start"]]
    k = len(expected) // 2
    middle = expected[k]
    button = page.locator(f'#log .log-turn[data-start="{middle["start"]}"]')
    assert button.get_attribute("aria-label") == f"{['Ann', 'Bob', 'Cy'][middle['actor']]}’s turn: show the board at its start"
    page.locator(f'#log .log-turn[data-start="{expected[-1]["start"]}"]').focus()
    for _ in range(len(expected) - 1 - k):
        page.keyboard.press("ArrowUp")
    assert page.evaluate("() => Number(document.activeElement.dataset.start)") == middle["start"]
    page.keyboard.press("Enter")
    check(middle)
    assert page.evaluate(stops) == [middle["start"]]
    page.get_by_test_id("replay-bar").wait_for()
    # in the replay the whole log stays: an earlier turn, by a click
    earlier = expected[2]
    page.locator(f'#log .log-turn[data-start="{earlier["start"]}"]').click()
    check(earlier)
    # the replay bar works from there as before
    page.get_by_test_id("replay-forward").click()
    replay_at(page, earlier["start"] + 1)
    page.get_by_test_id("replay-exit").click()
    page.get_by_test_id("replay-bar").wait_for(state="hidden")
    until(page, SETTLED, "the live game again")
    marks = page.evaluate(MARKS)
    assert marks["future"] == [] and marks["current"] == []
    assert page.evaluate("() => window.__cambria.state().mode") != "replay"
    assert page.evaluate("() => window.__cambria.state().view.step") == total
    shown = page.evaluate(SHOWN_LOG)
    assert shown["last"][3] <= shown["list"][3] + 1.5
    s.assert_clean()


@pytest.mark.parametrize("kinds,seat", [
    (("human", "computer:easy", "computer:easy"), 0),  # against computers: the person's turn comes
    (("computer:easy", "human", "human"), 2),  # pass and play: the seat whose turn it is
], ids=["person-vs-computers", "pass-and-play"])
def test_the_replay_opens_at_the_start_of_the_persons_last_turn(open_page, tmp_path, kinds, seat):
    record = cambria_record(kinds, seat=seat)
    done = [t for t in turns(engine_log(record)) if t["actor"] == seat]
    assert done, "the person has played a turn"
    s, page = open_game(open_page, record, tmp_path, **LAPTOP)
    assert page.evaluate("() => window.__cambria.state().view.actor") == seat
    total = len(record["steps"])
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-replay").click()
    replay_at(page, done[-1]["start"])
    assert done[-1]["start"] < total - 2  # not the end
    assert page.get_by_test_id("replay-position").inner_text() == f"Step {done[-1]['start']} of {total}"
    page.get_by_test_id("replay-end").click()
    replay_at(page, total)
    s.assert_clean()


def test_the_newest_line_is_in_sight_when_the_log_opens_on_a_phone(open_page, tmp_path):
    """390×844: the log opens over the board scrolled to its newest line, many turns in."""
    record = hibernia_record()
    s, page = open_game(open_page, record, tmp_path, **PHONE)
    until(page, SETTLED, "the person's turn")
    page.get_by_test_id("log-button").click()
    until(page, "() => document.querySelector('#log').clientHeight > 0", "the log over the board")
    until(page, """() => { const l = document.querySelector('#log');
                          return l.scrollHeight > l.clientHeight && l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }""",
          "the log scrolled to its newest line")
    shown = page.evaluate(SHOWN_LOG)
    assert shown["lines"] == len(engine_log(record)) > 40
    assert shown["last"][3] <= shown["list"][3] + 1.5 and shown["last"][1] >= shown["list"][1]
    # a turn tapped there: the log closes, the board shows that turn's start
    first = page.locator("#log .log-turn").nth(3)
    start = int(first.get_attribute("data-start"))
    first.click()
    replay_at(page, start)
    assert page.evaluate("() => document.querySelector('#app').classList.contains('log-open')") is False
    s.assert_clean()
