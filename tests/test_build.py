"""build.py: the integrity check, the engine archive, the slim standard library, the page
rendering, the snapshot encoding, the built dist/."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import random
import re
import shutil
import subprocess
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
    cache = tmp_path / f"pyodide-{build.PYODIDE_VERSION}"
    cache.mkdir(parents=True)
    (cache / f"pyodide-{build.PYODIDE_VERSION}.tgz").write_bytes(b"\x1f\x8b not the real thing")
    monkeypatch.setattr(shutil, "which", lambda name: pytest.fail("npm must not run"))
    with pytest.raises(build.IntegrityError):
        build.fetch_pyodide(tmp_path)
    assert not (cache / "package").exists()


# ------------------------------------------------------------------------------ the engine archive

def expected_sources() -> set[str]:
    """Every module and every data file (JSON) anywhere under cambria/."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "cambria").rglob("*")
            if p.suffix in (".py", ".json") and "__pycache__" not in p.parts}


def test_source_archive_has_every_module_and_data_file():
    names = set(zipfile.ZipFile(io.BytesIO(build.source_archive())).namelist())
    assert names == expected_sources()
    assert "cambria/__init__.py" in names
    assert sum(n.endswith(".json") for n in names) >= 2  # the maps, wherever they live


def test_source_archive_follows_the_package_wherever_files_move(tmp_path):
    """The lead moves modules and maps into subpackages: the archive must follow by itself."""
    pkg = tmp_path / "cambria"
    (pkg / "games" / "hibernia").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "games" / "__init__.py").write_text("")
    (pkg / "games" / "hibernia" / "board.json").write_text("{}")
    (pkg / "games" / "hibernia" / "rules.py").write_text("X = 1\n")
    (pkg / "games" / "__pycache__").mkdir()
    (pkg / "games" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"stale")
    (pkg / "notes.txt").write_text("not shipped")
    names = set(zipfile.ZipFile(io.BytesIO(build.source_archive(pkg))).namelist())
    assert names == {"cambria/__init__.py", "cambria/games/__init__.py", "cambria/games/hibernia/board.json",
                     "cambria/games/hibernia/rules.py"}


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
    for name in sources:
        if name.endswith(".json"):
            assert json.loads(archive.read(name)) is not None, name


def stock_stdlib() -> set[str]:
    return set(zipfile.ZipFile(build.fetch_pyodide() / "python_stdlib.zip").namelist())


def test_the_shipped_stdlib_is_bytecode_of_the_modules_the_site_needs_only(manifest, dist):
    names = set(zipfile.ZipFile(dist / manifest["assets"]["stdlib"]).namelist())
    stock_py = {n for n in stock_stdlib() if n.endswith(".py")}
    assert len(stock_py) > 400
    assert not any(n.endswith(".py") for n in names)
    shipped = {n for n in names if n.endswith(".pyc")}
    assert shipped <= {n[:-3] + ".pyc" for n in stock_py}
    # slim: well under half of the modules, yet what the engine and Pyodide's start-up need
    assert 100 < len(shipped) < len(stock_py) / 2
    for module in ("json", "random", "traceback", "asyncio", "zipfile", "encodings.utf_8", "dataclasses"):
        path = module.replace(".", "/")
        assert f"{path}.pyc" in names or f"{path}/__init__.pyc" in names, module
    for never in ("tkinter/__init__.pyc", "unittest/__init__.pyc", "pydoc.pyc", "sqlite3/__init__.pyc"):
        assert never not in names
    for pyc in shipped:
        data = zipfile.ZipFile(dist / manifest["assets"]["stdlib"]).read(pyc)
        assert int.from_bytes(data[4:8], "little") == 0b01, f"{pyc}: not an unchecked hash-based pyc"


def test_a_start_from_the_snapshot_gets_only_what_the_snapshot_lacks(manifest, dist):
    assert manifest["assets"]["snapshot"], "built without its memory snapshot"
    full = set(zipfile.ZipFile(dist / manifest["assets"]["stdlib"]).namelist())
    lazy = set(zipfile.ZipFile(dist / manifest["assets"]["snapshot_stdlib"]).namelist())
    assert lazy < full and len(lazy) < len(full) / 4
    assert "asyncio/__init__.pyc" not in lazy  # imported by Pyodide's start-up: in the snapshot
    assert "argparse.pyc" in lazy  # the engine's command line: never imported in the browser until asked


def test_module_entries_bring_their_packages_and_skip_builtins():
    available = {"a/__init__.pyc", "a/b/__init__.pyc", "a/b/c.pyc", "a/b/py.typed", "d.pyc", "e/__init__.pyc"}
    assert build.module_entries({"a.b.c", "sys", "d"}, available) == {
        "a/__init__.pyc", "a/b/__init__.pyc", "a/b/c.pyc", "a/b/py.typed", "d.pyc"}


