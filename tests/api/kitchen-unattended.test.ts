// The unattended restaurant (docs/kitchen-controls.md): staff devices (live-orders sockets) are recorded
// per server process in the database; a restaurant whose devices have all been gone for 5 minutes during
// its opening hours is paused (customers see the notice, createorder refuses) and resumes as soon as a
// device reconnects; a pause set by staff is never overridden or ended by it. The sweep runs here with
// the clock each test chooses (the background sweep is slowed out of the way).
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import type { RestaurantCard } from '../../src/shared/api/discovery.ts';
import { type KitchenLogPage, type KitchenState } from '../../src/shared/api/kitchen.ts';
import { kitchenPaths } from '../../src/shared/api/paths.ts';
import { NOT_ACCEPTING_NOTICE, UNATTENDED_AFTER_MS } from '../../src/shared/kitchen.ts';
import { istMinuteOfDay } from '../../src/shared/opening-hours.ts';
import { sweepKitchen, unattendedDue } from '../../src/server/modules/kitchen/sweep.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture, type UserFixture } from './factories/index.ts';
import { TestClient } from './helper.ts';
import { buildOrdersApp, openSocket, startLiveServer } from './orders-socket-helper.ts';

const srv = await startLiveServer({ KITCHEN_SWEEP_INTERVAL_MS: '600000' });
let f: CheckoutFixture;
let staffUser: UserFixture;
let staff: TestClient;

beforeAll(async () => {
  f = await makeCheckoutFixture(srv.db);
  staffUser = await makeUser(srv.app, { role: 'staff', restaurantId: f.r1, name: 'Ravi Kumar' });
  staff = new TestClient(srv.app);
  staff.token = staffUser.token;
});

const MIN = 60_000;
const sweep = (now: Date, afterMs = UNATTENDED_AFTER_MS) =>
  sweepKitchen(srv.db, { now, unattendedAfterMs: afterMs });
const state = async () => (await staff.get(kitchenPaths.state)).json<KitchenState>();
const lastLog = async () =>
  (await staff.get(`${kitchenPaths.log}?limit=1`)).json<KitchenLogPage>().results[0]!;

async function connectStaff() {
  const s = openSocket(srv.port, `/ws/orders/${f.r1}/`, { token: staffUser.token });
  await s.ping();
  await srv.app.staffPresence.idle();
  return s;
}
async function disconnect(s: ReturnType<typeof openSocket>) {
  const before = srv.app.orderHub.counts().staff;
  s.ws.close();
  await s.closed;
  // The server sees the close a moment after the client.
  await eventually(async () => expect(srv.app.orderHub.counts().staff).toBe(before - 1));
  await srv.app.staffPresence.idle();
}
const presence = (restaurantId: number) =>
  srv.db.query<{ process_id: string; connections: number; last_seen_at: Date }>(
    'select process_id, connections, last_seen_at from restaurant_presence where restaurant_id = $1 order by process_id',
    [restaurantId],
  );
const lastSeen = async (restaurantId: number) =>
  Math.max(...(await presence(restaurantId)).map((r) => new Date(r.last_seen_at).getTime()));

async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

async function createOrder() {
  const c = new TestClient(srv.app);
  c.token = (await makeUser(srv.app)).token;
  expect((await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 })).statusCode).toBe(200);
  return c.post('/api/v2/orders/createorder/', {
    address: {
      address: '80 Feet Road',
      flat: '4B',
      landmark: 'Park',
      latitude: f.near.latitude,
      longitude: f.near.longitude,
    },
  });
}
const card = async () =>
  (
    await new TestClient(srv.app).get(
      `/api/v1/restaurant/list/?lat=${f.near.latitude}&lng=${f.near.longitude}`,
    )
  )
    .json<{ results: RestaurantCard[] }>()
    .results.find((r) => r.id === f.r1)!;

describe('the rule', () => {
  const allDay = { open_minute: 0, close_minute: 1440, live: false };
  const now = new Date('2026-11-23T08:00:00Z'); // 13:30 IST
  it('pauses after the time without a device, only once armed, never while one is connected', () => {
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const rule = { afterMs: 5 * MIN, now };
    expect(unattendedDue({ ...allDay, last_seen_at: at(5 * MIN) }, rule)).toBe(true);
    expect(unattendedDue({ ...allDay, last_seen_at: at(5 * MIN - 1000) }, rule)).toBe(false);
    expect(unattendedDue({ ...allDay, last_seen_at: null }, rule)).toBe(false);
    expect(unattendedDue({ ...allDay, live: true, last_seen_at: at(60 * MIN) }, rule)).toBe(false);
    expect(unattendedDue({ ...allDay, last_seen_at: at(60 * MIN) }, { ...rule, afterMs: 0 })).toBe(false);
  });

  it('counts only opening hours: closed is never paused, and staff get the time after opening', () => {
    const rule = { afterMs: 5 * MIN, now };
    const yesterday = new Date(now.getTime() - 20 * 60 * MIN);
    // 13:30 IST: closed for a 18:00-23:00 restaurant.
    expect(
      unattendedDue({ open_minute: 1080, close_minute: 1380, live: false, last_seen_at: yesterday }, rule),
    ).toBe(false);
    // Opened at 13:27 IST: three minutes ago, not yet five.
    expect(
      unattendedDue({ open_minute: 807, close_minute: 1380, live: false, last_seen_at: yesterday }, rule),
    ).toBe(false);
    // Opened at 13:25 IST: five minutes ago.
    expect(
      unattendedDue({ open_minute: 805, close_minute: 1380, live: false, last_seen_at: yesterday }, rule),
    ).toBe(true);
    // Opened yesterday evening, open past midnight until 15:00: counted from the last device.
    expect(
      unattendedDue({ open_minute: 1200, close_minute: 900, live: false, last_seen_at: yesterday }, rule),
    ).toBe(true);
  });
});

