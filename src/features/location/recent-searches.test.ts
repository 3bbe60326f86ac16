import { beforeEach, describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  loadRecentSearches,
  withRecent,
  type RecentSearch,
} from './recent-searches.ts';

const place = (id: string): RecentSearch => ({
  place_id: id,
  description: `${id}, Bengaluru, Karnataka, India`,
  terms: [{ value: id, offset: 0 }],
});

describe('recent location searches', () => {
  beforeEach(async () => {
    await clearRecentSearches();
  });

  it('puts the newest first and keeps at most 5', () => {
    let list: RecentSearch[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) list = withRecent(list, place(id));
    expect(list.map((r) => r.place_id)).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('moves a place chosen again to the front instead of listing it twice', () => {
    let list: RecentSearch[] = [];
    for (const id of ['a', 'b', 'c']) list = withRecent(list, place(id));
    list = withRecent(list, { ...place('a'), description: 'a again' });
    expect(list.map((r) => r.place_id)).toEqual(['a', 'c', 'b']);
    expect(list[0]?.description).toBe('a again');
  });

  it('persists in IndexedDB with the same rules', async () => {
    expect(await loadRecentSearches()).toEqual([]);
    for (const id of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k3']) await addRecentSearch(place(id));
    const stored = await loadRecentSearches();
    expect(stored.map((r) => r.place_id)).toEqual(['k3', 'k6', 'k5', 'k4', 'k2']);
  });

  it('ignores malformed stored entries', async () => {
    const { idb, IDB_KEYS } = await import('../../lib/idb.ts');
    await idb.set(IDB_KEYS.recentLocationSearches, [{ nope: true }, place('ok'), 'junk']);
    expect((await loadRecentSearches()).map((r) => r.place_id)).toEqual(['ok']);
  });
});
