// Rider tips and orders scheduled for later (issue 16): the tip is validated, stored, charged (the
// provider order's amount includes it) and shown; a delivery slot is accepted only when the shared
// slot rule (src/shared/schedule-slots.ts) lists it, stored and carried on every summary; a scheduled
// order rings for staff only once its cooking should start, and auto-accept leaves it to staff.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import { type RingingList } from '../../src/shared/api/order-alerts.ts';
import { orderAlertsPaths } from '../../src/shared/api/paths.ts';
import type { OrderDetails } from '../../src/shared/api/orders.ts';
import { scheduleSlots } from '../../src/shared/schedule-slots.ts';
import { istMinuteOfDay } from '../../src/shared/opening-hours.ts';
import {
  loadPaymentProvider,
  type ProviderPayment,
  type SandboxProvider,
} from '../../src/server/providers/payments/index.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

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

async function customer(item = f.biryani) {
  const { id: userId, token } = await makeUser(ctx.app);
  const c = ctx.client.fork();
  c.token = token;
  expect((await c.post('/api/v1/checkout/add/', { item, quantity: 2 })).statusCode).toBe(200);
  return { userId, c };
}

const createOrder = (c: TestClient, body: Record<string, unknown>, key?: string) =>
  c.post(
    '/api/v2/orders/createorder/',
    { address: address(), ...body },
    key ? { headers: { 'idempotency-key': key } } : {},
  );

async function pay(c: TestClient, o: CreateOrderResponse) {
  const p: ProviderPayment = await sandbox.pay(o.provider_order_id, 'captured');
  const res = await c.post('/api/v1/orders/paymentsuccess/', {
    razorpay_payment_id: p.id,
    razorpay_order_id: o.provider_order_id,
    razorpay_signature: sandbox.signPayment(o.provider_order_id, p.id),
  });
  expect(res.statusCode).toBe(200);
}

async function setHours(restaurantId: number, open: number, close: number, deliveryMin = 30) {
  await ctx.db.query(
    'update restaurants set open_minute = $2, close_minute = $3, delivery_time_min = $4 where id = $1',
    [restaurantId, open, close, deliveryMin],
  );
}

const hours = (open: number, close: number, delivery_time_min = 30) => ({
  open_minute: open,
  close_minute: close,
  delivery_time_min,
});

async function staffToken(restaurantId: number): Promise<string> {
  return (await makeUser(ctx.app, { role: 'staff', restaurantId, name: 'Ravi' })).token;
}

