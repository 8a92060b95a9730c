"""A device's identity for remote games (web/remote/device.js, docs/remote-play.md "Devices, seats
and keys"): per game an ECDSA P-256 key pair whose private key cannot be read out, and a 32-byte
dice-chain seed, kept in IndexedDB across reloads; one transaction per operation, so a refusal
(an existing game, a missing one, no storage, a full quota) changes nothing.

Most tests run the module in Chromium, in a blank document of the site's origin (served by a
route, so no engine loads beside them); the reload test runs it in the real page, under its CSP,
in Chromium, Firefox and WebKit, and Python's verifier (cambria/remote/p256.py) checks what the
page signs."""

from __future__ import annotations

import base64
import random

import pytest

from cambria.remote import p256
from test_engines import engine_node, engine_open, xvfb  # noqa: F401 (the other engines' fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]  # the first test may wait for a build

BLANK = "remote-device-test.html"  # a route, not a file of the site

# In the page: `m` is web/remote/device.js, `b` web/remote/base64url.js; `code(promise)` turns a
# DeviceError into its code (any other error into its name): a test reads refusals as values.
PRELUDE = """
  const m = await import(new URL('remote/device.js', document.baseURI).href);
  const b = await import(new URL('remote/base64url.js', document.baseURI).href);
  const code = async (promise) => { try { await promise; return 'ok'; } catch (e) { return typeof e.code === 'string' ? e.code : e.name; } };
  const bytes = (list) => Uint8Array.from(list);
  const verify = async (pub, message, sig) => {
    const key = await crypto.subtle.importKey('raw', b.fromBase64url(pub), { name: 'ECDSA', namedCurve: 'P-256' },
                                              false, ['verify']);
    return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b.fromBase64url(sig), bytes(message));
  };
"""


def in_page(page, body: str, arg=None):
    """Run `body` (an async function body that sees PRELUDE's names and `arg`) in the page."""
    return page.evaluate(f"async (arg) => {{ {PRELUDE}\n{body} }}", arg)


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture
def blank_page(context_for, site):
    """``blank_page(context=None)`` -> a page on a blank document of the site's origin (a fresh
    context, i.e. a fresh browser profile, unless one is given), with its console errors in
    ``page.errors``."""

    def make(context=None):
        ctx = context or context_for()
        ctx.route(site.url + BLANK, lambda route: route.fulfill(
            status=200, content_type="text/html", body="<!doctype html><title>device test</title>"))
        page = ctx.new_page()
        page.errors = []
        page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(site.url + BLANK)
        return page

    return make


MESSAGE = list("{\"game\":\"Ωx\",\"prev\":1}".encode()) + [0, 255, 128]


# `stored(tag)`: the entry as any script of the origin could read it, straight from IndexedDB
# (opened once the module has made the database: opening it first would make it without a store)
STORED = """
  const stored = (tag) => new Promise((ok, no) => {
    const open = indexedDB.open('cambria-remote');
    open.onerror = () => no(open.error);
    open.onsuccess = () => {
      const r = open.result.transaction('devices').objectStore('devices').get(tag);
      r.onsuccess = () => { open.result.close(); ok(r.result); };
    };
  });
"""


def keys_survive_a_reload(page) -> None:
    """Make a device for a game, sign, reload, sign again: the same key, kept as a private key
    that cannot be exported; both signatures verify in Python (as the other devices will check
    them: 64 bytes r‖s, not DER) and in the page, and a changed message does not."""
    first = in_page(page, STORED + """
      const store = await m.openDeviceStore();
      const { publicKey } = await store.create('game-1');
      const key = (await stored('game-1')).privateKey;
      return { publicKey, same: await store.publicKey('game-1'), sig: await store.sign('game-1', bytes(arg)),
               key: [key.type, key.extractable, key.usages], export: await code(crypto.subtle.exportKey('pkcs8', key)) };
    """, MESSAGE)
    assert first["publicKey"] == first["same"]
    assert first["key"] == ["private", False, ["sign"]] and first["export"] == "InvalidAccessError"
    pub = unb64(first["publicKey"])
    assert len(pub) == 65 and pub[0] == 4  # the raw uncompressed point 04‖x‖y
    page.reload()
    after = in_page(page, """
      const store = await m.openDeviceStore();
      const pub = await store.publicKey('game-1');
      const sig = await store.sign('game-1', bytes(arg.message));
      return { pub, sig, tags: await store.list(), ok: await verify(pub, arg.message, sig),
               before: await verify(pub, arg.message, arg.sig),
               tampered: await verify(pub, [...arg.message, 0], sig) };
    """, {"message": MESSAGE, "sig": first["sig"]})
    assert after["pub"] == first["publicKey"], "the reload brought back another key"
    assert after["tags"] == ["game-1"]
    assert after["ok"] and after["before"] and not after["tampered"]
    message = bytes(MESSAGE)
    for sig in (first["sig"], after["sig"]):
        assert len(unb64(sig)) == 64 and p256.verify(pub, message, unb64(sig))
        assert not p256.verify(pub, message + b"\0", unb64(sig))


