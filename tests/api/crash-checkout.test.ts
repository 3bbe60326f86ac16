// Crash suite (docs/architecture.md#bars: "no kill -9 at any step loses or doubles an order"). Real server
// processes on one database (an embedded data folder, or this test's own PostgreSQL database) are killed
// with SIGKILL at every step of a checkout (test-only failpoints, src/server/crash-points.ts) and at
// random moments under concurrent checkouts, then restarted; shoppers retry as a real client would
// (same Idempotency-Key, same callback, the provider re-sending its webhook). Afterwards every captured
// payment maps to exactly one paid order or was refunded exactly once, nothing committed is lost and
// nothing is paid twice. CRASH_KILLS (default 4 per database in `npm test`) sets the random kills;
// `npm run test:crash` runs 60.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_POINTS, type CrashPoint } from '../../src/server/crash-points.ts';
import { openDatabase, type Db } from '../../src/server/db/index.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { Shopper } from './shopper.ts';
import { openTestDatabase, TEST_DB } from './helper.ts';
import { freePort, spawnServer, waitHealthy, type ServerProcess } from './server-process.ts';

const RANDOM_KILLS = Number(process.env['CRASH_KILLS'] ?? 4);
const SWEEP_MS = 200;
const PASSWORD = 'crash-pass-123';

let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;
let port = 0;
let server: ServerProcess | undefined;
let fixture: CheckoutFixture;
let webhookSecret = '';
const phones: string[] = [];
let kills = 0;

/** The server's database, opened by the test itself while no server runs (PGlite allows one process). */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const env = (crashAt?: CrashPoint): Record<string, string> => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
  PAYMENT_SWEEP_INTERVAL_MS: String(SWEEP_MS),
  ...(crashAt ? { CRASH_AT: crashAt } : {}),
});

async function start(crashAt?: CrashPoint): Promise<ServerProcess> {
  server = spawnServer(env(crashAt), port);
  await waitHealthy(server);
  return server;
}

async function stop(): Promise<void> {
  await server?.stop();
  server = undefined;
}

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    const t = await openTestDatabase();
    databaseUrl = t.url;
    dropDatabase = t.drop;
    await t.db.close();
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bhojan-crash-'));
  }
  port = await freePort();
  await withDb(async (db) => {
    fixture = await makeCheckoutFixture(db);
    for (let i = 0; i < 24; i++) {
      phones.push((await makeUser(db, { name: 'Crash Shopper', password: PASSWORD })).phone);
    }
  });
  // The first start creates the sandbox's secrets; the test plays the provider with the webhook one.
  await start();
  await stop();
  webhookSecret = await withDb(async (db) => {
    const [row] = await db.query<{ value: string }>(
      `select value from app_secrets where name = 'sandbox_payment_webhook_secret'`,
    );
    return row!.value;
  });
  await start();
}, 120_000);

afterAll(async () => {
  await stop();
  await dropDatabase();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let nextShopper = 0;
async function shopper(): Promise<Shopper> {
  const s = new Shopper(phones[nextShopper++ % phones.length]!, {
    base: () => `http://127.0.0.1:${port}`,
    fixture,
    password: PASSWORD,
    webhookSecret: () => webhookSecret,
  });
  await s.login();
  return s;
}

/**
 * Restarts the server (without a failpoint) whenever it dies, until stopped; counts the deaths. With
 * `killAfterMs`, it also kills the server itself once, that long from now.
 */
function supervise(killAfterMs?: number): { stop(): Promise<void> } {
  let running = true;
  let victim: ServerProcess | undefined;
  const timer =
    killAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          victim = server;
          victim?.child.kill('SIGKILL');
        }, killAfterMs);
  const killed = () => server?.child.signalCode === 'SIGKILL';
  const restart = async () => {
    kills++;
    await start();
  };
  const loop = (async () => {
    while (running) {
      const current = server;
      if (!current) break;
      await Promise.race([current.exited, new Promise((r) => setTimeout(r, 100))]);
      // Only a kill is restarted here; a stop (SIGTERM, exit 0) belongs to the test.
      if (running && killed()) await restart();
    }
  })();
  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      await loop;
      // A kill that landed as the round ended (its exit maybe not seen yet) still gets its restart.
      if (victim && victim === server) await victim.exited;
      if (killed()) await restart();
    },
  };
}

/** Every money rule of docs/architecture.md#bars over the whole database, read by the test itself. */
async function checkMoney(shoppers: Shopper[]): Promise<void> {
  // Let the sweep make its first provider check of these orders (4 sweeps after creation).
  await new Promise((r) => setTimeout(r, 6 * SWEEP_MS));
  await stop();
  try {
    await verifyLedger(shoppers);
  } finally {
    await start();
  }
}

