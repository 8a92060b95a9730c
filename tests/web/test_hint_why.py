"""Tapping Hint says why (issue 28, item 11): the toast words the one reason the engine's search
found (cambria/ai/explain.py) in the page's language, with the names it refers to."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from waits import SETTLED, idle, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WEB = Path(__file__).resolve().parents[2] / "web"
DESKTOP = dict(viewport={"width": 1280, "height": 800})
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# every toast's words, kept as they come (a toast shows for a moment; the test must not miss it)
WATCH_TOASTS = """() => {
  window.__hintToasts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.textContent) window.__hintToasts.push(n.textContent);
  }).observe(document.getElementById('toasts'), { childList: true, subtree: true });
}"""


def catalog(lang: str) -> dict:
    text = (WEB / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def fixed_words(message) -> list[list[str]]:
    """The words of a message outside its placeholders, for each of its forms."""
    forms = list(message.values()) if isinstance(message, dict) else [message]
    return [[w.strip() for w in PLACEHOLDER.split(text)[::2] if w.strip()] for text in forms]


def to_choosing(page) -> None:
    """Roll until the person to move has a decision (the forts' draw and the colour die first)."""
    for _ in range(6):
        until(page, SETTLED, "a person's turn")
        st = page.evaluate("() => window.__cambria.state()")
        if st["mode"] == "choosing":
            return
        assert st["mode"] == "awaiting_roll", st["mode"]
        page.get_by_test_id("roll-button").click()
        until(page, "(n) => { const s = window.__cambria.state(); return s.view.step > n && !s.busy; }",
              "the roll", arg=st["view"]["step"])
    raise AssertionError("no decision after six rolls")


def at_a_choice(open_page, game: str, query: str, **options):
    """A new three-person game of ``game`` at its first decision (computers at once)."""
    s = open_page(query, reduced_motion="reduce", **options)
    s.wait_interactive()
    page = s.page
    page.evaluate("localStorage.setItem('cambria:tutorial', 'done')")
    page.evaluate("window.__cambria.setPause(0)")
    page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id("count-3").click()
    page.get_by_test_id("start-button").click()
    until(page, "() => document.querySelector('#app').dataset.screen === 'game'", "the game to start")
    to_choosing(page)
    idle(page)
    return s, page


@pytest.mark.parametrize("game, locale, lang", [("cambria", "de-DE", "de"), ("hibernia", "ru-RU", "ru")])
def test_tapping_hint_shows_why_in_words(open_page, game, locale, lang):
    s, page = at_a_choice(open_page, game, "?seed=5", locale=locale, **DESKTOP)
    # what the engine says for this position (the same search, the same answer every time)
    hint = page.evaluate("() => window.__cambria.request('hint', {level: 'hard'})")
    (part,) = hint["why"]
    words = catalog(lang)
    page.evaluate(WATCH_TOASTS)
    page.get_by_test_id("hint-button").click()
    # the move laid out on the board (its steps the page's partial), then its reason said
    until(page, "() => { const s = window.__cambria.state(); return !s.busy && s.partial.length > 0; }",
          "the hint laid out")
    wrapper = fixed_words(words["hint.why"])[0]
    until(page, "(w) => window.__hintToasts.some((t) => w.every((x) => t.includes(x)))", "the hint's toast",
          arg=wrapper)
    toast = next(t for t in page.evaluate("() => window.__hintToasts") if all(w in t for w in wrapper))
    # the reason's own words in this language, and the player it names
    assert any(all(w in toast for w in form) for form in fixed_words(words[part["key"]])), (toast, part)
    players = page.evaluate("() => window.__cambria.state().view.players")
    for value in part["args"].values():
        if isinstance(value, dict) and "seat" in value:
            p = next(q for q in players if q["index"] == value["seat"])
            assert (words["player.neutral"] if p["neutral"] else p["name"]) in toast
    assert words["hint.shown"] not in toast
    s.assert_clean()


# a toast from earlier in the turn, long (30 s): the hint's reason must not wait behind it
OLD_TOAST = """async () => {
  const app = document.querySelector('script[type=module][src*="app.js"]').src;
  const { notify } = await import(new URL('toasts.js', app).href);
  notify('An older message of this turn', { ms: 30000 });
}"""
PENDING_UNDER_TOAST = """() => {
  const t = [...document.querySelectorAll('#toasts .toast')].find((n) => n.textContent.includes('Hint'));
  if (!t) return null;
  const a = t.getBoundingClientRect();
  const meets = (b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const svg = [...document.querySelectorAll('svg.board')].find((s) => s.getClientRects().length);
  return [...svg.querySelectorAll('.pending, .selected, .county.changed')].filter((n) => {
    const r = n.getBoundingClientRect();
    if (r.width < 60 && r.height < 60) return meets(r);
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return meets({ left: x - 15, right: x + 15, top: y - 15, bottom: y + 15 });
  }).map((n) => n.getAttribute('class'));
}"""


@pytest.mark.parametrize("game, size", [("cambria", {"width": 390, "height": 844}),
                                        pytest.param("hibernia", {"width": 844, "height": 390}, marks=pytest.mark.slow)],
                         ids=["cambria-phone", "hibernia-landscape"])
def test_the_hints_reason_comes_at_once_and_leaves_its_move_in_sight(open_page, game, size):
    """The hint's reason is the answer to a tap: it does not wait behind a toast from earlier in
    the turn (a Spanish player saw an old capture toast, and no reason, after tapping Hint), and
    it does not lie over the move it laid out on the board."""
    s, page = at_a_choice(open_page, game, "?seed=7", viewport=size, has_touch=True, is_mobile=True)
    page.evaluate(OLD_TOAST)
    until(page, "() => [...document.querySelectorAll('#toasts .toast')].some((n) => n.textContent.includes('older'))",
          "the older toast showing")
    started = page.evaluate("() => performance.now()")
    page.get_by_test_id("hint-button").click()
    until(page, "() => [...document.querySelectorAll('#toasts .toast:not(.gone)')].some((n) => n.textContent.includes('Hint'))",
          "the hint's reason")
    waited = page.evaluate("() => performance.now()") - started
    assert waited < 25000, f"the reason waited {waited:.0f} ms: behind the older toast"
    assert page.evaluate(PENDING_UNDER_TOAST) == [], "the hint's reason lies over the move it laid out"
    s.assert_clean()
