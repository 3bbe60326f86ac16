// Server process for the discovery benchmark: opens the seeded PGlite folder given in BENCH_DATA_DIR
// (or DATABASE_URL), listens on a random loopback port and prints "BENCH {port}".
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';

const dataDir = process.env['BENCH_DATA_DIR'];
const databaseUrl = process.env['DATABASE_URL'];
const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
config.clientDir = '/nonexistent';
const app = await buildApp({ config, db });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`BENCH ${JSON.stringify({ port })}`);

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
