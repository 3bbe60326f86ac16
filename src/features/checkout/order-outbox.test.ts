// The order outbox: the Idempotency-Key is on the device before createorder leaves, a lost answer is
// asked again with the same key, a payment result that never reached our server is confirmed on
// resume (never paid twice), and a settled order leaves the outbox. One customer never sees another's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import {
  OUTBOX_KEY,
  attemptFor,
  beginAttempt,
  markCreated,
  markProviderResult,
  readOutbox,
  resumeOutbox,
  type OutboxEntry,
} from './order-outbox.ts';
import { payOrder } from './pay.ts';

const tokenFor = (sub: string) => `e30.${btoa(JSON.stringify({ sub }))}.sig`;
const PROVIDER = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'sig',
};

interface Call {
  url: string;
  method: string;
  key: string | null;
  body: unknown;
}
let calls: Call[];
let answer: (url: string, method: string) => Response | 'offline';

const order = (over: Record<string, unknown> = {}) => ({
  id: 42,
  order_number: '261123-7KQ3MZ',
  status: 'placed',
  payment_status: 'pending',
  refund_pending: false,
  bill: { to_pay: 59800 },
  ...over,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  appState.set({ loggedIn: true, access: tokenFor('7') });
  calls = [];
  answer = () => json({});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        url,
        method: init.method ?? 'GET',
        key: headers['Idempotency-Key'] ?? null,
        body: init.body ? JSON.parse(init.body as string) : null,
      });
      const res = answer(url, init.method ?? 'GET');
      if (res === 'offline') throw new TypeError('Failed to fetch');
      return res;
    }),
  );
});

afterEach(async () => {
  await idb.del(OUTBOX_KEY);
  vi.unstubAllGlobals();
  appState.reset();
});

describe('beginAttempt', () => {
  it('keeps the key on the device before anything is sent, and reuses it for the same cart', async () => {
    const first = await beginAttempt('cart-a', 3);
    expect(first.key).toMatch(/^pay-[\w-]{8,}$/);
    expect(calls.filter((c) => c.url.includes('/orders/'))).toHaveLength(0);
    expect((await readOutbox())?.key).toBe(first.key);
    expect((await beginAttempt('cart-a', 3)).key).toBe(first.key);
    expect((await beginAttempt('cart-b', 3)).key).not.toBe(first.key);
  });

  it('never drops a payment result that is not confirmed yet, even for another cart', async () => {
    const entry = await beginAttempt('cart-a', 3);
    await markCreated(entry, 42);
    await markProviderResult(entry, PROVIDER);
    const again = await beginAttempt('cart-b', 3);
    expect(again.key).toBe(entry.key);
    expect(again.provider).toEqual(PROVIDER);
  });

  it('is kept per customer: another account on this device does not see it', async () => {
    await beginAttempt('cart-a', 3);
    appState.set({ access: tokenFor('8') });
    expect(await readOutbox()).toBeNull();
    appState.set({ access: null });
    await expect(beginAttempt('cart-a', 3)).rejects.toThrow('Log in to place your order.');
  });
});

describe('payOrder after a lost createorder answer', () => {
  it('sends the same Idempotency-Key again, so the server answers the same order', async () => {
    answer = () => 'offline';
    const entry = await beginAttempt('cart-a', 3);
    await expect(payOrder(entry, 'Meghana', () => {}, { renew: true })).rejects.toThrow(/offline/);

    // Reload: the page begins again from what the device kept.
    answer = () => json({ order: order({ payment_status: 'paid' }) }, 201);
    const resumed = await beginAttempt('cart-a', 3);
    const result = await payOrder(resumed, 'Meghana', () => {}, { renew: true });
    expect(result.outcome.kind).toBe('paid');
    const creates = calls.filter((c) => c.url.endsWith('/createorder/'));
    expect(creates).toHaveLength(2);
    expect(creates[1]!.key).toBe(creates[0]!.key);
    // Paid: settled, nothing left to resume.
    expect(await readOutbox()).toBeNull();
  });

  it('sends the instructions the attempt was made with, again on a resend', async () => {
    const instructions = { cooking: 'Less spicy', delivery: 'Leave at the door' };
    answer = () => 'offline';
    const entry = await beginAttempt('cart-a', 3, instructions);
    await expect(payOrder(entry, 'Meghana', () => {}, { renew: true })).rejects.toThrow(/offline/);
    answer = () => json({ order: order({ payment_status: 'paid' }) }, 201);
    await payOrder(await beginAttempt('cart-a', 3), 'Meghana', () => {}, { renew: true });
    const creates = calls.filter((c) => c.url.endsWith('/createorder/'));
    expect(creates.map((c) => c.body)).toEqual([
      { address_id: 3, instructions },
      { address_id: 3, instructions },
    ]);
  });
});

