// Several server processes, one database: every process hears every order event, yet each
// notification reaches a device once. Two apps listen to one database (on PostgreSQL through two
// separate connection pools and LISTEN connections, as two processes would; on PGlite, which serves one
// process, two apps share its one connection). Also: events committed while no process listened are
// pushed, once, when one starts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { openDatabase, type Db } from '../../src/server/db/index.ts';
import { pushPaths } from '../../src/shared/api/paths.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { TEST_DB, TestClient, setupApp } from './helper.ts';
import { makeVapidEnv, settle } from './push-helpers.ts';
import { startPushService, type BrowserSubscription, type LocalPushService } from '../e2e/push-service.ts';

const ctx = await setupApp({ env: makeVapidEnv() });
const appA = ctx.app;
let appB: App;
let dbB: Db;
let clientB: TestClient;
let pushService: LocalPushService;
let rest: RestaurantFixture;
let staff: UserFixture;
let asha: UserFixture;
let staffDevice: BrowserSubscription;
let ashaDevice: BrowserSubscription;

beforeAll(async () => {
  pushService = await startPushService();
  dbB = TEST_DB === 'postgres' ? await openDatabase({ databaseUrl: ctx.databaseUrl }) : ctx.db;
  appB = await buildApp({ config: ctx.config, db: dbB });
  await appB.ready();
  clientB = new TestClient(appB);
  rest = await makeRestaurant(ctx.db);
  staff = await makeUser(appA, { role: 'staff', restaurantId: rest.id });
  asha = await makeUser(appA);
  // Saved through different processes: the subscription lives in the database, not in a process.
  staffDevice = pushService.subscribe();
  ashaDevice = pushService.subscribe();
  expect(
    (await ctx.client.post(pushPaths.subscriptions, staffDevice.json, { token: staff.token })).statusCode,
  ).toBe(201);
  expect(
    (await clientB.post(pushPaths.subscriptions, ashaDevice.json, { token: asha.token })).statusCode,
  ).toBe(201);
});

afterAll(async () => {
  await appB.close();
  if (dbB !== ctx.db) await dbB.close();
  await pushService.close();
});

const tagsOf = (sub: BrowserSubscription) =>
  pushService.received
    .filter((p) => p.id === sub.id)
    .map((p) => (p.json as { tag: string; title: string }).title + ' ' + (p.json as { tag: string }).tag);

describe(`two apps listening to one ${TEST_DB} database`, () => {
  it('each new order reaches the staff device once, and each status change the customer once', async () => {
    const heardBefore = [appA.push.stats.events, appB.push.stats.events];
    const orders = [];
    for (let i = 0; i < 6; i += 1)
      orders.push(await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true }));
    await pushService.waitFor(6);
    // Status changes through both processes in turn.
    const clients = [ctx.client, clientB];
    for (const [i, o] of orders.entries()) {
      const res = await clients[i % 2]!.post(
        `/api/v1/orders/restaurant/${o.id}/status/`,
        { status: 'accepted', prep_time_min: 20 },
        { token: staff.token },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await pushService.waitFor(12);
    await settle(appA, appB);

    expect(tagsOf(staffDevice).sort()).toEqual(
      orders.map((o) => `!! Order Update Received order-${o.id}-placed`).sort(),
    );
    expect(tagsOf(ashaDevice).sort()).toEqual(orders.map((o) => `Order accepted order-${o.id}`).sort());
    expect(pushService.received).toHaveLength(12);
    // Both processes heard all 12 events; between them they sent each notification once.
    expect(appA.push.stats.events - heardBefore[0]!).toBe(12);
    expect(appB.push.stats.events - heardBefore[1]!).toBe(12);
    expect(appA.push.stats.sent + appB.push.stats.sent).toBe(12);
    const rows = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from push_deliveries where state = 'sent' group by subscription_id, order_id, kind`,
    );
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(pushService.rejected).toEqual([]);
  });

  it('an order paid while no process listened is pushed once when the processes start again', async () => {
    await appA.push.stop();
    await appB.push.stop();
    const before = pushService.received.length;
    const order = await makeOrder(ctx.db, { userId: asha.id, restaurant: rest, publish: true });
    await settle(appA, appB);
    expect(pushService.received).toHaveLength(before);
    // Both come back; each catches up from order_events; one of them sends.
    await Promise.all([appA.push.start(), appB.push.start()]);
    await pushService.waitFor(before + 1);
    await settle(appA, appB);
    expect(pushService.received).toHaveLength(before + 1);
    expect(tagsOf(staffDevice)).toContain(`!! Order Update Received order-${order.id}-placed`);
  });
});
