// No order event is lost (docs/architecture.md#order-events): events are rows with a per-restaurant sequence;
// a staff tab that reconnects with the last sequence it saw gets everything since; a NOTIFY that never
// arrived is filled in from the table; and on PostgreSQL, after the server's connections are cut
// (a restart or failover, simulated on this test's own database), requests answer 503 with
// Retry-After instead of 500 while the database is unreachable, /healthz says so, the LISTEN connection
// comes back by itself and what was committed meanwhile reaches the staff socket.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/server/db/index.ts';
import { publishOrderEvent, purgeOrderEvents } from '../../src/server/realtime/order-events.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { POSTGRES_ADMIN_URL, TEST_DB } from './helper.ts';
import { openSocket, startLiveServer } from './orders-socket-helper.ts';

const srv = await startLiveServer();
let rest: RestaurantFixture;
let staff: UserFixture;
let customer: UserFixture;

beforeAll(async () => {
  rest = await makeRestaurant(srv.db);
  staff = await makeUser(srv.app, { role: 'staff', restaurantId: rest.id });
  customer = await makeUser(srv.app);
});

const orderOf = (m: Record<string, unknown>) => (m['order'] as { id: number }).id;

describe('order events carry a per-restaurant sequence', () => {
  it('numbers each restaurant’s events 1, 2, 3 … and sends the number with every message', async () => {
    const other = await makeRestaurant(srv.db);
    const sock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    await sock.ping();
    const a = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    await makeOrder(srv.db, { userId: customer.id, restaurant: other, publish: true });
    const b = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const first = await sock.next((m) => orderOf(m) === a.id);
    const second = await sock.next((m) => orderOf(m) === b.id);
    expect(second['seq']).toBe((first['seq'] as number) + 1);
    const rows = await srv.db.query<{ restaurant_id: number; seq: number }>(
      'select restaurant_id, seq::int as seq from order_events where restaurant_id = any($1::int[]) order by restaurant_id, seq',
      [[rest.id, other.id]],
    );
    expect(rows.filter((r) => r.restaurant_id === other.id).map((r) => r.seq)).toEqual([1]);
    sock.ws.close();
  });

  it('replays to a tab that reconnects with the last sequence it saw, then goes on live', async () => {
    const sock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    await sock.ping();
    const seen = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const last = (await sock.next((m) => orderOf(m) === seen.id))['seq'] as number;
    sock.ws.close();
    await sock.closed;
    // Placed while the tab was offline.
    const missed1 = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const missed2 = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const back = openSocket(srv.port, `/ws/orders/${rest.id}/?after=${last}`, { token: staff.token });
    const r1 = await back.next((m) => m['type'] === 'order.created');
    const r2 = await back.next((m) => m['type'] === 'order.created');
    expect([orderOf(r1), orderOf(r2)]).toEqual([missed1.id, missed2.id]);
    expect([r1['seq'], r2['seq']]).toEqual([last + 1, last + 2]);
    const live = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    expect((await back.next((m) => orderOf(m) === live.id))['seq']).toBe(last + 3);
    await back.ping();
    expect(back.messages).toEqual([]);
    back.ws.close();
  });

  it('fills in an event whose NOTIFY never arrived, in order, before the next one', async () => {
    const sock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    await sock.ping();
    const lost = await makeOrder(srv.db, { userId: customer.id, restaurant: rest });
    // The event is committed but its notification is lost (as while a listener is reconnecting).
    await srv.db.transaction(async (tx) => {
      await publishOrderEvent(silent(tx), {
        type: 'order.created',
        orderId: lost.id,
        restaurantId: rest.id,
        userId: customer.id,
      });
    });
    const next = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const m1 = await sock.next((m) => m['type'] === 'order.created');
    const m2 = await sock.next((m) => m['type'] === 'order.created');
    expect([orderOf(m1), orderOf(m2)]).toEqual([lost.id, next.id]);
    sock.ws.close();
  });
});

describe('old events', () => {
  it('are purged after a week; newer ones stay for replay', async () => {
    const o = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    await srv.db.query(`update order_events set created_at = now() - interval '8 days' where order_id = $1`, [
      o.id,
    ]);
    const recent = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    await purgeOrderEvents(srv.db);
    const left = await srv.db.query<{ order_id: number }>(
      'select order_id from order_events where order_id = any($1::int[])',
      [[o.id, recent.id]],
    );
    expect(left).toEqual([{ order_id: recent.id }]);
  });
});

