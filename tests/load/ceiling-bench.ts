// API ceiling benchmark (issue 17: "an API near Fastify's own ceiling"): in one run on this machine,
// the most requests a second that bare Fastify answers (tests/load/hello-server.ts) next to what the
// storefront answers for the restaurant list, a menu, search suggestions, the search page and a cart,
// each as a share of bare Fastify; then each at a fixed 1,000 req/s for its p99. Goals: list and menu
// >= 60 % of bare Fastify, search >= 30 %, every p99 < 25 ms. With BENCH_GROWTH=1 it also seeds 160
// and 10,000 restaurants and shows how list and search latency grow. Server on CPU 0, wrk on CPU 1
// (bench-kit).
// Run:
//   node_modules/.bin/tsx tests/load/ceiling-bench.ts
// Next to req/s it prints the server's own CPU time per answer (utime + stime of the pinned server
// process over the round, divided by the answers): it holds still when other jobs on the shared
// machine move req/s, so it is the figure to compare old and new code by.
// Options (env): BENCH_SCALE (10), BENCH_DURATION_S (5 per round), BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (32), BENCH_RATE (1000, for the p99 rounds), BENCH_GROWTH=1, BENCH_PIN=0,
// BENCH_ENDPOINTS (e.g. "list,menu,suggest": names containing one of these words; all by default),
// BENCH_BARE=0 to skip bare Fastify, BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof, for the storefront).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';
import {
  PINNED,
  cpuMicros,
  median,
  requireWrk,
  startBenchServer,
  warm,
  wrkRound,
  type BenchServer,
} from './bench-kit.ts';

const SCALE = Number(process.env['BENCH_SCALE'] ?? 10);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const RATE = Number(process.env['BENCH_RATE'] ?? 1000);
const ONLY = (process.env['BENCH_ENDPOINTS'] ?? '').split(',').filter(Boolean);
const BARE = process.env['BENCH_BARE'] !== '0';
const SERVER_NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
/** Growth: the rate of the rounds where every request is a new question (a cache miss). */
const GROWTH_UNCACHED_RATE = Number(process.env['BENCH_GROWTH_UNCACHED_RATE'] ?? 50);
/** A pace no server here reaches: wrk sends as fast as answers come back. */
const FLAT_OUT = 10_000_000;
const GOALS: Record<string, number> = {
  'restaurant list': 0.6,
  'restaurant menu': 0.6,
  'search suggest': 0.3,
};
const TARGET_P99_MS = 25;
const SUGGEST_WORDS = [
  'bir',
  'biryani',
  'paneer',
  'dosa',
  'pizza',
  'chick',
  'cake',
  'noodles',
  'coffee',
  'thali',
];

requireWrk('ceiling');
const work = mkdtempSync(path.join(tmpdir(), 'ceiling-bench-'));
const servers: BenchServer[] = [];

interface Endpoint {
  name: string;
  paths: string[];
  headers: Record<string, string>;
}

async function seeded(scale: number): Promise<{ dir: string; slugs: Array<{ id: number; slug: string }> }> {
  const dir = mkdtempSync(path.join(work, `scale-${scale}-`));
  const t0 = Date.now();
  const db = await openDatabase({ dataDir: dir });
  const summary = await seedDemo(db, { scale });
  const slugs = await db.query<{ id: number; slug: string }>(
    'select id, slug from restaurants where is_active order by id',
  );
  await db.close();
  console.log(
    `seeded scale ${scale} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${summary.restaurants} restaurants`,
  );
  return { dir, slugs };
}

/** As a browser asks: compressed bodies (the server keeps each cached body's compressed copy). */
const BROWSER = { 'accept-encoding': 'br, gzip' };

