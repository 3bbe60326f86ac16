// The app's IndexedDB key-value store (idb-keyval): recent location searches, the offline cart queue,
// last known orders. One database for the whole app; a browser without IndexedDB (or one that refuses
// it, e.g. some private modes) falls back to memory while the page is open, so nothing throws.
import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';

export const IDB_NAME = 'bhojan';
export const IDB_STORE = 'kv';

/** Every key the app keeps, in one table so two features never collide on a name. */
export const IDB_KEYS = {
  recentLocationSearches: 'recent-location-searches',
  /** The cart as the server last answered it (shown offline). */
  cartSnapshot: 'cart-snapshot',
  /** Cart edits made offline, replayed in order when the network returns. */
  cartQueue: 'cart-queue',
  /** What changed in the cart while offline (prices, stock), listed before payment. */
  cartChanges: 'cart-changes',
  /** The one order on its way from Pay to settled (features/checkout/order-outbox.ts). */
  orderOutbox: 'order-outbox',
  /** The customer's last known orders page (shown offline). */
  lastOrders: 'orders:last-known',
} as const;

let kv: UseStore | null = null;
const memory = new Map<string, unknown>();

function store(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  kv ??= createStore(IDB_NAME, IDB_STORE);
  return kv;
}

export const idb = {
  async get<T>(key: string): Promise<T | undefined> {
    const s = store();
    if (!s) return memory.get(key) as T | undefined;
    try {
      return await get<T>(key, s);
    } catch {
      return memory.get(key) as T | undefined;
    }
  },
  async set(key: string, value: unknown): Promise<void> {
    memory.set(key, value);
    const s = store();
    if (!s) return;
    try {
      await set(key, value, s);
    } catch {
      // Kept in memory while the page is open.
    }
  },
  async del(key: string): Promise<void> {
    memory.delete(key);
    const s = store();
    if (!s) return;
    try {
      await del(key, s);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
  /** Read-modify-write in one IndexedDB transaction (no lost updates between two tabs' writes). */
  async update<T>(key: string, fn: (old: T | undefined) => T): Promise<T> {
    const s = store();
    if (!s) {
      const next = fn(memory.get(key) as T | undefined);
      memory.set(key, next);
      return next;
    }
    let next!: T;
    try {
      await update<T>(
        key,
        (old) => {
          next = fn(old);
          return next;
        },
        s,
      );
    } catch {
      next = fn(memory.get(key) as T | undefined);
    }
    memory.set(key, next);
    return next;
  },
};
