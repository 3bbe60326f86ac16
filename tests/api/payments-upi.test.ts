// UPI payments (docs/product.md#upi-payments): a UPI ID starts a collect request that waits, pending,
// for the customer's approval in their UPI app (the sandbox UPI app stands in for it); approval pays
// the order exactly once whether the webhook arrives or is lost (the order pages' check and the sweep
// ask the provider); a declined or expired request leaves the order unpaid and payable again; a late
// approval is refused, a capture after the order was paid is refunded. The Razorpay adapter reads
// the method and UPI ID from Razorpay's documented payment entities.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPayments } from '../../src/server/modules/orders/payments.ts';
import { toPayment } from '../../src/server/providers/payments/entities.ts';
import type { SandboxProvider } from '../../src/server/providers/payments/sandbox.ts';
import { hmacHex } from '../../src/server/providers/payments/signature.ts';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import type { OrderDetails, PaymentPage } from '../../src/shared/api/orders.ts';
import { maskVpa, paymentMethodLabel } from '../../src/shared/upi.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

const UPI = '/api/v1/payments/sandbox/upi';
const APP = '/api/v1/payments/sandbox/upi-app';

describe('UPI in the sandbox', () => {
  let ctx: TestContext;
  let f: CheckoutFixture;
  let sandbox: SandboxProvider;
  beforeAll(async () => {
    ctx = await setupApp({ seed: async (db) => (f = await makeCheckoutFixture(db)) });
    sandbox = ctx.app.payments as SandboxProvider;
  });

  async function customer(): Promise<TestClient> {
    const c = ctx.client.fork();
    c.token = (await makeUser(ctx.app)).token;
    return c;
  }

  async function order(c: TestClient): Promise<CreateOrderResponse> {
    expect((await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 2 })).statusCode).toBe(200);
    const res = await c.post('/api/v2/orders/createorder/', {
      address: {
        address: '80 Feet Road',
        flat: '4B',
        latitude: f.near.latitude,
        longitude: f.near.longitude,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreateOrderResponse>();
  }

  async function collect(c: TestClient, o: CreateOrderResponse, vpa = 'priya.sharma@okhdfc') {
    const res = await c.post(UPI, { order_id: o.provider_order_id, vpa });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ razorpay_payment_id: string; status: string; vpa: string; expires_at: string }>();
  }

  /** The UPI app's answer (from another device: no sign-in, its own CSRF cookie). */
  const answer = (kind: 'approve' | 'decline', paymentId: string, webhook?: 'deliver' | 'lose') =>
    ctx.client.fork().post(`${APP}/${kind}`, { payment_id: paymentId, ...(webhook ? { webhook } : {}) });

  const details = async (c: TestClient, id: number) =>
    (await c.get(`/api/v1/orders/details/id/${id}/`)).json<OrderDetails>();

  async function check(c: TestClient, id: number) {
    // The pages' check asks the provider at most every few seconds per order: start each from fresh.
    await ctx.db.query('update orders set payment_checked_at = null where id = $1', [id]);
    const res = await c.post(`/api/v1/orders/check-payment/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderDetails>();
  }

  async function ledger(orderId: number) {
    return ctx.db.query<{ status: string; method: string; vpa: string | null; provider_payment_id: string }>(
      'select status, method, vpa, provider_payment_id from payments where order_id = $1 order by id',
      [orderId],
    );
  }

  const createdEvents = async (orderId: number) =>
    (
      await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from order_events where order_id = $1 and type = 'order.created'`,
        [orderId],
      )
    )[0]!.n;

  it('refuses a UPI ID that is not name@bank with a clear 400, and an unknown order with 404', async () => {
    const c = await customer();
    const o = await order(c);
    for (const vpa of [
      'priya',
      'priya@',
      '@okhdfc',
      'p@okhdfc',
      'priya@ok hdfc',
      'priya@ok.hdfc',
      'pri\u0000ya@okhdfc',
      '',
    ]) {
      const res = await c.post(UPI, { order_id: o.provider_order_id, vpa });
      expect(res.statusCode, vpa).toBe(400);
      expect(res.json().message).toMatch(/UPI ID/);
    }
    expect((await c.post(UPI, { order_id: o.provider_order_id })).statusCode).toBe(400);
    const bad = await c.post(UPI, { order_id: o.provider_order_id, vpa: 'priya' });
    expect(bad.json().message).toContain('Enter a valid UPI ID, such as name@okhdfc.');
    const unknown = await c.post(UPI, { order_id: 'order_Unknown000001', vpa: 'priya@okhdfc' });
    expect(unknown.statusCode).toBe(404);
    // The UPI app's list and answers refuse bad input the same way, never with a 500.
    expect((await c.get(`${APP}/requests?vpa=nope`)).statusCode).toBe(400);
    expect((await answer('approve', 'pay_Unknown0000001')).statusCode).toBe(400);
    expect((await answer('approve', 'not-an-id')).statusCode).toBe(400);
    expect((await c.get(`${UPI}/pay_Unknown0000001`)).statusCode).toBe(404);
    expect((await ledger(o.order.id)).length).toBe(0);
  });

  it('waits pending, then an approval in the UPI app sends the webhook and pays the order exactly once', async () => {
    const c = await customer();
    const o = await order(c);
    const started = await collect(c, o, '  Priya.Sharma@OkHDFC ');
    expect(started).toMatchObject({ status: 'created', vpa: 'priya.sharma@okhdfc' });
    const left = Date.parse(started.expires_at) - Date.now();
    expect(left).toBeGreaterThan(290_000);
    expect(left).toBeLessThanOrEqual(300_000);

    // The order shows the request waiting, with the UPI ID masked, to the customer's pages.
    const waiting = await details(c, o.order.id);
    expect(waiting.order.payment_status).toBe('pending');
    expect(waiting.payment).toMatchObject({ method: 'upi', vpa: 'pr***@okhdfc', status: 'pending' });
    expect(waiting.payment!.expires_at).not.toBeNull();
    expect((await check(c, o.order.id)).payment?.status).toBe('pending');
    expect((await c.get(`${UPI}/${started.razorpay_payment_id}`)).json()).toMatchObject({
      status: 'created',
    });

    // The UPI app (another device) lists it for the UPI ID and approves it.
    const app = ctx.client.fork();
    const page = await app.get(APP);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox UPI app');
    expect((await app.get(`${APP}.js`)).statusCode).toBe(200);
    const list = await app.get(`${APP}/requests?vpa=PRIYA.SHARMA@okhdfc`);
    expect(list.json().requests).toEqual([
      expect.objectContaining({
        payment_id: started.razorpay_payment_id,
        amount: o.amount,
        order_number: o.order.order_number,
      }),
    ]);
    const approved = await answer('approve', started.razorpay_payment_id);
    expect(approved.json()).toMatchObject({ status: 'captured', webhook: 'delivered' });
    expect((await app.get(`${APP}/requests?vpa=priya.sharma@okhdfc`)).json().requests).toEqual([]);

    const paid = await details(c, o.order.id);
    expect(paid.order.payment_status).toBe('paid');
    expect(paid.payment).toMatchObject({
      method: 'upi',
      vpa: 'pr***@okhdfc',
      status: 'paid',
      expires_at: null,
    });

    // The checkout window (if still open) hands the same result to paymentsuccess: no second payment.
    const result = (await c.get(`${UPI}/${started.razorpay_payment_id}`)).json();
    expect(result.status).toBe('captured');
    const confirmed = await c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_order_id: result.razorpay_order_id,
      razorpay_signature: result.razorpay_signature,
      order_id: o.order.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('Payment successful. Your order has been placed.');

    // A second approval, and the provider's webhook delivered again, change nothing.
    const again = await answer('approve', started.razorpay_payment_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been approved/);
    const captured = await sandbox.fetchPayment(started.razorpay_payment_id);
    const raw = sandbox.paymentEvent('payment.captured', captured);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandbox.signWebhook(raw),
          'x-razorpay-event-id': 'evt_upi_resent_1',
        },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await ledger(o.order.id)).toEqual([
      {
        status: 'paid',
        method: 'upi',
        vpa: 'pr***@okhdfc',
        provider_payment_id: started.razorpay_payment_id,
      },
    ]);
    expect(await createdEvents(o.order.id)).toBe(1);
    const [refunds] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from sandbox_refunds where payment_id = $1`,
      [started.razorpay_payment_id],
    );
    expect(refunds!.n).toBe(0);
  });

  it('pays the order when the webhook is lost: the order page check asks the provider', async () => {
    const c = await customer();
    const o = await order(c);
    const started = await collect(c, o, 'rahul@okaxis');
    const approved = await answer('approve', started.razorpay_payment_id, 'lose');
    expect(approved.json()).toMatchObject({ status: 'captured', webhook: 'lost' });
    // Nothing told us yet.
    expect((await details(c, o.order.id)).order.payment_status).toBe('pending');
    const checked = await check(c, o.order.id);
    expect(checked.order.payment_status).toBe('paid');
    expect(checked.payment).toMatchObject({ method: 'upi', vpa: 'ra***@okaxis', status: 'paid' });
    // Asked again (the page polls): still one payment, one order.created.
    await check(c, o.order.id);
    expect((await ledger(o.order.id)).map((p) => p.status)).toEqual(['paid']);
    expect(await createdEvents(o.order.id)).toBe(1);
  });

  it('pays the order when the webhook is lost and nobody opens the app: the payments sweep finds it', async () => {
    const c = await customer();
    const o = await order(c);
    const started = await collect(c, o, 'meera@ybl');
    await answer('approve', started.razorpay_payment_id, 'lose');
    await new Promise((r) => setTimeout(r, 20));
    await sweepPayments(ctx.db, sandbox, 1);
    expect((await details(c, o.order.id)).order.payment_status).toBe('paid');
    expect((await ledger(o.order.id)).map((p) => [p.status, p.method, p.vpa])).toEqual([
      ['paid', 'upi', 'me***@ybl'],
    ]);
  });

  it('a declined request leaves the order unpaid with the reason, and paying again works', async () => {
    const c = await customer();
    const o = await order(c);
    const first = await collect(c, o, 'kiran@oksbi');
    const declined = await answer('decline', first.razorpay_payment_id);
    expect(declined.json()).toMatchObject({ status: 'failed', webhook: 'delivered' });
    const after = await details(c, o.order.id);
    expect(after.order).toMatchObject({ status: 'placed', payment_status: 'pending' });
    expect(after.payment).toMatchObject({ method: 'upi', status: 'failed' });
    expect((await c.get(`${UPI}/${first.razorpay_payment_id}`)).json()).toMatchObject({
      status: 'failed',
      reason: 'declined',
      description: 'The UPI request was declined. No money was taken.',
    });
    // An approval after the decline is refused: no money moves.
    const late = await answer('approve', first.razorpay_payment_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment request was declined. No money was taken.');

    // Pay again: the same order, a new request.
    const second = await collect(c, o, 'kiran@oksbi');
    expect(second.razorpay_payment_id).not.toBe(first.razorpay_payment_id);
    await answer('approve', second.razorpay_payment_id);
    expect((await details(c, o.order.id)).order.payment_status).toBe('paid');
    expect((await ledger(o.order.id)).map((p) => p.status)).toEqual(['failed', 'paid']);
  });

  it('an expired request fails, a late approval is refused, and the order can be paid by card', async () => {
    const c = await customer();
    const o = await order(c);
    const started = await collect(c, o, 'arjun@paytm');
    // Time passes in the UPI app beyond the request's expiry.
    await ctx.db.query(`update sandbox_payments set expires_at = now() - interval '1 second' where id = $1`, [
      started.razorpay_payment_id,
    ]);
    const status = (await c.get(`${UPI}/${started.razorpay_payment_id}`)).json();
    expect(status).toMatchObject({ status: 'failed', reason: 'expired' });
    expect(status.description).toMatch(/expired/);
    const late = await answer('approve', started.razorpay_payment_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment request has expired. No money was taken.');
    const checked = await check(c, o.order.id);
    expect(checked.order.payment_status).toBe('pending');
    expect(checked.payment).toMatchObject({ method: 'upi', status: 'failed', expires_at: null });
    expect((await ledger(o.order.id)).map((p) => p.status)).toEqual(['failed']);

    const card = await c.post('/api/v1/payments/sandbox/pay', {
      order_id: o.provider_order_id,
      card_number: '4111111111111111',
      expiry: '12/34',
      cvv: '123',
    });
    expect(card.statusCode).toBe(200);
    const paid = await c.post('/api/v1/orders/paymentsuccess/', card.json());
    expect(paid.json().order.payment_status).toBe('paid');
    expect((await details(c, o.order.id)).payment).toMatchObject({
      method: 'card',
      vpa: null,
      status: 'paid',
    });
  });

  it('a new request withdraws the one still waiting, so the customer can never approve both', async () => {
    const c = await customer();
    const o = await order(c);
    const a = await collect(c, o, 'wrong.id@okhdfc');
    const b = await collect(c, o, 'right.id@okhdfc');
    expect((await ctx.client.fork().get(`${APP}/requests?vpa=wrong.id@okhdfc`)).json().requests).toEqual([]);
    const stale = await answer('approve', a.razorpay_payment_id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/replaced by a newer one/);
    await answer('approve', b.razorpay_payment_id);
    expect((await ledger(o.order.id)).map((p) => [p.status, p.vpa])).toEqual([
      ['failed', 'wr***@okhdfc'],
      ['paid', 'ri***@okhdfc'],
    ]);
  });

  it('a request approved after the order was paid by card is refused; a UPI capture that still arrives is refunded', async () => {
    const c = await customer();
    const o = await order(c);
    const waiting = await collect(c, o, 'late.payer@okaxis');
    const card = await c.post('/api/v1/payments/sandbox/pay', {
      order_id: o.provider_order_id,
      card_number: '4111111111111111',
      expiry: '12/34',
      cvv: '123',
    });
    await c.post('/api/v1/orders/paymentsuccess/', card.json());
    const late = await answer('approve', waiting.razorpay_payment_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order has already been paid. No money was taken.');
    // Starting another request for a paid order is refused too.
    const more = await c.post(UPI, { order_id: o.provider_order_id, vpa: 'late.payer@okaxis' });
    expect(more.statusCode).toBe(400);

    // A provider that captured a UPI payment anyway (a bank's late approval): refunded in full, once.
    const extra = await sandbox.recordPayment({
      order_id: o.provider_order_id,
      amount: o.amount,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
    });
    await ctx.db.query(`update sandbox_payments set vpa = 'late.payer@okaxis' where id = $1`, [extra.id]);
    const raw = sandbox.paymentEvent('payment.captured', await sandbox.fetchPayment(extra.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sandbox.signWebhook(raw),
        'x-razorpay-event-id': 'evt_upi_late_1',
      },
      payload: raw,
    });
    expect(res.json()).toEqual({ status: 'ok' });
    const rows = await ledger(o.order.id);
    expect(rows.find((p) => p.provider_payment_id === extra.id)).toMatchObject({
      status: 'refunded',
      method: 'upi',
      vpa: 'la***@okaxis',
    });
    expect((await details(c, o.order.id)).order.payment_status).toBe('paid');
    expect((await sandbox.fetchPayment(extra.id)).status).toBe('refunded');

    // The customer's payments list names each method.
    const page = (await c.get('/api/v1/orders/payments/?limit=20')).json<PaymentPage>();
    const shown = page.results.map((p) => [paymentMethodLabel(p.method, p.vpa), p.status]);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['UPI · la***@okaxis', 'refunded'],
        ['UPI · la***@okaxis', 'failed'],
        ['Card', 'paid'],
      ]),
    );
    expect(page.results.every((p) => !p.vpa || p.vpa.includes('***'))).toBe(true);
  });

  it('shows a waiting UPI request in the payments list, and reads it as failed once it lapses', async () => {
    const c = await customer();
    const o = await order(c);
    const started = await collect(c, o, 'sana@ibl');
    const before = (await c.get('/api/v1/orders/payments/')).json<PaymentPage>();
    expect(before.results).toEqual([
      expect.objectContaining({ method: 'upi', vpa: 'sa***@ibl', status: 'pending', order_id: o.order.id }),
    ]);
    await ctx.db.query(
      `update payments set expires_at = now() - interval '1 second' where provider_payment_id = $1`,
      [started.razorpay_payment_id],
    );
    const after = (await c.get('/api/v1/orders/payments/')).json<PaymentPage>();
    expect(after.results[0]).toMatchObject({ status: 'failed' });
  });

  it("another customer's order cannot be checked, and the check needs sign-in", async () => {
    const c = await customer();
    const o = await order(c);
    const other = await customer();
    expect((await other.post(`/api/v1/orders/check-payment/${o.order.id}/`)).statusCode).toBe(404);
    expect((await ctx.client.fork().post(`/api/v1/orders/check-payment/${o.order.id}/`)).statusCode).toBe(
      401,
    );
  });
});

describe('UPI ID masking', () => {
  it('keeps the first two characters of the name and the handle', () => {
    expect(maskVpa('priya.sharma@okhdfc')).toBe('pr***@okhdfc');
    expect(maskVpa('ab@ybl')).toBe('a***@ybl');
    expect(paymentMethodLabel('upi', 'pr***@okhdfc')).toBe('UPI · pr***@okhdfc');
    expect(paymentMethodLabel('card', null)).toBe('Card');
    expect(paymentMethodLabel('upi', null)).toBe('UPI');
  });
});

// ---------------------------------------------------------------- Razorpay

/** Razorpay's documented payment entity for a UPI payment (Payments API and webhook payloads). */
function upiEntity(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'pay_UpiLocal0000001',
    entity: 'payment',
    amount: 50000,
    currency: 'INR',
    status: 'captured',
    order_id: 'order_UpiLocal00001',
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'gaurav.kumar@exampleupi',
    email: 'gaurav.kumar@example.com',
    contact: '+919876543210',
    notes: [],
    fee: 1180,
    tax: 180,
    error_code: null,
    error_description: null,
    acquirer_data: { rrn: '313436457897' },
    upi: { payer_account_type: 'bank_account', vpa: 'gaurav.kumar@exampleupi' },
    created_at: 1567674599,
    ...over,
  };
}

describe('Razorpay adapter: UPI payment entities', () => {
  it('reads method upi and the vpa (top level, or upi.vpa in newer payloads)', () => {
    expect(toPayment(upiEntity())).toEqual({
      id: 'pay_UpiLocal0000001',
      order_id: 'order_UpiLocal00001',
      amount: 50000,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
      vpa: 'gaurav.kumar@exampleupi',
    });
    expect(toPayment(upiEntity({ vpa: null })).vpa).toBe('gaurav.kumar@exampleupi');
    expect(toPayment(upiEntity({ status: 'created', captured: false })).status).toBe('created');
    // A card payment carries no vpa; a malformed vpa is left out rather than stored.
    expect(toPayment(upiEntity({ method: 'card', vpa: null, upi: undefined })).vpa).toBeUndefined();
    expect(toPayment(upiEntity({ vpa: '<script>', upi: null })).vpa).toBeUndefined();
  });

  describe('the app with PAYMENT_PROVIDER=razorpay', () => {
    const payments = new Map<string, Record<string, unknown>>();
    const orders = new Map<string, number>();
    let server: Server;
    let base = '';
    let ctx: TestContext;
    let f: CheckoutFixture;
    const read = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let d = '';
        req.on('data', (c: Buffer) => (d += c.toString()));
        req.on('end', () => resolve(d));
      });

    beforeAll(async () => {
      server = createServer(async (req, res) => {
        const body = JSON.parse((await read(req)) || '{}') as Record<string, unknown>;
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/orders') {
          const id = `order_UpiLocal${String(orders.size + 1).padStart(5, '0')}`;
          orders.set(id, body['amount'] as number);
          return void res.end(
            JSON.stringify({
              id,
              entity: 'order',
              amount: body['amount'],
              currency: 'INR',
              status: 'created',
            }),
          );
        }
        const list = /^\/v1\/orders\/(order_\w+)\/payments$/.exec(req.url ?? '');
        if (req.method === 'GET' && list) {
          const items = [...payments.values()].filter((p) => p['order_id'] === list[1]);
          return void res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
        }
        const one = /^\/v1\/payments\/(pay_\w+)$/.exec(req.url ?? '');
        if (req.method === 'GET' && one && payments.has(one[1]!)) {
          return void res.end(JSON.stringify(payments.get(one[1]!)));
        }
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
          }),
        );
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      ctx = await setupApp({
        env: {
          PAYMENT_PROVIDER: 'razorpay',
          RAZORPAY_KEY_ID: 'rzp_test_upi',
          RAZORPAY_KEY_SECRET: 'upi_key_secret',
          RAZORPAY_WEBHOOK_SECRET: 'upi_webhook_secret',
          RAZORPAY_API_BASE: base,
        },
        seed: async (db) => (f = await makeCheckoutFixture(db)),
      });
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('shows a UPI request waiting in Razorpay, then records the captured webhook with method and masked vpa', async () => {
      const c = ctx.client.fork();
      c.token = (await makeUser(ctx.app)).token;
      await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 });
      const created = await c.post('/api/v2/orders/createorder/', {
        address: { address: 'Road', flat: '1', latitude: f.near.latitude, longitude: f.near.longitude },
      });
      const o = created.json<CreateOrderResponse>();
      // The customer chose UPI inside Razorpay Checkout and closed the app before approving.
      const id = 'pay_UpiLocal0000002';
      payments.set(
        id,
        upiEntity({
          id,
          order_id: o.provider_order_id,
          amount: o.amount,
          status: 'created',
          captured: false,
        }),
      );
      const waiting = (await c.post(`/api/v1/orders/check-payment/${o.order.id}/`)).json<OrderDetails>();
      expect(waiting.order.payment_status).toBe('pending');
      expect(waiting.payment).toMatchObject({
        method: 'upi',
        vpa: 'ga***@exampleupi',
        status: 'pending',
        expires_at: null,
      });

      // Approved in the UPI app: Razorpay's payment.captured webhook.
      payments.set(id, upiEntity({ id, order_id: o.provider_order_id, amount: o.amount }));
      const raw = JSON.stringify({
        entity: 'event',
        account_id: 'acc_BFQ7uQEaa7j2z7',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: payments.get(id) } },
        created_at: 1567674606,
      });
      const hook = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex('upi_webhook_secret', raw),
          'x-razorpay-event-id': 'evt_upi_rzp_1',
        },
        payload: raw,
      });
      expect(hook.json()).toEqual({ status: 'ok' });
      const paid = (await c.get(`/api/v1/orders/details/id/${o.order.id}/`)).json<OrderDetails>();
      expect(paid.order.payment_status).toBe('paid');
      expect(paid.payment).toMatchObject({ method: 'upi', vpa: 'ga***@exampleupi', status: 'paid' });
      const list = (await c.get('/api/v1/orders/payments/')).json<PaymentPage>();
      expect(list.results).toEqual([
        expect.objectContaining({ method: 'upi', vpa: 'ga***@exampleupi', status: 'paid' }),
      ]);
      // The full UPI ID is nowhere in our ledger.
      const [stored] = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from payments where vpa like '%gaurav.kumar%'`,
      );
      expect(stored!.n).toBe(0);
      // The sandbox's UPI routes do not exist with Razorpay (its own checkout collects UPI).
      expect((await c.get('/api/v1/payments/sandbox/upi-app')).statusCode).toBe(404);
    });

    it('records a failed UPI payment (payment.failed) and the order stays payable', async () => {
      const c = ctx.client.fork();
      c.token = (await makeUser(ctx.app)).token;
      await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 });
      const o = (
        await c.post('/api/v2/orders/createorder/', {
          address: { address: 'Road', flat: '1', latitude: f.near.latitude, longitude: f.near.longitude },
        })
      ).json<CreateOrderResponse>();
      const id = 'pay_UpiLocal0000003';
      const entity = upiEntity({
        id,
        order_id: o.provider_order_id,
        amount: o.amount,
        status: 'failed',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment was unsuccessful as you may have declined the request on your UPI app.',
      });
      payments.set(id, entity);
      const raw = JSON.stringify({
        entity: 'event',
        event: 'payment.failed',
        payload: { payment: { entity } },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex('upi_webhook_secret', raw),
        },
        payload: raw,
      });
      const after = (await c.get(`/api/v1/orders/details/id/${o.order.id}/`)).json<OrderDetails>();
      expect(after.order).toMatchObject({ status: 'placed', payment_status: 'pending' });
      expect(after.payment).toMatchObject({ method: 'upi', vpa: 'ga***@exampleupi', status: 'failed' });
    });
  });
});
