// Bundle report: gzip size of the JavaScript each page needs before it can render (the entry chunk
// with its static imports, the app's start, the page chunk and the lazy shell parts it shows, from
// src/server/http/route-chunks.ts), checked per route against docs/architecture.md#bars: home (the
// manifest's start_url) <= 90 kB gzip, every other route <= 100 kB. Exit code 1 when a route is over.
//   node_modules/.bin/tsx scripts/bundle-report.ts [dist/client]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  closure,
  entryKey,
  readManifest,
  firstRenderModules,
  ROUTE_CHUNKS,
  routeChunks,
} from '../src/server/http/route-chunks.ts';

const DIST = process.argv[2] ?? 'dist/client';
const HOME_BUDGET_KB = 90;
const BUDGET_KB = 100;
const manifest = readManifest(DIST);
if (!manifest) throw new Error(`No build manifest in ${DIST}: build first (npm run build).`);

const gz = (key: string) => gzipSync(readFileSync(path.join(DIST, manifest[key]!.file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const entryBytes = [...closure(manifest, entryKey(manifest)!)].reduce((sum, k) => sum + gz(k), 0);
console.log(`entry (React and React DOM): ${kb(entryBytes)} kB gzip`);

let over = false;
for (const { route, modules } of ROUTE_CHUNKS) {
  const total =
    entryBytes + routeChunks(manifest, firstRenderModules(modules)).reduce((sum, k) => sum + gz(k), 0);
  const bar = route.startsWith('/ (home)') ? HOME_BUDGET_KB : BUDGET_KB;
  const fits = total / 1024 <= bar;
  if (!fits) over = true;
  console.log(`${route}: ${kb(total)} kB gzip (${fits ? 'ok' : 'OVER'}: bar ${bar} kB)`);
}
process.exit(over ? 1 : 0);
