// The short list of restaurant search (restaurant-match.ts): who is on it, in what order, and where
// it may be cut. That it answers as the database does is tests/api/discovery-search-scale.test.ts.
import { describe, expect, it } from 'vitest';
import type { SearchTerms } from './queries.ts';
import { RestaurantMatcher, TRIGRAM_PROBE, agreesWithProbe, trigramsOf } from './restaurant-match.ts';
import { toPrefixTsquery } from './service.ts';

const terms = (text: string): SearchTerms => ({ text, tsquery: toPrefixTsquery(text), keys: [] });
const none = { restaurantIds: [], cuisines: [] };

function matcher(names: string[], opts: { cuisines?: string[][]; ratings?: number[] } = {}) {
  const restaurants = names.map((name, i) => ({
    id: i + 1,
    name,
    cuisines: opts.cuisines?.[i] ?? ['Snacks'],
    rating: opts.ratings?.[i] ?? 4,
  }));
  const cuisines = [...new Set(restaurants.flatMap((r) => r.cuisines))].sort();
  return new RestaurantMatcher(restaurants, cuisines, 0.45);
}

describe('trigrams', () => {
  it("are pg_trgm's for ASCII text: words of letters and digits, lower case, padded", () => {
    // select show_trgm('Nawab''s 7up')
    expect(trigramsOf("Nawab's 7up")).toEqual(
      ['  7', '  n', '  s', ' 7u', ' na', ' s ', '7up', 'ab ', 'awa', 'naw', 'up ', 'wab'].sort(),
    );
    expect(trigramsOf('Café')).toBeUndefined();
  });

  it('are checked against the database once: a different lower case turns the short list off', () => {
    const ours = trigramsOf(TRIGRAM_PROBE)!;
    expect(agreesWithProbe({ trigrams: ours, lower: TRIGRAM_PROBE.toLowerCase() })).toBe(true);
    // A Turkish lower case makes "I" a dotless ı.
    const turkish = TRIGRAM_PROBE.toLowerCase().replace('i', 'ı');
    expect(agreesWithProbe({ trigrams: ours, lower: turkish })).toBe(false);
    expect(agreesWithProbe({ trigrams: ours.slice(1), lower: TRIGRAM_PROBE.toLowerCase() })).toBe(false);
  });
});

describe('the short list', () => {
  it('holds what may match by name start, trigrams, cuisine or spelling, best bound first', () => {
    const m = matcher(['Biryani House', 'Bawarchi', 'Green Bowl', 'Shahi Biryani', 'Dosa Point', 'Rasoi'], {
      cuisines: [['Biryani'], ['Mughlai'], ['Salads'], ['Biryani'], ['South Indian'], ['Biryani']],
      ratings: [4.1, 4.5, 4.9, 4.4, 4.0, 3.9],
    });
    const list = m.shortlist(terms('biryani'), none, 3)!;
    // Named and serving biryani (by rating), then serving it only; Bawarchi shares "  b" alone.
    expect(list.first(list.size)).toEqual([4, 1, 6]);
    expect(m.shortlist(terms('bowl'), none, 3)!.first(9)).toEqual([3]);
    expect(m.shortlist(terms('dosa'), { restaurantIds: [6], cuisines: [] }, 3)!.first(9)).toEqual([5, 6]);
  });

  it('always holds names it cannot foresee, and gives up on queries it cannot', () => {
    const m = matcher(['Café Madras', 'Delhi 6', '1e5abc Grill', 'Grill House']);
    // Not ASCII: always; digits: when the word is in the text ("1e5abc" is "1e5" and "abc" to the parser).
    expect(new Set(m.shortlist(terms('abc'), none, 3)!.first(9))).toEqual(new Set([1, 3]));
    expect(new Set(m.shortlist(terms('grill'), none, 3)!.first(9))).toEqual(new Set([1, 3, 4]));
    expect(m.shortlist(terms('café'), none, 3)).toBeUndefined();
    expect(m.shortlist(terms('delhi 6'), none, 3)).toBeUndefined();
  });

  it('is cut only where the rest cannot outrank the last kept, ties broken by rating and id', () => {
    // Five equal names: every bound is 1.2 (all trigrams) + 1.0 (name) = 2.2, best rating first.
    const m = matcher(['Biryani House', 'Biryani House', 'Biryani House', 'Biryani House', 'Biryani House'], {
      ratings: [4.0, 4.6, 4.2, 4.6, 3.8],
    });
    const list = m.shortlist(terms('biryani house'), none, 2)!;
    expect(list.first(5)).toEqual([2, 4, 3, 1, 5]);
    const bound = Math.fround(1) * 1.2 + 1;
    const hit = (id: number, score = bound) => ({ id, score });
    expect(list.settles([hit(2), hit(4)], 2)).toBe(true);
    // Below the next bound, or tied with a worse rating than the next: it may still rank.
    expect(list.settles([hit(2), hit(4, bound - 1e-12)], 2)).toBe(false);
    expect(list.settles([hit(2), hit(1)], 2)).toBe(false);
    expect(list.settles([hit(2)], 2)).toBe(false);
    expect(list.settles([hit(2), hit(4)], 5)).toBe(true);
  });
});