describe('rider tip', () => {
  it('is stored, added to To pay after taxes and coupon, and charged in full', async () => {
    const { c } = await customer();
    const plain = (await createOrder(c, {})).json<CreateOrderResponse>();
    expect(plain.order.tip).toBe(0);

    const res = await createOrder(c, { tip: 3000 }, 'tip-key-0001');
    expect(res.statusCode).toBe(201);
    const o = res.json<CreateOrderResponse>();
    expect(o.order.tip).toBe(3000);
    expect(o.order.taxes).toBe(plain.order.taxes); // no GST on the tip
    expect(o.order.to_pay).toBe(plain.order.to_pay + 3000);
    expect(o.amount).toBe(o.order.to_pay);
    const [provider] = await ctx.db.query<{ amount: number }>(
      'select amount from sandbox_orders where id = $1',
      [o.provider_order_id],
    );
    expect(provider!.amount).toBe(o.order.to_pay);
    const [row] = await ctx.db.query<{ tip: number; to_pay: number }>(
      'select tip, to_pay from orders where id = $1',
      [o.order.id],
    );
    expect(row).toEqual({ tip: 3000, to_pay: o.order.to_pay });

    await pay(c, o);
    const details = (await c.get(`/api/v1/orders/details/id/${o.order.id}/`)).json<OrderDetails>();
    expect(details.order.bill.tip).toBe(3000);
    expect(details.order.amount).toBe(o.order.to_pay);
    expect(details.order.payment_status).toBe('paid');
    expect(details.order.scheduled_for).toBeNull();
    expect(details.order.prepare_at).toBeNull();
  });

  it('accepts a custom whole-rupee tip up to ₹500', async () => {
    const { c } = await customer();
    const res = await createOrder(c, { tip: 50_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json<CreateOrderResponse>().order.tip).toBe(50_000);
  });

  it.each([
    [-100, 'The tip must be an amount from ₹0 to ₹500.'],
    [150, 'The tip must be in whole rupees.'],
    [20.5, 'The tip must be in whole rupees.'],
    [50_100, 'The tip can be at most ₹500.'],
    ['2000', 'The tip must be an amount from ₹0 to ₹500.'],
    [1e308, 'The tip can be at most ₹500.'],
  ])('refuses a tip of %j with 400', async (tip, message) => {
    const { c } = await customer();
    const res = await createOrder(c, { tip });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});

describe('schedule for later', () => {
  it('accepts a listed slot, stores it and carries it (with when to start cooking) on the summaries', async () => {
    const { c } = await customer();
    const slot = scheduleSlots(hours(0, 1440)).find((s) => s.day === 'tomorrow')!;
    const res = await createOrder(c, { scheduled_for: slot.at, tip: 2000 }, 'schedule-key-01');
    expect(res.statusCode).toBe(201);
    const o = res.json<CreateOrderResponse>();
    expect(o.order.scheduled_for).toBe(slot.at);
    // A replay with the same key answers the same order, whatever it carries.
    const again = await createOrder(c, { scheduled_for: null }, 'schedule-key-01');
    expect(again.json<CreateOrderResponse>().order).toMatchObject({ id: o.order.id, scheduled_for: slot.at });

    await pay(c, o);
    const details = (await c.get(`/api/v1/orders/details/id/${o.order.id}/`)).json<OrderDetails>();
    expect(details.order.scheduled_for).toBe(slot.at);
    expect(details.order.prepare_at).toBe(new Date(Date.parse(slot.at) - 30 * 60_000).toISOString());
    const list = (await c.get('/api/v1/orders/all/customer/')).json<{ results: OrderDetails['order'][] }>();
    expect(list.results.find((r) => r.id === o.order.id)).toMatchObject({
      scheduled_for: slot.at,
      bill: { tip: 2000 },
    });
  });

  it('takes an ISO time with the Indian offset', async () => {
    const { c } = await customer();
    const slot = scheduleSlots(hours(0, 1440)).at(-1)!;
    const local = new Date(Date.parse(slot.at) + 330 * 60_000).toISOString().slice(0, 19) + '+05:30';
    const res = await createOrder(c, { scheduled_for: local });
    expect(res.statusCode).toBe(201);
    expect(res.json<CreateOrderResponse>().order.scheduled_for).toBe(slot.at);
  });

  it.each([
    ['a past time', () => new Date(Date.now() - 3600_000).toISOString(), 'has passed'],
    [
      'a time not on the hour or half past',
      () => new Date(Date.parse(scheduleSlots(hours(0, 1440))[3]!.at) + 10 * 60_000).toISOString(),
      'on the hour or at half past',
    ],
    [
      'the day after tomorrow',
      () => new Date(Date.parse(scheduleSlots(hours(0, 1440)).at(-1)!.at) + 24 * 3600_000).toISOString(),
      'today or tomorrow only',
    ],
    ['not a date', () => 'tomorrow at 8', 'ISO 8601'],
    ['an impossible date', () => '2099-02-30T19:30:00+05:30', 'ISO 8601'],
  ])('refuses %s with 400', async (_, at, message) => {
    const { c } = await customer();
    const res = await createOrder(c, { scheduled_for: at() });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a slot sooner than the restaurant can cook and deliver', async () => {
    // With an hour's delivery time, the next half-hour boundary (at most 31 minutes away) is always
    // in the future and always too soon, whatever the clock says.
    await setHours(f.r1, 0, 1440, 60);
    try {
      const { c } = await customer();
      const next = (Math.floor((Date.now() + 60_000) / 1_800_000) + 1) * 1_800_000;
      const res = await createOrder(c, { scheduled_for: new Date(next).toISOString() });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('too soon');
    } finally {
      await setHours(f.r1, 0, 1440);
    }
  });

  it('refuses a slot outside the opening hours, and takes one inside them while closed now', async () => {
    // Restaurant 2 opens for two hours starting in six hours' time (IST), delivering in 30 minutes.
    const nowMin = istMinuteOfDay(new Date());
    const open = (nowMin + 360) % 1440;
    await setHours(f.r2, open, open + 120);
    try {
      const { c } = await customer(f.dosa);
      const closed = await createOrder(c, {});
      expect(closed.statusCode).toBe(400);
      expect(closed.json<{ code: string }>().code).toBe('restaurant_closed');

      const slots = scheduleSlots(hours(open, open + 120));
      expect(slots.length).toBeGreaterThan(0);
      // Cooking starts no earlier than opening and the food arrives by closing.
      const outside = new Date(Date.parse(slots[0]!.at) - 30 * 60_000).toISOString();
      const refused = await createOrder(c, { scheduled_for: outside });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string; message: string }>()).toMatchObject({
        code: 'schedule_invalid',
        message: expect.stringContaining('cannot deliver at'),
      });

      const ok = await createOrder(c, { scheduled_for: slots[0]!.at });
      expect(ok.statusCode).toBe(201);
      expect(ok.json<CreateOrderResponse>().order.scheduled_for).toBe(slots[0]!.at);
    } finally {
      await setHours(f.r2, 0, 1440);
    }
  });

  it('rings for staff only once cooking should start, and is never auto-accepted', async () => {
    const token = await staffToken(f.r1);
    await ctx.db.query('update restaurants set auto_accept = true where id = $1', [f.r1]);
    try {
      const { c } = await customer();
      const slot = scheduleSlots(hours(0, 1440)).find((s) => s.day === 'tomorrow')!;
      const o = (await createOrder(c, { scheduled_for: slot.at })).json<CreateOrderResponse>();
      await pay(c, o);
      const staff = ctx.client.fork();
      staff.token = token;
      const details = (await c.get(`/api/v1/orders/details/id/${o.order.id}/`)).json<OrderDetails>();
      expect(details.order.status).toBe('placed'); // auto-accept leaves scheduled orders to staff
      const list = async () => (await staff.get(orderAlertsPaths.ringing)).json<RingingList>();
      const ringing = async () => (await list()).results.map((r) => r.id);
      expect(await ringing()).not.toContain(o.order.id);
      // Listed as upcoming, with when it will ring, so a screen opened meanwhile rings on time.
      expect((await list()).upcoming).toContainEqual({
        id: o.order.id,
        order_number: o.order.order_number,
        ring_at: new Date(Date.parse(slot.at) - 30 * 60_000).toISOString(),
      });

      // Its cooking time comes (30 minutes of delivery before the slot): now it rings.
      await ctx.db.query(`update orders set scheduled_for = now() + interval '29 minutes' where id = $1`, [
        o.order.id,
      ]);
      expect(await ringing()).toContain(o.order.id);
      expect((await list()).upcoming?.map((u) => u.id)).not.toContain(o.order.id);
    } finally {
      await ctx.db.query('update restaurants set auto_accept = false where id = $1', [f.r1]);
    }
  });
});
