// The favourites as the hearts and the /myaccount list use them: the state (favourites-state.ts), and
// its loading and changes (favourites-actions.ts, a chunk of its own fetched on first use).
import { useEffect, useSyncExternalStore } from 'react';
import { appState } from '../../lib/app-state.ts';
import { emptyFavourites, favouritesState, type FavouritesState } from './favourites-state.ts';

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
  favouritesState.set(emptyFavourites);
  const heart = now ? wanted : null;
  wanted = null;
  if (now && (favouritesState.watched() || heart !== null))
    void actions().then(async (a) => {
      await a.loadFavourites();
      if (heart !== null && !favouritesState.get().ids.has(heart)) await a.toggleFavourite(heart);
    });
});

/** The favourites state; the first user on the page loads the list when signed in. */
export function useFavourites(): FavouritesState {
  const s = useSyncExternalStore(favouritesState.subscribe, favouritesState.get, () => emptyFavourites);
  const loggedIn = appState.get().loggedIn;
  useEffect(() => {
    if (loggedIn && favouritesState.get().status === 'idle') void actions().then((a) => a.loadFavourites());
  }, [loggedIn]);
  return s;
}
