// Staff order alerts (issue 14) on a listening server: the list of orders that should still ring, and
// the acknowledgement that silences one on every staff screen of the restaurant (through the server,
// as an order.acknowledged event in the restaurant's sequence), never reaching the customer's socket,
// replayed to a screen that was offline, refused with a clear 4xx for anyone else.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Acknowledged, type RingingList } from '../../src/shared/api/order-alerts.ts';
import { orderAlertsPaths } from '../../src/shared/api/paths.ts';
import { ordersPaths } from '../../src/shared/api/paths.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { openSocket, startLiveServer } from './orders-socket-helper.ts';

const srv = await startLiveServer();

let rest: RestaurantFixture;
let other: RestaurantFixture;
let customer: UserFixture;
let staff: UserFixture;
let colleague: UserFixture;
let otherStaff: UserFixture;

beforeAll(async () => {
  rest = await makeRestaurant(srv.db, { name: 'Alert Test House' });
  other = await makeRestaurant(srv.db, { name: 'Elsewhere' });
  customer = await makeUser(srv.app);
  staff = await makeUser(srv.app, { role: 'staff', restaurantId: rest.id });
  colleague = await makeUser(srv.app, { role: 'staff', restaurantId: rest.id, name: 'Meena' });
  otherStaff = await makeUser(srv.app, { role: 'staff', restaurantId: other.id });
});

let csrf: string | undefined;
async function call(method: 'GET' | 'POST', path: string, token?: string, withCsrf = true, body?: unknown) {
  if (!csrf) {
    const res = await fetch(`${srv.base}/healthz`);
    csrf = /csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  }
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (method === 'POST' && withCsrf)
    Object.assign(headers, { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf });
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${srv.base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const ringing = async (token = staff.token) => {
  const res = await call('GET', orderAlertsPaths.ringing, token);
  expect(res.status).toBe(200);
  return res.body as unknown as RingingList;
};
const ack = (id: number, token = staff.token) => call('POST', orderAlertsPaths.acknowledge(id), token);
const orderOf = (m: Record<string, unknown>) => (m['order'] as { id: number } | undefined)?.id;

describe('the orders that should ring', () => {
  it('are the paid, placed, unacknowledged orders of the last hours, oldest first', async () => {
    const first = await makeOrder(srv.db, { userId: customer.id, restaurant: rest });
    const second = await makeOrder(srv.db, { userId: customer.id, restaurant: rest });
    const unpaid = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, paid: false });
    const accepted = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, status: 'accepted' });
    const lapsed = await makeOrder(srv.db, {
      userId: customer.id,
      restaurant: rest,
      createdAt: new Date(Date.now() - 13 * 3600_000),
    });
    const elsewhere = await makeOrder(srv.db, { userId: customer.id, restaurant: other });

    const list = await ringing();
    const ids = list.results.map((r) => r.id);
    expect(ids).toEqual([first.id, second.id]);
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({ id: first.id, order_number: first.orderNumber });
    expect(Date.parse(list.results[0]!.placed_at)).not.toBeNaN();
    for (const never of [unpaid, accepted, lapsed, elsewhere]) expect(ids).not.toContain(never.id);
    expect((await ringing(otherStaff.token)).results.map((r) => r.id)).toEqual([elsewhere.id]);

    // Acknowledged or accepted: no longer ringing.
    expect((await ack(first.id)).status).toBe(200);
    const moved = await call('POST', ordersPaths.restaurantStatus(second.id), staff.token, true, {
      status: 'accepted',
    });
    expect(moved.status).toBe(200);
    expect((await ringing()).results).toEqual([]);
  });

  it('are for staff only: 401 signed out, 403 for a customer', async () => {
    expect((await call('GET', orderAlertsPaths.ringing)).status).toBe(401);
    const asCustomer = await call('GET', orderAlertsPaths.ringing, customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body['message']).toBe('This page is for restaurant staff only.');
  });
});

