// The browser's files compressed once, at build time (brotli at its best quality, and gzip), beside the originals:
// server.ts serves `x.js.br` or `x.js.gz` for `x.js` to a browser that takes them (express-static-gzip), so that no
// static file is compressed again on each request (issue 35).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = 'build/client';
/** Text files only: images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html|map)$/i;
/** Below this, the headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? files(file) : [file];
  });
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  // Only what is smaller than the original is worth serving.
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(
  `Précompression : ${count} fichiers, ${(before / 1024).toFixed(0)} Ko → ${(after / 1024).toFixed(0)} Ko en brotli.`,
);
