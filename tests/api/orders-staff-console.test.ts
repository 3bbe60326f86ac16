// The staff console's list (GET /api/v1/orders/restaurant/): the board's active orders, search by
// order number or phone (taken literally), Indian-day ranges such as yesterday, totals over the whole
// range rather than the page (without refunds, cancellations or rejections), and the whole order
// (phone, instructions) for the restaurant's staff and the order's customer, never on a status link.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails, OrderSummary, RestaurantOrderPage } from '../../src/shared/api/orders.ts';
import { istDay, istDayPlus } from '../../src/shared/india-time.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();
const c = ctx.client;

let rest: RestaurantFixture;
let other: RestaurantFixture;
let asha: UserFixture;
let ravi: UserFixture;
let staff: UserFixture;
let otherStaff: UserFixture;
const ids: Record<string, number> = {};
const numbers: Record<string, string> = {};

const HOUR = 3_600_000;
const yesterdayNoon = () => new Date(Date.parse(`${istDayPlus(new Date(), -1)}T12:00:00+05:30`));

beforeAll(async () => {
  rest = await makeRestaurant(ctx.db, { name: 'Console Kitchen' });
  other = await makeRestaurant(ctx.db, { name: 'Other Kitchen', at: { lat: 19.07, lng: 72.87 } });
  asha = await makeUser(ctx.app);
  ravi = await makeUser(ctx.app, { name: 'Ravi Shankar' });
  staff = await makeUser(ctx.app, { role: 'staff', restaurantId: rest.id });
  otherStaff = await makeUser(ctx.app, { role: 'staff', restaurantId: other.id });
  const make = async (name: string, o: Parameters<typeof makeOrder>[1]) => {
    const made = await makeOrder(ctx.db, o);
    ids[name] = made.id;
    numbers[name] = made.orderNumber;
  };
  await make('placed', {
    userId: asha.id,
    restaurant: rest,
    instructions: { cooking: 'Less spicy,\nno onion', delivery: 'Leave at the door' },
  });
  await make('preparing', { userId: ravi.id, restaurant: rest, status: 'preparing' });
  await make('pickedUp', { userId: asha.id, restaurant: rest, status: 'picked_up' });
  await make('delivered', { userId: ravi.id, restaurant: rest, status: 'delivered' });
  await make('oldActive', {
    userId: asha.id,
    restaurant: rest,
    status: 'ready',
    createdAt: new Date(Date.now() - 50 * HOUR),
  });
  await make('yesterdayDelivered', {
    userId: asha.id,
    restaurant: rest,
    status: 'delivered',
    createdAt: yesterdayNoon(),
  });
  await make('yesterdayRefunded', {
    userId: ravi.id,
    restaurant: rest,
    status: 'cancelled',
    createdAt: yesterdayNoon(),
  });
  await ctx.db.query(`update orders set payment_status = 'refunded' where id = $1`, [
    ids['yesterdayRefunded'],
  ]);
  // Today, paid but given back: a rejection whose refund is not marked yet, a cancellation whose is.
  await make('rejected', { userId: asha.id, restaurant: rest, status: 'rejected' });
  await make('cancelling', { userId: asha.id, restaurant: rest, status: 'cancelled' });
  await ctx.db.query('update orders set refund_pending = true where id = $1', [ids['cancelling']]);
  await make('unpaid', { userId: asha.id, restaurant: rest, paid: false });
  await make('elsewhere', { userId: asha.id, restaurant: other });
});

