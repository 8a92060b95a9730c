"""The primitives of remote play (cambria/remote/): canonical JSON, strict base64url, ids, the
dice-secret hash chain and the link format, with every damaged form a link can take."""

from __future__ import annotations

import base64
import doctest
import hashlib
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cambria.remote import canonical as canonical_module
from cambria.remote import chain as chain_module
from cambria.remote import errors as errors_module
from cambria.remote import link as link_module
from cambria.remote.canonical import MAX_DEPTH, MAX_INT, b64d, b64e, canonical, digest16, parse
from cambria.remote.chain import CHAIN_LENGTH, chain_value, follows, new_seed
from cambria.remote.errors import RemoteError
from cambria.remote.link import MAX_INFLATED, MAX_LINK_CHARS, PREFIX, decode_link, encode_link

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-MAX_INT, MAX_INT) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)

SAMPLE = {
    "game": "q83vEjRWeJ_rzN7vEjRWeA",
    "to": [1, 3],
    "messages": [{"kind": "turn", "prev": "AAECAwQFBgcICQoLDA0ODw", "seat": 2,
                  "steps": ["r4", "p12", "f3"], "reveal": b64e(bytes(range(32))),
                  "sig": b64e(bytes(range(64)))},
                 {"kind": "join", "names": ["Zoë", "Иван"], "big": -MAX_INT, "ok": True, "none": None}],
}


def code_of(call, *args):
    with pytest.raises(RemoteError) as info:
        call(*args)
    return info.value.code


@pytest.mark.parametrize("module", [canonical_module, chain_module, errors_module, link_module])
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed


# ---- canonical JSON ---------------------------------------------------------------------------

def test_canonical_sorts_keys_without_spaces_in_raw_utf8():
    assert canonical({"b": 1, "a": {"d": [], "c": {}}}) == b'{"a":{"c":{},"d":[]},"b":1}'
    assert canonical({"n": "Zoë ✓ 🎲"}) == '{"n":"Zoë ✓ 🎲"}'.encode()
    assert canonical(["\n\t\"\\\x01\x7f\u2028"]) == b'["\\n\\t\\"\\\\\\u0001\x7f\xe2\x80\xa8"]'
    assert canonical([True, False, None, 0, -MAX_INT, MAX_INT]) == \
        b'[true,false,null,0,-9007199254740991,9007199254740991]'


def test_canonical_orders_keys_by_code_point():
    # U+FFFD sorts before U+1F3B2 by code point (Python) but after it by UTF-16 unit (a JS default sort)
    assert canonical({"\U0001f3b2": 1, "\ufffd": 2, "Z": 3, "a": 4}) == \
        '{"Z":3,"a":4,"\ufffd":2,"\U0001f3b2":1}'.encode()


@pytest.mark.parametrize("bad", [1.0, 0.5, float("nan"), float("inf"), (1, 2), b"x", {1, 2}, object(),
                                 {1: "x"}, {None: 1}, {("a",): 1}, 2**53, -(2**53), 10**30, "\ud800",
                                 {"\udfff": 1}, [[1.5]], {"a": {"b": [float("-inf")]}}])
def test_canonical_refuses_what_json_and_javascript_do_not_share(bad):
    assert code_of(canonical, bad) == "bad_value"


def test_canonical_refuses_nesting_deeper_than_parse_accepts():
    deep: object = 1
    for _ in range(MAX_DEPTH):
        deep = [deep]
    assert parse(canonical(deep)) == deep
    assert code_of(canonical, [deep]) == "bad_value"
    assert code_of(canonical, {"a": deep}) == "bad_value"


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_canonical_round_trips_through_parse(value):
    data = canonical(value)
    assert parse(data) == value
    assert canonical(parse(data)) == data
    # the same bytes as the plain json module's compact sorted form
    assert data == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_parse_refuses_floats_and_constants():
    for text in [b"1.0", b"1e3", b"-0.0", b"1E-2", b"NaN", b"Infinity", b"-Infinity", b'{"a":[2.5]}']:
        assert code_of(parse, text) == "link_damaged", text


def test_parse_refuses_duplicate_keys_at_any_depth():
    for text in [b'{"a":1,"a":1}', b'{"a":1,"b":2,"a":3}', b'[{"x":{"k":1,"k":2}}]', b'{"\\u0061":1,"a":2}']:
        assert code_of(parse, text) == "link_damaged", text


