// Web Push end to end against a local push service (tests/e2e/push-service.ts): the app saves
// browsers' subscriptions, and order events reach them as real Web Push requests (aes128gcm payloads
// that the test decrypts with the browser's private key, VAPID JWTs whose ES256 signature it verifies).
// Staff devices hear about new and cancelled orders of their restaurant with the exact texts of
// docs/product.md#notification-texts; customers hear about their own orders' status changes; gone
// subscriptions are deleted; failed sends are retried with growing delays, then given up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPaths } from '../../src/shared/api/paths.ts';
import { ORDER_NOTIFICATION } from '../../src/shared/constants.ts';
import {
  PUSH_MAX_ATTEMPTS,
  PUSH_RETRY_BASE_MS,
  PUSH_TTL_S,
  endpointPolicyProblem,
  retryDelayMs,
} from '../../src/server/modules/push/service.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { setupApp } from './helper.ts';
import { makeVapidEnv, settle } from './push-helpers.ts';
import { startPushService, type BrowserSubscription, type LocalPushService } from '../e2e/push-service.ts';

const vapid = makeVapidEnv();
const ctx = await setupApp({ env: { ...vapid } });
const c = ctx.client;
let pushService: LocalPushService;

let rest: RestaurantFixture;
let other: RestaurantFixture;
let staff: UserFixture;
let otherStaff: UserFixture;
let asha: UserFixture;
let ravi: UserFixture;

beforeAll(async () => {
  pushService = await startPushService();
  rest = await makeRestaurant(ctx.db, { name: 'Meghana Test House' });
  other = await makeRestaurant(ctx.db, { name: 'Other Kitchen' });
  staff = await makeUser(ctx.app, { role: 'staff', restaurantId: rest.id });
  otherStaff = await makeUser(ctx.app, { role: 'staff', restaurantId: other.id });
  asha = await makeUser(ctx.app, { name: 'Asha' });
  ravi = await makeUser(ctx.app, { name: 'Ravi' });
});
afterAll(() => pushService.close());

async function subscribe(user: UserFixture, sub = pushService.subscribe()): Promise<BrowserSubscription> {
  const res = await c.post(pushPaths.subscriptions, sub.json, { token: user.token });
  expect(res.statusCode, res.body).toBe(201);
  return sub;
}

const move = async (orderId: number, status: string, extra: object = {}) => {
  const res = await c.post(
    `/api/v1/orders/restaurant/${orderId}/status/`,
    { status, ...extra },
    { token: staff.token },
  );
  expect(res.statusCode, res.body).toBe(200);
};

const pushesTo = (sub: BrowserSubscription) => pushService.received.filter((p) => p.id === sub.id);

/** Waits for `n` more pushes than `before` in total, then for everything else to settle. */
async function expectPushes(before: number, n: number): Promise<void> {
  await pushService.waitFor(before + n);
  await settle(ctx.app);
  expect(pushService.received.length).toBe(before + n);
}

async function deliveries(subId: string) {
  return ctx.db.query<{
    state: string;
    attempts: number;
    kind: string;
    due_in_s: number;
    last_status: number | null;
  }>(
    `select d.state, d.attempts, d.kind, extract(epoch from d.next_at - now())::float8 as due_in_s, d.last_status
       from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
      where s.endpoint like '%' || $1 order by d.id`,
    [subId],
  );
}

