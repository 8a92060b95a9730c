// Brotli for the build (tools/site_build/compress.py): Node's own zlib, so that the build needs
// nothing beyond the Node it already runs.
//
//   node brotli.mjs <job.json>      job.json: [[input path, output path], ...]
//
// Quality 11 (the best), a 16 MB window (the most a browser accepts; the wasm and the snapshot
// are bigger than the default 4 MB) and the input's size as a hint.  Brotli has no timestamps or
// names in its stream: the same input and brotli version give the same bytes.  The files are
// compressed in parallel on Node's thread pool.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import zlib from "node:zlib";

const compress = promisify(zlib.brotliCompress);
const C = zlib.constants;
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
await Promise.all(jobs.map(async ([input, output]) => {
  const data = readFileSync(input);
  const packed = await compress(data, {
    params: {
      [C.BROTLI_PARAM_QUALITY]: C.BROTLI_MAX_QUALITY,
      [C.BROTLI_PARAM_LGWIN]: C.BROTLI_MAX_WINDOW_BITS,
      [C.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${output}.tmp`, packed);
  renameSync(`${output}.tmp`, output);
}));
