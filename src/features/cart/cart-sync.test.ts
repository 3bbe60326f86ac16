import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse } from '../../shared/api/checkout.ts';
import { ApiError } from '../../lib/http.ts';
import { idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import {
  CART_CHANGES_KEY,
  applyReorder,
  cartCall,
  cartChanges,
  cartConflict,
  dismissCartChanges,
  flushQueue,
  keepCart,
  refreshCart,
  setItemQuantity,
} from './cart-sync.ts';

const KEY = 'k'.repeat(32);
/** What the server charges for Paneer Tikka now (the menu may change while the customer is offline). */
let paneerPrice = 18000;
const paneer = { id: 5, name: 'Paneer Tikka', price: 18000, restaurantId: 1 };

function cart(quantity: number): CartResponse {
  if (!quantity)
    return { session_key: KEY, cart_items: [], cart_info: null, cart_meta: null, store_info: null };
  const line = quantity * paneerPrice;
  return {
    session_key: KEY,
    cart_items: [
      {
        id: 5,
        name: 'Paneer Tikka',
        price: paneerPrice,
        quantity,
        line_total: line,
        is_veg: true,
        in_stock: true,
        image: null,
        restaurant_id: 1,
      },
    ],
    cart_info: {
      item_total: line,
      packaging: 0,
      delivery_fee: 2500,
      taxes: 900,
      coupon_discount: 0,
      to_pay: line + 3400,
      coupon_code: null,
      coupon_error: null,
      coupon_error_code: null,
      distance_m: null,
    },
    cart_meta: { item_count: quantity, item_total: line, coupon_discount: 0 },
    store_info: {
      id: 1,
      name: 'Meghana',
      slug: 'm',
      image: '',
      area: 'K',
      lat: 1,
      lng: 1,
      delivery_radius_m: 7000,
    },
  };
}

const setOnline = (on: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: on, configurable: true });

let sent: Array<{ url: string; body: Record<string, unknown> | null }>;
let serverQty: number;
/** The account's saved cart while it competes with this browser's (the server's conflict report). */
let savedCart: {
  store_name: string;
  store_slug: string;
  item_count: number;
  item_total: number;
  items: [];
} | null;

