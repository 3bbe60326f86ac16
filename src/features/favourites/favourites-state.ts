// Which restaurants the signed-in customer hearted, shared by every heart on the page and the
// /myaccount list. Only the state lives here, since the list and menu pages carry it with every card's
// heart; loading and changing it (favourites-actions.ts) come in their own small chunk when needed,
// through use-favourites.ts.
import type { FavouriteRestaurant } from '../../shared/api/ratings.ts';

export interface FavouritesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The hearted ids as shown (optimistic changes included). */
  ids: ReadonlySet<number>;
  /** The restaurants as the server last listed them (null until loaded). */
  list: FavouriteRestaurant[] | null;
  /** Ids whose change is on its way to the server. */
  busy: ReadonlySet<number>;
}

export const emptyFavourites: FavouritesState = {
  status: 'idle',
  ids: new Set(),
  list: null,
  busy: new Set(),
};
let state = emptyFavourites;
const listeners = new Set<() => void>();

export const favouritesState = {
  get: (): FavouritesState => state,
  set(patch: Partial<FavouritesState>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Whether anything on the page shows the state (a heart, the list). */
  watched: (): boolean => listeners.size > 0,
};
