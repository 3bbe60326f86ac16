import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse } from '../../shared/api/checkout.ts';
import { ApiError } from '../../lib/http.ts';
import { idb } from '../../lib/idb.ts';
import { store } from '../../lib/store.ts';
import { flushQueue, refreshCart, setItemQuantity } from './cart-sync.ts';

const KEY = 'k'.repeat(32);
const paneer = { id: 5, name: 'Paneer Tikka', price: 18000, restaurantId: 1 };

function cart(quantity: number): CartResponse {
  if (!quantity)
    return { session_key: KEY, cart_items: [], cart_info: null, cart_meta: null, store_info: null };
  const line = quantity * 18000;
  return {
    session_key: KEY,
    cart_items: [
      {
        id: 5,
        name: 'Paneer Tikka',
        price: 18000,
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

beforeEach(async () => {
  sent = [];
  serverQty = 0;
  await idb.del('cart-queue');
  await idb.del('cart-snapshot');
  store.reset();
  setOnline(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      sent.push({ url, body });
      if (url.startsWith('/api/v1/checkout/add/')) {
        if (body?.['item'] === 99)
          return new Response(
            JSON.stringify({ status: 409, message: 'Replace?', code: 'cart_store_conflict' }),
            { status: 409 },
          );
        serverQty = body?.['quantity'] as number;
      }
      return new Response(JSON.stringify(cart(serverQty)), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('cart sync', () => {
  it('loads the cart into the store and the session cookie', async () => {
    serverQty = 2;
    await refreshCart();
    expect(store.get().session_key).toBe(KEY);
    expect(store.get().cart_meta).toEqual({ item_count: 2, item_total: 36000, coupon_discount: 0 });
    expect(document.cookie).toContain(`session_key=${KEY}`);
    serverQty = 0;
    await refreshCart();
    expect(store.get()).toMatchObject({ cart: [], cart_info: null, cart_meta: null, store_info: null });
  });

  it('queues offline changes with op ids and absolute quantities, shows them, and replays them in order', async () => {
    await refreshCart();
    setOnline(false);
    await setItemQuantity(paneer, 1);
    await setItemQuantity(paneer, 2);
    await setItemQuantity(paneer, 3);
    expect(store.get().cart_meta?.item_count).toBe(3);
    expect(sent.filter((s) => s.url.startsWith('/api/v1/checkout/add/'))).toHaveLength(0);
    expect(await idb.get<unknown[]>('cart-queue')).toHaveLength(3);

    setOnline(true);
    await flushQueue();
    const adds = sent.filter((s) => s.url.startsWith('/api/v1/checkout/add/')).map((s) => s.body!);
    expect(adds.map((b) => b['quantity'])).toEqual([1, 2, 3]);
    expect(new Set(adds.map((b) => b['op_id'])).size).toBe(3);
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
    expect(store.get().cart_meta?.item_count).toBe(3);
    expect(store.get().cart_info?.['to_pay']).toBe(3 * 18000 + 3400);
  });

  it('shows the saved cart when the network is off at start', async () => {
    serverQty = 2;
    await refreshCart();
    store.reset();
    setOnline(false);
    await refreshCart();
    expect(store.get().cart_meta?.item_count).toBe(2);
  });

  it('rejects a refused change (another restaurant) and drops it from the queue', async () => {
    await refreshCart();
    await expect(setItemQuantity({ ...paneer, id: 99, restaurantId: 2 }, 1)).rejects.toBeInstanceOf(ApiError);
    expect(await idb.get<unknown[]>('cart-queue')).toEqual([]);
  });
});