beforeEach(async () => {
  sent = [];
  serverQty = 0;
  paneerPrice = 18000;
  dismissCartChanges();
  savedCart = null;
  await idb.del('cart-queue');
  await idb.del('cart-snapshot');
  appState.reset();
  setOnline(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      sent.push({ url, body });
      if (url.startsWith('/api/v1/checkout/keep-cart/')) {
        if (body?.['keep'] === 'saved') serverQty = 7;
        savedCart = null;
      }
      const conflict = () =>
        new Response(JSON.stringify({ status: 409, message: 'Choose', code: 'cart_conflict' }), {
          status: 409,
        });
      if (url.startsWith('/api/v1/checkout/add/') && savedCart) return conflict();
      if (url.startsWith('/api/v1/checkout/add/')) {
        if (body?.['item'] === 99)
          return new Response(
            JSON.stringify({ status: 409, message: 'Replace?', code: 'cart_store_conflict' }),
            { status: 409 },
          );
        serverQty = body?.['quantity'] as number;
      }
      return new Response(
        JSON.stringify({ ...cart(serverQty), cart_conflict: savedCart ? { saved: savedCart } : null }),
        { status: 200 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('cart sync', () => {
  it('loads the cart into the app state and the session_key cookie', async () => {
    serverQty = 2;
    await refreshCart();
    expect(appState.get().session_key).toBe(KEY);
    expect(appState.get().cart_meta).toEqual({ item_count: 2, item_total: 36000, coupon_discount: 0 });
    expect(document.cookie).toContain(`session_key=${KEY}`);
    serverQty = 0;
    await refreshCart();
    expect(appState.get()).toMatchObject({ cart: [], cart_info: null, cart_meta: null, store_info: null });
  });

  it('queues offline changes with op ids and absolute quantities, shows them, and replays them in order', async () => {
    await refreshCart();
    setOnline(false);
    await setItemQuantity(paneer, 1);
    await setItemQuantity(paneer, 2);
    await setItemQuantity(paneer, 3);
    expect(appState.get().cart_meta?.item_count).toBe(3);
    expect(sent.filter((s) => s.url.startsWith('/api/v1/checkout/add/'))).toHaveLength(0);
    expect(await idb.get<unknown[]>('cart-queue')).toHaveLength(3);

    setOnline(true);
    await flushQueue();
    const adds = sent.filter((s) => s.url.startsWith('/api/v1/checkout/add/')).map((s) => s.body!);
    expect(adds.map((b) => b['quantity'])).toEqual([1, 2, 3]);
    expect(new Set(adds.map((b) => b['op_id'])).size).toBe(3);
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
    expect(appState.get().cart_meta?.item_count).toBe(3);
    expect(appState.get().cart_info?.['to_pay']).toBe(3 * 18000 + 3400);
  });

  it('keeps the newer cart when a load sent before a change answers after it', async () => {
    await refreshCart();
    const serve = globalThis.fetch as (url: string, init: RequestInit) => Promise<Response>;
    // The server answers this load with the cart as it was (empty), but only after the change.
    let loadSent = false;
    let answerLoad!: () => void;
    const held = new Promise<void>((resolve) => (answerLoad = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!url.startsWith('/api/v1/checkout/add/') && !loadSent) {
          loadSent = true;
          const before = await serve(url, init);
          await held;
          return before;
        }
        return serve(url, init);
      }),
    );
    const load = refreshCart();
    await vi.waitFor(() => expect(loadSent).toBe(true));
    await setItemQuantity(paneer, 2);
    answerLoad();
    await load;
    expect(appState.get().cart_meta?.item_count).toBe(2);
  });

  it('keeps a reorder and its notes when an older load finishes applying after it', async () => {
    await refreshCart(); // An empty cart, as in the reorder journey.
    const serve = globalThis.fetch as (url: string, init: RequestInit) => Promise<Response>;
    let answerLoad!: () => void;
    const held = new Promise<void>((resolve) => (answerLoad = resolve));
    let loadSent = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        loadSent = true;
        const before = await serve(url, init); // The cart as it was: empty.
        await held;
        return before;
      }),
    );
    const load = refreshCart();
    await vi.waitFor(() => expect(loadSent).toBe(true));
    // The reorder is sent after the load; its answer is applied while the load's answer is being read in.
    paneerPrice = 19000;
    const reorderRes = await cartCall(async () => ({
      ...cart(2),
      reorder: {
        added: 2,
        warnings: [
          { kind: 'price' as const, item: 5, options: [], name: 'Paneer Tikka', from: 18000, to: 19000 },
        ],
      },
    }));
    const realGet = idb.get.bind(idb);
    let reordered: Promise<void> | null = null;
    let armed = true;
    const read = vi.spyOn(idb, 'get').mockImplementation(async <T>(key: string) => {
      if (armed) {
        armed = false;
        reordered = applyReorder(reorderRes); // Lands in the first gap of the load's answer.
        await reordered;
      }
      return realGet<T>(key);
    });
    try {
      answerLoad();
      await load;
      await reordered;
    } finally {
      read.mockRestore();
    }
    expect(appState.get().cart_meta?.item_count).toBe(2);
    expect(cartChanges()).toEqual([
      { id: 5, key: '5', name: 'Paneer Tikka', kind: 'price', from: 18000, to: 19000 },
    ]);
  });

  it("keeps a reorder's notes published while a page's first load reads the notes kept from before", async () => {
    // A fresh page: no notes in memory yet, none kept in IndexedDB.
    vi.resetModules();
    const sync = await import('./cart-sync.ts');
    const { idb: db } = await import('../../lib/idb.ts');
    await db.set(sync.CART_CHANGES_KEY, []);
    paneerPrice = 19000;
    serverQty = 2;
    const warning = {
      kind: 'price' as const,
      item: 5,
      options: [],
      name: 'Paneer Tikka',
      from: 18000,
      to: 19000,
    };
    const reorderRes = await sync.cartCall(async () => ({
      ...cart(2),
      reorder: { added: 2, warnings: [warning] },
    }));
    const realGet = db.get.bind(db);
    let reordered: Promise<void> | null = null;
    const read = vi.spyOn(db, 'get').mockImplementation(async <T>(key: string) => {
      const value = await realGet<T>(key);
      if (key === sync.CART_CHANGES_KEY && !reordered) {
        reordered = sync.applyReorder(reorderRes); // Lands while the load's read of the old notes is out.
        await reordered;
      }
      return value;
    });
    try {
      await sync.refreshCart();
    } finally {
      read.mockRestore();
    }
    expect(sync.cartChanges()).toEqual([
      { id: 5, key: '5', name: 'Paneer Tikka', kind: 'price', from: 18000, to: 19000 },
    ]);
  });

  it('shows the saved cart when the network is off at start', async () => {
    serverQty = 2;
    await refreshCart();
    appState.reset();
    setOnline(false);
    await refreshCart();
    expect(appState.get().cart_meta?.item_count).toBe(2);
  });

  it('rejects a refused change (another restaurant) and drops it from the queue', async () => {
    await refreshCart();
    await expect(setItemQuantity({ ...paneer, id: 99, restaurantId: 2 }, 1)).rejects.toBeInstanceOf(ApiError);
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
  });

  it('after sign-in with two carts, reports the saved one and keeps changes until the customer answers', async () => {
    serverQty = 1;
    savedCart = { store_name: 'Dosa Corner', store_slug: 'd', item_count: 2, item_total: 24000, items: [] };
    await refreshCart();
    expect(cartConflict()).toMatchObject({ store_name: 'Dosa Corner' });
    expect(appState.get().cart_meta?.item_count).toBe(1);

    await setItemQuantity(paneer, 2);
    expect(await idb.get<unknown[]>('cart-queue')).toHaveLength(1);
    expect(appState.get().cart_meta?.item_count).toBe(2);

    // "Keep this cart": the change waiting for the answer goes out afterwards.
    await keepCart('this');
    expect(cartConflict()).toBeNull();
    expect(sent.find((x) => x.url.startsWith('/api/v1/checkout/keep-cart/'))?.body).toEqual({ keep: 'this' });
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
    expect(serverQty).toBe(2);
  });

  it('"Use my saved cart" drops the changes made to the cart that was let go', async () => {
    serverQty = 1;
    savedCart = { store_name: 'Dosa Corner', store_slug: 'd', item_count: 2, item_total: 24000, items: [] };
    await refreshCart();
    await setItemQuantity(paneer, 3);
    await keepCart('saved');
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
    expect(appState.get().cart_meta?.item_count).toBe(7);
  });

  it('keeps other tabs in step: a change here makes them reload the cart', async () => {
    await refreshCart();
    const otherTab = new BroadcastChannel('bhojan-cart');
    const heard = new Promise((resolve) => (otherTab.onmessage = (e) => resolve(e.data)));
    await setItemQuantity(paneer, 1);
    expect(await heard).toBe('changed');

    // A message from another tab reloads this one.
    const before = sent.filter(
      (x) => x.url.startsWith('/api/v1/checkout/?') || x.url === '/api/v1/checkout/',
    );
    otherTab.postMessage('changed');
    await vi.waitFor(() =>
      expect(
        sent.filter((x) => x.url.startsWith('/api/v1/checkout/?') || x.url === '/api/v1/checkout/').length,
      ).toBeGreaterThan(before.length),
    );
    otherTab.close();
  });

  it("after a reconnect, names the price that changed while offline (the bill is the server's)", async () => {
    serverQty = 2;
    await refreshCart();
    setOnline(false);
    await setItemQuantity(paneer, 3);
    paneerPrice = 19000;
    setOnline(true);
    await refreshCart();
    expect(cartChanges()).toEqual([
      { id: 5, key: '5', name: 'Paneer Tikka', kind: 'price', from: 18000, to: 19000 },
    ]);
    expect(appState.get().cart_info?.['item_total']).toBe(3 * 19000);
    // Kept on the device until seen; "OK" clears them there too.
    expect(await idb.get(CART_CHANGES_KEY)).toEqual(cartChanges());
    dismissCartChanges();
    expect(cartChanges()).toEqual([]);
    await vi.waitFor(async () => expect(await idb.get(CART_CHANGES_KEY)).toEqual([]));
  });

  it('after a reload, compares the server cart with the offline copy the customer saw', async () => {
    serverQty = 1;
    await refreshCart();
    appState.reset();
    paneerPrice = 17500;
    await refreshCart();
    expect(cartChanges()).toEqual([
      { id: 5, key: '5', name: 'Paneer Tikka', kind: 'price', from: 18000, to: 17500 },
    ]);
  });
});
