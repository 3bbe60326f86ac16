// Order websockets on a listening server: upgrades need the auth cookie and an Origin of the same
// scheme, host and port, staff get only their restaurant's orders, customers only their own order,
// garbage frames change nothing, and a status change reaches both the staff socket and the tracking
// socket.
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { originAllowed } from '../../src/server/modules/orders/sockets.ts';
import { publishOrderEvent } from '../../src/server/realtime/order-events.ts';
import { WS_CLOSE } from '../../src/shared/api/orders.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { openSocket, startLiveServer } from './orders-socket-helper.ts';

const srv = await startLiveServer();

let restA: RestaurantFixture;
let restB: RestaurantFixture;
let asha: UserFixture;
let mallory: UserFixture;
let staffA: UserFixture;
let staffB: UserFixture;

beforeAll(async () => {
  restA = await makeRestaurant(srv.db, { name: 'Restaurant A' });
  restB = await makeRestaurant(srv.db, { name: 'Restaurant B' });
  asha = await makeUser(srv.app);
  mallory = await makeUser(srv.app);
  staffA = await makeUser(srv.app, { role: 'staff', restaurantId: restA.id });
  staffB = await makeUser(srv.app, { role: 'staff', restaurantId: restB.id });
});

async function csrfPost(path: string, body: unknown, token: string) {
  const res = await fetch(`${srv.base}/healthz`);
  const csrf = /csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  return fetch(`${srv.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
}

describe('socket authorisation', () => {
  it('refuses an upgrade without the auth cookie (4401)', async () => {
    const s = openSocket(srv.port, `/ws/orders/${restA.id}/`);
    expect(await s.closed).toBe(WS_CLOSE.unauthenticated);
  });

  it('refuses a forged or expired token (4401)', async () => {
    const s = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: `${staffA.token}x` });
    expect(await s.closed).toBe(WS_CLOSE.unauthenticated);
    const expired = await srv.app.tokens.sign(
      { userId: staffA.id, role: 'staff', restaurantId: restA.id },
      -10,
    );
    expect(await openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: expired }).closed).toBe(
      WS_CLOSE.unauthenticated,
    );
  });

  it('refuses a foreign or missing Origin with HTTP 403 before upgrading', async () => {
    const evil = openSocket(srv.port, `/ws/orders/${restA.id}/`, {
      token: staffA.token,
      origin: 'https://evil.example',
    });
    expect(await evil.closed).toBe(-403);
    expect(await evil.opened).toBe(false);
    const none = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staffA.token, origin: null });
    expect(await none.closed).toBe(-403);
  });

  it('compares the Origin by scheme, host and port: only the same origin upgrades', async () => {
    const path = `/ws/orders/${restA.id}/`;
    const refused = [
      `https://127.0.0.1:${srv.port}`, // another scheme
      `http://127.0.0.1:${srv.port + 1}`, // another port
      'http://127.0.0.1', // the default port is another port too
      `http://127.0.0.1.evil.example:${srv.port}`, // look-alike hosts
      `http://127.0.0.10:${srv.port}`,
      `http://localhost:${srv.port}`,
      `http://evil.example@127.0.0.1:${srv.port}`, // not an origin at all
      'null',
    ];
    for (const origin of refused) {
      const s = openSocket(srv.port, path, { token: staffA.token, origin });
      expect(await s.closed, origin).toBe(-403);
    }
    const same = openSocket(srv.port, path, { token: staffA.token, origin: `http://127.0.0.1:${srv.port}` });
    expect(await same.opened).toBe(true);
    same.ws.close();
  });

  it('takes the scheme and host from trusted proxy headers or PUBLIC_ORIGIN, default ports normalised', () => {
    const req = (origin: string, protocol: string, host: string) =>
      ({ headers: { origin, host }, protocol, host }) as unknown as FastifyRequest;
    // Behind a TLS-terminating proxy: req.protocol/host already honour X-Forwarded-* when trusted.
    expect(originAllowed(req('https://shop.example', 'https', 'shop.example'), undefined)).toBe(true);
    expect(originAllowed(req('https://shop.example:443', 'https', 'shop.example'), undefined)).toBe(true);
    expect(originAllowed(req('https://shop.example', 'https', 'shop.example:443'), undefined)).toBe(true);
    expect(originAllowed(req('http://shop.example', 'https', 'shop.example'), undefined)).toBe(false);
    expect(originAllowed(req('https://shop.example', 'http', 'shop.example'), undefined)).toBe(false);
    expect(originAllowed(req('https://shop.example:8443', 'https', 'shop.example'), undefined)).toBe(false);
    expect(originAllowed(req('https://shop.example.evil', 'https', 'shop.example'), undefined)).toBe(false);
    expect(originAllowed(req('https://shop.example', 'https', 'shop.example/x@evil'), undefined)).toBe(false);
    // PUBLIC_ORIGIN: the public address, whatever Host the internal hop sends.
    const pub = 'https://shop.example';
    expect(originAllowed(req('https://shop.example', 'http', 'api:3000'), pub)).toBe(true);
    expect(originAllowed(req('http://shop.example', 'http', 'api:3000'), pub)).toBe(false);
    expect(originAllowed(req('https://shop.example:444', 'http', 'api:3000'), pub)).toBe(false);
  });

  it('never lets staff of B listen to restaurant A, nor a customer to any restaurant (4403)', async () => {
    expect(await openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staffB.token }).closed).toBe(
      WS_CLOSE.forbidden,
    );
    expect(await openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: asha.token }).closed).toBe(
      WS_CLOSE.forbidden,
    );
    expect(await openSocket(srv.port, `/ws/orders/abc/`, { token: staffA.token }).closed).toBe(
      WS_CLOSE.forbidden,
    );
  });

  it('lets a customer follow only their own order (4404 otherwise)', async () => {
    const o = await makeOrder(srv.db, { userId: mallory.id, restaurant: restA });
    expect(await openSocket(srv.port, `/ws/track/${o.id}/`, { token: asha.token }).closed).toBe(
      WS_CLOSE.notFound,
    );
    expect(await openSocket(srv.port, `/ws/track/999999/`, { token: asha.token }).closed).toBe(
      WS_CLOSE.notFound,
    );
    expect(await openSocket(srv.port, `/ws/track/${o.id}/`).closed).toBe(WS_CLOSE.unauthenticated);
    const own = openSocket(srv.port, `/ws/track/${o.id}/`, { token: mallory.token });
    await own.ping();
    own.ws.close();
  });
});

