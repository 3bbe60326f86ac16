// Shared steps of the map and order-page journeys: sign in through the API (as the app would store the
// session), answer the street map's tile host with a fixture tile, place and pay an order through the
// API with the sandbox card, and move it along as the restaurant's staff would.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const CUSTOMER = { phone_number: '9876543210', password: 'demo-pass-123' };
export const STAFF = { phone_number: '9000000001', password: 'staff-pass-123' };
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

export interface Session {
  access: string;
  refresh: string;
  headers: Record<string, string>;
}

async function csrfHeaders(ctx: BrowserContext, request: APIRequestContext, baseURL: string) {
  await request.get('/healthz');
  const csrf = (await ctx.cookies(baseURL)).find((c) => c.name === 'csrftoken')!.value;
  return { 'x-csrftoken': csrf };
}

/** Signs in through the API and leaves the session where the app keeps it (cookie + refresh token). */
export async function logIn(
  ctx: BrowserContext,
  baseURL: string,
  who: { phone_number: string; password: string } = CUSTOMER,
  path = '/api/v1/login/customers',
): Promise<Session> {
  const headers = await csrfHeaders(ctx, ctx.request, baseURL);
  const res = await ctx.request.post(path, { data: who, headers });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { access: string; refresh: string; restaurant_id?: number };
  await ctx.addInitScript({
    content: `if (!sessionStorage.getItem('e2e-session-set')) {
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('auth._refresh_token.local', ${JSON.stringify(json.refresh)});
    }`,
  });
  const url = new URL(baseURL);
  await ctx.addCookies([
    { name: 'auth._token.local', value: `Bearer%20${json.access}`, domain: url.hostname, path: '/' },
    ...(json.restaurant_id
      ? [{ name: 'res_id', value: String(json.restaurant_id), domain: url.hostname, path: '/' }]
      : []),
  ]);
  return { ...json, headers: { ...headers, authorization: `Bearer ${json.access}` } };
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

/** A customer made through the real sign-up, with the tokens the app keeps. */
export interface Customer {
  phone: string;
  password: string;
  access: string;
  refresh: string;
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

let seq = 0;
/** A new customer through the real sign-up (OTP from the dev outbox), in a context of its own. */
export async function newCustomer(ctx: BrowserContext): Promise<Customer> {
  seq += 1;
  const phone = `8${String(Date.now()).slice(-7)}${String(seq).padStart(2, '0')}`;
  const password = 'truth-pass-123';
  const headers = { 'x-csrftoken': await csrfOf(ctx, ctx.request) };
  const created = await ctx.request.post('/api/v1/users/customer/create', {
    data: { phone_number: phone, password, name: 'Asha Rao', email: `asha.${phone}@example.com` },
    headers,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  let otp = '';
  await expect
    .poll(async () => {
      const res = await ctx.request.get(`/api/v1/dev/outbox?phone_number=${phone}`);
      const body = (await res.json()) as { results: Array<{ otp: string | null; purpose: string | null }> };
      otp = body.results.find((m) => m.purpose === 'signup' && m.otp)?.otp ?? '';
      return otp;
    })
    .not.toBe('');
  const verified = await ctx.request.post('/api/v1/users/customer/verify/', {
    data: { phone_number: phone, otp, session_key: null },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { access, refresh } = (await verified.json()) as { access: string; refresh: string };
  return { phone, password, access, refresh };
}

/** The page's browser is signed in as the customer (the tokens the app keeps). */
export async function signInBrowser(ctx: BrowserContext, baseURL: string, c: Customer): Promise<void> {
  await ctx.addInitScript({
    content: `localStorage.setItem('auth._refresh_token.local', ${JSON.stringify(c.refresh)});`,
  });
  await ctx.addCookies([
    {
      name: 'auth._token.local',
      value: `Bearer%20${c.access}`,
      domain: new URL(baseURL).hostname,
      path: '/',
    },
  ]);
}
