// Money exactly once (docs/product.md#orders-and-payments): an order is paid by exactly one payment of
// exactly its amount in INR; every other captured payment (a second capture, a wrong amount or currency, a
// payment after cancellation) is refunded automatically, once, with retries; webhooks are verified,
// de-duplicated and applied forward-only whatever order they arrive in; a payment whose callback was lost is
// found by reconciliation. The provider is the sandbox, whose own records say what money really moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/index.ts';
import { sweepPayments } from '../../src/server/modules/orders/payments.ts';
import {
  loadSandboxSecrets,
  sandboxProvider,
  type SandboxProvider,
} from '../../src/server/providers/payments/sandbox.ts';
import type { ProviderPayment } from '../../src/server/providers/payments/types.ts';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { openTestDatabase, TestClient } from './helper.ts';

let db: Db;
let app: App;
let f: CheckoutFixture;
let sandbox: SandboxProvider;
/** Refunds the provider refuses before it accepts one (a provider outage). */
let refundFailures = 0;
const refundKeys: string[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  const t = await openTestDatabase();
  db = t.db;
  drop = t.drop;
  f = await makeCheckoutFixture(db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  config.clientDir = '/nonexistent';
  // Migrations ran in openTestDatabase; the sandbox keeps its side in the same database.
  sandbox = sandboxProvider(db, await loadSandboxSecrets(db));
  const flaky: SandboxProvider = {
    ...sandbox,
    async refund(paymentId, amount, key, notes) {
      refundKeys.push(key);
      if (refundFailures > 0) {
        refundFailures--;
        throw new Error('Razorpay is down (test)');
      }
      return sandbox.refund(paymentId, amount, key, notes);
    },
  };
  app = await buildApp({ config, db, payments: flaky });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
  await drop();
});

async function checkout(): Promise<{ c: TestClient; order: CreateOrderResponse }> {
  const c = new TestClient(app);
  c.token = (await makeUser(app)).token;
  expect((await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 2 })).statusCode).toBe(200);
  const res = await c.post('/api/v2/orders/createorder/', {
    address: { address: '80 Feet Road', flat: '4B', latitude: f.near.latitude, longitude: f.near.longitude },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { c, order: res.json<CreateOrderResponse>() };
}

const callback = (c: TestClient, o: CreateOrderResponse, p: ProviderPayment) =>
  c.post('/api/v1/orders/paymentsuccess/', {
    razorpay_payment_id: p.id,
    razorpay_order_id: o.provider_order_id,
    razorpay_signature: sandbox.signPayment(o.provider_order_id, p.id),
  });

/** A payment the provider holds for the order: by default captured, for exactly the order's amount. */
const providerPays = (
  o: CreateOrderResponse,
  over: Partial<Parameters<SandboxProvider['recordPayment']>[0]> = {},
) =>
  sandbox.recordPayment({
    order_id: o.provider_order_id,
    amount: o.amount,
    currency: 'INR',
    status: 'captured',
    ...over,
  });

function paymentEvent(event: string, p: ProviderPayment, status = p.status) {
  return { entity: 'event', event, payload: { payment: { entity: { ...p, entity: 'payment', status } } } };
}

async function webhook(body: object, eventId: string) {
  const raw = JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': sandbox.signWebhook(raw),
    },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string }>().status;
}

async function state(orderId: number) {
  const [order] = await db.query<{
    status: string;
    payment_status: string;
    refund_pending: boolean;
    payment_id: number | null;
  }>('select status, payment_status, refund_pending, payment_id from orders where id = $1', [orderId]);
  const ledger = await db.query<{
    id: number;
    provider_payment_id: string;
    status: string;
    refund_reason: string | null;
  }>('select id, provider_payment_id, status, refund_reason from payments where order_id = $1 order by id', [
    orderId,
  ]);
  return { order: order!, ledger };
}

/** What the provider says it did: its payments of the order and their refunds. */
async function atProvider(o: CreateOrderResponse) {
  return db.query<{ id: string; status: string; refunds: number }>(
    `select p.id, p.status, (select count(*)::int from sandbox_refunds r where r.payment_id = p.id) as refunds
       from sandbox_payments p where p.order_id = $1 order by p.created_at, p.id`,
    [o.provider_order_id],
  );
}

