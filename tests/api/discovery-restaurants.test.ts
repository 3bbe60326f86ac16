// Restaurants, menus, banners and offers: shapes, the delivery radius, filters and sorts, id and
// slug lookups, ETag/304, cache invalidation on data changes, and bad input.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  allRestaurantsResponseSchema,
  bannersResponseSchema,
  offersResponseSchema,
  restaurantDetailSchema,
  restaurantListResponseSchema,
  type RestaurantListResponse,
} from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { KORAMANGALA, makeDiscoveryFixture, type DiscoveryFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

let fx!: DiscoveryFixture;
const ctx = await setupApp({
  seed: async (db) => {
    fx = await makeDiscoveryFixture(db);
  },
});

async function list(path: string): Promise<RestaurantListResponse> {
  const res = await ctx.client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return restaurantListResponseSchema.parse(res.json());
}
const ids = (r: { results: Array<{ id: number }> }) => r.results.map((x) => x.id);
const { lat, lng } = KORAMANGALA;

describe('restaurant list', () => {
  it('answers the active restaurants whose delivery radius covers the point, closed ones last', async () => {
    const body = await list(discoveryPaths.restaurantList(lat, lng));
    expect(ids(body).sort()).toEqual([fx.meghana, fx.greenLeaf, fx.nightOwl].sort());
    expect(body.count).toBe(3);
    expect(body.total_nearby).toBe(3);
    expect(body.results.at(-1)!.id).toBe(fx.nightOwl);
    const meghana = body.results.find((r) => r.id === fx.meghana)!;
    expect(meghana).toMatchObject({
      slug: 'meghana-biryani-house',
      name: 'Meghana Biryani House',
      rating: 4.4,
      cost_for_two: 50000,
      delivery_time_min: 35,
      cuisines: ['Biryani', 'North Indian'],
      offer_text: '50% OFF up to ₹100',
      distance_m: 0,
      is_open: true,
      next_open_at: null,
      hours_label: 'Open 24 hours',
      city: 'Bengaluru',
      area: 'Koramangala',
    });
    const green = body.results.find((r) => r.id === fx.greenLeaf)!;
    expect(green.distance_m).toBeGreaterThan(5000);
    expect(green.distance_m).toBeLessThan(5300);
    const owl = body.results.find((r) => r.id === fx.nightOwl)!;
    expect(owl.is_open).toBe(false);
    const opensIn = Date.parse(owl.next_open_at!) - Date.now();
    // Two hours from now falls on the next Indian day late in the evening: the label says so.
    const istDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
    const tomorrow = istDay(Date.parse(owl.next_open_at!)) !== istDay(Date.now());
    expect(owl.next_open_label).toMatch(
      tomorrow ? /^Opens tomorrow at \d{1,2}:\d{2} (AM|PM)$/ : /^Opens at \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(opensIn).toBeGreaterThan(110 * 60_000);
    expect(opensIn).toBeLessThan(121 * 60_000);
    expect(body.cuisines).toEqual(['Biryani', 'Fast Food', 'North Indian', 'Rolls', 'South Indian']);
    expect(ids(body)).not.toContain(fx.bandra);
    expect(ids(body)).not.toContain(fx.inactive);
  });

  it('includes a restaurant just inside its radius and excludes it just outside', async () => {
    const perDegree = 111_195; // metres per degree of latitude
    const inside = await list(discoveryPaths.restaurantList(lat + 6_950 / perDegree, lng));
    expect(ids(inside)).toContain(fx.meghana);
    expect(inside.results.find((r) => r.id === fx.meghana)!.distance_m).toBeLessThanOrEqual(7000);
    const outside = await list(discoveryPaths.restaurantList(lat - 7_060 / perDegree, lng));
    expect(ids(outside)).not.toContain(fx.meghana);
  });

  it('answers an empty list where nothing delivers', async () => {
    const body = await list(discoveryPaths.restaurantList(12.9698, 77.75));
    expect(body).toMatchObject({ count: 0, results: [], cuisines: [], total_nearby: 0 });
    const far = await list(discoveryPaths.restaurantList(-33.86, 151.2));
    expect(far.count).toBe(0);
  });

  it('filters: veg only, rating 4.0+, fast delivery, cuisine (case-insensitive)', async () => {
    expect(ids(await list(discoveryPaths.restaurantList(lat, lng, { veg: true })))).toEqual([fx.greenLeaf]);
    expect(ids(await list(discoveryPaths.restaurantList(lat, lng, { rating4: true }))).sort()).toEqual(
      [fx.meghana, fx.greenLeaf].sort(),
    );
    expect(ids(await list(discoveryPaths.restaurantList(lat, lng, { fast: true })))).toEqual([
      fx.greenLeaf,
      fx.nightOwl,
    ]);
    expect(ids(await list(discoveryPaths.restaurantList(lat, lng, { cuisine: 'biryani' })))).toEqual([
      fx.meghana,
    ]);
    const both = await list(discoveryPaths.restaurantList(lat, lng, { cuisine: 'North Indian', veg: true }));
    expect(ids(both)).toEqual([fx.greenLeaf]);
    // The cuisine list and total stay those of the whole area.
    expect(both.total_nearby).toBe(3);
    expect(both.cuisines).toContain('Rolls');
    expect((await list(`/api/v1/restaurant/list/?lat=${lat}&lng=${lng}&veg=true&fast=0`)).count).toBe(1);
  });

  it('sorts by delivery time, rating and cost, with closed restaurants last', async () => {
    const s = (sort: 'delivery_time' | 'rating' | 'cost_asc' | 'cost_desc') =>
      list(discoveryPaths.restaurantList(lat, lng, { sort })).then(ids);
    expect(await s('delivery_time')).toEqual([fx.greenLeaf, fx.meghana, fx.nightOwl]);
    expect(await s('rating')).toEqual([fx.meghana, fx.greenLeaf, fx.nightOwl]);
    expect(await s('cost_asc')).toEqual([fx.greenLeaf, fx.meghana, fx.nightOwl]);
    expect(await s('cost_desc')).toEqual([fx.meghana, fx.greenLeaf, fx.nightOwl]);
    expect(ids(await list(`/api/v1/restaurant/list/?lat=${lat}&lng=${lng}&sort=relevance`))[2]).toBe(
      fx.nightOwl,
    );
  });

  it('answers a page at a time: each page links its neighbours, and the pages add up to the list', async () => {
    const whole = await list(discoveryPaths.restaurantList(lat, lng, { sort: 'rating' }));
    expect(whole).toMatchObject({ count: 3, next: null, previous: null });
    const page1 = await list(discoveryPaths.restaurantList(lat, lng, { sort: 'rating', page_size: 2 }));
    expect(page1).toMatchObject({
      count: 3,
      total_nearby: 3,
      previous: null,
      next: `/api/v1/restaurant/list/?lat=${lat}&lng=${lng}&sort=rating&page=2&page_size=2`,
    });
    expect(page1.cuisines).toEqual(whole.cuisines);
    const page2 = await list(page1.next!);
    expect(page2).toMatchObject({
      count: 3,
      next: null,
      previous: `/api/v1/restaurant/list/?lat=${lat}&lng=${lng}&sort=rating&page_size=2`,
    });
    expect([...ids(page1), ...ids(page2)]).toEqual(ids(whole));
    const past = await list(
      discoveryPaths.restaurantList(lat, lng, { sort: 'rating', page: 9, page_size: 2 }),
    );
    expect(past).toMatchObject({ count: 3, results: [], next: null, previous: null });
    for (const qs of ['page=0', 'page=x', 'page_size=0', 'page_size=101', 'page=10001']) {
      const res = await ctx.client.get(`/api/v1/restaurant/list/?lat=${lat}&lng=${lng}&${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(/page/);
    }
  });

  it('a page answers 20 cards unless asked for another size', async () => {
    expect(discoveryPaths.restaurantList(lat, lng, { page: 1, page_size: 20 })).toBe(
      discoveryPaths.restaurantList(lat, lng),
    );
    const big = await list(discoveryPaths.restaurantList(lat, lng, { page_size: 100 }));
    expect(big.count).toBe(3);
  });

  it('Veg mode leaves out restaurants that serve no veg dish, in the count too', async () => {
    await ctx.db.query(`update menu_items set is_veg = false where restaurant_id = $1`, [fx.nightOwl]);
    try {
      const vegMode = await eventually(async () => {
        const body = await list(discoveryPaths.restaurantList(lat, lng, { veg_mode: true }));
        return ids(body).includes(fx.nightOwl) ? undefined : body;
      });
      expect(ids(vegMode).sort()).toEqual([fx.meghana, fx.greenLeaf].sort());
      expect(vegMode).toMatchObject({ count: 2, total_nearby: 3 });
      expect(ids(await list(discoveryPaths.restaurantList(lat, lng)))).toContain(fx.nightOwl);
    } finally {
      await ctx.db.query(
        `update menu_items set is_veg = true where restaurant_id = $1 and name = 'Paneer Roll'`,
        [fx.nightOwl],
      );
      await eventually(async () => {
        const body = await list(discoveryPaths.restaurantList(lat, lng, { veg_mode: true }));
        return ids(body).includes(fx.nightOwl) ? body : undefined;
      });
    }
  });

  it('sends a strong ETag and Cache-Control, and answers 304 to If-None-Match', async () => {
    const path = discoveryPaths.restaurantList(lat, lng);
    const first = await ctx.client.get(path);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const again = await ctx.client.get(path, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);
    const weak = await ctx.client.get(path, { headers: { 'if-none-match': `"nope", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const other = await ctx.client.get(path, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends compressed variants (brotli, gzip) with their own tags, and 304s them', async () => {
    const path = discoveryPaths.restaurantList(lat, lng);
    const plain = await ctx.client.get(path);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await ctx.client.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['etag']).toBe(`${(plain.headers['etag'] as string).slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await ctx.client.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const again = await ctx.client.get(path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers x-gzip with the gzip copy and its tag, without the compress plugin', async () => {
    const path = discoveryPaths.restaurantList(lat, lng);
    const plain = await ctx.client.get(path);
    const gz = await ctx.client.get(path, { headers: { 'accept-encoding': 'x-gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toBe('Accept-Encoding');
    expect(gz.headers['etag']).toBe(`${(plain.headers['etag'] as string).slice(0, -1)}-gzip"`);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('checks a query string once: the same answer again, and a refused one refused every time', async () => {
    const path = discoveryPaths.restaurantList(lat, lng, { veg: true });
    const first = await ctx.client.get(path);
    const again = await ctx.client.get(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (let i = 0; i < 2; i++) {
      const bad = await ctx.client.get('/api/v1/restaurant/list/?lat=abc&lng=77.6');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/lat must be a number/);
    }
    // The same values in another order are another query string, checked on their own.
    const reordered = await ctx.client.get(`/api/v1/restaurant/list/?veg=1&lng=${lng}&lat=${lat}`);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.headers['etag']).toBe(first.headers['etag']);
  });

  it('rejects coordinates that are not numbers or out of range with 400 and a clear message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['lat=abc&lng=77.6', /lat must be a number/],
      ['lat=12.9&lng=', /lng must be a number/],
      ['lat=91&lng=77.6', /lat must be between -90 and 90/],
      ['lat=12.9&lng=-181', /lng must be between -180 and 180/],
      ['lng=77.6', /lat/],
      ['lat=1e400&lng=2', /lat must be a number/],
      ['lat=12.9&lng=77.6&sort=cheapest', /sort/],
      ['lat=12.9&lng=77.6&veg=maybe', /veg/],
      [`lat=12.9&lng=77.6&cuisine=${'x'.repeat(200)}`, /cuisine must be at most 60 characters/],
    ];
    for (const [qs, message] of cases) {
      const res = await ctx.client.get(`/api/v1/restaurant/list/?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(message);
    }
  });
});

describe('all restaurants and banners', () => {
  it('lists every active restaurant without a distance', async () => {
    const res = await ctx.client.get(discoveryPaths.allRestaurants());
    const body = allRestaurantsResponseSchema.parse(res.json());
    expect(ids(body).sort()).toEqual([fx.meghana, fx.greenLeaf, fx.nightOwl, fx.bandra].sort());
    expect(body.results.every((r) => r.distance_m === null)).toBe(true);
    expect(res.headers['etag']).toBeTruthy();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
  });

  it('paginates and filters by city', async () => {
    const page1 = allRestaurantsResponseSchema.parse(
      (await ctx.client.get(discoveryPaths.allRestaurants({ page_size: 3 }))).json(),
    );
    expect(page1).toMatchObject({
      count: 4,
      previous: null,
      next: '/api/v1/restaurant/all/?page=2&page_size=3',
    });
    expect(ids(page1)).toEqual([fx.meghana, fx.greenLeaf, fx.nightOwl]);
    const page2 = allRestaurantsResponseSchema.parse((await ctx.client.get(page1.next!)).json());
    expect(ids(page2)).toEqual([fx.bandra]);
    expect(page2).toMatchObject({ next: null, previous: '/api/v1/restaurant/all/?page=1&page_size=3' });
    const mumbai = allRestaurantsResponseSchema.parse(
      (await ctx.client.get(discoveryPaths.allRestaurants({ city: 'mumbai' }))).json(),
    );
    expect(ids(mumbai)).toEqual([fx.bandra]);
    expect((await ctx.client.get('/api/v1/restaurant/all/?page=0')).statusCode).toBe(400);
    expect((await ctx.client.get('/api/v1/restaurant/all/?page_size=5000')).statusCode).toBe(400);
  });

  it('lists active banners in order, with ETag and 304', async () => {
    const res = await ctx.client.get(discoveryPaths.banners());
    const body = bannersResponseSchema.parse(res.json());
    expect(body.results.map((b) => b.title)).toEqual(['Biryani week', 'Pure veg']);
    expect(body.results[0]).toMatchObject({ subtitle: 'Up to 50% off', link: '/restaurants' });
    const again = await ctx.client.get(discoveryPaths.banners(), {
      headers: { 'if-none-match': res.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('restaurant menu', () => {
  it('answers header info, offers and categories with counts, by id and by slug alike', async () => {
    const byId = await ctx.client.get(discoveryPaths.restaurant(fx.meghana));
    expect(byId.statusCode).toBe(200);
    const body = restaurantDetailSchema.parse(byId.json());
    expect(body).toMatchObject({
      id: fx.meghana,
      slug: 'meghana-biryani-house',
      name: 'Meghana Biryani House',
      address: '1 Main Road, Koramangala',
      packaging_fee: 2000,
      is_open: true,
      item_count: 5,
      distance_m: null,
    });
    expect(body.categories.map((c) => [c.name, c.count])).toEqual([
      ['Biryani', 3],
      ['Starters', 2],
    ]);
    const starters = body.categories[1]!.items;
    expect(starters[0]).toEqual({
      id: fx.items[`${fx.meghana}:Paneer Tikka`],
      name: 'Paneer Tikka',
      description: 'Cottage cheese cubes from the tandoor.',
      price: 26000,
      is_veg: true,
      diet: 'veg',
      is_bestseller: true,
      in_stock: true,
      image: null,
    });
    expect(starters[1]).toMatchObject({
      name: 'Chicken 65',
      is_veg: false,
      diet: 'non_veg',
      in_stock: false,
    });
    expect(body.offers.map((o) => o.coupon_code)).toEqual(['WELCOME50']);
    expect(body.offers[0]).toMatchObject({
      subtitle: '50% off up to ₹100',
      store_type: 'all',
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 10000,
      min_order: 19900,
      isWeekDays: false,
      isTimeofDay: false,
    });

    const bySlug = await ctx.client.get(discoveryPaths.restaurant('meghana-biryani-house'));
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toBe(byId.body);
    expect(bySlug.headers['etag']).toBe(byId.headers['etag']);
    expect((await ctx.client.get('/api/v1/restaurant/Meghana-Biryani-House/')).statusCode).toBe(200);
  });

  it('shows store-specific coupons only at their store', async () => {
    const body = restaurantDetailSchema.parse(
      (await ctx.client.get(discoveryPaths.restaurant('green-leaf'))).json(),
    );
    expect(body.offers.map((o) => o.coupon_code)).toEqual(['WELCOME50', 'GREEN20']);
    expect(body.offers[1]).toMatchObject({
      store_type: 'selected',
      isWeekDays: true,
      allowed_weeks: { monday: true, tuesday: false },
    });
  });

  it('answers 404 with a message for unknown or inactive restaurants and odd ids', async () => {
    for (const id of [
      'no-such-place',
      '999999',
      String(fx.inactive),
      'closed-for-good',
      '%3Cscript%3E',
      "1'%20or%20'1'='1",
      '0',
      '99999999999999999999',
    ]) {
      const res = await ctx.client.get(`/api/v1/restaurant/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'No restaurant with that id or name.' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await ctx.client.get(discoveryPaths.restaurant(fx.greenLeaf));
    const again = await ctx.client.get(discoveryPaths.restaurant(fx.greenLeaf), {
      headers: { 'if-none-match': first.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('reflects data changes at once (stock, prices, new restaurants) through change notifications', async () => {
    const path = discoveryPaths.restaurant(fx.greenLeaf);
    const before = await ctx.client.get(path);
    await ctx.db.query(`update menu_items set in_stock = false, price = 12500 where id = $1`, [
      fx.items[`${fx.greenLeaf}:Masala Dosa`],
    ]);
    const after = await eventually(async () => {
      const res = await ctx.client.get(path);
      return res.headers['etag'] !== before.headers['etag'] ? res : undefined;
    });
    const dosa = restaurantDetailSchema
      .parse(after.json())
      .categories[0]!.items.find((i) => i.name === 'Masala Dosa')!;
    expect(dosa).toMatchObject({ in_stock: false, price: 12500 });
    const stale = await ctx.client.get(path, {
      headers: { 'if-none-match': before.headers['etag'] as string },
    });
    expect(stale.statusCode).toBe(200);

    await ctx.db.query(`update restaurants set is_active = false where id = $1`, [fx.nightOwl]);
    await eventually(async () => {
      const body = await list(discoveryPaths.restaurantList(lat, lng));
      return ids(body).includes(fx.nightOwl) ? undefined : body;
    });
    expect((await ctx.client.get(discoveryPaths.restaurant('night-owl-rolls'))).statusCode).toBe(404);
    await ctx.db.query(`update restaurants set is_active = true where id = $1`, [fx.nightOwl]);
    await eventually(async () => {
      const body = await list(discoveryPaths.restaurantList(lat, lng));
      return ids(body).includes(fx.nightOwl) ? body : undefined;
    });
  });
});

describe('offers', () => {
  it('answers live coupons and restaurants with offers delivering to the point', async () => {
    const res = await ctx.client.get(discoveryPaths.offers({ lat, lng }));
    expect(res.statusCode).toBe(200);
    const body = offersResponseSchema.parse(res.json());
    expect(body.coupons.map((c) => c.coupon_code)).toEqual(['WELCOME50', 'GREEN20']);
    expect(body.restaurants.map((r) => r.id)).toEqual([fx.meghana, fx.nightOwl]);
    expect(body.restaurants[0]!.offer_text).toBe('50% OFF up to ₹100');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const again = await ctx.client.get(discoveryPaths.offers({ lat, lng }), {
      headers: { 'if-none-match': res.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers coupons only without a point, and 400 for half or bad points', async () => {
    const body = offersResponseSchema.parse((await ctx.client.get(discoveryPaths.offers())).json());
    expect(body.coupons).toHaveLength(2);
    expect(body.restaurants).toEqual([]);
    const half = await ctx.client.get(`/api/v1/offers/?lat=${lat}`);
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('Send both lat and lng, or neither.');
    expect((await ctx.client.get('/api/v1/offers/?lat=x&lng=1')).statusCode).toBe(400);
  });
});

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