describe('the public key and the subscription calls', () => {
  it('GET public-key answers the configured VAPID public key, never cached', async () => {
    const res = await c.get(pushPaths.publicKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: vapid.VAPID_PUBLIC_KEY });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('saving a subscription needs a signed-in user and the CSRF header', async () => {
    const sub = pushService.subscribe();
    expect((await c.post(pushPaths.subscriptions, sub.json, { token: null })).statusCode).toBe(401);
    const noCsrf = await c.post(pushPaths.subscriptions, sub.json, { token: asha.token, noCsrf: true });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('csrf_failed');
  });

  it('refuses malformed subscriptions with field errors', async () => {
    const good = pushService.subscribe().json;
    const cases: Array<[object, string]> = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://user:pw@push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example/${'x'.repeat(2100)}` }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(2) } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}\u0000` } }, 'keys.auth'],
      // 65 bytes starting with 4, but not a point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }, 'keys.p256dh'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const res = await c.post(pushPaths.subscriptions, body, { token: asha.token });
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
  });

  it('answers which audience the subscription serves: staff for staff, customer for customers', async () => {
    const s = pushService.subscribe();
    const res = await c.post(pushPaths.subscriptions, s.json, { token: otherStaff.token });
    expect(res.json()).toEqual({ subscribed: true, audience: 'staff' });
    const r = pushService.subscribe();
    const res2 = await c.post(pushPaths.subscriptions, r.json, { token: ravi.token });
    expect(res2.json()).toEqual({ subscribed: true, audience: 'customer' });
    await c.delete(pushPaths.subscriptions, { body: { endpoint: r.json.endpoint }, token: ravi.token });
    // Saving the same subscription again keeps one row per endpoint.
    await c.post(pushPaths.subscriptions, s.json, { token: otherStaff.token });
    const rows = await ctx.db.query('select 1 from push_subscriptions where endpoint = $1', [
      s.json.endpoint,
    ]);
    expect(rows).toHaveLength(1);
    await c.delete(pushPaths.subscriptions, {
      body: { endpoint: s.json.endpoint },
      token: otherStaff.token,
    });
  });

  it('in production accepts only public https push services (the server POSTs to the endpoint)', () => {
    expect(endpointPolicyProblem('https://fcm.googleapis.com/fcm/send/abc', true)).toBeUndefined();
    expect(
      endpointPolicyProblem('https://updates.push.services.mozilla.com/wpush/v2/x', true),
    ).toBeUndefined();
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.0.0.8/x',
      'https://localhost/x',
      'https://metadata/x',
      'https://push.example:8443/x',
      'https://printer.local/x',
    ])
      expect(endpointPolicyProblem(bad, true), bad).toBeDefined();
    expect(endpointPolicyProblem('http://127.0.0.1:9/push/x', false)).toBeUndefined();
  });
});

describe('staff devices', () => {
  it('get exactly one push per new order, with the exact texts, opening /partner/orders', async () => {
    const device = await subscribe(staff);
    const elsewhere = await subscribe(otherStaff);
    const customerDevice = await subscribe(asha);
    const before = pushService.received.length;
    const order = await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true });
    await expectPushes(before, 1);
    const [push] = pushesTo(device);
    expect(push).toBeDefined();
    expect(pushesTo(elsewhere)).toHaveLength(0);
    expect(pushesTo(customerDevice)).toHaveLength(0);
    expect(push!.json).toEqual({
      title: ORDER_NOTIFICATION.title,
      body: ORDER_NOTIFICATION.body,
      url: '/partner/orders',
      tag: `order-${order.id}-placed`,
    });
    expect(ORDER_NOTIFICATION).toEqual({
      title: '!! Order Update Received',
      body: 'You have a new Order Update',
    });
    // The request as a push service sees it (RFC 8030/8291/8292).
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.ttl).toBe(PUSH_TTL_S);
    expect(push!.urgency).toBe('high');
    expect(push!.vapid.k).toBe(vapid.VAPID_PUBLIC_KEY);
    expect(push!.vapid.aud).toBe(pushService.url);
    expect(push!.vapid.sub).toBe(vapid.VAPID_SUBJECT);
    const now = Date.now() / 1000;
    expect(push!.vapid.exp).toBeGreaterThan(now);
    expect(push!.vapid.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(pushService.rejected).toEqual([]);

    // Status changes the staff make themselves do not push to staff devices.
    const n = pushesTo(device).length;
    await move(order.id, 'accepted', { prep_time_min: 20 });
    await move(order.id, 'preparing');
    await settle(ctx.app);
    expect(pushesTo(device)).toHaveLength(n);
    for (const s of [elsewhere, customerDevice])
      await c.delete(pushPaths.subscriptions, {
        body: { endpoint: s.json.endpoint },
        token: s === elsewhere ? otherStaff.token : asha.token,
      });
    await c.delete(pushPaths.subscriptions, {
      body: { endpoint: device.json.endpoint },
      token: staff.token,
    });
  });

  it('hear about an order the customer cancelled', async () => {
    const device = await subscribe(staff);
    const before = pushService.received.length;
    const order = await makeOrder(ctx.db, { userId: ravi.id, restaurant: rest, publish: true });
    await expectPushes(before, 1);
    const res = await c.post(`/api/v1/orders/cancel-order/${order.id}`, {}, { token: ravi.token });
    expect(res.statusCode, res.body).toBe(200);
    await expectPushes(before, 2);
    expect(pushesTo(device).map((p) => (p.json as { tag: string }).tag)).toEqual([
      `order-${order.id}-placed`,
      `order-${order.id}-cancelled`,
    ]);
    expect(pushesTo(device)[1]!.json).toMatchObject({
      title: ORDER_NOTIFICATION.title,
      body: ORDER_NOTIFICATION.body,
    });
    await c.delete(pushPaths.subscriptions, {
      body: { endpoint: device.json.endpoint },
      token: staff.token,
    });
  });

  it('stop getting pushes once they sign out, or once they unsubscribe', async () => {
    const signedOut = await makeUser(ctx.app, { role: 'staff', restaurantId: rest.id });
    const gone = await subscribe(signedOut);
    const unsubscribed = await subscribe(staff);
    const stays = await subscribe(staff);
    await ctx.db.query(`update auth_sessions set revoked_at = now() where user_id = $1`, [signedOut.id]);
    const del = await c.delete(pushPaths.subscriptions, {
      body: { endpoint: unsubscribed.json.endpoint },
      token: staff.token,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ subscribed: false });
    // Someone else's endpoint cannot be removed by another account.
    await c.delete(pushPaths.subscriptions, { body: { endpoint: stays.json.endpoint }, token: asha.token });
    const before = pushService.received.length;
    await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true });
    await expectPushes(before, 1);
    expect(pushesTo(stays)).toHaveLength(1);
    expect(pushesTo(gone)).toHaveLength(0);
    expect(pushesTo(unsubscribed)).toHaveLength(0);
    await c.delete(pushPaths.subscriptions, { body: { endpoint: stays.json.endpoint }, token: staff.token });
  });
});