describe('staff devices', () => {
  it('are never watched for a restaurant no staff device ever connected for', async () => {
    const far = await sweep(new Date(Date.now() + 7 * 86_400_000), 1);
    expect(far.pausedUnattended).toEqual([]);
    expect(await presence(f.r2)).toEqual([]);
  });

  it('are recorded per process on connect and disconnect; the console sees the count', async () => {
    const s = await connectStaff();
    const rows = await presence(f.r1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ process_id: srv.app.staffPresence.processId, connections: 1 });
    const second = await connectStaff();
    expect((await presence(f.r1))[0]!.connections).toBe(2);
    expect((await state()).staff_devices.connected).toBe(2);
    await disconnect(second);
    await disconnect(s);
    const st = await state();
    expect(st.staff_devices.connected).toBe(0);
    expect(Date.now() - Date.parse(st.staff_devices.last_seen_at!)).toBeLessThan(10_000);
    expect(st).toMatchObject({ accepting_orders: true, unattended_pause: null });
  });

  it('a connected device keeps the restaurant open however long ago it connected', async () => {
    const s = await connectStaff();
    expect((await sweep(new Date(), 1)).pausedUnattended).toEqual([]);
    await disconnect(s);
  });
});

describe('the unattended pause', () => {
  it('comes 5 minutes after the last device left: customers see the notice, createorder refuses', async () => {
    const left = await lastSeen(f.r1);
    expect((await sweep(new Date(left + 4 * MIN))).pausedUnattended).toEqual([]);
    expect((await state()).accepting_orders).toBe(true);
    const swept = await sweep(new Date(left + 5 * MIN + 1000));
    expect(swept.pausedUnattended).toEqual([f.r1]);
    // Another process sweeping too changes (and logs) nothing more.
    expect((await sweep(new Date(left + 5 * MIN + 2000))).pausedUnattended).toEqual([]);
    const st = await state();
    expect(st).toMatchObject({
      accepting_orders: false,
      not_accepting_reason: NOT_ACCEPTING_NOTICE,
      pause: null,
      unattended_pause: { reason: 'no staff connected' },
    });
    await eventually(async () =>
      expect(await card()).toMatchObject({
        accepting_orders: false,
        not_accepting_reason: NOT_ACCEPTING_NOTICE,
      }),
    );
    const refused = await createOrder();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'restaurant_paused' });
    expect(await lastLog()).toMatchObject({
      action: 'auto_pause',
      actor: null,
      note: 'no staff connected',
      summary: 'Paused automatically: no staff connected.',
    });
  });

  it('ends within 10 seconds of a staff device reconnecting', async () => {
    const t0 = Date.now();
    const s = await connectStaff();
    await eventually(async () => expect((await state()).accepting_orders).toBe(true), 10_000);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect((await state()).unattended_pause).toBeNull();
    await eventually(async () => expect((await card()).accepting_orders).toBe(true));
    expect((await createOrder()).statusCode).toBe(201);
    expect(await lastLog()).toMatchObject({
      action: 'auto_resume',
      actor: null,
      note: 'staff device connected',
      summary: 'The automatic pause ended: staff device connected.',
    });
    await disconnect(s);
  });

  it('counts a process that stopped beating (crashed) as gone', async () => {
    const left = await lastSeen(f.r1);
    await srv.db.query(
      `insert into restaurant_presence (restaurant_id, process_id, connections, last_seen_at)
       values ($1, 'crashed-process', 3, $2)`,
      [f.r1, new Date(left + 1000)],
    );
    // Within the live window its sockets still count; after it, they do not.
    const live = await sweep(new Date(left + 1000 + 60_000), 30_000);
    expect(live.pausedUnattended).toEqual([]);
    const gone = await sweep(new Date(left + 1000 + 5 * MIN), 5 * MIN);
    expect(gone.pausedUnattended).toEqual([f.r1]);
    await srv.db.query(`delete from restaurant_presence where process_id = 'crashed-process'`);
    const s = await connectStaff();
    expect((await state()).accepting_orders).toBe(true);
    await disconnect(s);
  });
});

