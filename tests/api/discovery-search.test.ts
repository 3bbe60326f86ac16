// Search and suggestions: full-text + trigram ranking (typos), dishes with their restaurant,
// restaurants by name and cuisine, nearby preference, ETag/304, and bad input.
import { describe, expect, it } from 'vitest';
import {
  discoveryPaths,
  searchResponseSchema,
  suggestResponseSchema,
  type SearchResponse,
} from '../../src/shared/api/discovery.ts';
import { BANDRA, seedDiscoveryFixture, type DiscoveryFixture } from './factories-discovery.ts';
import { setupApp } from './helper.ts';

let fx!: DiscoveryFixture;
const ctx = await setupApp({
  seed: async (db) => {
    fx = await seedDiscoveryFixture(db);
  },
});

async function search(query: string, near?: { lat: number; lng: number }): Promise<SearchResponse> {
  const res = await ctx.client.get(discoveryPaths.search(query, near));
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

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
