"""The live-play library in web/vendor/, taken from its npm packages at pinned versions.

Live play (web/remote/live.js) connects the players' pages with trystero's Nostr build. Its
three packages are kept in the repository as the files the page loads, so a clone builds the
site without fetching them; this script makes those files, and the tests check that they are
exactly what it makes from the pinned tarballs (tests/test_vendored_live.py):

1. ``npm pack`` each package at its pinned version into .cache/ and refuse it unless its
   sha512 matches the pin (as Pyodide's tarball is checked);
2. copy the ES modules the page needs, rewriting the two bare imports (``@noble/secp256k1``,
   ``@trystero-p2p/core``) to relative paths (no import map, no bundler) and dropping the
   source-map comments (the maps are not shipped);
3. write web/vendor/PINS.json: every package's version, integrity and licence, and the SHA-256
   of every file written.

    python3 tools/vendor_live.py           # write web/vendor/
    python3 tools/vendor_live.py --check   # exit 1 if web/vendor/ differs from what it would write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from site_build.common import CACHE, BuildError  # noqa: E402
from site_build.pyodide_npm import check_integrity, npm_pack, safe_extract  # noqa: E402

VENDOR = ROOT / "web" / "vendor"

# `npm view <name>@<version> dist.integrity`
PACKAGES = {
    "@trystero-p2p/nostr": ("0.25.4", "sha512-QDox1VVHl0ro/CLfQVUtMS9EQbtJhQM7CCsO4SGv9KrPBT+x3bmOqQ4Y6iugsLzQ6sW+a2cwUTxjDRz/BywqMg=="),
    "@trystero-p2p/core": ("0.25.4", "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q=="),
    "@noble/secp256k1": ("3.2.0", "sha512-Z3ZAWOTxJ0EuTuZTi7Y69iK7GgrLHh8sgm45lVDhg/b3Nk1TpAiKhick2KkZisHuupeepSkyIydN/J459SdX1w=="),
}

# package -> (folder in web/vendor/, the files taken: path in the package -> name written)
CORE_MODULES = ("action-wire", "actions", "crypto", "handshake", "index", "media", "offer-pool", "peer",
                "room", "shared-peer", "signal-handler", "strategy", "topic-strategy", "utils")
TAKEN = {
    "@trystero-p2p/nostr": ("trystero-nostr", {"dist/index.mjs": "index.js", "LICENSE": "LICENSE"}),
    "@trystero-p2p/core": ("trystero-core", {**{f"dist/{m}.mjs": f"{m}.js" for m in CORE_MODULES}, "LICENSE": "LICENSE"}),
    "@noble/secp256k1": ("noble-secp256k1", {"index.js": "index.js", "LICENSE": "LICENSE"}),
}
IMPORTS = {'"@noble/secp256k1"': '"../noble-secp256k1/index.js"', '"@trystero-p2p/core"': '"../trystero-core/index.js"'}
SOURCE_MAP = re.compile(r"\n?//# sourceMappingURL=\S+\s*$")
MJS_IMPORT = re.compile(r'(from\s+"\./[\w-]+)\.mjs"')


def tarball(name: str, cache: Path = CACHE) -> Path:
    """The checked tarball of ``name`` at its pinned version (fetched once into ``cache``)."""
    version, integrity = PACKAGES[name]
    folder = cache / "vendor"
    folder.mkdir(parents=True, exist_ok=True)
    tgz = folder / f"{name.strip('@').replace('/', '-')}-{version}.tgz"
    if not tgz.exists():
        npm_pack(f"{name}@{version}", integrity, tgz)
    check_integrity(tgz.read_bytes(), integrity)  # every time: a replaced cache is refused
    return tgz


def rewrite(text: str) -> str:
    for bare, relative in IMPORTS.items():
        text = text.replace(f"from {bare}", f"from {relative}")
    text = MJS_IMPORT.sub(r'\1.js"', text)
    return SOURCE_MAP.sub("\n", text)


def vendored(cache: Path = CACHE) -> dict[str, bytes]:
    """Every file of web/vendor/ as this script makes it: relative path -> bytes."""
    files: dict[str, bytes] = {}
    pins = {}
    for name, (version, integrity) in PACKAGES.items():
        folder, taken = TAKEN[name]
        with tempfile.TemporaryDirectory() as tmp:
            safe_extract(tarball(name, cache), Path(tmp))
            package = Path(tmp) / "package"
            licence = json.loads((package / "package.json").read_text())["license"]
            for source, target in taken.items():
                data = (package / source).read_bytes()
                if target.endswith(".js"):
                    data = rewrite(data.decode("utf-8")).encode("utf-8")
                files[f"{folder}/{target}"] = data
        pins[name] = {"version": version, "integrity": integrity, "license": licence, "folder": folder}
    leftover = [p for p, d in files.items() if p.endswith(".js") and re.search(rb'from\s+"(?!\.)', d)]
    if leftover:
        raise BuildError(f"bare imports left in {leftover}")
    manifest = {"packages": pins, "files": {p: hashlib.sha256(d).hexdigest() for p, d in sorted(files.items())}}
    files["PINS.json"] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare web/vendor/ with what would be written")
    args = parser.parse_args()
    files = vendored()
    present = {p.relative_to(VENDOR).as_posix(): p.read_bytes() for p in VENDOR.rglob("*") if p.is_file()} if VENDOR.exists() else {}
    if args.check:
        differ = sorted(set(files) ^ set(present) | {p for p in files if present.get(p) != files[p]})
        for p in differ:
            print(f"web/vendor/{p}: differs from the pinned packages", file=sys.stderr)
        return 1 if differ else 0
    for p in present:
        if p not in files:
            (VENDOR / p).unlink()
    for p, data in files.items():
        (VENDOR / p).parent.mkdir(parents=True, exist_ok=True)
        (VENDOR / p).write_bytes(data)
    print(f"web/vendor/: {len(files)} files, {sum(map(len, files.values())):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