const list = async (query: string, token = staff.token) => {
  const res = await c.get(`/api/v1/orders/restaurant/?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RestaurantOrderPage>();
};
const idsOf = (page: RestaurantOrderPage) => page.results.map((o) => o.id);
const today = () => istDay(new Date());

describe("the console's board", () => {
  it('active: every order still in the kitchen, whatever its day, newest first; never the final or unpaid', async () => {
    const page = await list('delivery_status=active&limit=100');
    expect(idsOf(page)).toEqual([ids['pickedUp'], ids['preparing'], ids['placed'], ids['oldActive']]);
    expect(page.totals.orders).toBe(4);
  });

  it('carries the whole order: the customer phone and the instructions', async () => {
    const page = await list('delivery_status=placed');
    const o = page.results.find((r) => r.id === ids['placed'])! as OrderSummary;
    expect(o.customer_phone).toBe(asha.phone);
    expect(o.instructions).toEqual({ cooking: 'Less spicy,\nno onion', delivery: 'Leave at the door' });
    expect(o.delivery_address).toMatchObject({ flat: '4B', landmark: 'Near the park' });
    // Without instructions both are empty text.
    const quiet = (await list('delivery_status=preparing')).results.find((r) => r.id === ids['preparing'])!;
    expect(quiet.instructions).toEqual({ cooking: '', delivery: '' });
    expect(quiet.customer_phone).toBe(ravi.phone);
  });

  it("the customer's own order carries them too; its status link shows neither", async () => {
    const res = await c.get(`/api/v1/orders/details/id/${ids['placed']}/`, { token: asha.token });
    expect(res.statusCode).toBe(200);
    const { order, status_link } = res.json<OrderDetails>();
    expect(order.customer_phone).toBe(asha.phone);
    expect(order.instructions).toEqual({ cooking: 'Less spicy,\nno onion', delivery: 'Leave at the door' });
    const t = new URL(status_link.path, 'http://x').searchParams.get('t')!;
    const open = await c.get(`/api/v1/orders/status/${ids['placed']}/?t=${encodeURIComponent(t)}`, {
      token: null,
    });
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain(asha.phone);
    expect(open.body).not.toMatch(/spicy|Leave at the door|instructions|customer_phone/);
  });

  it('a limit above 100 is refused with a message', async () => {
    const res = await c.get('/api/v1/orders/restaurant/?delivery_status=active&limit=101', {
      token: staff.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/100/);
    // The other lists keep their limit of 50.
    const mine = await c.get('/api/v1/orders/all/customer/?limit=100', { token: asha.token });
    expect(mine.statusCode).toBe(400);
  });
});

describe("the console's history", () => {
  it("yesterday, in Indian days: yesterday's orders only, with totals that leave out the refunded", async () => {
    const y = istDayPlus(new Date(), -1);
    const page = await list(`delivery_status=&startDate=${y}&endDate=${y}&limit=1`);
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1); // the page
    expect(page.totals).toEqual({ orders: 2, revenue: 89000 }); // the range: the refunded one brings nothing
  });

  it("today's totals count every order of the day across pages; revenue leaves out what is given back", async () => {
    const page = await list(`startDate=${today()}&endDate=${istDayPlus(new Date(), 1)}&limit=1`);
    // placed, preparing, picked up, delivered, rejected, cancelling: the last two bring nothing.
    expect(page.totals).toEqual({ orders: 6, revenue: 4 * 89000 });
    expect(page.count).toBe(6);
    expect(page.results).toHaveLength(1);
    const rejected = await list(`delivery_status=rejected&startDate=${today()}&endDate=${today()}`);
    expect(rejected.totals).toEqual({ orders: 1, revenue: 0 });
  });

  it('searches by part of the order number, in any case', async () => {
    const part = numbers['delivered']!.slice(-6).toLowerCase();
    const page = await list(`q=${encodeURIComponent(part)}`);
    expect(idsOf(page)).toEqual([ids['delivered']]);
    expect(page.totals.orders).toBe(1);
  });

  it("searches by the customer's phone digits, spaces and +91 allowed", async () => {
    const page = await list(
      `q=${encodeURIComponent(`+91 ${ravi.phone.slice(0, 5)} ${ravi.phone.slice(5)}`)}`,
    );
    expect(idsOf(page).sort()).toEqual(
      [ids['preparing'], ids['delivered'], ids['yesterdayRefunded']].sort((a, b) => a! - b!),
    );
    const digits = await list(`q=${ravi.phone.slice(-6)}`);
    expect(idsOf(digits)).toContain(ids['preparing']);
    const dashed = await list(
      `q=${encodeURIComponent(`${ravi.phone.slice(2, 5)}-${ravi.phone.slice(5, 8)}`)}`,
    );
    expect(idsOf(dashed)).toContain(ids['delivered']);
    // Fewer than 4 digits is no phone search (an order number containing them may still match).
    const three = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => ravi.phone.slice(i, i + 3))
      .find((d) => !numbers['preparing']!.includes(d))!;
    const short = await list(`q=${three}&delivery_status=preparing`);
    expect(idsOf(short)).not.toContain(ids['preparing']);
  });

  it('takes % and _ literally, and refuses control characters and over-long searches', async () => {
    expect((await list('q=%25')).count).toBe(0);
    expect((await list('q=_')).count).toBe(0);
    // A backslash is no escape either: "\D" is not "D" (which every order number holds).
    expect((await list('q=D')).count).toBeGreaterThan(0);
    expect((await list(`q=${encodeURIComponent('\\D')}`)).count).toBe(0);
    const bad = await c.get('/api/v1/orders/restaurant/?q=%00x', { token: staff.token });
    expect(bad.statusCode).toBe(400);
    const long = await c.get(`/api/v1/orders/restaurant/?q=${'9'.repeat(41)}`, { token: staff.token });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/40/);
  });

  it("another restaurant's staff never sees these orders; customers are refused", async () => {
    const page = await list('delivery_status=active&limit=100', otherStaff.token);
    expect(idsOf(page)).toEqual([ids['elsewhere']]);
    const searched = await list(`q=${numbers['placed']}`, otherStaff.token);
    expect(searched.count).toBe(0);
    const res = await c.get('/api/v1/orders/restaurant/?delivery_status=active', { token: asha.token });
    expect(res.statusCode).toBe(403);
    const anon = await c.get('/api/v1/orders/restaurant/?delivery_status=active');
    expect(anon.statusCode).toBe(401);
  });
});
