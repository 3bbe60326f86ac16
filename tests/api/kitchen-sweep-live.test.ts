// The kitchen sweep as it runs in a server (KITCHEN_SWEEP_INTERVAL_MS=200, UNATTENDED_PAUSE_AFTER_S=1
// here instead of 5 s and 5 minutes): with no staff device the restaurant pauses by itself and a
// reconnecting device reopens it within 10 seconds; a pause or an out-of-stock mark whose time is up
// ends without anyone acting, and cards, menus and carts show it within seconds.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '../../src/shared/api/checkout.ts';
import type { RestaurantCard, RestaurantDetail } from '../../src/shared/api/discovery.ts';
import { type KitchenLogPage, type KitchenState } from '../../src/shared/api/kitchen.ts';
import { kitchenPaths } from '../../src/shared/api/paths.ts';
import { NOT_ACCEPTING_NOTICE } from '../../src/shared/kitchen.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture, type UserFixture } from './factories/index.ts';
import { TestClient } from './helper.ts';
import { openSocket, startLiveServer } from './orders-socket-helper.ts';

const srv = await startLiveServer({ KITCHEN_SWEEP_INTERVAL_MS: '200', UNATTENDED_PAUSE_AFTER_S: '1' });
let f: CheckoutFixture;
let staffUser: UserFixture;
let staff: TestClient;

beforeAll(async () => {
  f = await makeCheckoutFixture(srv.db);
  staffUser = await makeUser(srv.app, { role: 'staff', restaurantId: f.r1, name: 'Ravi Kumar' });
  staff = new TestClient(srv.app);
  staff.token = staffUser.token;
});

async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
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

const state = async () => (await staff.get(kitchenPaths.state)).json<KitchenState>();
const card = async () =>
  (
    await new TestClient(srv.app).get(
      `/api/v1/restaurant/list/?lat=${f.near.latitude}&lng=${f.near.longitude}`,
    )
  )
    .json<{ results: RestaurantCard[] }>()
    .results.find((r) => r.id === f.r1)!;
const connect = async () => {
  const s = openSocket(srv.port, `/ws/orders/${f.r1}/`, { token: staffUser.token });
  await s.ping();
  return s;
};

describe('unattended, live', () => {
  it('pauses by itself once no device has been connected for the set time, and reopens on reconnect', async () => {
    const s = await connect();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await state()).accepting_orders).toBe(true);
    s.ws.close();
    await s.closed;
    await eventually(
      async () => expect((await state()).unattended_pause?.reason).toBe('no staff connected'),
      5000,
    );
    await eventually(
      async () =>
        expect(await card()).toMatchObject({
          accepting_orders: false,
          not_accepting_reason: NOT_ACCEPTING_NOTICE,
        }),
      3000,
    );
    const t0 = Date.now();
    const again = await connect();
    await eventually(async () => expect((await card()).accepting_orders).toBe(true), 10_000);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect((await state()).unattended_pause).toBeNull();
    const log = (await staff.get(`${kitchenPaths.log}?limit=2`)).json<KitchenLogPage>().results;
    expect(log.map((e) => [e.action, e.note])).toEqual([
      ['auto_resume', 'staff device connected'],
      ['auto_pause', 'no staff connected'],
    ]);
    // Stays connected for the tests below.
    void again;
  });
});

describe('time up, live', () => {
  it('a pause ends by itself and the cards follow within seconds', async () => {
    await staff.post(kitchenPaths.pause, { duration: 15 });
    await eventually(async () => expect((await card()).accepting_orders).toBe(false), 3000);
    // Fifteen minutes pass (the end moved to just ahead).
    await srv.db.query(
      `update restaurants set paused_until = now() + interval '300 milliseconds' where id = $1`,
      [f.r1],
    );
    await eventually(async () => {
      const [row] = await srv.db.query<{ paused_until: Date | null }>(
        'select paused_until from restaurants where id = $1',
        [f.r1],
      );
      expect(row!.paused_until).toBeNull();
    }, 5000);
    await eventually(async () => expect((await card()).accepting_orders).toBe(true), 3000);
    const [entry] = (await staff.get(`${kitchenPaths.log}?limit=1`)).json<KitchenLogPage>().results;
    expect(entry).toMatchObject({ action: 'resume', actor: null, note: 'pause time up' });
  });

  it('an out-of-stock item comes back by itself in menus and carts', async () => {
    const c = new TestClient(srv.app);
    c.token = (await makeUser(srv.app)).token;
    await c.post('/api/v1/checkout/add/', { item: f.paneer, quantity: 1 });
    await staff.put(kitchenPaths.itemStock(f.paneer), { in_stock: false, duration: '4h' });
    const line = async () =>
      (await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items.find((i) => i.id === f.paneer)!;
    const item = async () =>
      (await new TestClient(srv.app).get(`/api/v1/restaurant/${f.r1}/`))
        .json<RestaurantDetail>()
        .categories.flatMap((x) => x.items)
        .find((i) => i.id === f.paneer)!;
    expect((await line()).in_stock).toBe(false);
    await eventually(async () => expect((await item()).in_stock).toBe(false), 3000);
    await srv.db.query(
      `update menu_items set out_of_stock_until = now() + interval '300 milliseconds' where id = $1`,
      [f.paneer],
    );
    await eventually(async () => expect((await line()).in_stock).toBe(true), 5000);
    await eventually(async () => expect((await item()).in_stock).toBe(true), 3000);
    const [entry] = (await staff.get(`${kitchenPaths.log}?limit=1`)).json<KitchenLogPage>().results;
    expect(entry).toMatchObject({ action: 'stock', actor: null, subject: 'Paneer Tikka', to: 'in_stock' });
  });
});
