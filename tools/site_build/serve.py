"""Serving dist/ on localhost: for players trying the site, for the browser tests and for the
load benchmark.

Files go out with the types browsers insist on (``application/wasm``, ``text/javascript`` for
``.mjs``), also under extra URL prefixes (to test hosting from a sub-path).  Three kinds of
host can be imitated, to check the site works there and to measure what each transfers:
``precompressed=True`` sends the build's brotli sibling ``x.br`` for ``x`` with
``Content-Encoding: br`` when the browser accepts it (as nginx's brotli_static and Caddy's
``precompressed`` do; ``build.py serve`` does by default), ``compress=True`` gzips what it sends
on the fly, ``gz_as_encoding=True`` sends the build's own .gz files as Content-Encoding (the
browser then decompresses them).  With none of them it is a plain static server.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import socketserver
import sys
from pathlib import Path
from typing import Any

from .common import DIST

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}
# What a compressing host typically compresses: text and wasm, never what is compressed already.
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "application/wasm", "image/svg+xml")


def accepts(header: str, coding: str) -> bool:
    """Whether an Accept-Encoding header accepts ``coding`` (listed, or "*", without q=0)."""
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in (coding, "*"):
            q = params.strip().lower().replace(" ", "")
            try:
                return not q.startswith("q=") or float(q[2:]) > 0
            except ValueError:
                return False
    return False


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder, also under extra URL prefixes, with the right types."""

    prefixes: tuple[str, ...] = ()
    quiet = False
    compress = False
    gz_as_encoding = False
    precompressed = False
    extra: dict[str, bytes] = {}
    # URL path -> a function that takes over the connection of a WebSocket upgrade to it (the
    # tests' Nostr relay for live play, on the page's own origin)
    upgrades: dict[str, Any] = {}
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in self.upgrades and self.headers.get("Upgrade", "").lower() == "websocket":
            self.upgrades[path](self)
            return
        super().do_GET()

    def send_head(self) -> Any:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        candidates = [path] + ["/" + path[len(p):] for p in self.prefixes if path.startswith(p)]
        for candidate in candidates:
            if candidate in self.extra:
                return self._send_bytes(self.extra[candidate], self.guess_type(candidate))
        if self.precompressed and accepts(self.headers.get("Accept-Encoding", ""), "br"):
            local = Path(self.translate_path(path))
            if path.endswith("/"):
                local = local / "index.html"
            sibling = local.with_name(local.name + ".br")
            if local.is_file() and sibling.is_file():
                if self._not_modified(int(sibling.stat().st_mtime)):
                    return None
                return self._send_bytes(sibling.read_bytes(), self.guess_type(str(local)), encoding="br",
                                        modified=int(sibling.stat().st_mtime))
        if self.gz_as_encoding and path.endswith(".gz"):
            local = Path(self.translate_path(path))
            if local.is_file():  # as Apache's `AddEncoding gzip .gz` does: the browser decompresses
                return self._send_bytes(local.read_bytes(), self.guess_type(path[:-3]), encoding="gzip")
        if self.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            local = Path(self.translate_path(path))
            if path.endswith("/"):
                local = local / "index.html"
            kind = self.guess_type(str(local))
            if local.is_file() and kind.startswith(COMPRESSIBLE):
                mtime = int(local.stat().st_mtime)
                if self._not_modified(mtime):
                    return None
                return self._send_bytes(gzip.compress(local.read_bytes(), compresslevel=6), kind,
                                        encoding="gzip", modified=mtime)
        return super().send_head()

    def _not_modified(self, mtime: int) -> bool:
        """Answer 304 if the browser's copy is as new as the file (then True)."""
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= mtime:
                    self.send_response(304)
                    self.end_headers()
                    return True
            except (TypeError, ValueError):
                pass
        return False

    def _send_bytes(self, body: bytes, kind: str, encoding: str | None = None,
                    modified: int | None = None) -> io.BytesIO:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        if modified is not None:
            self.send_header("Last-Modified", self.date_time_string(modified))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        for prefix in self.prefixes:
            if path.startswith(prefix):
                path = "/" + path[len(prefix):]
                break
        return super().translate_path(path)

    def guess_type(self, path: Any) -> str:
        suffix = Path(str(path)).suffix.lower()
        return CONTENT_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.precompressed or self.compress:  # what is sent depends on what the browser accepts
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # connections waiting to be accepted: a page's start (and the service worker's precache) opens
    # many at once, and on a busy machine the default 5 overflowed, failing a fetch of the engine
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser went away mid-download (a closed tab; the service worker's precache)
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                prefixes: tuple[str, ...] = (), quiet: bool = False,
                extra: dict[str, bytes] | None = None, compress: bool = False,
                gz_as_encoding: bool = False, precompressed: bool = False,
                upgrades: dict[str, Any] | None = None) -> SiteServer:
    """An HTTP server for ``directory`` (port 0: a free port), also answering under ``prefixes``.

    Each prefix must start and end with '/', e.g. '/some/path/'.  ``extra`` maps URL paths
    (e.g. '/stock.html') to contents served in addition to the folder.  ``precompressed`` sends
    the brotli sibling ``x.br`` of ``x`` with Content-Encoding when the browser accepts br;
    ``compress`` gzips text and wasm on the fly, as many hosts do; ``gz_as_encoding`` sends
    ``x.gz`` as the gzip Content-Encoding of ``x``, as some do.  Raises OSError if the port is taken.  Call
    serve_forever().
    """
    handler = type("Handler", (SiteHandler,), {"prefixes": tuple(prefixes), "quiet": quiet,
                                               "extra": dict(extra or {}), "compress": compress,
                                               "gz_as_encoding": gz_as_encoding,
                                               "precompressed": precompressed,
                                               "upgrades": dict(upgrades or {})})

    def factory(*args: Any, **kwargs: Any) -> SiteHandler:
        made: SiteHandler = handler(*args, directory=str(directory), **kwargs)
        return made

    return SiteServer((host, port), factory)
