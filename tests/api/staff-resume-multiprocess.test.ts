// A kitchen's screens on different server processes of one PostgreSQL (issue 14): a tab that was away
// reconnects to another process and is replayed what it missed, in order, acknowledgement included;
// an acknowledgement made through one process silences a screen connected to the other. Starts two
// real server processes (tsx src/server/main.ts) on free loopback ports.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSigningKey, tokenKeys } from '../../src/server/auth/tokens.ts';
import { orderAlertsPaths } from '../../src/shared/api/paths.ts';
import { makeOrder, makeRestaurant, makeUser, type RestaurantFixture } from './factories/index.ts';
import { TEST_DB, openTestDatabase } from './helper.ts';
import { openSocket, type SocketResult } from './orders-socket-helper.ts';
import { startServer, type ServerProcess } from './server-process.ts';

if (TEST_DB !== 'postgres') {
  console.log(
    'staff-resume-multiprocess: PostgreSQL only (two processes cannot share an embedded database).',
  );
}

const hello = (s: SocketResult) =>
  vi.waitFor(
    () => {
      const m = s.control.find((c) => c['type'] === 'hello');
      if (!m) throw new Error('no hello yet');
      return m;
    },
    { timeout: 5000, interval: 20 },
  );

describe.skipIf(TEST_DB !== 'postgres')('staff screens on two server processes', () => {
  const servers: ServerProcess[] = [];
  let portA = 0;
  let portB = 0;
  let cleanup: () => Promise<void> = async () => undefined;
  let db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
  let fixture: RestaurantFixture;
  let staffToken = '';
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

  const screen = (port: number, after?: number) =>
    openSocket(port, `/ws/orders/${fixture.id}/${after === undefined ? '' : `?after=${after}`}`, {
      token: staffToken,
      origin: `http://127.0.0.1:${port}`,
    });

  async function acknowledge(port: number, orderId: number) {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
    return fetch(`http://127.0.0.1:${port}${orderAlertsPaths.acknowledge(orderId)}`, {
      method: 'POST',
      headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, authorization: `Bearer ${staffToken}` },
    });
  }

  it('a tab away from process A resumes on process B with everything it missed, in order', async () => {
    const onA = screen(portA);
    const start = (await hello(onA))['seq'] as number;
    onA.ws.close();
    await onA.closed;

    const first = await makeOrder(db, { userId: customerId, restaurant: fixture, publish: true });
    const second = await makeOrder(db, { userId: customerId, restaurant: fixture, publish: true });
    expect((await acknowledge(portA, first.id)).status).toBe(200);

    const onB = screen(portB, start);
    const greeting = await hello(onB);
    const replayed = onB.messages as Array<{ type: string; order: { id: number }; seq: number }>;
    expect(replayed.map((m) => [m.type, m.order.id, m.seq])).toEqual([
      ['order.created', first.id, start + 1],
      ['order.created', second.id, start + 2],
      ['order.acknowledged', first.id, start + 3],
    ]);
    expect(greeting['seq']).toBe(start + 3);
    onB.ws.close();
  });

  it('an acknowledgement through process A reaches a screen on process B', async () => {
    const onB = screen(portB);
    await hello(onB);
    const order = await makeOrder(db, { userId: customerId, restaurant: fixture, publish: true });
    await onB.next((m) => m['type'] === 'order.created', 5000);
    expect((await acknowledge(portA, order.id)).status).toBe(200);
    const acked = await onB.next((m) => m['type'] === 'order.acknowledged', 5000);
    expect((acked['order'] as { id: number }).id).toBe(order.id);
    onB.ws.close();
  });
});
