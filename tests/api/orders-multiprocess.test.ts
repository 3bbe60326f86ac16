// Several API processes on one PostgreSQL share order events through LISTEN/NOTIFY: a staff socket on
// one process receives an order created by the database's writer and status changes made through the
// other process. Starts two real server processes (tsx src/server/main.ts) on free loopback ports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, tokenKeys } from '../../src/server/auth/tokens.ts';
import { makeOrder, makeRestaurant, makeUser, type RestaurantFixture } from './factories/index.ts';
import { TEST_DB, openTestDatabase } from './helper.ts';
import { openSocket } from './orders-socket-helper.ts';
import { startServer, type ServerProcess } from './server-process.ts';

if (TEST_DB !== 'postgres') {
  console.log(
    'orders-multiprocess: skipped on PGlite: an embedded database lives inside one process, so only PostgreSQL can be shared by two server processes.',
  );
}

describe.skipIf(TEST_DB !== 'postgres')('two server processes on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  let portA = 0;
  let portB = 0;
  let cleanup: () => Promise<void> = async () => undefined;
  let fixture: RestaurantFixture;
  let staffToken = '';
  let db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
  let customerId = 0;

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.db;
    cleanup = async () => {
      await t.db.close();
      await t.drop();
    };
    fixture = await makeRestaurant(db);
    const staff = await makeUser(db, { role: 'staff', restaurantId: fixture.id, name: 'Ravi' });
    customerId = (await makeUser(db, { name: 'Asha' })).id;
    // Both processes sign with the key kept in the shared database.
    const keys = tokenKeys(await loadSigningKey(db, undefined), db);
    staffToken = await keys.sign({ userId: staff.id, role: 'staff', restaurantId: fixture.id });
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: t.url! }),
      startServer({ DATABASE_URL: t.url! }),
    ]);
    servers.push(a, b);
    portA = a.port;
    portB = b.port;
  }, 90_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await cleanup();
  });

  it('a staff socket on process B receives an order paid elsewhere and a status change made through process A', async () => {
    const sock = openSocket(portB, `/ws/orders/${fixture.id}/`, {
      token: staffToken,
      origin: `http://127.0.0.1:${portB}`,
    });
    const code = await Promise.race([sock.closed, sock.opened.then(() => 0)]);
    expect(code, 'the order sockets must be registered at the root of the app (ordersSocketsPlugin)').toBe(0);
    await sock.ping();

    const order = await makeOrder(db, { userId: customerId, restaurant: fixture, publish: true });
    const created = await sock.next((m) => m['type'] === 'order.created', 5000);
    expect(created['order']).toMatchObject({ id: order.id, status: 'placed' });

    const health = await fetch(`http://127.0.0.1:${portA}/healthz`);
    const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${portA}/api/v1/orders/restaurant/${order.id}/status/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrftoken=${csrf}`,
        'x-csrftoken': csrf,
        authorization: `Bearer ${staffToken}`,
      },
      body: JSON.stringify({ status: 'accepted', prep_time_min: 15 }),
    });
    expect(res.status).toBe(200);
    const updated = await sock.next((m) => m['type'] === 'order.updated', 5000);
    expect(updated['order']).toMatchObject({ id: order.id, status: 'accepted', prep_time_min: 15 });
    expect(performance.now() - started).toBeLessThan(2000);
    sock.ws.close();
  });
});
