// Dish suggestions and the search page's dishes at scale (issue 17): each matching dish name's items
// are chosen from the catalogue's ranking of that name's items (src/server/modules/discovery/
// catalogue.ts pickDishes and dishItems) instead of by reading every item of the name. The answers must
// be those of the statements they replace (kept below as the reference): same names, items, scores and
// order, with and without a point, ties in rating and dishes out of stock included; and a change of
// rating, activity or menu must show in the next suggestion.
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed.ts';
import { Rng } from '../../src/server/db/seed/prng.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';
import { Catalogue, type Snapshot } from '../../src/server/modules/discovery/catalogue.ts';
import {
  WORD_SIMILARITY_THRESHOLD,
  matchingNames,
  searchDishes,
  suggestDishes,
  type DishHitRow,
  type DishSuggestionRow,
  type SearchTerms,
} from '../../src/server/modules/discovery/queries.ts';
import { toPrefixTsquery } from '../../src/server/modules/discovery/service.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { suggestResponseSchema } from '../../src/shared/api/discovery.ts';
import { deliveryReach, type LatLng } from '../../src/shared/geo.ts';
import { spellingWords, wordKey } from '../../src/shared/spelling-key.ts';
import { KORAMANGALA, makeCity, makeDish, makeRestaurant } from './factories/index.ts';
import { setupApp } from './helper.ts';

/** Above every seeded rating (3.2-4.8), so these kitchens are where a dish falls back to. */
const TOP = 4.9;
const dish = (name: string) => ({ name, price: 20000, veg: true });

const ctx = await setupApp({
  seed: async (db) => {
    await seedDemo(db, { scale: 2 });
    const city = await makeCity(db);
    const menu = (names: string[]) => [{ category: 'Mains', dishes: names.map(dish) }];
    // Ties: four kitchens rated alike serve the same names; the later kitchens' items get the lower
    // ids for some names, so the tie is broken by item id, not by restaurant.
    const tied = [];
    for (let i = 0; i < 4; i++) {
      tied.push(await makeRestaurant(db, { cityId: city.id, at: KORAMANGALA, rating: TOP, menu: menu([]) }));
    }
    for (const r of [...tied].reverse()) {
      await makeDish(db, { ...dish('Paneer Tikka'), restaurantId: r.id });
      await makeDish(db, { ...dish('Masala Dosa'), restaurantId: r.id });
    }
    for (const r of tied) await makeDish(db, { ...dish('Chicken Biryani'), restaurantId: r.id });
    // Out of stock: two of the tied kitchens' Paneer Tikka and one in four of the demo's items.
    await db.query(
      `update menu_items set in_stock = false
        where (name = 'Paneer Tikka' and restaurant_id = any($1::int[])) or id % 4 = 0`,
      [tied.slice(1, 3).map((r) => r.id)],
    );
    // Twice on one menu, and far from Koramangala at the top rating.
    await makeRestaurant(db, {
      cityId: city.id,
      at: { lat: 19.0596, lng: 72.8295 },
      rating: TOP,
      menu: menu(['Veg Biryani', 'Veg Biryani', 'Masala Chai']),
    });
    // Closed for good: never chosen, even rated above all; its own names are never suggested.
    await makeRestaurant(db, {
      cityId: city.id,
      at: KORAMANGALA,
      rating: 5,
      active: false,
      menu: menu(['Paneer Tikka', 'Masala Dosa', 'Ghost Pepper Kulfi']),
    });
  },
});

/**
 * The statement suggestDishes replaced (queries.ts before decision 19): the same matching names, then
 * one item per name, chosen by reading every item of the name. $6 holds the preferred restaurants.
 */
const OLD_SUGGEST = /* sql */ `
  with names as (${matchingNames('$4', '$5')})
  select pick.id, pick.name, pick.is_veg, pick.image, pick.restaurant_id, names.score
    from names
    cross join lateral (
      select mi.id, mi.name, mi.is_veg, mi.image, mi.restaurant_id
        from menu_items mi
        join restaurants r on r.id = mi.restaurant_id
       where mi.name = names.name and r.is_active
       order by coalesce(mi.restaurant_id = any($6::int[]), false) desc, r.rating desc, mi.id
       limit 1
    ) pick
   order by names.name`;

type Opts = { restaurantIds?: number[]; preferIds?: number[] };

async function oldSuggest(terms: SearchTerms, opts: Opts) {
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.query(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    return tx.query<DishSuggestionRow>(OLD_SUGGEST, [
      terms.text,
      terms.tsquery,
      8,
      terms.keys,
      opts.restaurantIds ?? null,
      opts.preferIds ?? opts.restaurantIds ?? null,
    ]);
  });
  return rows.map((r) => ({ ...r, score: Number(r.score) })).sort((a, b) => b.score - a.score);
}

