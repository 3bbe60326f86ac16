// Orders over HTTP: a customer sees only their own orders, payments and tracking; staff see and move
// only their restaurant's paid orders, strictly along the status chain; lists filter and paginate.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  STATUS_CHAIN,
  canTransition,
  type OrderStatus,
} from '../../src/shared/order-status.ts';
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

let restA: RestaurantFixture;
let restB: RestaurantFixture;
let asha: UserFixture;
let mallory: UserFixture;
let staffA: UserFixture;
let staffB: UserFixture;

beforeAll(async () => {
  restA = await makeRestaurant(ctx.db, { name: 'Restaurant A' });
  restB = await makeRestaurant(ctx.db, { name: 'Restaurant B', at: { lat: 19.07, lng: 72.87 } });
  asha = await makeUser(ctx.app);
  mallory = await makeUser(ctx.app, { name: 'Mallory' });
  staffA = await makeUser(ctx.app, { role: 'staff', restaurantId: restA.id });
  staffB = await makeUser(ctx.app, { role: 'staff', restaurantId: restB.id });
});

const ymd = (d: Date) => {
  // The API reads dates as Indian Standard Time days.
  const ist = new Date(d.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 10);
};

describe('customer orders', () => {
  it('lists only the caller’s orders, newest first, with restaurant, items, amount, date and status', async () => {
    const first = await makeOrder(ctx.db, {
      userId: asha.id,
      restaurant: restA,
      createdAt: new Date(Date.now() - 60_000),
    });
    const second = await makeOrder(ctx.db, { userId: asha.id, restaurant: restB });
    await makeOrder(ctx.db, { userId: mallory.id, restaurant: restA });
    await makeOrder(ctx.db, { userId: asha.id, restaurant: restA, paid: false }); // abandoned checkout
    const res = await c.get('/api/v1/orders/all/customer/', { token: asha.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    const o = body.results[1];
    expect(o.restaurant.name).toBe('Restaurant A');
    expect(o.items).toEqual([
      expect.objectContaining({ name: 'Chicken Biryani', quantity: 1, price: 32000 }),
      expect.objectContaining({ name: 'Paneer Tikka', quantity: 2, price: 24000 }),
    ]);
    expect(o).toMatchObject({ amount: 89000, status: 'placed', payment_status: 'paid', item_count: 3 });
    expect(Date.parse(o.date)).toBeGreaterThan(0);
  });

  it('paginates with next and previous links', async () => {
    const p1 = (await c.get('/api/v1/orders/all/customer/?limit=1&offset=0', { token: asha.token })).json();
    expect(p1.results).toHaveLength(1);
    expect(p1.next).toBe('/api/v1/orders/all/customer/?limit=1&offset=1');
    expect(p1.previous).toBeNull();
    const p2 = (await c.get(p1.next, { token: asha.token })).json();
    expect(p2.results[0].id).not.toBe(p1.results[0].id);
    expect(p2.next).toBeNull();
    expect(p2.previous).toBe('/api/v1/orders/all/customer/?limit=1&offset=0');
  });

  it('needs a login and rejects bad paging with 400', async () => {
    expect((await c.get('/api/v1/orders/all/customer/', { token: null })).statusCode).toBe(401);
    const bad = await c.get('/api/v1/orders/all/customer/?limit=0', { token: asha.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit/);
  });

  it('answers 404 for someone else’s order on every id endpoint (no IDOR)', async () => {
    const theirs = await makeOrder(ctx.db, { userId: mallory.id, restaurant: restA });
    const paths = [
      `/api/v1/orders/details/${theirs.orderNumber}/`,
      `/api/v1/orders/details/id/${theirs.id}/`,
      `/api/v1/orders/tracking/${theirs.id}/`,
      `/api/v1/orders/get-order-location/${theirs.id}/`,
    ];
    for (const p of paths) {
      const res = await c.get(p, { token: asha.token });
      expect(res.statusCode, p).toBe(404);
      expect(res.json().message).toBe('Order not found.');
      expect(JSON.stringify(res.json())).not.toContain('Mallory');
      expect((await c.get(p, { token: mallory.token })).statusCode, p).toBe(200);
      expect((await c.get(p, { token: null })).statusCode, p).toBe(401);
    }
    // Staff of the restaurant are not the customer either.
    expect((await c.get(paths[1]!, { token: staffA.token })).statusCode).toBe(404);
    expect((await c.get('/api/v1/orders/details/id/abc/', { token: asha.token })).statusCode).toBe(400);
    expect((await c.get('/api/v1/orders/details/id/99999999999/', { token: asha.token })).statusCode).toBe(
      400,
    );
    expect((await c.get('/api/v1/orders/details/id/2147483000/', { token: asha.token })).statusCode).toBe(
      404,
    );
  });

  it('shows details by order number and by id', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const byNumber = (await c.get(`/api/v1/orders/details/${o.orderNumber}/`, { token: asha.token })).json();
    const byId = (await c.get(`/api/v1/orders/details/id/${o.id}/`, { token: asha.token })).json();
    expect(byNumber.order.id).toBe(o.id);
    expect(byId.order.order_number).toBe(o.orderNumber);
    expect(byId.order.bill).toMatchObject({ item_total: 80000, to_pay: 89000 });
    expect(byId.order.delivery_address).toMatchObject({ flat: '4B', lat: 12.9279, lng: 77.6271 });
  });

  it('lists the caller’s payments', async () => {
    const res = await c.get('/api/v1/orders/payments/', { token: mallory.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results[0]).toMatchObject({
      amount: 89000,
      method: 'card',
      status: 'paid',
      restaurant_name: 'Restaurant A',
    });
    expect(body.results[0].order_number).toMatch(/^OD/);
  });
});

describe('tracking', () => {
  it('gives a timeline with times, an ETA, the restaurant and delivery points, and the courier once picked up', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const t0 = (await c.get(`/api/v1/orders/tracking/${o.id}/`, { token: asha.token })).json();
    expect(t0.timeline.map((s: { status: string }) => s.status)).toEqual([...STATUS_CHAIN]);
    expect(t0.timeline[0]).toMatchObject({ done: true, current: true });
    expect(t0.timeline[1]).toMatchObject({ done: false, at: null });
    expect(t0.restaurant_point).toMatchObject({ lat: 12.9352, lng: 77.6245, name: 'Restaurant A' });
    expect(t0.delivery_point).toMatchObject({ lat: 12.9279, lng: 77.6271 });
    expect(t0.courier).toBeNull();
    expect(t0.eta).toBeNull();

    const move = (status: string, extra: object = {}) =>
      c.post(`/api/v1/orders/restaurant/${o.id}/status/`, { status, ...extra }, { token: staffA.token });
    expect((await move('accepted', { prep_time_min: 15 })).statusCode).toBe(200);
    const t1 = (await c.get(`/api/v1/orders/tracking/${o.id}/`, { token: asha.token })).json();
    expect(t1.timeline[1]).toMatchObject({ status: 'accepted', done: true, current: true });
    expect(Date.parse(t1.timeline[1].at)).toBeGreaterThan(0);
    const etaMin = (Date.parse(t1.eta) - Date.now()) / 60_000;
    expect(etaMin).toBeGreaterThan(20); // 15 prep + pickup + ride
    expect(etaMin).toBeLessThan(60);
    expect(t1.order.prep_time_min).toBe(15);

    // No courier position before pickup.
    const early = await c.post(
      `/api/v1/orders/${o.id}/courier-location/`,
      { lat: 12.93, lng: 77.625 },
      { token: staffA.token },
    );
    expect(early.statusCode).toBe(409);
    await move('preparing');
    await move('ready');
    await move('picked_up');
    const loc0 = (await c.get(`/api/v1/orders/get-order-location/${o.id}/`, { token: asha.token })).json();
    expect(loc0).toEqual({ order_id: o.id, status: 'picked_up', courier: null });
    expect(
      (
        await c.post(
          `/api/v1/orders/${o.id}/courier-location/`,
          { lat: 12.93, lng: 77.625 },
          { token: staffB.token },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await c.post(
          `/api/v1/orders/${o.id}/courier-location/`,
          { lat: 120, lng: 77.625 },
          { token: staffA.token },
        )
      ).statusCode,
    ).toBe(400);
    const posted = await c.post(
      `/api/v1/orders/${o.id}/courier-location/`,
      { lat: 12.93, lng: 77.625 },
      { token: staffA.token },
    );
    expect(posted.statusCode).toBe(200);
    const loc = (await c.get(`/api/v1/orders/get-order-location/${o.id}/`, { token: asha.token })).json();
    expect(loc.courier).toMatchObject({ lat: 12.93, lng: 77.625 });
    const t2 = (await c.get(`/api/v1/orders/tracking/${o.id}/`, { token: asha.token })).json();
    expect(t2.courier).toMatchObject({ lat: 12.93 });
    expect(t2.timeline.filter((s: { done: boolean }) => s.done)).toHaveLength(5);
  });

  it('ends the timeline where a rejected order left the chain', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted' },
      { token: staffA.token },
    );
    await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'rejected', reason: 'Out of stock' },
      { token: staffA.token },
    );
    const t = (await c.get(`/api/v1/orders/tracking/${o.id}/`, { token: asha.token })).json();
    expect(t.timeline.map((s: { status: string }) => s.status)).toEqual(['placed', 'accepted', 'rejected']);
    expect(t.order).toMatchObject({
      status: 'rejected',
      reject_reason: 'Out of stock',
      // Rejecting a paid order refunds it through the payment provider at once.
      payment_status: 'refunded',
      refund_pending: false,
    });
    const payments = (await c.get('/api/v1/orders/payments/', { token: asha.token })).json();
    expect(payments.results.find((p: { order_id: number }) => p.order_id === o.id)).toMatchObject({
      status: 'refunded',
    });
  });
});

