// Starts the storefront: config, database (migrated, seeded on first start), then listen; closes
// everything cleanly on SIGINT/SIGTERM.
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { runPrimary, type WorkerReady } from './cluster.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './db/seed.ts';

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (config.WORKERS > 1 && cluster.isPrimary)
    return runPrimary(config, started, fileURLToPath(import.meta.url));
  let db;
  try {
    db = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  // Under WORKERS=N the primary has seeded already.
  if (config.SEED_DEMO && cluster.isPrimary) await seedIfEmpty(db);
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  if (cluster.isWorker) {
    process.send?.({ ready: true, port } satisfies WorkerReady);
    return;
  }
  const ms = Math.round(performance.now() - started);
  console.log(`\n  Storefront ready in ${ms} ms: http://localhost:${port}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
