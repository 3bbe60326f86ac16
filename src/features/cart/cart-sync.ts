// The cart engine of the client: loads the server cart into the store (and the session_key cookie),
// keeps a copy in IndexedDB so the cart shows offline, and sends changes through a queue kept in
// IndexedDB too. Each change carries an op id and an absolute quantity, so replaying the queue after
// a reconnect (or twice) never doubles anything; the queue drains in order.
import type { CartItem, CartResponse } from '../../shared/api/checkout.ts';
import { CART_SESSION_COOKIE_S } from '../../shared/constants.ts';
import { logout } from '../auth/boot.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { snackbar } from '../../lib/events.ts';
import { ApiError, api } from '../../lib/http.ts';
import { idb } from '../../lib/idb.ts';
import { store, type AppState } from '../../lib/store.ts';
import { ADD_PATH, CART_PATH } from './paths.ts';

const SNAPSHOT_KEY = 'cart-snapshot';
const QUEUE_KEY = 'cart-queue';

export interface CartOp {
  op_id: string;
  item: number;
  quantity: number;
  replace?: boolean;
  /** For showing the change before the server answers. */
  name: string;
  price: number;
  restaurantId: number;
}

export interface StepperItem {
  id: number;
  name: string;
  price: number;
  restaurantId: number;
}

let location: { lat: number; lng: number } | null = null;
let lastServer: CartResponse | null = null;
const waiters = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();

export const newOpId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const query = () => (location ? `?lat=${location.lat}&lng=${location.lng}` : '');

/** Puts a cart (server answer plus still-queued changes) into the store. */
function show(res: CartResponse | null, queue: readonly CartOp[]): void {
  const items: CartItem[] = (res?.cart_items ?? []).map((i) => ({ ...i }));
  let storeInfo = res?.store_info ?? null;
  for (const op of queue) {
    if (op.replace) {
      items.length = 0;
      storeInfo = null;
    } else if (items.length && items[0]!.restaurant_id !== op.restaurantId) {
      continue; // The server will refuse it (another restaurant's item).
    }
    const at = items.findIndex((i) => i.id === op.item);
    if (op.quantity === 0) {
      if (at >= 0) items.splice(at, 1);
    } else if (at >= 0) {
      items[at] = { ...items[at]!, quantity: op.quantity, line_total: items[at]!.price * op.quantity };
    } else {
      items.push({
        id: op.item,
        name: op.name,
        price: op.price,
        quantity: op.quantity,
        line_total: op.price * op.quantity,
        is_veg: false,
        in_stock: true,
        image: null,
        restaurant_id: op.restaurantId,
      });
    }
  }
  const patch: Partial<AppState> = {};
  if (res?.session_key) patch.session_key = res.session_key;
  if (!items.length) {
    Object.assign(patch, { cart: [], cart_info: null, cart_meta: null, store_info: null });
  } else {
    const item_total = items.reduce((s, i) => s + i.line_total, 0);
    const pending = queue.length > 0;
    Object.assign(patch, {
      cart: items,
      // While changes are queued the server's bill is stale: the page shows item totals only.
      cart_info: pending ? null : (res?.cart_info ?? null),
      cart_meta: {
        item_count: items.reduce((s, i) => s + i.quantity, 0),
        item_total,
        coupon_discount: pending ? 0 : (res?.cart_meta?.coupon_discount ?? 0),
      },
      store_info: storeInfo,
    });
  }
  store.set(patch);
}

async function readQueue(): Promise<CartOp[]> {
  return (await idb.get<CartOp[]>(QUEUE_KEY)) ?? [];
}

/** Stores a server answer: store, cookie and the offline copy. */
export async function applyServerCart(res: CartResponse): Promise<void> {
  lastServer = res;
  if (res.session_key) {
    cookies.set(COOKIES.sessionKey, res.session_key, { maxAgeSeconds: CART_SESSION_COOKIE_S });
  }
  show(res, await readQueue());
  await idb.set(SNAPSHOT_KEY, res);
}

function adoptCookieKey(): void {
  if (!store.get().session_key) {
    const key = cookies.get(COOKIES.sessionKey);
    if (key) store.set({ session_key: key });
  }
}

