// Restaurant search at scale (issue 17): it scores a short list read from the in-memory catalogue
// (src/server/modules/discovery/restaurant-match.ts) instead of every restaurant. The answers must
// be those of scoring every restaurant (same rows, order and scores), on the demo seed and on names
// that are awkward to foresee (accents, digits, punctuation), and the list must be short.
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed.ts';
import type { Db } from '../../src/server/db/index.ts';
import { Rng } from '../../src/server/db/seed/prng.ts';
import { Catalogue, type Snapshot } from '../../src/server/modules/discovery/catalogue.ts';
import {
  WORD_SIMILARITY_THRESHOLD,
  searchRestaurants,
  type SearchTerms,
} from '../../src/server/modules/discovery/queries.ts';
import { RestaurantMatcher, trigramsOf } from '../../src/server/modules/discovery/restaurant-match.ts';
import { DiscoveryService, toPrefixTsquery } from '../../src/server/modules/discovery/service.ts';
import { spellingKey, spellingWords, wordKey } from '../../src/shared/spelling-key.ts';
import { KORAMANGALA, makeCity, makeRestaurant } from './factories/index.ts';
import { setupApp } from './helper.ts';

/** Names the matcher cannot foresee in full, or that tempt it to cut corners. */
const AWKWARD: Array<{ name: string; cuisines: string[]; rating?: number }> = [
  { name: 'Café Madras', cuisines: ['South Indian', 'Café'] },
  { name: 'İstanbul Kebab Evi', cuisines: ['Kebabs'] },
  { name: 'Naïve Bakes', cuisines: ['Bakery'] },
  { name: 'Delhi 6', cuisines: ['North Indian'] },
  { name: '1e5abc Biryani', cuisines: ['Biryani'] },
  { name: '24x7 Dosa Point', cuisines: ['South Indian', '24x7'] },
  { name: 'Route 66 Diner', cuisines: ['American'] },
  { name: "O'Brien's Pizza", cuisines: ['Pizza'] },
  { name: 'Indo-Chinese Wok Co.', cuisines: ['Indo-Chinese'] },
  { name: 'Biryani@Home', cuisines: ['Biryani'] },
  { name: 'www.chaat.com', cuisines: ['Chaat'] },
  { name: 'Pizza_Hut_Express', cuisines: ['Pizza'] },
  { name: 'BIRYANI BIRYANI BIRYANI', cuisines: ['Biryani'] },
  { name: 'Paradise Biryani', cuisines: ['Biryani'], rating: 4.3 },
  { name: 'Paradise Biryani', cuisines: ['Biryani'], rating: 4.3 },
  { name: 'Paradise Biryani', cuisines: ['Hyderabadi'], rating: 4.3 },
  { name: 'The The', cuisines: ['Cafe'] },
  { name: 'x', cuisines: ['Snacks'] },
  { name: 'Mumbai.Pav.Bhaji & Co', cuisines: ['Street Food'] },
  { name: `Hotel ${'Sri Krishna '.repeat(8)}Bhavan`, cuisines: ['South Indian'] },
];

const ctx = await setupApp({
  seed: async (db) => {
    await seedDemo(db, { scale: 2 });
    const city = await makeCity(db);
    for (const r of AWKWARD) {
      await makeRestaurant(db, {
        cityId: city.id,
        name: r.name,
        cuisines: r.cuisines,
        rating: r.rating ?? 4.1,
      });
    }
  },
});

/** The search terms of a query, as DiscoveryService makes them. */
function termsOf(query: string): SearchTerms {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return { text, tsquery: toPrefixTsquery(text), keys: spellingWords(text).slice(0, 8).map(wordKey) };
}

/** The restaurants and cuisines matching by spelling key, by DiscoveryService's rule. */
function spelledIn(snap: Snapshot, keys: string[]) {
  const holds = (name: string) => {
    const own = spellingKey(name).split(' ');
    return keys.every((k) => own.includes(k));
  };
  if (keys.length === 0) return { restaurantIds: [], cuisines: [] };
  return {
    restaurantIds: snap.restaurants.filter((r) => holds(r.name)).map((r) => r.id),
    cuisines: snap.cuisines.filter(holds),
  };
}

/** Queries as customers type them: words of names and cuisines, their starts, typos, and oddities. */
function queries(snap: Snapshot): string[] {
  const rng = new Rng('discovery-search-scale');
  const texts = [...new Set([...snap.restaurants.map((r) => r.name), ...snap.cuisines])];
  const out = new Set([
    ...['bir', 'biryani', 'biriyani', 'briyani', 'paneer', 'dosa', 'pizza', 'chick', 'cake', 'noodles'],
    ...['coffee', 'thali', 'north indian', 'street food', 'piza', 'b', 'a', 'the', 'co', 'cafe', 'café'],
    ...['istanbul', 'naive', 'delhi', 'delhi 6', '24', '1e5', 'abc', 'route', 'obrien', "o'brien"],
    ...['indo', 'indo-chinese', 'chaat', 'www', 'hut', 'pav bhaji', 'sri krishna', 'krishna bhavan'],
    ...['!!!', 'x', 'zzzz', 'paradise', 'paradise biryani', 'house', 'kitchen', 'ñam', 'i̇stanbul'],
  ]);
  for (let i = 0; i < 80; i++) {
    const words = rng
      .pick(texts)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (words.length === 0) continue;
    let q = rng.pick(words);
    const roll = rng.int(0, 4);
    if (roll === 0) q = q.slice(0, rng.int(1, Math.max(1, q.length - 1)));
    else if (roll === 1 && q.length > 3) {
      const at = rng.int(1, q.length - 2);
      q = q.slice(0, at) + q.slice(at + 1);
    } else if (roll === 2 && q.length > 3) {
      const at = rng.int(0, q.length - 2);
      q = q.slice(0, at) + q[at + 1] + q[at] + q.slice(at + 2);
    } else if (roll === 3) q = `${q} ${rng.pick(words)}`;
    out.add(q);
  }
  return [...out];
}

