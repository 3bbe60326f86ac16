// The customer who never loses an order (issue 14), in Chromium against the real built server:
// - the network cut between "Pay" and the payment result, then restored and the page reloaded: exactly
//   one order (through the API), shown as paid, charged once;
// - createorder's answer lost: Pay after a reload continues the same order (the same Idempotency-Key);
// - a menu opened before shows offline with "Updated N min ago"; a price changed and a dish taken off
//   on the server while the customer was offline: checkout lists both before payment, with the bill
//   the server recomputed;
// - the manifest's shortcuts and screenshots, the Install button on a (synthetic) beforeinstallprompt,
//   and the Add to Home Screen hint on iOS Safari;
// - a reorder of a delivered order (issue 16), at phone and desktop widths, after the restaurant raised
//   the price of its dish: checkout says so, with the new price in the bill.
// The server runs on its own PostgreSQL database so the test can change a price as the restaurant
// would (no price API yet). Screenshots land in .tmp/offline-orders-shots/.
import pg from 'pg';
import {
  CUSTOMER,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Session,
} from './test.ts';
import { ownServer, type OwnServer } from './own-server.ts';
import { DESKTOP, PHONE, keptOrder, placePaidOrder, shot, staffMove, screensDir } from './support.ts';

const SHOTS = screensDir('offline-orders');
const PG = process.env['E2E_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432';
const SLUG = 'meghana-biryani-house';
const MENU = `/restaurants/${SLUG}`;
const NEAR = { address: '12, 5th Cross, Koramangala, Bengaluru', latitude: 12.9279, longitude: 77.6271 };
const KORAMANGALA = { address: 'Koramangala, Bengaluru', area: 'Koramangala', lat: 12.9352, lng: 77.6245 };
const CARD = { number: '4111 1111 1111 1111', expiry: '12/34', cvv: '123' };

let server: OwnServer;
let base = '';
let dbName = '';
let db: pg.Client;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dbName = `bhojan_e2e_offline_${process.pid}_${Date.now() % 1e6}`;
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  server = await ownServer('offline-orders', { DATABASE_URL: `${PG}/${dbName}` });
  base = server.base;
  await server.start();
  db = new pg.Client({ connectionString: `${PG}/${dbName}` });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
  await server?.dispose();
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.end();
});

async function customerContext(browser: Browser, viewport: typeof PHONE): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: base, viewport });
  await ctx.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: base },
  ]);
  return ctx;
}

/** The API as the customer, from Node (not affected by the page's offline switch). */
async function asCustomer<T>(s: Session, path: string, method = 'GET', data?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...s.headers,
      cookie: `csrftoken=${s.headers['x-csrftoken']}`,
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: data === undefined ? null : JSON.stringify(data),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : null) as T;
}

interface OrderRow {
  id: number;
  order_number: string;
  payment_status: string;
}
/** Every order of the demo customer, paid or not (the API's list shows placed orders only). */
const ordersOf = async (_s: Session): Promise<OrderRow[]> =>
  (
    await db.query<OrderRow>(
      `select o.id, o.order_number, o.payment_status from orders o join users u on u.id = o.user_id
        where u.phone_number = $1 order by o.id`,
      [CUSTOMER.phone_number],
    )
  ).rows;
/** The customer's placed orders as the API lists them. */
const listedOrders = (s: Session) =>
  asCustomer<{ results: OrderRow[] }>(s, '/api/v1/orders/all/customer/?limit=50').then((r) => r.results);
const paymentsOf = (s: Session) =>
  asCustomer<{ results: Array<{ order_id: number; status: string }> }>(
    s,
    '/api/v1/orders/payments/?limit=50',
  ).then((r) => r.results);

async function dishId(name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'select mi.id from menu_items mi join restaurants r on r.id = mi.restaurant_id where r.slug = $1 and mi.name = $2',
    [SLUG, name],
  );
  expect(rows[0], name).toBeDefined();
  return rows[0]!.id;
}

