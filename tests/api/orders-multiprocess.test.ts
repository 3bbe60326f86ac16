// Several API processes on one PostgreSQL share order events through LISTEN/NOTIFY: a staff socket on
// one process receives an order created by the database's writer and status changes made through the
// other process. Starts two real server processes (tsx src/server/main.ts) on free loopback ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, tokenKeys } from '../../src/server/auth/tokens.ts';
import { makeOrder, makeRestaurant } from './factories-orders.ts';
import { TEST_DB, openTestDatabase } from './helper.ts';
import { openSocket } from './orders-socket-helper.ts';

const ENTRY = process.env['ORDERS_SERVER_ENTRY'] ?? 'src/server/main.ts';

if (TEST_DB !== 'postgres') {
  console.log(
    'orders-multiprocess: skipped on PGlite: an embedded database lives inside one process, so only PostgreSQL can be shared by two server processes.',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(
  databaseUrl: string,
  port: number,
): Promise<{ child: ChildProcess; output: () => string }> {
  let out = '';
  const child = spawn('node_modules/.bin/tsx', [ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CLIENT_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start:\n${out}`);
}

describe.skipIf(TEST_DB !== 'postgres')('two server processes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let portA = 0;
  let portB = 0;
  let cleanup: () => Promise<void> = async () => undefined;
  let fixture: Awaited<ReturnType<typeof makeRestaurant>>;
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
    const [staff] = await db.query<{ id: number }>(
      `insert into users (phone_number, name, password_hash, role, restaurant_id) values ('9000000101', 'Ravi', 'x', 'staff', $1) returning id`,
      [fixture.id],
    );
    const [customer] = await db.query<{ id: number }>(
      `insert into users (phone_number, name, password_hash) values ('9876500001', 'Asha', 'x') returning id`,
    );
    customerId = customer!.id;
    // Both processes sign with the key kept in the shared database.
    const keys = tokenKeys(await loadSigningKey(db, undefined), db);
    staffToken = await keys.sign({ userId: staff!.id, role: 'staff', restaurantId: fixture.id });
    portA = await freePort();
    portB = await freePort();
    const [a, b] = await Promise.all([startServer(t.url!, portA), startServer(t.url!, portB)]);
    children.push(a.child, b.child);
  }, 90_000);

  afterAll(async () => {
    for (const c of children) {
      c.kill('SIGTERM');
      await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
    }
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
