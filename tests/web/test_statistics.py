"""Statistics (issue 28, item 9): games played and won per game and map, per strongest computer
opponent and per person at this device, the best scores, and the last finished games, each opened
in replay; kept in the browser under ``cambria:stats`` (web/stats.js), with their own export and
import in the dialog (web/statsdialog.js).

The finished games come from the engine: seeded Easy games cut one decision before their end,
whose last decision is a computer's, with a person at one of the other seats; the page plays the
last move and the game ends on this device.  What the statistics must say is read from the
engine's own view of the end (the winners, the points), never written here.

- a game that ends here counts once: not again after a reload on the end screen, opening the
  finished game from Saved games, its replay, or opening the same record and finishing it again;
- the counts per game and map, per opponent level and per person, and the best score;
- a history row opens the game in replay;
- export → import on a fresh page gives the same statistics, and a second import adds nothing;
- whatever is stored under the key (any shape), the reader gives well-formed statistics and the
  page starts; a damaged value reads as empty and the next finished game is counted.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from cambria import Game
from cambria.core.record import make_record
import positions
from axecore import audit, describe
from test_storage_shapes import HOSTILE, Shapes, blank, write
from pages import END_SHOWN, fresh_page
from waits import screen, settled, until

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = dict(viewport={"width": 360, "height": 640}, reduced_motion="reduce", has_touch=True, is_mobile=True)
KEY = "cambria:stats"
LEVELS = ("easy", "normal", "hard")


def last_decision_by_a_computer(game_id: str, board: str, names: list[str], seed: int,
                                person: str, levels: dict[int, str]) -> dict:
    """The record of a seeded Easy game cut before its last decision: that decision's seat is an
    Easy computer, `person` names the human seat (one of the others), the rest are computers at
    `levels` (by offset from the decider: 1, 2, ...)."""
    n = len(names)
    colours = Game(game_id, names, seed=seed, board=board).rules.facts.colours[:n]

    def seats(decider: int) -> list[dict]:
        assert names[decider] != person, f"{person} decides the last step of seed {seed}"
        kinds = {(decider + k) % n: f"computer:{levels.get(k, 'easy')}" for k in range(1, n)}
        kinds[decider] = "computer:easy"
        kinds[names.index(person)] = "human"
        return [{"colour": c, "kind": kinds[i]} for i, c in enumerate(colours)]

    return positions.before_the_last_decision(game_id, board, names, seed, seats)


def stored(page) -> dict | None:
    text = page.evaluate("(k) => localStorage.getItem(k)", KEY)
    return json.loads(text) if text else None


def finish(page, record: dict, tmp_path, name: str) -> dict:
    """Open the record, let the computer play the last decision; the engine's view of the end."""
    page.evaluate("() => { window.__before = window.__cambria.state().view; }")
    path = tmp_path / name
    path.write_text(json.dumps(record))
    page.set_input_files("#open-file", str(path))  # "Open a saved game", as a player would
    until(page, f"() => {{ const v = window.__cambria.state().view; return Boolean(v) && v !== window.__before && v.over && ({END_SHOWN})(); }}",
          "the end screen after the last computer move")
    view = page.evaluate("window.__cambria.state().view")
    assert view["over"]
    until(page, "([k, id]) => (JSON.parse(localStorage.getItem(k) || '{}').games || []).some((g) => g.id === id && g.record)",
          "the finished game counted, with its record", arg=[KEY, view["uid"]])
    return view


