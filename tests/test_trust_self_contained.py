"""A clone is complete: nothing a user runs or reads points outside the repository.

The project's shared folder (rule sheets, rulings, notes) sits beside the repository on the
developers' machine and in CI only.  The README, the documents, the engine, the page, the build
and the tools refer to the project's own rules text (docs/rules.md) instead; only CI's script and
the tests that compare with the sheets may name that folder.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r"\.\./shared\b|/shared/|/work/shared|\bRULINGS\.md|\bHIBERNIA\.md|PYODIDE-NOTES")
TEXT = {".py", ".js", ".mjs", ".html", ".css", ".md", ".json", ".toml", ".txt", ".sh", ".webmanifest", ".svg"}
PLACES = ["README.md", "docs", "cambria", "web", "build.py", "tools", "benchmarks", "pyproject.toml"]


def files() -> list[Path]:
    out: list[Path] = []
    for place in PLACES:
        path = ROOT / place
        candidates = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for p in candidates:
            if p.is_file() and p.suffix in TEXT and "__pycache__" not in p.parts and "node_modules" not in p.parts:
                out.append(p)
    return out


def test_nothing_users_read_points_outside_the_repository() -> None:
    found = files()
    names = {p.relative_to(ROOT).as_posix() for p in found}
    assert {"README.md", "docs/rules.md", "web/rules/en.js", "cambria/games/cambria/rules.py"} <= names
    problems = []
    for path in found:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not problems, ("these point outside the repository (use docs/rules.md or another file of "
                          "the repository):\n" + "\n".join(problems))


def test_the_readme_and_the_engine_point_to_the_rules_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    rules = (ROOT / "cambria" / "games" / "cambria" / "rules.py").read_text(encoding="utf-8")
    assert "docs/rules.md" in rules.split('"""')[1]
    for lang in ("en", "de", "es", "ru"):
        first = (ROOT / "web" / "rules" / f"{lang}.js").read_text(encoding="utf-8").splitlines()[0]
        assert "docs/rules.md" in first, lang


def test_the_rules_page_covers_every_rule_point() -> None:
    """docs/rules.md is a restatement of the whole game, not a stub: each topic the engine
    implements has its section, with the numbers that matter."""
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    flat = " ".join(doc.split())
    for heading in ("What is on the table", "Getting ready", "A regular turn", "Score and winner",
                    "The two-player game", "Finer points the engine settles"):
        assert f"## {heading}" in doc
    for words in ("16 forts", "Boat swap", "Doubles", "1–1", "Pass", "supply", "Captures", "VP token",
                  "second place", "six or fewer", "german_tiebreak", "neutral", "five warriors", "eagle",
                  "smaller die first", "seeded"):
        assert words in flat, words
    assert len(doc.split()) > 1200
