// Order-creation benchmark (docs/architecture.md#bars: order creation stays correct under 200 concurrent
// requests). Builds the real server on a fresh embedded database (or BENCH_DATABASE_URL, a PostgreSQL
// database it may fill), listens on a random loopback port, gives 200 customers a cart with the coupon
// LIMITED50 (50 uses), fires 200 concurrent createorder calls over HTTP, then 200 concurrent payment
// callbacks. It checks correctness (exactly 50 discounted orders, no 5xx, every order paid once) and
// reports latency percentiles. Bounded by BENCH_TIMEOUT_S. Run:
//   node_modules/.bin/tsx tests/load/orders-bench.ts
// Options (env): BENCH_CONCURRENCY (200), BENCH_COUPON_LIMIT (50), BENCH_TIMEOUT_S (120).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { loadPaymentProvider, type SandboxProvider } from '../../src/server/providers/payments/index.ts';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { makeCart, makeCheckoutFixture, makeCoupon, makeUser } from '../api/factories/index.ts';

const N = Number(process.env['BENCH_CONCURRENCY'] ?? 200);
const LIMIT = Number(process.env['BENCH_COUPON_LIMIT'] ?? 50);
const TIMEOUT_S = Number(process.env['BENCH_TIMEOUT_S'] ?? 120);

const watchdog = setTimeout(() => {
  console.error(`orders-bench: gave up after ${TIMEOUT_S} s`);
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();

function percentiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!.toFixed(1);
  return `p50 ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env['BENCH_DATABASE_URL'] });
  const f = await makeCheckoutFixture(db);
  await makeCoupon(db, { code: 'BENCH50', usageLimit: LIMIT, minOrder: 0 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  config.clientDir = '/nonexistent';
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sandbox = (await loadPaymentProvider(config, db)) as SandboxProvider;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < N; i++) {
      const { id: userId, token } = await makeUser(app, { name: `Bench ${i}` });
      await makeCart(db, { userId, restaurantId: f.r1, items: [[f.paneer, 2]], couponCode: 'BENCH50' });
      tokens.push(token);
    }
    const csrf = 'b'.repeat(32);
    const headers = (token: string, extra: Record<string, string> = {}) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
      ...extra,
    });
    const address = {
      address: 'Bench road',
      flat: '1',
      landmark: '',
      latitude: f.near.latitude,
      longitude: f.near.longitude,
    };

    const t0 = performance.now();
    const created = await Promise.all(
      tokens.map(async (token, i) => {
        const start = performance.now();
        const res = await fetch(`${base}/api/v2/orders/createorder/`, {
          method: 'POST',
          headers: headers(token, { 'idempotency-key': `bench-${i}-key` }),
          body: JSON.stringify({ address }),
        });
        return {
          status: res.status,
          body: (await res.json()) as CreateOrderResponse & { code?: string },
          ms: performance.now() - start,
          token,
        };
      }),
    );
    const createWall = performance.now() - t0;
    const ok = created.filter((r) => r.status === 201);
    const discounted = ok.filter((r) => r.body.order.coupon_discount > 0);
    const usedUp = created.filter((r) => r.status === 400 && r.body.code === 'coupon_used_up');
    const errors = created.filter((r) => r.status >= 500);
    const [coupon] = await db.query<{ used_count: number }>(
      `select used_count from coupons where coupon_code = 'BENCH50'`,
    );

    const t1 = performance.now();
    const paid = await Promise.all(
      ok.map(async (r, i) => {
        const paymentId = `pay_Bench${String(i).padStart(8, '0')}`;
        const start = performance.now();
        const res = await fetch(`${base}/api/v1/orders/paymentsuccess/`, {
          method: 'POST',
          headers: headers(r.token),
          body: JSON.stringify({
            razorpay_payment_id: paymentId,
            razorpay_order_id: r.body.provider_order_id,
            razorpay_signature: sandbox.signPayment(r.body.provider_order_id, paymentId),
          }),
        });
        return { status: res.status, ms: performance.now() - start };
      }),
    );
    const payWall = performance.now() - t1;
    const [paidRows] = await db.query<{ n: number }>(
      `select count(*)::int as n from orders where payment_status = 'paid'`,
    );

    console.log(`database: ${db.kind}, ${N} concurrent createorder, coupon limit ${LIMIT}`);
    console.log(
      `createorder: ${ok.length} created (${discounted.length} with the coupon), ${usedUp.length} refused coupon_used_up, ${errors.length} 5xx; wall ${createWall.toFixed(0)} ms; ${percentiles(created.map((r) => r.ms))}`,
    );
    console.log(
      `paymentsuccess: ${paid.filter((p) => p.status === 200).length}/${ok.length} ok; wall ${payWall.toFixed(0)} ms; ${percentiles(paid.map((p) => p.ms))}`,
    );
    const correct =
      discounted.length === Math.min(LIMIT, N) &&
      coupon!.used_count === Math.min(LIMIT, N) &&
      ok.length + usedUp.length === N &&
      errors.length === 0 &&
      paidRows!.n === ok.length;
    console.log(correct ? 'CORRECT' : 'INCORRECT');
    process.exitCode = correct ? 0 : 1;
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
