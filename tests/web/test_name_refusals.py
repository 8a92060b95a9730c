"""A player name the rules do not take is refused with the real reason, in the player's
language: not "the page and the game engine got out of step" (a name is the player's doing,
not the page's).  The name field's maxlength is the engine's limit, and after the refusal the
new-game screen is as it was: fix the name and the game starts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from waits import screen, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {"en": "en-GB", "de": "de-DE", "es": "es-ES", "ru": "ru-RU"}


def catalog(lang: str) -> dict[str, str]:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


def fill(template: str, **args: object) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(args[m.group(1)]), template)


def set_name(page, seat: int, name: str) -> None:
    """Put a name in the field as a script (or an old autofill) can, past its maxlength."""
    page.evaluate("""([seat, name]) => {
      const input = document.querySelector(`[data-testid="name-${seat}"]`);
      input.value = name;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }""", [seat, name])


def refusal(page) -> str:
    until(page, "() => !document.querySelector('#error').hidden", "the refusal to be shown")
    return page.locator("#error-text").inner_text()


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_name_too_long_is_refused_saying_so(open_page, lang):
    words = catalog(lang)
    s = open_page(locale=LOCALES[lang], reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    s.wait_interactive()
    page = s.page
    limit = page.evaluate("window.__cambria.request('info').then((info) => info.max_name)")
    assert limit == 40
    assert page.get_by_test_id("name-0").get_attribute("maxlength") == str(limit)
    set_name(page, 1, "W" * (limit + 1))
    page.get_by_test_id("start-button").click()
    text = refusal(page)
    assert words["error.request"] not in text, text  # the page is not out of step: the name is too long
    assert fill(words["error.nameLong"], n=2, max=limit) in text, text
    screen(page, "setup", "the new-game screen to stay")
    # the reason given, the name put right: the game starts
    set_name(page, 1, "W" * limit)
    page.get_by_test_id("start-button").click()
    screen(page, "game")
    s.assert_clean()


def test_the_neutral_colours_name_and_a_blank_name_are_refused_saying_why(open_page):
    words = catalog("en")
    s = open_page(locale="en-GB", reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    s.wait_interactive()
    page = s.page
    set_name(page, 0, " neutral ")
    page.get_by_test_id("start-button").click()
    text = refusal(page)
    assert words["error.request"] not in text, text
    assert fill(words["error.nameNeutral"], n=1) in text, text
    page.locator("#error-close").click()
    set_name(page, 0, "Ann")
    set_name(page, 2, "\u200b\u200b")  # a name of nothing visible (the page trims only spaces)
    page.get_by_test_id("start-button").click()
    text = refusal(page)
    assert fill(words["error.nameBlank"], n=3) in text and words["error.request"] not in text
    screen(page, "setup", "the new-game screen to stay")
    s.assert_clean()
