// Recent location searches (docs/product.md#maps): at most 5, newest first, no duplicate place_id,
// kept in IndexedDB so they survive reloads and work offline.
import { RECENT_SEARCHES_MAX } from '../../shared/constants.ts';
import { IDB_KEYS, idb } from '../../lib/idb.ts';

export interface RecentSearch {
  place_id: string;
  description: string;
  terms: { value: string; offset?: number }[];
  /** Resolved point, when known, so picking a recent entry works without another lookup. */
  lat?: number;
  lng?: number;
  address?: string;
  area?: string;
}

/** The list after choosing `entry`: it moves to the front, an older copy is dropped, the tail is cut. */
export function withRecent(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  return [entry, ...list.filter((r) => r.place_id !== entry.place_id)].slice(0, RECENT_SEARCHES_MAX);
}

function isRecent(v: unknown): v is RecentSearch {
  const r = v as RecentSearch | null;
  return !!r && typeof r.place_id === 'string' && typeof r.description === 'string' && Array.isArray(r.terms);
}

export async function loadRecentSearches(): Promise<RecentSearch[]> {
  const raw = await idb.get<unknown>(IDB_KEYS.recentLocationSearches);
  return Array.isArray(raw) ? raw.filter(isRecent).slice(0, RECENT_SEARCHES_MAX) : [];
}

export async function addRecentSearch(entry: RecentSearch): Promise<RecentSearch[]> {
  return idb.update<RecentSearch[]>(IDB_KEYS.recentLocationSearches, (old) =>
    withRecent(Array.isArray(old) ? old.filter(isRecent) : [], entry),
  );
}

export async function clearRecentSearches(): Promise<void> {
  await idb.del(IDB_KEYS.recentLocationSearches);
}
