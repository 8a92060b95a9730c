"""The page most browser tests start from: a fresh browser context (nothing stored) in a desktop
window, the first-turn guide done and the computer's pause at 0, for
tests of other things than the guide (test_statistics.py, test_rematch.py)."""

from __future__ import annotations


DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
END_SHOWN = "() => !document.querySelector('#end-screen').hidden"


def fresh_page(open_page, locale: str = "en-GB", **options):
    """``open_page`` (the fixture) in ``locale``, a desktop window unless ``options`` say
    otherwise (``**PHONE``), the guide done: the session, interactive."""
    s = open_page(locale=locale, guide=False, **{**DESKTOP, **options})
    s.wait_interactive()
    s.page.evaluate("window.__cambria.setPause(0)")
    return s