def expected(views: list[dict]) -> dict:
    """The rows the dialog must show, from the engine's views of the ends: {row: (played, won, best)}."""
    rows: dict[str, list] = {}
    for v in views:
        seats = [p for p in v["players"] if not p["neutral"]]
        you = [p for p in seats if p["kind"] == "human"]
        won = any(p["index"] in v["result"]["winners"] for p in you)
        best = max(v["result"]["points"][p["index"]] for p in you)
        levels = [p["kind"].split(":")[1] for p in seats if p["kind"].startswith("computer:")]
        level = max(levels, key=LEVELS.index) if levels else "people"
        for row in ("all", f"map:{v['game']}/{v['map']}", f"level:{level}", *{f"name:{p['name']}" for p in you}):
            r = rows.setdefault(row, [0, 0, None])
            r[0] += 1
            r[1] += won if not row.startswith("name:") else any(
                p["index"] in v["result"]["winners"] for p in you if f"name:{p['name']}" == row)
            r[2] = best if r[2] is None else max(r[2], best)
    return {k: tuple(v) for k, v in rows.items()}


def open_stats(page) -> None:
    if page.evaluate(END_SHOWN):
        page.get_by_test_id("end-board").click()  # the board behind the end screen, the menu above it
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-stats").click()
    until(page, "() => !document.querySelector('[data-testid=stats]').hidden", "the Statistics dialog")


def shown_rows(page) -> dict:
    """{row: (played, won, best)} of the dialog's three tables."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-testid=stats] tr[data-row]')].map((tr) => {
      const cell = (c) => tr.querySelector(`[data-col=${c}]`)?.textContent;
      const best = tr.querySelector('[data-col=best]');
      return [tr.dataset.row, [Number(cell('played')), Number(cell('won')),
        !best ? undefined : best.textContent === '–' ? null : Number(best.querySelector('.stats-points').textContent)]];
    }))""")


def check_dialog(page, views: list[dict]) -> None:
    want = expected(views)
    open_stats(page)
    rows = {k: tuple(v) for k, v in shown_rows(page).items()}
    # the best score per game and map (points of different games are not compared)
    assert rows == {k: v if k.startswith("map:") else v[:2] + (None,) for k, v in want.items() if k != "all"}, (rows, want)
    summary = page.get_by_test_id("stats-summary").inner_text()
    assert summary.startswith(f"{want['all'][0]} game"), summary
    assert page.get_by_test_id("stats-game").count() == len(views)
    page.get_by_test_id("stats-close").click()


def counted(page) -> list[str]:
    return [g["id"] for g in (stored(page) or {"games": []})["games"]]


def test_finished_games_count_once_per_game_map_level_and_person(open_page, tmp_path):
    s = fresh_page(open_page)
    page = s.page
    assert stored(page) is None
    one = last_decision_by_a_computer("cambria", "cumbria", ["Ann", "Bob", "Cy"], 1, "Ann", {1: "hard", 2: "normal"})
    first = finish(page, one, tmp_path, "one.json")
    assert counted(page) == [first["uid"]]
    game = stored(page)["games"][0]
    you = [p for p in game["players"] if p["you"]]
    assert [p["name"] for p in you] == ["Ann"] and game["record"]["format"] == "cambria-record"
    assert len(game["record"]["steps"]) == len(one["steps"]) + 1 and game["record"].get("result")
    check_dialog(page, [first])
    # another tab (its own instance of stats.js over the same storage) that saw the same end
    again = page.evaluate("""async (view) => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const stats = await import(new URL('stats.js', script.src).href);
      return stats.createStats().onView(view, [{ type: 'game_over' }]);
    }""", first)
    assert again is None and counted(page) == [first["uid"]]

    # a reload on the end screen, the finished game opened from Saved games and its replay
    page.reload()
    s.wait_interactive()
    settled(page)
    page.get_by_test_id("saved-games-button").click()
    page.locator('[data-testid=saved-game][data-over="true"] [data-testid=saved-continue]').click()
    screen(page, "game")
    settled(page)
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-replay").click()
    until(page, "() => window.__cambria.state().mode === 'replay'", "the replay")
    # the same record opened again and finished again: the same game, not counted again
    finish(page, one, tmp_path, "one-again.json")
    assert counted(page) == [first["uid"]]

    # a second game: another game and map, another strongest opponent, a person of another name
    two = last_decision_by_a_computer("hibernia", "hibernia", ["Dana", "Eoin", "Fion"], 2, "Dana", {1: "easy", 2: "easy"})
    second = finish(page, two, tmp_path, "two.json")
    assert counted(page) == [first["uid"], second["uid"]]
    check_dialog(page, [first, second])

    # the history: newest first, and its row opens the game in replay
    open_stats(page)
    rows = page.get_by_test_id("stats-game")
    assert rows.nth(0).get_attribute("data-id") == second["uid"]
    assert rows.nth(1).get_attribute("data-id") == first["uid"]
    winners = [p["name"] for p in first["players"] if p["index"] in first["result"]["winners"]]
    assert [t.split(" ")[0] for t in rows.nth(1).locator("strong").all_inner_texts()] == winners
    rows.nth(1).get_by_test_id("stats-replay").click()
    until(page, "(uid) => { const s = window.__cambria.state(); return s.mode === 'replay' && s.view.uid === uid; }",
          "the first game in replay", arg=first["uid"])
    assert page.get_by_test_id("stats").is_hidden()
    assert counted(page) == [first["uid"], second["uid"]]
    s.assert_clean()


