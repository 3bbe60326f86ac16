// Order creation and payment: prices from the database, Idempotency-Key, the coupon race, payment
// callbacks (exactly once, forged refused), webhooks (signature, de-duplication, no regress), a restart
// between createorder and payment, and cancellation with refund.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { buildApp } from '../../src/server/app.ts';
import {
  loadPaymentProvider,
  type ProviderPayment,
  type SandboxProvider,
} from '../../src/server/providers/payments/index.ts';
import {
  makeCart,
  makeCheckoutFixture,
  makeCoupon,
  makeUser,
  type CheckoutFixture,
} from './factories/index.ts';
import { setupApp, TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
let sandbox: SandboxProvider;

beforeAll(async () => {
  ctx = await setupApp({ seed: async (db) => (f = await makeCheckoutFixture(db)) });
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
  const { id: userId, token } = await makeUser(ctx.app);
  const c = ctx.client.fork();
  c.token = token;
  for (const [item, quantity] of items) {
    expect((await c.post('/api/v1/checkout/add/', { item, quantity })).statusCode).toBe(200);
  }
  return { userId, c };
}

const createOrder = (c: TestClient, body: unknown = { address: address() }, key?: string) =>
  c.post('/api/v2/orders/createorder/', body, key ? { headers: { 'idempotency-key': key } } : {});

/** The provider takes the money for the order (as the card form does), then the checkout calls back. */
const capture = (o: CreateOrderResponse) => sandbox.pay(o.provider_order_id, 'captured');
const callback = (c: TestClient, o: CreateOrderResponse, p: ProviderPayment) =>
  c.post('/api/v1/orders/paymentsuccess/', {
    razorpay_payment_id: p.id,
    razorpay_order_id: o.provider_order_id,
    razorpay_signature: sandbox.signPayment(o.provider_order_id, p.id),
  });
const pay = async (c: TestClient, o: CreateOrderResponse) => callback(c, o, await capture(o));

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
        entity: 'payment',
        order_id: o.provider_order_id,
        amount: o.amount,
        currency: 'INR',
        method: 'card',
        status: event === 'payment.captured' ? 'captured' : 'failed',
      },
    },
  },
});

