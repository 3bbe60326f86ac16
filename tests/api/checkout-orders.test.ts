// Order creation and payment: prices from the database, Idempotency-Key, the coupon race, payment
// callbacks (exactly once, forged refused), webhooks (signature, de-duplication, no regress), a restart
// between createorder and payment, and cancellation with refund.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadPaymentProvider, type SandboxProvider } from '../../src/server/providers/payments/index.ts';
import { createCustomer, seedCheckout, type CheckoutFixture } from './factories-checkout.ts';
import { setupApp, TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
let sandbox: SandboxProvider;

beforeAll(async () => {
  ctx = await setupApp({ seed: async (db) => (f = await seedCheckout(db)) });
  sandbox = (await loadPaymentProvider(ctx.config, ctx.db)) as SandboxProvider;
});

const address = () => ({
  address: '80 Feet Road, Koramangala',
  flat: '4B',
  landmark: 'Near the park',
  latitude: f.near.latitude,
  longitude: f.near.longitude,
});

async function customer(items: Array<[number, number]> = [[f.biryani, 2]]) {
  const userId = await createCustomer(ctx.db);
  const c = ctx.client.fork();
  c.token = await ctx.app.tokens.sign({ userId, role: 'customer', restaurantId: null });
  for (const [item, quantity] of items) {
    expect((await c.post('/api/v1/checkout/add/', { item, quantity })).statusCode).toBe(200);
  }
  return { userId, c };
}

const createOrder = (c: TestClient, body: unknown = { address: address() }, key?: string) =>
  c.post('/api/v2/orders/createorder/', body, key ? { headers: { 'idempotency-key': key } } : {});

const pay = (
  c: TestClient,
  o: CreateOrderResponse,
  paymentId = `pay_${Math.random().toString(36).slice(2, 12)}`,
) =>
  c.post('/api/v1/orders/paymentsuccess/', {
    razorpay_payment_id: paymentId,
    razorpay_order_id: o.provider_order_id,
    razorpay_signature: sandbox.signPayment(o.provider_order_id, paymentId),
  });

const webhook = (body: object, eventId: string, signature?: string) => {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': signature ?? sandbox.signWebhook(raw),
    },
    payload: raw,
  });
};

const captured = (o: CreateOrderResponse, paymentId: string, event = 'payment.captured') => ({
  entity: 'event',
  event,
  payload: {
    payment: {
      entity: {
        id: paymentId,
        order_id: o.provider_order_id,
        amount: o.amount,
        method: 'card',
        status: event === 'payment.captured' ? 'captured' : 'failed',
      },
    },
  },
});

async function orderRow(id: number) {
  const [row] = await ctx.db.query<{ status: string; payment_status: string; refund_pending: boolean }>(
    'select status, payment_status, refund_pending from orders where id = $1',
    [id],
  );
  return row!;
}