/** The search terms of a query, as DiscoveryService makes them. */
function termsOf(query: string): SearchTerms {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return { text, tsquery: toPrefixTsquery(text), keys: spellingWords(text).slice(0, 8).map(wordKey) };
}

const coveredAt = (snap: Snapshot, p: LatLng) =>
  snap.restaurants.filter((r) => deliveryReach(r, p).delivers).map((r) => r.id);

/** Queries as customers type them: dish name words, their starts, typos and pairs. */
async function queries(): Promise<string[]> {
  const rng = new Rng('discovery-suggest-picks');
  const names = (await ctx.db.query<{ name: string }>('select name from menu_dish_names order by name')).map(
    (r) => r.name,
  );
  const out = new Set(['bir', 'biryani', 'biriyani', 'paneer', 'panner tikka', 'dosa', 'pizza', 'chick']);
  for (const q of ['cake', 'noodles', 'coffee', 'thali', 'masala', 'chai', 'veg biryani', 'kulfi', 'ghost']) {
    out.add(q);
  }
  for (let i = 0; i < 90; i++) {
    const words = rng
      .pick(names)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (words.length === 0) continue;
    let q = rng.pick(words);
    const roll = rng.int(0, 3);
    if (roll === 0) q = q.slice(0, rng.int(1, Math.max(1, q.length - 1)));
    else if (roll === 1 && q.length > 3) {
      const at = rng.int(1, q.length - 2);
      q = q.slice(0, at) + q.slice(at + 1);
    } else if (roll === 2) q = `${q} ${rng.pick(words)}`;
    out.add(q);
  }
  return [...out];
}

/**
 * The statement searchDishes replaced (queries.ts before this change): each matching name's first six
 * items read and sorted by the database, then the description matches, always (searchDishes skips
 * them when the names fill the answer), the best 60 as searchDishes picks them (before 2026-12-07 any
 * 60, whichever the database's plan read first: the same two statements then disagreed).
 */
const OLD_SEARCH = /* sql */ `with names as (${matchingNames('$6', '$4')}),
       by_name as (
         select x.id, n.score - 0.1 * (x.nth - 1) as score
           from names n
           cross join lateral (
             select mi.id, row_number() over (order by mi.in_stock desc, r.rating desc, mi.id) as nth
               from menu_items mi
               join restaurants r on r.id = mi.restaurant_id
              where mi.name = n.name and r.is_active
                and ($4::int[] is null or mi.restaurant_id = any($4::int[]))
              order by mi.in_stock desc, r.rating desc, mi.id
              limit 6
           ) x
       ),
       by_description as (
         select mi.id, 0.8::float8 as score
           from menu_items mi
           join restaurants r on r.id = mi.restaurant_id
          where $2 <> '' and mi.search_vector @@ to_tsquery('simple', $2)
            and not exists (select 1 from names where names.name = mi.name) and r.is_active
            and ($4::int[] is null or mi.restaurant_id = any($4::int[]))
          order by mi.in_stock desc, mi.is_bestseller desc, r.rating desc, mi.id
          limit 60
       ),
       cand as (select * from by_name union all select * from by_description)
       select mi.id, mi.category_id, mi.name, mi.description, mi.price, mi.is_veg, mi.is_egg, mi.is_bestseller,
              mi.in_stock, mi.image, mi.restaurant_id, mc.name as category, cand.score::float8 as score
         from cand
         join menu_items mi on mi.id = cand.id
         join menu_categories mc on mc.id = mi.category_id
         join restaurants r on r.id = mi.restaurant_id
        where r.is_active
        order by cand.score desc, mi.in_stock desc, mi.is_bestseller desc, r.rating desc, mi.id
        limit $5`;

async function oldSearch(terms: SearchTerms, opts: { restaurantIds?: number[] }) {
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.query(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    return tx.query<DishHitRow>(OLD_SEARCH, [
      terms.text,
      terms.tsquery,
      25,
      opts.restaurantIds ?? null,
      120,
      terms.keys,
    ]);
  });
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

async function suggestedDish(query: string) {
  const res = await ctx.client.get(discoveryPaths.searchSuggest(query));
  expect(res.statusCode, res.body).toBe(200);
  const first = suggestResponseSchema.parse(res.json()).results.find((s) => s.type === 'dish');
  return first && { id: first.id, restaurant: first.restaurant_id };
}