def test_the_static_scan_finds_imports_inside_functions(tmp_path):
    pkg = tmp_path / "cambria"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import json\nfrom . import x\n")
    (pkg / "x.py").write_text("def f():\n    import csv\n    from email import message\n"
                              "    from cambria import y\n    from .z import w\n")
    names, from_names = build.static_imports(pkg)
    assert names == {"json", "csv", "email"}
    assert from_names == {"email.message"}


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
    # live play's third parties, named in one place (docs/remote-play.md, "Live play"): the page's
    # policy and that file may name them, no other file
    live = json.loads((build.WEB / "remote" / "live.json").read_text())
    named = {re.sub(r"^\w+:(//)?", "", u).split(":")[0].split("/")[0] for u in live["relays"] + live["stun"]}
    for path in ours:
        text = path.read_text()
        if "vendor" in path.relative_to(dist).parts:
            # the libraries cite papers and specifications in their comments; their code names no host
            text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
            text = re.sub(r"(?m)^\s*//.*$", "", text)
        urls = re.findall(r"\b(?:wss?:|https?:)?//[A-Za-z0-9.-]+\.[a-z]{2,}[^\s\"'<>)]*", text)
        allowed = named if path.name in ("index.html", "live.json") else set()
        hosts = {u: re.match(r"(?:\w+:)?//([A-Za-z0-9.-]+)", u).group(1) for u in urls}
        foreign = [u for u in urls if not (hosts[u] == "www.w3.org" or hosts[u] in allowed)]
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
    assert len(blob) <= 20 + 4 * ((size + 4095) // 4096) + size


def test_snapshot_xor_with_the_data_segments_round_trip():
    rng = random.Random(7)
    segments = [(100, rng.randbytes(5000)), (9000, rng.randbytes(300)), (20000, b"\x01" * 10)]
    base = 144
    memory = bytearray(base + 40000)
    for address, seg in segments:
        memory[base + address:base + address + len(seg)] = seg
    memory[base + 150] ^= 0xFF  # the program changed one byte of its static data
    memory[base + 30000:base + 30010] = b"heap data!"
    blob = build.sparse_encode(bytes(memory), base=base, segments=segments)
    assert build.sparse_decode(blob, segments) == bytes(memory)
    # unchanged static data turned into zero pages: only two pages are stored
    count = int.from_bytes(blob[12:16], "little")
    assert count == 2


def test_the_wasm_data_segments_are_read(manifest):
    wasm = (build.fetch_pyodide() / "pyodide.asm.wasm").read_bytes()
    segments = build.data_segments(wasm)
    assert len(segments) > 100 and sum(len(s) for _, s in segments) > 1_000_000
    assert all(address >= 0 for address, _ in segments)
    with pytest.raises(ValueError):
        build.data_segments(b"not wasm")


def test_the_shipped_snapshot_decodes_to_a_pyodide_snapshot(manifest, dist):
    blob = gzip.decompress((dist / manifest["assets"]["snapshot"]).read_bytes())
    segments = build.data_segments((build.fetch_pyodide() / "pyodide.asm.wasm").read_bytes())
    raw = build.sparse_decode(blob, segments)
    header = int.from_bytes(raw[4:8], "little")
    assert 16 < header < 1 << 20 and len(raw) > 16 << 20
    # the header's JSON and, once XORed back, the wasm's own static data where it was unchanged
    assert b"hiwireKeys" in raw[:header]
    address, seg = max(segments, key=lambda s: len(s[1]))
    same = sum(a == b for a, b in zip(raw[header + address:header + address + 4096], seg[:4096], strict=True))
    assert same > 3000


def test_the_worker_decodes_the_snapshot_as_the_build_encoded_it(manifest, dist, tmp_path):
    """web/engine-files.js (under Node) and the build agree on every byte of the snapshot."""
    blob = gzip.decompress((dist / manifest["assets"]["snapshot"]).read_bytes())
    wasm_path = build.fetch_pyodide() / "pyodide.asm.wasm"
    expected = hashlib.sha256(build.sparse_decode(blob, build.data_segments(wasm_path.read_bytes()))).hexdigest()
    (tmp_path / "snapshot.csn2").write_bytes(blob)
    script = tmp_path / "decode.mjs"
    script.write_text(
        'import { readFileSync } from "node:fs";\n'
        'import { createHash } from "node:crypto";\n'
        f'const {{ expandSnapshot }} = await import({json.dumps((ROOT / "web" / "engine-files.js").as_uri())});\n'
        f'const raw = expandSnapshot(new Uint8Array(readFileSync({json.dumps(str(tmp_path / "snapshot.csn2"))})),\n'
        f'                           new Uint8Array(readFileSync({json.dumps(str(wasm_path))})));\n'
        'console.log(createHash("sha256").update(raw).digest("hex"));\n')
    proc = subprocess.run([build.need_tool("node", "install Node.js"), str(script)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == expected


# ------------------------------------------------------------------------------ the Content-Security-Policy

def test_the_page_has_a_strict_content_security_policy(dist):
    html = (dist / "index.html").read_text()
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert m, "no CSP meta tag"
    assert html.index(m.group(0)) < min(html.index("<script"), html.index("<link"))
    policy = dict(d.strip().split(" ", 1) for d in m.group(1).split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"
    assert "'unsafe-inline'" not in m.group(1) and "'unsafe-eval'" not in m.group(1)
    scripts = policy["script-src"].split()
    assert scripts[:2] == ["'self'", "'wasm-unsafe-eval'"]
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == 1  # the one inline script, allowed by its hash and nothing else
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert scripts[2:] == [f"'sha256-{digest}'"]


def test_the_policy_names_each_inline_style_by_its_hash():
    page = '<html><head></head><body><svg><g style="transform: translate(1px, 2px)"></g></svg>' \
           "<script>x()</script></body></html>"
    policy = build.content_security_policy(page)
    style = base64.b64encode(hashlib.sha256(b"transform: translate(1px, 2px)").digest()).decode()
    assert f"style-src 'self' 'unsafe-hashes' 'sha256-{style}'" in policy
    assert "style-src 'self';" in build.content_security_policy("<p>no inline style</p>")


def test_a_start_from_the_snapshot_gets_only_the_engines_data_files(manifest, dist):
    """The snapshot has the engine's modules imported: what it still needs of the engine archive
    is its data files (maps, tables), the same bytes, and nothing else."""
    with zipfile.ZipFile(dist / manifest["assets"]["engine"]) as whole, \
            zipfile.ZipFile(dist / manifest["assets"]["snapshot_engine"]) as data:
        expected = {n: whole.read(n) for n in whole.namelist() if n.endswith(".json")}
        assert {n: data.read(n) for n in data.namelist()} == expected
    assert "cambria/games/cambria/maps/cambria.json" in expected
    assert "cambria/games/cambria/fort_stats.json" in expected


def test_the_worker_unpacks_the_engine_archive_as_zipfile_does(manifest, dist, tmp_path):
    """web/engine-files.js's own unzip (under Node, into a stand-in for Pyodide's file system)
    writes exactly the files and bytes Python's zipfile reads from the archive."""
    archive = dist / manifest["assets"]["engine"]
    script = tmp_path / "unzip.mjs"
    script.write_text(
        'import { readFileSync } from "node:fs";\n'
        'import { createHash } from "node:crypto";\n'
        f'const {{ unzipInto }} = await import({json.dumps((ROOT / "web" / "engine-files.js").as_uri())});\n'
        'const files = {}; const dirs = new Set();\n'
        'const FS = { mkdirTree: (d) => dirs.add(d), writeFile: (p, data) => {\n'
        '  if (!dirs.has(p.slice(0, p.lastIndexOf("/")))) throw new Error("no folder for " + p);\n'
        '  files[p] = createHash("sha256").update(data).digest("hex"); } };\n'
        f'await unzipInto(FS, new Uint8Array(readFileSync({json.dumps(str(archive))})), "/home/pyodide");\n'
        'console.log(JSON.stringify(files));\n')
    proc = subprocess.run([build.need_tool("node", "install Node.js"), str(script)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(archive) as z:
        expected = {f"/home/pyodide/{i.filename}": hashlib.sha256(z.read(i)).hexdigest()
                    for i in z.infolist() if not i.is_dir()}
    assert json.loads(proc.stdout) == expected


def test_the_page_preloads_its_whole_module_graph(dist):
    html = (dist / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="([\w./-]+)">', html)
    assert len(preloaded) == len(set(preloaded)) > 5
    for module in preloaded:
        assert (dist / module).is_file(), module
    # every module imported (statically) by a preloaded module or an entry script is preloaded
    entries = re.findall(r'<script type="module" src="([\w./-]+\.js)', html)
    for name in entries + preloaded:
        for imported in re.findall(r"""^\s*import\s[^;]*?from\s*["']\./([\w./-]+)["']""",
                                   (dist / name).read_text(), re.M):
            target = str(Path(name).parent / imported).lstrip("./") if "/" in name else imported
            assert target in preloaded or target in entries, f"{name} imports {target}, not preloaded"
    assert html.index("modulepreload") < html.index('<script type="module"')
