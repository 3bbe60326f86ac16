// Shared steps of the journeys: answer the street map's tile host with a fixture tile, place and pay
// an order through the API with the sandbox card, and move it along as the restaurant's staff would.
// The sessions they act with come from the signIn fixture (test.ts).
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type BrowserContext, type Page, type Session } from './test.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** The demo customer's delivery location: restaurant 1 (Meghana Biryani House) delivers there. */
export const KORAMANGALA = {
  address: '80 Feet Road, Koramangala, Bengaluru',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
};

/** The tile host playwright.config.ts gives the server as MAP_TILE_URL. */
export const TILE_HOST = 'https://tiles.e2e.test';
const TILE = readFileSync(new URL('./fixtures/tile.png', import.meta.url));

/** Answers every street-map tile with the fixture; returns the tile URLs the page asked for. */
export async function serveTiles(target: BrowserContext | Page): Promise<string[]> {
  const asked: string[] = [];
  await target.route(`${TILE_HOST}/**`, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  return asked;
}

/** A paid order of two Paneer Tikka from Meghana Biryani House to a flat in Koramangala. */
export async function placePaidOrder(
  request: APIRequestContext,
  session: Pick<Session, 'headers'>,
): Promise<number> {
  const headers = session.headers;
  const menu = (await (await request.get('/api/v1/restaurant/meghana-biryani-house/')).json()) as {
    categories: Array<{ items: Array<{ id: number; name: string }> }>;
  };
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.name === 'Paneer Tikka')!;
  // One restaurant per cart: empty whatever an earlier journey left.
  const cart = (await (await request.get('/api/v1/checkout/', { headers })).json()) as {
    cart_items?: Array<{ id: number }>;
  };
  for (const line of cart.cart_items ?? []) {
    await request.delete(`/api/v1/checkout/delete/${line.id}`, { headers });
  }
  const added = await request.post('/api/v1/checkout/add/', {
    data: { item: item.id, quantity: 2 },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  const created = await request.post('/api/v2/orders/createorder/', {
    data: {
      address: {
        address: '12, 5th Cross, Koramangala, Bengaluru',
        flat: '4B',
        landmark: 'Near the park',
        latitude: 12.9279,
        longitude: 77.6271,
      },
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { order: { id: number }; provider_order_id: string };
  const paid = await request.post('/api/v1/payments/sandbox/pay', {
    data: { order_id: order.provider_order_id, card_number: '4111111111111111', expiry: '12/34', cvv: '123' },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const confirmed = await request.post('/api/v1/orders/paymentsuccess/', {
    data: await paid.json(),
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return order.order.id;
}

/** The restaurant moves the order (staff API), e.g. accepted, rejected with a reason, picked_up. */
export async function staffMove(
  request: APIRequestContext,
  staff: Session,
  orderId: number,
  status: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await request.post(`/api/v1/orders/restaurant/${orderId}/status/`, {
    data: { status, ...extra },
    headers: staff.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Opens a restaurant from its card in the list, as a customer taps it: by its name. Not the first link
 * to its menu, which may be a carousel banner waiting off-screen on a phone, on a track that moves
 * every 3 s.
 */
export async function openRestaurantCard(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 3, name, exact: true }).first().click();
}

/**
 * Where a journey's screenshots go: test-results/screens/<spec>, emptied at the start of every run.
 * They are for people to look at (docs/decisions/0014-screenshots-are-for-review.md), not compared.
 */
export function screensDir(spec: string): string {
  return `test-results/screens/${spec}`;
}

/** Saves a full-page screenshot named after the journey and the viewport width. */
export async function shot(page: Page, dir: string, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** The order outbox the app keeps in IndexedDB (src/features/checkout/order-outbox.ts), or null. */
export async function keptOrder(
  page: Page,
): Promise<{ key: string; orderId: number | null; provider: unknown } | null> {
  // A string: this project's types have no DOM (the code runs in the page).
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('bhojan');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('kv')) return resolve(null);
      const get = db.transaction('kv').objectStore('kv').get('order-outbox');
      get.onerror = () => reject(get.error);
      get.onsuccess = () => resolve(get.result ?? null);
    };
  })`);
}

/** The context's CSRF token (asked for when it has none yet). */
export async function csrfOf(ctx: BrowserContext, request: APIRequestContext): Promise<string> {
  let token = (await ctx.cookies()).find((c) => c.name === 'csrftoken')?.value;
  if (!token) {
    await request.get('/healthz');
    token = (await ctx.cookies()).find((c) => c.name === 'csrftoken')!.value;
  }
  return token;
}
