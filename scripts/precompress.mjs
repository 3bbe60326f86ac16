// Writes .br (quality 11) and .gz (level 9) beside every text asset of the client build, once at build
// time, so the server sends the smallest encoding without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIR = process.argv[2] ?? 'dist/client';
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (TEXT.test(name)) yield p;
  }
}

let files = 0;
for (const file of walk(DIR)) {
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files in ${DIR}`);
