// Coupons API: the list for a store (the fields of docs/product.md#coupons), applying with every refusal
// reason, coupon_discount in cart_meta, and removing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplyCouponResponse, CartResponse, Coupon } from '../../src/shared/api/checkout.ts';
import {
  makeCheckoutFixture,
  makeCoupon,
  makeOrder,
  makeUser,
  type CheckoutFixture,
} from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;

beforeAll(async () => {
  ctx = await setupApp({
    seed: async (db) => {
      f = await makeCheckoutFixture(db);
      // A paused coupon: still in the table, switched off.
      await makeCoupon(db, { code: 'PAUSED', minOrder: 0 });
      await db.query(`update coupons set active = false where coupon_code = 'PAUSED'`);
    },
  });
});

async function cartWith(item: number, quantity: number): Promise<TestClient> {
  const c = ctx.client.fork();
  c.anonymousId = (await c.get('/api/v1/checkout/')).json<CartResponse>().session_key;
  expect((await c.post('/api/v1/checkout/add/', { item, quantity })).statusCode).toBe(200);
  return c;
}

const apply = (c: TestClient, code: string) => c.post(`/api/v1/checkout/get-coupon-value/${code}`);

describe('coupons', () => {
  it('lists the coupons valid for a store with the SPEC fields', async () => {
    const res = await ctx.client.post('/api/v1/checkout/get-coupon/', { store_id: f.r1 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Coupon[] }>();
    const codes = data.map((c) => c.coupon_code);
    expect(codes).toContain('WELCOME50');
    expect(codes).not.toContain('DOSAONLY'); // another store's coupon
    expect(codes).not.toContain('OLD'); // expired
    const welcome = data.find((c) => c.coupon_code === 'WELCOME50')!;
    expect(welcome).toEqual({
      id: expect.any(Number),
      coupon_code: 'WELCOME50',
      subtitle: 'Subtitle of WELCOME50',
      description: 'Description of WELCOME50',
      coupon_terms: 'Terms of WELCOME50',
      store_type: 'all',
      isWeekDays: false,
      allowed_weeks: {},
      isTimeofDay: false,
      allowed_time: { startTime: '', endTime: '' },
      can_terms_change: false,
      end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 10000,
      min_order: 19900,
    });
    const later = data.find((c) => c.coupon_code === 'LATER')!;
    expect(later.isTimeofDay).toBe(true);
    expect(later.allowed_time.startTime).toMatch(/^\d{2}:\d{2}$/);
    const dosa = (await ctx.client.post('/api/v1/checkout/get-coupon/', { store_id: f.r2 })).json<{
      data: Coupon[];
    }>();
    expect(dosa.data.map((c) => c.coupon_code)).toContain('DOSAONLY');
  });

  it('answers 400 for a bad store id and 404 for an unknown one', async () => {
    expect((await ctx.client.post('/api/v1/checkout/get-coupon/', { store_id: 'abc' })).statusCode).toBe(400);
    expect((await ctx.client.post('/api/v1/checkout/get-coupon/', { store_id: 99999 })).statusCode).toBe(404);
  });

  it('answers the cart GET (one statement) byte for byte as the last change answered it', async () => {
    // The GET reads cart, lines and restaurant at once; a change still reads them one by one.
    const c = await cartWith(f.biryani, 2);
    const added = await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 3 });
    expect((await c.get('/api/v1/checkout/')).body).toBe(added.body);
    expect((await apply(c, 'welcome50')).statusCode).toBe(200);
    const withCoupon = await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 2 });
    expect(withCoupon.json<CartResponse>().cart_info?.coupon_code).toBe('WELCOME50');
    expect((await c.get('/api/v1/checkout/')).body).toBe(withCoupon.body);
    const removed = await c.post('/api/v1/checkout/remove-coupon/');
    expect((await c.get('/api/v1/checkout/')).body).toBe(removed.body);

    // Signed in: the browser's cart merges on the first call, then the GET takes the short way.
    c.token = (await makeUser(ctx.app)).token;
    const merged = await c.get('/api/v1/checkout/');
    expect(merged.json<CartResponse>().cart_meta?.item_count).toBe(2);
    const changed = await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 });
    expect((await c.get('/api/v1/checkout/')).body).toBe(changed.body);
    expect((await c.get('/api/v1/checkout/?lat=12.9716&lng=77.5946')).statusCode).toBe(200);
  });

  it('applies a coupon: the discount shows in cart_meta and the bill, and survives a reload', async () => {
    const c = await cartWith(f.biryani, 1); // 250.00
    const res = await apply(c, 'welcome50');
    expect(res.statusCode).toBe(200);
    const body = res.json<ApplyCouponResponse>();
    expect(body.coupon_code).toBe('WELCOME50');
    expect(body.coupon_discount).toBe(10000); // 50% of 250 capped at 100
    expect(body.cart_meta).toEqual({ item_count: 1, item_total: 25000, coupon_discount: 10000 });
    expect(body.cart_info).toMatchObject({
      coupon_code: 'WELCOME50',
      coupon_discount: 10000,
      taxes: 750,
      to_pay: 25000 - 10000 + 2000 + 2500 + 750,
    });
    const again = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(again.cart_meta?.coupon_discount).toBe(10000);

    // Dropping below the minimum keeps the code but gives no discount, with the reason.
    await c.post('/api/v1/checkout/add/', { item: f.paneer, quantity: 1, replace: false });
    await c.delete(`/api/v1/checkout/delete/${f.biryani}`);
    const below = (await c.get('/api/v1/checkout/')).json<CartResponse>();
    expect(below.cart_info).toMatchObject({ coupon_code: 'WELCOME50', coupon_discount: 0 });
    expect(below.cart_info?.coupon_error).toMatch(/minimum order/);

    const removed = await c.post('/api/v1/checkout/remove-coupon/');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CartResponse>().cart_info).toMatchObject({ coupon_code: null, coupon_discount: 0 });
  });

  it('applies a flat coupon', async () => {
    const c = await cartWith(f.biryani, 2);
    const body = (await apply(c, 'FLAT100')).json<ApplyCouponResponse>();
    expect(body.cart_meta?.coupon_discount).toBe(10000);
  });

  it.each([
    ['NOSUCHCODE', 'coupon_invalid', /not valid/],
    ['OLD', 'coupon_expired', /expired/],
    ['DOSAONLY', 'coupon_wrong_store', /not valid on this restaurant/],
    ['NOTTODAY', 'coupon_wrong_day', /valid only on/],
    ['LATER', 'coupon_wrong_time', /valid only between/],
    ['GONE', 'coupon_used_up', /fully used/],
    ['PAUSED', 'coupon_invalid', /^Coupon PAUSED is not available right now\.$/],
  ])('refuses %s with %s and the reason', async (code, expected, message) => {
    const c = await cartWith(f.biryani, 1);
    const res = await apply(c, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: expected,
      message: expect.stringMatching(message),
    });
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_info?.coupon_code).toBeNull();
  });

  it('refuses a coupon below its minimum order, with the amount missing', async () => {
    const c = await cartWith(f.paneer, 1); // 180 < 199
    const res = await apply(c, 'WELCOME50');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'coupon_below_minimum',
      message: expect.stringContaining('₹19'),
    });
  });

  it('accepts a time window around now and refuses an empty cart', async () => {
    const c = await cartWith(f.biryani, 1);
    expect((await apply(c, 'NOWISH')).statusCode).toBe(200);
    const empty = ctx.client.fork();
    empty.anonymousId = (await empty.get('/api/v1/checkout/')).json<CartResponse>().session_key;
    const res = await apply(empty, 'WELCOME50');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('cart_empty');
  });

  it('refuses a coupon the user already used up to its per-user limit', async () => {
    const user = await makeUser(ctx.app);
    const { id: orderId } = await makeOrder(ctx.db, {
      userId: user.id,
      restaurant: { id: f.r1, itemIds: [f.biryani, f.paneer] },
      paid: false,
      coupon: { code: 'ONCE', discount: 500 },
    });
    expect(orderId).toBeGreaterThan(0);
    const c = await cartWith(f.biryani, 1);
    c.token = user.token;
    const res = await apply(c, 'ONCE');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('coupon_user_limit');
  });
});
