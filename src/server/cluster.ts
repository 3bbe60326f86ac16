// WORKERS=N (docs/decisions/0013): the primary migrates and seeds the shared PostgreSQL once, then forks
// N server processes that share the port (node:cluster hands out connections) and replaces one that
// dies. Every process is a whole server: order events, presence, limits and sweeps already live in
// the database, so the processes behave as one.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './db/seed.ts';

/** A worker that dies this soon after starting, this many times in a row, stops the whole server. */
const CRASH_LOOP = { withinMs: 10_000, times: 5 };

/** Message a worker sends once it listens. */
export interface WorkerReady {
  ready: true;
  port: number;
}

export function isWorkerReady(m: unknown): m is WorkerReady {
  return typeof m === 'object' && m !== null && (m as WorkerReady).ready === true;
}

export async function runPrimary(config: Config, started: number, entry: string): Promise<void> {
  // Workers run the server's own entry (npm start's wrapper would install and build again).
  cluster.setupPrimary({ exec: entry });
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL });
  if (config.SEED_DEMO) await seedIfEmpty(db);
  await db.close();

  let stopping = false;
  let quickCrashes = 0;
  let announced = false;
  const ready = new Set<number>();
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on('message', (m: unknown) => {
      if (!isWorkerReady(m)) return;
      ready.add(worker.id);
      if (announced || ready.size < config.WORKERS) return;
      announced = true;
      const ms = Math.round(performance.now() - started);
      console.log(
        `\n  Storefront ready in ${ms} ms: http://localhost:${m.port} (${config.WORKERS} processes)\n`,
      );
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    ready.delete(worker.id);
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    quickCrashes = lived < CRASH_LOOP.withinMs ? quickCrashes + 1 : 0;
    if (quickCrashes >= CRASH_LOOP.times) {
      console.error(`server processes keep exiting at start (last: ${signal ?? code}); stopping`);
      shutdown(1);
      return;
    }
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });

  const shutdown = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  for (let i = 0; i < config.WORKERS; i++) fork();
}
