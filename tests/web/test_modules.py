"""The page's modules as docs/architecture.md draws them: imports flow one way (no cycles),
each module is small, a game's board module reaches nothing but the shared helpers, and the
production page has no globals for tests (tests/web/hooks.js brings them in the tests)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
IMPORT = re.compile(r"""^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)
# what a game's own modules (web/games/<id>/) may import from the page: words and drawing helpers
GAME_MAY_IMPORT = {"i18n.js", "words.js", "dom.js"}


def modules() -> dict[str, list[str]]:
    """Every page module (relative to web/) -> the page modules it imports."""
    out = {}
    for path in sorted(WEB.rglob("*.js")):
        rel = path.relative_to(WEB).as_posix()
        if rel.startswith(("i18n/", "rules/", "vendor/")) or rel == "sw.js":
            continue  # catalogs, rules texts and the service worker import nothing of the page (nor do the libraries)
        deps = []
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            deps.append((path.parent / target).resolve().relative_to(WEB).as_posix())
        out[rel] = deps
    return out


def test_the_imports_have_no_cycle():
    graph = modules()
    assert "app.js" in graph and "controller.js" in graph and "games/cambria/board.js" in graph
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for dep in graph.get(node, []):
            if state.get(dep) == "open":
                raise AssertionError("an import cycle: " + " -> ".join(path + [node, dep]))
            if dep not in state:
                visit(dep, path + [node])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [])


def test_nothing_imports_the_composition_root():
    for module, deps in modules().items():
        assert "app.js" not in deps, f"{module} imports app.js (only the page loads it)"


def test_a_games_modules_reach_only_the_shared_helpers():
    for module, deps in modules().items():
        if not module.startswith("games/") or module == "games/index.js":
            continue
        game = module.split("/")[1]
        for dep in deps:
            assert dep.startswith(f"games/{game}/") or dep in GAME_MAY_IMPORT, f"{module} imports {dep}"


def test_modules_are_small():
    for path in WEB.rglob("*.js"):
        rel = path.relative_to(WEB).as_posix()
        if rel.startswith(("i18n/", "rules/", "vendor/")):
            continue  # texts, not code; other projects' libraries as their packages hold them
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 500, f"web/{rel} has {lines} lines: it holds two jobs"


def test_no_globals_for_tests_in_the_page():
    for path in [p for p in WEB.rglob("*.js") if p.relative_to(WEB).parts[0] != "vendor"] + [WEB / "index.html"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"window\.__\w+|globalThis\.__\w+", text), f"web/{path.relative_to(WEB)} sets a test global"
