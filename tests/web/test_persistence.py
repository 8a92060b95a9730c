"""Never lose a game: autosave and resume at any moment, the saved-games list, export and
import with validation, storage that is full or missing, and replay.

Every reload must come back to the identical position with the identical dice: the page saves
the game record (seed and steps) after every step, and the engine replays it — a roll is drawn
again from the seeded generator, never re-rolled."""

from __future__ import annotations

import json
import random
import re

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.games.cambria.definition import action_steps as _split
from cambria.core.record import load_record, make_record
from waits import saved_now, screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce")

STATE = "() => window.__cambria.state()"
SAVED = """() => Object.fromEntries(Object.entries(localStorage)
  .filter(([k]) => k.startsWith('cambria:v')).map(([k, v]) => [k, JSON.parse(v)]))"""
# Tap a choice of the turn builder the way a player would: on the board, or a button.
TAP = """(token) => {
  // a road that allows two moves took the first: the other is a button now ("instead")
  const instead = document.querySelector(`#extra-choices .choice-instead[data-token="${token}"]`);
  if (instead) { instead.click(); return; }
  const opts = window.__cambria.state().opts;
  const c = opts && opts.choices.find((c) => c.token === token);
  if (!c) throw new Error(`no choice ${token} offered`);
  const b = document.querySelector(`#board-${document.querySelector('#app').dataset.map}`);
  let node;
  if (c.element === 'button') node = document.querySelector(`#extra-choices [data-token="${token}"]`);
  else {
    const [kind, id] = c.element.split(':');
    node = b.querySelector(kind === 'road' ? `.slot[data-road="${id}"]` : `.boat[data-boat="${id}"]`);
  }
  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));  // like a keyboard press: that element
}"""


# ---------------------------------------------------------------------------------- helpers

# the choice `t` is among the steps from `from` on (a tap may bring a step the engine proposes
# after it, like the warrior that moves; a warrior tapped instead of that one replaces it)
TOOK = "(a) => { const s = window.__cambria.state(); return !s.busy && s.partial.lastIndexOf(a.t) >= a.from; }"
FROM = "(() => { const s = window.__cambria.state(); return Number.isInteger(s.opts && s.opts.choices_at) ? s.opts.choices_at : s.partial.length; })()"
CHANGED = "(a) => { const s = window.__cambria.state(); return !s.busy && JSON.stringify(s.partial) !== a; }"

