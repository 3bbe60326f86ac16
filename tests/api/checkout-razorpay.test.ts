// The Razorpay adapter against a local HTTP server speaking Razorpay's documented Orders and Refunds
// API format, Razorpay's published signature test vectors, and the app wired to it end to end.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { razorpayProvider } from '../../src/server/providers/payments/razorpay.ts';
import { hmacHex, paymentSignature } from '../../src/server/providers/payments/signature.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestContext } from './helper.ts';

interface Seen {
  method: string;
  url: string;
  auth: string;
  idempotency?: string | undefined;
  body: Record<string, unknown>;
}

const seen: Seen[] = [];
/** What the fake Razorpay knows: its orders, payments and refunds (by idempotency key). */
const rzpOrders = new Map<string, { amount: number; currency: string }>();
const rzpPayments = new Map<string, Record<string, unknown>>();
const rzpRefunds = new Map<string, Record<string, unknown>>();
let paymentSeq = 0;

/** A customer pays at Razorpay: a payment entity in its documented shape. */
function razorpayPays(
  orderId: string,
  over: { amount?: number; currency?: string; status?: string } = {},
): Record<string, unknown> {
  const order = rzpOrders.get(orderId)!;
  const p = {
    id: `pay_Local${String(++paymentSeq).padStart(9, '0')}`,
    entity: 'payment',
    amount: over.amount ?? order.amount,
    currency: over.currency ?? order.currency,
    status: over.status ?? 'captured',
    order_id: orderId,
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    captured: (over.status ?? 'captured') === 'captured',
    created_at: 1642662092,
  };
  rzpPayments.set(p.id, p);
  return p;
}