describe('customers', () => {
  it('get their own order’s status changes (accepted, out for delivery, delivered) opening its tracking page', async () => {
    const mine = await subscribe(asha);
    const theirs = await subscribe(ravi);
    const order = await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true });
    const ravisOrder = await makeOrder(ctx.db, { userId: ravi.id, restaurant: other, publish: true });
    const before = pushService.received.length;
    await move(order.id, 'accepted', { prep_time_min: 15 });
    await pushService.waitFor(before + 1);
    for (const s of ['preparing', 'ready', 'picked_up', 'delivered']) await move(order.id, s);
    await expectPushes(before, 3);
    const got = pushesTo(mine).map(
      (p) => p.json as { title: string; body: string; url: string; tag: string },
    );
    expect(got.map((m) => m.title)).toEqual(['Order accepted', 'Out for delivery', 'Delivered']);
    for (const m of got) {
      expect(m.url).toBe(`/tracking/${order.id}`);
      expect(m.tag).toBe(`order-${order.id}`);
      expect(m.body).toContain(order.orderNumber);
      expect(m.body).toContain('Meghana Test House');
    }
    // A newer status of one order replaces an undelivered older one at the push service.
    expect(pushesTo(mine).every((p) => p.topic === `order-${order.id}` && p.urgency === 'normal')).toBe(true);
    expect(pushesTo(theirs)).toHaveLength(0);
    expect(ravisOrder.id).toBeGreaterThan(0);
  });

  it('hear "rejected" when the restaurant rejects, and nothing about news older than the subscription', async () => {
    const late = await makeUser(ctx.app, { name: 'Late Subscriber' });
    const order = await makeOrder(ctx.db, { userId: late.id, restaurant: rest, publish: true });
    await move(order.id, 'accepted', { prep_time_min: 15 });
    await settle(ctx.app);
    const device = await subscribe(late);
    // Another event of the same order (the payment's, say) must not announce the older acceptance.
    await ctx.db.transaction(async (tx) => {
      const { publishOrderEvent } = await import('../../src/server/realtime/order-events.ts');
      await publishOrderEvent(tx, {
        type: 'order.updated',
        orderId: order.id,
        restaurantId: rest.id,
        userId: late.id,
      });
    });
    await settle(ctx.app);
    expect(pushesTo(device)).toHaveLength(0);
    const before = pushService.received.length;
    await move(order.id, 'rejected', { reason: 'Out of biryani rice' });
    await expectPushes(before, 1);
    expect(pushesTo(device)[0]!.json).toMatchObject({
      title: 'Order rejected',
      url: `/tracking/${order.id}`,
    });
  });

  it('a device handed to another account hears only that account’s orders', async () => {
    const device = await subscribe(asha);
    await subscribe(ravi, device); // Ravi signs in on Asha's phone and allows notifications
    const ashaOrder = await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true });
    const raviOrder = await makeOrder(ctx.db, { userId: ravi.id, restaurant: rest, publish: true });
    await move(ashaOrder.id, 'accepted', { prep_time_min: 15 });
    const before = pushService.received.length;
    await move(raviOrder.id, 'accepted', { prep_time_min: 15 });
    await pushService.waitFor(before + 1);
    await settle(ctx.app);
    expect(pushesTo(device).map((p) => (p.json as { url: string }).url)).toEqual([
      `/tracking/${raviOrder.id}`,
    ]);
  });
});