def test_statistics_export_and_import_on_a_fresh_page(open_page, tmp_path):
    s = fresh_page(open_page)
    page = s.page
    record = last_decision_by_a_computer("cambria", "cambria", ["Ann", "Bob", "Cy"], 3, "Bob", {1: "normal", 2: "easy"})
    view = finish(page, record, tmp_path, "game.json")
    open_stats(page)
    with page.expect_download() as download:
        page.get_by_test_id("stats-export").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("cambria-statistics-") and path.suffix == ".json"
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["format"] == "cambria-statistics" and [g["id"] for g in exported["games"]] == [view["uid"]]
    want = shown_rows(page)

    other = fresh_page(open_page, locale="de-DE", **PHONE)  # another browser: nothing stored
    p2 = other.page
    assert stored(p2) is None
    open_stats(p2)
    assert p2.get_by_test_id("stats-empty").is_visible()
    p2.get_by_test_id("stats-import-file").set_input_files(str(path))
    until(p2, "() => !document.querySelector('[data-testid=stats-message]').hidden", "the import's message")
    assert shown_rows(p2) == want
    assert "1" in p2.get_by_test_id("stats-message").inner_text()
    assert counted(p2) == [view["uid"]]
    # the same file again: nothing added, nothing counted twice
    p2.get_by_test_id("stats-import-file").set_input_files(str(path))
    until(p2, "() => /\\b1\\b/.test(document.querySelector('[data-testid=stats-message]').textContent) "
              "&& /\\b0\\b/.test(document.querySelector('[data-testid=stats-message]').textContent)", "the second import's message")
    assert shown_rows(p2) == want and counted(p2) == [view["uid"]]
    # a game file is not a statistics file: said, nothing changed
    p2.get_by_test_id("stats-import-file").set_input_files(str(tmp_path / "game.json"))
    until(p2, "() => document.querySelector('[data-testid=stats-message]').dataset.kind === 'error'", "the refusal")
    assert counted(p2) == [view["uid"]]
    # on the phone the dialog fits the width: nothing wider than the screen
    wide = p2.evaluate("""() => [...document.querySelectorAll('[data-testid=stats] *')]
      .filter((n) => n.getBoundingClientRect().right > window.innerWidth + 1).map((n) => n.className || n.tagName)""")
    assert wide == [], wide
    found = audit(p2, "[data-testid=stats]")  # axe-core: nothing serious in the dialog
    assert found == [], describe(found)
    # and the history row opens the imported game in replay on this device
    p2.get_by_test_id("stats-replay").click()
    until(p2, "(uid) => { const s = window.__cambria.state(); return s.mode === 'replay' && s.view.uid === uid; }",
          "the imported game in replay", arg=view["uid"])
    s.assert_clean()
    other.assert_clean()


