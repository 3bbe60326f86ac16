// API ceiling benchmark (issue 17: "an API near Fastify's own ceiling"): in one run on this machine,
// the most requests a second that bare Fastify answers (tests/load/hello-server.ts) next to what the
// storefront answers for the restaurant list, a menu, search suggestions and a cart, each as a share
// of bare Fastify; then each at a fixed 1,000 req/s for its p99. Goals: list and menu >= 60 % of bare
// Fastify, search >= 30 %, every p99 < 25 ms. With BENCH_GROWTH=1 it also seeds 160 and 10,000
// restaurants and shows how list and search latency grow. Server on CPU 0, wrk on CPU 1 (bench-kit).
// Run:
//   node_modules/.bin/tsx tests/load/ceiling-bench.ts
// Options (env): BENCH_SCALE (10), BENCH_DURATION_S (5 per round), BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (32), BENCH_RATE (1000, for the p99 rounds), BENCH_GROWTH=1, BENCH_PIN=0.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';
import {
  PINNED,
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

async function measure(base: string, e: Endpoint, rate: number, rounds: number) {
  const pathsFile = path.join(work, `${e.name.replace(/\W+/g, '-')}.paths`);
  writeFileSync(pathsFile, e.paths.join('\n') + '\n');
  const results = [];
  for (let i = 0; i < rounds; i++) {
    results.push(
      await wrkRound({
        base,
        pathsFile,
        rate,
        durationS: DURATION_S,
        connections: CONNECTIONS,
        headers: e.headers,
      }),
    );
  }
  return {
    rate: Math.round(median(results.map((r) => r.rate))),
    p50: Number(median(results.map((r) => r.p50)).toFixed(2)),
    p99: Number(median(results.map((r) => r.p99)).toFixed(2)),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

let failed = false;
try {
  const hello = await startBenchServer('tests/load/hello-server.ts', {});
  servers.push(hello);
  await warm(hello.base, ['/hello'], {});
  const bare = await measure(hello.base, { name: 'bare', paths: ['/hello'], headers: {} }, FLAT_OUT, ROUNDS);
  await hello.stop();
  console.log(`bare Fastify: ${bare.rate} req/s`);

  const { dir, slugs } = await seeded(SCALE);
  const server = await startBenchServer('tests/load/discovery-server.ts', { BENCH_DATA_DIR: dir });
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
    { endpoint: 'bare Fastify (hello)', 'req/s': bare.rate, 'share of bare': '100 %' },
  ];
  for (const e of endpoints(slugs, sessionKey)) {
    const w = await warm(server.base, e.paths, e.headers);
    const top = await measure(server.base, e, FLAT_OUT, ROUNDS);
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
      for (const e of endpoints(s.slugs, sessionKey).filter(
        (x) => x.name !== 'cart' && x.name !== 'restaurant menu',
      )) {
        await warm(srv.base, e.paths, e.headers);
        const r = await measure(srv.base, e, 200, 1);
        growth.push({ restaurants: s.slugs.length, endpoint: e.name, 'p50 ms': r.p50, 'p99 ms': r.p99 });
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
