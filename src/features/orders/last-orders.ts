// The last known orders, kept in IndexedDB (and store.all_orders) so /myaccount/orders opens offline.
// Saved with the signed-in user's id: after a logout another person on this device never sees them.
import { idb } from '../../lib/idb.ts';
import { store } from '../../lib/store.ts';
import type { OrderPage } from '../../shared/api/orders.ts';

export const LAST_ORDERS_KEY = 'orders:last-known';

export interface LastOrders {
  owner: string;
  page: OrderPage;
  savedAt: string;
}

/** The user id (sub) of the current access token, without verifying it (the server does that). */
export function currentOwner(access = store.get().access): string | null {
  const payload = access?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

export async function saveLastOrders(page: OrderPage): Promise<void> {
  store.set({ all_orders: page.results });
  const owner = currentOwner();
  if (!owner) return;
  await idb.set(LAST_ORDERS_KEY, { owner, page, savedAt: new Date().toISOString() } satisfies LastOrders);
}

export async function readLastOrders(): Promise<LastOrders | undefined> {
  const saved = await idb.get<LastOrders>(LAST_ORDERS_KEY);
  if (!saved?.page?.results || saved.owner !== currentOwner()) return undefined;
  store.set({ all_orders: saved.page.results });
  return saved;
}

export async function forgetLastOrders(): Promise<void> {
  await idb.del(LAST_ORDERS_KEY);
}