describe('exactly one payment pays an order', () => {
  it('refunds a second capture that arrives by webhook with another payment id', async () => {
    const { c, order } = await checkout();
    const first = await providerPays(order);
    expect((await callback(c, order, first)).json().order.payment_status).toBe('paid');
    const second = await providerPays(order);
    expect(await webhook(paymentEvent('payment.captured', second), 'evt_double_1')).toBe('ok');
    const s = await state(order.order.id);
    expect(s.order).toMatchObject({
      payment_status: 'paid',
      refund_pending: false,
      payment_id: s.ledger[0]!.id,
    });
    expect(s.ledger.map((p) => [p.provider_payment_id, p.status, p.refund_reason])).toEqual([
      [first.id, 'paid', null],
      [second.id, 'refunded', 'duplicate'],
    ]);
    expect(await atProvider(order)).toEqual([
      { id: first.id, status: 'captured', refunds: 0 },
      { id: second.id, status: 'refunded', refunds: 1 },
    ]);
  });

  it('refunds a second capture confirmed by the checkout callback, and tells the customer', async () => {
    const { c, order } = await checkout();
    await callback(c, order, await providerPays(order));
    const second = await providerPays(order);
    const again = await callback(c, order, second);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      'This order was already paid. This second payment is being refunded in full.',
    );
    const s = await state(order.order.id);
    expect(s.ledger.map((p) => p.status)).toEqual(['paid', 'refunded']);
    expect(s.order.payment_status).toBe('paid');
    // The browser repeats that callback (its answer was lost): the provider says refunded; still paid.
    const repeated = await callback(c, order, second);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().order.payment_status).toBe('paid');
    expect((await state(order.order.id)).ledger.map((p) => p.status)).toEqual(['paid', 'refunded']);
  });

  it('never counts a signed webhook of 1 paise (or any other amount) as paid, and refunds it', async () => {
    const { c, order } = await checkout();
    const tiny = await providerPays(order, { amount: 1 });
    expect(await webhook(paymentEvent('payment.captured', tiny), 'evt_one_paisa')).toBe('ok');
    let s = await state(order.order.id);
    expect(s.order).toMatchObject({ payment_status: 'pending', payment_id: null });
    expect(s.ledger).toMatchObject([{ status: 'refunded', refund_reason: 'amount_mismatch' }]);
    // The order can still be paid properly afterwards.
    expect((await callback(c, order, await providerPays(order))).json().order.payment_status).toBe('paid');
    s = await state(order.order.id);
    expect(s.ledger.map((p) => p.status)).toEqual(['refunded', 'paid']);
  });

  it('refunds a payment in another currency, and a wrong amount confirmed by the callback answers 409', async () => {
    const { c, order } = await checkout();
    const dollars = await providerPays(order, { currency: 'USD' });
    expect(await webhook(paymentEvent('payment.captured', dollars), 'evt_usd')).toBe('ok');
    const short = await providerPays(order, { amount: order.amount - 100 });
    const res = await callback(c, order, short);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: 'payment_amount_mismatch' });
    const s = await state(order.order.id);
    expect(s.order.payment_status).toBe('pending');
    expect(s.ledger.map((p) => [p.status, p.refund_reason])).toEqual([
      ['refunded', 'amount_mismatch'],
      ['refunded', 'amount_mismatch'],
    ]);
  });

  it('takes the order from the stored provider order, never from the request', async () => {
    const a = await checkout();
    const b = await checkout();
    // A valid payment of order A presented with order B's id in the body is refused.
    const p = await providerPays(a.order);
    const res = await a.c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: p.id,
      razorpay_order_id: a.order.provider_order_id,
      razorpay_signature: sandbox.signPayment(a.order.provider_order_id, p.id),
      order_id: b.order.order.id,
    });
    expect(res.statusCode).toBe(400);
    // A payment of order A signed for order B's provider order does not verify.
    const cross = await a.c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: p.id,
      razorpay_order_id: b.order.provider_order_id,
      razorpay_signature: sandbox.signPayment(b.order.provider_order_id, p.id),
    });
    expect(cross.statusCode).toBe(400);
    expect((await state(b.order.order.id)).order.payment_status).toBe('pending');
  });
});

