// Writes brotli (.br) and gzip (.gz) copies of the built assets beside them, once at build time, so
// that the server (internal/spa) sends them as they are, by the browser's Accept-Encoding, without
// compressing on each request. Hashed assets never change, so maximum compression is paid once.
// Usage: node scripts/compress.mjs [dir]   (default dist/assets)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/assets';
// Text formats gain from compression; images (but SVG) and fonts are compressed already.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map', '.wasm']);
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

let raw = 0;
let br = 0;
let gz = 0;
for (const name of readdirSync(dir)) {
  const file = path.join(dir, name);
  if (!statSync(file).isFile() || !COMPRESSIBLE.has(path.extname(name)) || statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  // A copy that is not smaller is left out: the server then sends the file itself.
  if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  gz += Math.min(gzip.length, data.length);
  console.log(`${name.padEnd(40)} ${String(data.length).padStart(8)} raw ${String(gzip.length).padStart(8)} gzip ${String(brotli.length).padStart(8)} br`);
}
console.log(`${'total'.padEnd(40)} ${String(raw).padStart(8)} raw ${String(gz).padStart(8)} gzip ${String(br).padStart(8)} br`);
