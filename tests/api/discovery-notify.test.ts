// The browsing caches are dropped when browsing data changes, and only then: a statement that matches
// no row (a periodic conditional UPDATE such as the kitchen sweep's) must not notify, or every
// process's list and menu caches would be emptied every few seconds.
import { describe, expect, it } from 'vitest';
import { makeCheckoutFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp({ seed: async (db) => makeCheckoutFixture(db) });

async function notifications(run: () => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  const stop = await ctx.db.listen('discovery_changed', (p) => heard.push(p));
  await run();
  await ctx.db.query('select 1');
  await new Promise((r) => setTimeout(r, 150));
  await stop();
  return heard;
}

describe('discovery_changed', () => {
  it('stays silent for statements that change no row', async () => {
    const heard = await notifications(async () => {
      await ctx.db.query(`update restaurants set paused_until = null where paused_until is not null`);
      await ctx.db.query(`update menu_items set in_stock = true where false`);
      await ctx.db.query(`delete from banners where id = -1`);
      await ctx.db.query(
        `insert into cities (slug, name, state, lat, lng) select 'x', 'x', 'x', 0, 0 where false`,
      );
    });
    expect(heard).toEqual([]);
  });

  it('fires once per statement that changes rows, naming the table', async () => {
    const heard = await notifications(async () => {
      await ctx.db.query(`update restaurants set rating = rating`);
      await ctx.db.query(
        `update menu_items set in_stock = in_stock where id = (select min(id) from menu_items)`,
      );
    });
    expect(heard).toEqual(['restaurants', 'menu_items']);
  });
});
