"""Words players read, beyond the catalogs being in step (tests/test_i18n.py): Russian addresses
the player as "вы" everywhere (the catalog and both games' rules pages); the site's own messages
(installed for offline use, a new version, no storage) name the site, not one of its games; the
keyboard's hints are messages of their own, so that a touch screen can go without them (the page
side: tests/web/test_words_page.py); Spanish agrees in number when one game is kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_i18n import LANGUAGES, forms, load_catalog

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
RUSSIAN_RULES = (WEB / "rules" / "ru.js", WEB / "games" / "hibernia" / "rules" / "ru.js")

# the informal address: the pronoun in all its cases and the possessive in all its forms
TY_PRONOUNS = {
    "ты", "тебя", "тебе", "тобой", "тобою",
    "твой", "твоя", "твоё", "твое", "твои", "твоего", "твоей", "твоему", "твоим", "твоём", "твоем",
    "твою", "твоих", "твоими",
}
# singular imperatives a game's texts would use ("нажми", "брось" …); the plural adds "-те"
TY_IMPERATIVES = {
    "нажми", "коснись", "тапни", "выбери", "сделай", "брось", "кинь", "подтверди", "отмени", "посчитай",
    "возьми", "поставь", "отправь", "собери", "продолжи", "смотри", "посмотри", "открой", "закрой",
    "попробуй", "подключись", "перезагрузи", "обнови", "сохрани", "удали", "введи", "верни", "оставь",
    "пропусти", "играй", "сыграй", "ходи", "подожди", "дождись", "загрузи", "импортируй", "экспортируй",
    "выйди", "начни", "вернись", "перейди", "добавь", "проверь", "положи", "передай", "покажи", "прочитай",
    "сбрось", "передвинь", "пасуй", "запиши", "помни", "учти", "знай", "жми", "тапай", "выбирай",
}
# the second person singular of a verb: "удерживаешь", "берёшь", "можешь", "решаешь" …
TY_VERB = re.compile(r"(?:[еёи]шь|[еёи]шься)$")
# words that only look like it: place names (Laois is "Лиишь")
NOT_TY = {"лиишь"}
WORD = re.compile(r"[А-Яа-яЁё]+")


def ty_forms(text: str) -> list[str]:
    """The words of `text` that address the reader as "ты"."""
    found = []
    for word in WORD.findall(re.sub(r"<[^>]+>", " ", text)):
        w = word.lower()
        if w in NOT_TY:
            continue
        if w in TY_PRONOUNS or w in TY_IMPERATIVES or TY_VERB.search(w):
            found.append(word)
    return found


def test_the_ty_finder_finds_what_it_must():
    assert ty_forms("Брось кубик, а потом нажми на графство, которое ты удерживаешь.") == ["Брось", "нажми", "ты", "удерживаешь"]
    assert ty_forms("<p>Остальные воины — <strong>твой</strong> запас; решаешь ты.</p>") == ["твой", "решаешь", "ты"]
    assert ty_forms("Бросьте кубик и нажмите на графство, которое вы удерживаете; Лиишь, Карлоу и Килкенни.") == []


def test_russian_says_vy_in_the_catalog():
    catalog = load_catalog("ru")
    found = {key: ty_forms(text) for key, message in catalog.items() for text in forms(message)}
    found = {key: words for key, words in found.items() if words}
    assert not found, f"web/i18n/ru.js addresses the player as «ты»: {found}"


@pytest.mark.parametrize("path", RUSSIAN_RULES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_russian_says_vy_in_the_rules(path):
    found = ty_forms(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} addresses the player as «ты»: {found}"


# the messages of the site itself, shown whichever game is chosen (the first visit's "works offline")
SITE_MESSAGES = ("offline.installed", "offline.newVersion", "offline.updated", "storage.unavailable", "loading.brokenOffline")
GAME_NAMES = re.compile(r"Cambria|Hibernia|Камбри|Гиберни|Cumbria", re.I)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sites_messages_name_the_site_not_a_game(lang):
    catalog = load_catalog(lang)
    for key in SITE_MESSAGES:
        assert not GAME_NAMES.search(catalog[key]), f"{lang} {key}: {catalog[key]!r} names a game, not the site"


KEYBOARD = re.compile(r"keyboard|arrow key|Tastatur|Pfeiltast|teclado|flechas|клавиатур|стрелк", re.I)
KEY_MESSAGES = {"tutorial.keys", "board.keys"}  # the hint itself, and the board's accessible description


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keyboard_hints_are_messages_of_their_own(lang):
    """A sentence for everyone never carries the keyboard's hint inside it: on a touch screen the
    page leaves out the hint (a .keys-hint), not half a sentence."""
    catalog = load_catalog(lang)
    assert KEYBOARD.search(catalog["tutorial.keys"]), f"{lang}: tutorial.keys does not speak of the keyboard"
    mixed = [key for key, message in catalog.items() if key not in KEY_MESSAGES
             for text in forms(message) if KEYBOARD.search(text)]
    assert not mixed, f"{lang}: keyboard hints inside other messages: {mixed}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keeping_one_game_is_worded_for_one(lang):
    catalog = load_catalog(lang)
    assert catalog["lib.keepOne"] and catalog["lib.keep"]
    if lang in ("en", "es"):  # "Keep it" / "Keep them", "Conservarla" / "Conservarlas"
        assert catalog["lib.keepOne"] != catalog["lib.keep"], lang
    if lang == "es":
        assert catalog["lib.keepOne"] == "Conservarla" and catalog["lib.keep"] == "Conservarlas"
