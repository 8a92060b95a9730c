"""The headers the site asks of its host: ``dist/_headers`` (Netlify, Cloudflare Pages) and the
README's nginx and Caddy lines carry the page's own Content-Security-Policy, the one of its meta
tag, plus what only a header can say; the file is for the host, never precached or compressed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (puts tools/ on the path)
from site_build import headers  # noqa: E402

pytestmark = pytest.mark.timeout(300)
META_RE = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


@pytest.fixture(scope="module")
def built() -> tuple[Path, dict]:
    return build.private_dist()


def rules_of(text: str) -> dict[str, dict[str, str]]:
    """``_headers`` read as its hosts read it: a path at the start of a line, then its headers,
    indented, as ``Name: value``."""
    rules: dict[str, dict[str, str]] = {}
    path = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            path = line.strip()
            assert path.startswith("/") and path not in rules, line
            rules[path] = {}
        else:
            assert path is not None, f"a header before any path: {line!r}"
            name, sep, value = line.strip().partition(":")
            assert sep and name and value.strip(), line
            rules[path][name.strip()] = value.strip()
    return rules


def meta_policy(dist: Path) -> str:
    m = META_RE.search((dist / "index.html").read_text(encoding="utf-8"))
    assert m, "the page has no CSP meta tag"
    return m.group(1)


def directives(policy: str) -> list[str]:
    return [" ".join(d.split()) for d in policy.split(";") if d.strip()]


def test_the_headers_file_sends_the_pages_own_policy(built):
    dist, manifest = built
    rules = rules_of((dist / "_headers").read_text(encoding="utf-8"))
    meta = meta_policy(dist)
    for page in ("/", "/index.html"):
        sent = rules[page]["Content-Security-Policy"]
        # the meta tag's policy, directive for directive, and framing forbidden (a header's alone)
        assert directives(sent) == directives(meta) + ["frame-ancestors 'none'"]
    assert rules["/*"]["X-Content-Type-Options"] == "nosniff"
    # the engine's worker imports its runtime from memory: the page's policy is not sent with it
    assert "Content-Security-Policy" not in rules["/*"]
    # for the host, not the browser: not precached, no brotli sibling, listed among the files
    assert "_headers" in manifest["files"] and "_headers" not in manifest["offline"]["precache"]
    assert not (dist / "_headers.br").exists()


def readme_blocks(kind: str) -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{kind}\n(.*?)^```$", readme, re.S | re.M)


@pytest.mark.parametrize("host", ["nginx", "caddy"])
def test_the_readmes_lines_for_a_host_are_the_ones_the_build_prints(built, host):
    """The README shows each host's lines with ``$POLICY`` for the page's policy;
    ``build.py headers <host>`` prints the same lines with the built page's policy in its place."""
    dist, _ = built
    blocks = readme_blocks(host)
    assert blocks == [headers.for_host(host, "$POLICY")], f"README.md's {host} lines"
    proc = subprocess.run([sys.executable, "build.py", "headers", host], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == blocks[0].replace("$POLICY", meta_policy(build.DIST))
    sent = re.findall(r'Content-Security-Policy "([^"]+)"', proc.stdout)
    assert sent and all(directives(p) == directives(meta_policy(dist)) + ["frame-ancestors 'none'"] for p in sent)
    assert "nosniff" in proc.stdout


def test_the_netlify_lines_are_the_built_headers_file(built):
    proc = subprocess.run([sys.executable, "build.py", "headers", "netlify"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (build.DIST / "_headers").read_text(encoding="utf-8")
