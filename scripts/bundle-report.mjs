// Bundle report: gzip size of the JavaScript each route needs before it can render (the entry chunk,
// its static imports, and the route's lazy feature chunk with its static imports), checked against
// DESIGN.md section 5 (first route <= 100 kB gzip). Exit code 1 when a budget is exceeded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.argv[2] ?? 'dist/client';
const BUDGET_KB = 100;
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sizeOf = (keys) => [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && !k.includes('sw'));
const entry = closure(entryKey);
const entryBytes = sizeOf(entry);
console.log(`entry (shell, router, React): ${kb(entryBytes)} kB gzip`);

const routes = {
  '/ (home)': 'src/features/location/index.tsx',
  '/restaurants, /restaurants/:slug': 'src/features/restaurants/index.tsx',
  '/search': 'src/features/search/index.tsx',
  '/checkout': 'src/features/checkout/index.tsx',
};
let over = false;
for (const [route, src] of Object.entries(routes)) {
  if (!manifest[src]) continue;
  const extra = [...closure(src)].filter((k) => !entry.has(k));
  const total = entryBytes + sizeOf(extra);
  const mark = total / 1024 > BUDGET_KB ? 'OVER BUDGET' : 'ok';
  if (route.startsWith('/ (home)') || route.startsWith('/restaurants')) over ||= total / 1024 > BUDGET_KB;
  console.log(`${route}: ${kb(total)} kB gzip first-route JS (${mark}, budget ${BUDGET_KB} kB)`);
}
process.exit(over ? 1 : 0);