/** A connection on which pg_notify does nothing: the event row is written, its NOTIFY is lost. */
function silent(tx: Queryable): Queryable {
  return {
    query: (sql, params) => (sql.includes('pg_notify') ? Promise.resolve([]) : tx.query(sql, params)),
    exec: (sql) => tx.exec(sql),
  };
}

if (TEST_DB !== 'postgres') {
  console.log('order-events: the connection-loss case runs on PostgreSQL only (PGlite lives in-process).');
}

describe.skipIf(TEST_DB !== 'postgres')('the database connection drops (PostgreSQL)', () => {
  async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  it('answers 503 with Retry-After while unreachable, reports it, reconnects and replays what it missed', async () => {
    const dbName = new URL(srv.databaseUrl!).pathname.slice(1);
    const sock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    await sock.ping();
    // Another process that stays connected and keeps taking orders while ours is cut off.
    const writer = new pg.Client({ connectionString: srv.databaseUrl });
    await writer.connect();
    const writerPid = (await writer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const writerDb = clientDb(writer);
    try {
      await admin(async (c) => {
        await c.query(`alter database ${dbName} allow_connections false`);
        await c.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2',
          [dbName, writerPid],
        );
        // pg_terminate_backend only signals: until those backends have exited, our listener's
        // connection is still up (the CI failure when a loaded machine ran /healthz first).
        await until(async () => {
          const { rows } = await c.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> $2',
            [dbName, writerPid],
          );
          return rows[0]!.n === 0;
        });
      });
      const health = await fetch(`${srv.base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'degraded', database: 'down', listener: 'down' });
      const orders = await fetch(`${srv.base}/api/v1/orders/all/customer/`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(orders.status).toBe(503);
      expect(orders.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await orders.json()).toMatchObject({ status: 503, code: 'database_unavailable' });

      const deaf = await makeOrder(writerDb, { userId: customer.id, restaurant: rest, publish: true });
      await admin((c) => c.query(`alter database ${dbName} allow_connections true`));

      expect(orderOf(await sock.next((m) => m['type'] === 'order.created', 15_000))).toBe(deaf.id);
      const deadline = Date.now() + 10_000;
      let back: Response | undefined;
      while (Date.now() < deadline) {
        back = await fetch(`${srv.base}/healthz`);
        if (back.status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await back!.json()).toEqual({ status: 'ok', database: 'up', listener: 'up' });
      // Live again: the next order arrives by NOTIFY.
      const live = await makeOrder(writerDb, { userId: customer.id, restaurant: rest, publish: true });
      expect(orderOf(await sock.next((m) => m['type'] === 'order.created'))).toBe(live.id);
    } finally {
      await admin((c) => c.query(`alter database ${dbName} allow_connections true`));
      await writer.end();
      sock.ws.close();
    }
  }, 60_000);

  it('a backend terminated between two statements of a transaction fails that transaction only', async () => {
    const outcome = srv.db.transaction(async (tx) => {
      const pid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
      await admin((c) => c.query('select pg_terminate_backend($1)', [pid]));
      // The termination arrives while no statement runs (an uncaught error if nobody listens).
      await new Promise((r) => setTimeout(r, 300));
      await tx.query('select 1');
    });
    await expect(outcome).rejects.toThrow();
    expect(await srv.db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('never answers 500 on the first request after its pooled connections were terminated', async () => {
    const dbName = new URL(srv.databaseUrl!).pathname.slice(1);
    for (let round = 0; round < 5; round++) {
      // Warm the pool so dead idle connections are what the next requests find.
      await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${srv.base}/api/v1/orders/all/customer/`, {
            headers: { authorization: `Bearer ${customer.token}` },
          }),
        ),
      );
      await admin((c) =>
        c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]),
      );
      const statuses = await Promise.all(
        Array.from(
          { length: 6 },
          async () =>
            (
              await fetch(`${srv.base}/api/v1/orders/all/customer/`, {
                headers: { authorization: `Bearer ${customer.token}` },
              })
            ).status,
        ),
      );
      expect(
        statuses.every((s) => s === 200 || s === 503),
        String(statuses),
      ).toBe(true);
    }
  }, 60_000);
});

/** Waits until the check holds, for 10 s at most. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One connection as a Db (the writer process of the test). */
function clientDb(client: pg.Client): Db {
  const q: Queryable = {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    exec: async (sql) => void (await client.query(sql)),
  };
  return {
    ...q,
    kind: 'postgres',
    async transaction(fn) {
      await client.query('BEGIN');
      try {
        const out = await fn(q);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
    listen: () => Promise.reject(new Error('not used')),
    listenerUp: () => true,
    ping: async () => true,
    close: async () => undefined,
  };
}