describe('resumeOutbox', () => {
  const kept = async (over: Partial<OutboxEntry> = {}) => {
    const entry = await beginAttempt('cart-a', 3);
    if (over.orderId !== undefined && over.orderId !== null) await markCreated(entry, over.orderId);
    if (over.provider) await markProviderResult(entry, over.provider);
    return entry;
  };

  it('has nothing to do without a kept order, and waits for Pay when no order id came back', async () => {
    expect(await resumeOutbox()).toEqual({ kind: 'none' });
    const entry = await kept();
    expect(await resumeOutbox()).toMatchObject({ kind: 'unsent', entry: { key: entry.key } });
    expect(calls.filter((c) => c.url.includes('/orders/'))).toHaveLength(0);
  });

  it('confirms a payment whose answer was lost, once, and settles the order', async () => {
    await kept({ orderId: 42, provider: PROVIDER });
    answer = (url) =>
      url.includes('paymentsuccess')
        ? json({ status: 'success', message: 'ok', order: order({ payment_status: 'paid' }) })
        : json({});
    expect(await resumeOutbox()).toEqual({ kind: 'settled', orderId: 42, paid: true });
    const confirms = calls.filter((c) => c.url.includes('paymentsuccess'));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.body).toEqual({ ...PROVIDER, order_id: 42 });
    expect(await readOutbox()).toBeNull();
  });

  it('keeps the payment result while offline or while the server fails, and says so', async () => {
    await kept({ orderId: 42, provider: PROVIDER });
    answer = () => 'offline';
    expect(await resumeOutbox()).toMatchObject({ kind: 'unconfirmed', orderId: 42 });
    answer = () => json({ status: 502, message: 'later' }, 502);
    expect(await resumeOutbox()).toMatchObject({ kind: 'unconfirmed', orderId: 42 });
    expect((await attemptFor(42))?.provider).toEqual(PROVIDER);
  });

  it('drops a payment result the server refused, so the order can be paid again', async () => {
    await kept({ orderId: 42, provider: PROVIDER });
    answer = () =>
      json({ status: 402, message: 'The payment has not gone through. You have not been charged.' }, 402);
    expect(await resumeOutbox()).toMatchObject({
      kind: 'refused',
      message: 'The payment has not gone through. You have not been charged.',
    });
    const entry = await attemptFor(42);
    expect(entry?.provider).toBeNull();
    expect(entry?.orderId).toBe(42);
  });

  it("asks the server for an unpaid order's state: still payable, or settled", async () => {
    await kept({ orderId: 42 });
    answer = () => json({ order: order() });
    expect(await resumeOutbox()).toMatchObject({ kind: 'awaiting', order: { id: 42 }, payment: null });
    // The check asks the provider first: a UPI request approved while the app was closed shows as paid.
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/orders/check-payment/42/', method: 'POST' });

    answer = () => json({ order: order({ status: 'cancelled' }) });
    expect(await resumeOutbox()).toEqual({ kind: 'settled', orderId: 42, paid: false });
    expect(await readOutbox()).toBeNull();
  });

  it('forgets an order the server does not know for this account', async () => {
    await kept({ orderId: 42 });
    answer = () => json({ status: 404, message: 'Order not found.' }, 404);
    expect(await resumeOutbox()).toEqual({ kind: 'none' });
    expect(await readOutbox()).toBeNull();
  });

  it('rejects when the order cannot be read (offline), keeping the entry', async () => {
    await kept({ orderId: 42 });
    answer = () => 'offline';
    await expect(resumeOutbox()).rejects.toThrow(/offline/);
    expect((await readOutbox())?.orderId).toBe(42);
  });
});
