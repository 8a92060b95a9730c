"""The page's words in four languages: every message the code uses is in every catalog, none is
left over, the placeholders agree, plurals have the forms each language needs, every t() call
passes the parameters its message uses, and the rules screen has the same sections and diagrams
in every language (written in our own words: no long run of words from the rule sheets).

The own-words check needs the published rule sheets, which the repository does not hold (they
are not ours to publish).  ``CAMBRIA_RULE_SHEETS`` names their folder: CI (``.ci/run``) sets it
and there the check always runs; in a clone without the sheets it is skipped, saying so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
LANGUAGES = ("en", "de", "es", "ru")
# CLDR plural categories (what Intl.PluralRules(lang).resolvedOptions().pluralCategories gives)
PLURALS = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "es": {"one", "many", "other"},
    "ru": {"one", "few", "many", "other"},
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RULE_SHEETS_VARIABLE = "CAMBRIA_RULE_SHEETS"   # the folder of the rule sheets (*.txt); set by .ci/run
RULINGS_VARIABLE = "CAMBRIA_RULINGS"           # the rulings the engine follows (a .md file); set by .ci/run


def load_catalog(lang: str) -> dict:
    text = (WEB / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    m = re.search(r"export\s+default\s+(\{.*\})\s*;?\s*$", text, re.S)
    assert m, f"web/i18n/{lang}.js must be `export default {{...}};` with a JSON object"
    return json.loads(m.group(1))


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict]:
    return {lang: load_catalog(lang) for lang in LANGUAGES}


def code_files() -> list[Path]:
    """The page's own code: every .js under web/ except the catalogs themselves and the libraries
    of web/vendor/, and index.html."""
    files = [p for p in WEB.rglob("*.js") if p.relative_to(WEB).parts[0] not in ("i18n", "vendor")]
    return sorted(files) + [WEB / "index.html"]


def without_comments(src: str) -> str:
    """JavaScript without its comments (block comments, whole-line and trailing // comments)."""
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    src = re.sub(r"(?m)^\s*//.*$", "", src)
    return re.sub(r"(?m)\s//\s.*$", "", src)


def _skip_string(src: str, i: int) -> int:
    quote = src[i]
    i += 1
    while i < len(src) and src[i] != quote:
        i += 2 if src[i] == "\\" else 1
    return i + 1


def _call_args(src: str, start: int) -> str:
    """The text between the parentheses of a call whose '(' is at start - 1."""
    depth, i = 1, start
    while i < len(src) and depth:
        c = src[i]
        if c in "\"'`":
            i = _skip_string(src, i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    return src[start:i - 1]


def _split_top(text: str) -> list[str]:
    parts, depth, cur, i = [], 0, "", 0
    while i < len(text):
        c = text[i]
        if c in "\"'`":
            j = _skip_string(text, i)
            cur += text[i:j]
            i = j
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def t_calls() -> list[tuple[str, str, set[str] | None]]:
    """Every t("key", {params}) call: (file, key, names of the parameters or None if not literal)."""
    calls = []
    for path in code_files():
        if path.suffix != ".js":
            continue
        src = without_comments(path.read_text(encoding="utf-8"))
        for m in re.finditer(r"(?<![\w.$])t\(", src):
            args = _split_top(_call_args(src, m.end()))
            rel = path.relative_to(ROOT).as_posix()
            assert args, f"{rel}: t() without a key"
            key = args[0]
            if path == WEB / "i18n.js" and not key.startswith('"'):
                continue  # t() itself, translating the data-i18n attributes
            assert re.fullmatch(r'"[\w.]+"', key), (
                f"{rel}: t({key}, ...): keys must be literal strings, so that they can be checked")
            params: set[str] | None = set()
            if len(args) > 1:
                obj = args[1]
                if obj.startswith("{") and obj.endswith("}"):
                    for part in _split_top(obj[1:-1]):
                        name = re.match(r"[\w$]+", part)
                        if name:
                            params.add(name.group(0))
                else:
                    params = None
            calls.append((rel, key.strip('"'), params))
    return calls


def attribute_keys() -> set[str]:
    """Keys named in data-i18n / data-i18n-<attr> attributes (HTML, or set from JS)."""
    keys = set()
    for path in code_files():
        src = path.read_text(encoding="utf-8")
        src = re.sub(r"<!--.*?-->", "", src, flags=re.S) if path.suffix == ".html" else without_comments(src)
        keys |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([\w.]+)"', src))
        keys |= set(re.findall(r'"data-i18n(?:-[a-z-]+)?":\s*"([\w.]+)"', src))
        keys |= set(re.findall(r'dataset\.i18n\w*\s*=\s*"([\w.]+)"', src))
    return keys


def _strings(expr, assigned: dict) -> set[str]:
    """The texts an expression can be: a literal, either branch of `a if c else b`, or a local
    name assigned such expressions."""
    import ast

    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _strings(expr.body, assigned) | _strings(expr.orelse, assigned)
    if isinstance(expr, ast.Name):
        return {s for value in assigned.get(expr.id, []) for s in _strings(value, {})}
    return set()


def engine_parts() -> list[tuple[str, str, set[str]]]:
    """Messages the engine sends as parts ({key, args}, worded by the page): (file, key, argument
    names), from part("key", name=...) calls and {"key": "...", "args": {...}} literals."""
    import ast

    found = []
    for path in sorted((ROOT / "cambria").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for scope in ast.walk(tree):
            if not isinstance(scope, (ast.FunctionDef, ast.Module)):
                continue
            assigned: dict = {}
            for node in ast.walk(scope):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    assigned.setdefault(node.targets[0].id, []).append(node.value)
            for node in ast.walk(scope):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "part" and node.args:
                    names = {k.arg for k in node.keywords if k.arg}
                    for k in node.keywords:
                        if k.arg is None and isinstance(k.value, ast.Dict):  # **{"from": ...}
                            names |= {key.value for key in k.value.keys if isinstance(key, ast.Constant)}
                    found += [(rel, key, names) for key in _strings(node.args[0], assigned)]
                elif isinstance(node, ast.Dict):
                    fields = {k.value: v for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant)}
                    key, args = fields.get("key"), fields.get("args")
                    if isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(args, ast.Dict):
                        found.append((rel, key.value, {k.value for k in args.keys if isinstance(k, ast.Constant)}))
    return found


def used_keys() -> set[str]:
    return {key for _, key, _ in t_calls()} | attribute_keys() | {key for _, key, _ in engine_parts()}


def forms(message) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [message]


def placeholders(message) -> set[str]:
    return {name for text in forms(message) for name in PLACEHOLDER.findall(text)}


# ------------------------------------------------------------------------------------------

def test_the_code_uses_messages():
    keys = used_keys()
    assert len(keys) > 150
    for key in ("prompt.pair", "log.captured", "setup.start", "end.wins", "tutorial.done", "menu.language"):
        assert key in keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_used_message_is_there(catalogs, lang):
    missing = sorted(used_keys() - set(catalogs[lang]))
    assert not missing, f"web/i18n/{lang}.js lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_left_over(catalogs, lang):
    unused = sorted(set(catalogs[lang]) - used_keys())
    assert not unused, f"web/i18n/{lang}.js has messages no code uses: {unused}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_same_keys_and_placeholders_as_english(catalogs, lang):
    en, other = catalogs["en"], catalogs[lang]
    assert set(other) == set(en)
    for key, message in en.items():
        assert placeholders(other[key]) == placeholders(message), f"{lang} {key}: placeholders differ"
        for text in forms(other[key]):
            assert text.strip(), f"{lang} {key}: empty"
            assert text.count("{") == text.count("}"), f"{lang} {key}: unbalanced braces"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms(catalogs, lang):
    plural_keys = {k for k, v in catalogs["en"].items() if isinstance(v, dict)}
    assert {"supply.label", "fortsLeft", "end.points", "end.detail"} <= plural_keys
    for key, message in catalogs[lang].items():
        if key in plural_keys:
            assert isinstance(message, dict), f"{lang} {key}: must be a plural message"
            assert set(message) == PLURALS[lang], f"{lang} {key}: forms {sorted(message)}, need {sorted(PLURALS[lang])}"
            for form, text in message.items():
                assert "{count}" in text, f"{lang} {key}.{form}: the number is missing"
        else:
            assert isinstance(message, str), f"{lang} {key}: a plain message in English, so here too"


def test_plural_categories_match_the_browser_rules():
    node = shutil.which("node")
    if not node:
        pytest.skip("no node")
    script = ("const out = {}; for (const l of %s) out[l] = new Intl.PluralRules(l).resolvedOptions().pluralCategories;"
              "console.log(JSON.stringify(out))") % json.dumps(list(LANGUAGES))
    found = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)
    for lang in LANGUAGES:
        assert set(found[lang]) <= PLURALS[lang] | {"other"}, (lang, found[lang])
        assert {"one", "other"} <= set(found[lang])


def test_calls_pass_every_parameter_their_message_uses(catalogs):
    en = catalogs["en"]
    for rel, key, params in t_calls():
        if key not in en or params is None:
            continue
        needed = placeholders(en[key])
        if isinstance(en[key], dict):
            needed.add("count")
        assert needed <= params, f"{rel}: t({key!r}) lacks {sorted(needed - params)}"


def test_the_engine_parts_pass_every_parameter_their_message_uses(catalogs):
    en = catalogs["en"]
    parts = engine_parts()
    assert len({key for _, key, _ in parts}) > 40  # the log and the prompts of Cambria at least
    for rel, key, args in parts:
        assert key in en, f"{rel}: the engine sends {key!r}, which the catalogs lack"
        needed = placeholders(en[key]) | ({"count"} if isinstance(en[key], dict) else set())
        assert needed <= args, f"{rel}: part({key!r}) lacks {sorted(needed - args)}"


def test_translations_differ_from_english(catalogs):
    """A catalog copied from English would pass the other checks: most messages must differ."""
    en = catalogs["en"]
    for lang in LANGUAGES[1:]:
        # place names (Hibernia's counties) may stay as the maps of that language have them
        same = [k for k, v in catalogs[lang].items() if v == en[k] and PLACEHOLDER.sub("", str(v)).strip(" ·:–()+%…!.,")
                and not k.startswith("hib.county.")]
        assert len(same) < 12, f"{lang}: too many messages identical to English: {same}"


def test_the_hints_reasons_are_worded_in_every_language(catalogs):
    """Every reason the hint can give (cambria.ai.explain and the games' explain hooks) is a
    message of each catalog, said inside "hint.why" ({why}); German says du, Russian вы."""
    reasons = {key for rel, key, _ in engine_parts() if rel.endswith("/explain.py")} | {"hint.why.best"}
    assert {"hint.why.capture", "hint.why.deny", "hib.hint.walk", "hib.hint.deny", "hib.hint.take"} <= reasons
    for lang in LANGUAGES:
        words = catalogs[lang]
        assert placeholders(words["hint.why"]) == {"why"}
        for key in reasons:
            assert key in words, f"{lang} lacks {key}"
    german = " ".join(t for key in reasons for t in forms(catalogs["de"][key]))
    assert re.search(r"\b(dich|dir|dein\w*)\b", german) and not re.search(r"\b(Sie|Ihnen|Ihr\w*)\b", german)
    russian = " ".join(t for key in reasons | {"hint.why"} for t in forms(catalogs["ru"][key]))
    assert re.search(r"\b(вам|ваш\w*)\b", russian) and not re.search(r"\b(ты|тебе|тебя|тво\w+)\b", russian)


def test_russian_is_cyrillic(catalogs):
    words = " ".join(PLACEHOLDER.sub("", t) for m in catalogs["ru"].values() for t in forms(m))
    cyrillic = sum(1 for c in words if "\u0400" <= c <= "\u04ff")
    latin = sum(1 for c in words if c.isascii() and c.isalpha())
    assert cyrillic > 10 * latin


# ------------------------------------------------------------------------------------------ rules

HIBERNIA_RULES = WEB / "games" / "hibernia" / "rules"
HIBERNIA_SECTIONS = {"board", "setup", "turn", "move", "combat", "protect", "muster", "walk", "end", "three",
                     "advanced", "app"}


def load_rules(folder: Path = WEB / "rules") -> dict:
    """The rules modules of one game (its <lang>.js and diagrams.js), as the page imports them."""
    node = shutil.which("node")
    if not node:
        pytest.skip("no node to read the rules modules")
    script = """
const out = {};
const dg = await import(process.argv[1] + "/diagrams.js");
out.diagrams = dg.DIAGRAM_IDS;
out.svg = Object.fromEntries(dg.DIAGRAM_IDS.map((id) => [id, dg.diagram(id, "label <&> " + id)]));
for (const l of ["en", "de", "es", "ru"]) out[l] = (await import(process.argv[1] + "/" + l + ".js")).default;
console.log(JSON.stringify(out));
"""
    proc = subprocess.run([node, "--input-type=module", "-e", script, folder.as_posix()],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def rules() -> dict:
    return load_rules()


@pytest.fixture(scope="module")
def hibernia_rules() -> dict:
    return load_rules(HIBERNIA_RULES)


def test_rules_have_the_same_sections_and_diagrams(rules):
    check_rule_sections(rules, {"board", "setup", "turn", "legion", "boats", "capture", "end", "two", "app"})


def test_hibernia_rules_have_the_same_sections_and_diagrams(hibernia_rules):
    check_rule_sections(hibernia_rules, HIBERNIA_SECTIONS)


def check_rule_sections(rules: dict, required: set[str]) -> None:
    en = rules["en"]
    ids = [s["id"] for s in en["sections"]]
    assert required <= set(ids)
    diagrams = {s["diagram"] for s in en["sections"] if s.get("diagram")}
    assert diagrams == set(rules["diagrams"])
    for lang in LANGUAGES:
        r = rules[lang]
        assert r["intro"].strip()
        assert [s["id"] for s in r["sections"]] == ids, lang
        for s, s_en in zip(r["sections"], en["sections"], strict=True):
            assert s.get("diagram") == s_en.get("diagram"), (lang, s["id"])
            assert s["heading"].strip() and len(re.sub("<[^>]+>", "", s["body"])) > 80, (lang, s["id"])
            if s.get("diagram"):
                assert s["caption"].strip(), (lang, s["id"])
            # the same markup in every language
            tags = lambda html: sorted(re.findall(r"<(/?\w+)", html))  # noqa: E731
            assert tags(s["body"]) == tags(s_en["body"]), (lang, s["id"])


@pytest.mark.parametrize("game", ["cambria", "hibernia"])
def test_rule_diagrams_are_labelled_svg(game, rules, hibernia_rules):
    for id_, svg in (rules if game == "cambria" else hibernia_rules)["svg"].items():
        assert svg.startswith("<svg") and 'role="img"' in svg
        assert f'aria-label="label &lt;&amp;&gt; {id_}"' in svg
        ids = re.findall(r'\sid="([^"]+)"', svg)
        assert all(i.endswith(id_) for i in ids), "ids in a diagram must be unique on the page"


@pytest.mark.parametrize("game", ["cambria", "hibernia"])
def test_rules_name_the_buttons_as_the_page_does(game, rules, hibernia_rules, catalogs):
    for lang in LANGUAGES:
        sections = (rules if game == "cambria" else hibernia_rules)[lang]["sections"]
        app = next(s for s in sections if s["id"] == "app")["body"]
        assert catalogs[lang]["confirm"] in app, lang
        assert catalogs[lang]["undo"] in app, lang


def _shingles(text: str, n: int = 8) -> set[tuple[str, ...]]:
    words = re.findall(r"[^\W\d_]+", re.sub("<[^>]+>", " ", text).lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def outside_source(variable: str, what: str) -> Path:
    """The path in ``variable``: skipped (saying why) when it is not set, a failure when it is set
    but names nothing, so that CI, which sets it, can never skip the check silently."""
    value = os.environ.get(variable, "").strip()
    if not value:
        pytest.skip(f"{variable} is not set: {what} are not part of the repository, so the own-words "
                    "check runs only where they are provided (CI's .ci/run sets it)")
    path = Path(value)
    if not path.exists():
        pytest.fail(f"{variable}={value} but there is nothing there: {what} should be at that path")
    return path


def rule_sheets() -> dict[str, str]:
    folder = outside_source(RULE_SHEETS_VARIABLE, "the published rule sheets")
    assert folder.is_dir(), f"{RULE_SHEETS_VARIABLE} must name a folder of *.txt rule sheets, not {folder}"
    sheets = {p.name: p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.glob("*.txt"))}
    assert len(sheets) >= 5, f"expected the five rule sheets (four of Cambria, one of Hibernia) in {folder}"
    return sheets


def player_texts() -> dict[str, str]:
    """Everything a player or a reader of the repository reads: every module of the page (the
    rules screens of every game and language, the catalogs, the tutorial), the page itself, the
    README and every document.  New files there are covered without changing this test."""
    files = sorted(WEB.rglob("*.js")) + sorted(WEB.rglob("*.html")) + [ROOT / "README.md"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in files}


def copied(text: str, source: set[tuple[str, ...]]) -> list[str]:
    return [" ".join(c) for c in sorted(_shingles(text) & source)]


def test_player_texts_cover_the_rules_of_every_game_and_language():
    texts = player_texts()
    for lang in LANGUAGES:
        assert f"web/rules/{lang}.js" in texts
        assert f"web/games/hibernia/rules/{lang}.js" in texts
    assert "docs/rules.md" in texts and "docs/hibernia.md" in texts and "README.md" in texts and "web/i18n/en.js" in texts
    for path in [*(WEB / "rules").rglob("*.js"), *HIBERNIA_RULES.rglob("*.js")]:
        assert path.relative_to(ROOT).as_posix() in texts


def test_rules_are_in_our_own_words():
    """No run of eight words in a row from a published rule sheet (either game's, any language)
    in anything players read: every file of the page, the README and the documents."""
    sheets = rule_sheets()
    every = set().union(*(_shingles(text) for text in sheets.values()))
    assert len(every) > 4000
    problems = []
    for name, text in player_texts().items():
        common = copied(text, every)
        if common:
            problems.append(f"{name}: {common[:3]}")
    assert not problems, "words copied from a rule sheet:\n" + "\n".join(problems)


@pytest.mark.parametrize("game", ["cambria", "hibernia"])
def test_rules_screens_are_in_our_own_words(game, rules, hibernia_rules):
    """The same, on the rules screens as the page shows them (markup removed, sections joined),
    for each game against every sheet (Hibernia's German sheet included)."""
    sheets = rule_sheets()
    every = set().union(*(_shingles(text) for text in sheets.values()))
    for lang in LANGUAGES:
        r = (rules if game == "cambria" else hibernia_rules)[lang]
        text = " ".join([r["intro"]] + [s["heading"] + " " + s["body"] + " " + s.get("caption", "") for s in r["sections"]])
        common = copied(text, every)
        assert not common, f"{lang}: words copied from a rule sheet: {common[:3]}"


def test_the_rules_page_restates_the_rulings_in_its_own_words():
    """docs/rules.md restates the rulings the engine follows; it does not paste them."""
    rulings = outside_source(RULINGS_VARIABLE, "the project's rulings")
    source = _shingles(rulings.read_text(encoding="utf-8"))
    assert len(source) > 500
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    common = copied(doc, source)
    assert not common, f"docs/rules.md repeats the rulings word for word: {common[:3]}"


def test_hibernia_texts_restate_its_rulings_in_their_own_words(hibernia_rules):
    """The Hibernia rules screens and docs/hibernia.md restate the Hibernia rulings (HIBERNIA.md,
    beside the Cambria rulings) without repeating them word for word."""
    rulings = outside_source(RULINGS_VARIABLE, "the project's rulings").with_name("HIBERNIA.md")
    assert rulings.is_file(), f"the Hibernia rulings should be beside the Cambria rulings: {rulings}"
    source = _shingles(rulings.read_text(encoding="utf-8"))
    assert len(source) > 500
    texts = {"docs/hibernia.md": (ROOT / "docs" / "hibernia.md").read_text(encoding="utf-8")}
    for lang in LANGUAGES:
        r = hibernia_rules[lang]
        texts[lang] = " ".join([r["intro"]] + [s["heading"] + " " + s["body"] + " " + s.get("caption", "")
                                               for s in r["sections"]])
    problems = [f"{name}: {copied(text, source)[:3]}" for name, text in texts.items() if copied(text, source)]
    assert not problems, "repeats the Hibernia rulings word for word:\n" + "\n".join(problems)


def test_the_own_words_check_skips_only_when_not_set_up(monkeypatch, tmp_path):
    """Unset: a skip whose reason says why.  Set to a missing folder: a failure, never a skip."""
    monkeypatch.delenv(RULE_SHEETS_VARIABLE, raising=False)
    with pytest.raises(pytest.skip.Exception, match=f"{RULE_SHEETS_VARIABLE} is not set.*CI"):
        rule_sheets()
    monkeypatch.setenv(RULE_SHEETS_VARIABLE, str(tmp_path / "nowhere"))
    with pytest.raises(pytest.fail.Exception, match="nothing there"):
        rule_sheets()
    monkeypatch.setenv(RULE_SHEETS_VARIABLE, str(tmp_path))
    (tmp_path / "sheet.txt").write_text("x")
    with pytest.raises(AssertionError, match="five rule sheets"):
        rule_sheets()


def test_ci_provides_the_rule_sheets():
    """.ci/run runs the README's test command with the sheets and the rulings set where
    ../shared provides them (so the own-words checks run there, never skip)."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 build.py test" in readme
    lines = [line.strip() for line in script.splitlines() if line.strip() and not line.strip().startswith("#")]
    assert lines[-1] == "exec python3 build.py test"
    for variable in (RULE_SHEETS_VARIABLE, RULINGS_VARIABLE):
        assert re.search(rf"^\s*export {variable}=", script, re.M), f".ci/run must export {variable}"


def test_ci_runs_in_any_clone_and_passes_the_rule_sheets_on(tmp_path):
    """.ci/run in a copy of the repository with a stand-in build.py that reports what it got:
    without ../shared (a user's clone) it runs the test command with neither path set and says
    the own-words checks will skip; a ../shared without the sheets or the rulings stops it;
    with both, the test command sees both paths."""
    bash = shutil.which("bash")
    assert bash, "bash runs .ci/run"
    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", repo / ".ci" / "run")
    (repo / "build.py").write_text(
        "import os, sys\n"
        f"print(sys.argv[1:], os.environ.get('{RULE_SHEETS_VARIABLE}'), os.environ.get('{RULINGS_VARIABLE}'))\n")
    env = {k: v for k, v in os.environ.items() if k not in (RULE_SHEETS_VARIABLE, RULINGS_VARIABLE)}
    proc = subprocess.run([bash, str(repo / ".ci" / "run")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["['test']", "None", "None"] and "skipped" in proc.stderr
    shared = tmp_path / "shared"
    shared.mkdir()
    proc = subprocess.run([bash, str(repo / ".ci" / "run")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1 and "missing" in proc.stderr and proc.stdout == ""
    (shared / "seeds").mkdir()
    (shared / "seeds" / "001_sheet.txt").write_text("a sheet")
    proc = subprocess.run([bash, str(repo / ".ci" / "run")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1 and "missing" in proc.stderr  # the rulings are missing still
    (shared / "RULINGS.md").write_text("# rulings")
    proc = subprocess.run([bash, str(repo / ".ci" / "run")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["['test']", str(shared / "seeds"), str(shared / "RULINGS.md")]
