"""The page most browser tests start from: a fresh browser context (nothing stored) in a desktop
window, the first-turn guide done and the computer's pause at 0 (``waits.without_guide``), for
tests of other things than the guide (test_statistics.py, test_rematch.py)."""

from __future__ import annotations

from waits import without_guide

DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
END_SHOWN = "() => !document.querySelector('#end-screen').hidden"


def fresh_page(open_page, locale: str = "en-GB", **options):
    """``open_page`` (the fixture) in ``locale``, a desktop window unless ``options`` say
    otherwise (``**PHONE``), the guide done: the session, interactive."""
    return without_guide(open_page(locale=locale, **{**DESKTOP, **options}))
