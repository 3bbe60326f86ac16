// Room to grow past one machine (docs/decisions/0013): several API processes on one PostgreSQL behave
// as one server. Three real processes behind a round-robin proxy: a customer signs in on one, fills the
// cart on another and orders on the third while a staff socket on the first hears the order; a flood
// limit counts across all three; a process killed mid-load loses no order. Then WORKERS=N: one command,
// N processes on one port, a dead one replaced, and the embedded database refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey, tokenKeys } from '../../src/server/auth/tokens.ts';
import type { Db } from '../../src/server/db/index.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { TEST_DB, openTestDatabase } from './helper.ts';
import { openSocket } from './orders-socket-helper.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { Shopper } from './shopper.ts';
import { freePort, spawnServer, startServer, waitHealthy, type ServerProcess } from './server-process.ts';

const PASSWORD = 'scale-out-pass-1';
const SWEEP_MS = 200;

describe('WORKERS on the embedded database', () => {
  it('is refused with a message that says what to do', async () => {
    const server = spawnServer({ WORKERS: '3', DATA_DIR: '/nonexistent-scale-out' }, await freePort());
    expect(await server.exited).toBe(2);
    expect(server.output()).toMatch(/WORKERS: more than one process needs DATABASE_URL/);
  });
});

if (TEST_DB !== 'postgres') {
  console.log(
    'scale-out: processes sharing a database skipped on PGlite: an embedded database lives inside one process.',
  );
}

