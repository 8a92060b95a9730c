"""The shape of the code (docs/architecture.md): imports flow one way with no cycles, layers
import only what they may, and no file grows much past 500 lines without saying why."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cambria"
LONG = 550          # lines; a longer file must say at its top why it is one file
REASON = "Why this file is long:"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every cambria module a file imports, at the top or inside functions."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("cambria"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("cambria"):
                continue
            out.add(target)
            for alias in node.names:  # "from . import rules" imports a module
                candidate = f"{target}.{alias.name}"
                if (ROOT / Path(*candidate.split("."))).with_suffix(".py").exists() or \
                        (ROOT / Path(*candidate.split(".")) / "__init__.py").exists():
                    out.add(candidate)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    files = [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]
    g = {module_name(p): imports_of(p) for p in files}
    # importing a.b.c also runs a.b's __init__, which is fine; edges to packages stay as they are
    return {m: {d for d in deps if d in g} for m, deps in g.items()}


def test_no_import_cycles():
    g = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(g[m]):
            if state.get(d) == 1:
                cycle = stack[stack.index(d):] + [d]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m)


def layer(m: str) -> str:
    parts = m.split(".")
    if len(parts) >= 3 and parts[1] == "games":
        return f"games.{parts[2]}"
    return parts[1] if len(parts) > 1 and parts[1] in ("core", "ai", "webapi", "remote", "games") else "top"


ALLOWED = {
    "core": {"core"},
    "ai": {"core", "ai", "top"},
    "webapi": {"core", "ai", "webapi", "remote", "top"},
    "remote": {"core", "ai", "remote", "top"},  # remote play checks games with the rules and the AI
}


def test_layers_import_only_what_they_may():
    """core knows no game; a game imports core and itself; ai, remote and webapi reach games only
    through the registry (cambria.core.registry), never by importing them; remote never imports
    webapi (the worker's bridge may use remote play, not the other way round)."""
    bad = []
    for m, deps in graph().items():
        own = layer(m)
        for d in deps:
            other = layer(d)
            if own.startswith("games."):
                ok = other in ("core", own, "top")
            elif own in ALLOWED:
                ok = other in ALLOWED[own]
            else:
                ok = True  # the top level (cli, __main__) may import any layer
            if not ok:
                bad.append(f"{m} imports {d}")
    assert not bad, "\n".join(sorted(bad))


def test_long_files_say_why():
    long = []
    for base, pattern in ((PACKAGE, "*.py"), (ROOT / "web", "*.js"), (ROOT / "web", "*.css")):
        for p in base.rglob(pattern):
            if "__pycache__" in p.parts or "vendor" in p.relative_to(ROOT).parts[:2]:
                continue  # (web/vendor/: other projects' files, as their npm packages hold them)
            lines = p.read_text(encoding="utf-8").splitlines()
            if len(lines) > LONG and not any(REASON in line for line in lines[:40]):
                long.append(f"{p.relative_to(ROOT)}: {len(lines)} lines")
    assert not long, f"files past {LONG} lines without '{REASON}' near the top:\n" + "\n".join(long)
