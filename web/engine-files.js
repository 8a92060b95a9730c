// The build's two file formats the engine's worker reads (engine-load.js uses them):
//
//   expandSnapshot(blob, wasm)    the memory snapshot, as tools/site_build/snapshot.py stores it
//   unzipInto(FS, zip, dir)       the engine archive, written into Pyodide's file system
//
// Pure functions of bytes (no network, no Pyodide): the build's tests run them under Node and
// compare with what the build wrote.

// ------------------------------------------------------------------ the memory snapshot
// Stored by tools/site_build/snapshot.py as "CSN2": u32 size, u32 page, u32 count, u32 base,
// count page indices, the pages kept; from `base` on XORed with the wasm's data segments.

function uleb(bytes, at) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [result, at];
  }
}

function sleb(bytes, at) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) {
      if (b & 0x40) result -= 2 ** shift;
      return [result, at];
    }
  }
}

/** The active data segments of memory 0 of a wasm module: [[address, Uint8Array], ...]. */
export function dataSegments(wasm) {
  if (!(wasm[0] === 0 && wasm[1] === 0x61 && wasm[2] === 0x73 && wasm[3] === 0x6d)) throw new Error("not a wasm module");
  const segments = [];
  let i = 8;
  while (i < wasm.length) {
    const section = wasm[i];
    let size;
    [size, i] = uleb(wasm, i + 1);
    const end = i + size;
    if (section === 11) {
      let [count, j] = uleb(wasm, i);
      for (let k = 0; k < count; k++) {
        let flags;
        [flags, j] = uleb(wasm, j);
        let length;
        if (flags === 1) {
          [length, j] = uleb(wasm, j);
          j += length;
          continue;
        }
        if (flags === 2) {
          let memory;
          [memory, j] = uleb(wasm, j);
          if (memory !== 0) throw new Error("a data segment for another memory");
        } else if (flags !== 0) throw new Error(`data segment flags ${flags}`);
        if (wasm[j] !== 0x41) throw new Error("a data segment whose address is not a constant");
        let address;
        [address, j] = sleb(wasm, j + 1);
        if (wasm[j] !== 0x0b) throw new Error("a data segment address that is not a single constant");
        [length, j] = uleb(wasm, j + 1);
        segments.push([address, wasm.subarray(j, j + length)]);
        j += length;
      }
    }
    i = end;
  }
  return segments;
}

export function expandSnapshot(blob, wasm) {
  if (!(blob[0] === 0x43 && blob[1] === 0x53 && blob[2] === 0x4e && blob[3] === 0x32)) {
    throw new Error("not a CSN2 memory snapshot");
  }
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const size = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const base = view.getUint32(16, true);
  const out = new Uint8Array(size);
  let offset = 20 + 4 * count;
  for (let k = 0; k < count; k++) {
    const start = view.getUint32(20 + 4 * k, true) * page;
    const n = Math.min(page, size - start);
    out.set(blob.subarray(offset, offset + n), start);
    offset += n;
  }
  if (offset !== blob.length) throw new Error("the memory snapshot is damaged");
  if (base !== 0xffffffff) {
    for (const [address, segment] of dataSegments(wasm)) {
      const start = base + address;
      const n = Math.max(0, Math.min(segment.length, size - start));
      for (let i = 0; i < n; i++) out[start + i] ^= segment[i];
    }
  }
  return out;
}

// ------------------------------------------------------------------ the engine archive

/**
 * Unpack a zip (already checked against its hash) into Pyodide's file system: a few times
 * faster than pyodide.unpackArchive, which goes through a temporary file and Python's zipfile.
 * Entries: stored or deflated, as Python's zipfile writes them.
 */
export async function unzipInto(FS, zip, dir) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("the engine archive is not a zip");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the engine archive is damaged");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`unsafe path in the engine archive: ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + packed);
    entries.push((async () => {
      let content = data;
      if (method === 8) {
        const inflated = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
        content = new Uint8Array(await new Response(inflated).arrayBuffer());
      } else if (method !== 0) {
        throw new Error(`${name}: compression method ${method}`);
      }
      if (content.length !== size) throw new Error(`${name} is damaged`);
      return [name, content];
    })());
  }
  for (const [name, content] of await Promise.all(entries)) {
    const path = `${dir}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, content);
  }
}