async function verifyLedger(shoppers: Shopper[]): Promise<void> {
  await withDb(async (db) => {
    const q = (sql: string) => db.query<Record<string, unknown>>(sql);
    // Every payment the provider took is in our ledger, exactly once.
    expect(
      await q(`select s.id from sandbox_payments s left join payments p on p.provider_payment_id = s.id
                where s.status in ('captured', 'refunded') and p.id is null`),
    ).toEqual([]);
    // Paid ledger rows are exactly the orders' payments, of exactly their amount; one per order.
    expect(
      await q(`select p.id from payments p left join orders o on o.payment_id = p.id
                where p.status = 'paid' and (o.id is null or o.to_pay <> p.amount or p.currency <> 'INR')`),
    ).toEqual([]);
    expect(
      await q(`select o.id from orders o join payments p on p.id = o.payment_id
                where o.payment_status = 'paid' and p.status not in ('paid', 'refund_pending')`),
    ).toEqual([]);
    expect(
      await q(`select order_id from payments where status = 'paid' group by order_id having count(*) > 1`),
    ).toEqual([]);
    // Settled: nothing waits for a refund; what we refunded the provider refunded, once.
    expect(await q(`select id from payments where status = 'refund_pending'`)).toEqual([]);
    expect(
      await q(`select p.id from payments p left join sandbox_payments s on s.id = p.provider_payment_id
                where (p.status = 'refunded') <> (s.status = 'refunded')`),
    ).toEqual([]);
    expect(await q(`select payment_id from sandbox_refunds group by payment_id having count(*) > 1`)).toEqual(
      [],
    );
    // Every captured payment still held by the provider pays one order.
    expect(
      await q(`select s.id from sandbox_payments s join payments p on p.provider_payment_id = s.id
                where s.status = 'captured' and not exists (select 1 from orders o where o.payment_id = p.id)`),
    ).toEqual([]);
    // Nothing the shoppers were told is lost.
    for (const s of shoppers) {
      const [o] = await db.query<{ payment_status: string; status: string }>(
        'select payment_status, status from orders where id = $1',
        [s.orderId],
      );
      expect(o, `order ${s.orderId}`).toBeDefined();
      if (s.confirmedPaid) expect(o!.payment_status).toBe(s.cancelled ? 'refunded' : 'paid');
    }
  });
}

async function payByCallback(s: Shopper): Promise<void> {
  const result = await s.payAtProvider();
  if (result) await s.callBack(result);
}

/** One shopper's journey for a failpoint, and the state its order must settle in. */
const JOURNEYS: Record<CrashPoint, (s: Shopper) => Promise<{ payment_status: string; status?: string }>> = {
  'createorder:after-commit': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  'createorder:after-provider-order': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  // The card was charged but the answer lost: the shopper pays again; one payment is refunded.
  'sandbox:after-capture': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  'payment:after-provider-capture': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  'payment:before-commit': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  'payment:after-commit': async (s) => (
    await s.createOrder(),
    await payByCallback(s),
    { payment_status: 'paid' }
  ),
  // The tab was closed: only the provider's webhook tells us.
  'webhook:before-commit': async (s) => {
    await s.createOrder();
    const result = (await s.payAtProvider())!;
    await s.providerWebhook(result['razorpay_payment_id'] as string, `evt_${randomBytes(6).toString('hex')}`);
    return { payment_status: 'paid' };
  },
  'webhook:after-commit': async (s) => {
    await s.createOrder();
    const result = (await s.payAtProvider())!;
    await s.providerWebhook(result['razorpay_payment_id'] as string, `evt_${randomBytes(6).toString('hex')}`);
    return { payment_status: 'paid' };
  },
  'refund:before-provider': async (s) => {
    await s.createOrder();
    await payByCallback(s);
    await s.cancel();
    return { payment_status: 'refunded', status: 'cancelled' };
  },
  'refund:after-provider': async (s) => {
    await s.createOrder();
    await payByCallback(s);
    await s.cancel();
    return { payment_status: 'refunded', status: 'cancelled' };
  },
  // Neither callback nor webhook: reconciliation finds the payment.
  'reconcile:after-provider': async (s) => (
    await s.createOrder(),
    await s.payAtProvider(),
    { payment_status: 'paid' }
  ),
};

describe(`kill -9 during a checkout (${TEST_DB})`, () => {
  it.each(CRASH_POINTS)(
    'at %s: nothing lost, nothing paid twice',
    async (point) => {
      const s = await shopper();
      await s.fillCart();
      await stop();
      const crashing = await start(point);
      const supervisor = supervise();
      try {
        await s.settles(await JOURNEYS[point](s));
      } finally {
        await supervisor.stop();
      }
      expect(
        await Promise.race([crashing.exited, Promise.resolve('alive')]),
        `${point} was never reached`,
      ).toBe('SIGKILL');
      await checkMoney([s]);
    },
    120_000,
  );

  it(`at ${RANDOM_KILLS} random moments under concurrent checkouts`, async () => {
    const before = kills;
    const shoppers: Shopper[] = [];
    while (kills - before < RANDOM_KILLS) {
      const round = await Promise.all([shopper(), shopper(), shopper()]);
      shoppers.push(...round);
      // A round takes a few hundred milliseconds: the kill lands somewhere inside it.
      const supervisor = supervise(randomInt(10, 400));
      try {
        const wants = await Promise.all(
          round.map(async (s, i) => {
            await s.fillCart();
            await s.createOrder();
            await payByCallback(s);
            if (i === 0) {
              await s.cancel();
              return { payment_status: 'refunded', status: 'cancelled' };
            }
            return { payment_status: 'paid' };
          }),
        );
        await Promise.all(round.map((s, i) => s.settles(wants[i]!)));
      } finally {
        await supervisor.stop();
      }
    }
    await checkMoney(shoppers);
    console.log(`crash suite (${TEST_DB}): ${kills} kills in all, ${shoppers.length} concurrent checkouts`);
  }, 900_000);
});