describe('socket traffic', () => {
  it('ignores garbage text frames, answers pings, and closes on binary frames (1003) without harm', async () => {
    const s = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staffA.token });
    await s.opened;
    for (const junk of [
      '',
      'hello',
      '{',
      '{"type":"order.updated","order":{"id":1}}',
      '[1,2,3]',
      'null',
      'x'.repeat(10_000),
    ]) {
      s.ws.send(junk);
    }
    await s.ping();
    expect(s.messages).toEqual([]);
    s.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    expect(await s.closed).toBe(WS_CLOSE.unsupported);
    // Oversized frames are cut off by the server (1009) and the server keeps serving.
    const big = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staffA.token });
    await big.opened;
    big.ws.send('x'.repeat(100_000));
    expect(await big.closed).toBe(1009);
    const health = await fetch(`${srv.base}/healthz`);
    expect(health.status).toBe(200);
  });

  it('delivers order.created and each order.updated to the restaurant’s staff and the customer’s tracking socket only', async () => {
    const staffSock = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staffA.token });
    const otherStaff = openSocket(srv.port, `/ws/orders/${restB.id}/`, { token: staffB.token });
    await staffSock.ping();
    await otherStaff.ping();

    const o = await makeOrder(srv.db, {
      userId: asha.id,
      restaurant: restA,
      publish: true,
      instructions: { cooking: 'No onion', delivery: 'Call on arrival' },
    });
    const created = await staffSock.next((m) => m['type'] === 'order.created');
    expect(created['order']).toMatchObject({
      id: o.id,
      status: 'placed',
      restaurant: { id: restA.id },
      amount: 89000,
      // The kitchen's card needs the whole order: who to call and what was asked.
      customer_phone: asha.phone,
      instructions: { cooking: 'No onion', delivery: 'Call on arrival' },
    });

    const tracker = openSocket(srv.port, `/ws/track/${o.id}/`, { token: asha.token });
    const otherTracker = openSocket(srv.port, `/ws/track/${o.id}/`, { token: mallory.token });
    await tracker.ping();
    expect(await otherTracker.closed).toBe(WS_CLOSE.notFound);

    for (const [status, extra] of [
      ['accepted', { prep_time_min: 10 }],
      ['preparing', {}],
      ['ready', {}],
      ['picked_up', {}],
    ] as const) {
      const res = await csrfPost(
        `/api/v1/orders/restaurant/${o.id}/status/`,
        { status, ...extra },
        staffA.token,
      );
      expect(res.status).toBe(200);
      const forStaff = await staffSock.next((m) => m['type'] === 'order.updated');
      const forCustomer = await tracker.next((m) => m['type'] === 'order.updated');
      expect((forStaff['order'] as { status: string }).status).toBe(status);
      expect((forCustomer['order'] as { status: string }).status).toBe(status);
    }
    // Courier moves reach the tracking socket only.
    const moved = await csrfPost(
      `/api/v1/orders/${o.id}/courier-location/`,
      { lat: 12.931, lng: 77.626 },
      staffA.token,
    );
    expect(moved.status).toBe(200);
    const courier = await tracker.next((m) => m['type'] === 'courier.location');
    expect(courier).toMatchObject({ order_id: o.id, courier: { lat: 12.931, lng: 77.626 } });

    // An unpaid checkout is not an order for the kitchen yet; its customer may still follow it.
    const unpaid = await makeOrder(srv.db, { userId: asha.id, restaurant: restA, paid: false });
    await publishOrderEvent(srv.db, {
      type: 'order.created',
      orderId: unpaid.id,
      restaurantId: restA.id,
      userId: asha.id,
    });
    // Malformed notifications on the channel are dropped without harming the hub.
    await srv.db.query(
      `select pg_notify('order_events', 'not json'), pg_notify('order_events', '{"type":"order.updated","orderId":-1}')`,
    );
    await staffSock.ping();
    expect(
      staffSock.messages.filter((m) => (m as { order?: { id: number } }).order?.id === unpaid.id),
    ).toEqual([]);

    await otherStaff.ping();
    expect(otherStaff.messages).toEqual([]);
    expect(staffSock.messages.filter((m) => (m as { type: string }).type === 'courier.location')).toEqual([]);
    for (const s of [staffSock, otherStaff, tracker]) s.ws.close();
  });
});