describe('staff live orders', () => {
  let paid: { id: number }[] = [];
  let fresh: RestaurantFixture;
  let staff: UserFixture;

  beforeAll(async () => {
    fresh = await makeRestaurant(ctx.db, { name: 'Fresh Kitchen' });
    staff = await makeUser(ctx.app, { role: 'staff', restaurantId: fresh.id });
    const yesterday = new Date(Date.now() - 36 * 3600_000);
    paid = [];
    for (let i = 0; i < 3; i++)
      paid.push(
        await makeOrder(ctx.db, {
          userId: asha.id,
          restaurant: fresh,
          createdAt: new Date(Date.now() - i * 1000),
        }),
      );
    paid.push(await makeOrder(ctx.db, { userId: asha.id, restaurant: fresh, createdAt: yesterday }));
    await makeOrder(ctx.db, { userId: asha.id, restaurant: fresh, paid: false });
    await makeOrder(ctx.db, { userId: asha.id, restaurant: restB });
    // A paid order the customer then cancelled still shows; an unpaid cancelled one does not.
    const cancelled = await makeOrder(ctx.db, { userId: asha.id, restaurant: fresh });
    await ctx.db.query(
      `update orders set status = 'cancelled', cancelled_at = now(), payment_status = 'refunded' where id = $1`,
      [cancelled.id],
    );
    paid.push(cancelled);
    const unpaidCancelled = await makeOrder(ctx.db, { userId: asha.id, restaurant: fresh, paid: false });
    await ctx.db.query(`update orders set status = 'cancelled' where id = $1`, [unpaidCancelled.id]);
  });

  const list = (query: string, token = staff.token) =>
    c.get(`/api/v1/orders/restaurant/?${query}`, { token });

  it('shows only its own restaurant’s paid orders (plus paid-then-cancelled ones)', async () => {
    const res = await list('limit=10&offset=0&delivery_status=');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.results.every((o: { restaurant: { id: number } }) => o.restaurant.id === fresh.id)).toBe(
      true,
    );
    expect(body.results.map((o: { id: number }) => o.id).sort()).toEqual(paid.map((o) => o.id).sort());
  });

  it('filters by status and by IST dates, and paginates', async () => {
    const today = ymd(new Date());
    const tomorrow = ymd(new Date(Date.now() + 86_400_000));
    const todays = (
      await list(`limit=10&offset=0&delivery_status=&startDate=${today}&endDate=${tomorrow}`)
    ).json();
    expect(todays.count).toBe(4);
    const placed = (await list(`delivery_status=placed&startDate=${today}&endDate=${tomorrow}`)).json();
    expect(placed.count).toBe(3);
    expect(placed.results.every((o: { status: string }) => o.status === 'placed')).toBe(true);
    const cancelled = (await list('delivery_status=cancelled')).json();
    expect(cancelled.count).toBe(1);
    const page = (
      await list(`limit=2&offset=2&delivery_status=&startDate=${today}&endDate=${tomorrow}`)
    ).json();
    expect(page.results).toHaveLength(2);
    expect(page.previous).toContain('offset=0');
    expect(page.next).toBeNull();
    const yesterdayOnly = ymd(new Date(Date.now() - 36 * 3600_000));
    expect((await list(`startDate=${yesterdayOnly}&endDate=${yesterdayOnly}`)).json().count).toBe(1);
  });

  it('rejects bad filters with 400 and non-staff with 401/403', async () => {
    for (const q of [
      'delivery_status=eaten',
      'startDate=21-11-2026',
      'startDate=2026-13-45',
      'startDate=2026-11-22&endDate=2026-11-21',
      'limit=500',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBeTruthy();
    }
    expect((await list('', asha.token)).statusCode).toBe(403);
    expect((await list('', '')).statusCode).toBe(401);
  });

  it('staff of restaurant B cannot see or move restaurant A’s orders', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const bList = (await list('limit=50', staffB.token)).json();
    expect(bList.results.some((x: { id: number }) => x.id === o.id)).toBe(false);
    const res = await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted' },
      { token: staffB.token },
    );
    expect(res.statusCode).toBe(404);
    const unchanged = (await c.get(`/api/v1/orders/details/id/${o.id}/`, { token: asha.token })).json();
    expect(unchanged.order.status).toBe('placed');
    // A customer cannot move orders at all.
    expect(
      (
        await c.post(
          `/api/v1/orders/restaurant/${o.id}/status/`,
          { status: 'accepted' },
          { token: asha.token },
        )
      ).statusCode,
    ).toBe(403);
    // An unpaid order never reached the restaurant.
    const unpaid = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA, paid: false });
    expect(
      (
        await c.post(
          `/api/v1/orders/restaurant/${unpaid.id}/status/`,
          { status: 'accepted' },
          { token: staffA.token },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('enforces the status chain: every move not in the table answers 409 with a message', async () => {
    // Put one order in every status, then try every target from there.
    const reach: Record<OrderStatus, OrderStatus[]> = {
      placed: [],
      accepted: ['accepted'],
      preparing: ['accepted', 'preparing'],
      ready: ['accepted', 'preparing', 'ready'],
      picked_up: ['accepted', 'preparing', 'ready', 'picked_up'],
      delivered: ['accepted', 'preparing', 'ready', 'picked_up', 'delivered'],
      rejected: ['rejected'],
      cancelled: [],
    };
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
        for (const step of reach[from]) {
          const r = await c.post(
            `/api/v1/orders/restaurant/${o.id}/status/`,
            { status: step, reason: 'Kitchen closed' },
            { token: staffA.token },
          );
          expect(r.statusCode, `${step}`).toBe(200);
        }
        if (from === 'cancelled')
          await ctx.db.query(`update orders set status = 'cancelled', cancelled_at = now() where id = $1`, [
            o.id,
          ]);
        const res = await c.post(
          `/api/v1/orders/restaurant/${o.id}/status/`,
          { status: to, reason: 'Kitchen closed', prep_time_min: 20 },
          { token: staffA.token },
        );
        const allowed = canTransition(from, to, 'restaurant');
        expect(res.statusCode, `${from} -> ${to}`).toBe(allowed ? 200 : 409);
        if (allowed) {
          const order = res.json().order;
          expect(order.status).toBe(to);
          const field = `${to}_at`;
          expect(Date.parse(order[field]), field).toBeGreaterThan(0);
        } else {
          expect(res.json()).toMatchObject({ status: 409, code: 'invalid_transition' });
          expect(res.json().message).toContain(`cannot be marked ${to.replace('_', ' ')}`);
        }
        await ctx.db.query('delete from order_items where order_id = $1', [o.id]);
      }
    }
  }, 120_000);

  it('needs a reason to reject and a sane prep time to accept', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const noReason = await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'rejected' },
      { token: staffA.token },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    const badPrep = await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted', prep_time_min: 0 },
      { token: staffA.token },
    );
    expect(badPrep.statusCode).toBe(400);
    const garbage = await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'eaten' },
      { token: staffA.token },
    );
    expect(garbage.statusCode).toBe(400);
    const ok = await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted', prep_time_min: 30 },
      { token: staffA.token },
    );
    expect(ok.json().order).toMatchObject({ status: 'accepted', prep_time_min: 30 });
    expect(ok.json().order.eta).not.toBeNull();
  });
});

