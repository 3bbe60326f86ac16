// Loading and changing the favourites: a heart fills at once (optimistic) and is put back, with the
// reason, when the server refuses. Its own chunk, fetched once a signed-in customer sees a heart.
import { snackbar } from '../../lib/events.ts';
import { firstMessage } from '../../lib/http.ts';
import { appState } from '../../lib/app-state.ts';
import { listFavourites } from './api/list-favourites.ts';
import { setFavourite } from './api/set-favourite.ts';
import { favouritesState as fs } from './favourites-state.ts';

/** Loads the list (again); only for a signed-in customer. */
export async function loadFavourites(): Promise<void> {
  if (!appState.get().loggedIn) return;
  if (fs.get().status !== 'ready') fs.set({ status: 'loading' });
  try {
    const { results } = await listFavourites();
    // Changes still on their way keep their shown state.
    const { busy, ids: shown } = fs.get();
    const ids = new Set(results.map((r) => r.id));
    for (const id of busy) {
      if (shown.has(id)) ids.add(id);
      else ids.delete(id);
    }
    fs.set({ status: 'ready', list: results, ids });
  } catch {
    fs.set({ status: 'error' });
  }
}

/** Hearts or un-hearts at once; the server's refusal puts it back and says why. */
export async function toggleFavourite(restaurantId: number): Promise<void> {
  if (fs.get().busy.has(restaurantId)) return;
  const was = fs.get().ids.has(restaurantId);
  const shown = (on: boolean) => {
    const ids = new Set(fs.get().ids);
    if (on) ids.add(restaurantId);
    else ids.delete(restaurantId);
    return ids;
  };
  const busy = (on: boolean) => {
    const b = new Set(fs.get().busy);
    if (on) b.add(restaurantId);
    else b.delete(restaurantId);
    return b;
  };
  fs.set({ ids: shown(!was), busy: busy(true) });
  try {
    await setFavourite(restaurantId, !was);
    fs.set({ busy: busy(false) });
    const list = fs.get().list;
    if (!was) void loadFavourites();
    else if (list) fs.set({ list: list.filter((r) => r.id !== restaurantId) });
  } catch (err) {
    fs.set({ ids: shown(was), busy: busy(false) });
    snackbar.danger(
      `${was ? 'Could not remove it from your favourites' : 'Could not save it to your favourites'}: ${firstMessage(err)}`,
    );
  }
}