class Table:
    """A page with a game on it, driven through the page's own controls."""

    def __init__(self, session):
        self.s = session
        self.page = session.page

    def state(self) -> dict:
        return self.page.evaluate(STATE)

    def view(self) -> dict:
        return self.state()["view"]

    def step(self) -> int:
        return self.view()["step"]

    def settle(self, at_least: int | None = None) -> None:
        """Wait until nothing more happens without the player (or a held computer move), at step
        ``at_least`` or later if given: a computer may already have moved on."""
        settled(self.page, at_least=at_least)

    def saved_now(self) -> None:
        saved_now(self.page)

    def start(self, players: int = 3, kinds: dict[int, str] | None = None) -> None:
        self.s.wait_interactive()
        page = self.page
        page.get_by_test_id(f"count-{players}").check(force=True)
        for seat, kind in (kinds or {}).items():
            page.get_by_test_id(f"kind-{seat}").select_option(kind)
        page.get_by_test_id("start-button").click()
        screen(page, "game", "the game to start")
        self.settle()

    def roll(self) -> None:
        step = self.step()
        self.page.get_by_test_id("roll-button").click()
        self.settle(step + 1)

    def tap(self, token: str) -> None:
        took = {"t": token, "from": self.page.evaluate(FROM)}
        if self.page.evaluate(TOOK, took):
            return  # the engine proposed it already
        before = json.dumps(self.state()["partial"], separators=(",", ":"))
        self.page.evaluate(TAP, token)
        until(self.page, CHANGED, f"the page to take the choice {token}", arg=before)
        if not self.page.evaluate(TOOK, took):  # one road, two moves: the other one, "instead"
            self.page.evaluate(TAP, token)
            until(self.page, TOOK, f"the page to take {token} instead", arg=took)

    def play(self, action: str) -> None:
        step = self.step()
        while self.state()["partial"]:  # take back unconfirmed choices first
            n = len(self.state()["partial"])
            self.page.get_by_test_id("undo-button").click()
            until(self.page, "(n) => window.__cambria.state().partial.length < n && !window.__cambria.state().busy",
                  "the undo to take back a choice", arg=n)
        for token in _split(action):
            self.tap(token)
        # Roll confirms the grey warrior (and rolls); Confirm ends any other decision
        if self.page.get_by_test_id("confirm-button").is_hidden():
            self.page.get_by_test_id("roll-button").click()
        else:
            self.page.get_by_test_id("confirm-button").click()
        self.settle(step + 1)

    def advance(self, rng: random.Random) -> None:
        """One step of whoever is to move, if it is a human: roll, or a random legal move."""
        view = self.view()
        if view["chance"]:
            self.roll()
        else:
            record = self.page.evaluate("() => window.__cambria.request('record', {})")
            self.play(str(rng.choice(load_record(record).legal_actions())))

    def reload(self) -> None:
        self.page.reload()
        self.s.wait_interactive()  # marked once the saved game is back on the board
        screen(self.page, "game", "the saved game to come back")
        self.settle()

    def shown(self) -> dict:
        """What the page shows: pieces, dice, log lines, whose turn."""
        return self.page.evaluate("""() => {
          const app = document.querySelector('#app');
          const b = document.querySelector(`#board-${app.dataset.map}`);
          return {
            pieces: [...b.querySelectorAll('.warrior[data-loc]')].map(w => w.dataset.loc + ':' + w.dataset.owner).sort(),
            legion: b.querySelector('.legion').dataset.road || null,
            forts: [...b.querySelectorAll('.fort')].map(f => f.dataset.owner || ''),
            dice: document.querySelector('#dice').dataset.values,
            log: [...document.querySelectorAll('#log li:not(.log-future)')].map(li => li.textContent), // the replay dims later lines
            prompt: document.querySelector('#prompt').textContent,
            step: app.dataset.step, phase: app.dataset.phase,
          };
        }""")

    def snapshot(self) -> dict:
        state = self.state()
        return {"view": state["view"], "partial": state["partial"], "shown": self.shown()}

    def saved(self) -> dict:
        return self.page.evaluate(SAVED)


def assert_same(after: dict, before: dict) -> None:
    for key in ("view", "partial", "shown"):
        if after[key] != before[key]:
            if key == "view":
                diff = {k: (before[key].get(k), after[key].get(k)) for k in before[key]
                        if before[key].get(k) != after[key].get(k)}
                pytest.fail(f"the view changed over the reload: {json.dumps(diff)[:1500]}")
            assert after[key] == before[key], key


def human_game(seed: int, players: int = 3) -> Game:
    return Game("cambria", [f"P{i}" for i in range(players)], seed=seed,
                player_info=[{"colour": c, "kind": "human"} for c in ("red", "blue", "yellow", "green", "purple")[:players]])


# ---------------------------------------------------------------------------------- autosave and resume

def test_a_reload_at_any_moment_of_a_turn_finds_the_same_position_and_dice(open_page):
    s = open_page("?seed=4242", **DESKTOP)
    table = Table(s)
    table.start(players=3)
    rng = random.Random(1)
    moments = []

    def check(moment: str) -> None:
        table.saved_now()  # the save follows the step by a few milliseconds
        before = table.snapshot()
        table.reload()
        assert_same(table.snapshot(), before)
        moments.append(moment)

    check("start player drawn")
    table.roll()
    check("after the setup roll, before the choice")
    token = table.state()["opts"]["choices"][0]["token"]
    table.tap(token)
    assert table.state()["partial"] == [token]
    check("a setup placement chosen, not confirmed")
    table.page.get_by_test_id("confirm-button").click()
    table.settle()
    # through the setup to the first regular turn
    while table.view()["phase"] not in ("roll", "turn"):
        table.advance(rng)
    if table.view()["phase"] == "roll":
        table.roll()
    check("after the two dice, before the move")
    assert table.view()["phase"] == "turn" and len(table.view()["dice"]) == 2
    # compose a turn of two choices or more if there is one (legion + boat, swap + place ...)
    record = table.page.evaluate("() => window.__cambria.request('record', {})")
    actions = [str(a) for a in load_record(record).legal_actions()]
    long = [a for a in actions if len(_split(a)) > 1] or actions
    tokens = _split(long[0])
    for token in tokens[:max(1, len(tokens) - 1)]:
        table.tap(token)
    check("in the middle of composing a move")
    assert table.state()["partial"] == tokens[:max(1, len(tokens) - 1)]
    # the rolls after the reload are the ones the seed gives: the same as without any reload
    for _ in range(6):
        table.advance(rng)
    played = table.page.evaluate("() => window.__cambria.request('record', {})")
    replayed = load_record(played)  # the engine accepts every roll: the seed's own
    assert replayed.steps == played["steps"]
    assert len(moments) == 5
    s.assert_clean()


