// Bundle report: gzip size of the JavaScript each page needs before it can render (the entry chunk
// with its static imports, plus the page chunk and the lazy shell parts it shows, from
// src/server/http/route-chunks.ts), checked against docs/architecture.md#bars: the first route (home, the
// manifest's start_url) <= 100 kB gzip. Other pages are reported. Exit code 1 over budget.
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
const BUDGET_KB = 100;
const manifest = readManifest(DIST);
if (!manifest) throw new Error(`No build manifest in ${DIST}: build first (npm run build).`);

const gz = (key: string) => gzipSync(readFileSync(path.join(DIST, manifest[key]!.file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const entryBytes = [...closure(manifest, entryKey(manifest)!)].reduce((sum, k) => sum + gz(k), 0);
console.log(`entry (React, router, shell): ${kb(entryBytes)} kB gzip`);

let over = false;
for (const { route, modules } of ROUTE_CHUNKS) {
  const total =
    entryBytes + routeChunks(manifest, firstRenderModules(modules)).reduce((sum, k) => sum + gz(k), 0);
  const first = route.startsWith('/ (home)');
  if (first) over = total / 1024 > BUDGET_KB;
  const verdict = first ? (over ? 'OVER BUDGET' : 'within budget') : 'reported';
  console.log(`${route}: ${kb(total)} kB gzip (${verdict}; first-route budget ${BUDGET_KB} kB)`);
}
process.exit(over ? 1 : 0);
