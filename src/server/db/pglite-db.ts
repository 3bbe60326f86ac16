// Embedded PostgreSQL (PGlite, WebAssembly) behind the Db interface. PGlite has one connection:
// its own mutex serialises statements, and transaction() holds it for the whole transaction.
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db, Queryable, QueryOptions, Row } from './db.ts';
import { PreparedStatements } from './pglite-prepared.ts';
import { ANALYZE_EVERY_MS, analyzeTables } from './statistics.ts';

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let unlock: () => void = () => undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    // Ours alone now: a postmaster.pid left by a killed process would stop PGlite from opening.
    const pid = path.join(dataDir, 'postmaster.pid');
    if (existsSync(pid)) rmSync(pid);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }

  const prepared = new PreparedStatements();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      if (options?.name) return prepared.query<T>(q, options.name, sql, params);
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  // No autovacuum in here: the planner's statistics are gathered again now and then (statistics.ts).
  const reanalyze = setInterval(() => void analyzeTables(base).catch(() => undefined), ANALYZE_EVERY_MS);
  reanalyze.unref();

  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: base.exec,
    // In-process: the embedded database's notifications cannot be cut off, so no resync is needed.
    listen: async (channel, onPayload) => pg.listen(channel, onPayload),
    listenerUp: () => !pg.closed,
    ping: async () => {
      await pg.query('select 1');
      return true;
    },
    close: async () => {
      clearInterval(reanalyze);
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}