def test_a_devices_keys_survive_a_reload_and_sign_what_its_public_key_verifies(open_page):
    s = open_page()  # the real page: the module loads under the site's CSP
    keys_survive_a_reload(s.page)
    # and the page checks Python's signatures (the same curve, encoding and hash both ways)
    key = p256.private_from_seed(b"test_remote_device")
    message = bytes(MESSAGE)
    python_sig = base64.urlsafe_b64encode(p256.sign(key, message)).decode().rstrip("=")
    python_pub = base64.urlsafe_b64encode(p256.public_key(key)).decode().rstrip("=")
    assert in_page(s.page, "return verify(arg.pub, arg.m, arg.sig);", {"pub": python_pub, "m": MESSAGE, "sig": python_sig})
    s.assert_clean()


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")  # Selenium's own, as in test_engines.py
def test_firefox_and_webkit_keep_a_devices_keys_too(request, engine):
    """The same in the other engines we test (test_engines.py's drivers): each stores a CryptoKey
    in IndexedDB and signs P-256 in the form Python checks."""
    s = request.getfixturevalue("engine_open")(engine, viewport={"width": 1280, "height": 800})
    keys_survive_a_reload(s.page)
    s.assert_clean()


def test_the_private_key_cannot_be_read_out_and_each_game_has_its_own_seed(blank_page):
    page = blank_page()
    got = in_page(page, STORED + """
      const store = await m.openDeviceStore();
      await store.create('a');
      await store.create('b');
      const a = await stored('a');
      const exports = {};
      for (const format of ['pkcs8', 'jwk']) exports[format] = await code(crypto.subtle.exportKey(format, a.privateKey));
      return { exports, extractable: a.privateKey.extractable, type: a.privateKey.type, usages: a.privateKey.usages,
               storedSeed: Array.from(a.seed), storedPub: b.toBase64url(a.publicKey),
               seeds: [await store.seed('a'), await store.seed('b')], pubs: [await store.publicKey('a'), await store.publicKey('b')],
               none: [await store.seed('c'), await store.publicKey('c')] };
    """)
    assert got["type"] == "private" and got["extractable"] is False and got["usages"] == ["sign"]
    assert got["exports"] == {"pkcs8": "InvalidAccessError", "jwk": "InvalidAccessError"}
    seed_a, seed_b = (unb64(x) for x in got["seeds"])
    assert len(seed_a) == len(seed_b) == 32 and seed_a != seed_b
    assert list(seed_a) == got["storedSeed"] and got["pubs"][0] == got["storedPub"]
    assert got["pubs"][0] != got["pubs"][1]
    assert got["none"] == [None, None]
    assert page.errors == []


def test_a_refused_operation_changes_nothing(blank_page):
    page = blank_page()
    got = in_page(page, """
      const store = await m.openDeviceStore();
      const out = {};
      const first = (await store.create('new-game')).publicKey;
      out.createTwice = await code(store.create('new-game'));
      out.keptKey = (await store.publicKey('new-game')) === first;
      out.signMissing = await code(store.sign('nobody', bytes(arg)));
      out.removeMissing = await code(store.remove('nobody'));
      out.rekeyMissing = await code(store.rekey('nobody', 'other'));
      out.badTags = [await code(store.create('')), await code(store.create('x'.repeat(65))),
                     await code(store.create('a b')), await code(store.sign('ä', bytes(arg)))];
      out.notBytes = await code(store.sign('new-game', 'text'));
      const other = (await store.create('other')).publicKey;
      out.rekeyOnto = await code(store.rekey('new-game', 'other'));
      out.bothKept = [(await store.publicKey('new-game')) === first, (await store.publicKey('other')) === other];
      // the game's id is known once the invite is signed: the entry moves, its keys unchanged
      await store.rekey('new-game', 'GAMEID_0123-abc');
      out.moved = { tags: await store.list(), pub: (await store.publicKey('GAMEID_0123-abc')) === first,
                    old: await store.publicKey('new-game'),
                    signs: await verify(first, arg, await store.sign('GAMEID_0123-abc', bytes(arg))) };
      await store.remove('other');
      out.afterRemove = await store.list();
      return out;
    """, MESSAGE)
    assert got["createTwice"] == "device_exists" and got["keptKey"]
    assert got["signMissing"] == got["removeMissing"] == got["rekeyMissing"] == "device_missing"
    assert got["badTags"] == ["bad_tag"] * 4
    assert got["notBytes"] == "bad_input"
    assert got["rekeyOnto"] == "device_exists" and got["bothKept"] == [True, True]
    assert got["moved"] == {"tags": ["GAMEID_0123-abc", "other"], "pub": True, "old": None, "signs": True}
    assert got["afterRemove"] == ["GAMEID_0123-abc"]
    assert page.errors == []