def full_stats() -> dict:
    """As many games as are kept one by one (2,000), five players each with names as long as are
    kept (80 characters, Cyrillic: two bytes each), the newest 50 with their records: 2.5 MB of UTF-8."""
    record = json.loads(json.dumps(make_record(Game("hibernia", ["Ann", "Bob", "Cy", "Dee"], seed=5, board="hibernia"))))
    return {"schema": 1, "older": {}, "games": [
        {"id": f"g{i:06d}" * 4, "at": 1.7e12 + i, "game": "hibernia", "map": "hibernia", "winners": [0],
         "players": [{"name": (f"{i}-{s} " + "Ярослава Ó " * 8)[:80], "kind": "human" if s == 0 else "computer:normal",
                      "you": s == 0, "points": 30 + s} for s in range(5)],
         **({"record": record} if i >= 1950 else {})} for i in range(2000)]}


def test_the_fullest_statistics_export_and_import_whole(open_page, tmp_path):
    """What the page keeps at most goes out in one file and comes back in whole (a file of more
    than 2 MiB: more than a game's file may be)."""
    s = fresh_page(open_page)
    page = s.page
    page.evaluate("([k, text]) => localStorage.setItem(k, text)", [KEY, json.dumps(full_stats(), ensure_ascii=False)])
    assert len(counted(page)) == 2000
    open_stats(page)
    with page.expect_download() as download:
        page.get_by_test_id("stats-export").click()
    path = tmp_path / "full.json"
    download.value.save_as(path)
    assert path.stat().st_size > 2 * 1024 * 1024, path.stat().st_size
    other = fresh_page(open_page)
    p2 = other.page
    open_stats(p2)
    p2.get_by_test_id("stats-import-file").set_input_files(str(path))
    until(p2, "() => !document.querySelector('[data-testid=stats-message]').hidden", "the import's message", timeout=60_000)
    assert p2.get_by_test_id("stats-message").get_attribute("data-kind") != "error", p2.get_by_test_id("stats-message").inner_text()
    assert counted(p2) == counted(page)
    assert sum(1 for g in stored(p2)["games"] if "record" in g) == 50
    s.assert_clean()
    other.assert_clean()


def test_statistics_are_never_written_longer_than_they_are_read_back(open_page):
    """Records so long that the whole would pass what is read back (3,000,000 characters): the
    oldest records go, the counts stay, and what is written reads back whole."""
    s = fresh_page(open_page)
    out = s.page.evaluate("""async (data) => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const stats = await import(new URL('stats.js', script.src).href);
      const record = (n) => ({ format: 'cambria-record', players: [], steps: Array.from({ length: n }, (_, i) => 'step ' + i) });
      // the newest games but the very newest given long records while the whole stays readable
      for (const g of data.games) delete g.record;
      const newest = data.games.slice().reverse();
      let k = 1;
      while (k < 50) {
        newest[k].record = record(6000);  // ~70,000 characters
        if (JSON.stringify(data).length > 2_950_000) { delete newest[k].record; break; }
        k++;
      }
      const kept = new Map([['cambria:stats', JSON.stringify(data)]]);
      const local = { getItem: (key) => kept.get(key) ?? null, setItem: (key, v) => { kept.set(key, String(v)); } };
      const store = stats.createStats({ local });
      const before = store.data();
      const added = store.attach(newest[0].id, record(18000));  // ~200,000 more: past 3,000,000
      const after = store.data();
      return { had: k - 1, before: before.games.length, recordsBefore: before.games.filter((g) => g.record).length,
               added, length: kept.get('cambria:stats').length, games: after.games.length,
               records: after.games.filter((g) => g.record).map((g) => g.id), newest: newest.slice(0, k).map((g) => g.id) };
    }""", full_stats())
    had, newest, records = out["had"], out["newest"], out["records"]
    assert out["before"] == 2000 and out["recordsBefore"] == had > 5 and out["added"] is True, out["length"]
    assert out["length"] <= 3_000_000 and out["games"] == 2000, out["length"]  # read back whole, every count kept
    # the new record kept; the oldest ones went (at least one), the newer ones stayed
    gone = [g for g in newest[1:] if g not in records]
    assert newest[0] in records and gone and gone == newest[len(newest) - len(gone):], (records, newest)
    s.assert_clean()


