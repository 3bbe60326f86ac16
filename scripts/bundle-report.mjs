// Bundle report: gzip size of the JavaScript each route needs before it can render (the entry chunk,
// its static imports, the route's lazy page chunk and the lazy shell parts it shows, with their static
// imports), checked against DESIGN.md section 5: the first route (home, the manifest's start_url)
// <= 100 kB gzip. Other routes are reported. Exit code 1 when the budget is exceeded.
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

// Each route: its page chunk plus the shell parts it shows (layout-rules.ts): the home page shows
// only the footer; the others also the header/bottom-bar chrome. Overlays, snackbars and the update
// prompt load after the page is idle and are not counted.
const CHROME = 'src/app/layout/chrome.tsx';
const FOOTER = 'src/app/layout/footer.tsx';
const routes = {
  '/ (home)': ['src/features/location/index.tsx', FOOTER],
  '/restaurants, /restaurants/:slug': ['src/features/restaurants/index.tsx', CHROME, FOOTER],
  '/search': ['src/features/search/index.tsx', CHROME, FOOTER],
  '/checkout': ['src/features/checkout/index.tsx'],
};
let over = false;
for (const [route, srcs] of Object.entries(routes)) {
  if (!srcs.every((s) => manifest[s])) continue;
  const needed = new Set(srcs.flatMap((s) => [...closure(s)]));
  const extra = [...needed].filter((k) => !entry.has(k));
  const total = entryBytes + sizeOf(extra);
  const mark = total / 1024 > BUDGET_KB ? 'OVER BUDGET' : 'ok';
  // The budget is for the first route: the home page, where a new visitor and the installed app start.
  if (route.startsWith('/ (home)')) over ||= total / 1024 > BUDGET_KB;
  console.log(`${route}: ${kb(total)} kB gzip first-route JS (${mark}, budget ${BUDGET_KB} kB)`);
}
process.exit(over ? 1 : 0);
