// The Indian dietary marks and what Veg mode reads (issue 16): every dish is veg, egg or non-veg,
// and every restaurant says whether it serves a veg dish (Veg mode hides those that do not).
import { describe, expect, it } from 'vitest';
import { KORAMANGALA, setupDemoApp } from './factories/index.ts';

const ctx = await setupDemoApp();

describe('dietary marks', () => {
  it('mark every dish veg, egg or non-veg, in agreement with is_veg', async () => {
    const items = (await ctx.menu(1)).categories.flatMap((c) => c.items);
    const diet = (name: string) => items.find((i) => i.name === name)?.diet;
    expect(diet('Egg Biryani')).toBe('egg');
    expect(diet('Chicken Biryani')).toBe('non_veg');
    expect(diet('Paneer Tikka')).toBe('veg');
    for (const i of items) expect(i.diet === 'veg', i.name).toBe(i.is_veg);
  });

  it('come with search results too', async () => {
    const found = await ctx.search('egg', KORAMANGALA);
    expect(found.dishes.length).toBeGreaterThan(0);
    expect(found.dishes.filter((d) => d.name.startsWith('Egg ')).every((d) => d.diet === 'egg')).toBe(true);
  });

  it('the demo shows egg dishes in many kitchens and pure-veg kitchens with only veg dishes', async () => {
    const [eggs] = await ctx.db.query<{ kitchens: number }>(
      'select count(distinct restaurant_id)::int as kitchens from menu_items where is_egg',
    );
    expect(eggs!.kitchens).toBeGreaterThan(5);
    const pureVeg = (await ctx.list()).results.filter((r) => r.pure_veg);
    expect(pureVeg.length).toBeGreaterThan(0);
    for (const r of pureVeg) {
      expect(r.serves_veg).toBe(true);
      expect((await ctx.menu(r.id)).categories.flatMap((c) => c.items).every((i) => i.diet === 'veg')).toBe(
        true,
      );
    }
  });

  it('a kitchen whose veg dishes are gone no longer serves veg (Veg mode hides it)', async () => {
    const target = (await ctx.list()).results.find((r) => !r.pure_veg && r.id !== 1)!;
    expect(target.serves_veg).toBe(true);
    await ctx.db.query('update menu_items set is_veg = false where restaurant_id = $1', [target.id]);
    // (This file's own database: nothing after this test reads that kitchen.)
    await expect
      .poll(async () => (await ctx.list()).results.find((r) => r.id === target.id)?.serves_veg, {
        timeout: 5000,
      })
      .toBe(false);
  });

  it('the database refuses a dish marked both veg and egg', async () => {
    await expect(
      ctx.db.query(`update menu_items set is_egg = true where name = 'Paneer Tikka' and restaurant_id = 1`),
    ).rejects.toThrow(/menu_items_egg_not_veg/);
  });
});