async function usedCount(code: string): Promise<number> {
  const [row] = await ctx.db.query<{ used_count: number }>(
    'select used_count from coupons where coupon_code = $1',
    [code],
  );
  return row!.used_count;
}

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

  it('keeps the cooking and delivery instructions on the order; a replay with the key changes nothing', async () => {
    const { c } = await customer();
    const instructions = { cooking: '  Less spicy,\nno onion  ', delivery: "Don't ring the bell" };
    const res = await createOrder(c, { address: address(), instructions }, 'instructions-key-1');
    expect(res.statusCode).toBe(201);
    const id = res.json<CreateOrderResponse>().order.id;
    const stored = async () =>
      (
        await ctx.db.query<{ cooking_instructions: string; delivery_instructions: string }>(
          'select cooking_instructions, delivery_instructions from orders where id = $1',
          [id],
        )
      )[0];
    expect(await stored()).toEqual({
      cooking_instructions: 'Less spicy,\nno onion',
      delivery_instructions: "Don't ring the bell",
    });
    const again = await createOrder(
      c,
      { address: address(), instructions: { cooking: 'Extra spicy', delivery: '' } },
      'instructions-key-1',
    );
    expect(again.json<CreateOrderResponse>().order.id).toBe(id);
    expect((await stored())!.cooking_instructions).toBe('Less spicy,\nno onion');
    // The customer's own order carries them too.
    const details = await c.get(`/api/v1/orders/details/id/${id}/`);
    expect(details.json().order.instructions).toEqual({
      cooking: 'Less spicy,\nno onion',
      delivery: "Don't ring the bell",
    });
  });

  it('refuses instructions with control characters or too long, with a message, creating nothing', async () => {
    const { userId, c } = await customer();
    const bell = await createOrder(c, { address: address(), instructions: { delivery: 'ring\u0007twice' } });
    expect(bell.statusCode).toBe(400);
    expect(bell.json().message).toContain(
      'Delivery instructions must be a single line without control characters.',
    );
    const long = await createOrder(c, { address: address(), instructions: { cooking: 'x'.repeat(251) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Cooking instructions must be at most 250 characters.');
    const [n] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from orders where user_id = $1',
      [userId],
    );
    expect(n!.n).toBe(0);
  });

  it('a new attempt with changed instructions is a new order carrying them; the unpaid one is superseded', async () => {
    const { c, userId } = await customer();
    const first = await createOrder(
      c,
      { address: address(), instructions: { cooking: 'Mild', delivery: 'Gate 2' } },
      'instructions-attempt-1',
    );
    const second = await createOrder(
      c,
      { address: address(), instructions: { cooking: 'Extra spicy\tplease', delivery: 'Gate 3' } },
      'instructions-attempt-2',
    );
    expect(second.statusCode).toBe(201);
    const rows = await ctx.db.query<{
      id: number;
      status: string;
      cooking_instructions: string;
      delivery_instructions: string;
    }>(
      'select id, status, cooking_instructions, delivery_instructions from orders where user_id = $1 order by id',
      [userId],
    );
    expect(rows).toEqual([
      {
        id: first.json<CreateOrderResponse>().order.id,
        status: 'cancelled',
        cooking_instructions: 'Mild',
        delivery_instructions: 'Gate 2',
      },
      {
        id: second.json<CreateOrderResponse>().order.id,
        status: 'placed',
        cooking_instructions: 'Extra spicy\tplease',
        delivery_instructions: 'Gate 3',
      },
    ]);
    // Delivery instructions are one line; cooking ones may run over several.
    const lines = await createOrder(c, { address: address(), instructions: { delivery: 'Gate 3\nFloor 2' } });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().message).toContain('Delivery instructions must be a single line');
    const long = await createOrder(c, { address: address(), instructions: { delivery: 'x'.repeat(151) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Delivery instructions must be at most 150 characters.');
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

  it('places the order without a coupon that stopped qualifying, at the price the cart showed', async () => {
    const { c } = await customer([[f.biryani, 1]]);
    expect((await c.post('/api/v1/checkout/get-coupon-value/WELCOME50')).statusCode).toBe(200);
    // The cart changes under the coupon's minimum (₹199): ₹180 of paneer instead of ₹250 of biryani.
    await c.post('/api/v1/checkout/add/', { item: f.paneer, quantity: 1 });
    await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 0 });
    const loc = `?lat=${f.near.latitude}&lng=${f.near.longitude}`;
    const shown = (await c.get(`/api/v1/checkout/${loc}`)).json<CartResponse>().cart_info!;
    expect(shown).toMatchObject({
      coupon_code: 'WELCOME50',
      coupon_discount: 0,
      coupon_error_code: 'coupon_below_minimum',
      coupon_error: 'Add items worth ₹19 more to use WELCOME50 (minimum order ₹199).',
    });
    const usedBefore = await usedCount('WELCOME50');

    const res = await createOrder(c);
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json<CreateOrderResponse>();
    expect(order).toMatchObject({ coupon_code: null, coupon_discount: 0, to_pay: shown.to_pay });
    expect(await usedCount('WELCOME50')).toBe(usedBefore);
    const [row] = await ctx.db.query<{ coupon_reserved: boolean }>(
      'select coupon_reserved from orders where id = $1',
      [order.id],
    );
    expect(row!.coupon_reserved).toBe(false);

    // The cart keeps the code: back above the minimum, it applies again.
    await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 });
    const again = (await c.get('/api/v1/checkout/')).json<CartResponse>().cart_info!;
    expect(again).toMatchObject({ coupon_code: 'WELCOME50', coupon_error: null, coupon_error_code: null });
    expect(again.coupon_discount).toBeGreaterThan(0);
  });

  it('leaves out an expired or paused coupon instead of refusing the order', async () => {
    const { c } = await customer([[f.biryani, 1]]);
    await makeCoupon(ctx.db, { code: 'SOONGONE', minOrder: 0 });
    expect((await c.post('/api/v1/checkout/get-coupon-value/SOONGONE')).statusCode).toBe(200);
    await ctx.db.query(`update coupons set active = false where coupon_code = 'SOONGONE'`);
    const paused = (await c.get('/api/v1/checkout/')).json<CartResponse>().cart_info!;
    expect(paused).toMatchObject({ coupon_discount: 0, coupon_error_code: 'coupon_invalid' });
    const res = await createOrder(c);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CreateOrderResponse>().order).toMatchObject({ coupon_code: null, coupon_discount: 0 });
  });

  it('gives LIMITED50 (50 uses) to exactly 50 of 200 concurrent orders', async () => {
    const [coupon] = await ctx.db.query<{ id: number }>(
      `select id from coupons where coupon_code = 'LIMITED50'`,
    );
    const users: Array<{ token: string }> = [];
    for (let i = 0; i < 200; i++) {
      const user = await makeUser(ctx.app, { name: `Racer ${i}` });
      await makeCart(ctx.db, {
        userId: user.id,
        restaurantId: f.r1,
        items: [[f.paneer, 1]],
        couponCode: 'LIMITED50',
      });
      users.push({ token: user.token });
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
    const payment = await capture(order);
    const first = await callback(c, order, payment);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'success',
      order: { id: order.order.id, payment_status: 'paid', status: 'placed' },
    });
    const second = await callback(c, order, payment);
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
    const payment = await capture(order);
    const body = captured(order, payment.id);
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
    const declined = await sandbox.recordPayment({
      order_id: order.provider_order_id,
      amount: order.amount,
      currency: 'INR',
      status: 'failed',
    });
    expect((await webhook(captured(order, declined.id, 'payment.failed'), 'evt_failed_1')).statusCode).toBe(
      200,
    );
    expect((await callback(c, order, payment)).json().order.payment_status).toBe('paid');
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
    const late = await pay(c, first);
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
    const { id: userId } = await makeUser(ctx.db);
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
      const res = await pay(b, order);
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
    await pay(c, order);
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