describe('with a pause set by staff', () => {
  it('never overrides an "until reopened" pause nor ends it', async () => {
    await staff.post(kitchenPaths.pause, { duration: 'until_reopened' });
    const left = await lastSeen(f.r1);
    expect((await sweep(new Date(left + 6 * MIN))).pausedUnattended).toEqual([f.r1]);
    expect(await state()).toMatchObject({
      accepting_orders: false,
      pause: { until_reopened: true },
      unattended_pause: { reason: 'no staff connected' },
    });
    const s = await connectStaff();
    await eventually(async () => expect((await state()).unattended_pause).toBeNull());
    // The device's return ends only the server's pause: the staff's stands.
    expect(await state()).toMatchObject({
      accepting_orders: false,
      pause: { until_reopened: true, until: null },
    });
    expect((await createOrder()).statusCode).toBe(409);
    await disconnect(s);
    await staff.post(kitchenPaths.resume, {});
    expect((await state()).accepting_orders).toBe(true);
  });

  it('reopening by staff does not end the unattended pause (only a device does)', async () => {
    const left = await lastSeen(f.r1);
    await sweep(new Date(left + 6 * MIN));
    await staff.post(kitchenPaths.pause, { duration: 15 });
    const reopened = (await staff.post(kitchenPaths.resume, {})).json<KitchenState>();
    expect(reopened).toMatchObject({
      accepting_orders: false,
      pause: null,
      unattended_pause: { reason: 'no staff connected' },
    });
    const s = await connectStaff();
    expect((await state()).accepting_orders).toBe(true);
    await disconnect(s);
  });
});

describe('opening hours', () => {
  const setHours = (open: number, close: number) =>
    srv.db.query('update restaurants set open_minute = $2, close_minute = $3 where id = $1', [
      f.r1,
      open,
      close,
    ]);

  it('pauses only while open; closing ends an unattended pause', async () => {
    const left = await lastSeen(f.r1);
    await sweep(new Date(left + 6 * MIN));
    expect((await state()).unattended_pause).not.toBeNull();
    const m = istMinuteOfDay(new Date());
    // Open from 3 hours from now for one hour: closed now.
    const open = (m + 180) % 1440;
    await setHours(open, open + 60);
    const closed = await sweep(new Date(), 1);
    expect(closed.resumedUnattended).toEqual([f.r1]);
    expect(await lastLog()).toMatchObject({ action: 'auto_resume', note: 'closed for the day' });
    expect((await sweep(new Date(), 1)).pausedUnattended).toEqual([]);
  });

  it('gives staff the time to connect after opening', async () => {
    const now = new Date();
    const m = istMinuteOfDay(now);
    // Opened two minutes ago, for ten hours; the last device left long before.
    const open = (m - 2 + 1440) % 1440;
    await setHours(open, open + 600);
    await srv.db.query(
      `update restaurant_presence set last_seen_at = now() - interval '1 day' where restaurant_id = $1`,
      [f.r1],
    );
    expect((await sweep(now)).pausedUnattended).toEqual([]);
    expect((await sweep(new Date(now.getTime() + 3 * MIN + 1000))).pausedUnattended).toEqual([f.r1]);
    await setHours(0, 1440);
    const s = await connectStaff();
    expect((await state()).accepting_orders).toBe(true);
    await disconnect(s);
  });
});

describe('server processes', () => {
  it('a process shutting down marks its devices gone; the other process’s stay', async () => {
    const other = await buildOrdersApp(srv.db, { KITCHEN_SWEEP_INTERVAL_MS: '600000' });
    await other.listen({ host: '127.0.0.1', port: 0 });
    const port = (other.server.address() as { port: number }).port;
    const there = openSocket(port, `/ws/orders/${f.r1}/`, { token: staffUser.token });
    await there.ping();
    await other.staffPresence.idle();
    const here = await connectStaff();
    const rows = await presence(f.r1);
    const theirs = rows.find((r) => r.process_id === other.staffPresence.processId)!;
    expect(theirs.connections).toBe(1);
    expect(rows.find((r) => r.process_id === srv.app.staffPresence.processId)!.connections).toBe(1);
    expect((await state()).staff_devices.connected).toBe(2);
    await other.close();
    expect(
      (await presence(f.r1)).find((r) => r.process_id === other.staffPresence.processId)!.connections,
    ).toBe(0);
    expect((await state()).staff_devices.connected).toBe(1);
    await disconnect(here);
  });
});

// Checked last: nothing above left the restaurant paused or an order unplaceable.
describe('afterwards', () => {
  it('the restaurant takes orders', async () => {
    const res = await createOrder();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CreateOrderResponse>().order.restaurant_id).toBe(f.r1);
  });
});
