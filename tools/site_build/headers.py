"""The HTTP headers the site asks of its host, written for each kind of host from one list: a
``_headers`` file (Netlify, Cloudflare Pages), which the build writes into dist/, and the lines
for nginx and Caddy, which ``python3 build.py headers nginx|caddy`` prints for the built page.

The page's Content-Security-Policy is in its meta tag (page.py), which reaches the browser from
any host.  Sent as a header it is the same policy plus what only a header can carry:
``frame-ancestors`` (a meta tag's is ignored), so that no other site can frame the page.  The
policy goes on the page alone, as the meta tag's does: the engine's worker imports Pyodide's
runtime from memory (a ``blob:`` URL), which the page's policy, sent with worker.js, would
forbid it (it would then fetch the uncompressed runtime).  Every file gets ``nosniff``.
"""

from __future__ import annotations

import re
from pathlib import Path

from .common import BuildError

FILE = "_headers"
FRAME_ANCESTORS = "frame-ancestors 'none'"
EVERY_FILE = (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"))
# The page, at the site's root or under any sub-path: ".../" and ".../index.html".
PAGE_PATHS = ("/", "/index.html")
PAGE_REGEX = r"/(index\.html)?$"
META_RE = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
HOSTS = ("netlify", "nginx", "caddy")


def meta_policy(index_html: str) -> str:
    """The policy of the built page's meta tag."""
    m = META_RE.search(index_html)
    if not m:
        raise BuildError("the page has no Content-Security-Policy meta tag")
    return m.group(1)


def page_headers(policy: str) -> tuple[tuple[str, str], ...]:
    """The page's own headers, for the meta tag's ``policy``."""
    return (("Content-Security-Policy", f"{policy}; {FRAME_ANCESTORS}"),)


def headers_file(policy: str) -> str:
    """``_headers`` (Netlify's and Cloudflare Pages' format): a rule per path, every matching
    rule's headers sent."""
    lines: list[str] = []
    for path in PAGE_PATHS:
        lines += [path, *(f"  {name}: {value}" for name, value in page_headers(policy))]
    lines += ["/*", *(f"  {name}: {value}" for name, value in EVERY_FILE)]
    return "\n".join(lines) + "\n"


def nginx_lines(policy: str) -> str:
    """For the server block that serves dist/ (where ``brotli_static on`` goes).  A location
    with add_header lines of its own drops the server's, so the page's repeats them."""
    every = [f'add_header {name} "{value}" always;' for name, value in EVERY_FILE]
    page = [f'add_header {name} "{value}" always;' for name, value in page_headers(policy)]
    return "\n".join([*every, f"location ~ {PAGE_REGEX} {{", *(f"    {line}" for line in page + every), "}"]) + "\n"


def caddy_lines(policy: str) -> str:
    """For the site block that serves dist/ (beside ``file_server { precompressed br }``)."""
    return "\n".join([*(f'header {name} "{value}"' for name, value in EVERY_FILE),
                      f"@page path_regexp {PAGE_REGEX}",
                      *(f'header @page {name} "{value}"' for name, value in page_headers(policy))]) + "\n"


def for_host(host: str, policy: str) -> str:
    """The headers in ``host``'s words (one of HOSTS; netlify: the ``_headers`` file)."""
    return {"netlify": headers_file, "nginx": nginx_lines, "caddy": caddy_lines}[host](policy)


def write_headers_file(folder: Path, index_html: str) -> None:
    """Write ``_headers`` into the built site ``folder`` for its page ``index_html``."""
    (folder / FILE).write_text(headers_file(meta_policy(index_html)), encoding="utf-8")
