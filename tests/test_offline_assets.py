"""The offline parts of the build, without a browser: the service worker's precache list, the
web app manifest and its icons."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def built():
    return build.private_dist()


def sw_config(dist: Path) -> dict:
    text = (dist / "sw.js").read_text()
    assert "/*CAMBRIA:SW*/" not in text
    m = re.search(r"const SW = (\{.*?\n\});", text, re.S)
    assert m, "sw.js has no filled-in SW config"
    return json.loads(m.group(1))


def test_the_service_worker_precaches_every_file_the_site_uses(built):
    dist, manifest = built
    config = sw_config(dist)
    assert config["build"] == manifest["build"]
    files = config["files"]
    everything = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.suffix != ".br"}
    assert set(files) == everything - build.PRECACHE_SKIP
    for needed in ("index.html", "app.js", "bridge.js", "worker.js", "engine-load.js", "engine-files.js",
                   "loading.js", "style.css", "manifest.webmanifest", manifest["assets"]["stdlib"], manifest["assets"]["engine"],
                   f"{build.PYODIDE_DIR}/pyodide.asm.wasm", f"{build.PYODIDE_DIR}/pyodide.asm.wasm.gz",
                   f"{build.PYODIDE_DIR}/pyodide.mjs", f"{build.PYODIDE_DIR}/pyodide.asm.mjs",
                   f"{build.PYODIDE_DIR}/pyodide.asm.mjs.gz"):
        assert needed in files, needed
    for asset in ("snapshot", "snapshot_stdlib", "snapshot_engine"):
        assert manifest["assets"][asset] in files, asset
    # every JS module the page imports is there (a missing one would break offline starts)
    for js in dist.glob("*.js"):
        for imported in re.findall(r"""from\s+["']\./([\w./-]+)["']""", js.read_text()):
            assert imported in files, f"{js.name} imports {imported}, which is not precached"
    for path, digest in files.items():
        assert digest == hashlib.sha256((dist / path).read_bytes()).hexdigest()[:16], path
    assert manifest["offline"] == {"cache": f"cambria-{manifest['build']}", "precache": sorted(files)}


def test_only_what_a_visit_requests_is_shipped_and_precached(built):
    """Pyodide's stock standard library and its lock file are never requested: not shipped.
    Of each (gzipped, plain) pair the service worker precaches one; the whole standard library
    is fetched only if the memory snapshot fails."""
    dist, manifest = built
    assert not (dist / build.PYODIDE_DIR / "python_stdlib.zip").exists()
    assert not (dist / build.PYODIDE_DIR / "pyodide-lock.json").exists()
    worker = (dist / "worker.js").read_text()
    assert "python_stdlib.zip" not in worker and "pyodide-lock.json" not in worker
    assert "lockFileContents" in (dist / "engine-load.js").read_text()
    config = sw_config(dist)
    zips = [manifest["assets"][k] for k in ("stdlib", "snapshot_stdlib", "engine", "snapshot_engine")]
    assert config["pairs"] == ({f"{build.PYODIDE_DIR}/{n}.gz": f"{build.PYODIDE_DIR}/{n}" for n in build.COMPRESSED}
                               | {f"{z}.gz": z for z in zips})
    for packed, plain in config["pairs"].items():
        assert gzip.decompress((dist / packed).read_bytes()) == (dist / plain).read_bytes()
    assert config["onDemand"] == [manifest["downloads"]["stdlib"], manifest["assets"]["stdlib"],
                                  manifest["downloads"]["engine"], manifest["assets"]["engine"]]
    # the files the worker checks itself (size and SHA-256) go out from the cache unchecked
    assert set(config["checkedByWorker"]) == set(manifest["downloads"].values()) | set(zips) | {
        f"{build.PYODIDE_DIR}/pyodide.asm.wasm"}
    assert "app.js" in config["versioned"] and "style.css" in config["versioned"]
    for lang in ("en", "de", "es", "ru"):
        assert config["messages"][lang]["loading.brokenOffline"]


def test_an_unbuilt_service_worker_does_nothing():
    text = (ROOT / "web" / "sw.js").read_text()
    assert build.SW_RE.search(text)
    assert "if (!SW) return" in text


def test_a_new_build_gets_a_new_cache(tmp_path):
    """Any change of the site's files changes the build id, so the service worker's bytes and
    its cache name: the browser installs it as a new version."""
    configs = []
    for variant in ("", "\n/* changed */\n"):
        web = tmp_path / f"web{len(configs)}"
        shutil.copytree(ROOT / "web", web)
        (web / "style.css").write_text((ROOT / "web" / "style.css").read_text() + variant)
        out = tmp_path / f"dist{len(configs)}"
        configs.append((build.build(out, quiet=True, web=web)["build"], sw_config(out)))
    (id_a, sw_a), (id_b, sw_b) = configs
    assert id_a != id_b and sw_a["build"] == id_a and sw_b["build"] == id_b
    changed = {path for path in sw_a["files"] if sw_a["files"][path] != sw_b["files"].get(path)}
    # the files that carry the build id change too; the worker reuses all others (Pyodide, the
    # standard library, the engine, the snapshot: nearly all the bytes) from the old cache
    assert changed == {"style.css", "index.html", "bridge.js", "worker.js"}


# ------------------------------------------------------------------ manifest and icons

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    crc = struct.unpack(">I", data[29:33])[0]
    assert crc == zlib.crc32(data[12:29])
    return width, height


def test_the_manifest_makes_an_installable_app(built):
    dist, _ = built
    m = json.loads((dist / "manifest.webmanifest").read_text())
    assert m["name"] and m["short_name"]
    assert m["display"] == "standalone"
    assert m["start_url"] == "./" and m["scope"] == "./"  # relative: works from any sub-path
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    sizes = {}
    for icon in m["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon["src"]
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = png_size(data)
            assert f"{w}x{h}" == icon["sizes"]
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"] and {192, 512} <= sizes["maskable"]
    html = (dist / "index.html").read_text()
    assert re.search(r'<link rel="manifest" href="manifest\.webmanifest"', html)
    assert 'rel="apple-touch-icon"' in html


def test_the_icons_are_what_the_drawing_script_makes():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ------------------------------------------------------------------ precompressed files

DECODE = """
const zlib = require("node:zlib"), fs = require("node:fs"), crypto = require("node:crypto");
const out = {};
for (const path of JSON.parse(fs.readFileSync(0, "utf8"))) {
  out[path] = crypto.createHash("sha256").update(zlib.brotliDecompressSync(fs.readFileSync(path))).digest("hex");
}
process.stdout.write(JSON.stringify(out));
"""


def test_every_brotli_sibling_decodes_to_the_content_of_its_file(built):
    """A host that serves precompressed files sends x.br for x with Content-Encoding: br: it
    must decode (here with Node's brotli, as a browser would) to x's content (for a gzip file,
    to what the gzip holds: the worker takes that as it is).  Every big download has one, and
    each is smaller than what a plain host sends."""
    dist, manifest = built
    siblings = sorted(p for p in dist.rglob("*.br"))
    node = shutil.which("node")
    assert node, "node is needed (the build needs it too)"
    proc = subprocess.run([node, "-e", DECODE], input=json.dumps([str(p) for p in siblings]),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    decoded = json.loads(proc.stdout)
    for br in siblings:
        original = br.with_suffix("")
        data = original.read_bytes()
        content = gzip.decompress(data) if original.suffix == ".gz" else data
        assert decoded[str(br)] == hashlib.sha256(content).hexdigest(), br
        assert br.stat().st_size <= 0.9 * original.stat().st_size, br  # worth a sibling
    names = {p.relative_to(dist).as_posix() for p in siblings}
    for url in (*manifest["downloads"].values(), "index.html", "worker.js", f"{build.PYODIDE_DIR}/pyodide.mjs"):
        assert f"{url}.br" in names, url
    assert manifest["files"][manifest["downloads"]["wasm"] + ".br"] < 0.85 * manifest["files"][manifest["downloads"]["wasm"]]
    # not for a file of a few bytes (the request's headers weigh more)
    small = [n for n, size in manifest["files"].items() if size < 1024 and not n.endswith(".br")]
    assert len(small) >= 3 and "manifest.webmanifest" in small
    assert not [n for n in small if f"{n}.br" in names]
    assert sorted(names) == sorted(n for n in manifest["files"] if n.endswith(".br"))
