// Search and suggestions: full-text + trigram ranking (typos), dishes with their restaurant,
// restaurants by name and cuisine, nearby preference, ETag/304, and bad input; the delivery
// location (what delivers there first, the rest marked, by the restaurant list's rule, cached per
// rounded point) and transliteration variants ("panner", "biriyani", "masaala dosa") on the fixture
// and on the demo seed.
import { describe, expect, it } from 'vitest';
import {
  restaurantListResponseSchema,
  searchResponseSchema,
  suggestResponseSchema,
  type SearchResponse,
  type SuggestResponse,
} from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import {
  BANDRA,
  KORAMANGALA,
  makeDiscoveryFixture,
  setupDemoApp,
  type DiscoveryFixture,
} from './factories/index.ts';
import { setupApp, type TestContext } from './helper.ts';

let fx!: DiscoveryFixture;
const ctx = await setupApp({
  seed: async (db) => {
    fx = await makeDiscoveryFixture(db);
  },
});

type Point = { lat: number; lng: number };

async function search(query: string, near?: Point, on: TestContext = ctx): Promise<SearchResponse> {
  const res = await on.client.get(discoveryPaths.search(query, near));
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

async function suggest(query: string, near?: Point, on: TestContext = ctx): Promise<SuggestResponse> {
  const res = await on.client.get(discoveryPaths.searchSuggest(query, near));
  expect(res.statusCode, res.body).toBe(200);
  return suggestResponseSchema.parse(res.json());
}

/** Ids of the restaurants the restaurant list says deliver to the point. */
async function listedAt(near: Point, on: TestContext = ctx): Promise<Set<number>> {
  const res = await on.client.get(discoveryPaths.restaurantList(near.lat, near.lng));
  expect(res.statusCode, res.body).toBe(200);
  return new Set(restaurantListResponseSchema.parse(res.json()).results.map((r) => r.id));
}

/** Every true before every false: what delivers comes first. */
function deliveringFirst(flags: Array<boolean | null>): boolean {
  const firstFar = flags.indexOf(false);
  return firstFar === -1 || !flags.slice(firstFar).includes(true);
}

/** A point `metres` due north of p (a degree of latitude is 111.195 km on the haversine sphere). */
const north = (p: Point, metres: number): Point => ({ lat: p.lat + metres / 111_195, lng: p.lng });

describe('search', () => {
  it('finds biryani dishes despite the typo "biriyani", with their restaurant', async () => {
    const body = await search('biriyani');
    expect(body.dishes.length).toBeGreaterThanOrEqual(3);
    expect(body.dishes[0]!.name).toMatch(/Biryani/);
    expect(body.dishes.every((d) => /biryani/i.test(d.name))).toBe(true);
    const chicken = body.dishes.find((d) => d.name === 'Chicken Biryani')!;
    expect(chicken).toMatchObject({
      id: fx.items[`${fx.meghana}:Chicken Biryani`],
      price: 32000,
      is_veg: false,
      category: 'Biryani',
      restaurant: {
        id: fx.meghana,
        slug: 'meghana-biryani-house',
        name: 'Meghana Biryani House',
        is_open: true,
      },
    });
    // Inactive restaurants' dishes never show.
    expect(body.dishes.map((d) => d.name)).not.toContain('Hidden Biryani');
    // Restaurants by name or cuisine.
    expect(body.restaurants.map((r) => r.id)).toEqual(expect.arrayContaining([fx.meghana, fx.bandra]));
    expect(body.restaurants.map((r) => r.id)).not.toContain(fx.inactive);
  });

  it('finds every paneer dish for "paneer" and prefixes for "pan"', async () => {
    const names = (await search('paneer')).dishes.map((d) => d.name).sort();
    expect(names).toEqual(['Paneer Butter Masala', 'Paneer Roll', 'Paneer Tikka']);
    const prefix = (await search('Pan')).dishes.map((d) => d.name);
    expect(prefix).toEqual(expect.arrayContaining(['Paneer Butter Masala', 'Paneer Roll', 'Paneer Tikka']));
    expect((await search('cottage cheese')).dishes[0]!.name).toBe('Paneer Tikka');
    expect((await search('masala dosa')).dishes[0]!.name).toBe('Masala Dosa');
  });

  it('finds restaurants by name with typos', async () => {
    const body = await search('meghna biryani');
    expect(body.restaurants[0]!.id).toBe(fx.meghana);
    expect((await search('green leaf')).restaurants[0]!.slug).toBe('green-leaf');
  });

  it('prefers what delivers to the given point', async () => {
    const body = await search('biryani', BANDRA);
    expect(body.dishes[0]!.name).toBe('Prawn Biryani');
    expect(body.dishes[0]!.restaurant.distance_m).toBe(0);
    expect(body.restaurants[0]!.id).toBe(fx.bandra);
    expect(body.restaurants[0]!.distance_m).toBe(0);
  });

  it('answers empty results for an empty query and 400 for one over 100 characters', async () => {
    for (const path of [
      '/api/v1/product/search',
      '/api/v1/product/search?query=',
      '/api/v1/product/search?query=%20%20',
    ]) {
      const res = await ctx.client.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toMatchObject({ dishes: [], restaurants: [] });
    }
    expect((await ctx.client.get(discoveryPaths.search('a'.repeat(100)))).statusCode).toBe(200);
    const long = await ctx.client.get(discoveryPaths.search('a'.repeat(1000)));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/query must be at most 100 characters/);
    const half = await ctx.client.get('/api/v1/product/search?query=x&lat=12.9');
    expect(half.statusCode).toBe(400);
    expect((await ctx.client.get('/api/v1/product/search?query=x&lat=abc&lng=1')).statusCode).toBe(400);
  });

  it('treats SQL and HTML as plain text', async () => {
    const sql = await search("'; drop table menu_items; --");
    expect(sql.dishes).toEqual([]);
    const rows = await ctx.db.query<{ n: number }>('select count(*)::int as n from menu_items');
    expect(rows[0]!.n).toBeGreaterThan(10);
    const html = await ctx.client.get(discoveryPaths.search('<script>alert(1)</script>'));
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^application\/json/);
    expect(html.json().query).toBe('<script>alert(1)</script>');
    for (const q of ['paneer:* | x', '!!!', '(((', "o'brien", '\\', '%_', 'paneer & !tikka']) {
      const res = await ctx.client.get(discoveryPaths.search(q));
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('sends a short-lived cache header and answers 304', async () => {
    const first = await ctx.client.get(discoveryPaths.search('paneer'));
    expect(first.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    const again = await ctx.client.get(discoveryPaths.search('paneer'), {
      headers: { 'if-none-match': first.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('suggest', () => {
  it('answers at most 8 suggestions: dishes (distinct names) and restaurants', async () => {
    const res = await ctx.client.get(discoveryPaths.searchSuggest('biryani'));
    expect(res.statusCode).toBe(200);
    const body = suggestResponseSchema.parse(res.json());
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(8);
    const dishes = body.results.filter((s) => s.type === 'dish').map((s) => s.name);
    expect(new Set(dishes).size).toBe(dishes.length);
    expect(dishes).toEqual(expect.arrayContaining(['Chicken Biryani', 'Mutton Biryani', 'Veg Biryani']));
    const rest = body.results.filter((s) => s.type === 'restaurant').map((s) => s.restaurant_slug);
    expect(rest).toContain('meghana-biryani-house');
    const tikka = (await ctx.client.get(discoveryPaths.searchSuggest('paneer t'))).json().results;
    expect(tikka[0]).toMatchObject({
      type: 'dish',
      name: 'Paneer Tikka',
      subtitle: 'Meghana Biryani House',
      restaurant_slug: 'meghana-biryani-house',
      is_veg: true,
    });
    expect(res.headers['etag']).toBeTruthy();
  });

  it('handles typos, empty and overlong queries', async () => {
    const typo = suggestResponseSchema.parse(
      (await ctx.client.get(discoveryPaths.searchSuggest('biriyani'))).json(),
    );
    expect(typo.results.some((s) => /Biryani/.test(s.name))).toBe(true);
    const empty = await ctx.client.get('/api/v1/product/search/suggest?query=');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().results).toEqual([]);
    expect((await ctx.client.get('/api/v1/product/search/suggest')).json().results).toEqual([]);
    expect((await ctx.client.get(discoveryPaths.searchSuggest('x'.repeat(1000)))).statusCode).toBe(400);
  });
});

describe('search at a delivery location', () => {
  it("marks each dish and restaurant by whether it delivers there, by the list's rule, those first", async () => {
    const listed = await listedAt(KORAMANGALA);
    expect(listed.has(fx.meghana)).toBe(true);
    expect(listed.has(fx.bandra)).toBe(false);
    const body = await search('biryani', KORAMANGALA);
    expect(body.dishes.map((d) => d.name)).toContain('Prawn Biryani'); // Bandra's, in Mumbai
    for (const d of body.dishes) expect(d.restaurant.delivers, d.name).toBe(listed.has(d.restaurant.id));
    for (const r of body.restaurants) expect(r.delivers, r.name).toBe(listed.has(r.id));
    expect(deliveringFirst(body.dishes.map((d) => d.restaurant.delivers))).toBe(true);
    expect(deliveringFirst(body.restaurants.map((r) => r.delivers))).toBe(true);
    expect(body.dishes.find((d) => d.name === 'Prawn Biryani')!.restaurant).toMatchObject({
      delivers: false,
      city: 'Mumbai',
    });
    // Without a point nothing is claimed either way.
    const anywhere = await search('biryani');
    expect(anywhere.dishes.every((d) => d.restaurant.delivers === null)).toBe(true);
    expect(anywhere.restaurants.every((r) => r.delivers === null)).toBe(true);
  });

  it('agrees with the list at the edge of a delivery radius (7 km around Meghana)', async () => {
    for (const [metres, inside] of [
      [6990, true],
      [7010, false],
    ] as const) {
      const at = north(KORAMANGALA, metres);
      expect((await listedAt(at)).has(fx.meghana), `${metres} m`).toBe(inside);
      const dish = (await search('chicken biryani', at)).dishes.find((d) => d.restaurant.id === fx.meghana);
      expect(dish?.restaurant.delivers, `${metres} m`).toBe(inside);
      const hit = (await suggest('meghana', at)).results.find((s) => s.restaurant_id === fx.meghana);
      expect(hit?.delivers, `${metres} m`).toBe(inside);
    }
  });

  it('suggests what delivers first and marks the rest', async () => {
    const near = await suggest('biryani', KORAMANGALA);
    const listed = await listedAt(KORAMANGALA);
    expect(near.results.length).toBeGreaterThan(0);
    for (const s of near.results) expect(s.delivers, s.name).toBe(listed.has(s.restaurant_id));
    expect(deliveringFirst(near.results.map((s) => s.delivers))).toBe(true);
    expect(near.results.find((s) => s.name === 'Prawn Biryani')?.delivers).toBe(false);
    // In Bandra, Bandra's prawn biryani delivers and comes before Koramangala's dishes.
    const bandra = await suggest('biryani', BANDRA);
    expect(bandra.results[0]).toMatchObject({ delivers: true, restaurant_id: fx.bandra });
    expect((await suggest('biryani')).results.every((s) => s.delivers === null)).toBe(true);
    const half = await ctx.client.get('/api/v1/product/search/suggest?query=x&lng=77.6');
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'validation_error' });
  });

  it('caches per query and rounded point', async () => {
    const a = await ctx.client.get(discoveryPaths.search('paneer', KORAMANGALA));
    const b = await ctx.client.get(
      discoveryPaths.search('paneer', { lat: KORAMANGALA.lat + 0.000001, lng: KORAMANGALA.lng }),
    );
    expect(b.headers['etag']).toBe(a.headers['etag']);
    const far = await ctx.client.get(discoveryPaths.search('paneer', BANDRA));
    expect(far.headers['etag']).not.toBe(a.headers['etag']);
    const s1 = await ctx.client.get(discoveryPaths.searchSuggest('paneer', KORAMANGALA));
    expect(s1.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    const again = await ctx.client.get(discoveryPaths.searchSuggest('paneer', KORAMANGALA), {
      headers: { 'if-none-match': s1.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('spelling variants', () => {
  it('finds paneer dishes for "panner" and "panir", in search and suggestions', async () => {
    for (const q of ['panner', 'panir', 'PANEER']) {
      const names = (await search(q)).dishes.map((d) => d.name).sort();
      expect(names, q).toEqual(['Paneer Butter Masala', 'Paneer Roll', 'Paneer Tikka']);
      expect((await suggest(q)).results[0], q).toMatchObject({
        type: 'dish',
        name: expect.stringMatching(/^Paneer/),
      });
    }
    expect((await search('panner tika')).dishes[0]!.name).toBe('Paneer Tikka');
    expect((await search('masaala dosai')).dishes[0]!.name).toBe('Masala Dosa');
  });
});

// ---------------------------------------------------------------------------------------------
// The demo seed: what a customer meets first.
// ---------------------------------------------------------------------------------------------

const demo = await setupDemoApp();

describe('search on the demo seed', () => {
  const firstNames = async (q: string, n: number, near?: Point) =>
    (await search(q, near, demo)).dishes.slice(0, n).map((d) => d.name);

  it('finds the dish meant by common Indian spellings first', async () => {
    const cases: Array<[query: string, meant: RegExp]> = [
      ['panner', /paneer/i],
      ['panir', /paneer/i],
      ['paner', /paneer/i],
      ['biriyani', /biryani/i],
      ['briyani', /biryani/i],
      ['masaala dosa', /masala dosa/i],
      ['chat', /chaat/i],
      ['dhal', /\bdal\b/i],
      ['idly', /\bidli\b/i],
      ['chiken tika', /chicken tikka/i],
      ['wada pao', /vada pav/i],
      ['chhole', /\bchole\b/i],
      ['kheema', /keema|kheema/i],
      ['sambhar idli', /sambar idli/i],
    ];
    for (const [q, meant] of cases) {
      const names = await firstNames(q, 5);
      expect(names.length, q).toBeGreaterThan(0);
      for (const name of names) expect(name, q).toMatch(meant);
      const top = (await suggest(q, undefined, demo)).results.find((s) => s.type === 'dish');
      expect(top?.name, q).toMatch(meant);
    }
    // "panner" is paneer, not the pancakes or aam panna that share letters with it.
    const panner = (await search('panner', undefined, demo)).dishes.map((d) => d.name);
    expect(panner.filter((n) => /pancake|panna/i.test(n))).toEqual([]);
    expect((await firstNames('masaala dosa', 1))[0]).toBe('Masala Dosa');
    // Typed the usual way, a loose key match (pista for pasta) stays out.
    expect((await search('pasta', undefined, demo)).dishes.every((d) => /pasta/i.test(d.name))).toBe(true);
  });

  it('at Koramangala, "fish biryani" shows what delivers first and marks the rest', async () => {
    const listed = await listedAt(KORAMANGALA, demo);
    const body = await search('fish biryani', KORAMANGALA, demo);
    expect(body.dishes.length).toBeGreaterThan(0);
    for (const d of body.dishes) expect(d.restaurant.delivers, d.name).toBe(listed.has(d.restaurant.id));
    expect(deliveringFirst(body.dishes.map((d) => d.restaurant.delivers))).toBe(true);
    expect(body.dishes[0]!.restaurant.delivers).toBe(true);
    // No restaurant near Koramangala serves fish biryani: those that do are marked, never first.
    const fish = body.dishes.filter((d) => d.name === 'Fish Biryani');
    expect(fish.length).toBeGreaterThan(0);
    expect(fish.every((d) => d.restaurant.delivers === false && d.restaurant.city !== '')).toBe(true);
    const suggestions = await suggest('fish biryani', KORAMANGALA, demo);
    expect(suggestions.results[0]!.delivers).toBe(true);
    expect(deliveringFirst(suggestions.results.map((s) => s.delivers))).toBe(true);
  });

  it('keys every dish name, also one added while running', async () => {
    await search('paneer', undefined, demo);
    const missing = async () =>
      (
        await demo.db.query<{ n: number }>(
          'select count(*)::int as n from menu_dish_names where name_keys is null',
        )
      )[0]!.n;
    expect(await missing()).toBe(0);
    await demo.db.query(
      `insert into menu_items (restaurant_id, category_id, name, description, price, is_veg, is_bestseller,
         in_stock, image, position)
       select restaurant_id, id, 'Paneer Bhurji Pav', 'Scrambled paneer with buttered pav.', 19900, true,
              false, true, null, 99
         from menu_categories where restaurant_id = 1 order by position limit 1`,
    );
    // The change notification reaches the catalogue, and the next search keys the new name.
    await expect
      .poll(
        async () => {
          await search('bhurji', undefined, demo);
          return missing();
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    expect((await search('panner bhurjee', undefined, demo)).dishes[0]?.name).toBe('Paneer Bhurji Pav');
  });
});