describe('push service failures', () => {
  it('a 410 (or 404) from the push service deletes the subscription; nothing is retried', async () => {
    const user = await makeUser(ctx.app);
    const gone = await subscribe(user);
    const alsoGone = await subscribe(user);
    pushService.answer(gone, 410);
    pushService.answer(alsoGone, 404);
    const order = await makeOrder(ctx.db, { userId: user.id, restaurant: rest, publish: true });
    await move(order.id, 'accepted', { prep_time_min: 15 });
    await settle(ctx.app);
    const rows = await ctx.db.query('select endpoint from push_subscriptions where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
    await ctx.app.push.sweep();
    await settle(ctx.app);
    expect(pushesTo(gone)).toHaveLength(0);
    expect(pushesTo(alsoGone)).toHaveLength(0);
  });

  it('a failed send is retried with growing delays, once at a time, until it goes through', async () => {
    const user = await makeUser(ctx.app);
    const device = await subscribe(user);
    pushService.answer(device, 500, 429);
    const order = await makeOrder(ctx.db, { userId: user.id, restaurant: rest, publish: true });
    await move(order.id, 'accepted', { prep_time_min: 15 });
    await settle(ctx.app);
    let [row] = await deliveries(device.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
    expect(row!.due_in_s).toBeGreaterThan(PUSH_RETRY_BASE_MS / 1000 - 2);
    expect(row!.due_in_s).toBeLessThanOrEqual(PUSH_RETRY_BASE_MS / 1000);
    // Not due yet: the sweep leaves it alone.
    await ctx.app.push.sweep();
    await settle(ctx.app);
    expect((await deliveries(device.id))[0]!.attempts).toBe(1);

    await ctx.db.query(`update push_deliveries set next_at = now() where state = 'pending'`);
    await ctx.app.push.sweep();
    await settle(ctx.app);
    [row] = await deliveries(device.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2, last_status: 429 });
    expect(row!.due_in_s).toBeGreaterThan((3 * PUSH_RETRY_BASE_MS) / 1000 - 2);

    const before = pushService.received.length;
    await ctx.db.query(`update push_deliveries set next_at = now() where state = 'pending'`);
    await ctx.app.push.sweep();
    await expectPushes(before, 1);
    [row] = await deliveries(device.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 3, last_status: 201 });
    expect(pushesTo(device)).toHaveLength(1);
    expect(pushesTo(device)[0]!.json).toMatchObject({ title: 'Order accepted' });
  });

  it(`gives up after ${PUSH_MAX_ATTEMPTS} failed sends, and a 4xx other than 404/410/429 is not retried`, async () => {
    const user = await makeUser(ctx.app);
    const flaky = await subscribe(user);
    const refused = await subscribe(user);
    pushService.answer(flaky, ...Array<number>(PUSH_MAX_ATTEMPTS).fill(503));
    pushService.answer(refused, 400);
    const order = await makeOrder(ctx.db, { userId: user.id, restaurant: rest, publish: true });
    await move(order.id, 'accepted', { prep_time_min: 15 });
    await settle(ctx.app);
    expect((await deliveries(refused.id))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_status: 400,
    });
    for (let i = 1; i < PUSH_MAX_ATTEMPTS + 2; i += 1) {
      await ctx.db.query(`update push_deliveries set next_at = now() where state = 'pending'`);
      await ctx.app.push.sweep();
      await settle(ctx.app);
    }
    expect((await deliveries(flaky.id))[0]).toMatchObject({
      state: 'failed',
      attempts: PUSH_MAX_ATTEMPTS,
      last_status: 503,
    });
    expect(pushesTo(flaky)).toHaveLength(0);
    // Both subscriptions stay: the push service did not say they are gone.
    expect(await ctx.db.query('select 1 from push_subscriptions where user_id = $1', [user.id])).toHaveLength(
      2,
    );
  });

  it('the delays grow threefold from 10 s, at most 15 minutes, longer when the service asks (Retry-After)', () => {
    expect([1, 2, 3, 4, 5, 9].map((a) => retryDelayMs(a))).toEqual([
      10_000, 30_000, 90_000, 270_000, 810_000, 900_000,
    ]);
    expect(retryDelayMs(1, 120)).toBe(120_000);
  });
});