describe('demo courier', () => {
  it('moves a courier from the restaurant towards the door of picked-up orders, never over a real position', async () => {
    const { driveDemoCouriers } = await import('../../src/server/modules/orders/courier-demo.ts');
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    for (const status of ['accepted', 'preparing', 'ready', 'picked_up']) {
      await c.post(`/api/v1/orders/restaurant/${o.id}/status/`, { status }, { token: staffA.token });
    }
    const [row] = await ctx.db.query<{ picked_up_at: Date; eta: Date }>(
      'select picked_up_at, eta from orders where id = $1',
      [o.id],
    );
    const start = row!.picked_up_at.getTime();
    const mid = start + (row!.eta.getTime() - start) / 2;
    await driveDemoCouriers(ctx.db, mid);
    const loc = (await c.get(`/api/v1/orders/get-order-location/${o.id}/`, { token: asha.token })).json();
    // Halfway between the restaurant (12.9352, 77.6245) and the door (12.9279, 77.6271).
    expect(loc.courier.lat).toBeCloseTo((12.9352 + 12.9279) / 2, 3);
    expect(loc.courier.lng).toBeCloseTo((77.6245 + 77.6271) / 2, 3);

    await c.post(
      `/api/v1/orders/${o.id}/courier-location/`,
      { lat: 12.95, lng: 77.6 },
      { token: staffA.token },
    );
    await driveDemoCouriers(ctx.db, mid + 60_000);
    const real = (await c.get(`/api/v1/orders/get-order-location/${o.id}/`, { token: asha.token })).json();
    expect(real.courier).toMatchObject({ lat: 12.95, lng: 77.6 });
  });
});

