// Embedded PostgreSQL (PGlite, WebAssembly) behind the Db interface. PGlite has one connection:
// its own mutex serialises statements, and transaction() holds it for the whole transaction.
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, Row } from './db.ts';

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // A kill -9 can leave a stale lock file that stops the next start; nothing else can hold it,
    // because the embedded database lives only inside this process.
    const pid = path.join(dataDir, 'postmaster.pid');
    if (existsSync(pid)) rmSync(pid);
  }
  const pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);

  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: base.exec,
    listen: async (channel, onPayload) => pg.listen(channel, onPayload),
    ping: async () => {
      await pg.query('select 1');
      return true;
    },
    close: () => pg.close(),
  };
}