describe('acknowledging an order', () => {
  it('silences it on every staff screen of the restaurant, once, and never tells the customer', async () => {
    const order = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const screen1 = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const screen2 = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: colleague.token });
    const elsewhere = openSocket(srv.port, `/ws/orders/${other.id}/`, { token: otherStaff.token });
    const tracker = openSocket(srv.port, `/ws/track/${order.id}/`, { token: customer.token });
    for (const s of [screen1, screen2, elsewhere, tracker]) await s.ping();

    const res = await ack(order.id, colleague.token);
    expect(res.status).toBe(200);
    const body = res.body as unknown as Acknowledged;
    expect(body).toMatchObject({ order_id: order.id, order_number: order.orderNumber, changed: true });
    expect(Date.parse(body.acknowledged_at!)).not.toBeNaN();

    const seen = await Promise.all(
      [screen1, screen2].map((s) => s.next((m) => m['type'] === 'order.acknowledged')),
    );
    for (const m of seen) {
      expect(orderOf(m)).toBe(order.id);
      expect(typeof m['seq']).toBe('number');
    }
    expect(seen[0]!['seq']).toBe(seen[1]!['seq']);
    const [row] = await srv.db.query<{ acknowledged_by: number }>(
      'select acknowledged_by from orders where id = $1',
      [order.id],
    );
    expect(row!.acknowledged_by).toBe(colleague.id);

    // A second press (another screen, at the same moment) changes nothing and sends nothing.
    const again = await ack(order.id, staff.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      order_id: order.id,
      changed: false,
      acknowledged_at: body.acknowledged_at,
    });
    for (const s of [screen1, screen2, elsewhere, tracker]) await s.ping();
    expect(screen1.messages.filter((m) => (m as { type: string }).type === 'order.acknowledged')).toEqual([]);
    expect(elsewhere.messages).toEqual([]);
    expect(tracker.messages.filter((m) => (m as { type: string }).type !== 'order.created')).toEqual([]);
    for (const s of [screen1, screen2, elsewhere, tracker]) s.ws.close();
  });

  it('of an accepted order answers 200 without an event (accepting already silenced it)', async () => {
    const order = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, status: 'accepted' });
    const res = await ack(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ order_id: order.id, changed: false, acknowledged_at: null });
    const events = await srv.db.query('select 1 from order_events where order_id = $1', [order.id]);
    expect(events).toEqual([]);
  });

  it('reaches a screen that was offline when it happened, in sequence', async () => {
    const sock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    await sock.ping();
    const order = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const created = await sock.next((m) => orderOf(m) === order.id);
    sock.ws.close();
    await sock.closed;
    expect((await ack(order.id, colleague.token)).status).toBe(200);
    const back = openSocket(srv.port, `/ws/orders/${rest.id}/?after=${created['seq'] as number}`, {
      token: staff.token,
    });
    const replayed = await back.next((m) => m['type'] === 'order.acknowledged');
    expect(orderOf(replayed)).toBe(order.id);
    expect(replayed['seq']).toBe((created['seq'] as number) + 1);
    back.ws.close();
  });

  it('refuses with a clear 4xx: foreign or unpaid order 404, customer 403, signed out 401, bad id 400, no CSRF 403', async () => {
    const foreign = await makeOrder(srv.db, { userId: customer.id, restaurant: other });
    const unpaid = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, paid: false });
    for (const id of [foreign.id, unpaid.id, 2_000_000_000]) {
      const res = await ack(id);
      expect(res.status).toBe(404);
      expect(res.body['message']).toBe('Order not found.');
    }
    const mine = await makeOrder(srv.db, { userId: customer.id, restaurant: rest });
    expect((await ack(mine.id, customer.token)).status).toBe(403);
    expect((await ack(mine.id, '')).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const res = await call('POST', `/api/v1/orders/restaurant/${bad}/ack/`, staff.token);
      expect(res.status).toBe(400);
      expect(typeof res.body['message']).toBe('string');
    }
    const noCsrf = await call('POST', orderAlertsPaths.acknowledge(mine.id), staff.token, false);
    expect(noCsrf.status).toBe(403);
    // None of these silenced it.
    expect((await ringing()).results.map((r) => r.id)).toContain(mine.id);
  });
});
