// Kitchen controls over HTTP (docs/kitchen-controls.md): staff of one restaurant adjust prep times (the
// ETA and the customer's tracking follow), set busy mode, pause and reopen (cards, menus and createorder
// follow; a timed pause ends by itself), mark items out of stock for a while (menus, carts and
// checkout follow) and turn auto-accept on (a newly paid order is accepted by itself). Every control is
// in the history, newest first. Customers get 403, other restaurants' things 404, bad input 400.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import type { RestaurantCard, RestaurantDetail } from '../../src/shared/api/discovery.ts';
import type { KitchenItem, KitchenLogPage, KitchenState } from '../../src/shared/api/kitchen.ts';
import { kitchenPaths } from '../../src/shared/api/paths.ts';
import type { OrderSummary, Tracking } from '../../src/shared/api/orders.ts';
import { NOT_ACCEPTING_NOTICE, startOfIstDay } from '../../src/shared/kitchen.ts';
import { sweepKitchen } from '../../src/server/modules/kitchen/sweep.ts';
import { loadPaymentProvider, type SandboxProvider } from '../../src/server/providers/payments/index.ts';
import {
  makeCheckoutFixture,
  makeOrder,
  makeUser,
  type CheckoutFixture,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
let sandbox: SandboxProvider;
let staff: TestClient;
let staffUser: UserFixture;
let otherStaff: TestClient;
let r1: Pick<RestaurantFixture, 'id' | 'itemIds'>;

// The background sweep stays out of the way: these tests sweep themselves, with the clock they choose.
beforeAll(async () => {
  ctx = await setupApp({
    env: { KITCHEN_SWEEP_INTERVAL_MS: '600000' },
    seed: async (db) => (f = await makeCheckoutFixture(db)),
  });
  sandbox = (await loadPaymentProvider(ctx.config, ctx.db)) as SandboxProvider;
  staffUser = await makeUser(ctx.app, { role: 'staff', restaurantId: f.r1, name: 'Ravi Kumar' });
  staff = ctx.client.fork();
  staff.token = staffUser.token;
  otherStaff = ctx.client.fork();
  otherStaff.token = (await makeUser(ctx.app, { role: 'staff', restaurantId: f.r2 })).token;
  r1 = { id: f.r1, itemIds: [f.biryani, f.paneer] };
});

const address = () => ({
  address: '80 Feet Road, Koramangala',
  flat: '4B',
  landmark: 'Near the park',
  latitude: f.near.latitude,
  longitude: f.near.longitude,
});

async function customer(items: Array<[number, number]> = [[f.biryani, 1]]) {
  const { id: userId, token } = await makeUser(ctx.app);
  const c = ctx.client.fork();
  c.token = token;
  for (const [item, quantity] of items) {
    expect((await c.post('/api/v1/checkout/add/', { item, quantity })).statusCode).toBe(200);
  }
  return { userId, c };
}

const createOrder = (c: TestClient) => c.post('/api/v2/orders/createorder/', { address: address() });

async function pay(c: TestClient, o: CreateOrderResponse) {
  const p = await sandbox.pay(o.provider_order_id, 'captured');
  const res = await c.post('/api/v1/orders/paymentsuccess/', {
    razorpay_payment_id: p.id,
    razorpay_order_id: o.provider_order_id,
    razorpay_signature: sandbox.signPayment(o.provider_order_id, p.id),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Polls until `check` passes (change notifications reach the caches asynchronously). */
async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const state = async (c = staff) => {
  const res = await c.get(kitchenPaths.state);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KitchenState>();
};
const menu = async () => (await ctx.client.get(`/api/v1/restaurant/${f.r1}/`)).json<RestaurantDetail>();
const listCard = async () => {
  const res = await ctx.client.get(`/api/v1/restaurant/list/?lat=${f.near.latitude}&lng=${f.near.longitude}`);
  return res.json<{ results: RestaurantCard[] }>().results.find((r) => r.id === f.r1)!;
};
const history = async (query = '') => (await staff.get(`${kitchenPaths.log}${query}`)).json<KitchenLogPage>();
const menuItem = (d: RestaurantDetail, id: number) =>
  d.categories.flatMap((c) => c.items).find((i) => i.id === id)!;

describe('access', () => {
  const calls: Array<[string, (c: TestClient) => ReturnType<TestClient['get']>]> = [
    ['state', (c) => c.get(kitchenPaths.state)],
    ['busy', (c) => c.put(kitchenPaths.busy, { extra_min: 10 })],
    ['pause', (c) => c.post(kitchenPaths.pause, { duration: 15 })],
    ['resume', (c) => c.post(kitchenPaths.resume, {})],
    ['auto-accept', (c) => c.put(kitchenPaths.autoAccept, { enabled: true })],
    ['log', (c) => c.get(kitchenPaths.log)],
    ['items', (c) => c.get(kitchenPaths.items)],
    ['stock', (c) => c.put(kitchenPaths.itemStock(f.biryani), { in_stock: true })],
    ['prep time', (c) => c.post(kitchenPaths.prepTime(1), { delta_min: 5 })],
  ];

  it('asks the signed-out to log in (401) and refuses customers (403) on every endpoint', async () => {
    const { c } = await customer([]);
    const anonymous = ctx.client.fork();
    for (const [name, call] of calls) {
      const a = await call(anonymous);
      expect(a.statusCode, name).toBe(401);
      expect(a.json()).toMatchObject({ status: 401, code: 'not_authenticated' });
      const b = await call(c);
      expect(b.statusCode, name).toBe(403);
      expect(b.json()).toMatchObject({ status: 403, code: 'not_staff' });
    }
  });

  it('needs the CSRF header on every control', async () => {
    for (const res of [
      await staff.put(kitchenPaths.busy, { extra_min: 10 }, { noCsrf: true }),
      await staff.post(kitchenPaths.pause, { duration: 15 }, { noCsrf: true }),
      await staff.post(kitchenPaths.resume, {}, { noCsrf: true }),
      await staff.put(kitchenPaths.autoAccept, { enabled: true }, { noCsrf: true }),
      await staff.put(kitchenPaths.itemStock(f.biryani), { in_stock: true }, { noCsrf: true }),
      await staff.post(kitchenPaths.prepTime(1), { delta_min: 5 }, { noCsrf: true }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('csrf_failed');
    }
    expect((await state()).busy_extra_min).toBe(0);
  });

  it("shows staff only their own restaurant; another restaurant's item or order is a 404", async () => {
    expect((await state()).restaurant).toMatchObject({ id: f.r1, name: 'Meghana Biryani House' });
    expect((await state(otherStaff)).restaurant).toMatchObject({ id: f.r2, name: 'Dosa Corner' });
    const items = (await otherStaff.get(kitchenPaths.items)).json<{ results: KitchenItem[] }>().results;
    expect(items.map((i) => i.id)).toEqual([f.dosa]);
    const foreignItem = await otherStaff.put(kitchenPaths.itemStock(f.biryani), {
      in_stock: false,
      duration: '4h',
    });
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json()).toMatchObject({ status: 404, code: 'not_found' });
    const { userId } = await customer([]);
    const order = await makeOrder(ctx.db, { userId, restaurant: r1, status: 'accepted' });
    const foreignOrder = await otherStaff.post(kitchenPaths.prepTime(order.id), { delta_min: 5 });
    expect(foreignOrder.statusCode).toBe(404);
    expect((await history()).results.some((e) => e.action === 'stock' && e.subject_id === f.biryani)).toBe(
      false,
    );
  });
});

describe('bad input answers 400 with the error shape', () => {
  const cases: Array<[string, () => ReturnType<TestClient['get']>, string]> = [
    ['busy 15', () => staff.put(kitchenPaths.busy, { extra_min: 15 }), 'extra_min'],
    ['busy text', () => staff.put(kitchenPaths.busy, { extra_min: '10' }), 'extra_min'],
    ['busy missing', () => staff.put(kitchenPaths.busy, {}), 'extra_min'],
    ['pause 45', () => staff.post(kitchenPaths.pause, { duration: 45 }), 'duration'],
    ['pause forever', () => staff.post(kitchenPaths.pause, { duration: 'forever' }), 'duration'],
    ['auto-accept yes', () => staff.put(kitchenPaths.autoAccept, { enabled: 'yes' }), 'enabled'],
    [
      'auto-accept prep 0',
      () => staff.put(kitchenPaths.autoAccept, { enabled: true, default_prep_time_min: 0 }),
      'default_prep_time_min',
    ],
    [
      'auto-accept prep 12.5',
      () => staff.put(kitchenPaths.autoAccept, { enabled: true, default_prep_time_min: 12.5 }),
      'default_prep_time_min',
    ],
    [
      'stock without duration',
      () => staff.put(kitchenPaths.itemStock(f.paneer), { in_stock: false }),
      'duration',
    ],
    [
      'stock odd duration',
      () => staff.put(kitchenPaths.itemStock(f.paneer), { in_stock: false, duration: '2h' }),
      'duration',
    ],
    [
      'stock back with duration',
      () => staff.put(kitchenPaths.itemStock(f.paneer), { in_stock: true, duration: '4h' }),
      'duration',
    ],
    ['item id', () => staff.put(kitchenPaths.itemStock('abc'), { in_stock: true }), 'id'],
    ['item id range', () => staff.put(kitchenPaths.itemStock('99999999999'), { in_stock: true }), 'id'],
    ['prep 3', () => staff.post(kitchenPaths.prepTime(1), { delta_min: 3 }), 'delta_min'],
    ['prep 0', () => staff.post(kitchenPaths.prepTime(1), { delta_min: 0 }), 'delta_min'],
    ['prep 65', () => staff.post(kitchenPaths.prepTime(1), { delta_min: 65 }), 'delta_min'],
    ['prep text', () => staff.post(kitchenPaths.prepTime(1), { delta_min: '5' }), 'delta_min'],
    ['log limit', () => staff.get(`${kitchenPaths.log}?limit=0`), 'limit'],
    ['log offset', () => staff.get(`${kitchenPaths.log}?offset=-1`), 'offset'],
  ];
  for (const [name, call, field] of cases) {
    it(name, async () => {
      const res = await call();
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ status: 400, code: 'validation_error' });
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toContain(field);
    });
  }

  it('changed nothing', async () => {
    const s = await state();
    expect(s).toMatchObject({
      busy_extra_min: 0,
      pause: null,
      auto_accept: false,
      default_prep_time_min: 20,
    });
    expect(s.out_of_stock.map((i) => i.id)).toEqual([f.soldOut]);
    expect((await history()).count).toBe(0);
  });
});

describe('prep time: accept with a time, then move it by 5-minute steps', () => {
  async function acceptedOrder(prep: number) {
    const { userId } = await customer([]);
    const order = await makeOrder(ctx.db, { userId, restaurant: r1, publish: true });
    const res = await staff.post(`/api/v1/orders/restaurant/${order.id}/status/`, {
      status: 'accepted',
      prep_time_min: prep,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { userId, order: res.json<{ order: OrderSummary }>().order };
  }
  const events = async (orderId: number) =>
    ctx.db.query<{ type: string; seq: number }>(
      'select type, seq::float8 as seq from order_events where order_id = $1 order by seq',
      [orderId],
    );

  it('adds and takes 5 minutes: the ETA follows, an order.updated event goes out, the customer sees it', async () => {
    const { userId, order } = await acceptedOrder(20);
    expect(order.prep_time_min).toBe(20);
    const eta0 = Date.parse(order.eta!);
    const up = await staff.post(kitchenPaths.prepTime(order.id), { delta_min: 5 });
    expect(up.statusCode, up.body).toBe(200);
    const after = up.json<{ order: OrderSummary }>().order;
    expect(after.prep_time_min).toBe(25);
    expect(Date.parse(after.eta!) - eta0).toBe(5 * 60_000);
    expect((await events(order.id)).map((e) => e.type)).toEqual([
      'order.created',
      'order.updated',
      'order.updated',
    ]);
    const c = ctx.client.fork();
    c.token = await ctx.app.tokens.sign({ userId, role: 'customer', restaurantId: null });
    const tracking = (await c.get(`/api/v1/orders/tracking/${order.id}/`)).json<Tracking>();
    expect(tracking.eta).toBe(after.eta);
    expect(tracking.order.prep_time_min).toBe(25);

    const down = await staff.post(kitchenPaths.prepTime(order.id), { delta_min: -10 });
    expect(down.json<{ order: OrderSummary }>().order.prep_time_min).toBe(15);
    expect(Date.parse(down.json<{ order: OrderSummary }>().order.eta!) - eta0).toBe(-5 * 60_000);
    const log = await history('?limit=2');
    expect(log.results.map((e) => [e.action, e.subject, e.from, e.to])).toEqual([
      ['prep_time', order.order_number, '25', '15'],
      ['prep_time', order.order_number, '20', '25'],
    ]);
    expect(log.results[0]!.actor).toEqual({ id: staffUser.id, name: 'Ravi Kumar' });
    expect(log.results[0]!.subject_id).toBe(order.id);
    expect(log.results[0]!.summary).toBe(
      `Ravi Kumar changed the prep time of order ${order.order_number} from 25 to 15 minutes.`,
    );
  });

  it('works while preparing; refuses before acceptance and once ready (409 prep_time_locked)', async () => {
    const { order } = await acceptedOrder(20);
    await staff.post(`/api/v1/orders/restaurant/${order.id}/status/`, { status: 'preparing' });
    expect((await staff.post(kitchenPaths.prepTime(order.id), { delta_min: 5 })).statusCode).toBe(200);
    await staff.post(`/api/v1/orders/restaurant/${order.id}/status/`, { status: 'ready' });
    const ready = await staff.post(kitchenPaths.prepTime(order.id), { delta_min: 5 });
    expect(ready.statusCode).toBe(409);
    expect(ready.json()).toMatchObject({ status: 409, code: 'prep_time_locked' });
    const { userId } = await customer([]);
    const placed = await makeOrder(ctx.db, { userId, restaurant: r1 });
    const early = await staff.post(kitchenPaths.prepTime(placed.id), { delta_min: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('only while it is accepted or being prepared');
    // An unpaid checkout has not reached the kitchen: it is not found, like a stranger's.
    const unpaid = await makeOrder(ctx.db, { userId, restaurant: r1, paid: false, status: 'accepted' });
    expect((await staff.post(kitchenPaths.prepTime(unpaid.id), { delta_min: 5 })).statusCode).toBe(404);
  });

  it('keeps the prep time within 1..180 minutes (409 prep_time_out_of_range)', async () => {
    const { order: low } = await acceptedOrder(5);
    const below = await staff.post(kitchenPaths.prepTime(low.id), { delta_min: -5 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'prep_time_out_of_range' });
    const { order: high } = await acceptedOrder(180);
    const above = await staff.post(kitchenPaths.prepTime(high.id), { delta_min: 5 });
    expect(above.statusCode).toBe(409);
    const [row] = await ctx.db.query<{ prep_time_min: number }>(
      'select prep_time_min from orders where id = $1',
      [high.id],
    );
    expect(row!.prep_time_min).toBe(180);
  });
});

describe('busy mode', () => {
  it('adds its minutes to every acceptance and to the delivery time customers see', async () => {
    const before = (await listCard()).delivery_time_min;
    const res = await staff.put(kitchenPaths.busy, { extra_min: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KitchenState>().busy_extra_min).toBe(20);
    await eventually(async () => expect((await listCard()).delivery_time_min).toBe(before + 20));
    expect((await menu()).delivery_time_min).toBe(before + 20);

    const { userId } = await customer([]);
    const chosen = await makeOrder(ctx.db, { userId, restaurant: r1 });
    const a = await staff.post(`/api/v1/orders/restaurant/${chosen.id}/status/`, {
      status: 'accepted',
      prep_time_min: 15,
    });
    expect(a.json<{ order: OrderSummary }>().order.prep_time_min).toBe(35);
    const byDefault = await makeOrder(ctx.db, { userId, restaurant: r1 });
    const b = await staff.post(`/api/v1/orders/restaurant/${byDefault.id}/status/`, { status: 'accepted' });
    expect(b.json<{ order: OrderSummary }>().order.prep_time_min).toBe(40);
    // Never beyond the limit.
    const long = await makeOrder(ctx.db, { userId, restaurant: r1 });
    const c = await staff.post(`/api/v1/orders/restaurant/${long.id}/status/`, {
      status: 'accepted',
      prep_time_min: 175,
    });
    expect(c.json<{ order: OrderSummary }>().order.prep_time_min).toBe(180);

    // The same setting again changes and logs nothing.
    await staff.put(kitchenPaths.busy, { extra_min: 20 });
    expect((await staff.put(kitchenPaths.busy, { extra_min: 0 })).json<KitchenState>().busy_extra_min).toBe(
      0,
    );
    await eventually(async () => expect((await listCard()).delivery_time_min).toBe(before));
    const log = (await history('?limit=2')).results;
    expect(log.map((e) => [e.action, e.from, e.to])).toEqual([
      ['busy', '20', '0'],
      ['busy', '0', '20'],
    ]);
    expect(log[0]!.summary).toBe('Ravi Kumar turned busy mode off.');
    expect(log[1]!.summary).toBe('Ravi Kumar turned busy mode on: 20 minutes added to every prep time.');
  });
});

describe('pause', () => {
  it('pauses for 30 minutes: cards and menu say so, createorder refuses; reopening undoes it', async () => {
    const { c } = await customer();
    const t0 = Date.now();
    const res = await staff.post(kitchenPaths.pause, { duration: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<KitchenState>();
    expect(s.accepting_orders).toBe(false);
    expect(s.not_accepting_reason).toBe(NOT_ACCEPTING_NOTICE);
    expect(s.pause!.until_reopened).toBe(false);
    const until = Date.parse(s.pause!.until!);
    expect(until - t0).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until - t0).toBeLessThanOrEqual(30 * 60_000 + 5000);

    await eventually(async () => {
      const card = await listCard();
      expect(card).toMatchObject({
        accepting_orders: false,
        not_accepting_reason: 'Not accepting orders right now',
        paused_until: s.pause!.until,
      });
    });
    expect(await menu()).toMatchObject({
      accepting_orders: false,
      not_accepting_reason: NOT_ACCEPTING_NOTICE,
    });
    const all = (await ctx.client.get('/api/v1/restaurant/all/')).json<{ results: RestaurantCard[] }>();
    expect(all.results.find((r) => r.id === f.r1)!.accepting_orders).toBe(false);
    expect(all.results.find((r) => r.id === f.r2)).toMatchObject({
      accepting_orders: true,
      not_accepting_reason: null,
      paused_until: null,
    });

    const refused = await createOrder(c);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, code: 'restaurant_paused' });
    expect(refused.json().message).toMatch(
      /^Meghana Biryani House is not accepting orders right now\. Try again after \d{1,2}:\d{2} [AP]M\.$/,
    );

    const reopened = await staff.post(kitchenPaths.resume, {});
    expect(reopened.json<KitchenState>()).toMatchObject({ accepting_orders: true, pause: null });
    await eventually(async () => expect((await listCard()).accepting_orders).toBe(true));
    expect((await menu()).not_accepting_reason).toBeNull();
    expect((await createOrder(c)).statusCode).toBe(201);

    const log = (await history('?limit=2')).results;
    expect(log.map((e) => [e.action, e.from, e.to])).toEqual([
      ['resume', `paused_until:${s.pause!.until}`, 'accepting'],
      ['pause', 'accepting', `paused_until:${s.pause!.until}`],
    ]);
    expect(log[1]!.summary).toMatch(
      /^Ravi Kumar paused new orders for 30 minutes \(until \d{1,2}:\d{2} [AP]M\)\.$/,
    );
    expect(log[0]!.summary).toBe('Ravi Kumar reopened the restaurant for orders.');
    // Reopening an open restaurant changes and logs nothing.
    await staff.post(kitchenPaths.resume);
    expect((await history('?limit=1')).results[0]!.id).toBe(log[0]!.id);
  });

  it('pauses until reopened: no end time, nothing ends it but staff', async () => {
    const res = await staff.post(kitchenPaths.pause, { duration: 'until_reopened' });
    expect(res.json<KitchenState>().pause).toMatchObject({ until: null, until_reopened: true });
    const far = new Date(Date.now() + 3 * 86_400_000);
    await sweepKitchen(ctx.db, { now: far, unattendedAfterMs: 300_000 });
    expect((await state()).accepting_orders).toBe(false);
    await eventually(async () =>
      expect(await listCard()).toMatchObject({ accepting_orders: false, paused_until: null }),
    );
    const { c } = await customer();
    expect((await createOrder(c)).json().message).toBe(
      'Meghana Biryani House is not accepting orders right now. Please try again later.',
    );
    expect((await history('?limit=1')).results[0]!.summary).toBe(
      'Ravi Kumar paused new orders until reopened.',
    );
    await staff.post(kitchenPaths.resume, {});
    expect((await state()).accepting_orders).toBe(true);
  });

  it('ends by itself: the sweep clears a pause whose time is up and logs it at that time', async () => {
    const s = (await staff.post(kitchenPaths.pause, { duration: 15 })).json<KitchenState>();
    const until = new Date(s.pause!.until!);
    const early = await sweepKitchen(ctx.db, {
      now: new Date(until.getTime() - 1000),
      unattendedAfterMs: 300_000,
    });
    expect(early.pausesEnded).toEqual([]);
    const done = await sweepKitchen(ctx.db, {
      now: new Date(until.getTime() + 1000),
      unattendedAfterMs: 300_000,
    });
    expect(done.pausesEnded).toEqual([f.r1]);
    // A second sweep (another process) finds nothing left to do.
    expect(
      (await sweepKitchen(ctx.db, { now: new Date(until.getTime() + 2000), unattendedAfterMs: 300_000 }))
        .pausesEnded,
    ).toEqual([]);
    expect((await state()).accepting_orders).toBe(true);
    await eventually(async () => expect((await listCard()).accepting_orders).toBe(true));
    const [entry] = (await history('?limit=1')).results;
    expect(entry).toMatchObject({ action: 'resume', actor: null, to: 'accepting', at: until.toISOString() });
    expect(entry!.summary).toBe('The pause ran out: orders are open again.');
  });

  it('counts as over from its end time even before any sweep (state, createorder)', async () => {
    await staff.post(kitchenPaths.pause, { duration: 15 });
    // As if the pause had been set 15 minutes ago and no sweep had run since.
    await ctx.db.query(`update restaurants set paused_until = now() + interval '1 second' where id = $1`, [
      f.r1,
    ]);
    const { c } = await customer();
    expect((await createOrder(c)).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await state()).accepting_orders).toBe(true);
    expect((await createOrder(c)).statusCode).toBe(201);
    const [row] = await ctx.db.query<{ paused_until: Date | null }>(
      'select paused_until from restaurants where id = $1',
      [f.r1],
    );
    expect(row!.paused_until).not.toBeNull();
    await sweepKitchen(ctx.db, { now: new Date(), unattendedAfterMs: 300_000 });
  });
});

describe('out of stock', () => {
  it('until turned back on: the menu and the cart show it at once, checkout refuses naming the item', async () => {
    const { c } = await customer([
      [f.biryani, 1],
      [f.paneer, 1],
    ]);
    const res = await staff.put(kitchenPaths.itemStock(f.paneer), {
      in_stock: false,
      duration: 'until_turned_on',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ item: KitchenItem }>().item).toMatchObject({
      id: f.paneer,
      name: 'Paneer Tikka',
      in_stock: false,
      out_of_stock_until: null,
    });
    const cart = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(cart.cart_items.find((i) => i.id === f.paneer)!.in_stock).toBe(false);
    await eventually(async () => expect(menuItem(await menu(), f.paneer).in_stock).toBe(false));
    const refused = await createOrder(c);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'item_out_of_stock',
      message: 'Paneer Tikka is out of stock right now.',
    });
    expect((await state()).out_of_stock).toEqual(
      expect.arrayContaining([{ id: f.paneer, name: 'Paneer Tikka', until: null }]),
    );
    // A year later it is still out: only staff turn it back on.
    await sweepKitchen(ctx.db, { now: new Date(Date.now() + 365 * 86_400_000), unattendedAfterMs: 300_000 });
    expect(menuItem(await menu(), f.paneer).in_stock).toBe(false);

    const back = await staff.put(kitchenPaths.itemStock(f.paneer), { in_stock: true });
    expect(back.json<{ item: KitchenItem }>().item).toMatchObject({
      in_stock: true,
      out_of_stock_until: null,
    });
    await eventually(async () => expect(menuItem(await menu(), f.paneer).in_stock).toBe(true));
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items.every((i) => i.in_stock)).toBe(
      true,
    );
    expect((await createOrder(c)).statusCode).toBe(201);
    const log = (await history('?limit=2')).results;
    expect(log.map((e) => [e.action, e.subject, e.from, e.to])).toEqual([
      ['stock', 'Paneer Tikka', 'out_until_turned_on', 'in_stock'],
      ['stock', 'Paneer Tikka', 'in_stock', 'out_until_turned_on'],
    ]);
    expect(log[1]!.summary).toBe('Ravi Kumar marked Paneer Tikka out of stock until turned back on.');
    expect(log[0]!.summary).toBe('Ravi Kumar marked Paneer Tikka back in stock.');
  });

  it('until the end of the day: back at midnight IST', async () => {
    const now = new Date();
    const res = await staff.put(kitchenPaths.itemStock(f.biryani), {
      in_stock: false,
      duration: 'end_of_day',
    });
    const item = res.json<{ item: KitchenItem }>().item;
    const midnight = startOfIstDay(now).getTime() + 86_400_000;
    expect(Date.parse(item.out_of_stock_until!)).toBe(midnight);
    // 00:00 IST is 18:30 UTC.
    expect(item.out_of_stock_until!.endsWith('T18:30:00.000Z')).toBe(true);
    expect((await history('?limit=1')).results[0]!.summary).toBe(
      'Ravi Kumar marked Chicken Biryani out of stock until the end of the day.',
    );
    const swept = await sweepKitchen(ctx.db, { now: new Date(midnight + 1000), unattendedAfterMs: 300_000 });
    expect(swept.restocked).toEqual([f.biryani]);
    await eventually(async () => expect(menuItem(await menu(), f.biryani).in_stock).toBe(true));
    const [entry] = (await history('?limit=1')).results;
    expect(entry).toMatchObject({
      action: 'stock',
      actor: null,
      subject: 'Chicken Biryani',
      to: 'in_stock',
      at: new Date(midnight).toISOString(),
    });
    expect(entry!.summary).toBe('Chicken Biryani is back in stock (its time ran out).');
  });

  it('for 4 hours: out now, in stock from then on, even before a sweep notices', async () => {
    const { c } = await customer();
    const t0 = Date.now();
    const res = await staff.put(kitchenPaths.itemStock(f.biryani), { in_stock: false, duration: '4h' });
    const until = Date.parse(res.json<{ item: KitchenItem }>().item.out_of_stock_until!);
    expect(until - t0).toBeGreaterThanOrEqual(4 * 3_600_000 - 1000);
    expect(until - t0).toBeLessThanOrEqual(4 * 3_600_000 + 5000);
    // Nobody adds it meanwhile.
    const late = await ctx.client.fork().post(
      '/api/v1/checkout/add/',
      { item: f.biryani, quantity: 1 },
      {
        headers: { 'x-anonymous-id': 'kitchen-test-late-0001' },
      },
    );
    expect(late.json().code).toBe('item_out_of_stock');
    expect((await createOrder(c)).json().message).toBe('Chicken Biryani is out of stock right now.');
    // The four hours pass without a sweep: the stored mark is stale, the rule is not.
    await ctx.db.query(
      `update menu_items set out_of_stock_until = now() - interval '1 second' where id = $1`,
      [f.biryani],
    );
    await eventually(async () => expect(menuItem(await menu(), f.biryani).in_stock).toBe(true));
    const items = (await staff.get(kitchenPaths.items)).json<{ results: KitchenItem[] }>().results;
    expect(items.find((i) => i.id === f.biryani)).toMatchObject({ in_stock: true, out_of_stock_until: null });
    expect((await createOrder(c)).statusCode).toBe(201);
    await sweepKitchen(ctx.db, { now: new Date(), unattendedAfterMs: 300_000 });
    const [row] = await ctx.db.query<{ in_stock: boolean }>('select in_stock from menu_items where id = $1', [
      f.biryani,
    ]);
    expect(row!.in_stock).toBe(true);
  });

  it('lists the whole menu for the console with each item’s stock', async () => {
    const res = await staff.get(kitchenPaths.items);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ count: number; results: KitchenItem[] }>();
    expect(body.count).toBe(3);
    expect(body.results.find((i) => i.id === f.soldOut)).toMatchObject({
      name: 'Gulab Jamun',
      category: 'Mains',
      price: 9000,
      in_stock: false,
      out_of_stock_until: null,
    });
  });
});

describe('auto-accept', () => {
  it('accepts a newly paid order by itself with the default prep time plus busy mode', async () => {
    const on = await staff.put(kitchenPaths.autoAccept, { enabled: true, default_prep_time_min: 25 });
    expect(on.json<KitchenState>()).toMatchObject({ auto_accept: true, default_prep_time_min: 25 });
    await staff.put(kitchenPaths.busy, { extra_min: 10 });
    const { c } = await customer();
    const created = await createOrder(c);
    expect(created.statusCode, created.body).toBe(201);
    const o = created.json<CreateOrderResponse>();
    // Not before payment: an unpaid checkout is not an order yet.
    const [unpaid] = await ctx.db.query<{ status: string }>('select status from orders where id = $1', [
      o.order.id,
    ]);
    expect(unpaid!.status).toBe('placed');
    const t0 = Date.now();
    await pay(c, o);
    const list = (await staff.get('/api/v1/orders/restaurant/?limit=50')).json<{ results: OrderSummary[] }>();
    const accepted = list.results.find((r) => r.id === o.order.id)!;
    expect(accepted).toMatchObject({ status: 'accepted', payment_status: 'paid', prep_time_min: 35 });
    expect(Date.parse(accepted.eta!) - t0).toBeGreaterThanOrEqual(35 * 60_000);
    const events = await ctx.db.query<{ type: string }>(
      'select type from order_events where order_id = $1 order by seq',
      [o.order.id],
    );
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.updated']);

    const log = (await history('?limit=3')).results;
    expect(log.map((e) => [e.action, e.from, e.to])).toEqual([
      ['busy', '0', '10'],
      ['default_prep_time', '20', '25'],
      ['auto_accept', 'off', 'on'],
    ]);
    expect(log[2]!.summary).toBe('Ravi Kumar turned auto-accept on.');
    expect(log[1]!.summary).toBe('Ravi Kumar changed the default prep time from 20 to 25 minutes.');
  });

  it('leaves orders to staff when off (and other restaurants are never affected)', async () => {
    await staff.put(kitchenPaths.busy, { extra_min: 0 });
    const off = await staff.put(kitchenPaths.autoAccept, { enabled: false });
    expect(off.json<KitchenState>()).toMatchObject({ auto_accept: false, default_prep_time_min: 25 });
    const { c } = await customer();
    const o = (await createOrder(c)).json<CreateOrderResponse>();
    await pay(c, o);
    const [row] = await ctx.db.query<{ status: string }>('select status from orders where id = $1', [
      o.order.id,
    ]);
    expect(row!.status).toBe('placed');
    // Accepting without a prep time uses the restaurant's default.
    const a = await staff.post(`/api/v1/orders/restaurant/${o.order.id}/status/`, { status: 'accepted' });
    expect(a.json<{ order: OrderSummary }>().order.prep_time_min).toBe(25);
  });
});

describe('control history', () => {
  it('lists every control newest first, paginated, only the restaurant’s own', async () => {
    const all = await history('?limit=100');
    expect(all.count).toBeGreaterThan(10);
    expect(all.results).toHaveLength(all.count);
    const ids = all.results.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    for (const e of all.results) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    const p1 = await history('?limit=3');
    expect(p1.results.map((e) => e.id)).toEqual(all.results.slice(0, 3).map((e) => e.id));
    expect(p1.next).toBe(`${kitchenPaths.log}?limit=3&offset=3`);
    expect(p1.previous).toBeNull();
    const p2 = (await staff.get(p1.next!)).json<KitchenLogPage>();
    expect(p2.results.map((e) => e.id)).toEqual(all.results.slice(3, 6).map((e) => e.id));
    expect(p2.previous).toBe(`${kitchenPaths.log}?limit=3&offset=0`);
    for (const e of all.results) {
      expect(e.summary.length).toBeGreaterThan(10);
      if (e.actor) expect(e.actor).toEqual({ id: staffUser.id, name: 'Ravi Kumar' });
    }
    const other = (await otherStaff.get(kitchenPaths.log)).json<KitchenLogPage>();
    expect(other).toMatchObject({ count: 0, results: [], next: null, previous: null });
  });
});
