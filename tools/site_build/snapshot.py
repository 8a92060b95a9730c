"""The memory snapshot: Pyodide's memory after start-up with the engine imported, so that a
visitor's browser restores it instead of starting Python and importing (seconds on a phone).

Made by the same wasm that restores it (under Node, node/runner.mjs, which also fixes the
entropy and the clocks: the same inputs give the same bytes).  Stored compactly, as
web/worker.js reads it back (format "CSN2", little-endian):

    b"CSN2", u32 size, u32 page size, u32 page count, u32 base, count x u32 page index, pages

The snapshot is first XORed, from ``base`` on, with the memory image that the wasm's own data
segments describe (``base`` is where Pyodide's snapshot header ends and the memory begins;
0xFFFFFFFF means no XOR).  Most of that static data is unchanged after start-up, so it turns
into zeros: the worker has the wasm anyway and adds it back.  Then only the pages that are
not all zero are kept, and the whole is gzipped.  Together a third smaller than gzip alone.
"""

from __future__ import annotations

import gzip
import json
import struct
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .common import CACHE, ENGINE_MODULE, BuildError, cached, log, sha256_file, write_atomic
from .node_pyodide import run_in_pyodide, script, tooling_key

MAGIC = b"CSN2"
PAGE = 4096
NO_BASE = 0xFFFFFFFF
MODULES_MARK = "CAMBRIA-SNAPSHOT-MODULES "


# ------------------------------------------------------------------ the wasm's data segments

def _uleb(data: bytes, i: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def _sleb(data: bytes, i: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if byte & 0x40:
                result -= 1 << shift
            return result, i


def data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of memory 0 as (address, bytes).  Raises ValueError for a
    layout this reader does not know (the worker's reader in web/engine-files.js knows the same
    ones: then the snapshot is stored without the XOR)."""
    if wasm[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    segments: list[tuple[int, bytes]] = []
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = _uleb(wasm, i + 1)
        end = i + size
        if section == 11:  # the data section
            count, j = _uleb(wasm, i)
            for _ in range(count):
                flags, j = _uleb(wasm, j)
                if flags == 1:  # passive: copied by code at run time, not part of the image
                    length, j = _uleb(wasm, j)
                    j += length
                    continue
                if flags == 2:
                    memory, j = _uleb(wasm, j)
                    if memory != 0:
                        raise ValueError("a data segment for another memory")
                elif flags != 0:
                    raise ValueError(f"data segment flags {flags}")
                if wasm[j] != 0x41:  # i32.const
                    raise ValueError("a data segment whose address is not a constant")
                address, j = _sleb(wasm, j + 1)
                if wasm[j] != 0x0B:
                    raise ValueError("a data segment address that is not a single constant")
                length, j = _uleb(wasm, j + 1)
                segments.append((address, wasm[j:j + length]))
                j += length
        i = end
    return segments


# ------------------------------------------------------------------ the stored form

def _xor_segments(buf: bytearray, base: int, segments: Sequence[tuple[int, bytes]]) -> None:
    """XOR the data segments into ``buf`` at ``base`` + their addresses (its own inverse)."""
    for address, seg in segments:
        start = base + address
        n = max(0, min(len(seg), len(buf) - start))
        if n:
            mixed = int.from_bytes(buf[start:start + n], "little") ^ int.from_bytes(seg[:n], "little")
            buf[start:start + n] = mixed.to_bytes(n, "little")


def sparse_encode(data: bytes, page: int = PAGE, base: int = NO_BASE,
                  segments: Sequence[tuple[int, bytes]] = ()) -> bytes:
    """The CSN2 form of a raw snapshot (without the gzip layer)."""
    if base != NO_BASE and segments:
        buf = bytearray(data)
        _xor_segments(buf, base, segments)
        data = bytes(buf)
    else:
        base = NO_BASE
    zero = bytes(page)
    kept = [i for i in range((len(data) + page - 1) // page)
            if data[i * page:(i + 1) * page] != zero[:len(data[i * page:(i + 1) * page])]]
    header = MAGIC + struct.pack(f"<IIII{len(kept)}I", len(data), page, len(kept), base, *kept)
    return header + b"".join(data[i * page:(i + 1) * page] for i in kept)


def sparse_decode(blob: bytes, segments: Sequence[tuple[int, bytes]] = ()) -> bytes:
    """The inverse of sparse_encode (the worker has its own; this one is for tests)."""
    if blob[:4] != MAGIC:
        raise ValueError("not a CSN2 snapshot")
    size, page, count, base = struct.unpack_from("<IIII", blob, 4)
    kept = struct.unpack_from(f"<{count}I", blob, 20)
    out = bytearray(size)
    offset = 20 + 4 * count
    for i in kept:
        n = min(page, size - i * page)
        out[i * page:i * page + n] = blob[offset:offset + n]
        offset += n
    if offset != len(blob):
        raise ValueError("the snapshot is damaged")
    if base != NO_BASE:
        _xor_segments(out, base, segments)
    return bytes(out)


def pyodide_header_size(raw: bytes) -> int:
    """Where the memory begins in Pyodide's snapshot (its header: magic, size, build id, JSON)."""
    if len(raw) < 16:
        raise BuildError("the memory snapshot is too short")
    return int(struct.unpack_from("<I", raw, 4)[0])


# ------------------------------------------------------------------ taking it

def memory_snapshot(pyodide_dir: Path, stdlib: Path, engine: Path, cache: Path = CACHE,
                    reuse: bool = True) -> tuple[Path, list[str]]:
    """The gzipped CSN2 snapshot taken after ``import ENGINE_MODULE``, and the modules imported
    in it (cached by inputs; ``reuse=False`` takes it again, to check that it comes out the same)."""
    prelude = script("snapshot_prelude.py")
    key = tooling_key(prelude.read_bytes(), ENGINE_MODULE, MAGIC, str(PAGE),
                      sha256_file(stdlib), sha256_file(engine))
    out = cache / "snapshot" / f"snapshot-{key}.bin.gz"
    listing = out.with_name(f"snapshot-{key}.modules.json")
    if reuse and cached(out) and cached(listing):
        return out, json.loads(listing.read_text())
    log(f"taking a Pyodide memory snapshot with {ENGINE_MODULE} imported")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        raw_path = Path(tmp) / "snapshot.bin"
        printed = run_in_pyodide(pyodide_dir, {"stdlib": stdlib, "archives": [engine], "script": prelude,
                                               "args": {"module": ENGINE_MODULE}, "snapshot": raw_path},
                                 "taking the memory snapshot", cwd=cache)
        raw = raw_path.read_bytes()
    marked = [line for line in printed.splitlines() if line.startswith(MODULES_MARK)]
    if len(marked) != 1:
        raise BuildError("the snapshot prelude did not list its modules")
    modules = sorted(json.loads(marked[0][len(MODULES_MARK):]))
    try:
        segments = data_segments((pyodide_dir / "pyodide.asm.wasm").read_bytes())
        encoded = sparse_encode(raw, base=pyodide_header_size(raw), segments=segments)
    except ValueError as exc:  # an unknown wasm layout: still correct, only bigger
        log(f"snapshot stored without the XOR with the wasm's data ({exc})")
        encoded = sparse_encode(raw)
    # mtime=0 and no file name: the gzip bytes depend on the content only
    write_atomic(listing, json.dumps(modules, indent=0).encode())
    write_atomic(out, gzip.compress(encoded, compresslevel=9, mtime=0))
    return out, modules
