"""Waiting in the browser for a condition, with a reason and a generous bound.

Every wait of the browser tests goes through ``until``: it names what it waits for, allows far
more time than the page needs on a busy 2-core machine, and on a timeout fails with the reason
and what the page showed (its mode, step, busy state, error banner) instead of a bare timeout.

A test never waits for a step number another player may already have passed: it waits for the
page to be *settled* (``SETTLED``: nothing more happens without the person at the screen: a
person's turn, the end, the new-game screen or the replay, no request out, no dice spinning),
or for the step to have reached *at least* a number.
"""

from __future__ import annotations

import json

BOUND_MS = 60_000  # far above anything the page needs; a busy CI machine is slow, not stuck

# what the page looks like, for a failure message
PAGE_STATE = """() => {
  const app = document.querySelector('#app');
  const error = document.querySelector('#error');
  return { mode: app && app.dataset.mode, step: app && app.dataset.step, busy: app && app.classList.contains('busy'),
           error: error && !error.hidden ? error.textContent.trim() : null,
           held: window.__held || 0 };
}"""

# Nothing more happens without the person at the screen (a remote game waits for another device,
# or for this one to send its turn; or a held computer move: see
# test_persistence.py's HOLD_COMPUTER, which keeps a computer thinking for good).
SETTLED = """() => {
  const app = document.querySelector('#app');
  if (window.__held > 0) return true;
  return ['setup', 'awaiting_roll', 'choosing', 'over', 'replay', 'remote'].includes(app.dataset.mode)
    && !app.classList.contains('busy') && !document.querySelector('#dice').classList.contains('spinning');
}"""

IDLE = """() => !document.querySelector('#app').classList.contains('busy')
  && !document.querySelector('#dice').classList.contains('spinning')"""


def until(page, condition: str, reason: str, arg=None, timeout: int = BOUND_MS, also: str | None = None) -> None:
    """Wait for the JavaScript ``condition`` (a function of ``arg``) to be true; on a timeout the
    failure says what the page showed (and what the script ``also`` returns, if given)."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout)
    except Exception as exc:
        shown = "; ".join(_read(page, script) for script in (PAGE_STATE, also) if script)
        raise AssertionError(f"waited {timeout / 1000:.0f} s for {reason}; the page: {shown}") from exc


def _read(page, script: str) -> str:
    try:
        return json.dumps(page.evaluate(script))
    except Exception:
        return "(the page could not be read)"


def settled(page, reason: str = "the page to settle (a person's turn, the end or the new-game screen)",
            at_least: int | None = None) -> None:
    """Wait until the page is settled and, if given, its game has reached step ``at_least`` or later."""
    if at_least is None:
        until(page, SETTLED, reason)
    else:
        until(page, f"(n) => Number(document.querySelector('#app').dataset.step) >= n && ({SETTLED})()",
              f"{reason} at step {at_least} or later", arg=at_least)


def idle(page, reason: str = "the page to finish its request") -> None:
    until(page, IDLE, reason)


def read_when(page, condition: str, read: str, reason: str, arg=None, timeout: int = BOUND_MS):
    """Wait for ``condition`` and return what ``read`` reads then, in one round trip to the page
    (a game played by taps makes thousands of these)."""
    script = f"""async ([arg, timeout]) => {{
      const condition = {condition};
      const read = {read};
      const end = performance.now() + timeout;
      while (!condition(arg)) {{
        if (performance.now() > end) return {{ __timeout: true }};
        await new Promise((resolve) => setTimeout(resolve, 10));
      }}
      return read(arg);
    }}"""
    value = page.evaluate(script, [arg, timeout])
    if isinstance(value, dict) and value.get("__timeout"):
        raise AssertionError(f"waited {timeout / 1000:.0f} s for {reason}; the page: {json.dumps(page.evaluate(PAGE_STATE))}")
    return value


def screen(page, name: str, reason: str | None = None) -> None:
    """Wait for the page to show a screen: "game" (a game on the board) or "setup" (the new-game screen)."""
    until(page, "(s) => document.querySelector('#app').dataset.screen === s",
          reason or ("a game on the board" if name == "game" else "the new-game screen"), arg=name)


# The autosave has caught up with the page: the step on the board and the choices composed.
_SAVED_NOW = """() => {
  const id = sessionStorage.getItem('cambria:current');
  const text = id && localStorage.getItem(`cambria:v1:game:${id}`);
  if (!text) return false;
  const entry = JSON.parse(text), s = window.__cambria.state();
  const partial = entry.partial && entry.partial.step === entry.summary.step ? entry.partial.partial : [];
  return Boolean(s.view) && entry.summary.step === s.view.step && JSON.stringify(partial) === JSON.stringify(s.partial);
}"""


# what the autosave holds against what the page shows, for a failure message
_SAVED_VS_SHOWN = """() => {
  const id = sessionStorage.getItem('cambria:current');
  const text = id && localStorage.getItem(`cambria:v1:game:${id}`);
  const entry = text ? JSON.parse(text) : null, s = window.__cambria.state();
  return { current: id, saved: entry && { step: entry.summary.step, partial: entry.partial || null },
           shown: { step: s.view && s.view.step, partial: s.partial } };
}"""


def saved_now(page) -> None:
    """Wait until the autosave holds what the page shows (it follows each step by a moment)."""
    until(page, _SAVED_NOW, "the autosave to hold the position on the board", also=_SAVED_VS_SHOWN)