describe('signed status links (/m/{id}?t=...)', () => {
  const secret = () => ctx.app.tokens.secret('order-status-link');
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('t')!;
  const status = (id: number, t: string) =>
    c.get(`/api/v1/orders/status/${id}/?t=${encodeURIComponent(t)}`, { token: null });

  it('hands the customer a link in details and tracking that shows only the public status, signed out', async () => {
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const details = (await c.get(`/api/v1/orders/details/id/${o.id}/`, { token: asha.token })).json();
    const track = (await c.get(`/api/v1/orders/tracking/${o.id}/`, { token: asha.token })).json();
    const byNumber = (await c.get(`/api/v1/orders/details/${o.orderNumber}/`, { token: asha.token })).json();
    for (const link of [details.status_link, track.status_link, byNumber.status_link]) {
      expect(link.path).toMatch(new RegExp(`^/m/${o.id}\\?t=${o.id}\\.\\d+\\.[A-Za-z0-9_-]{22}$`));
      const hours = (Date.parse(link.expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(47.9);
      expect(hours).toBeLessThanOrEqual(49);
    }

    const res = await status(o.id, tokenOf(details.status_link.path));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['eta', 'expires_at', 'order', 'timeline']);
    expect(body.order).toEqual({
      id: o.id,
      order_number: o.orderNumber,
      status: 'placed',
      restaurant_name: 'Restaurant A',
      updated_at: expect.any(String),
    });
    expect(body.timeline[0]).toMatchObject({ status: 'placed', done: true, current: true });
    expect(body.expires_at).toBe(details.status_link.expires_at);
    // Nothing personal travels with a forwarded link. (The order number is random letters and digits:
    // it may spell "4B", the flat, so it is left out of the search.)
    expect(res.body.replaceAll(o.orderNumber, '')).not.toMatch(
      /5th Cross|Near the park|Asha|Paneer|89000|4B/,
    );

    // It follows the order.
    await c.post(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted', prep_time_min: 15 },
      { token: staffA.token },
    );
    const later = (await status(o.id, tokenOf(details.status_link.path))).json();
    expect(later.order.status).toBe('accepted');
    expect(Date.parse(later.eta)).toBeGreaterThan(Date.now());
  });

  it('answers 404 for an expired, tampered, foreign or missing token, and for an order that does not exist', async () => {
    const { statusLink, statusToken } = await import('../../src/server/modules/orders/service.ts');
    const o = await makeOrder(ctx.db, { userId: asha.id, restaurant: restA });
    const other = await makeOrder(ctx.db, { userId: mallory.id, restaurant: restA });
    const good = tokenOf(statusLink(secret(), o.id).path);
    expect((await status(o.id, good)).statusCode).toBe(200);

    // Expired: minted 49 hours ago, or an expiry one second in the past with a correct signature.
    const old = tokenOf(statusLink(secret(), o.id, Date.now() - 49 * 3_600_000).path);
    const justExpired = statusToken(secret(), o.id, Math.floor(Date.now() / 1000) - 1);
    // Tampered: one signature character changed; the expiry pushed out under the old signature;
    // signed with another server secret.
    const [id, exp, mac] = good.split('.') as [string, string, string];
    const flipped = `${id}.${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const extended = `${id}.${Number(exp) + 86_400}.${mac}`;
    const foreignKey = statusToken(ctx.app.tokens.secret('refresh-rotation'), o.id, Number(exp));
    // Another order's token, on this order's path and relabelled with this order's id.
    const theirs = tokenOf(statusLink(secret(), other.id).path);
    const relabelled = theirs.replace(/^\d+\./, `${o.id}.`);

    for (const t of [
      old,
      justExpired,
      flipped,
      extended,
      foreignKey,
      theirs,
      relabelled,
      '',
      'x',
      `${good}.`,
    ]) {
      const res = await status(o.id, t);
      expect(res.statusCode, t).toBe(404);
      expect(res.json()).toMatchObject({
        status: 404,
        message: 'This order status link is not valid or has expired.',
      });
    }
    // Without any ?t= at all.
    expect((await c.get(`/api/v1/orders/status/${o.id}/`, { token: null })).statusCode).toBe(404);
    // Another order's valid token still opens only that order.
    expect((await status(other.id, theirs)).json().order.id).toBe(other.id);
    // A correctly signed token for an order id that does not exist.
    expect((await status(2_000_000_000, statusToken(secret(), 2_000_000_000, Number(exp)))).statusCode).toBe(
      404,
    );
    // The id is checked like every order id.
    expect((await status(0, good)).statusCode).toBe(400);
  });
});
