"""Compressed forms of the files the site ships: gzip, which the engine's worker decompresses
itself (so a plain static host sends a third of the bytes), and precompressed brotli siblings
(``x.br`` beside ``x``) for hosts that send them with ``Content-Encoding: br`` (nginx's
brotli_static, Caddy's ``precompressed``, many static hosts; ``build.py serve`` too).

The sibling of a gzip file ``x.gz`` is the brotli of what the gzip holds, not of the gzip
bytes: a host that sends it hands the page the content itself (the browser decodes brotli),
and the worker, which looks at the first bytes, takes it as it is instead of gunzipping.  So
the page asks for the same URL on every host and gets the smallest form the host can send.

Both are reproducible: gzip without name and time; brotli has neither in its stream.  Brotli
comes from Node's zlib (the build runs Node anyway): quality 11 takes a minute for the wasm
and the snapshot, so every result is cached by the content it compresses.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

from .common import NODE_SCRIPTS, BuildError, cached, log, need_tool, sha256_file, write_atomic

BROTLI = NODE_SCRIPTS / "brotli.mjs"
SUFFIX = ".br"
# Smaller files are not worth a request header's difference; a sibling must also save a tenth
# (images and zips of compressed data do not).
MIN_SIZE = 1024
MIN_SAVING = 0.9


def gzipped(src: Path, cache: Path) -> Path:
    """A gzip (level 9, no name, no time: reproducible) of ``src``, cached by content."""
    out = cache / "gzip" / f"{src.name}-{sha256_file(src)[:16]}.gz"
    if not cached(out):
        write_atomic(out, gzip.compress(src.read_bytes(), compresslevel=9, mtime=0))
    return out


def content_of(path: Path) -> bytes:
    """What a shipped file holds: a ``.gz`` file's decompressed content, any other its bytes."""
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def brotli_cache_path(data: bytes, cache: Path) -> Path:
    """Where the build cache keeps the brotli of ``data``."""
    key = hashlib.sha256(BROTLI.read_bytes()).hexdigest()[:8]
    return cache / "brotli" / f"{hashlib.sha256(data).hexdigest()[:24]}-{key}.br"


def brotli(contents: dict[str, bytes], cache: Path) -> dict[str, bytes]:
    """The brotli (quality 11, 16 MB window) of each of ``contents`` (name -> bytes), cached by
    content: one Node run compresses all that is not cached yet, in parallel."""
    folder = cache / "brotli"
    where = {name: brotli_cache_path(data, cache) for name, data in contents.items()}
    todo: dict[Path, bytes] = {}
    for name, data in contents.items():
        if not cached(where[name]):
            todo[where[name]] = data
    if todo:
        node = need_tool("node", "install Node.js 18+ (`python3 build.py test` installs Debian's)")
        log(f"brotli-compressing {len(todo)} files ({sum(map(len, todo.values())) / 1e6:.1f} MB; "
            "a minute for the big ones)")
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            jobs = []
            for i, (out, data) in enumerate(sorted(todo.items(), key=lambda item: -len(item[1]))):
                src = Path(tmp) / f"in-{i}"
                src.write_bytes(data)
                jobs.append([str(src), str(out)])
            job_file = Path(tmp) / "job.json"
            job_file.write_text(json.dumps(jobs))
            proc = subprocess.run([node, str(BROTLI), str(job_file)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"brotli compression failed (node exit {proc.returncode}): {proc.stderr.strip()[-2000:]}")
    return {name: where[name].read_bytes() for name in contents}


def add_brotli_siblings(folder: Path, cache: Path) -> list[str]:
    """Write ``x.br`` beside every file ``x`` of ``folder`` that brotli makes worth it (see
    MIN_SIZE and MIN_SAVING); returns the siblings' paths, relative to ``folder``."""
    files = {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
             if p.is_file() and p.suffix != SUFFIX and p.stat().st_size >= MIN_SIZE}
    packed = brotli({rel: content_of(path) for rel, path in files.items()}, cache)
    written = []
    for rel, path in files.items():
        if len(packed[rel]) <= MIN_SAVING * path.stat().st_size:
            (folder / f"{rel}{SUFFIX}").write_bytes(packed[rel])
            written.append(f"{rel}{SUFFIX}")
    return written