async function showOffline(): Promise<void> {
  const snapshot = lastServer ?? (await idb.get<CartResponse>(SNAPSHOT_KEY)) ?? null;
  show(snapshot, await readQueue());
}

/** Loads the cart (replaying queued changes first). Optionally prices delivery for a location. */
export async function refreshCart(at?: { lat: number; lng: number } | null): Promise<void> {
  if (at !== undefined) location = at;
  adoptCookieKey();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return showOffline();
  await flushQueue();
  if ((await readQueue()).length) return showOffline();
  try {
    await applyServerCart(await api<CartResponse>(CART_PATH + query()));
  } catch (err) {
    if (err instanceof ApiError && err.code === 'user_not_found') {
      store.reset();
      await idb.del(SNAPSHOT_KEY);
      await logout();
      return;
    }
    if (err instanceof ApiError && (err.offline || err.status >= 500)) return showOffline();
    throw err;
  }
}

let flushing: Promise<void> | null = null;

/** Sends queued changes in order; stops (keeping the rest) when the network is down. */
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (;;) {
        const [op] = await readQueue();
        if (!op) return;
        try {
          const res = await api<CartResponse>(ADD_PATH + query(), {
            method: 'POST',
            body: {
              item: op.item,
              quantity: op.quantity,
              op_id: op.op_id,
              ...(op.replace ? { replace: true } : {}),
            },
          });
          await idb.update<CartOp[]>(QUEUE_KEY, (q) => (q ?? []).filter((o) => o.op_id !== op.op_id));
          await applyServerCart(res);
          waiters.get(op.op_id)?.resolve();
        } catch (err) {
          if (err instanceof ApiError && (err.offline || err.status >= 500 || err.status === 429)) return;
          // The server refused this change for good (conflict, sold out, gone): drop it and say so.
          await idb.update<CartOp[]>(QUEUE_KEY, (q) => (q ?? []).filter((o) => o.op_id !== op.op_id));
          const waiter = waiters.get(op.op_id);
          if (waiter) waiter.reject(err);
          else snackbar.danger(`${op.name}: ${(err as Error).message}`);
          show(lastServer, await readQueue());
        } finally {
          waiters.delete(op.op_id);
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * Sets an item's quantity: shown at once, queued in IndexedDB, sent when online. Resolves when the
 * server accepted it (or right away when offline: it is replayed later); rejects with the server's
 * ApiError (e.g. cart_store_conflict) when refused.
 */
export async function setItemQuantity(
  item: StepperItem,
  quantity: number,
  opts: { replace?: boolean } = {},
): Promise<void> {
  const op: CartOp = {
    op_id: newOpId(),
    item: item.id,
    quantity,
    name: item.name,
    price: item.price,
    restaurantId: item.restaurantId,
    ...(opts.replace ? { replace: true } : {}),
  };
  adoptCookieKey();
  if (!store.get().session_key && !store.get().access) {
    // A first visit: get a session key before the first change.
    try {
      await applyServerCart(await api<CartResponse>(CART_PATH));
    } catch {
      // Offline: the change is queued and sent with a key later.
    }
  }
  const queue = await idb.update<CartOp[]>(QUEUE_KEY, (q) => [...(q ?? []), op]);
  show(lastServer ?? (await idb.get<CartResponse>(SNAPSHOT_KEY)) ?? null, queue);
  const done = new Promise<void>((resolve, reject) => waiters.set(op.op_id, { resolve, reject }));
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    waiters.delete(op.op_id);
    return;
  }
  void flushQueue().then(async () => {
    // Still queued after a flush: the network dropped; it goes out on reconnect.
    if ((await readQueue()).some((o) => o.op_id === op.op_id)) {
      waiters.get(op.op_id)?.resolve();
      waiters.delete(op.op_id);
    }
  });
  return done;
}

/** Puts a server answer from another cart call (coupon apply/remove) into the store. */
export const storeServerCart = (res: CartResponse): Promise<void> => applyServerCart(res);

export async function pendingChanges(): Promise<number> {
  return (await readQueue()).length;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    void refreshCart().catch(() => undefined);
  });
}
