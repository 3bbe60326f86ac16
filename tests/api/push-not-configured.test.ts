// Without VAPID keys push is off: the public key is null (the app then hides its opt-in), the
// subscription calls answer that push is not configured, and no order event sends anything, even to a
// subscription left from when keys were set. Keys are checked at start: a lone key, a malformed one, a
// subject that is neither mailto: nor https:, or a pair that does not belong together stops the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { PUSH_NOT_CONFIGURED } from '../../src/shared/api/push.ts';
import { pushPaths } from '../../src/shared/api/paths.ts';
import { makeOrder, makeRestaurant, makeUser } from './factories/index.ts';
import { openTestDatabase, setupApp } from './helper.ts';
import { makeVapidEnv, settle } from './push-helpers.ts';
import { startPushService, type LocalPushService } from '../e2e/push-service.ts';

const ctx = await setupApp();
const c = ctx.client;
let pushService: LocalPushService;

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());

describe('push without VAPID keys', () => {
  it('the public key is null', async () => {
    const res = await c.get(pushPaths.publicKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: null });
  });

  it('subscribing and unsubscribing answer 409 push_not_configured (after the sign-in check)', async () => {
    const user = await makeUser(ctx.app);
    const sub = pushService.subscribe();
    expect((await c.post(pushPaths.subscriptions, sub.json, { token: null })).statusCode).toBe(401);
    const res = await c.post(pushPaths.subscriptions, sub.json, { token: user.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, code: PUSH_NOT_CONFIGURED });
    expect(res.json().message).toMatch(/not set up/);
    const del = await c.delete(pushPaths.subscriptions, {
      body: { endpoint: sub.json.endpoint },
      token: user.token,
    });
    expect(del.statusCode).toBe(409);
    expect(await ctx.db.query('select 1 from push_subscriptions')).toEqual([]);
  });

  it('order events send nothing, even to a subscription saved while keys were set', async () => {
    const rest = await makeRestaurant(ctx.db);
    const staff = await makeUser(ctx.app, { role: 'staff', restaurantId: rest.id });
    const sub = pushService.subscribe();
    const [session] = await ctx.db.query<{ id: string }>(
      'select id from auth_sessions where user_id = $1 and revoked_at is null',
      [staff.id],
    );
    await ctx.db.query(
      `insert into push_subscriptions (endpoint, p256dh, auth, user_id, session_id, restaurant_id)
       values ($1, $2, $3, $4, $5, $6)`,
      [sub.json.endpoint, sub.json.keys.p256dh, sub.json.keys.auth, staff.id, session!.id, rest.id],
    );
    const customer = await makeUser(ctx.app);
    await makeOrder(ctx.db, { userId: customer.id, restaurant: rest, publish: true });
    await settle(ctx.app);
    await ctx.app.push.sweep();
    await settle(ctx.app);
    expect(pushService.received).toEqual([]);
    expect(pushService.rejected).toEqual([]);
    expect(await ctx.db.query('select 1 from push_deliveries')).toEqual([]);
  });
});

describe('VAPID configuration is checked at start', () => {
  it('refuses a lone key, a malformed key and a subject that is neither mailto: nor https:', () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = makeVapidEnv();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: must be/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'http://x.example' }),
    ).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY }).VAPID_SUBJECT).toMatch(/^mailto:/);
  });

  it('refuses to start with a public key that is not the private key’s own', async () => {
    const a = makeVapidEnv();
    const b = makeVapidEnv();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      VAPID_PUBLIC_KEY: a.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: b.VAPID_PRIVATE_KEY,
    });
    config.clientDir = '/nonexistent';
    const t = await openTestDatabase();
    try {
      await expect(buildApp({ config, db: t.db })).rejects.toThrow(
        /not the public half of VAPID_PRIVATE_KEY/,
      );
    } finally {
      await t.db.close();
      await t.drop();
    }
  });
});