const notFound = (res: ServerResponse) => {
  res.statusCode = 400;
  res.end(
    JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }),
  );
};
let server: Server;
let base: string;
let failNext = false;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const idempotency = req.headers['x-refund-idempotency'];
    seen.push({
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization ?? '',
      idempotency: typeof idempotency === 'string' ? idempotency : undefined,
      body,
    });
    res.setHeader('content-type', 'application/json');
    if (
      req.headers.authorization !== `Basic ${Buffer.from('rzp_test_local:local_secret').toString('base64')}`
    ) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
      return;
    }
    if (failNext) {
      failNext = false;
      res.statusCode = 500;
      res.end(
        JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/orders') {
      const id = `order_Local${String(seen.length).padStart(9, '0')}`;
      rzpOrders.set(id, { amount: body['amount'] as number, currency: body['currency'] as string });
      res.end(
        JSON.stringify({
          id,
          entity: 'order',
          amount: body['amount'],
          amount_paid: 0,
          amount_due: body['amount'],
          currency: body['currency'],
          receipt: body['receipt'],
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: body['notes'],
          created_at: 1642662092,
        }),
      );
      return;
    }
    const payment = /^\/v1\/payments\/(pay_\w+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && payment) {
      const p = rzpPayments.get(payment[1]!);
      if (!p) return notFound(res);
      res.end(JSON.stringify(p));
      return;
    }
    const orderPayments = /^\/v1\/orders\/(order_\w+)\/payments$/.exec(req.url ?? '');
    if (req.method === 'GET' && orderPayments) {
      const items = [...rzpPayments.values()].filter((p) => p['order_id'] === orderPayments[1]);
      res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
      return;
    }
    const capture = /^\/v1\/payments\/(pay_\w+)\/capture$/.exec(req.url ?? '');
    if (req.method === 'POST' && capture) {
      const p = rzpPayments.get(capture[1]!);
      if (!p) return notFound(res);
      if (p['status'] !== 'authorized' || p['amount'] !== body['amount']) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Capture refused' } }));
        return;
      }
      Object.assign(p, { status: 'captured', captured: true });
      res.end(JSON.stringify(p));
      return;
    }
    const refund = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refund) {
      const key = idempotency as string;
      const earlier = rzpRefunds.get(key);
      if (earlier) return void res.end(JSON.stringify(earlier));
      const p = rzpPayments.get(refund[1]!);
      if (p) Object.assign(p, { status: 'refunded', amount_refunded: body['amount'] });
      const made = {
        id: `rfnd_Local${String(rzpRefunds.size + 1).padStart(7, '0')}`,
        entity: 'refund',
        amount: body['amount'],
        currency: 'INR',
        payment_id: refund[1],
        status: 'processed',
      };
      if (key) rzpRefunds.set(key, made);
      res.end(JSON.stringify(made));
      return;
    }
    res.statusCode = 404;
    res.end(
      JSON.stringify({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Razorpay signatures', () => {
  it("passes Razorpay's published payment signature vector (razorpay-python tests)", () => {
    // razorpay/razorpay-python tests/test_client_utility.py: key secret 'key_secret'.
    const p = razorpayProvider({
      keyId: 'key_id',
      keySecret: 'key_secret',
      webhookSecret: 'x',
      apiBase: base,
    });
    const sig = 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89';
    expect(paymentSignature('key_secret', 'fake_order_id', 'fake_payment_id')).toBe(sig);
    expect(p.verifyPaymentSignature('fake_order_id', 'fake_payment_id', sig)).toBe(true);
    expect(p.verifyPaymentSignature('fake_order_id', 'fake_payment_id', sig.toUpperCase())).toBe(true);
    expect(p.verifyPaymentSignature('fake_order_id', 'fake_payment_id2', sig)).toBe(false);
    expect(p.verifyPaymentSignature('fake_order_id', 'fake_payment_id', 'test_signature')).toBe(false);
    expect(p.verifyPaymentSignature('fake_order_id', 'fake_payment_id', sig.slice(0, 62))).toBe(false);
  });

  it("passes Razorpay's published webhook signature vector (razorpay-node tests)", () => {
    // razorpay/razorpay-node test/utils/razorpay-utils.spec.js: secret '123456'.
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const sig = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    const p = razorpayProvider({ keyId: 'k', keySecret: 's', webhookSecret: '123456', apiBase: base });
    expect(hmacHex('123456', body)).toBe(sig);
    expect(p.verifyWebhookSignature(Buffer.from(body), sig)).toBe(true);
    expect(p.verifyWebhookSignature(body, 'sdfafds')).toBe(false);
    expect(p.verifyWebhookSignature(`${body} `, sig)).toBe(false);
  });
});

describe('Razorpay adapter over HTTP', () => {
  const provider = () =>
    razorpayProvider({
      keyId: 'rzp_test_local',
      keySecret: 'local_secret',
      webhookSecret: 'wh',
      apiBase: base,
      timeoutMs: 2000,
    });

  it('creates an order with basic auth and the documented body', async () => {
    seen.length = 0;
    const order = await provider().createOrder({
      amount: 50000,
      currency: 'INR',
      receipt: 'rcpt-1',
      notes: { order_id: '7' },
    });
    expect(order).toEqual({ id: 'order_Local000000001', amount: 50000, currency: 'INR' });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/v1/orders',
      auth: `Basic ${Buffer.from('rzp_test_local:local_secret').toString('base64')}`,
      body: { amount: 50000, currency: 'INR', receipt: 'rcpt-1', notes: { order_id: '7' } },
    });
  });

  it('refunds a payment once per idempotency key (X-Refund-Idempotency)', async () => {
    const refund = await provider().refund('pay_Abc123', 1234, 'refund-pay_Abc123');
    expect(refund).toEqual({ id: 'rfnd_Local0000001', amount: 1234 });
    expect(seen.at(-1)).toMatchObject({
      url: '/v1/payments/pay_Abc123/refund',
      idempotency: 'refund-pay_Abc123',
      body: { amount: 1234 },
    });
    // A retry after a lost answer gets the same refund back, not a second one.
    expect(await provider().refund('pay_Abc123', 1234, 'refund-pay_Abc123')).toEqual(refund);
  });

  it("reads payments in Razorpay's documented entity shape and refuses anything else", async () => {
    const order = await provider().createOrder({ amount: 4200, currency: 'INR', receipt: 'r-2' });
    const paid = razorpayPays(order.id);
    expect(await provider().fetchPayment(paid['id'] as string)).toEqual({
      id: paid['id'],
      order_id: order.id,
      amount: 4200,
      currency: 'INR',
      status: 'captured',
      method: 'card',
    });
    expect((await provider().orderPayments(order.id)).map((p) => p.id)).toEqual([paid['id']]);
    const held = razorpayPays(order.id, { status: 'authorized' });
    expect((await provider().capture(held['id'] as string, 4200, 'INR')).status).toBe('captured');
    expect(seen.at(-1)).toMatchObject({
      url: `/v1/payments/${held['id']}/capture`,
      body: { amount: 4200, currency: 'INR' },
    });
    await expect(provider().fetchPayment('pay_Unknown00001')).rejects.toThrow(/does not exist/);
    rzpPayments.set('pay_Odd000000001', { id: 'pay_Odd000000001', entity: 'payment', amount: '4200' });
    await expect(provider().fetchPayment('pay_Odd000000001')).rejects.toThrow(/Unexpected payment entity/);
  });

  it("surfaces Razorpay's error description", async () => {
    const bad = razorpayProvider({ keyId: 'wrong', keySecret: 'wrong', webhookSecret: 'wh', apiBase: base });
    await expect(bad.createOrder({ amount: 100, currency: 'INR', receipt: 'r' })).rejects.toThrow(
      /Authentication failed/,
    );
    const unreachable = razorpayProvider({
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'wh',
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(unreachable.createOrder({ amount: 100, currency: 'INR', receipt: 'r' })).rejects.toThrow(
      /unreachable/,
    );
  });
});

describe('the app with PAYMENT_PROVIDER=razorpay', () => {
  let ctx: TestContext;
  let f: CheckoutFixture;
  beforeAll(async () => {
    ctx = await setupApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_local',
        RAZORPAY_KEY_SECRET: 'local_secret',
        RAZORPAY_WEBHOOK_SECRET: 'local_webhook_secret',
        RAZORPAY_API_BASE: base,
      },
      seed: async (db) => (f = await makeCheckoutFixture(db)),
    });
  });

  it('creates the provider order at Razorpay, verifies the callback with the key secret, and answers 502 when Razorpay fails', async () => {
    const c = ctx.client.fork();
    c.token = (await makeUser(ctx.app)).token;
    const key = await c.get('/api/v1/checkout/getrazorpayapi/');
    expect(key.json()).toEqual({
      provider: 'razorpay',
      key: 'rzp_test_local',
      script_url: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 });
    const address = {
      address: 'Road',
      flat: '1',
      landmark: '',
      latitude: f.near.latitude,
      longitude: f.near.longitude,
    };

    failNext = true;
    const down = await c.post(
      '/api/v2/orders/createorder/',
      { address },
      { headers: { 'idempotency-key': 'rzp-attempt-01' } },
    );
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('payment_provider_unavailable');
    // The retry with the same key completes the same order at Razorpay.
    const res = await c.post(
      '/api/v2/orders/createorder/',
      { address },
      { headers: { 'idempotency-key': 'rzp-attempt-01' } },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<CreateOrderResponse>();
    expect(body.provider_order_id).toMatch(/^order_Local/);
    expect(seen.at(-1)?.body).toMatchObject({
      amount: body.amount,
      currency: 'INR',
      receipt: body.order.order_number,
    });

    const paymentId = razorpayPays(body.provider_order_id)['id'] as string;
    const ok = await c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: paymentId,
      razorpay_order_id: body.provider_order_id,
      razorpay_signature: paymentSignature('local_secret', body.provider_order_id, paymentId),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.payment_status).toBe('paid');

    // The webhook uses the webhook secret, not the key secret.
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: rzpPayments.get(paymentId) } },
    });
    const wrongSecret = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex('local_secret', raw) },
      payload: raw,
    });
    expect(wrongSecret.statusCode).toBe(400);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex('local_webhook_secret', raw),
        'x-razorpay-event-id': 'evt_rzp_1',
      },
      payload: raw,
    });
    expect(right.json()).toEqual({ status: 'ok' });

    // A cancelled paid order is refunded at Razorpay.
    const cancel = await c.post(`/api/v1/orders/cancel-order/${body.order.id}`);
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(seen.at(-1)).toMatchObject({
      url: `/v1/payments/${paymentId}/refund`,
      idempotency: `refund-${paymentId}`,
      body: { amount: body.amount },
    });
    // The sandbox routes do not exist with Razorpay.
    expect((await c.get('/api/v1/payments/sandbox/checkout.js')).statusCode).toBe(404);
  });
});
