// The discovery API on the demo seed: the agreed demo facts a customer meets first.
import { describe, expect, it } from 'vitest';
import { restaurantDetailSchema } from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { KORAMANGALA, setupDemoApp } from './factories/index.ts';

const ctx = await setupDemoApp();

describe('discovery on the demo data', () => {
  it('restaurant 1 delivers to Koramangala and opens by id and slug', async () => {
    const list = await ctx.list(KORAMANGALA);
    expect(list.count).toBeGreaterThan(1);
    const first = list.results.find((r) => r.id === 1)!;
    expect(first).toMatchObject({ slug: 'meghana-biryani-house', is_open: true, distance_m: 0 });
    expect(list.results.every((r) => r.distance_m! <= r.delivery_radius_m)).toBe(true);
    expect(list.results.every((r) => r.city === 'Bengaluru')).toBe(true);
    expect(list.cuisines.length).toBeGreaterThan(1);

    const byId = await ctx.client.get(discoveryPaths.restaurant(1));
    const bySlug = await ctx.client.get(discoveryPaths.restaurant('meghana-biryani-house'));
    expect(bySlug.body).toBe(byId.body);
    const menu = restaurantDetailSchema.parse(byId.json());
    const names = menu.categories.flatMap((c) => c.items.map((i) => i.name));
    expect(names).toEqual(expect.arrayContaining(['Paneer Tikka', 'Chicken Biryani']));
    expect(menu.categories.every((c) => c.count === c.items.length && c.count > 0)).toBe(true);
    expect(menu.offers.map((o) => o.coupon_code)).toContain('WELCOME50');
    expect((await ctx.client.get(discoveryPaths.restaurant('no-such-restaurant'))).statusCode).toBe(404);
  });

  it('search: "biriyani" finds biryani dishes first, "paneer" finds paneer dishes', async () => {
    const biryani = await ctx.search('biriyani', KORAMANGALA);
    expect(biryani.dishes.length).toBeGreaterThan(0);
    expect(biryani.dishes[0]!.name).toMatch(/biryani/i);
    expect(biryani.dishes.slice(0, 10).every((d) => /biryani/i.test(d.name))).toBe(true);
    const paneer = await ctx.search('paneer');
    expect(paneer.dishes.length).toBeGreaterThan(0);
    expect(paneer.dishes.slice(0, 10).every((d) => /paneer/i.test(`${d.name} ${d.description}`))).toBe(true);
    expect(paneer.dishes.map((d) => d.name)).toContain('Paneer Tikka');
  });

  it('search ranks what was typed first and mixes close matches', async () => {
    const search = (q: string) => ctx.search(q, KORAMANGALA);
    const names = (body: { dishes: Array<{ name: string }> }, n: number) =>
      body.dishes.slice(0, n).map((d) => d.name);
    // The exact dish name leads; dishes starting with the word come before those ending with it.
    const butterChicken = names(await search('butter chicken'), 5);
    expect(butterChicken[0]).toBe('Butter Chicken');
    // A near miss by letters ("Chicken Burger") does not crowd out the real matches.
    expect(butterChicken.every((n) => /butter chicken/i.test(n))).toBe(true);
    expect(names(await search('Masala Dosa'), 1)).toEqual(['Masala Dosa']);
    const paneer = names(await search('paneer'), 6);
    expect(paneer[0]).toMatch(/^Paneer /);
    // One dish name does not fill the first screen.
    expect(new Set(paneer).size).toBeGreaterThanOrEqual(3);
    expect(new Set(names(await search('biryani'), 6)).size).toBeGreaterThanOrEqual(3);
  });

  it('offers near Koramangala include WELCOME50', async () => {
    const res = await ctx.client.get(discoveryPaths.offers(KORAMANGALA));
    expect(res.statusCode).toBe(200);
    expect(res.json().coupons.map((c: { coupon_code: string }) => c.coupon_code)).toContain('WELCOME50');
  });
});
