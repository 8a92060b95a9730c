"""The moment of a mistake (web/moment.js): ``controller.openReplayAt(step, marks)``, as the
review dialog calls it, opens the replay at that step with the move played and the better one
drawn on the board (solid and dashed rings, a legend in the replay bar), on exactly the roads,
boats, forts or counties given; they go when the replay steps on or closes.

The marks are the engine's own: each game's ``web.touched`` of two legal actions at that step
(the one the game played, and another), on a copy, as the review computes them."""

from __future__ import annotations

import pytest

from cambria.core.record import load_record
from cambria.core.registry import web_for
from test_win_chances import LAPTOP, PHONE, SMALL_PHONE, open_game_page, played_game
import positions
import tapper
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

APP = "document.querySelector('script[type=module][src*=\"app.js\"]').src"


def touched_by(game, text: str) -> dict:
    """What one action at the position of ``game`` touches (the game's web.touched), on a copy."""
    rules = game.rules
    state = rules.clone(game.state)
    effects: list = []
    rules.apply_action(state, rules.text_to_action(text), True, effects)
    return web_for(game.game_id).touched(effects)


def a_moment(record: dict, kinds: tuple[str, ...]) -> tuple[int, dict]:
    """A decision of the game (from its middle on) where the action played and another legal one
    touch different things of ``kinds``: its step and {played, better}."""
    steps = record["steps"]
    for step in range(len(steps) // 2, len(steps)):
        game = load_record(record, upto=step)
        if game.is_over() or game.is_chance():
            continue
        played = touched_by(game, steps[step])
        if not any(played[k] for k in kinds):
            continue
        for action in game.legal_actions():
            better = touched_by(game, game.rules.action_to_text(action))
            if any(better[k] for k in kinds) and all(set(better[k]) != set(played[k]) for k in kinds if played[k]):
                return step, {"played": played, "better": better}
    raise AssertionError("no decision with two different moves")


# the elements of the board marked, by kind: Cambria's roads (their slots), boats and forts by
# number, Hibernia's counties by board order
MARKED = """(cls) => {
  const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
  const all = [...svg.querySelectorAll('.county')];
  const out = { roads: [], boats: [], forts: [], counties: [] };
  for (const n of svg.querySelectorAll('.' + cls)) {
    if (n.classList.contains('moment-ring')) continue;
    if (n.matches('.slot')) out.roads.push(Number(n.dataset.road));
    else if (n.matches('.boat')) out.boats.push(Number(n.dataset.boat));
    else if (n.matches('.fort')) out.forts.push(Number(n.dataset.fort));
    else if (n.matches('.county')) out.counties.push(all.indexOf(n));
  }
  for (const k of Object.keys(out)) out[k].sort((a, b) => a - b);
  out.rings = svg.querySelectorAll('.moment-ring.' + cls).length;
  return out;
}"""

LEGEND = """() => { const b = document.querySelector('[data-testid=moment-legend]');
  return b && b.getClientRects().length ? b.textContent : null; }"""


def marked(page, kind: str) -> dict:
    return page.evaluate(MARKED, f"moment-{kind}")


def expected(touched: dict, kinds: tuple[str, ...]) -> dict:
    return {k: sorted(set(touched.get(k, []))) if k in kinds else [] for k in ("roads", "boats", "forts", "counties")}


def open_moment(page, step: int, marks: dict) -> None:
    page.evaluate(f"async ([s, m]) => (await import({APP})).controller.openReplayAt(s, m)", [step, marks])
    until(page, "(n) => { const s = window.__cambria.state(); return s.mode === 'replay' && s.replay.at === n && !s.busy; }",
          f"the replay at step {step}", arg=step)


@pytest.mark.parametrize("game_id, viewport, locale, legend", [
    ("cambria", LAPTOP, "en-GB", ("The move played", "A better move")),
    ("hibernia", PHONE, "de-DE", ("Der gespielte Zug", "Ein besserer Zug")),
    ("cambria", SMALL_PHONE, "ru-RU", ("Сыгранный ход", "Лучший ход")),
], ids=["cambria-laptop-en", "hibernia-phone-de", "cambria-small-phone-ru"])
def test_a_mistakes_moment_draws_both_moves_until_the_replay_moves_on(context_for, site, tmp_path, game_id, viewport,
                                                                     locale, legend):
    kinds = ("roads", "boats", "forts") if game_id == "cambria" else ("counties",)
    record = played_game(game_id, seed=3)
    step, marks = a_moment(record, kinds)
    page = open_game_page(context_for, site, viewport, locale)
    positions.open_record(page, record, tmp_path)
    until(page, "() => window.__cambria.state().mode === 'over'", "the finished game")
    assert marked(page, "played")["rings"] == 0 and page.evaluate(LEGEND) is None
    open_moment(page, step, marks)
    for kind in ("played", "better"):
        want = expected(marks[kind], kinds)
        until(page, f"([cls, want]) => {{ const m = ({MARKED})(cls); delete m.rings; return JSON.stringify(m) === JSON.stringify(want); }}",
              f"the {kind} move marked", arg=[f"moment-{kind}", want])
        got = marked(page, kind)
        assert got["rings"] == sum(len(v) for v in want.values()) > 0, got
    text = page.evaluate(LEGEND)
    assert text and all(words in text for words in legend), text
    assert page.evaluate(tapper.CUT) == []  # the replay's prompt and the strip whole, also on a small phone
    # on to the next step: the marks and the legend go (and do not come back at the step again)
    page.get_by_test_id("replay-forward").click()
    until(page, "(n) => window.__cambria.state().replay.at === n + 1 && !window.__cambria.state().busy", "the next step", arg=step)
    until(page, "() => !document.querySelector('.moment-ring, .moment-played, .moment-better')", "the marks cleared")
    assert page.evaluate(LEGEND) is None
    page.get_by_test_id("replay-back").click()
    until(page, "(n) => window.__cambria.state().replay.at === n && !window.__cambria.state().busy", "the step again", arg=step)
    assert marked(page, "played")["rings"] == 0 and marked(page, "better")["rings"] == 0
    # opened again, then the replay closed: gone with it
    open_moment(page, step, marks)
    until(page, "() => document.querySelectorAll('.moment-ring').length > 0", "the marks again")
    page.get_by_test_id("replay-exit").click()
    until(page, "() => window.__cambria.state().mode === 'over'", "the replay closed")
    until(page, "() => !document.querySelector('.moment-ring, .moment-played, .moment-better')", "the marks cleared on closing")
    assert page.evaluate(LEGEND) is None


def a_moment_with_a_path(record: dict) -> tuple[int, dict]:
    """A decision where another legal move takes a piece from one place to another: its step and
    {played, better} as the review makes them (what each touched, and its paths)."""
    from cambria.ai.review import _touched
    steps = record["steps"]
    for step in range(len(steps) // 3, len(steps)):
        game = load_record(record, upto=step)
        if game.is_over() or game.is_chance():
            continue
        rules = game.rules
        played = _touched(rules, game.state, rules.text_to_action(steps[step]))[1]
        for action in game.legal_actions():
            better = _touched(rules, game.state, action)[1]
            if better["moves"] and better["moves"] != played["moves"]:
                return step, {"played": played, "better": better}
    raise AssertionError("no decision where a piece could move")


# each arrow of the better move: its ends on the screen, and the centres of the elements it names
ARROWS = """() => {
  const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
  const all = [...svg.querySelectorAll('.county')];
  const centre = (ref) => {
    const [kind, id] = ref.split(':');
    const node = kind === 'road' ? svg.querySelector(`.slot[data-road="${id}"]`)
      : kind === 'boat' ? svg.querySelector(`.boat[data-boat="${id}"]`)
      : kind === 'eagle' ? svg.querySelector('.eagle')
      : kind === 'supply' ? svg.querySelector(`#${svg.dataset.map}-supply-slot-${id}`)
      : svg.querySelector(`#${svg.dataset.map}-spot-${all[Number(id)].dataset.county}-0`);
    const b = node.getBoundingClientRect();
    return [b.left + b.width / 2, b.top + b.height / 2];
  };
  const screen = (path, at) => {
    const p = path.getPointAtLength(at);
    const m = path.getScreenCTM();
    return [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f];
  };
  return [...svg.querySelectorAll('[data-testid=moment-arrow-better]')].map((g) => {
    const shaft = g.querySelector('.over.shaft');
    const tip = g.querySelector('.over.tip');
    return { move: `${g.dataset.from}>${g.dataset.to}`, start: screen(shaft, 0),
             tip: screen(tip, tip.getTotalLength() / 2 - 0.01) /* the second corner: the head's point */,
             from: centre(g.dataset.from), to: centre(g.dataset.to),
             events: getComputedStyle(g).pointerEvents };
  });
}"""


@pytest.mark.parametrize("game_id, viewport, locale", [
    ("cambria", PHONE, "de-DE"), pytest.param("hibernia", LAPTOP, "en-GB", marks=pytest.mark.slow),
], ids=["cambria-phone-de", "hibernia-laptop-en"])
def test_the_better_move_is_drawn_as_an_arrow_from_where_to_where(context_for, site, tmp_path, game_id, viewport, locale):
    record = played_game(game_id, seed=3)
    step, marks = a_moment_with_a_path(record)
    page = open_game_page(context_for, site, viewport, locale)
    positions.open_record(page, record, tmp_path)
    until(page, "() => window.__cambria.state().mode === 'over'", "the finished game")
    open_moment(page, step, marks)
    until(page, "() => document.querySelectorAll('[data-testid=moment-arrow-better]').length > 0", "the better move's arrow")
    arrows = page.evaluate(ARROWS)
    assert sorted(a["move"] for a in arrows) == sorted(marks["better"]["moves"])
    dist = lambda p, q: ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5  # noqa: E731
    for a in arrows:
        span = dist(a["from"], a["to"])
        # it starts by where the piece was and points at where it goes (each end kept off the ring)
        assert dist(a["start"], a["from"]) < 0.4 * span and dist(a["tip"], a["to"]) < 0.4 * span, a
        assert dist(a["tip"], a["to"]) < dist(a["tip"], a["from"]), a
        assert a["events"] == "none" or page.evaluate(
            "() => getComputedStyle(document.querySelector('.moment-marks')).pointerEvents") == "none"
    # the legend shows the arrow beside the better move's words
    assert page.locator("[data-testid=moment-key-better] .moment-arrow-swatch").count() == 1
    # the next step: the arrows go with the rings
    page.get_by_test_id("replay-forward").click()
    until(page, "() => !document.querySelector('.moment-arrow')", "the arrows cleared")
