// `npm run seed -- [--scale N] [--reset]`: fills the configured database (PGlite under DATA_DIR, or
// DATABASE_URL) with the demo data. --reset first empties the seeded tables (and everything that
// references them: orders, carts, addresses...) and restarts their ids. --scale N makes N times the
// base number of restaurants (160 per unit) for benchmarks.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from './index.ts';
import { resetDemo, seedDemo, type SeedSummary } from './seed.ts';

function fail(message: string): never {
  process.stderr.write(`seed: ${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: { scale: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false } },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\nusage: npm run seed -- [--scale N] [--reset]`);
}
const scale = Number(args.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000)
  fail('--scale must be a whole number from 1 to 1000');

let config;
try {
  config = loadConfig();
} catch (err) {
  fail((err as Error).message);
}

const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.DATA_DIR}`;
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const started = performance.now();
  if (args.reset) {
    await resetDemo(db);
    process.stdout.write(`Emptied the demo tables of ${target}.\n`);
  }
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from cities');
  if ((row?.n ?? 0) > 0) {
    process.stdout.write(`${target} already has demo data; nothing to do (use --reset to start over).\n`);
  } else {
    report(await seedDemo(db, { scale }), started);
  }
} catch (err) {
  process.exitCode = 1;
  process.stderr.write(`seed: ${(err as Error).message}\n`);
} finally {
  await db.close();
}

function report(s: SeedSummary, started: number): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stdout.write(
    `Seeded ${target} at scale ${s.scale} in ${seconds} s: ${s.cities} cities, ${s.restaurants} restaurants, ` +
      `${s.categories} menu categories, ${s.items} menu items, ${s.banners} banners, ${s.coupons} coupons, ` +
      `${s.users} users, ${s.pastOrders} past orders.\n`,
  );
}
