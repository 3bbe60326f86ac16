// The cart engine of the client: loads the server cart into the app state (and the session_key cookie),
// keeps a copy in IndexedDB so the cart shows offline, and sends changes through a queue kept in
// IndexedDB too. Each change carries an op id and an absolute quantity, so replaying the queue after
// a reconnect (or twice) never doubles anything; the queue drains in order. Open tabs of the same
// browser stay in step (a change in one makes the others reload), and after signing in with a cart
// from another restaurant than the account's saved one, it asks which to keep.
import type { CartItem, CartResponse, ReorderResponse, SavedCart } from '../../shared/api/checkout.ts';
import type { CartChange } from './cart-changes.ts';
import { CART_SESSION_COOKIE_S } from '../../shared/constants.ts';
import { canonicalOptions, lineKey, sameOptions } from '../../shared/customisation.ts';
import { logout } from '../auth/boot.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { snackbar } from '../../lib/events.ts';
import { ApiError } from '../../lib/http.ts';
import { IDB_KEYS, idb } from '../../lib/idb.ts';
import { appState, type AppState } from '../../lib/app-state.ts';
import type { LatLng } from '../../shared/geo.ts';
import { chooseCart } from './api/choose-cart.ts';
import { getCart } from './api/get-cart.ts';
import { sendCartChange } from './api/send-cart-change.ts';

const SNAPSHOT_KEY = IDB_KEYS.cartSnapshot;
const QUEUE_KEY = IDB_KEYS.cartQueue;
export const CART_CHANGES_KEY = IDB_KEYS.cartChanges;

export interface CartOp {
  op_id: string;
  item: number;
  /** The line's chosen options (a dish with choices), ascending; absent for a plain dish. */
  options?: number[];
  quantity: number;
  replace?: boolean;
  /** For showing the change before the server answers. */
  name: string;
  price: number;
  restaurantId: number;
  choices?: string[];
}

/** One cart line: a dish and, for a dish with choices, the options chosen (price includes them). */
export interface StepperItem {
  id: number;
  name: string;
  price: number;
  restaurantId: number;
  options?: number[];
  choices?: string[];
}

let location: { lat: number; lng: number } | null = null;
let lastServer: CartResponse | null = null;
let conflict: SavedCart | null = null;
const conflictListeners = new Set<() => void>();
const waiters = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();

export const newOpId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Delivery is priced for the chosen address, else for where the customer is browsing. */
function pricedAt(): LatLng | null {
  const at = location ?? appState.get().userLocation;
  return at && Number.isFinite(at.lat) && Number.isFinite(at.lng) ? at : null;
}

// ---------------------------------------------------------------- two carts after signing in

/** The account's saved cart while it competes with this browser's cart, else null. */
export const cartConflict = (): SavedCart | null => conflict;

export function onCartConflict(listener: () => void): () => void {
  conflictListeners.add(listener);
  return () => conflictListeners.delete(listener);
}

function setConflict(next: SavedCart | null): void {
  if (JSON.stringify(next) === JSON.stringify(conflict)) return;
  conflict = next;
  for (const l of conflictListeners) l();
  if (next && typeof document !== 'undefined') {
    void import('./cart-conflict-dialog.tsx')
      .then((m) => m.askWhichCart({ cartConflict, onCartConflict, keepCart }))
      .catch(() => undefined);
  }
}

/** The customer's answer: "this" keeps this browser's cart, "saved" the account's saved cart. */
export async function keepCart(keep: 'this' | 'saved'): Promise<void> {
  const res = await cartCall(() => chooseCart({ keep }, pricedAt()));
  // Changes queued before the answer belonged to the cart that was let go.
  if (keep === 'saved') await idb.set(QUEUE_KEY, []);
  await applyServerCart(res, false);
  announce();
  if (keep === 'this') await flushQueue();
}

// ---------------------------------------------------------------- what changed since last seen

