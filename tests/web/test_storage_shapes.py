"""Nothing stored can brick the page (issue 26): whatever is under the page's storage keys, the
page starts, becomes interactive and Saved games opens; a saved game that cannot be read is
listed as damaged, with Export (the raw text, so nothing is lost) and Delete; the pointer to the
game on the board is dropped, with a message, when that game is damaged or the engine refuses it.

The keys (every getItem in web/): ``cambria:v<N>:game:<id>`` (saves.js: one per saved game),
``cambria:current`` (saves.js: in localStorage and sessionStorage), ``cambria:autosave`` (saves.js:
schema 0, migrated), ``cambria:language`` (i18n.js), ``cambria:pace`` (pace.js),
``cambria:tutorial`` (tutorial.js), ``cambria:setup`` (lastsetup.js), ``cambria:updating`` (offline.js) and
``cambria:persist-asked`` (eviction.js) in sessionStorage, and tabs.js's ``cambria:tab:<id>``.

Shapes come from a seeded generator (``Shapes``): invalid JSON, scalars and arrays, wrong types,
missing and extra fields, other schema versions, hostile objects ({"toString": 1} makes String()
throw), huge strings and nesting up to 10^5 deep.

- the readers themselves (saves.js readEntry/readCurrent/readLegacy, the store over a storage of
  hostile entries, i18n.js's preferredLanguage, fresh instances of pace.js and tutorial.js,
  lastsetup.js's readSetup), with
  thousands of shapes per key in one page and no reload: fast, in the default run;
- the page reloaded with a shape under every key at once (50 saved games a load, the pointer
  often naming one of them): a sample in the default run, 1,000 loads (a shape per key each)
  under ``slow``;
- the issue's own reproductions, one case each; Export and Delete of a damaged game.
"""

from __future__ import annotations

import copy
import json
import random
import re
import time
from pathlib import Path

import pytest

from cambria import Game
from cambria.core.record import make_record
from waits import until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = dict(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")


def catalog(lang: str) -> dict:
    text = (ROOT / "web" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S).group(1))


LANGS = ("en", "de", "es", "ru")
CATALOGS = {lang: catalog(lang) for lang in LANGS}
GENERIC = [CATALOGS[lang]["error.generic"] for lang in LANGS]  # "Something went wrong."

# which keys are saved games (saves.js GAME_KEY): the list must show exactly these
GAME_KEY_JS = r"/^cambria:v\d+:game:.+$/"


# ------------------------------------------------------------------------------ the shapes

def good_record(seed: int = 7, roll: bool = True) -> dict:
    """A real record of a Cambria game, three people, after the start roll."""
    g = Game("cambria", ["Ann", "Bob", "Cid"], seed=seed,
             player_info=[{"colour": c, "kind": "human"} for c in ("red", "blue", "yellow")])
    if roll:
        g.roll()
    return make_record(g)


def good_entry(key_id: str, record: dict | None = None) -> dict:
    record = record or good_record()
    return {
        "schema": 1, "id": key_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000,
        "record": record,
        "summary": {"game": "cambria", "map": record.get("map"), "title": "Cambria",
                    "players": [{"name": p["name"], "colour": p["colour"], "kind": "human"} for p in record["players"]],
                    "step": len(record["steps"]), "turn": None, "over": False, "winner_name": None, "points": None},
    }


def deep(n: int, open_: str = "[", close: str = "]") -> str:
    return open_ * n + close * n


HOSTILE = [
    {"toString": 1}, {"valueOf": 1, "toString": 1}, {"toString": {"a": 1}}, {"__proto__": {"x": 1}},
    {"constructor": 1, "hasOwnProperty": 1}, {"length": 10**9}, {"then": 1}, {"toJSON": 1},
    {"__proto__": None}, {"valueOf": {"valueOf": 1}},
]
STRINGS = ["", " ", "x", "null", "undefined", "NaN", "__proto__", "constructor", "toString", "en", "fast",
           "done", "cambria", "hibernia", "cumbria", "atlantis", "\u0000", "\ud800", "<img src=x onerror=alert(1)>",
           "ИГРА", "🎲" * 50, "\n\r\t", "../../etc", "a" * 1000, "cambria-record", "{", "[]", "1e999"]
NUMBERS = [0, -0.0, 1, -1, 2**53, -(2**53), 2**64, 1.5, 1e308, -1e308, 3, 20000]