/** A cart of these dishes (one each) and a saved address near the restaurant. */
async function cartReady(s: Session, dishes: string[]): Promise<void> {
  const cart = await asCustomer<{ cart_items: Array<{ id: number }> }>(s, '/api/v1/checkout/');
  for (const line of cart.cart_items) await asCustomer(s, `/api/v1/checkout/delete/${line.id}`, 'DELETE');
  for (const name of dishes) {
    await asCustomer(s, '/api/v1/checkout/add/', 'POST', { item: await dishId(name), quantity: 1 });
  }
  const saved = await asCustomer<{ results?: unknown[] } | unknown[]>(s, '/api/v1/users/customer/address/');
  const count = Array.isArray(saved) ? saved.length : (saved.results?.length ?? 0);
  if (!count) {
    await asCustomer(s, '/api/v1/users/customer/address/create', 'POST', {
      ...NEAR,
      flat: '4B',
      landmark: 'Near the park',
      address_type: 'home',
      address_components: [],
      place_id: '',
    });
  }
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹/ });
const sandbox = (page: Page) => page.getByRole('dialog', { name: 'Meghana Biryani House' });

async function fillCard(page: Page): Promise<void> {
  const rzp = sandbox(page);
  await expect(rzp).toBeVisible();
  await rzp.getByLabel('Card number').fill(CARD.number);
  await rzp.getByLabel('Expiry (MM/YY)').fill(CARD.expiry);
  await rzp.getByLabel('CVV').fill(CARD.cvv);
}