def test_parse_refuses_integers_javascript_cannot_hold():
    assert parse(str(MAX_INT).encode()) == MAX_INT
    assert parse(str(-MAX_INT).encode()) == -MAX_INT
    for text in [str(MAX_INT + 1), str(-MAX_INT - 1), "1" * 5000, "-" + "9" * 100000]:
        assert code_of(parse, text.encode()) == "link_damaged"


def test_parse_counts_depth_outside_strings_only():
    assert parse(b'["[[[[[[[[[[", "{{{{"]', max_depth=1) == ["[[[[[[[[[[", "{{{{"]
    assert parse(b'["\\"[[["]', max_depth=1) == ['"[[[']
    assert parse(b"[[1]]", max_depth=2) == [[1]]
    assert code_of(parse, b"[[1]]", 1) == "link_damaged"


def test_parse_refuses_absurd_nesting_before_parsing():
    assert code_of(parse, b"[" * 100_000 + b"]" * 100_000) == "link_damaged"
    assert code_of(parse, b'{"a":' * 33 + b"1" + b"}" * 33) == "link_damaged"
    assert parse(b'{"a":' * 32 + b"1" + b"}" * 32) is not None


def test_parse_refuses_too_many_bytes():
    data = canonical("x" * 100)
    assert parse(data, max_bytes=len(data)) == "x" * 100
    assert code_of(parse, data, len(data) - 1) == "link_damaged"


@pytest.mark.parametrize("bad", [b"", b" ", b"\xff", b'"\xc3"', b"\xef\xbb\xbf{}", b'"\\ud800"', b'{"\\udc00":1}',
                                 b"{}{}", b"[1,]", b"{'a':1}", b'{"a"}', b"tru", b"nul", b"01", b"\x00",
                                 b'"\x01"', b"[1] x"])
def test_parse_refuses_what_is_not_strict_json(bad):
    assert code_of(parse, bad) == "link_damaged"


# ---- base64url and ids ------------------------------------------------------------------------

@given(st.binary(max_size=100))
def test_b64_round_trips_without_padding(data):
    text = b64e(data)
    assert "=" not in text and set(text) <= set(ALPHABET)
    assert text == base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert b64d(text) == data
    assert b64d(text, len(data)) == data


@pytest.mark.parametrize("bad", ["A", "AAAAA", "AA==", "AAA=", "AB", "AAB", "A+AA", "A/AA", "AA AA", " AAAA",
                                 "AAAA\n", "AA.A", "AAÀA", "ＡＡＡＡ", "AA\x00A", "AAAA=", "٣٣٣٣"])
def test_b64d_refuses_every_other_spelling(bad):
    assert code_of(b64d, bad) == "link_damaged"


def test_b64d_checks_the_length_when_given():
    text = b64e(bytes(32))
    assert b64d(text, 32) == bytes(32)
    assert code_of(b64d, text, 31) == "link_damaged"
    assert code_of(b64d, text, 33) == "link_damaged"


def test_digest16_is_the_truncated_sha256_of_the_canonical_form():
    value = {"b": [1, 2], "a": "é"}
    expected = base64.urlsafe_b64encode(hashlib.sha256(canonical(value)).digest()[:16]).decode().rstrip("=")
    assert digest16(value) == expected and len(expected) == 22
    assert digest16({"a": "é", "b": [1, 2]}) == expected  # key order does not matter
    assert digest16({"a": "é", "b": [2, 1]}) != expected
    assert code_of(digest16, {"a": 1.0}) == "bad_value"


# ---- the hash chain ---------------------------------------------------------------------------

def test_the_chain_runs_from_head_to_seed():
    seed = bytes(range(32))
    values = [chain_value(seed, i, 8) for i in range(9)]
    assert values[8] == seed
    for i in range(8):
        assert values[i] == hashlib.sha256(values[i + 1]).digest()
        assert follows(values[i + 1], values[i])
        assert not follows(values[i], values[i + 1])
    assert not follows(values[2], values[0])  # skipping a reveal is not following


def test_the_default_chain_has_4096_values():
    seed = b"\x07" * 32
    assert CHAIN_LENGTH == 4096
    assert chain_value(seed, CHAIN_LENGTH) == seed
    head = chain_value(seed, 0)
    assert follows(chain_value(seed, 1), head)
    assert head == chain_value(chain_value(seed, 96), 0, 96)