/** Unseen price and availability changes (cart-changes.ts); null until read from IndexedDB. */
let changes: CartChange[] | null = null;
const NO_CHANGES: readonly CartChange[] = [];
const changeListeners = new Set<() => void>();

export const cartChanges = (): readonly CartChange[] => changes ?? NO_CHANGES;

export function onCartChanges(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function publishChanges(next: CartChange[]): void {
  changes = next;
  for (const l of changeListeners) l();
  void idb.set(CART_CHANGES_KEY, next);
}

/** The customer has seen them. */
export function dismissCartChanges(): void {
  if (changes?.length) publishChanges([]);
}

// ---------------------------------------------------------------- other tabs

// Every browser the app supports has BroadcastChannel; without it, tabs catch up on their next load.
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('bhojan-cart') : null;

/** Tells the other tabs of this browser that the cart changed (they reload it from the server). */
const announce = (): void => channel?.postMessage('changed');

let reloadTimer: ReturnType<typeof setTimeout> | null = null;
function reloadSoon(): void {
  if (reloadTimer) clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    // Another tab's change is the customer's own: nothing to point out.
    void refreshCart(undefined, { review: false }).catch(() => undefined);
  }, 50);
}

/** Puts a cart (server answer plus still-queued changes) into the app state. */
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
    const at = items.findIndex((i) => i.id === op.item && sameOptions(i.options, op.options));
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
        options: op.options ?? [],
        choices: op.choices ?? [],
      });
    }
  }
  // For the next first page (cart-known.ts): whether this browser's cart is empty, before it loads.
  cookies.set(COOKIES.cartLines, String(items.length), { maxAgeSeconds: CART_SESSION_COOKIE_S });
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
  appState.set(patch);
}

async function readQueue(): Promise<CartOp[]> {
  return (await idb.get<CartOp[]>(QUEUE_KEY)) ?? [];
}

// Cart answers can arrive out of order: a load sent before a change (or a reorder) may answer after
// it, and would put the older cart back on screen. Each cart request is numbered when sent, and an
// answer older than the one shown is dropped. (An answer from elsewhere, a coupon's, counts as new.)
let sentCount = 0;
let shownSeq = 0;
const sentAs = new WeakMap<object, number>();

/** Sends a cart call (its answer is a whole cart), numbered so that applyServerCart drops it if stale. */
export async function cartCall<T extends CartResponse>(send: () => Promise<T>): Promise<T> {
  const seq = ++sentCount;
  const res = await send();
  sentAs.set(res, seq);
  return res;
}

/**
 * Stores a server answer: app state, cookie and the offline copy. With `review`, prices and dishes that
 * changed against the cart shown (or, on a first load, the offline copy) are noted for checkout.
 */
export async function applyServerCart(res: CartResponse, review = true): Promise<void> {
  const seq = sentAs.get(res) ?? sentCount;
  // Everything read from IndexedDB (or loaded) is read first: a newer answer applied while this one
  // waited must not be painted over, so the staleness check and the showing happen in one step.
  const queue = await readQueue();
  const rules = review ? await import('./cart-changes.ts') : null; // Own chunk: menu and search skip it.
  // Read into a local: notes published while this read waited (a reorder's) must not be replaced.
  const stored = review && changes === null ? await idb.get<CartChange[]>(CART_CHANGES_KEY) : undefined;
  const offlineCopy = review ? ((await idb.get<CartResponse>(SNAPSHOT_KEY))?.cart_items ?? []) : [];
  if (review) changes ??= stored ?? [];
  if (seq < shownSeq) return;
  shownSeq = seq;
  lastServer = res;
  if (res.session_key) {
    cookies.set(COOKIES.sessionKey, res.session_key, { maxAgeSeconds: CART_SESSION_COOKIE_S });
  }
  // The cart on screen; before anything was shown, the offline copy the customer saw last time.
  const shown = appState.get().cart.length ? appState.get().cart : offlineCopy;
  show(res, queue);
  if (rules && changes) {
    const next = rules.nextChanges(changes, shown, appState.get().cart);
    if (JSON.stringify(next) !== JSON.stringify(changes)) publishChanges(next);
  }
  setConflict(res.cart_conflict?.saved ?? null);
  await idb.set(SNAPSHOT_KEY, res);
}