describe('dish suggestions from the catalogue', () => {
  it('choose the items the old statement chose, with and without preferred restaurants', async () => {
    const catalogue = new Catalogue(ctx.db);
    const snap = await catalogue.get();
    const rng = new Rng('discovery-suggest-picks-prefer');
    const points = [KORAMANGALA, LOCALITIES[3]!, LOCALITIES[40]!, LOCALITIES[90]!];
    const picked = { preferred: 0, fallback: 0, tiedAtTop: 0 };
    const byId = new Map(snap.restaurants.map((r) => [r.id, r]));
    for (const [i, query] of (await queries()).entries()) {
      const terms = termsOf(query);
      const covered = coveredAt(snap, points[i % points.length]!);
      const some = snap.restaurants.filter(() => rng.next() < 0.2).map((r) => r.id);
      const variants: Opts[] = [
        {},
        { restaurantIds: covered },
        { preferIds: covered },
        { preferIds: some },
        { preferIds: [] },
      ];
      for (const opts of variants) {
        const label = `${query} ${JSON.stringify(opts).slice(0, 60)}`;
        const expected = await oldSuggest(terms, opts);
        expect(await suggestDishes(ctx.db, catalogue, terms, 8, opts), label).toEqual(expected);
        const prefer = new Set(opts.preferIds ?? opts.restaurantIds ?? []);
        for (const d of expected) {
          if (prefer.has(d.restaurant_id)) picked.preferred++;
          else picked.fallback++;
          if (byId.get(d.restaurant_id)?.rating === TOP) picked.tiedAtTop++;
        }
      }
    }
    // The comparison covered both ways of choosing and the tied kitchens.
    expect(picked.preferred).toBeGreaterThan(200);
    expect(picked.fallback).toBeGreaterThan(200);
    expect(picked.tiedAtTop).toBeGreaterThan(20);
  });

  it('give the search page the dishes, scores and order the old statement gave', async () => {
    const catalogue = new Catalogue(ctx.db);
    const snap = await catalogue.get();
    const points = [KORAMANGALA, LOCALITIES[3]!, LOCALITIES[40]!];
    const seen = { rows: 0, outOfStock: 0, sameName: 0 };
    for (const [i, query] of (await queries()).entries()) {
      const terms = termsOf(query);
      for (const opts of [{}, { restaurantIds: coveredAt(snap, points[i % points.length]!) }]) {
        const expected = await oldSearch(terms, opts);
        // Rows of equal score and stock, bestseller mark, rating and id cannot be told apart: none.
        expect(await searchDishes(ctx.db, catalogue, terms, { limit: 120, ...opts }), query).toEqual(
          expected,
        );
        seen.rows += expected.length;
        seen.outOfStock += expected.filter((d) => !d.in_stock).length;
        const names = expected.map((d) => d.name);
        seen.sameName += names.filter((n, at) => names.indexOf(n) !== at).length;
      }
    }
    expect(seen.rows).toBeGreaterThan(2000);
    expect(seen.outOfStock).toBeGreaterThan(200);
    // A name's second to sixth items, whose scores step down.
    expect(seen.sameName).toBeGreaterThan(500);
  });

  it('shows a change of rating, activity or menu in the next suggestion', async () => {
    const oldPick = async () => {
      const [row] = await oldSuggest(termsOf('paneer tikka'), {});
      return { id: row!.id, restaurant: row!.restaurant_id };
    };
    const settle = async (change: string, params: unknown[]) => {
      await ctx.db.query(change, params);
      const expected = await oldPick();
      // The change notification reaches the app's catalogue a moment later.
      await expect.poll(() => suggestedDish('paneer tikka'), { timeout: 5000 }).toEqual(expected);
      return expected;
    };
    const first = await oldPick();
    expect(await suggestedDish('paneer tikka')).toEqual(first);
    const [other] = await ctx.db.query<{ restaurant_id: number }>(
      `select mi.restaurant_id from menu_items mi join restaurants r on r.id = mi.restaurant_id
        where mi.name = 'Paneer Tikka' and r.is_active and r.rating < $1 order by mi.id desc limit 1`,
      [TOP],
    );
    const [far] = await ctx.db.query<{ id: number }>(
      `select id from restaurants where rating = $1 and lat > 19`,
      [TOP],
    );
    const otherId = other!.restaurant_id;
    const rated = await settle(`update restaurants set rating = 5 where id = $1`, [otherId]);
    expect(rated.restaurant).toBe(otherId);
    expect(await settle(`update restaurants set is_active = false where id = $1`, [otherId])).toEqual(first);
    const renamed = await settle(`update menu_items set name = 'Paneer Tikka Roll' where id = $1`, [
      first.id,
    ]);
    expect(renamed.id).not.toBe(first.id);
    expect(await settle(`update restaurants set rating = 5 where id = $1`, [far!.id])).toEqual(renamed);
    const added = await settle(
      `insert into menu_items (restaurant_id, category_id, name, price, is_veg, position)
       select $1, id, 'Paneer Tikka', 10000, true, 9 from menu_categories where restaurant_id = $1 limit 1`,
      [far!.id],
    );
    expect(added.restaurant).toBe(far!.id);
    expect(await settle(`delete from menu_items where id = $1`, [added.id])).toEqual(renamed);
    await settle(`update restaurants set is_active = true, rating = 3.1 where id = $1`, [otherId]);
  });
});