def test_chain_arguments_out_of_range_are_refused():
    seed = bytes(32)
    for args in [(bytes(31), 0), (bytes(33), 0), ("x" * 32, 0), (seed, -1), (seed, CHAIN_LENGTH + 1),
                 (seed, 3, 2), (seed, 0, -1), (seed, True), (seed, 1.0)]:
        assert code_of(chain_value, *args) == "bad_value", args


def test_follows_is_false_for_values_of_other_shapes():
    seed = bytes(32)
    head = hashlib.sha256(seed).digest()
    assert follows(seed, head) and follows(bytearray(seed), bytearray(head))
    for value, previous in [(seed[:31], head), (seed + b"\x00", head), (seed, head[:31]), (seed.hex(), head),
                            (seed, None), (None, head), (b"", b"")]:
        assert follows(value, previous) is False


def test_new_seeds_are_fresh():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(len(s) == 32 for s in seeds)


# ---- links ------------------------------------------------------------------------------------

def deflated(data: bytes, **options) -> str:
    packer = zlib.compressobj(wbits=-15, **options)
    return PREFIX + b64e(packer.compress(data) + packer.flush())


def test_a_link_round_trips():
    link = encode_link(SAMPLE)
    assert link.startswith("r1.") and set(link[3:]) <= set(ALPHABET)
    assert decode_link(link) == SAMPLE
    assert zlib.decompress(b64d(link[3:]), wbits=-15) == canonical(SAMPLE)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6))
def test_every_payload_round_trips(payload):
    assert decode_link(encode_link(payload)) == payload


def test_a_link_is_found_in_a_url_or_a_fragment():
    link = encode_link(SAMPLE)
    for text in [link, "#" + link, "https://example.org/cambria/#" + link,
                 "http://localhost:8000/index.html?seed=3#" + link, "  \n" + "https://x.org/#" + link + "\n "]:
        assert decode_link(text) == SAMPLE


def test_a_link_made_by_compression_stream_decodes():
    """Made by Node 20's CompressionStream("deflate-raw") over JSON.stringify's output, as the page will."""
    fragment = ("q1ZKT8xNVbJSckxS0lHKTS0uTkxPLVayiq5Wys7MS1GyUiopLcpT0lEqLkktAIkrFRgaKekoFRkrxeoolaRWlChZKbkXHd5zeH6qwqM5"
                "kxU-zO_bpFQLkstXsoo21DGKrQUA")
    assert decode_link("#r1." + fragment) == {
        "game": "Ab", "messages": [{"kind": "turn", "steps": ["p12", "r3"], "text": "Grüße ✓ 🎲"}], "to": [1, 2]}


@pytest.mark.parametrize("options", [{"level": 0}, {"level": 1}, {"strategy": zlib.Z_FIXED},
                                     {"strategy": zlib.Z_HUFFMAN_ONLY}, {"level": 6, "memLevel": 1}])
def test_any_raw_deflate_stream_decodes(options):
    assert decode_link(deflated(canonical(SAMPLE), **options)) == SAMPLE


def test_a_stream_of_several_blocks_decodes():
    data = canonical(SAMPLE)
    packer = zlib.compressobj(wbits=-15)
    raw = b""
    for i in range(0, len(data), 50):  # flushed in pieces, as a stream fed chunk by chunk may be
        raw += packer.compress(data[i:i + 50]) + packer.flush(zlib.Z_SYNC_FLUSH if i % 100 else zlib.Z_FULL_FLUSH)
    raw += packer.flush()
    assert decode_link(PREFIX + b64e(raw)) == SAMPLE


@pytest.mark.parametrize("text", ["", " ", "hello", "https://example.org/", "https://example.org/#",
                                  "https://example.org/#play", "#r", "#r1", "r.abc", "#R1.abc", "#x1.abc",
                                  "https://example.org/?r1.abc"])
def test_text_without_a_link_is_not_a_link(text):
    assert code_of(decode_link, text) == "not_a_link"


@pytest.mark.parametrize("text", ["r2.AAAA", "#r2." + encode_link(SAMPLE)[3:], "https://x.org/#r10.abc", "r3.",
                                  "#r99999999999999999999999999.x"])
def test_a_link_of_a_later_version_says_so(text):
    with pytest.raises(RemoteError) as info:
        decode_link(text)
    assert info.value.code == "link_newer"