describe('tracking greeting', () => {
  it('greets a tracking socket with when its order last changed, as the tracking answer has it', async () => {
    const o = await makeOrder(srv.db, { userId: asha.id, restaurant: restA, publish: true });
    const tracked = async () => {
      const res = await fetch(`${srv.base}/api/v1/orders/tracking/${o.id}/`, {
        headers: { authorization: `Bearer ${asha.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { order: { updated_at: string } }).order.updated_at;
    };
    const greeting = async () => {
      const tracker = openSocket(srv.port, `/ws/track/${o.id}/`, { token: asha.token });
      await tracker.ping();
      const greetings = tracker.control.filter((m) => m['type'] === 'order.current');
      tracker.ws.close();
      return greetings;
    };
    const before = await tracked();
    expect(await greeting()).toEqual([{ type: 'order.current', updated_at: before }]);
    // The page compares it with its copy: after a change, the greeting tells it to fetch again.
    await new Promise((r) => setTimeout(r, 5));
    const res = await csrfPost(
      `/api/v1/orders/restaurant/${o.id}/status/`,
      { status: 'accepted', prep_time_min: 10 },
      staffA.token,
    );
    expect(res.status).toBe(200);
    const after = await tracked();
    expect(after).not.toBe(before);
    expect(await greeting()).toEqual([{ type: 'order.current', updated_at: after }]);
  });
});

describe('ended sessions', () => {
  it('closes the open sockets of a session that logged out (4401) and keeps the others', async () => {
    const leaving = await makeUser(srv.app, { role: 'staff', restaurantId: restA.id });
    const staying = await makeUser(srv.app, { role: 'staff', restaurantId: restA.id });
    const customer = await makeUser(srv.app);
    const order = await makeOrder(srv.db, { userId: customer.id, restaurant: restA });
    const leavingTab = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: leaving.token });
    const stayingTab = openSocket(srv.port, `/ws/orders/${restA.id}/`, { token: staying.token });
    const tracker = openSocket(srv.port, `/ws/track/${order.id}/`, { token: customer.token });
    expect(await leavingTab.opened).toBe(true);
    expect(await stayingTab.opened).toBe(true);
    expect(await tracker.opened).toBe(true);
    await tracker.ping();

    expect((await csrfPost('/api/v1/logout/', {}, leaving.token)).status).toBe(200);
    expect((await csrfPost('/api/v1/logout/', {}, customer.token)).status).toBe(200);
    // The hub checks on every heartbeat; run that check now rather than wait 30 s.
    await srv.app.orderHub.closeEndedSessions();

    expect(await leavingTab.closed).toBe(WS_CLOSE.unauthenticated);
    expect(await tracker.closed).toBe(WS_CLOSE.unauthenticated);
    await stayingTab.ping();
    expect(stayingTab.ws.readyState).toBe(stayingTab.ws.OPEN);
    stayingTab.ws.close();
  });
});