function endpoints(slugs: Array<{ id: number; slug: string }>, sessionKey: string): Endpoint[] {
  const near = LOCALITIES.map((l) => `lat=${l.lat.toFixed(4)}&lng=${l.lng.toFixed(4)}`);
  return [
    { name: 'restaurant list', paths: near.map((q) => `/api/v1/restaurant/list/?${q}`), headers: BROWSER },
    {
      name: 'restaurant menu',
      paths: slugs.map((r, i) => (i % 2 ? `/api/v1/restaurant/${r.slug}/` : `/api/v1/restaurant/${r.id}/`)),
      headers: BROWSER,
    },
    {
      name: 'search suggest',
      paths: SUGGEST_WORDS.flatMap((w, i) => {
        const q = near[i % near.length]!;
        return [`/api/v1/product/search/suggest?query=${w}&${q}`];
      }),
      headers: BROWSER,
    },
    {
      name: 'search page',
      paths: SUGGEST_WORDS.map((w, i) => `/api/v1/product/search?query=${w}&${near[i % near.length]!}`),
      headers: BROWSER,
    },
    { name: 'cart', paths: ['/api/v1/checkout/'], headers: { ...BROWSER, 'x-anonymous-id': sessionKey } },
  ];
}

/** A visitor's cart with one dish in it (the first of `itemIds` that can be added as it is). */
async function fillCart(base: string, sessionKey: string, itemIds: number[]): Promise<void> {
  const health = await fetch(`${base}/healthz`);
  const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
  for (const item of itemIds) {
    const res = await fetch(`${base}/api/v1/checkout/add/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrftoken=${csrf}`,
        'x-csrftoken': csrf,
        'x-anonymous-id': sessionKey,
      },
      body: JSON.stringify({ item, quantity: 1 }),
    });
    if (res.ok) return;
  }
  throw new Error('no dish of the first restaurant could be added to a cart');
}

async function measure(base: string, e: Endpoint, rate: number, rounds: number, pid?: number) {
  const pathsFile = path.join(work, `${e.name.replace(/\W+/g, '-')}.paths`);
  writeFileSync(pathsFile, e.paths.join('\n') + '\n');
  const results = [];
  const cpu: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = cpuMicros(pid);
    const round = await wrkRound({
      base,
      pathsFile,
      rate,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      headers: e.headers,
    });
    const after = cpuMicros(pid);
    if (before !== undefined && after !== undefined && round.requests > 0) {
      cpu.push((after - before) / round.requests);
    }
    results.push(round);
  }
  return {
    rate: Math.round(median(results.map((r) => r.rate))),
    p50: Number(median(results.map((r) => r.p50)).toFixed(2)),
    p99: Number(median(results.map((r) => r.p99)).toFixed(2)),
    /** Server CPU µs per answer (median of the rounds); '-' without /proc. */
    cpuUs: cpu.length ? Math.round(median(cpu)) : '-',
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** Every path once more with its point moved by a metre per path: each one a question not yet cached. */
function uncached(e: Endpoint, count: number): Endpoint {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = e.paths[i % e.paths.length]!;
    const step = Math.floor(i / e.paths.length) + 1;
    paths.push(
      p.replace(/lat=(-?[\d.]+)/, (_m, lat: string) => `lat=${(Number(lat) + step * 1e-5).toFixed(5)}`),
    );
  }
  return { ...e, name: `${e.name} uncached`, paths };
}

