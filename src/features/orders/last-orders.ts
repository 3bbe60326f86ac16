// The last known orders, kept in IndexedDB (and appState.all_orders) so /myaccount/orders opens offline.
// Saved with the signed-in user's id: after a logout another person on this device never sees them.
import { tokenSubject } from '../../lib/auth-token.ts';
import { IDB_KEYS, idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import type { OrderPage } from '../../shared/api/orders.ts';

export const LAST_ORDERS_KEY = IDB_KEYS.lastOrders;

export interface LastOrders {
  owner: string;
  page: OrderPage;
  savedAt: string;
}

/** The signed-in user's id, from the current access token. */
const currentOwner = (): string | null => tokenSubject(appState.get().access);

export async function saveLastOrders(page: OrderPage): Promise<void> {
  appState.set({ all_orders: page.results });
  const owner = currentOwner();
  if (!owner) return;
  await idb.set(LAST_ORDERS_KEY, { owner, page, savedAt: new Date().toISOString() } satisfies LastOrders);
}

export async function readLastOrders(): Promise<LastOrders | undefined> {
  const saved = await idb.get<LastOrders>(LAST_ORDERS_KEY);
  if (!saved?.page?.results || saved.owner !== currentOwner()) return undefined;
  appState.set({ all_orders: saved.page.results });
  return saved;
}
