"""No piece ever covers a fort's VP token (issue 28, item 3: Castell Collen's 4 was hidden): on
every Cambria map, at the start, after many moves, and with a piece in every place one can stand
(a warrior on every road, the legion on each road in turn), measured on the drawn board.  A piece
meets a token when their boxes meet (tokens are drawn above the pieces, so either would hide part of
the other); a fort's ring of arcs, a leader's flag or a mark of the last moves covers a token when
their boxes meet and it is painted above the token."""

from __future__ import annotations

import pytest

import positions
from cambria.games.cambria.board import MAP_IDS, load_board
from cambria.games.cambria.svg import VP_CORNER, vp_offsets
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")

# the tokens still on the board and every piece drawn; the pairs where a piece is painted over a token
COVERED = """(map) => {
  const svg = document.querySelector(`#board-${map}`);
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  // a token shows while its fort says so (its fading in or out aside)
  const fortOf = (t) => t.closest('.fort') || svg.querySelector(`.fort[data-fort="${t.dataset.fort}"]`);
  const tokens = [...svg.querySelectorAll('.vp-token')].filter((t) => fortOf(t).dataset.vp === 'board');
  // the pieces, and what is drawn around them: who leads a fort (its ring of arcs, the leader's
  // flag), the others' last moves and the warriors a roll could knock off
  const pieces = [...svg.querySelectorAll('.warriors .warrior use, .legion use, .fort-ring path, .leader-flag, .marks > *')]
    .filter((p) => getComputedStyle(p).display !== 'none' && getComputedStyle(p.parentNode).display !== 'none');
  const covered = [];
  for (const t of tokens) {
    const tb = t.getBoundingClientRect();
    for (const p of pieces) {
      // a warrior or the legion must not meet a token at all (the token is drawn above the pieces:
      // it would hide part of one); the rest only when painted over it (after it in the drawing)
      const solid = Boolean(p.closest('.warriors, .legion'));
      if (meets(tb, p.getBoundingClientRect()) && (solid || (t.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING))) {
        const g = p.closest('.warrior, .legion, .fort, .marks > *');
        covered.push({ fort: t.dataset.fort || fortOf(t).dataset.fort, by: g.getAttribute('class'),
                       at: g.dataset.loc || g.dataset.road || g.dataset.fort });
      }
    }
  }
  return { tokens: tokens.length, pieces: pieces.length, covered };
}"""

# a piece in every place: a warrior of seat 0 on every road and boat, and the legion on each road in
# turn, every fort free with its token, drawn by the page's own board module; all that is found
EVERY_PLACE = """async (map) => {
  const script = document.querySelector('script[type="module"][src*="app.js"]');
  const board = await import(new URL('games/cambria/board.js', script.src).href);
  const check = window.__vpCovered; // COVERED, put there by the test (the page's CSP allows no eval)
  const svg = document.querySelector(`#board-${map}`);
  const view = window.__cambria.state().view;
  const roads = [...svg.querySelectorAll('.slot')].map(() => 0);
  const boats = Object.fromEntries([...svg.querySelectorAll('.boat')].map((b) => [b.dataset.boat, 0]));
  const forts = view.position.forts.map((f) => ({ ...f, owner: null, vp: 'board' })); // every token on the board
  const out = { covered: [], draws: 0, tokens: 0, pieces: 0 };
  for (let legion = 0; legion < roads.length; legion++) {
    board.draw(svg, { position: { ...view.position, roads, boats, legion, forts }, players: view.players, choices: new Map(),
      preview: null, selected: null, lastMove: null, recent: [], status: null, hidden: null, inspected: null,
      moves: null, fresh: true, describe: () => '' });
    const r = check(map);
    out.draws += 1;
    out.tokens = Math.max(out.tokens, r.tokens);
    out.pieces = Math.max(out.pieces, r.pieces);
    out.covered.push(...r.covered);
  }
  return out;
}"""


def opened(s, tmp_path, record: dict, name: str):
    positions.open_record(s.page, record, tmp_path, name)
    until(s.page, "(m) => document.querySelector('#app').dataset.map === m", "the record's map on the board",
          arg=record["map"])


def hemmed_in(map_id: str) -> set[str]:
    """The forts whose token found no place where no piece can stand that leaves the names room
    (svg.py puts it on the fort's corner, where a warrior may meet it): at most one per map
    (tests/test_svg.py)."""
    return {str(i) for i, at in vp_offsets(load_board(map_id)).items() if at == VP_CORNER}


def clashes(found: list[dict], map_id: str) -> list[dict]:
    """The meetings of ``found`` but those of a warrior or the legion with a hemmed-in fort's token."""
    allowed = hemmed_in(map_id)
    assert len(allowed) <= 1, allowed
    return [c for c in found if not (c["fort"] in allowed and c["by"].split()[0] in ("warrior", "legion"))]


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_no_piece_covers_a_vp_token(open_page, tmp_path, map_id):
    s = open_page(**DESKTOP)
    s.wait_interactive()
    page = s.page
    four = ("Ann", "Bob", "Cy", "Di")
    early = positions.find(lambda g, r: True, names=four, board=map_id, min_step=9)
    late = positions.find(lambda g, r: sum(1 for o in g.rules.position(g.state)["roads"] if o is not None and o >= 0) >= 20,
                          names=four, board=map_id, min_step=40)
    for name, record in (("early.json", early), ("late.json", late)):
        opened(s, tmp_path, record, name)
        found = page.evaluate(COVERED, map_id)
        assert found["tokens"] > 0 and found["pieces"] > 0, found
        assert clashes(found["covered"], map_id) == [], f"{name}: {found['covered']}"
    # every place a piece can stand, drawn by the page
    page.evaluate(f"() => {{ window.__vpCovered = {COVERED}; }}")
    worst = page.evaluate(EVERY_PLACE, map_id)
    roads = page.locator(f"#board-{map_id} .slot").count()
    assert worst["draws"] == roads and worst["pieces"] >= roads, worst
    assert worst["tokens"] == page.locator(f"#board-{map_id} .vp-token").count() > 0
    assert clashes(worst["covered"], map_id) == [], worst["covered"][:10]
    s.assert_clean()
