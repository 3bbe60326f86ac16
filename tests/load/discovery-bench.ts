// Discovery benchmark (DESIGN.md section 5: restaurant list and menu p99 < 25 ms at 1,000 req/s on
// the embedded database). Seeds a fresh PGlite in a temp folder with seedDemo({scale}), starts the
// server in its own process on a random loopback port, warms it, then drives each endpoint at a fixed
// overall rate with autocannon and reports p50/p90/p99 latency and errors. The list requests rotate
// over the demo localities, the menu requests over the restaurants (by id and by slug). Bounded by
// BENCH_TIMEOUT_S. Run:
//   node_modules/.bin/tsx tests/load/discovery-bench.ts
// Options (env): BENCH_SCALE (10), BENCH_RATE (1000 req/s), BENCH_DURATION_S (10),
// BENCH_CONNECTIONS (50), BENCH_TIMEOUT_S (300), BENCH_GZIP=1 to ask for compressed bodies (as
// browsers do), BENCH_BASELINE=0 to skip the baseline row, BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';
import { openDatabase } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';

const SCALE = Number(process.env['BENCH_SCALE'] ?? 10);
const RATE = Number(process.env['BENCH_RATE'] ?? 1000);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const TIMEOUT_S = Number(process.env['BENCH_TIMEOUT_S'] ?? 300);
const GZIP = process.env['BENCH_GZIP'] === '1';
const TARGET_P99_MS = 25;

const dataDir = mkdtempSync(path.join(tmpdir(), 'discovery-bench-'));
const proc: { server?: ReturnType<typeof spawn> } = {};
const cleanup = () => {
  if (proc.server && proc.server.exitCode === null)
    proc.server.kill(serverArgs.length ? 'SIGTERM' : 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
const hardStop = setTimeout(() => {
  console.error(`benchmark did not finish in ${TIMEOUT_S} s`);
  cleanup();
  process.exit(2);
}, TIMEOUT_S * 1000);

console.log(`seeding PGlite in ${dataDir} with seedDemo({ scale: ${SCALE} }) ...`);
const t0 = Date.now();
const seedDb = await openDatabase({ dataDir });
const summary = await seedDemo(seedDb, { scale: SCALE });
const slugs = await seedDb.query<{ id: number; slug: string }>(
  'select id, slug from restaurants where is_active order by id',
);
await seedDb.close();
console.log(
  `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${summary.restaurants} restaurants, ` +
    `${summary.items} menu items`,
);

// One process (node with the tsx loader), so killing it really stops the server.
const serverArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...serverArgs, '--import', 'tsx', 'tests/load/discovery-server.ts'], {
  env: { ...process.env, BENCH_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
proc.server = server;
const { port } = await new Promise<{ port: number }>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (line.startsWith('BENCH ')) resolve(JSON.parse(line.slice(6)) as { port: number });
    else console.error(line);
  });
});
const base = `http://127.0.0.1:${port}`;

const listPaths = LOCALITIES.map(
  (l) => `/api/v1/restaurant/list/?lat=${l.lat.toFixed(4)}&lng=${l.lng.toFixed(4)}`,
);
const menuPaths = slugs.flatMap((r, i) =>
  i % 2 === 0 ? [`/api/v1/restaurant/${r.id}/`] : [`/api/v1/restaurant/${r.slug}/`],
);

/** Requests every path once (fills the server's caches, as steady traffic would). */
async function warm(paths: string[]): Promise<{ bytes: number; statuses: Set<number> }> {
  let bytes = 0;
  const statuses = new Set<number>();
  for (let i = 0; i < paths.length; i += 8) {
    await Promise.all(
      paths.slice(i, i + 8).map(async (p) => {
        const res = await fetch(base + p, { headers: { 'accept-encoding': 'identity' } });
        // Also make the compressed variant the run will ask for (the server keeps it with the body).
        if (GZIP) await (await fetch(base + p, { headers: { 'accept-encoding': 'gzip, br' } })).arrayBuffer();
        statuses.add(res.status);
        bytes += (await res.arrayBuffer()).byteLength;
      }),
    );
  }
  return { bytes: Math.round(bytes / paths.length), statuses };
}

function rotating(paths: string[]) {
  let i = 0;
  return {
    setupRequest: (req: { path?: string }) => ({ ...req, path: paths[i++ % paths.length]! }),
  };
}

async function run(name: string, paths: string[]): Promise<Result> {
  const w = await warm(paths);
  console.log(
    `${name}: ${paths.length} distinct URLs, mean body ${w.bytes} bytes, statuses ${[...w.statuses]}`,
  );
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    overallRate: RATE,
    timeout: 5,
    headers: GZIP ? { 'accept-encoding': 'gzip, br' } : {},
    requests: [rotating(paths)],
  });
}

const report: Array<Record<string, string | number>> = [];
try {
  const runs: Array<[string, string[]]> = [
    ['restaurant list', listPaths],
    ['restaurant menu', menuPaths],
  ];
  // Baseline: a tiny constant JSON answer through the same server stack (no database, no cache),
  // showing what the machine and framework alone cost at this rate.
  if (process.env['BENCH_BASELINE'] !== '0')
    runs.push(['baseline (browser-key)', ['/api/v1/gmaps/browser-key/']]);
  for (const [name, paths] of runs) {
    const r = await run(name, [...paths]);
    const row = {
      endpoint: name,
      'rate (req/s)': Math.round(r.requests.total / r.duration),
      requests: r.requests.total,
      'p50 ms': r.latency.p50,
      'p90 ms': r.latency.p90,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      'p99 < 25 ms': r.latency.p99 < TARGET_P99_MS ? 'yes' : 'NO',
    };
    report.push(row);
    console.log(JSON.stringify(row));
  }
  console.log(
    `\nscale ${SCALE}, target ${RATE} req/s for ${DURATION_S} s each, ${CONNECTIONS} connections, gzip ${GZIP}`,
  );
  console.table(report);
} finally {
  clearTimeout(hardStop);
  cleanup();
}
const failed = report
  .filter((r) => String(r['endpoint']).startsWith('restaurant'))
  .some((r) => r['p99 < 25 ms'] !== 'yes' || r['errors'] !== 0 || r['non2xx'] !== 0);
process.exit(failed ? 1 : 0);