def test_a_reload_right_after_a_capture(open_page, tmp_path):
    # find, with the engine, a seeded game and a move that captures a fort
    game = human_game(seed=77)
    pick = random.Random(2)
    capture = None
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        for action in game.legal_actions():
            trial = load_record(make_record(game))
            trial.play(action)
            if trial.state.last_captures and game.state.phase_name == "turn":
                capture = str(action)
                break
        if capture:
            break
        game.play(rules.random_action(game.state, pick))
    assert capture, "no capture found"
    path = tmp_path / "before-capture.json"
    path.write_text(json.dumps(make_record(game)))

    s = open_page(**DESKTOP)
    table = Table(s)
    s.wait_interactive()
    table.page.get_by_test_id("saved-games-button").click()
    table.page.get_by_test_id("import-file").set_input_files(str(path))
    screen(table.page, "game", "the imported game")
    table.settle(len(game.steps))
    table.play(capture)
    table.page.get_by_test_id("capture-toast").first.wait_for()
    assert any(f for f in table.shown()["forts"])
    table.saved_now()
    before = table.snapshot()
    table.reload()
    assert_same(table.snapshot(), before)
    s.assert_clean()


# Holds back the computer's requests while the test says so: the computer "thinks" forever.
HOLD_COMPUTER = """
(() => {
  const post = Worker.prototype.postMessage;
  window.__held = 0;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'computer' && sessionStorage.getItem('test:hold-computer')) {
      window.__held++;
      return;
    }
    return post.call(this, message, ...rest);
  };
})();
"""


def test_a_reload_while_the_computer_thinks(open_page):
    s = open_page("?seed=12", **DESKTOP)
    table = Table(s)
    s.wait_interactive()
    assert table.page.get_by_test_id("kind-1").count() == 1, "no computer players to choose"
    s.context.add_init_script(HOLD_COMPUTER)
    table.page.reload()
    s.wait_interactive()
    table.page.evaluate("sessionStorage.setItem('test:hold-computer', '1')")
    table.start(players=2, kinds={1: "computer:easy"})
    rng = random.Random(3)
    for _ in range(40):
        table.settle()  # a person's turn, or the computer's held move
        if table.page.evaluate("window.__held") > 0:
            break
        table.advance(rng)
    assert table.page.evaluate("window.__held") > 0, "the computer never had a turn"
    assert table.view()["actor_kind"].startswith("computer:")
    table.saved_now()
    before = table.snapshot()
    record = table.page.evaluate("() => window.__cambria.request('record', {})")
    # reloaded while the computer thinks (and it goes on thinking): the very same position
    table.page.reload()
    s.wait_interactive()
    until(table.page, "() => window.__held > 0", "the computer to think again after the reload")
    assert_same(table.snapshot(), before)
    # let it think this time: it moves on from there, the recorded steps are kept as they were
    table.page.evaluate("sessionStorage.removeItem('test:hold-computer')")
    table.reload()
    until(table.page, "(n) => window.__cambria.state().view.step > n", "the computer to move after the reload",
          arg=before["view"]["step"])
    after = table.page.evaluate("() => window.__cambria.request('record', {})")
    assert after["steps"][:len(record["steps"])] == record["steps"]
    s.assert_clean()


def test_the_new_game_screen_does_not_resume_and_leaving_is_remembered(open_page):
    s = open_page("?seed=5", **DESKTOP)
    table = Table(s)
    table.start(players=2)
    table.roll()
    table.saved_now()
    table.page.get_by_test_id("menu-button").click()
    table.page.once("dialog", lambda d: d.accept())
    table.page.get_by_test_id("menu-new-game").click()
    screen(table.page, "setup", "the new-game screen")
    resume = table.page.get_by_test_id("resume")
    assert resume.is_visible() and ("turn" in resume.inner_text() or "steps" in resume.inner_text())
    table.page.reload()
    s.wait_interactive()
    assert table.page.locator("#app").get_attribute("data-screen") == "setup"  # left on purpose: stays left
    table.page.get_by_test_id("resume").click()
    screen(table.page, "game")
    table.settle()
    assert table.step() == 2  # the start player, the setup die
    s.assert_clean()