describe('createorder', () => {
  it('needs a signed-in customer', async () => {
    const res = await ctx.client.fork().post('/api/v2/orders/createorder/', { address: address() });
    expect(res.statusCode).toBe(401);
  });

  it('creates a pending order from database prices, ignoring prices sent by the client', async () => {
    const { c } = await customer();
    const res = await createOrder(c, {
      address: address(),
      to_pay: 1,
      items: [{ id: f.biryani, price: 1 }],
      amount: 1,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<CreateOrderResponse>();
    expect(body.order).toMatchObject({
      status: 'placed',
      payment_status: 'pending',
      restaurant_id: f.r1,
      restaurant_name: 'Meghana Biryani House',
      item_total: 50000,
      packaging: 2000,
      taxes: 2500,
      items: [{ id: f.biryani, name: 'Chicken Biryani', price: 25000, quantity: 2, is_veg: false }],
    });
    expect(body.amount).toBe(body.order.to_pay);
    expect(body.order.to_pay).toBe(50000 + 2000 + body.order.delivery_fee + 2500);
    expect(body).toMatchObject({ currency: 'INR', key: 'rzp_test_sandbox', provider: 'sandbox' });
    expect(body.provider_order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(body.order.order_number).toMatch(/^\d{6}-[A-Z0-9]{6}$/);
    // The cart is kept until the payment succeeds.
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_meta?.item_count).toBe(2);
  });

  it('honours the Idempotency-Key: the same key gives the same order', async () => {
    const { c, userId } = await customer();
    const a = await createOrder(c, { address: address() }, 'attempt-key-0001');
    const b = await createOrder(c, { address: address() }, 'attempt-key-0001');
    expect(a.statusCode).toBe(201);
    expect(b.json<CreateOrderResponse>().order.id).toBe(a.json<CreateOrderResponse>().order.id);
    expect(b.json<CreateOrderResponse>().provider_order_id).toBe(
      a.json<CreateOrderResponse>().provider_order_id,
    );
    const both = await Promise.all(
      [1, 2, 3].map(() => createOrder(c, { address: address() }, 'attempt-key-0002')),
    );
    expect(new Set(both.map((r) => r.json<CreateOrderResponse>().order.id)).size).toBe(1);
    const [{ n } = { n: 0 }] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from orders where user_id = $1 and status = 'placed'`,
      [userId],
    );
    // The newer attempt superseded the older unpaid one.
    expect(n).toBe(1);
    expect((await createOrder(c, { address: address() }, 'bad key!')).statusCode).toBe(400);
  });

  it('checks the address: inside the delivery radius, saved addresses only of the caller', async () => {
    const { c, userId } = await customer();
    const far = await createOrder(c, {
      address: { ...address(), latitude: f.far.latitude, longitude: f.far.longitude },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('address_out_of_range');
    expect((await createOrder(c, {})).statusCode).toBe(400);
    expect((await createOrder(c, { address: { ...address(), flat: '' } })).statusCode).toBe(400);

    const [saved] = await ctx.db.query<{ id: number }>(
      `insert into addresses (user_id, address, flat, landmark, address_type, latitude, longitude)
       values ($1, 'Saved road', '12', 'Temple', 'home', $2, $3) returning id`,
      [userId, f.near.latitude, f.near.longitude],
    );
    const ok = await createOrder(c, { address_id: saved!.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<CreateOrderResponse>().order.delivery_address).toMatchObject({
      address: 'Saved road',
      flat: '12',
    });
    const other = await customer();
    const stolen = await createOrder(other.c, { address_id: saved!.id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('address_not_found');
  });

  it('refuses an empty cart and an item that went out of stock', async () => {
    const { c } = await customer([]);
    const empty = await createOrder(c);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('cart_empty');
    const other = await customer([[f.paneer, 1]]);
    await ctx.db.query('update menu_items set in_stock = false where id = $1', [f.paneer]);
    const res = await createOrder(other.c);
    await ctx.db.query('update menu_items set in_stock = true where id = $1', [f.paneer]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('item_out_of_stock');
  });

  it('re-validates the coupon and records its discount', async () => {
    const { c } = await customer([[f.biryani, 1]]);
    expect((await c.post('/api/v1/checkout/get-coupon-value/WELCOME50')).statusCode).toBe(200);
    const body = (await createOrder(c)).json<CreateOrderResponse>();
    expect(body.order).toMatchObject({ coupon_code: 'WELCOME50', coupon_discount: 10000, taxes: 750 });
  });

  it('gives LIMITED50 (50 uses) to exactly 50 of 200 concurrent orders', async () => {
    const [coupon] = await ctx.db.query<{ id: number }>(
      `select id from coupons where coupon_code = 'LIMITED50'`,
    );
    const users: Array<{ token: string }> = [];
    for (let i = 0; i < 200; i++) {
      const userId = await createCustomer(ctx.db, `Racer ${i}`);
      const [cart] = await ctx.db.query<{ id: number }>(
        `insert into carts (user_id, restaurant_id, coupon_code) values ($1, $2, 'LIMITED50') returning id`,
        [userId, f.r1],
      );
      await ctx.db.query('insert into cart_items (cart_id, menu_item_id, quantity) values ($1, $2, 1)', [
        cart!.id,
        f.paneer,
      ]);
      users.push({ token: await ctx.app.tokens.sign({ userId, role: 'customer', restaurantId: null }) });
    }
    const csrf = 'c'.repeat(32);
    const results = await Promise.all(
      users.map((u, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v2/orders/createorder/',
          headers: {
            authorization: `Bearer ${u.token}`,
            cookie: `csrftoken=${csrf}`,
            'x-csrftoken': csrf,
            'idempotency-key': `race-${i}-0000`,
          },
          payload: { address: address() },
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(created.length).toBe(50);
    expect(created.every((r) => r.json<CreateOrderResponse>().order.coupon_discount === 9000)).toBe(true);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === 'coupon_used_up')).toBe(true);
    const [row] = await ctx.db.query<{ used_count: number }>('select used_count from coupons where id = $1', [
      coupon!.id,
    ]);
    expect(row!.used_count).toBe(50);
    const [{ n } = { n: 0 }] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from orders where coupon_code = 'LIMITED50' and coupon_discount > 0`,
    );
    expect(n).toBe(50);
  }, 120_000);
});

describe('payment', () => {
  it('marks the order paid exactly once, clears the cart and notifies the restaurant', async () => {
    const events: string[] = [];
    const stop = await ctx.db.listen('order_events', (p) => events.push(p));
    const { c } = await customer();
    const order = (await createOrder(c)).json<CreateOrderResponse>();
    const first = await pay(c, order, 'pay_FirstPayment01');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'success',
      order: { id: order.order.id, payment_status: 'paid', status: 'placed' },
    });
    const second = await pay(c, order, 'pay_FirstPayment01');
    expect(second.statusCode).toBe(200);
    expect(second.json().order.payment_status).toBe('paid');
    const payments = await ctx.db.query('select status from payments where order_id = $1', [order.order.id]);
    expect(payments).toEqual([{ status: 'paid' }]);
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    await stop();
    const created = events
      .map((e) => JSON.parse(e) as { type: string; orderId: number })
      .filter((e) => e.orderId === order.order.id);
    expect(created).toEqual([expect.objectContaining({ type: 'order.created', restaurantId: f.r1 })]);
  });

  it('refuses a forged signature and a mismatched order id; the order stays pending', async () => {
    const { c } = await customer();
    const order = (await createOrder(c)).json<CreateOrderResponse>();
    const forged = await c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: 'pay_Forged000001',
      razorpay_order_id: order.provider_order_id,
      razorpay_signature: 'ab'.repeat(32),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('signature_invalid');
    // A signature made for another order id does not verify against the stored one.
    const other = await c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: 'pay_Forged000002',
      razorpay_order_id: order.provider_order_id,
      razorpay_signature: sandbox.signPayment('order_SomeoneElses01', 'pay_Forged000002'),
    });
    expect(other.statusCode).toBe(400);
    const mismatch = await c.post('/api/v1/orders/paymentsuccess/', {
      razorpay_payment_id: 'pay_Forged000003',
      razorpay_order_id: order.provider_order_id,
      razorpay_signature: sandbox.signPayment(order.provider_order_id, 'pay_Forged000003'),
      order_id: order.order.id + 1000,
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await c.post('/api/v1/orders/paymentsuccess/', { razorpay_payment_id: 'x' })).statusCode).toBe(
      400,
    );
    expect((await orderRow(order.order.id)).payment_status).toBe('pending');
  });

  it('keeps the order pending and the cart after a failed payment, and a retry pays it', async () => {
    const { c } = await customer();
    const order = (await createOrder(c, undefined, 'retry-key-0001')).json<CreateOrderResponse>();
    const failed = await c.post('/api/v1/payments/sandbox/pay', {
      order_id: order.provider_order_id,
      card_number: '4000000000000002',
      expiry: '12/40',
      cvv: '123',
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' });
    expect((await orderRow(order.order.id)).payment_status).toBe('pending');
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_meta?.item_count).toBe(2);
    // Retrying with the same attempt key reopens the same order.
    const again = (await createOrder(c, undefined, 'retry-key-0001')).json<CreateOrderResponse>();
    expect(again.provider_order_id).toBe(order.provider_order_id);
    const ok = await c.post('/api/v1/payments/sandbox/pay', {
      order_id: order.provider_order_id,
      card_number: '4111111111111111',
      expiry: '12/40',
      cvv: '123',
    });
    expect(ok.statusCode).toBe(200);
    const paid = await c.post('/api/v1/orders/paymentsuccess/', ok.json());
    expect(paid.json().order.payment_status).toBe('paid');
  });

  it('verifies webhooks over the raw body, de-duplicates events and never moves an order back from paid', async () => {
    const { c } = await customer();
    const order = (await createOrder(c)).json<CreateOrderResponse>();
    const body = captured(order, 'pay_Webhook00001');
    expect((await webhook(body, 'evt_bad_sig', 'ab'.repeat(32))).statusCode).toBe(400);
    // A re-serialised body (extra space) no longer matches the signature of the original bytes.
    const raw = JSON.stringify(body);
    const respaced = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': 'evt_respaced',
        'x-razorpay-signature': sandbox.signWebhook(raw),
      },
      payload: raw.replace(':', ': '),
    });
    expect(respaced.statusCode).toBe(400);
    expect((await orderRow(order.order.id)).payment_status).toBe('pending');

    const first = await webhook(body, 'evt_captured_1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok' });
    expect((await orderRow(order.order.id)).payment_status).toBe('paid');
    expect((await webhook(body, 'evt_captured_1')).json()).toEqual({ status: 'duplicate' });
    // A late failure event and the client's callback change nothing.
    expect(
      (await webhook(captured(order, 'pay_Webhook00002', 'payment.failed'), 'evt_failed_1')).statusCode,
    ).toBe(200);
    expect((await pay(c, order, 'pay_Webhook00001')).json().order.payment_status).toBe('paid');
    expect((await orderRow(order.order.id)).payment_status).toBe('paid');
    const payments = await ctx.db.query<{ status: string }>(
      'select status from payments where order_id = $1 order by id',
      [order.order.id],
    );
    expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'paid']);
    const [{ n } = { n: 0 }] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from payments where order_id = $1 and status = 'paid'`,
      [order.order.id],
    );
    expect(n).toBe(1);
  });

  it('refunds a payment that arrives for an attempt superseded by a newer one', async () => {
    const { c } = await customer();
    const first = (await createOrder(c, undefined, 'superseded-0001')).json<CreateOrderResponse>();
    await c.post('/api/v1/checkout/add/', { item: f.paneer, quantity: 1 });
    const second = (await createOrder(c, undefined, 'superseded-0002')).json<CreateOrderResponse>();
    expect(second.order.id).not.toBe(first.order.id);
    expect((await orderRow(first.order.id)).status).toBe('cancelled');
    const late = await pay(c, first, 'pay_LateAttempt01');
    expect(late.statusCode).toBe(200);
    expect(late.json().order).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refund_pending: false,
    });
    // The cart is untouched by the refunded attempt; the live order can still be paid.
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_meta?.item_count).toBe(3);
    expect((await pay(c, second)).json().order.payment_status).toBe('paid');
  });

  it('pays an order created before a restart (new app on the same database)', async () => {
    const userId = await createCustomer(ctx.db);
    const appA = await buildApp({ config: ctx.config, db: ctx.db });
    await appA.ready();
    const a = new TestClient(appA);
    a.token = await appA.tokens.sign({ userId, role: 'customer', restaurantId: null });
    await a.post('/api/v1/checkout/add/', { item: f.paneer, quantity: 1 });
    const order = (
      await a.post('/api/v2/orders/createorder/', { address: address() })
    ).json<CreateOrderResponse>();
    await appA.close();

    const appB = await buildApp({ config: ctx.config, db: ctx.db });
    await appB.ready();
    try {
      const b = new TestClient(appB);
      b.token = a.token;
      const paymentId = 'pay_AfterRestart01';
      const signature = ((await loadPaymentProvider(ctx.config, ctx.db)) as SandboxProvider).signPayment(
        order.provider_order_id,
        paymentId,
      );
      const res = await b.post('/api/v1/orders/paymentsuccess/', {
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.provider_order_id,
        razorpay_signature: signature,
      });
      expect(res.statusCode).toBe(200);
      const rows = await ctx.db.query<{ payment_status: string }>(
        'select payment_status from orders where user_id = $1',
        [userId],
      );
      expect(rows).toEqual([{ payment_status: 'paid' }]);
    } finally {
      await appB.close();
    }
  });
});

describe('cancel-order', () => {
  it('lets the owner cancel an unpaid order before acceptance and gives the coupon back', async () => {
    const { c } = await customer([[f.biryani, 2]]);
    expect((await c.post('/api/v1/checkout/get-coupon-value/FLAT100')).statusCode).toBe(200);
    const before = (
      await ctx.db.query<{ used_count: number }>(
        `select used_count from coupons where coupon_code = 'FLAT100'`,
      )
    )[0]!;
    const order = (await createOrder(c)).json<CreateOrderResponse>();
    expect(order.order.coupon_code).toBe('FLAT100');
    expect((await ctx.client.fork().post(`/api/v1/orders/cancel-order/${order.order.id}`)).statusCode).toBe(
      401,
    );
    const stranger = await customer([]);
    expect((await stranger.c.post(`/api/v1/orders/cancel-order/${order.order.id}`)).statusCode).toBe(404);
    const res = await c.post(`/api/v1/orders/cancel-order/${order.order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'cancelled',
      payment_status: 'pending',
      refund_pending: false,
    });
    const after = (
      await ctx.db.query<{ used_count: number }>(
        `select used_count from coupons where coupon_code = 'FLAT100'`,
      )
    )[0]!;
    expect(after.used_count).toBe(before.used_count);
  });

  it('refunds a paid cancelled order through the adapter and refuses once accepted', async () => {
    const { c } = await customer();
    const order = (await createOrder(c)).json<CreateOrderResponse>();
    await pay(c, order, 'pay_ToRefund00001');
    const res = await c.post(`/api/v1/orders/cancel-order/${order.order.order_number}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refund_pending: false,
    });
    const [payment] = await ctx.db.query<{ status: string; refund_id: string }>(
      'select status, refund_id from payments where order_id = $1',
      [order.order.id],
    );
    expect(payment).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });

    const next = await customer();
    const accepted = (await createOrder(next.c)).json<CreateOrderResponse>();
    await pay(next.c, accepted);
    await ctx.db.query(`update orders set status = 'accepted' where id = $1`, [accepted.order.id]);
    const refused = await next.c.post(`/api/v1/orders/cancel-order/${accepted.order.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_cancellable');
    expect((await orderRow(accepted.order.id)).payment_status).toBe('paid');
  });
});