class Shapes:
    """Every shape a stored value can take, drawn from random.Random(seed).

    Values are built as Python data with markers for what Python's json cannot write (nesting
    10^5 deep); ``text`` writes them.  A shape holds at most one big part (nesting 10^4 deep or
    more, a string of 10^5 characters or more), and only a share ``big`` of the shapes has one:
    the storage quota and the time to send them to the page bound the megabytes."""

    def __init__(self, seed: int, big: float = 0.05):
        self.rng = random.Random(seed)
        self.big = big
        self.big_left = 0
        self.marks: dict[str, str] = {}

    def shape(self) -> None:
        """A new shape begins: may it hold a big part?"""
        self.big_left = 1 if self.rng.random() < self.big else 0

    def take_big(self) -> bool:
        if self.big_left:
            self.big_left -= 1
            return True
        return False

    # a value of any type, shallow or deep, hostile or plain
    def value(self, depth: int = 0):
        r = self.rng
        kind = r.randrange(14 if depth < 3 else 6)
        if kind == 0:
            return None
        if kind == 1:
            return r.choice([True, False])
        if kind == 2:
            return r.choice(NUMBERS)
        if kind == 3:
            return r.choice(STRINGS)
        if kind == 4:
            return copy.deepcopy(r.choice(HOSTILE))
        if kind == 5:
            return self.deep_mark()
        if kind in (6, 7):
            return [self.value(depth + 1) for _ in range(r.randrange(4))]
        if kind in (8, 9):
            keys = ["name", "colour", "kind", "players", "steps", "map", "game", "format", "x", "__proto__", "toString"]
            return {r.choice(keys): self.value(depth + 1) for _ in range(r.randrange(4))}
        if kind == 10:
            return self.huge_mark()
        if kind == 11:
            return r.random() * 10**r.randrange(20)
        if kind == 12:
            return "".join(chr(r.randrange(0x20, 0x3000)) for _ in range(r.randrange(60)))
        return r.randrange(-10, 10)

    def deep_mark(self) -> str:
        n = self.rng.choice([16, 17, 18, 50, 1000])
        if self.take_big():
            n = self.rng.choice([10**4, 10**4, 10**5])
        bracket = self.rng.choice([("[", "]"), ('{"a":', "}")])
        mark = f"@@mark{len(self.marks)}@@"
        self.marks[mark] = ('{"a":' * n + "1" + "}" * n) if bracket[0] != "[" else deep(n)
        return mark

    def huge_mark(self) -> str:
        n = 10**4
        if self.take_big():
            n = self.rng.choice([10**5, 10**5, 10**5, 10**6])
        mark = f"@@mark{len(self.marks)}@@"
        self.marks[mark] = json.dumps(self.rng.choice(["x", "é", "🎲", '"\\']) * (n // 2))
        return mark

    def text(self, value) -> str:
        out = json.dumps(value, ensure_ascii=False)
        for mark, replacement in self.marks.items():
            out = out.replace(json.dumps(mark), replacement)
        self.marks = {}
        return out

    # ---- under a saved game's key
    def entry(self, key_id: str, base: dict) -> str:
        r = self.rng
        self.shape()
        how = r.randrange(16)
        e = copy.deepcopy(base)
        if how == 0:  # not JSON
            good = json.dumps(e)
            return r.choice([good[: r.randrange(len(good))], "", "{", "undefined", "NaN", "{'a': 1}", "\u0000",
                             good + "x", "[" * 10**5, "{" * 10**5, "]" + good])
        if how == 1:  # a scalar, an array, anything
            return self.text(self.value())
        if how == 2:
            e["record"] = self.value()
        elif how == 3:
            e[r.choice(["schema", "id", "created", "updated", "summary", "partial", "record"])] = self.value()
        elif how == 4:
            e["record"][r.choice(["format", "version", "game", "map", "players", "options", "seed", "steps", "result"])] = self.value()
        elif how == 5:
            players = e["record"]["players"]
            if r.random() < 0.3:
                players[r.randrange(len(players))] = self.value()
            else:
                players[r.randrange(len(players))][r.choice(["name", "colour", "kind", "x"])] = self.value()
        elif how == 6:
            summary = e["summary"]
            field = r.choice(list(summary) + ["x"])
            if field == "players" and r.random() < 0.5:
                summary["players"] = [self.value() for _ in range(r.randrange(4))]
            else:
                summary[field] = self.value()
        elif how == 7:  # fields missing
            for where in (e, e["record"], e["summary"]):
                for k in list(where):
                    if r.random() < 0.3:
                        del where[k]
        elif how == 8:  # fields added
            for where in (e, e["record"], e["summary"], e["record"]["players"][0]):
                where[r.choice(["x", "__proto__", "constructor", "toString", "extra", "schema"])] = self.value()
        elif how == 9:  # deep somewhere
            where = r.choice([(e, "record"), (e, "summary"), (e["record"], "steps"), (e["record"]["players"][0], "name"),
                              (e, "partial"), (e["record"], "seed")])
            where[0][where[1]] = self.deep_mark()
        elif how == 10:  # huge somewhere
            where = r.choice([(e["record"]["players"][0], "name"), (e["summary"], "title"), (e, "x"), (e["record"], "map")])
            where[0][where[1]] = self.huge_mark()
        elif how == 11:  # another schema in the entry
            e["schema"] = r.choice([0, 2, 9, "1", None, -1, 1.5, 10**6])
        elif how == 12:  # the choices composed
            e["partial"] = r.choice([self.value(), {"step": e["summary"]["step"], "partial": self.value()},
                                     {"step": self.value(), "partial": ["p1"]}])
        elif how == 13:  # steps that are not steps
            e["record"]["steps"] = [self.value() for _ in range(r.randrange(5))]
        elif how == 14:  # the whole summary
            e["summary"] = self.value()
        else:  # several at once
            for _ in range(3):
                e[r.choice(["summary", "partial", "created", "updated"])] = self.value()
                e["record"]["players"][0]["name"] = self.value()
        return self.text(e)

    def game_key(self, i: int) -> tuple[str, str]:
        """A key for a saved game (mostly this version's, some others) and its id."""
        r = self.rng
        key_id = r.choice([f"s{i}", f"s{i}", f"s{i}", f"игра-{i}", f"s{i}:x:y", f"s{i}" + "z" * 300, f"s{i} <b>"])
        schema = r.choice(["1"] * 12 + ["0", "2", "9", "01", "99999999999", "-1", "1.0"])
        return f"cambria:v{schema}:game:{key_id}", key_id

    # ---- the single-valued keys: any text at all
    def plain(self, good: list[str]) -> str:
        r = self.rng
        self.shape()
        how = r.randrange(5)
        if how == 0:
            return r.choice(good)
        if how == 1:
            return r.choice(good) + r.choice([" ", "\u0000", "x", "\n"])
        if how == 2:
            return r.choice(STRINGS)
        if how == 3:
            return self.text(self.value())
        return self.text([self.value() for _ in range(3)])

    def current(self, ids: list[str]) -> str | None:
        if ids and self.rng.random() < 0.6:
            return self.rng.choice(ids)  # the pointer names one of the games stored (damaged or not)
        return self.plain(["x", "s1", "0"])

    def autosave(self) -> str:
        r = self.rng
        self.shape()
        how = r.randrange(3)
        if how == 0:
            return self.entry("legacy", good_entry("legacy"))  # an entry where a record belongs
        if how == 1:
            e = copy.deepcopy(good_entry("legacy"))["record"]
            e[r.choice(["format", "players", "steps", "map", "seed"])] = self.value()
            return self.text(e)
        return self.plain([json.dumps(good_record(3))])


# the new-game screen's last setup (lastsetup.js), as the page writes it
GOOD_SETUP = {"game": "hibernia", "map": "hibernia", "count": 4, "options": {"german_tiebreak": False, "advanced": True},
              "seats": [{"name": n, "colour": c, "kind": k} for n, c, k in zip(
                  ("Ann", "Bob", "Cid", "Dot", "Eve"), ("grey", "white", "orange", "pink", "purple"),
                  ("human", "computer:hard", "human", "computer:easy", "human"), strict=True)]}


def setup_shape(shapes: Shapes) -> str:
    """The last setup: as written, or with a field (or a seat's field) of any shape."""
    r = shapes.rng
    if r.random() < 0.4:
        return shapes.plain([json.dumps(GOOD_SETUP)])
    shapes.shape()
    value = copy.deepcopy(GOOD_SETUP)
    if r.random() < 0.5:
        value[r.choice([*value, "x"])] = shapes.value()
    else:
        value["seats"][r.randrange(5)][r.choice(["name", "colour", "kind", "x"])] = shapes.value()
    return shapes.text(value)


def single_values(shapes: Shapes, ids: list[str]) -> dict:
    """One shape for each single-valued key (None: nothing stored)."""
    r = shapes.rng
    return {
        "local": {
            "cambria:current": shapes.current(ids),
            "cambria:language": shapes.plain(list(LANGS)),
            "cambria:pace": shapes.plain(["fast", "normal", "slow"]),
            "cambria:tutorial": shapes.plain(["done"]),
            "cambria:setup": setup_shape(shapes),
            "cambria:autosave": shapes.autosave() if r.random() < 0.5 else None,
            # tabs.js's lease (read where there are no Web Locks) on one of the games
            **({f"cambria:tab:{r.choice(ids)}": shapes.plain(['{"tab": "t", "at": 1}'])} if ids else {}),
        },
        "session": {
            "cambria:current": shapes.current(ids) if r.random() < 0.5 else None,
            "cambria:updating": shapes.plain(["1"]) if r.random() < 0.3 else None,
            "cambria:persist-asked": shapes.plain(["1"]) if r.random() < 0.3 else None,  # eviction.js
        },
    }


# ------------------------------------------------------------------------------ in the page

IMPORT = """async (names) => {
  const script = document.querySelector('script[type="module"][src*="app.js"]');
  const out = {};
  for (const name of names) out[name] = await import(new URL(name, script.src).href);
  return out;
}"""

# Every shape through saves.js's readers, and the store over a storage holding all of them.
CHECK_ENTRIES = """async ([keys, texts]) => {
  const script = document.querySelector('script[type="module"][src*="app.js"]');
  const saves = await import(new URL('saves.js', script.src).href);
  const lib = await import(new URL('library.js', script.src).href);
  const files = await import(new URL('recordfile.js', script.src).href);
  const bad = [];
  const kinds = { entry: 0, damaged: 0, newer: 0, none: 0 };
  const str = (v) => typeof v === 'string';
  for (let i = 0; i < texts.length; i++) {
    const where = `shape ${i} (${keys[i].slice(0, 40)}): `;
    try {
      const e = saves.readEntry(keys[i], texts[i]);
      if (e === null) { kinds.none++; continue; }
      if (e.newer) { kinds.newer++; continue; }
      if (e.damaged) {
        kinds.damaged++;
        if (!str(e.reason) || !str(e.id) || e.key !== keys[i]) bad.push(where + 'a damaged entry without its reason, id or key');
        continue;
      }
      kinds.entry++;
      const s = e.summary;
      const ok = str(e.id) && e.key === keys[i] && Number.isFinite(e.updated) && Number.isFinite(e.created)
        && e.record && typeof e.record === 'object' && !Array.isArray(e.record) && Array.isArray(e.record.steps)
        && s && str(s.game) && (s.map === null || str(s.map)) && str(s.title) && Array.isArray(s.players)
        && s.players.every((p) => p && str(p.name) && (p.colour === null || /^[a-z-]+$/.test(p.colour)) && str(p.kind))
        && Number.isInteger(s.step) && (s.turn === null || Number.isInteger(s.turn)) && typeof s.over === 'boolean'
        && (s.winner_name === null || str(s.winner_name)) && (s.points === null || (Array.isArray(s.points) && s.points.every(Number.isFinite)))
        && (e.partial === undefined || (Number.isInteger(e.partial.step) && Array.isArray(e.partial.partial) && e.partial.partial.every(str)));
      if (!ok) { bad.push(where + 'a readable entry of the wrong shape: ' + JSON.stringify(e).slice(0, 300)); continue; }
      // what the page does with one: list it, name its file, send it to the engine
      if (!str(lib.describe(s)) || !str(files.fileName(e.record))) bad.push(where + 'not described');
      JSON.stringify(e.record);
      structuredClone(e.record);
    } catch (err) {
      bad.push(where + 'threw ' + err);
    }
  }
  // the store over one storage holding every shape (and pointers to each)
  const data = new Map();
  const storage = {
    get length() { return data.size; },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
  keys.forEach((k, i) => data.set(k, texts[i]));
  const session = { ...storage, getItem: () => null, setItem() {}, removeItem() {} };
  let listed = 0;
  try {
    const store = saves.createStore({ local: storage, session });
    const list = store.list();
    listed = list.length;
    for (const e of list) {
      if (!e.damaged && !e.newer) {
        if (!str(lib.describe(e.summary))) bad.push('the store: not described');
        if (store.get(e.id) === null && e.key === `cambria:v1:game:${e.id}`) bad.push('the store: listed but not got ' + e.id);
      }
      const r = store.read(e.id);
      if (r && !r.damaged && r.summary.over === undefined) bad.push('the store: read ' + e.id);
      if (e.damaged && store.raw(e.key) !== data.get(e.key)) bad.push('the store: the raw text of ' + e.id + ' changed');
    }
    store.findRecord({ format: 'cambria-record', players: [{ name: 'Ann' }], steps: [] });
  } catch (err) {
    bad.push('the store threw ' + err);
  }
  return { bad, kinds, listed };
}"""

WAIT_STEADY = """() => {
  const app = document.querySelector('#app');
  const start = document.querySelector('[data-testid=start-button]');
  if (app.dataset.screen === 'setup') return app.dataset.mode === 'setup' && start && !start.disabled;
  return ['awaiting_roll', 'choosing', 'over'].includes(app.dataset.mode) && !app.classList.contains('busy');
}"""

# What the page shows after a load: the banner, the screen, the pointer left, the keys of games.
SHOWN = f"""() => {{
  const banner = document.querySelector('#error');
  const keys = Object.keys(localStorage).filter((k) => {GAME_KEY_JS}.test(k));
  return {{
    banner: banner.hidden ? null : banner.textContent.trim(),
    screen: document.querySelector('#app').dataset.screen,
    mode: document.querySelector('#app').dataset.mode,
    current: [sessionStorage.getItem('cambria:current'), localStorage.getItem('cambria:current')],
    games: keys.length,
  }};
}}"""

LISTED = """() => {
  const rows = [...document.querySelectorAll('[data-testid=saved-game]')];
  return {
    visible: !document.querySelector('[data-testid=library]').hidden,
    rows: rows.length,
    damaged: rows.filter((r) => r.dataset.unreadable === 'damaged').map((r) => r.dataset.id),
    readable: rows.filter((r) => !r.dataset.unreadable).map((r) => r.dataset.id),
    // every row can be dealt with: opened, exported and selected for deletion
    stuck: rows.filter((r) => !r.querySelector('[data-testid=saved-select]')
      || !(r.querySelector('[data-testid=saved-export]') || r.querySelector('[data-testid=saved-export-raw]'))
      || (!r.dataset.unreadable && !(r.querySelector('[data-testid=saved-continue]') || r.querySelector('[data-testid=saved-back]'))))
      .map((r) => r.dataset.id),
  };
}"""


# A same-origin page that runs nothing of the site: storage can be set there without the page
# writing over it.  Tests that set storage before the site's first load open this page first.
BLANK = "build.json"


def blank(session, site) -> None:
    """Leave the site for the blank page (BLANK), to set storage between loads."""
    session.page.goto(site.url + BLANK)


def write(page, local: dict, session: dict) -> None:
    page.evaluate("""([local, session]) => {
      localStorage.clear();
      sessionStorage.clear();
      const failed = [];
      for (const [storage, values] of [[localStorage, local], [sessionStorage, session]]) {
        for (const [k, v] of Object.entries(values)) {
          if (v === null) continue;
          try { storage.setItem(k, v); } catch (err) { failed.push(k); }  // over the quota: not stored
        }
      }
      return failed;
    }""", [local, session])


def open_library(page) -> dict:
    if page.locator('#app[data-screen="game"]').count():
        page.get_by_test_id("menu-button").click()
        page.get_by_test_id("menu-library").click()
    else:
        page.get_by_test_id("saved-games-button").click()
    until(page, "() => !document.querySelector('[data-testid=library]').hidden", "Saved games to open")
    return page.evaluate(LISTED)


def load_and_check(s, site, what: str) -> dict:
    """Open the site over what is stored; it must become interactive with Saved games usable."""
    page = s.page
    errors_before = len(s.page_errors)
    page.goto(site.url)
    s.wait_interactive()
    until(page, WAIT_STEADY, f"the page to be ready to use ({what})")
    shown = page.evaluate(SHOWN)
    assert len(s.page_errors) == errors_before, f"{what}: uncaught errors {s.page_errors[errors_before:]}"
    assert not (shown["banner"] and any(g in shown["banner"] for g in GENERIC)), f"{what}: {shown['banner']}"
    listed = open_library(page)
    assert listed["visible"] and listed["rows"] == shown["games"], f"{what}: listed {listed}, stored {shown['games']}"
    assert listed["stuck"] == [], f"{what}: rows that cannot be opened, exported or deleted: {listed['stuck']}"
    for pointer in shown["current"]:
        assert pointer is None or pointer not in listed["damaged"], f"{what}: the pointer to damaged {pointer} stays"
    page.get_by_test_id("library-close").click()
    return {**shown, **listed}


# ------------------------------------------------------------------------------ the readers

def entry_shapes(seed: int, n: int) -> tuple[list[str], list[str]]:
    shapes = Shapes(seed)
    base = good_entry("x")
    keys, texts = [], []
    for i in range(n):
        key, key_id = shapes.game_key(i)
        keys.append(key)
        texts.append(shapes.entry(key_id, base))
    return keys, texts


def test_the_saved_game_reader_takes_any_shape(open_page):
    """2,000 shapes of a saved game through saves.js's reader and the store: none throws, each is
    an entry of the shape the page uses, damaged, newer, or nothing; the store lists them all."""
    s = open_page(**DESKTOP)
    s.wait_interactive()
    started = time.monotonic()
    total = {"entry": 0, "damaged": 0, "newer": 0, "none": 0}
    for seed in range(2):
        keys, texts = entry_shapes(seed, 1000)
        result = s.page.evaluate(CHECK_ENTRIES, [keys, texts])
        assert result["bad"] == [], result["bad"][:10]
        assert result["listed"] == len(set(k for k in keys if re.match(r"^cambria:v\d+:game:.+$", k)))
        for k, v in result["kinds"].items():
            total[k] += v
    # the generator reaches every outcome, readable games among them
    assert all(total[k] > 50 for k in ("entry", "damaged", "newer")), total
    print(f"\n2,000 saved-game shapes read in {time.monotonic() - started:.1f} s: {total}")
    assert s.page_errors == []


def test_the_single_value_readers_take_any_shape(open_page):
    """1,000 shapes each of the pointer, the schema-0 autosave, the language, the pace, the
    tutorial's flag and the last setup through the function that reads each (saves.js, i18n.js,
    pace.js, tutorial.js, lastsetup.js)."""
    s = open_page(**DESKTOP)
    s.wait_interactive()
    shapes = Shapes(11, big=0.01)  # a few big ones a key: sending megabytes to the page is what takes the time
    n = 1000
    values = {
        "current": [shapes.current([]) for _ in range(n)],
        "legacy": [shapes.autosave() for _ in range(n)],
        "language": [shapes.plain(list(LANGS)) for _ in range(n)],
        "pace": [shapes.plain(["fast", "normal", "slow"]) for _ in range(n)],
        "tutorial": [shapes.plain(["done"]) for _ in range(n)],
        "setup": [setup_shape(shapes) for _ in range(n)],
    }
    started = time.monotonic()
    result = s.page.evaluate("""async (values) => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const url = (name) => new URL(name, script.src).href;
      const saves = await import(url('saves.js'));
      const i18n = await import(url('i18n.js'));
      const bad = [];
      const seen = { current: 0, legacy: 0, kept: 0 };
      for (const text of values.current) {
        const id = saves.readCurrent(text);
        if (id !== null && (typeof id !== 'string' || id.length > 200)) bad.push('current ' + text.slice(0, 40));
        if (id) seen.current++;
      }
      for (const text of values.legacy) {
        const data = new Map([['cambria:autosave', text]]);
        const storage = {
          get length() { return data.size; }, key: (i) => [...data.keys()][i] ?? null,
          getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), removeItem: (k) => data.delete(k),
        };
        try {
          const record = saves.readLegacy(text);
          if (record) seen.legacy++;
          const store = saves.createStore({ local: storage, session: null });
          const list = store.list();
          // migrated to a saved game, or kept as it was (to export) and listed as damaged
          if (data.has('cambria:autosave') || list.length !== 1) bad.push('legacy not migrated: ' + text.slice(0, 60));
          else if (!record) { seen.kept++; if (store.raw(list[0].key) !== text) bad.push('legacy text changed'); }
          else if (list[0].damaged) bad.push('a legacy record listed as damaged: ' + text.slice(0, 60));
        } catch (err) { bad.push('legacy threw ' + err); }
      }
      for (const text of values.language) {
        const lang = i18n.preferredLanguage(text, ['en']);
        if (!['en', 'de', 'es', 'ru'].includes(lang)) bad.push('language ' + text.slice(0, 40));
      }
      const pace = await import(url('pace.js'));
      for (const text of values.pace) {
        if (!pace.PACES.includes(pace.readPace(text))) bad.push('pace ' + text.slice(0, 40));
      }
      const tutorial = await import(url('tutorial.js'));
      for (const text of values.tutorial) {
        if (!['new', 'done'].includes(tutorial.readTutorialState(text))) bad.push('tutorial ' + text.slice(0, 40));
      }
      const last = await import(url('lastsetup.js'));
      const id = (v) => typeof v === 'string' && /^[a-z][a-z0-9_:-]{0,39}$/.test(v);
      seen.setup = 0;
      for (const text of values.setup) {
        let got;
        try { got = last.readSetup(text); } catch (err) { bad.push('setup threw ' + err); continue; }
        if (got === null) continue;
        seen.setup++;
        const ok = id(got.game) && id(got.map) && Number.isInteger(got.count) && got.count >= 1 && got.count <= got.seats.length
          && Object.entries(got.options).every(([k, v]) => id(k) && typeof v === 'boolean')
          && got.seats.length <= 5 && got.seats.every((p) => typeof p.name === 'string' && id(p.colour) && id(p.kind));
        if (!ok) bad.push('setup ' + text.slice(0, 60));
      }
      return { bad, seen };
    }""", values)
    assert result["bad"] == [], result["bad"][:10]
    assert result["seen"]["current"] > 100 and result["seen"]["legacy"] > 50 and result["seen"]["kept"] > 50, result["seen"]
    assert 200 < result["seen"]["setup"] < 900, result["seen"]  # good ones read, damaged ones refused
    print(f"\n6 x 1,000 single-value shapes read in {time.monotonic() - started:.1f} s: {result['seen']}")


def test_only_boards_the_page_has_are_shown_before_the_engine_is_up(open_page):
    """app.js shows a stored game's board before the engine has checked the record: only a
    board of that game the page has (games/index.js knows the same boards as the engine)."""
    s = open_page(**DESKTOP)
    s.wait_interactive()
    result = s.page.evaluate("""async () => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const games = await import(new URL('games/index.js', script.src).href);
      const info = await window.__cambria.request('info', {});
      const engine = info.games.flatMap((g) => g.boards.map((b) => [g.id, b.id]));
      const drawn = [...document.querySelectorAll('svg.board')].map((svg) => svg.dataset.map);
      return {
        engine: engine.map(([g, m]) => games.drawsMap(g, m)),
        drawn: drawn.filter((m) => !engine.some(([g, b]) => b === m && games.drawsMap(g, m))),
        refused: [['cambria', 'atlantis'], ['cambria', 'hibernia'], ['hibernia', 'cambria'], ['atlantis', 'cambria'],
                  ['cambria', null], ['cambria', {}], [{}, 'cambria'], ['cambria', '__proto__'], ['constructor', 'x']]
          .map(([g, m]) => games.drawsMap(g, m)),
      };
    }""")
    assert all(result["engine"]) and result["drawn"] == [], result
    assert not any(result["refused"]), result


# ------------------------------------------------------------------------------ the page reloaded

def sweep(open_page, site, seed: int, loads: int, per_load: int) -> None:
    """`loads` page loads, each over `per_load` generated saved games and a shape of every
    single-valued key (the pointer often naming one of those games)."""
    s = open_page(BLANK, **DESKTOP)
    shapes = Shapes(seed, big=0.02)
    huge = Shapes(seed + 1, big=1)
    base = good_entry("x")
    times = []
    outcomes = {"game": 0, "setup": 0, "damaged_listed": 0, "readable_listed": 0}
    for load in range(loads):
        local, ids = {}, []
        for i in range(per_load):
            key, key_id = shapes.game_key(load * per_load + i)
            if key_id in ids:
                continue
            # one saved game a load may hold a huge string (the storage quota allows a few MB)
            local[key] = (huge if i == 0 else shapes).entry(key_id, base)
            if key.startswith("cambria:v1:"):
                ids.append(key_id)
        singles = single_values(shapes, ids)
        blank(s, site)
        write(s.page, {**local, **singles["local"]}, singles["session"])
        started = time.monotonic()
        result = load_and_check(s, site, f"seed {seed}, load {load}")
        times.append(time.monotonic() - started)
        outcomes[result["screen"]] += 1
        outcomes["damaged_listed"] += len(result["damaged"])
        outcomes["readable_listed"] += len(result["readable"])
        if (load + 1) % 100 == 0:
            print(f"\n{load + 1} loads: {sum(times):.0f} s, {outcomes}", flush=True)
    print(f"\n{loads} loads x {per_load} saved games + every single-valued key: "
          f"{sum(times):.0f} s, {sum(times) / len(times):.2f} s a load (max {max(times):.2f}); {outcomes}")
    assert outcomes["damaged_listed"] and outcomes["readable_listed"], outcomes


def test_the_page_starts_over_any_stored_shapes_sample(open_page, site):
    sweep(open_page, site, seed=2026, loads=8, per_load=50)


@pytest.mark.slow
@pytest.mark.timeout(4 * 3600)
def test_the_page_starts_over_any_stored_shapes_1000_loads(open_page, site):
    """1,000 loads, each with a shape of every single-valued key and 50 saved games."""
    sweep(open_page, site, seed=1, loads=1000, per_load=50)


# ------------------------------------------------------------------------------ the issue's cases

def _entry(record, **fields) -> str:
    e = good_entry("x", record)
    e.update(fields)
    return json.dumps(e)


def _record(**fields) -> dict:
    r = good_record()
    for k, v in fields.items():
        if v is ...:
            del r[k]
        else:
            r[k] = v
    return r


def _named_player() -> dict:
    r = good_record()
    r["players"][0]["name"] = {"toString": 1}
    return r


REPRODUCTIONS = {
    # the record cannot be a record: damaged, the pointer dropped with a message
    "record {}": ('{"schema":1,"id":"x","record":{}}', "damaged"),
    "record [1,2]": ('{"schema":1,"id":"x","record":[1,2]}', "damaged"),
    "all fields null": ('{"schema":null,"id":null,"created":null,"updated":null,"record":null,"summary":null,"partial":null}', "damaged"),
    "a record 10^5 deep": ('{"schema":1,"id":"x","record":' + deep(10**5) + "}", "damaged"),
    "a player named {toString: 1}": (_entry(_named_player()), "damaged"),
    # a record's shape the engine refuses: the pointer dropped, the engine's reason said
    "no map": (_entry(_record(map=...)), "refused"),
    'map "atlantis"': (_entry(_record(map="atlantis")), "refused"),
    # a summary of the wrong type: rebuilt from the record, and the game comes back
    "summary a string": (_entry(good_record(), summary="Cambria"), "resumed"),
    "summary.players a string": (_entry(good_record(), summary={"players": "Ann", "title": {"toString": 1}}), "resumed"),
    "summary.players holding null": (_entry(good_record(), summary={"players": [None, {"name": {"toString": 1}}]}), "resumed"),
}


# one of each outcome and the deepest record in the default run; the rest with -m slow
SAMPLED = {"record {}", "a record 10^5 deep", "a player named {toString: 1}", 'map "atlantis"',
           "summary.players holding null"}


@pytest.mark.parametrize("case", [c if c in SAMPLED else pytest.param(c, marks=pytest.mark.slow)
                                  for c in REPRODUCTIONS])
def test_a_stored_game_the_issue_named_never_bricks_the_page(open_page, site, case):
    text, outcome = REPRODUCTIONS[case]
    s = open_page(BLANK, **DESKTOP)
    write(s.page, {"cambria:v1:game:x": text, "cambria:current": "x"}, {})
    shown = load_and_check(s, site, case)
    page = s.page
    en = CATALOGS["en"]
    if outcome == "resumed":
        assert shown["screen"] == "game" and shown["banner"] is None, shown
        assert shown["readable"] == ["x"], shown
        assert shown["current"][0] == "x"
        return
    # back on the new-game screen, Start ready, told why; the pointer gone in both storages
    assert shown["screen"] == "setup" and page.get_by_test_id("start-button").is_enabled(), shown
    assert shown["current"] == [None, None], shown
    if outcome == "damaged":
        assert shown["banner"].startswith(en["lib.resumeDamaged"]), shown
        assert shown["damaged"] == ["x"], shown
    else:
        prefix = en["lib.openFailed"].split("{why}")[0]
        assert shown["banner"].startswith(prefix), shown
        assert shown["readable"] == ["x"], shown
    # the next load is quiet: nothing to resume, nothing to say
    again = load_and_check(s, site, case + ", loaded again")
    assert again["screen"] == "setup" and again["banner"] is None, again
    assert s.page_errors == []


def test_a_pointer_to_a_damaged_game_goes_whichever_storage_holds_it(open_page, site):
    """This tab's pointer names a game that is gone, the browser's one a damaged game (found by
    the 1,000-load sweep): the damaged one's pointer goes too, with the message."""
    s = open_page(BLANK, **DESKTOP)
    write(s.page, {"cambria:v1:game:x": "[1, 2", "cambria:current": "x"}, {"cambria:current": "gone"})
    shown = load_and_check(s, site, "two pointers")
    assert shown["current"][1] is None and shown["current"][0] != "x", shown
    assert shown["banner"].startswith(CATALOGS["en"]["lib.resumeDamaged"]), shown


def test_the_message_for_a_damaged_game_on_the_board_is_in_the_players_language(open_page, site):
    s = open_page(BLANK, **DESKTOP)
    for lang in ("de", "es", "ru"):
        blank(s, site)
        write(s.page, {"cambria:v1:game:x": "{", "cambria:current": "x", "cambria:language": lang}, {})
        shown = load_and_check(s, site, lang)
        assert shown["banner"].startswith(CATALOGS[lang]["lib.resumeDamaged"]), shown


def test_a_damaged_game_exports_its_raw_text_and_can_be_deleted(open_page, site):
    s = open_page(BLANK, **DESKTOP)
    raw = '{"schema": 1, "id": "x", "record": {"format": "cambria-record", "players": "Ann — «half a save»'
    good = json.dumps(good_entry("good"))
    write(s.page, {"cambria:v1:game:x": raw, "cambria:v1:game:good": good, "cambria:v1:game:deep": deep(10**5)}, {})
    shown = load_and_check(s, site, "export and delete")
    assert sorted(shown["damaged"]) == ["deep", "x"] and shown["readable"] == ["good"], shown
    page = s.page
    open_library(page)
    row = page.locator('[data-testid=saved-game][data-id="x"]')
    assert CATALOGS["en"]["lib.damaged"] in row.inner_text()
    with page.expect_download() as download:
        row.get_by_test_id("saved-export-raw").click()
    assert Path(download.value.path()).read_bytes().decode("utf-8") == raw
    assert download.value.suggested_filename.endswith(".txt")  # not JSON: not named so
    deep_row = page.locator('[data-testid=saved-game][data-id="deep"]')
    with page.expect_download() as download:
        deep_row.get_by_test_id("saved-export-raw").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == deep(10**5)
    # Delete: select both damaged ones, confirm
    row.get_by_test_id("saved-select").check()
    deep_row.get_by_test_id("saved-select").check()
    page.get_by_test_id("delete-selected").click()
    page.get_by_test_id("delete-yes").click()
    until(page, "() => document.querySelectorAll('[data-testid=saved-game]').length === 1", "the damaged games to go")
    left = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('cambria:v'))")
    assert left == ["cambria:v1:game:good"]
    assert s.page_errors == []
