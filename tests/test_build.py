"""build.py: the integrity check, the engine archive, the page rendering, the built dist/."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import random
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

pytestmark = pytest.mark.timeout(300)


def sri(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


# ------------------------------------------------------------------------------ integrity

def test_integrity_accepts_the_right_bytes():
    data = b"pyodide tarball" * 1000
    build.check_integrity(data, sri(data))


@pytest.mark.parametrize("position", [0, 7, -1])
def test_integrity_rejects_a_tampered_tarball(position):
    data = bytearray(b"pyodide tarball" * 1000)
    pinned = sri(bytes(data))
    data[position] ^= 0x01
    with pytest.raises(build.IntegrityError, match="integrity check failed"):
        build.check_integrity(bytes(data), pinned)


@pytest.mark.parametrize("bad", ["", "sha512", "md5-AAAA", "sha512-not base64!", "sha512-" + "A" * 88])
def test_integrity_rejects_malformed_or_wrong_pins(bad):
    with pytest.raises(build.IntegrityError):
        build.check_integrity(b"data", bad)


def test_the_pin_is_a_sha512():
    assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", build.PYODIDE_INTEGRITY)


def test_a_tampered_cached_tarball_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path)
    cache = build.pyodide_cache()
    cache.mkdir(parents=True)
    (cache / f"pyodide-{build.PYODIDE_VERSION}.tgz").write_bytes(b"\x1f\x8b not the real thing")
    monkeypatch.setattr(build.shutil, "which", lambda name: pytest.fail("npm must not run"))
    with pytest.raises(build.IntegrityError):
        build.fetch_pyodide()
    assert not (cache / "package").exists()


# ------------------------------------------------------------------------------ the engine archive

def expected_sources() -> set[str]:
    files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cambria").rglob("*.py")
             if "__pycache__" not in p.parts}
    files |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "cambria" / "maps").glob("*.json")}
    return files


def test_source_archive_has_every_module_and_map():
    names = set(zipfile.ZipFile(io.BytesIO(build.source_archive())).namelist())
    assert names == expected_sources()
    assert {"cambria/__init__.py", "cambria/webapi.py", "cambria/maps/cambria.json",
            "cambria/maps/cumbria.json"} <= names


def test_source_archive_is_reproducible():
    assert build.source_archive() == build.source_archive()


@pytest.fixture(scope="module")
def built():
    """(folder, manifest) of a private copy of the built site."""
    return build.private_dist()


@pytest.fixture(scope="module")
def manifest(built):
    return built[1]


@pytest.fixture(scope="module")
def dist(built):
    return built[0]


def test_built_engine_archive_has_sources_maps_and_bytecode(manifest, dist):
    archive = zipfile.ZipFile(dist / manifest["assets"]["engine"])
    names = set(archive.namelist())
    sources = expected_sources()
    assert sources <= names
    for name in sources:
        if name.endswith(".py"):
            folder, _, base = name.rpartition("/")
            pyc = f"{folder}/__pycache__/{base[:-3]}.cpython-314.pyc"
            assert pyc in names, pyc
            data = archive.read(pyc)
            flags = int.from_bytes(data[4:8], "little")
            assert flags == 0b01, f"{pyc}: not an unchecked hash-based pyc (flags {flags})"
    assert names - sources - {n for n in names if "/__pycache__/" in n} == set()
    for map_id in ("cambria", "cumbria"):
        assert json.loads(archive.read(f"cambria/maps/{map_id}.json"))


def test_precompiled_stdlib_replaces_sources_with_bytecode(manifest, dist):
    stdlib = zipfile.ZipFile(dist / manifest["assets"]["stdlib"])
    names = set(stdlib.namelist())
    stock = set(zipfile.ZipFile(dist / build.PYODIDE_DIR / "python_stdlib.zip").namelist())
    stock_py = {n for n in stock if n.endswith(".py")}
    assert len(stock_py) > 400
    assert {n[:-3] + ".pyc" for n in stock_py} <= names
    assert not any(n.endswith(".py") for n in names)


# ------------------------------------------------------------------------------ the page

def test_page_has_boards_build_id_and_no_placeholders(manifest, dist):
    html = (dist / "index.html").read_text()
    assert "<!--CAMBRIA:" not in html
    assert manifest["build"] in html
    assert html.count("<svg") >= 2
    worker = (dist / "worker.js").read_text()
    assert "/*CAMBRIA:CONFIG*/" not in worker and manifest["assets"]["engine"] in worker
    assert build.JS_BUILD_MARK not in (dist / "bridge.js").read_text()


def test_our_files_use_relative_urls_and_name_no_other_host(dist):
    ours = [p for p in dist.rglob("*") if p.is_file() and p.suffix in (".html", ".js", ".css", ".json",
                                                                             ".webmanifest")
            and build.PYODIDE_DIR not in p.parts]
    assert ours
    for path in ours:
        text = path.read_text()
        urls = re.findall(r"\b(?:https?:)?//[A-Za-z0-9.-]+\.[a-z]{2,}[^\s\"'<>)]*", text)
        foreign = [u for u in urls if not u.lstrip("htps:/").startswith("www.w3.org/")]
        assert foreign == [], f"{path.name} names other hosts: {foreign}"
        assert not re.search(r"""(?:src|href)=["']/(?!/)""", text), f"{path.name} has a root-relative URL"


def test_render_boards_draws_each_map():
    html = build.render_boards("<a><!--CAMBRIA:BOARD:cambria--></a><b><!--CAMBRIA:BOARD:cumbria--></b>")
    assert html.count("<svg") == 2 and "<!--CAMBRIA:" not in html


def test_render_boards_fails_clearly_on_an_unknown_map():
    with pytest.raises(build.BuildError, match="no-such-map"):
        build.render_boards("<!--CAMBRIA:BOARD:no-such-map-->")


# ------------------------------------------------------------------------------ the snapshot encoding

@pytest.mark.parametrize("size", [0, 1, 4095, 4096, 4097, 3 * 4096 + 17])
def test_sparse_snapshot_round_trip(size):
    rng = random.Random(size)
    data = bytearray(size)
    for _ in range(size // 3000 + 1):
        if size:
            i = rng.randrange(size)
            data[i:i + 100] = rng.randbytes(min(100, size - i))
    blob = build.sparse_encode(bytes(data))
    assert build.sparse_decode(blob) == bytes(data)
    assert len(blob) <= 16 + 4 * ((size + 4095) // 4096) + size
