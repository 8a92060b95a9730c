"""Live play's library (web/vendor/) is exactly its pinned npm packages, and the page may reach
no address but its own and the relays web/remote/live.json names."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent


def _vendor_tool():
    spec = importlib.util.spec_from_file_location("vendor_live", ROOT / "tools" / "vendor_live.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vendored_library_is_the_pinned_packages_with_relative_imports():
    tool = _vendor_tool()
    made = tool.vendored()  # npm pack at the pinned versions, refused unless the sha512 matches
    vendor = ROOT / "web" / "vendor"
    present = {p.relative_to(vendor).as_posix(): p.read_bytes() for p in vendor.rglob("*") if p.is_file()}
    assert set(present) == set(made)
    assert [p for p in made if present[p] != made[p]] == []
    pins = json.loads(present["PINS.json"])
    assert {name: p["version"] for name, p in pins["packages"].items()} == {
        "@trystero-p2p/nostr": "0.25.4", "@trystero-p2p/core": "0.25.4", "@noble/secp256k1": "3.2.0"}
    for path, data in made.items():
        if path.endswith(".js"):
            bare = re.findall(rb'(?:from|import)\s*\(?\s*"([^".][^"]*)"', data)
            assert bare == [], f"{path} imports {bare}: the browser cannot resolve a bare name"


def test_a_damaged_tarball_is_refused(tmp_path):
    tool = _vendor_tool()
    name = "@noble/secp256k1"
    good = tool.tarball(name)
    cache = tmp_path / "cache"
    (cache / "vendor").mkdir(parents=True)
    bad = cache / "vendor" / good.name
    data = bytearray(good.read_bytes())
    data[len(data) // 2] ^= 1
    bad.write_bytes(bytes(data))
    try:
        tool.tarball(name, cache)
    except build.IntegrityError:
        pass
    else:
        raise AssertionError("a changed tarball was used")


def test_the_page_may_connect_only_to_its_origin_and_the_named_relays():
    relays = json.loads((ROOT / "web" / "remote" / "live.json").read_text())["relays"]
    assert relays and all(r.startswith("wss://") for r in relays)
    from site_build.page import content_security_policy  # (build put tools/ on the path)

    policy = content_security_policy("<html></html>")
    connect = next(d for d in policy.split("; ") if d.startswith("connect-src "))
    assert connect.split()[1:] == ["'self'", *relays]
