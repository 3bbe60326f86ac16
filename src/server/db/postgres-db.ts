// PostgreSQL through node-postgres behind the Db interface (production and the PostgreSQL test run).
import pg from 'pg';
import type { Db, Queryable, Row } from './db.ts';

// int8 (count(*), sums of paise) comes back as a string by default; our amounts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client dropped by the server (restart, failover, a test dropping its database) must not
  // crash the process: the pool discards it and the next query opens a new one.
  pool.on('error', () => undefined);
  // Fail fast on a wrong DATABASE_URL instead of at the first request.
  await pool.query('select 1');
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await c.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = wrap(pool);

  return {
    kind: 'postgres',
    query: base.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: base.exec,
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => undefined);
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
