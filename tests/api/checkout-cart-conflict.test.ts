// Signing in with a visitor cart from another restaurant than the account's saved cart: the real login
// leaves both carts, the cart API reports the conflict, changes and orders wait for the answer, and
// keep-cart applies "Keep this cart" or "Use my saved cart". Same restaurant or an empty saved cart
// still merge at once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '../../src/shared/api/checkout.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture, type UserFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;

beforeAll(async () => {
  ctx = await setupApp({ seed: async (db) => (f = await makeCheckoutFixture(db)) });
});

const add = (c: TestClient, item: number, quantity: number) =>
  c.post('/api/v1/checkout/add/', { item, quantity });
const cart = async (c: TestClient) => (await c.get('/api/v1/checkout/')).json<CartResponse>();
const lines = (body: CartResponse) => body.cart_items.map((i) => [i.id, i.quantity]);

/** A customer whose account cart holds `saved` (from another browser). */
async function accountWith(saved: Array<[number, number]>): Promise<UserFixture> {
  const user = await makeUser(ctx.app);
  const elsewhere = ctx.client.fork();
  elsewhere.token = await signIn(elsewhere, user);
  for (const [item, quantity] of saved) expect((await add(elsewhere, item, quantity)).statusCode).toBe(200);
  return user;
}

/** A visitor in this browser with `items` in the cart. */
async function visitorWith(items: Array<[number, number]>): Promise<TestClient> {
  const c = ctx.client.fork();
  c.anonymousId = (await cart(c)).session_key;
  for (const [item, quantity] of items) expect((await add(c, item, quantity)).statusCode).toBe(200);
  return c;
}

/** The real login, sending this browser's session_key as the client does. */
async function signIn(c: TestClient, user: UserFixture): Promise<string> {
  const res = await c.post('/api/v1/login/customers', {
    phone_number: user.phone,
    password: user.password,
    session_key: c.anonymousId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access: string }>().access;
}

describe('cart conflict at sign-in', () => {
  it('keeps both carts and reports the saved one; changes and orders wait for the answer', async () => {
    const user = await accountWith([[f.biryani, 2]]);
    const c = await visitorWith([[f.dosa, 1]]);
    c.token = await signIn(c, user);

    const body = await cart(c);
    expect(lines(body)).toEqual([[f.dosa, 1]]);
    expect(body.store_info?.name).toBe('Dosa Corner');
    expect(body.cart_conflict).toEqual({
      saved: {
        store_name: 'Meghana Biryani House',
        store_slug: 'meghana-biryani-house-t',
        item_count: 2,
        item_total: 50000,
        items: [{ name: 'Chicken Biryani', quantity: 2 }],
      },
    });

    for (const res of [
      await add(c, f.dosa, 2),
      await c.delete(`/api/v1/checkout/delete/${f.dosa}`),
      await c.post('/api/v1/checkout/get-coupon-value/WELCOME50'),
      await c.post('/api/v1/checkout/remove-coupon/'),
      await c.post('/api/v2/orders/createorder/', {
        address: {
          address: '80 Feet Road, Koramangala',
          flat: '4B',
          latitude: f.near.latitude,
          longitude: f.near.longitude,
        },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, code: 'cart_conflict' });
    }
    // Nothing was lost while waiting: both carts are as they were.
    expect(lines(await cart(c))).toEqual([[f.dosa, 1]]);
    const other = ctx.client.fork();
    other.token = c.token;
    expect(lines(await cart(other))).toEqual([[f.biryani, 2]]);
  });

  it('"Use my saved cart" discards this browser\'s cart', async () => {
    const user = await accountWith([[f.biryani, 2]]);
    const c = await visitorWith([[f.dosa, 1]]);
    c.token = await signIn(c, user);
    const res = await c.post('/api/v1/checkout/keep-cart/', { keep: 'saved' });
    expect(res.statusCode).toBe(200);
    const body = res.json<CartResponse>();
    expect(lines(body)).toEqual([[f.biryani, 2]]);
    expect(body.cart_conflict).toBeNull();
    const [anon] = await ctx.db.query('select 1 from carts where session_key = $1', [c.anonymousId]);
    expect(anon).toBeUndefined();
    expect((await add(c, f.paneer, 1)).statusCode).toBe(200);
  });

  it('"Keep this cart" replaces the saved cart, on every device; answering twice changes nothing', async () => {
    const user = await accountWith([[f.biryani, 2]]);
    const c = await visitorWith([[f.dosa, 3]]);
    c.token = await signIn(c, user);
    const res = await c.post('/api/v1/checkout/keep-cart/', { keep: 'this' });
    expect(res.statusCode).toBe(200);
    expect(lines(res.json<CartResponse>())).toEqual([[f.dosa, 3]]);
    expect(res.json<CartResponse>().cart_conflict).toBeNull();
    // A second tab answering late (either way) finds nothing left to choose.
    const late = await c.post('/api/v1/checkout/keep-cart/', { keep: 'saved' });
    expect(late.statusCode).toBe(200);
    expect(lines(late.json<CartResponse>())).toEqual([[f.dosa, 3]]);
    const other = ctx.client.fork();
    other.token = c.token;
    expect(lines(await cart(other))).toEqual([[f.dosa, 3]]);
  });

  it('merges at once when the restaurant is the same or the saved cart is empty', async () => {
    const same = await accountWith([
      [f.biryani, 2],
      [f.paneer, 1],
    ]);
    const c = await visitorWith([[f.biryani, 5]]);
    c.token = await signIn(c, same);
    const merged = await cart(c);
    expect(merged.cart_conflict).toBeNull();
    expect(lines(merged).sort()).toEqual(
      [
        [f.biryani, 5],
        [f.paneer, 1],
      ].sort(),
    );

    const empty = await accountWith([]);
    const d = await visitorWith([[f.dosa, 1]]);
    d.token = await signIn(d, empty);
    const moved = await cart(d);
    expect(moved.cart_conflict).toBeNull();
    expect(lines(moved)).toEqual([[f.dosa, 1]]);
  });

  it('keep-cart needs a signed-in customer and a valid answer', async () => {
    const c = await visitorWith([[f.dosa, 1]]);
    expect((await c.post('/api/v1/checkout/keep-cart/', { keep: 'this' })).statusCode).toBe(401);
    c.token = await signIn(c, await accountWith([]));
    for (const body of [{}, { keep: 'both' }, { keep: null }]) {
      const res = await c.post('/api/v1/checkout/keep-cart/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
  });
});