# ------------------------------------------------------------------------------ what is stored

def good_stats() -> dict:
    record = json.loads(json.dumps(make_record(Game("cambria", ["Ann", "Bob"], seed=5, board="cambria"))))
    return {"schema": 1, "games": [
        {"id": f"{i:016x}", "at": 1.7e12 + i, "game": "cambria", "map": "cambria", "winners": [i % 2],
         "players": [{"name": "Ann", "kind": "human", "you": True, "points": 20 + i},
                     {"name": "Bob", "kind": "computer:hard", "you": False, "points": 21}], "record": record}
        for i in range(3)], "older": {"all": {"played": 4, "won": 1, "best": {"points": 30, "name": "Ann", "at": 1}}}}


def stats_shapes(seed: int, n: int) -> list[str]:
    """Stored texts under the key: the good value with fields replaced by any value, removed,
    added, games and players of any shape, other schemas, and text that is not JSON."""
    shapes = Shapes(seed, big=0.01)
    r = shapes.rng
    out = []
    for _ in range(n):
        shapes.shape()
        v = good_stats()
        how = r.randrange(9)
        game = v["games"][r.randrange(3)]
        if how == 0:
            good = json.dumps(v)
            out.append(r.choice([good[: r.randrange(len(good))], "", "{", "undefined", "[" * 10**5, good + "x"]))
            continue
        if how == 1:
            out.append(shapes.text(shapes.value()))
            continue
        if how == 2:
            v[r.choice(["schema", "games", "older", "x", "__proto__"])] = shapes.value()
        elif how == 3:
            game[r.choice(["id", "at", "game", "map", "winners", "players", "record", "toString"])] = shapes.value()
        elif how == 4:
            p = game["players"][r.randrange(2)]
            p[r.choice(["name", "kind", "you", "points"])] = shapes.value()
        elif how == 5:
            v["games"][r.randrange(3)] = shapes.value()
        elif how == 6:
            v["older"] = {r.choice(["all", "map:cambria/cambria", "__proto__", "toString", "name:x"]): shapes.value()
                          for _ in range(3)}
        elif how == 7:
            game["record"][r.choice(["format", "players", "steps"])] = shapes.value()
        else:
            game["players"][0]["name"] = r.choice(HOSTILE + ["x" * 10**5])
        out.append(shapes.text(v))
    return out


def test_any_stored_statistics_read_as_well_formed_statistics(open_page):
    s = fresh_page(open_page)
    texts = stats_shapes(28, 2000)
    started = time.monotonic()
    result = s.page.evaluate("""async (texts) => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const stats = await import(new URL('stats.js', script.src).href);
      const bad = [];
      let games = 0, withRecord = 0, rows = 0;
      const word = (v) => typeof v === 'string' && /^[a-z][a-z0-9_-]{0,39}$/.test(v);
      for (const text of texts) {
        let data;
        try { data = stats.readStats(text); } catch (err) { bad.push('threw ' + err + ': ' + text.slice(0, 80)); continue; }
        const ids = new Set();
        for (const g of data.games) {
          games++;
          if (g.record) withRecord++;
          const ok = typeof g.id === 'string' && !ids.has(g.id) && word(g.game) && word(g.map) && Number.isFinite(g.at)
            && Array.isArray(g.players) && g.players.length > 0 && g.players.every((p) => typeof p.name === 'string'
              && p.name.length > 0 && p.name.length <= 80 && typeof p.kind === 'string' && typeof p.you === 'boolean'
              && (p.points === null || Number.isFinite(p.points)))
            && g.winners.every((w) => Number.isInteger(w) && w >= 0 && w < g.players.length)
            && (!g.record || (g.record.format === 'cambria-record' && Array.isArray(g.record.steps)));
          if (!ok) bad.push('game ' + JSON.stringify(g).slice(0, 120));
          ids.add(g.id);
        }
        let all;
        try { all = stats.totals(data); } catch (err) { bad.push('totals threw ' + err); continue; }
        for (const [row, r] of Object.entries(all)) {
          rows++;
          if (!(Number.isInteger(r.played) && r.played > 0 && Number.isInteger(r.won) && r.won >= 0 && r.won <= r.played
                && (r.best === null || Number.isFinite(r.best.points)))) bad.push('row ' + row + ' ' + JSON.stringify(r).slice(0, 100));
        }
      }
      return { bad, games, withRecord, rows };
    }""", texts)
    assert result["bad"] == [], result["bad"][:10]
    assert result["games"] > 2000 and result["withRecord"] > 700 and result["rows"] > 2000, result
    print(f"\n2,000 stored statistics read in {time.monotonic() - started:.1f} s: {result}")