/** The service worker controls the page (so browse reads are kept for offline use). */
async function swControls(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
  await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('the network cut between Pay and the payment result: after a reload, one order, paid, charged once', async ({
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ctx = await customerContext(browser, PHONE);
  const me = await signIn(ctx);
  await cartReady(me, ['Chicken Biryani']);
  const before = await ordersOf(me);
  const page = await ctx.newPage();

  await page.goto('/checkout');
  // A returning customer: the app's code is on the device (precached), so pages open offline.
  await swControls(page);
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  await fillCard(page);
  // The card is charged at the payment service; the connection drops before our server hears of it.
  let cut = 0;
  await page.route('**/api/v1/orders/paymentsuccess/', async (route) => {
    cut += 1;
    await ctx.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await sandbox(page)
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect.poll(() => cut).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  // The device kept the payment service's result, so it can be confirmed later.
  await expect.poll(async () => (await keptOrder(page))?.provider ?? null).not.toBeNull();
  expect((await keptOrder(page))!.orderId).toBe(orderId);
  const during = await ordersOf(me);
  expect(during.length).toBe(before.length + 1);
  // Offline, the order page says it cannot reach us (and keeps the order for later).
  await expect(page.getByRole('heading', { name: 'Could not load the order' })).toBeVisible();
  await shot(page, SHOTS, 'cut-after-pay');

  // Connection back, page reloaded: the app confirms the kept result and shows the server's truth.
  await page.unroute('**/api/v1/orders/paymentsuccess/');
  await ctx.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
  await expect(page.getByTestId('order-state')).toContainText('Paid ₹');
  await shot(page, SHOTS, 'cut-resumed-paid');

  const after = await ordersOf(me);
  expect(after.length).toBe(before.length + 1);
  const placed = after.filter((o) => !before.some((b) => b.id === o.id));
  expect(placed).toHaveLength(1);
  expect(placed[0]).toMatchObject({ id: orderId, payment_status: 'paid' });
  const charges = (await paymentsOf(me)).filter((p) => p.order_id === orderId && p.status === 'paid');
  expect(charges).toHaveLength(1);
  expect((await listedOrders(me)).filter((o) => o.id === orderId)).toHaveLength(1);
  expect(await keptOrder(page)).toBeNull();
  await ctx.close();
});

test("createorder's answer lost: Pay after a reload continues the same order, never a second", async ({
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ctx = await customerContext(browser, DESKTOP);
  const me = await signIn(ctx);
  await cartReady(me, ['Paneer Tikka']);
  const before = await ordersOf(me);
  const page = await ctx.newPage();

  await page.goto('/checkout');
  await expect(payButton(page)).toBeEnabled();
  // The order reaches the server; its answer never reaches the page.
  await page.route('**/api/v2/orders/createorder/', async (route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await payButton(page).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('offline');
  const kept = (await keptOrder(page))!;
  expect(kept.key).toMatch(/^pay-/);
  expect(kept.orderId).toBeNull();
  const created = (await ordersOf(me)).filter((o) => !before.some((b) => b.id === o.id));
  expect(created).toHaveLength(1);

  await page.unroute('**/api/v2/orders/createorder/');
  await page.reload();
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  // The same order's payment window: the same order number as the one the lost answer created.
  await expect(sandbox(page)).toContainText(created[0]!.order_number);
  await fillCard(page);
  await sandbox(page)
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(created[0]!.order_number);

  const after = (await ordersOf(me)).filter((o) => !before.some((b) => b.id === o.id));
  expect(after).toHaveLength(1);
  expect(after[0]!.payment_status).toBe('paid');
  await ctx.close();
});

test('a menu opened before shows offline with its age; what changed meanwhile is listed before payment', async ({
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ctx = await customerContext(browser, PHONE);
  const me = await signIn(ctx);
  await cartReady(me, []);
  const biryani = await dishId('Chicken Biryani');
  const mutton = await dishId('Mutton Biryani');
  const { rows } = await db.query<{ price: number }>('select price from menu_items where id = $1', [biryani]);
  const oldPrice = rows[0]!.price;
  const page = await ctx.newPage();

  try {
    await page.goto(MENU);
    await swControls(page);
    // Read through the service worker once, so the menu is kept.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Meghana Biryani House' })).toBeVisible();
    for (const name of ['Chicken Biryani', 'Mutton Biryani']) {
      await page.getByRole('button', { name: `Add ${name} to cart` }).click();
      await expect(page.getByRole('group', { name: `${name} in cart` })).toBeVisible();
    }
    await expect
      .poll(
        async () => (await asCustomer<{ cart_items: unknown[] }>(me, '/api/v1/checkout/')).cart_items.length,
      )
      .toBe(2);
    await page.goto('/checkout');
    await expect(page.getByTestId('to-pay')).toBeVisible();

    // Offline: the menu opened before is there, and says how old it is.
    await ctx.setOffline(true);
    await page.goto(MENU);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toContainText(
      'Showing the menu we loaded last.',
    );
    await expect(page.getByTestId('menu-age')).toHaveText(/^ Updated (just now|\d+ min ago)\.$/);
    await shot(page, SHOTS, 'menu-offline');

    // Meanwhile the restaurant raises a price and takes a dish off.
    await db.query('update menu_items set price = price + 2000 where id = $1', [biryani]);
    await db.query('update menu_items set in_stock = false where id = $1', [mutton]);

    await page.goto('/checkout');
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(payButton(page)).toBeDisabled();
    await ctx.setOffline(false);

    const changes = page.getByTestId('cart-changes');
    await expect(changes).toContainText(`Chicken Biryani: ₹${oldPrice / 100} → ₹${(oldPrice + 2000) / 100}`);
    await expect(changes).toContainText('Mutton Biryani: no longer available');
    // The bill on screen is the server's, recomputed with the new price.
    const cart = await asCustomer<{ cart_info: { to_pay: number } }>(me, '/api/v1/checkout/');
    const toPay = `₹${(cart.cart_info.to_pay / 100).toLocaleString('en-IN', {
      minimumFractionDigits: cart.cart_info.to_pay % 100 ? 2 : 0,
    })}`;
    await expect(page.getByTestId('to-pay')).toHaveText(toPay);
    await shot(page, SHOTS, 'cart-changes');

    await page.getByRole('button', { name: 'OK' }).click();
    await expect(changes).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('to-pay')).toHaveText(toPay);
    await expect(page.getByTestId('cart-changes')).toHaveCount(0);
  } finally {
    await db.query('update menu_items set price = $2 where id = $1', [biryani, oldPrice]);
    await db.query('update menu_items set in_stock = true where id = $1', [mutton]);
    await ctx.close();
  }
});

const INSTALL_PROMPT = `(() => {
  const e = new Event('beforeinstallprompt', { cancelable: true });
  e.prompt = () => { window.__installPrompts = (window.__installPrompts || 0) + 1; return Promise.resolve(); };
  e.userChoice = Promise.resolve({ outcome: 'dismissed' });
  window.dispatchEvent(e);
  return e.defaultPrevented;
})()`;

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (b: Buffer) => `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;

test('installable: manifest shortcuts and screenshots, Install on beforeinstallprompt, the iOS hint', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ctx = await customerContext(browser, DESKTOP);
  const manifest = (await (await ctx.request.get('/manifest.webmanifest')).json()) as {
    shortcuts: Array<{ short_name: string; url: string }>;
    screenshots: Array<{ src: string; sizes: string; form_factor: string; type: string }>;
  };
  expect(manifest.shortcuts.map((s) => [s.short_name, s.url])).toEqual([
    ['Search', '/search'],
    ['Cart', '/checkout'],
    ['Orders', '/myaccount/orders'],
  ]);
  expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const s of manifest.screenshots) {
    const res = await ctx.request.get(s.src);
    expect(res.status(), s.src).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
    const body = await res.body();
    expect(pngSize(body)).toBe(s.sizes);
    expect(body.length).toBeLessThan(300_000);
  }
  for (const s of manifest.shortcuts) {
    expect((await ctx.request.get(s.url)).status(), s.url).toBe(200);
  }

  for (const viewport of [PHONE, DESKTOP]) {
    const page = await ctx.newPage();
    await page.setViewportSize(viewport);
    await page.goto('/restaurants');
    // The offer loads when the page is idle; the browser's event is then ours to show.
    await expect
      .poll(async () => {
        await page.evaluate(INSTALL_PROMPT);
        return page.getByRole('button', { name: 'Install' }).count();
      })
      .toBe(1);
    await expect(page.getByRole('complementary', { name: 'Install the app' })).toContainText(
      'Install Bhojan',
    );
    await shot(page, SHOTS, 'install-offer');
    await page.getByRole('button', { name: 'Install' }).click();
    expect(await page.evaluate('window.__installPrompts')).toBe(1);
    await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);

    // Never on checkout.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await page.waitForTimeout(2500);
    await page.evaluate(INSTALL_PROMPT);
    await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await page.close();
  }
  await ctx.close();

  // iOS Safari: no such event; the hint says how to add the app to the Home Screen.
  const ios = await browser.newContext({
    baseURL: base,
    viewport: PHONE,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await ios.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: base },
  ]);
  const iphone = await ios.newPage();
  await iphone.goto('/restaurants');
  const hint = iphone.getByRole('complementary', { name: 'Add to Home Screen' });
  await expect(hint).toContainText('Install Bhojan: tap Share, then Add to Home Screen.');
  await shot(iphone, SHOTS, 'ios-hint');
  await hint.getByRole('button', { name: 'Not now' }).click();
  await expect(hint).toHaveCount(0);
  await iphone.reload();
  await expect(iphone.getByRole('heading', { name: /Restaurants near/ })).toBeVisible();
  await iphone.waitForTimeout(2500);
  await expect(hint).toHaveCount(0);
  await ios.close();
});

for (const vp of [PHONE, DESKTOP]) {
  test(`at ${vp.width} px: a reorder after the restaurant raised a price says so at checkout`, async ({
    browser,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const ctx = await customerContext(browser, vp);
    const me = await signIn(ctx);
    await cartReady(me, []);
    const staffCtx = await browser.newContext({ baseURL: base });
    const staff = await signIn(staffCtx, 'staff');
    // A past order of two Paneer Tikka, delivered.
    const orderId = await placePaidOrder(ctx.request, me);
    await staffMove(staffCtx.request, staff, orderId, 'accepted', { prep_time_min: 15 });
    for (const s of ['preparing', 'ready', 'picked_up', 'delivered'])
      await staffMove(staffCtx.request, staff, orderId, s);
    const paneer = await dishId('Paneer Tikka');
    const { rows } = await db.query<{ price: number }>('select price from menu_items where id = $1', [
      paneer,
    ]);
    const before = rows[0]!.price;
    await db.query('update menu_items set price = price + 3000 where id = $1', [paneer]);
    try {
      const page = await ctx.newPage();
      await page.goto('/myaccount/orders');
      await page.locator(`[data-order-id="${orderId}"]`).getByRole('button', { name: 'Reorder' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const rupees = (paise: number) => `₹${paise / 100}`;
      await expect(page.getByTestId('cart-changes')).toHaveText(
        `Paneer Tikka: ${rupees(before)} → ${rupees(before + 3000)}`,
      );
      await expect(page.getByRole('group', { name: 'Paneer Tikka in cart' })).toContainText('2');
      await shot(page, SHOTS, 'reorder-repriced');
    } finally {
      await db.query('update menu_items set price = $2 where id = $1', [paneer, before]);
      await ctx.close();
      await staffCtx.close();
    }
  });
}