describe.skipIf(TEST_DB !== 'postgres')('three processes on one PostgreSQL behind a load balancer', () => {
  const servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let db: Db;
  let databaseUrl = '';
  let drop = async () => undefined as void;
  let fixture: CheckoutFixture;
  let webhookSecret = '';
  let staffToken = '';
  const phones: string[] = [];

  const shopper = (base: () => string, phone = phones.shift()!) =>
    new Shopper(phone, { base, fixture, password: PASSWORD, webhookSecret: () => webhookSecret });

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.db;
    databaseUrl = t.url!;
    drop = t.drop;
    fixture = await makeCheckoutFixture(db);
    for (let i = 0; i < 16; i++) {
      phones.push((await makeUser(db, { name: 'Scale Shopper', password: PASSWORD })).phone);
    }
    const staff = await makeUser(db, { role: 'staff', restaurantId: fixture.r1, name: 'Meena' });
    const env = { DATABASE_URL: databaseUrl, PAYMENT_SWEEP_INTERVAL_MS: String(SWEEP_MS) };
    // One first, so the three do not race to create the shared secrets.
    servers.push(await startServer(env));
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    const keys = tokenKeys(await loadSigningKey(db, undefined), db);
    staffToken = await keys.sign({ userId: staff.id, role: 'staff', restaurantId: fixture.r1 });
    const [secret] = await db.query<{ value: string }>(
      `select value from app_secrets where name = 'sandbox_payment_webhook_secret'`,
    );
    webhookSecret = secret!.value;
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await drop();
  });

  it('sign in on one, cart on another, order and pay on the third: a staff socket on the first hears it', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const sock = openSocket(a.port, `/ws/orders/${fixture.r1}/`, { token: staffToken, origin: a.url });
    expect(await Promise.race([sock.closed, sock.opened.then(() => 0)])).toBe(0);
    await sock.ping();

    let base = a.url;
    const s = shopper(() => base);
    await s.login();
    base = b.url;
    await s.fillCart();
    base = c.url;
    await s.createOrder();
    const result = await s.payAtProvider();
    await s.callBack(result!);

    const heard = await sock.next(
      (m) => (m['order'] as { id?: number } | undefined)?.id === s.orderId && m['type'] === 'order.created',
      5000,
    );
    expect(heard['order']).toMatchObject({ id: s.orderId, payment_status: 'paid' });
    sock.ws.close();
  });

  it('a flood limit counts across all three: the 31st coupon check in a minute is refused', async () => {
    const s = shopper(() => proxy.url);
    await s.login();
    const before = new Map(proxy.sent);
    const statuses: number[] = [];
    for (let i = 0; i < 33; i++) {
      statuses.push((await s.call('POST', `/api/v1/checkout/get-coupon-value/NOPE${i}`)).status);
    }
    // Every process answered some of them, and together they refused from the 31st on.
    for (const server of servers)
      expect(proxy.sent.get(server.port)! - before.get(server.port)!).toBeGreaterThan(5);
    expect(statuses.slice(0, 30).filter((x) => x === 429)).toEqual([]);
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
    const refused = await s.call('POST', '/api/v1/checkout/get-coupon-value/NOPE99');
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
  });

  it('a process killed mid-load loses no order and pays none twice', async () => {
    const shoppers = Array.from({ length: 10 }, () => shopper(() => proxy.url));
    const journeys = shoppers.map(async (s, i) => {
      await new Promise((r) => setTimeout(r, i * 40));
      await s.login();
      await s.fillCart();
      await s.createOrder();
      const result = await s.payAtProvider();
      if (result) await s.callBack(result);
    });
    await new Promise((r) => setTimeout(r, 250));
    const victim = servers[1]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    await Promise.all(journeys);
    // The kill landed mid-load: requests to the dead process failed and were retried elsewhere.
    expect(proxy.failed()).toBeGreaterThan(0);
    console.log(
      `scale-out: one of three processes killed mid-load; ${proxy.failed()} requests retried, 10 orders paid once`,
    );

    for (const s of shoppers) await s.settles({ payment_status: 'paid' });
    const ids = shoppers.map((s) => s.orderId);
    expect(new Set(ids).size).toBe(shoppers.length);
    // One paid ledger row per order, of its amount; nothing waits for a refund.
    const rows = await db.query<{ id: number; paid: number; matches: boolean }>(
      `select o.id, count(p.id)::int as paid, bool_and(p.amount = o.to_pay) as matches
         from orders o left join payments p on p.order_id = o.id and p.status = 'paid'
        where o.id = any($1::int[]) group by o.id order by o.id`,
      [ids],
    );
    expect(rows.map((r) => [r.paid, r.matches])).toEqual(ids.map(() => [1, true]));
    // A payment whose answer the kill lost was paid again; the spare one is refunded by the sweep.
    await expect
      .poll(() => db.query(`select id from payments where status = 'refund_pending'`), { timeout: 20_000 })
      .toEqual([]);
    // The killed process comes back and joins again.
    servers[1] = spawnServer(
      { DATABASE_URL: databaseUrl, PAYMENT_SWEEP_INTERVAL_MS: String(SWEEP_MS) },
      victim.port,
    );
    await waitHealthy(servers[1]);
  }, 90_000);
});

describe.skipIf(TEST_DB !== 'postgres')('WORKERS=2 on PostgreSQL', () => {
  it('runs two processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const t = await openTestDatabase();
    await t.db.close();
    const server = spawnServer({ DATABASE_URL: t.url!, WORKERS: '2' }, await freePort());
    try {
      await waitHealthy(server);
      await expect
        .poll(() => server.output(), { timeout: 20_000 })
        .toMatch(/Storefront ready in \d+ ms: .* \(2 processes\)/);
      const workers = () => childPids(server.child.pid!);
      await expect.poll(workers, { timeout: 10_000 }).toHaveLength(2);
      const [first] = await workers();
      process.kill(first!, 'SIGKILL');
      await expect
        .poll(async () => (await workers()).filter((p) => p !== first), { timeout: 20_000 })
        .toHaveLength(2);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await workers()).toEqual([]);
    } finally {
      await server.stop();
      await t.drop();
    }
  }, 90_000);
});

/** The live child processes of a process (Linux /proc). */
async function childPids(pid: number): Promise<number[]> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(' ').filter(Boolean).map(Number);
}