def test_two_browser_profiles_have_different_keys(blank_page):
    pages = [blank_page(), blank_page()]
    made = [in_page(p, "const s = await m.openDeviceStore(); return (await s.create('same-game')).publicKey;") for p in pages]
    assert made[0] != made[1]
    sigs = [in_page(p, "const s = await m.openDeviceStore(); return s.sign('same-game', bytes(arg));", MESSAGE)
            for p in pages]
    cross = in_page(pages[0], "return [await verify(arg.pubs[0], arg.m, arg.sigs[0]), await verify(arg.pubs[1], arg.m, arg.sigs[0])];",
                    {"pubs": made, "sigs": sigs, "m": MESSAGE})
    assert cross == [True, False], "a device's signature verifies only with its own key"
    pubs, raw = [unb64(p) for p in made], [unb64(x) for x in sigs]
    assert [p256.verify(pubs[i], bytes(MESSAGE), raw[j]) for i in (0, 1) for j in (0, 1)] == [True, False, False, True]


def test_no_storage_and_a_full_quota_are_clear_errors_that_write_nothing(blank_page, context_for, site):
    # the database made by a newer version of the site: this one cannot open it
    page = blank_page()
    newer = in_page(page, """
      await new Promise((ok) => { const r = indexedDB.open('cambria-remote', 99); r.onsuccess = () => { r.result.close(); ok(); }; });
      return code(m.openDeviceStore());
    """)
    assert newer == "storage_unavailable"
    # site data refused (reading indexedDB throws, as where cookies are blocked)
    refused = blank_page(context_for(
        "Object.defineProperty(window, 'indexedDB', { get() { throw new DOMException('refused', 'SecurityError'); } });"))
    assert in_page(refused, "return code(m.openDeviceStore());") == "storage_unavailable"
    # a quota too small for one entry (Chromium's own quota check, set through the DevTools protocol)
    full = blank_page()
    in_page(full, "await (await m.openDeviceStore()).list();")  # the database exists before the quota shrinks
    cdp = full.context.new_cdp_session(full)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.origin, "quotaSize": 1})
    try:
        got = in_page(full, """
          const store = await m.openDeviceStore();
          return { create: await code(store.create('g')), tags: await store.list() };
        """)
    finally:  # no quota given: the origin's own again, for whatever runs next in this browser
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.origin})
    assert got == {"create": "storage_full", "tags": []}
    for p in (page, refused, full):
        assert p.errors == []


def test_base64url_matches_python_and_refuses_what_it_would_not_write(blank_page):
    r = random.Random(27)
    lengths = list(range(70)) + [40_000]  # 40,000: past one 32 KB chunk of toBase64url
    samples = [bytes(r.randrange(256) for _ in range(n)) for n in lengths]
    page = blank_page()
    got = in_page(page, """
      const texts = arg.map((s) => b.toBase64url(bytes(s)));
      const back = texts.every((t, i) => b.fromBase64url(t).length === arg[i].length
                                         && b.fromBase64url(t).every((x, j) => x === arg[i][j]));
      const bad = [];
      for (const t of ['AQ==', 'A', 'AQ+', 'AQ/', 'A Q', 'AR', '?', 'AQ\\n']) bad.push(await code((async () => b.fromBase64url(t))()));
      return { texts, back, bad };
    """, [list(s) for s in samples])
    assert got["texts"] == [base64.urlsafe_b64encode(s).decode().rstrip("=") for s in samples]
    assert got["back"]
    assert got["bad"] == ["TypeError"] * 8  # 'AR': stray bits ('AQ' is the text of b'\x01')
