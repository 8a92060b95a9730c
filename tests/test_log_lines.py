"""The log's lines as the engine builds them (each game's web.py, worded by web/i18n/*.js): every
line says whose turn it belongs to (``actor``, the page groups the log by it), and no line leaves
open who lost what.  A Hibernia combat names both sides, the county and who holds it now; soldiers
that came from the mover's counties name those counties ("1 of them came from Longford", not
"(1 from a county)"); a muster says whose soldiers came back; Cambria's "their own warrior" names
its player, and a VP token names its fort.  Checked on seeded games the Easy computer plays, and
in all four catalogs."""

from __future__ import annotations

import random
import re

import pytest

from cambria import Game
from cambria.ai.players import choose
from cambria.core.registry import web_for
from test_i18n import LANGUAGES, load_catalog

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def played_steps(game_id: str, seed: int, n: int, **kw):
    """(state before, actor, effects, log lines) of every step of a seeded Easy game."""
    game = Game(game_id, [f"P{i}" for i in range(n)], seed=seed, **kw)
    web = web_for(game_id)
    rng = random.Random(seed)
    while not game.is_over():
        actor = web.decider(game.state)
        effects: list = []
        if game.is_chance():
            game.roll(effects)
        else:
            game.play(choose(game.rules, game.state, "easy", rng).action, effects)
        yield actor, effects, web.log_lines(effects, actor)


def parts(lines, key):
    return [p for line in lines for p in line["parts"] if p["key"] == key]


@pytest.fixture(scope="module")
def hibernia_steps():
    return [s for seed in (1, 2, 3) for s in played_steps("hibernia", seed, 4)]


@pytest.fixture(scope="module")
def cambria_steps():
    return [s for seed in range(1, 9) for s in played_steps("cambria", seed, 3)]


@pytest.mark.parametrize("game", ["hibernia", "cambria"])
def test_every_line_says_whose_turn_it_belongs_to(game, hibernia_steps, cambria_steps):
    steps = hibernia_steps if game == "hibernia" else cambria_steps
    for actor, _effects, lines in steps:
        for line in lines:
            if line["type"] in ("start", "forts"):  # the draws before the game are nobody's turn
                assert line["actor"] is None, line
            else:
                assert line["actor"] == actor, line


def test_a_hibernia_combat_names_both_sides_the_county_and_the_holder(hibernia_steps):
    seen = set()
    for _actor, effects, lines in hibernia_steps:
        combats = [e for e in effects if e["type"] == "combat"]
        said = [p for line in lines for p in line["parts"] if p["key"].startswith("hib.log.combat")]
        assert len(said) == len(combats)
        for e, p in zip(combats, said, strict=True):
            key = ("hib.log.combatEmpty" if e["holder"] is None else
                   "hib.log.combatTaken" if e["holder"] == e["attacker"] else "hib.log.combatHeld")
            assert p["key"] == key
            args = p["args"]
            assert args["name"] == {"seat": e["attacker"]} and args["other"] == {"seat": e["defender"]}
            assert args["count"] == e["losses"] and args["left"] == e["left"]
            assert set(args["county"]) == {"county"} and args["county"]["county"]
            seen.add(key)
    assert seen == {"hib.log.combatEmpty", "hib.log.combatTaken", "hib.log.combatHeld"}


def test_soldiers_from_the_movers_counties_name_them(hibernia_steps):
    found = 0
    for _actor, effects, lines in hibernia_steps:
        assert not parts(lines, "hib.log.fromCounties")  # "(1 from a county)": from whose?
        moved = {}
        for e in effects:
            if e["type"] == "soldiers" and isinstance(e["from"], int) and isinstance(e["to"], int):
                moved[e["from"]] = moved.get(e["from"], 0) + e["count"]
        said = parts(lines, "hib.log.fromCounty")
        assert sum(p["args"]["count"] for p in said) == sum(moved.values())
        assert len(said) == len(moved)  # one sentence per county, each by its name
        assert all(set(p["args"]["county"]) == {"county"} for p in said)
        found += bool(said)
    assert found


def test_a_muster_says_whose_soldiers_came_back(hibernia_steps):
    kinds = set()
    for _actor, effects, lines in hibernia_steps:
        for e in (e for e in effects if e["type"] == "muster"):
            own = e["returned"][e["player"]]
            others = sum(e["returned"]) - own
            p = (parts(lines, "hib.log.muster") + parts(lines, "hib.log.musterOwn"))[0]
            assert p["args"]["name"] == {"seat": e["player"]} and p["args"]["count"] == own
            assert p["key"] == ("hib.log.muster" if others else "hib.log.musterOwn")
            if others:
                assert p["args"]["others"] == others
            kinds.add(p["key"])
    assert kinds


def test_cambria_names_the_player_of_an_own_warrior_and_the_fort_of_a_vp_token(cambria_steps):
    tokens = 0
    for _actor, effects, lines in cambria_steps:
        for p in parts(lines, "log.ownHome"):
            assert "seat" in p["args"]["name"]
        for e in (e for e in effects if e["type"] == "capture" and (e["vp_to"] is not None or e["vp_removed"])):
            key = "log.vpTo" if e["vp_to"] is not None else "log.vpRemoved"
            said = [p for p in parts(lines, key) if p["args"]["fort"] == {"fort": e["fort"]}]
            assert said, (e, lines)
            tokens += 1
    assert tokens


# what each reworded line must name, in every language and every plural form
MUST_NAME = {
    "hib.log.combatEmpty": {"name", "other", "county", "count"},
    "hib.log.combatTaken": {"name", "other", "county", "count", "left"},
    "hib.log.combatHeld": {"name", "other", "county", "count", "left"},
    "hib.log.fromCounty": {"county", "count"},
    "hib.log.muster": {"name", "count", "others"},
    "hib.log.musterOwn": {"name", "count"},
    "log.ownHome": {"name"},
    "log.vpTo": {"name", "fort", "vp"},
    "log.vpRemoved": {"fort", "vp"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_say_who_lost_what(lang):
    catalog = load_catalog(lang)
    assert "hib.log.fromCounties" not in catalog
    for key, names in MUST_NAME.items():
        message = catalog[key]
        for form in message.values() if isinstance(message, dict) else [message]:
            assert set(PLACEHOLDER.findall(form)) == names, (lang, key, form)
    # who holds the county after a combat: the attacker when taken, the defender when held
    for form in _forms(catalog["hib.log.combatTaken"]):
        assert form.count("{name}") == 2, (lang, form)
    for form in _forms(catalog["hib.log.combatHeld"]):
        assert form.count("{other}") == 2, (lang, form)


def _forms(message):
    return list(message.values()) if isinstance(message, dict) else [message]


@pytest.mark.parametrize("lang,words", [("en", "Ann, Bob and Cy"), ("de", "Ann, Bob und Cy"), ("es", "Ann, Bob y Cy"),
                                        ("ru", "Ann, Bob и Cy")])
def test_a_shared_win_lists_the_names_in_words(lang, words):
    """A shared win's names read as a list ("Ann Bob Cy share the win" read as one name)."""
    from cambria.games.hibernia.web import _names

    catalog = load_catalog(lang)
    names = ["Ann", "Bob", "Cy"]
    said = " ".join(catalog[p["key"]].replace("{name}", names[p["args"]["name"]["seat"]]) for p in _names([0, 1, 2]))
    assert said == words
    two = " ".join(catalog[p["key"]].replace("{name}", names[p["args"]["name"]["seat"]]) for p in _names([0, 1]))
    assert two == words.replace(", Bob", "").replace("Cy", "Bob")