# ---------------------------------------------------------------------------------- saved games

def open_library(page):
    if page.locator('#app[data-screen="game"]').count():
        page.get_by_test_id("menu-button").click()
        page.get_by_test_id("menu-library").click()
    else:
        page.get_by_test_id("saved-games-button").click()
    page.get_by_test_id("library").wait_for()


def import_file(page, name: str, data: bytes) -> str:
    """Import through the saved-games dialog; return the message it shows (or '' if it opened)."""
    open_library(page)
    page.get_by_test_id("library-message").evaluate("(e) => { e.hidden = true; e.textContent = ''; }")
    page.get_by_test_id("import-file").set_input_files(files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    until(page, """() => !document.querySelector('[data-testid=library]') || document.querySelector('[data-testid=library]').hidden
      || !document.querySelector('[data-testid=library-message]').hidden""", f"the import of {name} to open or be refused")
    message = page.get_by_test_id("library-message")
    return message.inner_text() if message.is_visible() else ""


def finished_record(seed: int) -> dict:
    game = human_game(seed)
    pick = random.Random(seed)
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            game.play(rules.random_action(game.state, pick))
    return make_record(game)


def test_importing_good_and_bad_records(open_page):
    s = open_page("?seed=31", **DESKTOP)
    table = Table(s)
    table.start(players=3)
    table.roll()
    table.saved_now()
    good = finished_record(seed=8)
    text = json.dumps(good, indent=1)
    on_board = table.snapshot()
    saved = table.saved()
    assert len(saved) == 1

    illegal = json.loads(text)
    k = next(i for i, st in enumerate(illegal["steps"]) if st.startswith("p"))
    illegal["steps"][k] = "p999"
    rolled = json.loads(text)
    r = next(i for i, st in enumerate(rolled["steps"]) if st.startswith("roll"))
    rolled["steps"][r] = "roll 6-6" if rolled["steps"][r] != "roll 6-6" else "roll 1-1"
    bad_files = [
        ("truncated.json", text[: len(text) // 2].encode(), r"not valid JSON \(line \d+, column \d+\).*truncated or damaged"),
        ("illegal.json", json.dumps(illegal).encode(), rf"step {k + 1} 'p999'"),
        ("hand-edited.json", json.dumps(rolled).encode(), rf"step {r + 1} '{re.escape(rolled['steps'][r])}': the game's seed gives"),
        ("newer.json", json.dumps(dict(good, version=99)).encode(), r"version 99, made by a newer Cambria"),
        ("no-version.json", json.dumps({k: v for k, v in good.items() if k != "version"}).encode(), r"no version number"),
        ("random.bin", random.Random(5).randbytes(3000), r"not text"),
        ("package.json", json.dumps({"name": "left-pad", "version": "1.3.0"}).encode(), r"not a Cambria game record"),
        ("empty.json", b"", r"the file is empty"),
        ("unknown-map.json", json.dumps(dict(good, map="atlantis")).encode(), r"unknown map 'atlantis'"),
        # a level named like a property of every JavaScript object once crashed the page for good
        ("hostile-level.json", json.dumps(dict(good, players=[dict(good["players"][0], kind="computer:__defineGetter__")]
                                                + good["players"][1:])).encode(), r"unknown computer level '__defineGetter__'"),
        ("constructor.json", json.dumps(dict(good, players=[dict(good["players"][0], kind="computer:constructor")]
                                              + good["players"][1:])).encode(), r"unknown computer level 'constructor'"),
    ]
    for name, data, pattern in bad_files:
        message = import_file(table.page, name, data)
        assert name in message and re.search(pattern, message), (name, message)
        assert "Nothing was changed" in message
        assert table.saved() == saved, f"{name} changed the saved games"
        table.page.get_by_test_id("library-close").click()
        assert_same(table.snapshot(), on_board)

    # a good record opens on the board and joins the saved games
    assert import_file(table.page, "good.json", text.encode()) == ""
    screen(table.page, "game")
    table.settle(len(good["steps"]))
    assert table.view()["over"] and table.view()["result"]["scores"] == good["result"]["scores"]
    after = table.saved()
    assert set(saved) < set(after) and len(after) == 2
    assert all(after[k] == v for k, v in saved.items())  # the game that was on the board is kept as it was
    # importing the same file again does not make a copy
    import_file(table.page, "good again.json", text.encode())
    table.settle(len(good["steps"]))
    assert len(table.saved()) == 2
    s.assert_clean()


def test_saved_games_continue_export_and_delete_several(open_page, tmp_path):
    s = open_page(**PHONE)
    table = Table(s)
    s.wait_interactive()
    records = [finished_record(seed) for seed in (1, 2)]
    unfinished = human_game(seed=3)
    for _ in range(9):
        unfinished.roll() if unfinished.is_chance() else unfinished.play(unfinished.legal_actions()[0])
    records.append(make_record(unfinished))
    for i, record in enumerate(records):
        assert import_file(table.page, f"game{i}.json", json.dumps(record).encode()) == ""
        screen(table.page, "game")
    assert len(table.saved()) == 3
    # on the board: the unfinished one; the list says so (this tab plays it: it may be deleted too,
    # tests/web/test_saved_games_rows.py)
    open_library(table.page)
    rows = table.page.get_by_test_id("saved-game")
    assert rows.count() == 3
    playing = table.page.locator(".saved-game.playing")
    assert playing.count() == 1 and playing.get_by_test_id("saved-select").is_enabled()
    # export the first finished game: the file is its record
    row = table.page.locator('.saved-game[data-over="true"]').first
    with table.page.expect_download() as download:
        row.get_by_test_id("saved-export").click()
    exported = json.loads(open(download.value.path()).read())
    assert exported["steps"] in (records[0]["steps"], records[1]["steps"])
    assert load_record(exported).is_over()
    # continue a finished game: it opens at its end
    row.get_by_test_id("saved-continue").click()
    table.page.wait_for_selector('[data-testid="library"]', state="hidden")
    table.settle(len(exported["steps"]))
    assert table.view()["over"]
    # delete two at once (after a confirmation); the third, on the board, stays
    open_library(table.page)
    boxes = table.page.locator('.saved-game:not(.playing) [data-testid="saved-select"]')
    assert boxes.count() == 2
    boxes.nth(0).check()
    boxes.nth(1).check()
    table.page.get_by_test_id("delete-selected").click()
    assert "2 games" in table.page.get_by_test_id("delete-confirm").inner_text()
    table.page.get_by_test_id("delete-no").click()
    assert len(table.saved()) == 3
    table.page.get_by_test_id("delete-selected").click()
    table.page.get_by_test_id("delete-yes").click()
    assert table.page.get_by_test_id("saved-game").count() == 1
    left = list(table.saved().values())
    assert len(left) == 1 and left[0]["record"]["steps"] == exported["steps"]  # the one on the board
    s.assert_clean()


STORAGE_FULL = """
(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('cambria:v')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, key, value);
  };
})();
"""

STORAGE_BLOCKED = """
Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
"""


@pytest.mark.parametrize("script, words", [(STORAGE_FULL, "is full"), (STORAGE_BLOCKED, "private browsing")])
def test_storage_full_or_unavailable_is_said_and_the_game_goes_on(open_page, script, words):
    s = open_page("?seed=8", **DESKTOP)
    s.context.add_init_script(script)
    s.page.reload()
    table = Table(s)
    table.start(players=2)
    warning = table.page.get_by_test_id("storage-warning")
    warning.wait_for()
    assert words in warning.inner_text() and "file" in warning.inner_text()
    rng = random.Random(4)
    for _ in range(6):
        table.advance(rng)  # the game goes on
    assert table.step() >= 7
    # and saving to a file still works
    with table.page.expect_download() as download:
        table.page.get_by_test_id("menu-button").click()
        table.page.get_by_test_id("menu-save").click()
    assert json.loads(open(download.value.path()).read())["steps"]
    assert s.page_errors == []


def test_older_saves_open_and_newer_or_damaged_ones_are_named(open_page):
    s = open_page(**DESKTOP)
    table = Table(s)
    s.wait_interactive()
    record = make_record(human_game(seed=6))
    g = load_record(record)
    g.roll()
    g.roll()
    old = make_record(g)
    table.page.evaluate("""([old]) => {
      localStorage.setItem('cambria:autosave', JSON.stringify(old));          // the first page's save
      localStorage.setItem('cambria:v9:game:future', '{"schema": 9}');       // a newer version's
      localStorage.setItem('cambria:v1:game:broken', '{"schema": 1, "rec');   // damaged
    }""", [old])
    table.page.reload()
    s.wait_interactive()
    open_library(table.page)
    rows = table.page.get_by_test_id("saved-game")
    assert rows.count() == 3
    text = table.page.get_by_test_id("saved-list").inner_text()
    assert "newer version" in text and "damaged" in text
    assert table.page.evaluate("localStorage.getItem('cambria:autosave')") is None  # migrated
    table.page.get_by_test_id("saved-continue").click()  # the only readable one
    screen(table.page, "game")
    table.settle(2)
    assert table.view()["dice"] == list(g.state.dice)
    s.assert_clean()


# ---------------------------------------------------------------------------------- replay

def test_replay_steps_through_the_history_with_the_log(open_page):
    s = open_page("?seed=19", **PHONE)
    table = Table(s)
    table.start(players=3)
    rng = random.Random(6)
    for _ in range(24):
        table.advance(rng)
    record = table.page.evaluate("() => window.__cambria.request('record', {})")
    live = table.snapshot()
    total = live["view"]["step"]
    table.page.get_by_test_id("menu-button").click()
    table.page.get_by_test_id("menu-replay").click()
    bar = table.page.get_by_test_id("replay-bar")
    bar.wait_for()
    position = table.page.get_by_test_id("replay-position")
    # it opens at the start of the person's last turn (tests/web/test_log.py); from the end here
    table.page.get_by_test_id("replay-end").click()
    until(table.page, "(n) => document.querySelector('#app').dataset.replayStep === String(n)", "the replay's end", arg=total)
    assert position.inner_text() == f"Step {total} of {total}"
    assert table.page.locator("svg.board .slot.legal").count() == 0  # nothing to play while replaying

    def at(n: int) -> None:
        until(table.page, "(n) => document.querySelector('#app').dataset.replayStep === String(n)"
              " && !document.querySelector('#app').classList.contains('busy')", f"the replay to show step {n}", arg=n)
        past = load_record(record, upto=n)
        shown = table.shown()
        roads = past.state.to_dict()["roads"]
        assert sorted(p for p in shown["pieces"] if p.startswith("r")) == sorted(
            f"r{r}:{o}" for r, o in enumerate(roads) if o >= 0)
        assert len(shown["log"]) == sum(1 for e in live["view"]["log"] if e["step"] <= n)
        assert shown["log"] == live["shown"]["log"][:len(shown["log"])]
        assert position.inner_text() == f"Step {n} of {total}"

    table.page.get_by_test_id("replay-back").click()
    at(total - 1)
    table.page.get_by_test_id("replay-back").click()
    at(total - 2)
    table.page.get_by_test_id("replay-forward").click()
    at(total - 1)
    table.page.get_by_test_id("replay-start").click()
    at(0)
    assert table.page.get_by_test_id("replay-back").is_disabled()
    table.page.get_by_test_id("replay-slider").fill(str(total // 2))
    at(total // 2)
    table.page.get_by_test_id("replay-end").click()
    at(total)
    # the game itself never moved; leaving the replay brings back the live game, ready to play
    table.page.get_by_test_id("replay-back").click()
    at(total - 1)
    table.page.get_by_test_id("replay-exit").click()
    bar.wait_for(state="hidden")
    table.settle(total)
    assert_same(table.snapshot(), live)
    table.advance(rng)
    assert table.step() == total + 1
    s.assert_clean()


def test_a_finished_game_can_be_replayed(open_page):
    s = open_page(**DESKTOP)
    table = Table(s)
    s.wait_interactive()
    record = finished_record(seed=21)
    assert import_file(table.page, "finished.json", json.dumps(record).encode()) == ""
    table.settle(len(record["steps"]))
    table.page.get_by_test_id("menu-button").click()
    table.page.get_by_test_id("menu-replay").click()
    table.page.get_by_test_id("replay-bar").wait_for()
    table.page.get_by_test_id("replay-start").click()
    until(table.page, "() => document.querySelector('#app').dataset.replayStep === '0'", "the replay at the start")
    assert table.shown()["pieces"] == []
    table.page.get_by_test_id("replay-exit").click()
    table.settle(len(record["steps"]))
    assert table.view()["over"]
    s.assert_clean()
