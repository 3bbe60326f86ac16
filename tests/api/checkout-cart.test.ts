// Cart API: session keys, add/change/delete, one restaurant per cart, prices from the database,
// replayed ops, the vanished-user code and merging a visitor's cart on login.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '../../src/shared/api/checkout.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;

beforeAll(async () => {
  ctx = await setupApp({ seed: async (db) => (f = await makeCheckoutFixture(db)) });
});

async function visitor(): Promise<TestClient> {
  const c = ctx.client.fork();
  const res = await c.get('/api/v1/checkout/');
  expect(res.statusCode).toBe(200);
  c.anonymousId = res.json<CartResponse>().session_key;
  return c;
}

const add = (c: TestClient, body: Record<string, unknown>) => c.post('/api/v1/checkout/add/', body);

describe('cart', () => {
  it('issues a long random session key and answers an empty cart', async () => {
    const res = await ctx.client.fork().get('/api/v1/checkout/');
    const body = res.json<CartResponse>();
    expect(body.session_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body).toMatchObject({ cart_items: [], cart_info: null, cart_meta: null, store_info: null });
    const other = (await ctx.client.fork().get('/api/v1/checkout/')).json<CartResponse>();
    expect(other.session_key).not.toBe(body.session_key);
  });

  it('adds, changes and deletes items with the bill computed from database prices', async () => {
    const c = await visitor();
    let res = await add(c, { item: f.biryani, quantity: 2, price: 1, restaurant_id: f.r2 });
    expect(res.statusCode).toBe(200);
    let cart = res.json<CartResponse>();
    expect(cart.session_key).toBe(c.anonymousId);
    expect(cart.cart_items).toEqual([
      expect.objectContaining({
        id: f.biryani,
        name: 'Chicken Biryani',
        price: 25000,
        quantity: 2,
        line_total: 50000,
      }),
    ]);
    expect(cart.cart_meta).toEqual({ item_count: 2, item_total: 50000, coupon_discount: 0 });
    expect(cart.cart_info).toMatchObject({
      item_total: 50000,
      packaging: 2000,
      delivery_fee: 2500,
      taxes: 2500,
      coupon_discount: 0,
      to_pay: 57000,
      coupon_code: null,
    });
    expect(cart.store_info).toMatchObject({
      id: f.r1,
      name: 'Meghana Biryani House',
      slug: 'meghana-biryani-house-t',
      lat: 12.9352,
      lng: 77.6245,
      delivery_radius_m: 7000,
    });

    res = await add(c, { item: f.paneer, quantity: 1 });
    res = await add(c, { item: f.biryani, quantity: 1 });
    cart = res.json<CartResponse>();
    expect(cart.cart_meta).toEqual({ item_count: 2, item_total: 43000, coupon_discount: 0 });

    res = await c.delete(`/api/v1/checkout/delete/${f.biryani}`);
    expect(res.json<CartResponse>().cart_items.map((i) => i.id)).toEqual([f.paneer]);
    res = await add(c, { item: f.paneer, quantity: 0 });
    expect(res.json<CartResponse>()).toMatchObject({ cart_items: [], cart_meta: null, store_info: null });

    // The same cart is read back by GET with the session key.
    await add(c, { item: f.paneer, quantity: 3 });
    const again = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(again.cart_meta?.item_count).toBe(3);
  });

  it('charges delivery by distance when the caller sends a location', async () => {
    const c = await visitor();
    await add(c, { item: f.biryani, quantity: 1 });
    const cart = (await c.get('/api/v1/checkout/?lat=12.99&lng=77.6245')).json<CartResponse>();
    expect(cart.cart_info?.distance_m).toBeGreaterThan(6000);
    expect(cart.cart_info?.delivery_fee).toBe(2500 + 4 * 700);
  });

  it('never prices delivery to a point outside the delivery area (the base fee stays)', async () => {
    const c = await visitor();
    await add(c, { item: f.biryani, quantity: 1 });
    const far = (
      await c.get(`/api/v1/checkout/?lat=${f.far.latitude}&lng=${f.far.longitude}`)
    ).json<CartResponse>();
    expect(far.cart_info).toMatchObject({ distance_m: null, delivery_fee: 2500 });
    const none = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(far.cart_info?.to_pay).toBe(none.cart_info?.to_pay);
  });

  it('refuses more than 50 of one dish with a message that says so', async () => {
    const c = await visitor();
    expect((await add(c, { item: f.biryani, quantity: 50 })).statusCode).toBe(200);
    const res = await add(c, { item: f.biryani, quantity: 51 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect(JSON.stringify(res.json())).toContain('You can add up to 50 of one item per order.');
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items[0]?.quantity).toBe(50);
  });

  it('keeps one restaurant per cart: 409 cart_store_conflict unless replace is true', async () => {
    const c = await visitor();
    await add(c, { item: f.biryani, quantity: 1 });
    const conflict = await add(c, { item: f.dosa, quantity: 1 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'cart_store_conflict',
      message: expect.stringContaining('Meghana'),
    });
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items.map((i) => i.id)).toEqual([
      f.biryani,
    ]);
    const replaced = await add(c, { item: f.dosa, quantity: 2, replace: true });
    expect(replaced.statusCode).toBe(200);
    const cart = replaced.json<CartResponse>();
    expect(cart.cart_items.map((i) => [i.id, i.quantity])).toEqual([[f.dosa, 2]]);
    expect(cart.store_info?.id).toBe(f.r2);
  });

  it('refuses unknown, out-of-stock and malformed items with clear 4xx errors', async () => {
    const c = await visitor();
    const unknown = await add(c, { item: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('item_not_found');
    const sold = await add(c, { item: f.soldOut, quantity: 1 });
    expect(sold.statusCode).toBe(400);
    expect(sold.json()).toMatchObject({
      code: 'item_out_of_stock',
      message: 'Gulab Jamun is out of stock right now.',
    });
    for (const body of [
      { item: f.biryani, quantity: -1 },
      { item: f.biryani, quantity: 51 },
      { item: 'x', quantity: 1 },
      {},
    ]) {
      const res = await add(c, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items).toEqual([]);
  });

  it('ignores a replayed op id, so a replay never changes a quantity twice', async () => {
    const c = await visitor();
    await add(c, { item: f.biryani, quantity: 1, op_id: 'op-000001' });
    await add(c, { item: f.biryani, quantity: 3, op_id: 'op-000002' });
    // A late replay of the first op must not set the quantity back to 1.
    const replay = await add(c, { item: f.biryani, quantity: 1, op_id: 'op-000001' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<CartResponse>().cart_items[0]?.quantity).toBe(3);
    const del = await c.delete(`/api/v1/checkout/delete/${f.biryani}?op_id=op-000003`);
    expect(del.json<CartResponse>().cart_items).toEqual([]);
    await add(c, { item: f.biryani, quantity: 2, op_id: 'op-000004' });
    const delReplay = await c.delete(`/api/v1/checkout/delete/${f.biryani}?op_id=op-000003`);
    expect(delReplay.json<CartResponse>().cart_items[0]?.quantity).toBe(2);
  });

  it('merges the visitor cart into the account on the first call with a token', async () => {
    const c = await visitor();
    await add(c, { item: f.paneer, quantity: 2 });
    c.token = (await makeUser(ctx.app)).token;
    const cart = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(cart.cart_items.map((i) => [i.id, i.quantity])).toEqual([[f.paneer, 2]]);
    // The account's cart is the same from another browser with only the token.
    const other = ctx.client.fork();
    other.token = c.token;
    expect((await other.get('/api/v1/checkout/')).json<CartResponse>().cart_meta?.item_count).toBe(2);
    const [anon] = await ctx.db.query('select 1 from carts where session_key = $1', [c.anonymousId]);
    expect(anon).toBeUndefined();
  });

  it('answers user_not_found when the token belongs to a user who no longer exists', async () => {
    const { id: userId, token } = await makeUser(ctx.app);
    const c = ctx.client.fork();
    c.token = token;
    await ctx.db.query('update users set is_active = false where id = $1', [userId]);
    const res = await c.get('/api/v1/checkout/');
    expect([401, 404]).toContain(res.statusCode);
    expect(res.json().code).toBe('user_not_found');
  });

  it('needs the CSRF header for changes', async () => {
    const c = await visitor();
    const res = await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
  });
});