async function snapshotOf(db: Db): Promise<Snapshot> {
  return new Catalogue(db).get();
}

describe('restaurant search on a short list', () => {
  it('answers as scoring every restaurant: same rows, order and scores', async () => {
    const snap = await snapshotOf(ctx.db);
    const matcher = new RestaurantMatcher(snap.restaurants, snap.cuisines, WORD_SIMILARITY_THRESHOLD);
    let shortened = 0;
    let cuts = 0;
    for (const query of queries(snap)) {
      const terms = termsOf(query);
      const spelled = spelledIn(snap, terms.keys);
      for (const limit of [3, 20, 50]) {
        const label = `${query} (limit ${limit})`;
        const all = await searchRestaurants(ctx.db, terms, limit, snap.cuisines, spelled);
        const shortlist = matcher.shortlist(terms, spelled, limit);
        expect(
          await searchRestaurants(ctx.db, terms, limit, snap.cuisines, spelled, shortlist),
          label,
        ).toEqual(all);
        if (!shortlist) continue;
        shortened++;
        if (limit === 50) continue;
        // Wherever the list would be cut, what is kept must be the answer.
        for (const k of [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64].filter((n) => n < shortlist.size)) {
          const prefix = { size: k, rounds: [k], first: () => shortlist.first(k), settles: () => true };
          const hits = await searchRestaurants(ctx.db, terms, limit, snap.cuisines, spelled, prefix);
          if (!shortlist.settles(hits, k)) continue;
          cuts++;
          expect(hits, `${label} cut at ${k}`).toEqual(all);
        }
      }
    }
    // Most queries are shortened (not those with digits or accents), and cut early.
    expect(shortened).toBeGreaterThan(300);
    expect(cuts).toBeGreaterThan(100);
  });

  it('finds trigrams as the database does, and asks it to confirm', async () => {
    for (const text of ["Nawab's 7up", 'Indo-Chinese Wok Co.', 'x', '  ', 'Pizza_Hut_Express', 'A B C']) {
      const [row] = await ctx.db.query<{ t: string[] }>('select show_trgm($1) as t', [text]);
      expect(trigramsOf(text), text).toEqual([...row!.t].sort());
    }
    expect(trigramsOf('Café Madras')).toBeUndefined();
  });

  it('suggests and searches as before, scoring a short list', async () => {
    const restaurantSearches: Array<number[] | null> = [];
    /** The database as the service sees it, noting which restaurants each restaurant search scores. */
    const watched = (db: Db, foresee: boolean): Db => ({
      ...db,
      query: (sql, params) => {
        if (sql.includes('show_trgm') && !foresee) {
          // A database that splits words differently: the service scores every restaurant.
          return Promise.resolve([{ trigrams: [], lower: '' }] as never);
        }
        return db.query(sql, params);
      },
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql, params) => {
              if (sql.includes('from restaurants r, matched') && foresee) {
                restaurantSearches.push((params?.[6] as number[] | null) ?? null);
              }
              return tx.query(sql, params);
            },
          }),
        ),
    });
    const shortened = new DiscoveryService(watched(ctx.db, true));
    const everyRestaurant = new DiscoveryService(watched(ctx.db, false));
    const snap = await snapshotOf(ctx.db);
    const body = async (answer: ReturnType<DiscoveryService['suggest']>) =>
      JSON.parse((await answer).body.toString());
    for (const query of queries(snap).slice(0, 60)) {
      for (const at of [undefined, KORAMANGALA]) {
        const label = `${query} ${at ? 'at Koramangala' : ''}`;
        expect(await body(shortened.suggest(query, at)), label).toEqual(
          await body(everyRestaurant.suggest(query, at)),
        );
        const [a, b] = [
          await body(shortened.search(query, at)),
          await body(everyRestaurant.search(query, at)),
        ];
        expect(a.restaurants, label).toEqual(b.restaurants);
      }
    }
    // "biryani" matches a fifth of the restaurants: the suggestion scores some of them, not all.
    restaurantSearches.length = 0;
    await new DiscoveryService(watched(ctx.db, true)).suggest('biryani');
    expect(restaurantSearches).toHaveLength(1);
    expect(restaurantSearches[0]).not.toBeNull();
    expect(restaurantSearches[0]!.length).toBeGreaterThan(0);
    expect(restaurantSearches[0]!.length).toBeLessThan(snap.restaurants.length / 4);
  });
});