@pytest.mark.parametrize("text", ["r0.AAAA", "r01." + encode_link(SAMPLE)[3:], "#r00."])
def test_a_version_no_code_writes_is_damaged(text):
    assert code_of(decode_link, text) == "link_damaged"


def test_a_link_cut_at_any_length_is_refused():
    link = "https://example.org/#" + encode_link(SAMPLE)
    start = link.index("#")
    for cut in range(len(link)):
        with pytest.raises(RemoteError) as info:
            decode_link(link[:cut])
        expected = "link_damaged" if cut >= start + 4 else "not_a_link"
        assert info.value.code == expected, cut


def test_a_link_with_any_one_character_changed_is_refused_or_reads_as_another_payload():
    """Never an exception of another kind. The same payload may come back: the last characters
    can change the padding bits after the deflate stream's end, which inflating ignores; that is
    harmless, as what is signed and hashed is the canonical JSON, never the link's text."""
    link = encode_link(SAMPLE)
    outcomes = {"refused": 0, "other": 0, "same": 0}
    for i in range(len(link)):
        for replacement in ALPHABET + "=.+/ #é\x00":
            if replacement == link[i]:
                continue
            changed = link[:i] + replacement + link[i + 1:]
            try:
                payload = decode_link(changed)
            except RemoteError as exc:
                assert exc.code in ("link_damaged", "not_a_link", "link_newer"), (i, replacement)
                outcomes["refused"] += 1
            else:
                assert isinstance(payload, dict), (i, replacement)
                if payload == SAMPLE:
                    # the padding bits are in the last byte, which the last two characters spell
                    assert i >= len(link) - 2, (i, replacement)
                    outcomes["same"] += 1
                else:
                    outcomes["other"] += 1
    # deflate has no checksum: about one change in seven still inflates to a valid object (another
    # name, another step), which only the messages' signatures can tell, not the link format
    assert outcomes["refused"] > 0 and outcomes["other"] > 0


def test_trailing_bytes_after_the_stream_are_refused():
    raw = b64d(encode_link(SAMPLE)[3:])
    for extra in (b"\x00", b"garbage", raw):
        assert code_of(decode_link, PREFIX + b64e(raw + extra)) == "link_damaged"


def test_a_deflate_bomb_is_cut_off():
    bomb = deflated(b'{"a":"' + b"x" * 50_000_000 + b'"}', level=9)
    assert len(bomb) < MAX_LINK_CHARS
    assert code_of(decode_link, bomb) == "link_damaged"
    zeros = deflated(b"\x00" * 20_000_000)
    assert code_of(decode_link, zeros) == "link_damaged"


def test_the_inflated_size_limit_is_exact():
    wrapper = len(canonical({"a": ""}))
    fits = {"a": "x" * (MAX_INFLATED - wrapper)}
    assert decode_link(encode_link(fits)) == fits
    assert code_of(decode_link, encode_link({"a": "x" * (MAX_INFLATED - wrapper + 1)})) == "link_damaged"


def test_a_link_too_long_to_be_one_is_refused_before_decoding():
    assert code_of(decode_link, "r1." + "A" * MAX_LINK_CHARS) == "link_damaged"
    assert code_of(decode_link, "x" * (MAX_LINK_CHARS + 1)) == "link_damaged"


@pytest.mark.parametrize("body", [b"[1,2]", b'"text"', b"7", b"null", b"true", b'{"a":1.5}', b'{"a":NaN}',
                                  b'{"a":1,"a":2}', b"[" * 40 + b"]" * 40, b'{"a":' * 33 + b"1" + b"}" * 33,
                                  b"\xff\xfe", b'{"a":"\\ud800"}', b"{", b"", b'{"n":9007199254740992}'])
def test_a_link_must_hold_one_canonical_json_object(body):
    assert code_of(decode_link, deflated(body)) == "link_damaged"


def test_bad_base64_in_a_link_is_damage():
    link = encode_link(SAMPLE)
    for bad in [link + "=", link + "==", link[:3] + "+" + link[4:], link + " x", link[:10] + "\n" + link[10:]]:
        assert code_of(decode_link, bad) == "link_damaged"


def test_encode_link_refuses_what_it_cannot_carry():
    for bad in [[1], "x", {"a": 1.5}, {1: "a"}]:
        assert code_of(encode_link, bad) == "bad_value"


def test_decode_link_refuses_text_that_is_not_a_string():
    for bad in [None, b"r1.AAAA", 12]:
        assert code_of(decode_link, bad) == "not_a_link"
