"""The page: boards drawn into index.html at build time, the build's placeholders filled in, and
a strict Content-Security-Policy that names the page's few inline pieces by their hashes.

The boards are drawn by the engine's own SVG code (the board is visible before Python has
loaded in the browser); ``draw_board`` is the one place that knows how.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import importlib
import re
import sys
from collections.abc import Callable
from pathlib import Path

from .common import ROOT, WEB, BuildError

BOARD_RE = re.compile(r"<!--CAMBRIA:BOARD:([A-Za-z0-9_-]+)-->")
BUILD_MARK = "<!--CAMBRIA:BUILD-->"
CSP_MARK = "<!--CAMBRIA:CSP-->"
CONFIG_RE = re.compile(r"/\*CAMBRIA:CONFIG\*/.*?/\*END\*/", re.S)
JS_BUILD_MARK = "__CAMBRIA_BUILD__"
SW_RE = re.compile(r"/\*CAMBRIA:SW\*/.*?/\*END\*/", re.S)
INLINE_SCRIPT_RE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)
CATALOG_RE = re.compile(r"export\s+default\s+(\{.*\})\s*;?\s*$", re.S)
STYLE_ATTR_RE = re.compile(r"""\sstyle=(?:"([^"]*)"|'([^']*)')""", re.I)


def draw_board(board_id: str) -> str:
    """The SVG of one board, as the engine draws it: the hook for index.html's
    ``<!--CAMBRIA:BOARD:id-->`` placeholders (``cambria.games.<game>.svg.board_svg`` of the
    board that ``cambria.games.<game>.board.load_board`` loads)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        from cambria.core.registry import game_of_board

        game = game_of_board(board_id)
        if game is None:
            raise BuildError(f"index.html names board {board_id!r}, which no game has")
        boards = importlib.import_module(f"cambria.games.{game}.board")
        svg = importlib.import_module(f"cambria.games.{game}.svg")
    except ImportError as exc:
        raise BuildError(f"cannot draw the boards for index.html: {exc} "
                         "(cambria.games.<game>.board.load_board and .svg.board_svg are needed)") from exc
    return str(svg.board_svg(boards.load_board(board_id)))


def render_boards(page: str, draw: Callable[[str], str] = draw_board) -> str:
    """Replace each board placeholder with the board's SVG."""
    drawn: dict[str, str] = {}

    def one(match: re.Match[str]) -> str:
        board_id = match.group(1)
        if board_id not in drawn:
            try:
                drawn[board_id] = draw(board_id)
            except BuildError:
                raise
            except Exception as exc:
                raise BuildError(f"drawing board {board_id!r} failed: {type(exc).__name__}: {exc}") from exc
        return drawn[board_id]

    return BOARD_RE.sub(one, page)


def _sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def live_relays(web: Path = WEB) -> list[str]:
    """The public relays live play may connect to (web/remote/live.json): the only addresses
    besides the site's own that the page may reach."""
    relays = json.loads((web / "remote" / "live.json").read_text(encoding="utf-8"))["relays"]
    for url in relays:
        if not re.fullmatch(r"wss://[a-z0-9.-]+(?::[0-9]+)?(?:/[\w./-]*)?", url):
            raise BuildError(f"web/remote/live.json: {url!r} is not a wss:// address")
    return list(relays)


def content_security_policy(page: str) -> str:
    """The policy for the built page: only our own files; the inline script and any inline
    style attributes (the boards place a few labels with them) allowed by their hashes."""
    scripts = sorted({_sha256_source(m.group(1)) for m in INLINE_SCRIPT_RE.finditer(page)})
    styles = sorted({_sha256_source(html.unescape(m.group(1) if m.group(1) is not None else m.group(2)))
                     for m in STYLE_ATTR_RE.finditer(page)})
    directives = [
        "default-src 'self'",
        "script-src " + " ".join(["'self'", "'wasm-unsafe-eval'", *scripts]),
        "style-src " + " ".join(["'self'", *(["'unsafe-hashes'", *styles] if styles else [])]),
        "img-src 'self' data:",  # the favicon is a data: URL
        "worker-src 'self'",
        "connect-src " + " ".join(["'self'", *live_relays()]),
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    return "; ".join(directives)


def add_csp(page: str) -> str:
    """Fill the CSP placeholder of index.html; the page must have exactly one."""
    if page.count(CSP_MARK) != 1:
        raise BuildError(f"web/index.html must have exactly one {CSP_MARK} (the content of its CSP meta tag)")
    head = page.split(CSP_MARK)[0]
    if INLINE_SCRIPT_RE.search(head) or "<link" in head:
        raise BuildError("the CSP meta tag must come before every script and stylesheet of web/index.html")
    return page.replace(CSP_MARK, content_security_policy(page.replace(CSP_MARK, "")))


STATIC_IMPORT_RE = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["'](\./[\w./-]+\.js)["']|^\s*import\s*["'](\./[\w./-]+\.js)["']""",
                              re.M)
MODULE_SCRIPT_RE = re.compile(r"""<script type="module" src="([\w./-]+\.js)(?:\?[^"]*)?"></script>""")


def module_graph(page: str, web: Path = WEB) -> list[str]:
    """Every module the page's module scripts import statically, transitively (paths relative
    to web/), in the order first found; the entry scripts themselves are left out."""
    entries = MODULE_SCRIPT_RE.findall(page)
    seen: list[str] = []
    todo = list(entries)
    while todo:
        current = todo.pop(0)
        path = web / current
        if not path.is_file():
            continue
        for m in STATIC_IMPORT_RE.finditer(path.read_text(encoding="utf-8")):
            target = (Path(current).parent / (m.group(1) or m.group(2))).as_posix()
            target = str(Path(target)).replace("\\", "/")
            if target not in seen and target not in entries:
                seen.append(target)
                todo.append(target)
    return seen


def add_module_preloads(page: str, web: Path = WEB) -> str:
    """Let the browser fetch the whole module graph at once instead of one level of imports
    after the other (each a round trip, also through the service worker)."""
    links = "".join(f'<link rel="modulepreload" href="{m}">\n' for m in module_graph(page, web))
    first = MODULE_SCRIPT_RE.search(page)
    if not links or not first:
        return page
    return page[:first.start()] + links + page[first.start():]


def catalog_messages(keys: tuple[str, ...], web: Path = WEB) -> dict[str, dict[str, str]]:
    """{language: {key: text}} from web/i18n/<lang>.js (strict JSON inside "export default"),
    for the few sentences the service worker must say without the page's scripts."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted((web / "i18n").glob("*.js")):
        m = CATALOG_RE.search(path.read_text(encoding="utf-8"))
        try:
            if not m:
                raise ValueError("no `export default {...}`")
            catalog = json.loads(m.group(1))
        except ValueError as exc:
            raise BuildError(f"{path}: not strict JSON after `export default` ({exc})") from exc
        out[path.stem] = {k: catalog[k] for k in keys if isinstance(catalog.get(k), str)}
    return out
