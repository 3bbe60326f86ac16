// Which restaurants the signed-in customer hearted, shared by every heart on the page and the
// /myaccount list. Only the state lives here, since the list and menu pages carry it with every card's
// heart; loading and changing it (favourites-actions.ts) come in their own small chunk when needed.
import { useEffect, useSyncExternalStore } from 'react';
import { appState } from '../../lib/app-state.ts';
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

const empty: FavouritesState = { status: 'idle', ids: new Set(), list: null, busy: new Set() };
let state = empty;
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
};

export const actions = () => import('./favourites-actions.ts');

/** The restaurant a signed-out visitor tapped the heart of: hearted once they have logged in. */
let wanted: number | null = null;
export const heartAfterLogin = (restaurantId: number): void => {
  wanted = restaurantId;
};

// Signing out forgets them; signing in (maybe as another customer) loads them afresh.
let signedIn = appState.get().loggedIn;
appState.subscribe(() => {
  const now = appState.get().loggedIn;
  if (now === signedIn) return;
  signedIn = now;
  favouritesState.set(empty);
  const heart = now ? wanted : null;
  wanted = null;
  if (now && (listeners.size || heart !== null))
    void actions().then(async (a) => {
      await a.loadFavourites();
      if (heart !== null && !state.ids.has(heart)) await a.toggleFavourite(heart);
    });
});

/** The favourites state; the first user on the page loads the list when signed in. */
export function useFavourites(): FavouritesState {
  const s = useSyncExternalStore(favouritesState.subscribe, favouritesState.get, () => empty);
  const loggedIn = appState.get().loggedIn;
  useEffect(() => {
    if (loggedIn && state.status === 'idle') void actions().then((a) => a.loadFavourites());
  }, [loggedIn]);
  return s;
}
