// PostgreSQL through node-postgres behind the Db interface (production and the PostgreSQL test run).
// Survives the database going away (restart, failover, terminated backends): the pool drops dead
// connections, a statement that found one is sent again once on a fresh connection, and the LISTEN
// connection comes back with backoff, listens again and tells subscribers to catch up.
import pg from 'pg';
import type { Db, Queryable, QueryOptions, Row } from './db.ts';
import { isDatabaseUnavailable } from './errors.ts';

// int8 (count(*), sums of paise) comes back as a string by default; our amounts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Reconnect delays of the LISTEN connection: 100 ms doubling to 5 s, with jitter. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** A silent dead socket (no FIN) is found by a cheap query on the LISTEN connection this often. */
const LISTENER_CHECK_MS = 10_000;

const ignoreError = () => undefined;

interface Subscription {
  onPayload: (payload: string) => void;
  onResync: (() => void) | undefined;
}

export async function openPostgres(url: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, keepAlive: true });
  // An idle client dropped by the server must not crash the process: the pool discards it.
  pool.on('error', () => undefined);
  // Fail fast on a wrong DATABASE_URL instead of at the first request.
  await pool.query('select 1');

  const channels = new Map<string, Set<Subscription>>();
  let listener: pg.Client | undefined;
  let listening: Promise<pg.Client> | undefined;
  let up = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', () => undefined);
    client.on('notification', (msg) => {
      for (const s of channels.get(msg.channel) ?? []) s.onPayload(msg.payload ?? '');
    });
    client.on('end', () => {
      if (listener !== client) return;
      listener = undefined;
      up = false;
      if (!closed) scheduleReconnect(0);
    });
    await client.connect();
    try {
      for (const channel of channels.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
    up = true;
    return client;
  }

  function scheduleReconnect(attempt: number): void {
    if (closed || retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt) * (0.75 + Math.random() / 2);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connectListener().then(
        () => {
          // NOTIFYs sent while we were away are gone: every subscriber catches up from its tables.
          for (const set of channels.values()) for (const s of set) s.onResync?.();
        },
        () => scheduleReconnect(attempt + 1),
      );
    }, delay);
    retryTimer.unref();
  }

  const check = setInterval(() => {
    const client = listener;
    if (!client) return;
    const timeout = setTimeout(() => void client.end().catch(() => undefined), LISTENER_CHECK_MS / 2);
    client
      .query('select 1')
      .catch(() => client.end().catch(() => undefined))
      .finally(() => clearTimeout(timeout));
  }, LISTENER_CHECK_MS);
  check.unref();

  /** One retry on a fresh connection when the first found the connection dead (not inside a transaction). */
  async function withRetry<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || closed) throw err;
      return run();
    }
  }

  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      // node-postgres prepares a named statement on each pooled connection the first time it runs there.
      const res = await c.query<T>({ text: sql, values: params as unknown[], name: options?.name });
      return res.rows;
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = wrap(pool);

  return {
    kind: 'postgres',
    query: (sql, params, options) => withRetry(() => base.query(sql, params, options)),
    async transaction(fn) {
      // BEGIN on a dead connection did nothing: that much can be retried; the body cannot.
      const client = await withRetry(async () => {
        const c = await pool.connect();
        // The pool listens for errors of idle clients only: a backend terminated while this one is
        // checked out (between two statements) would otherwise be an uncaught exception. The next
        // statement fails instead, and the client is released as dead.
        c.on('error', ignoreError);
        try {
          await c.query('BEGIN');
          return c;
        } catch (err) {
          c.off('error', ignoreError);
          c.release(true);
          throw err;
        }
      });
      try {
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        client.off('error', ignoreError);
        client.release();
        return out;
      } catch (err) {
        const dead = isDatabaseUnavailable(err);
        if (!dead) await client.query('ROLLBACK').catch(() => undefined);
        client.off('error', ignoreError);
        client.release(dead);
        throw err;
      }
    },
    exec: (sql) => withRetry(() => base.exec(sql)),
    async listen(channel, onPayload, onResync) {
      const sub: Subscription = { onPayload, onResync };
      let set = channels.get(channel);
      const fresh = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(sub);
      if (retryTimer) {
        // Reconnecting: the new connection will LISTEN on every channel, this one included.
      } else if (!listener) {
        listening ??= connectListener().finally(() => (listening = undefined));
        await listening;
      } else if (fresh) {
        await listener.query(`LISTEN ${quote(channel)}`);
      }
      return async () => {
        set.delete(sub);
      };
    },
    listenerUp: () => up,
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    async close() {
      closed = true;
      clearInterval(check);
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
