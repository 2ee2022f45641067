/**
 * Writes Brotli and gzip copies beside every built script, style sheet and SVG, once at build time, so
 * the server sends them compressed without compressing on each request (see server/static.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assetsDir = join(process.argv[2] ?? 'dist', 'assets');
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

let files = 0;
for (const name of readdirSync(assetsDir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const path = join(assetsDir, name);
  const body = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} assets in ${assetsDir}`);