describe('webhooks', () => {
  it('counts a triple-delivered event once and a replay of it never again', async () => {
    const { order } = await checkout();
    const p = await providerPays(order);
    const body = paymentEvent('payment.captured', p);
    expect(await webhook(body, 'evt_triple')).toBe('ok');
    expect(await webhook(body, 'evt_triple')).toBe('duplicate');
    expect(await webhook(body, 'evt_triple')).toBe('duplicate');
    // The same payment in another event (order.paid) changes nothing either.
    expect(await webhook(paymentEvent('order.paid', p), 'evt_order_paid')).toBe('ok');
    const s = await state(order.order.id);
    expect(s.ledger).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await atProvider(order)).toEqual([{ id: p.id, status: 'captured', refunds: 0 }]);
  });

  it('ends out-of-order events in a defined state: authorised after failed stays failed', async () => {
    const { order } = await checkout();
    const p = await providerPays(order, { status: 'failed' });
    expect(await webhook(paymentEvent('payment.failed', p), 'evt_f_1')).toBe('ok');
    expect(await webhook(paymentEvent('payment.authorized', p, 'authorized'), 'evt_a_1')).toBe('ok');
    const s = await state(order.order.id);
    expect(s.ledger).toMatchObject([{ status: 'failed' }]);
    expect(s.order.payment_status).toBe('pending');
  });

  it('ends out-of-order events in a defined state: captured after refunded stays refunded', async () => {
    const { c, order } = await checkout();
    const p = await providerPays(order);
    await callback(c, order, p);
    expect((await c.post(`/api/v1/orders/cancel-order/${order.order.id}`)).json().order.payment_status).toBe(
      'refunded',
    );
    expect(await webhook(paymentEvent('payment.captured', p, 'captured'), 'evt_late_capture')).toBe('ok');
    const s = await state(order.order.id);
    expect(s.order).toMatchObject({ status: 'cancelled', payment_status: 'refunded', refund_pending: false });
    expect(s.ledger).toMatchObject([{ status: 'refunded', refund_reason: 'cancelled' }]);
    expect(await atProvider(order)).toEqual([{ id: p.id, status: 'refunded', refunds: 1 }]);
  });

  it('follows a refund made at the provider (refund.processed)', async () => {
    const { c, order } = await checkout();
    const p = await providerPays(order);
    await callback(c, order, p);
    const refunded = {
      entity: 'event',
      event: 'refund.processed',
      payload: {
        refund: {
          entity: { id: 'rfnd_Dashboard0001', entity: 'refund', amount: p.amount, payment_id: p.id },
        },
      },
    };
    expect(await webhook(refunded, 'evt_refund_dash')).toBe('ok');
    expect((await state(order.order.id)).order).toMatchObject({
      payment_status: 'refunded',
      refund_pending: false,
    });
  });
});

describe('refunds and reconciliation', () => {
  it('retries a refund that failed, with backoff and the same idempotency key, until it succeeds', async () => {
    const { c, order } = await checkout();
    const p = await providerPays(order);
    await callback(c, order, p);
    refundFailures = 2;
    refundKeys.length = 0;
    const cancel = await c.post(`/api/v1/orders/cancel-order/${order.order.id}`);
    expect(cancel.json()).toMatchObject({
      message: 'Order cancelled. Your refund will be processed shortly.',
      order: { payment_status: 'paid', refund_pending: true },
    });
    const [row] = await db.query<{ refund_attempts: number; wait: number; refund_error: string }>(
      `select refund_attempts, extract(epoch from refund_next_at - now())::float8 as wait, refund_error
         from payments where provider_payment_id = $1`,
      [p.id],
    );
    expect(row).toMatchObject({ refund_attempts: 1, refund_error: 'Razorpay is down (test)' });
    expect(row!.wait).toBeGreaterThan(20);
    // Not due yet: the sweep leaves it alone.
    expect((await sweepPayments(db, app.payments, 15_000)).refunds).toBe(0);
    const due = () =>
      db.query(`update payments set refund_next_at = now() where provider_payment_id = $1`, [p.id]);
    await due();
    expect((await sweepPayments(db, app.payments, 15_000)).refunds).toBe(0); // the second failure
    const [later] = await db.query<{ wait: number }>(
      `select extract(epoch from refund_next_at - now())::float8 as wait from payments where provider_payment_id = $1`,
      [p.id],
    );
    expect(later!.wait).toBeGreaterThan(row!.wait); // the delay grew
    await due();
    expect((await sweepPayments(db, app.payments, 15_000)).refunds).toBe(1);
    expect((await state(order.order.id)).order).toMatchObject({
      payment_status: 'refunded',
      refund_pending: false,
    });
    expect(new Set(refundKeys)).toEqual(new Set([`refund-${p.id}`]));
    expect(await atProvider(order)).toEqual([{ id: p.id, status: 'refunded', refunds: 1 }]);
  });

  it('finds a payment whose callback never arrived and pays the order with it', async () => {
    const { order } = await checkout();
    const p = await sandbox.pay(order.provider_order_id, 'captured');
    // Too early: the checkout may still call back.
    await sweepPayments(db, app.payments, 15_000);
    expect((await state(order.order.id)).order.payment_status).toBe('pending');
    await db.query(`update orders set created_at = created_at - interval '2 minutes' where id = $1`, [
      order.order.id,
    ]);
    expect((await sweepPayments(db, app.payments, 15_000)).reconciled).toBeGreaterThanOrEqual(1);
    const s = await state(order.order.id);
    expect(s.order.payment_status).toBe('paid');
    expect(s.ledger).toMatchObject([{ provider_payment_id: p.id, status: 'paid' }]);
  });

  it('captures an authorised payment of the exact amount on the callback', async () => {
    const { c, order } = await checkout();
    const held = await providerPays(order, { status: 'authorized' });
    const res = await callback(c, order, held);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.payment_status).toBe('paid');
    expect(await atProvider(order)).toEqual([{ id: held.id, status: 'captured', refunds: 0 }]);
  });
});