/**
 * A reorder's answer (POST checkout/reorder/): its cart is the one to show, and what changed since the
 * order (repriced, unavailable, choices gone) is what checkout points out, in place of older notes
 * about a cart that may have just been replaced.
 */
export async function applyReorder(res: ReorderResponse): Promise<void> {
  await applyServerCart(res, false);
  // Keyed by the cart line, as the changes found by diffCart are, so a later server answer keeps them.
  publishChanges(
    res.reorder.warnings.map(({ item, options, ...w }) => ({ ...w, id: item, key: lineKey(item, options) })),
  );
  announce();
}

function adoptCookieKey(): void {
  if (!appState.get().session_key) {
    const key = cookies.get(COOKIES.sessionKey);
    if (key) appState.set({ session_key: key });
  }
}

async function showOffline(): Promise<void> {
  const snapshot = lastServer ?? (await idb.get<CartResponse>(SNAPSHOT_KEY)) ?? null;
  show(snapshot, await readQueue());
}

/** Loads the cart (replaying queued changes first). Optionally prices delivery for a location. */
export async function refreshCart(
  at?: { lat: number; lng: number } | null,
  { review = true }: { review?: boolean } = {},
): Promise<void> {
  if (at !== undefined) location = at;
  adoptCookieKey();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return showOffline();
  await flushQueue();
  if ((await readQueue()).length) return showOffline();
  try {
    await applyServerCart(await cartCall(() => getCart(pricedAt())), review);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'user_not_found') {
      appState.reset();
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
          const res = await cartCall(() =>
            sendCartChange(
              {
                item: op.item,
                quantity: op.quantity,
                ...(op.options?.length ? { options: op.options } : {}),
                op_id: op.op_id,
                ...(op.replace ? { replace: true } : {}),
              },
              pricedAt(),
            ),
          );
          await idb.update<CartOp[]>(QUEUE_KEY, (q) => (q ?? []).filter((o) => o.op_id !== op.op_id));
          await applyServerCart(res);
          announce();
          waiters.get(op.op_id)?.resolve();
        } catch (err) {
          if (err instanceof ApiError && (err.offline || err.status >= 500 || err.status === 429)) return;
          if (err instanceof ApiError && err.code === 'cart_conflict') {
            // Kept until the customer says which cart to keep (the reload brings the question).
            waiters.get(op.op_id)?.resolve();
            void refreshCartNow();
            return;
          }
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
    ...(item.options?.length ? { options: canonicalOptions(item.options), choices: item.choices ?? [] } : {}),
    ...(opts.replace ? { replace: true } : {}),
  };
  adoptCookieKey();
  if (!appState.get().session_key && !appState.get().access) {
    // A first visit: get a session key before the first change.
    try {
      await applyServerCart(await cartCall(() => getCart(null)));
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

/** Puts a server answer from another cart call (coupon apply/remove) into the app state. */
export async function storeServerCart(res: CartResponse): Promise<void> {
  await applyServerCart(res);
  announce();
}

/** Reloads the cart without replaying the queue (which waits for a conflict to be answered). */
async function refreshCartNow(): Promise<void> {
  try {
    await applyServerCart(await cartCall(() => getCart(pricedAt())));
  } catch {
    // Offline or refused: the next load tries again.
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    void refreshCart().catch(() => undefined);
  });
  if (channel) channel.onmessage = reloadSoon;
  // Signing in (here or in another tab that shares the cookies) loads the account's cart: the server
  // merges this browser's cart into it, or reports that both hold items and asks which to keep.
  let access = appState.get().access;
  appState.subscribe(() => {
    const next = appState.get().access;
    const signedIn = next !== null && access === null;
    access = next;
    if (signedIn) void refreshCart().catch(() => undefined);
    if (next === null && conflict) setConflict(null);
  });
}