# (every other shape is read by the reader above, in one page)
@pytest.mark.parametrize("text", ['{"schema": 1, "games": [1, {"id": {"toString": 1}}], "older": "x"}', "[" * 10**5])
def test_a_damaged_stored_value_never_bricks_the_page_and_the_next_game_counts(open_page, site, tmp_path, text):
    s = fresh_page(open_page)
    page = s.page
    blank(s, site)
    write(page, {KEY: text, "cambria:tutorial": "done"}, {})
    page.goto(site.url)
    s.wait_interactive()
    settled(page)
    page.evaluate("window.__cambria.setPause(0)")
    open_stats(page)
    assert page.get_by_test_id("stats-empty").is_visible()
    page.get_by_test_id("stats-close").click()
    record = last_decision_by_a_computer("cambria", "cumbria", ["Ann", "Bob", "Cy"], 1, "Ann", {1: "hard", 2: "normal"})
    view = finish(page, record, tmp_path, "game.json")
    assert counted(page) == [view["uid"]]
    check_dialog(page, [view])
    assert s.page_errors == []


def test_a_game_by_link_counts_for_this_devices_seats_only(open_page):
    """In a game by link "you" are the people at this device's seats (view.remote.seats[i].here and
    human): a computer this device hosts is not "you", nor is a seat of another device."""
    s = fresh_page(open_page)
    record = last_decision_by_a_computer("cambria", "cambria", ["Ann", "Bob", "Cy"], 3, "Bob", {1: "normal", 2: "easy"})
    result = s.page.evaluate("""async (record) => {
      const script = document.querySelector('script[type="module"][src*="app.js"]');
      const stats = await import(new URL('stats.js', script.src).href);
      const loaded = await window.__cambria.request('load', { record });
      const done = await window.__cambria.request('computer', { step: loaded.view.step, log_from: 0 });
      const view = done.view;
      // this device holds Bob's seat (the person) and hosts the computer Cy; Ann's is another device's
      const seats = view.players.filter((p) => !p.neutral).map((p, i) => ({ name: p.name, kind: p.kind, here: i !== 0 }));
      const remote = { ...view, remote: { seats } };
      return { view, local: stats.finishedGame(view), remote: stats.finishedGame(remote) };
    }""", record)
    view = result["view"]
    assert view["over"]
    assert [p["you"] for p in result["local"]["players"]] == [p["kind"] == "human" for p in view["players"] if not p["neutral"]]
    assert [p["kind"] == "human" for p in view["players"][:3]] == [False, True, False]
    assert [p["you"] for p in result["remote"]["players"]] == [False, True, False]
    assert result["remote"]["id"] == view["uid"]
    assert [p["points"] for p in result["remote"]["players"]] == view["result"]["points"][:3]