let failed = false;
try {
  let bare = { rate: NaN, cpuUs: '-' as number | string };
  if (BARE) {
    const hello = await startBenchServer('tests/load/hello-server.ts', {});
    servers.push(hello);
    await warm(hello.base, ['/hello'], {});
    const helloRoute = { name: 'bare', paths: ['/hello'], headers: {} };
    bare = await measure(hello.base, helloRoute, FLAT_OUT, ROUNDS, hello.process.pid);
    await hello.stop();
    console.log(`bare Fastify: ${bare.rate} req/s, ${bare.cpuUs} µs of server CPU per answer`);
  }

  const { dir, slugs } = await seeded(SCALE);
  const server = await startBenchServer(
    'tests/load/discovery-server.ts',
    { BENCH_DATA_DIR: dir },
    SERVER_NODE_ARGS,
  );
  servers.push(server);
  const sessionKey = randomBytes(18).toString('base64url');
  const menu = (await (await fetch(`${server.base}/api/v1/restaurant/${slugs[0]!.id}/`)).json()) as {
    categories: Array<{ items: Array<{ id: number; in_stock: boolean }> }>;
  };
  const dishes = menu.categories.flatMap((c) => c.items).filter((i) => i.in_stock);
  await fillCart(
    server.base,
    sessionKey,
    dishes.map((d) => d.id),
  );

  const rows: Array<Record<string, string | number>> = [
    {
      endpoint: 'bare Fastify (hello)',
      'req/s': bare.rate,
      'share of bare': '100 %',
      'CPU µs/answer': bare.cpuUs,
    },
  ];
  const chosen = (name: string) => ONLY.length === 0 || ONLY.some((w) => name.includes(w));
  for (const e of endpoints(slugs, sessionKey).filter((x) => chosen(x.name))) {
    const w = await warm(server.base, e.paths, e.headers);
    const pid = server.process.pid;
    const top = await measure(server.base, e, FLAT_OUT, ROUNDS, pid);
    const paced = await measure(server.base, e, RATE, 1);
    const share = top.rate / bare.rate;
    const goal = GOALS[e.name];
    const ok =
      (goal === undefined || share >= goal) && paced.p99 < TARGET_P99_MS && top.errors + paced.errors === 0;
    failed ||= !ok;
    const row = {
      endpoint: e.name,
      'req/s': top.rate,
      'share of bare': `${Math.round(share * 100)} %`,
      'CPU µs/answer': top.cpuUs,
      goal: goal === undefined ? '-' : `${goal * 100} %`,
      [`p99 ms at ${RATE}/s`]: paced.p99,
      'body bytes': w.bytes,
      statuses: [...w.statuses].join(' '),
      errors: top.errors + paced.errors,
      met: ok ? 'yes' : 'NO',
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  await server.stop();

  if (process.env['BENCH_GROWTH'] === '1') {
    const growth: Array<Record<string, string | number>> = [];
    for (const scale of [1, 63]) {
      const s = await seeded(scale);
      const srv = await startBenchServer('tests/load/discovery-server.ts', { BENCH_DATA_DIR: s.dir });
      servers.push(srv);
      // Let start-up work finish first (the place index is built just after listening).
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const e of endpoints(s.slugs, sessionKey).filter(
        (x) => x.name !== 'cart' && x.name !== 'restaurant menu',
      )) {
        // Cached: the same questions again (the hot path). Uncached: every request a new point, so
        // each one builds its answer (the list from the catalogue, search from the database).
        const w = await warm(srv.base, e.paths, e.headers);
        const r = await measure(srv.base, e, 200, 1);
        const cold = uncached(e, GROWTH_UNCACHED_RATE * DURATION_S + e.paths.length);
        const c = await measure(srv.base, cold, GROWTH_UNCACHED_RATE, 1, srv.process.pid);
        growth.push({
          restaurants: s.slugs.length,
          endpoint: e.name,
          'body bytes': w.bytes,
          'cached p50 ms': r.p50,
          'cached p99 ms': r.p99,
          'uncached p50 ms': c.p50,
          'uncached p99 ms': c.p99,
          'uncached CPU µs': c.cpuUs,
          errors: r.errors + c.errors,
        });
      }
      await srv.stop();
    }
    console.table(growth);
  }
  console.log(
    `\nscale ${SCALE} (${slugs.length} restaurants), ${ROUNDS} rounds of ${DURATION_S} s flat out (medians), ` +
      `${CONNECTIONS} connections, then ${RATE} req/s for p99; ` +
      (PINNED ? 'server on CPU 0, wrk on CPU 1' : 'not pinned'),
  );
  console.table(rows);
} finally {
  for (const s of servers) await s.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
