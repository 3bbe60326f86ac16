// Orders end to end with two browsers: the staff tab already on /partner/orders sees a customer's paid
// order within a second (row + notification), moves it along the chain, and the customer's tracking
// page follows each step live; the orders list ends with it delivered. The customer places and pays
// through the API (cart add, createorder, sandbox pay, paymentsuccess), as the checkout UI is covered
// by the checkout journey. Screenshots of the three screens land in .tmp/orders-shots/.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

const SHOTS = '.tmp/orders-shots';
const STAFF = { phone_number: '9000000001', password: 'staff-pass-123' };
const CUSTOMER = { phone_number: '9876543210', password: 'demo-pass-123' };

/** What the spy on ServiceWorkerRegistration.prototype.showNotification records. */
interface Notified {
  title: string;
  body?: string;
  url?: string;
}

async function csrfHeaders(ctx: BrowserContext, request: APIRequestContext, baseURL: string) {
  await request.get('/healthz');
  const csrf = (await ctx.cookies(baseURL)).find((c) => c.name === 'csrftoken')!.value;
  return { 'x-csrftoken': csrf };
}

async function logIn(ctx: BrowserContext, baseURL: string, path: string, body: object) {
  const headers = await csrfHeaders(ctx, ctx.request, baseURL);
  const res = await ctx.request.post(path, { data: body, headers });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { access: string; refresh: string; restaurant_id?: number };
  // The app keeps a session only with both tokens: the access cookie and the refresh token.
  await ctx.addInitScript({
    content: `localStorage.setItem('auth._refresh_token.local', ${JSON.stringify(json.refresh)});`,
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

async function placeAndPay(ctx: BrowserContext, headers: Record<string, string>): Promise<number> {
  const menu = await (await ctx.request.get('/api/v1/restaurant/1/')).json();
  const items = (menu.categories as Array<{ items: Array<{ id: number; name: string; in_stock: boolean }> }>)
    .flatMap((c) => c.items)
    .filter((i) => i.in_stock);
  const paneer = items.find((i) => i.name === 'Paneer Tikka') ?? items[0]!;
  const add = await ctx.request.post('/api/v1/checkout/add/', {
    data: { item: paneer.id, quantity: 2, replace: true },
    headers,
  });
  expect(add.status(), await add.text()).toBe(200);
  const created = await ctx.request.post('/api/v2/orders/createorder/', {
    data: {
      address: {
        address: '12, 5th Cross, Koramangala, Bengaluru',
        flat: '4B',
        landmark: 'Near the park',
        address_type: 'home',
        latitude: 12.9279,
        longitude: 77.6271,
      },
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { order: { id: number }; provider_order_id: string };
  const paid = await ctx.request.post('/api/v1/payments/sandbox/pay', {
    data: { order_id: order.provider_order_id, card_number: '4111111111111111', expiry: '12/30', cvv: '123' },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const success = await ctx.request.post('/api/v1/orders/paymentsuccess/', {
    data: { ...(await paid.json()), order_id: order.order.id },
    headers,
  });
  expect(success.status(), await success.text()).toBe(200);
  return order.order.id;
}

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test('staff see a paid order live, move it along, and the customer follows every step', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;

  // Staff: signed in, notifications allowed, showNotification spied on, already on /partner/orders.
  const staffCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await staffCtx.grantPermissions(['notifications'], { origin: base });
  await staffCtx.addInitScript({
    content: `window.__notifications = [];
      const original = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
        window.__notifications.push({ title, body: options && options.body, url: options && options.data && options.data.url });
        return original.call(this, title, options);
      };`,
  });
  await logIn(staffCtx, base, '/api/v1/login/staff', STAFF);
  const staff = await staffCtx.newPage();
  await staff.goto('/partner/orders');
  await expect(staff.getByRole('heading', { name: 'Live orders' })).toBeVisible();
  await expect(staff.getByText('Live', { exact: true })).toBeVisible();
  await expect(staff.getByText('Notifications on')).toBeVisible();
  await staff.evaluate('navigator.serviceWorker.ready.then(() => true)');

  // Customer: signed in through the API, places and pays an order.
  const customerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await logIn(customerCtx, base, '/api/v1/login/customers', CUSTOMER);
  const orderId = await placeAndPay(customerCtx, customer.headers);

  // The staff table shows it within a second, with a notification.
  const row = staff.locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toBeVisible({ timeout: 1000 });
  await expect(row).toContainText('Placed');
  await expect
    .poll(() => staff.evaluate<number>('window.__notifications.length'), { timeout: 3000 })
    .toBeGreaterThan(0);
  const [note] = await staff.evaluate<Notified[]>('window.__notifications');
  expect(note).toEqual({
    title: '!! Order Update Received',
    body: 'You have a new Order Update',
    url: '/partner/orders',
  });

  // The customer's tracking page is open and live.
  const track = await customerCtx.newPage();
  await track.goto(`/tracking/${orderId}`);
  await expect(track.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await expect(track.getByText('Live', { exact: true })).toBeVisible();
  await expect(track.getByRole('button', { name: 'Cancel order' })).toBeVisible();

  // Only the moves the chain allows are offered.
  await expect(row.getByRole('button')).toHaveText(['Accept', 'Reject']);
  await row.getByRole('button', { name: /^Accept/ }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByLabel('Preparation time').selectOption('15');
  await dialog.getByRole('button', { name: 'Accept order' }).click();
  await expect(row).toContainText('Accepted');
  await expect(track.getByRole('heading', { level: 1, name: 'Accepted by the restaurant' })).toBeVisible({
    timeout: 3000,
  });
  await expect(track.getByText(/Arriving by/)).toBeVisible();
  await expect(track.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  const steps: Array<[string, string, string, string[]]> = [
    ['Preparing', 'Preparing', 'Being prepared', ['Preparing', 'Reject']],
    ['Ready', 'Ready', 'Ready for pickup', ['Ready']],
    ['Picked up', 'Picked up', 'Out for delivery', ['Picked up']],
    ['Delivered', 'Delivered', 'Delivered', ['Delivered']],
  ];
  for (const [action, rowText, heading, offered] of steps) {
    await expect(row.getByRole('button')).toHaveText(offered);
    await row.getByRole('button', { name: new RegExp(`^${action}`) }).click();
    await expect(row.locator('.live-orders__status')).toHaveText(rowText);
    await expect(track.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 3000 });
  }
  await expect(row.getByRole('button')).toHaveCount(0);
  // Every update raised a notification.
  expect(await staff.evaluate<number>('window.__notifications.length')).toBeGreaterThanOrEqual(6);

  await shot(track, 'tracking', 375);
  await shot(track, 'tracking', 1280);

  // The orders list shows it delivered.
  const list = await customerCtx.newPage();
  await list.goto('/myaccount/orders');
  const card = list.locator(`li[data-order-id="${orderId}"]`);
  await expect(card).toContainText('Delivered');
  await expect(card).toContainText('2 × Paneer Tikka');
  await card.getByRole('button', { name: 'Details' }).click();
  await expect(card.getByText('Item total')).toBeVisible();
  await shot(list, 'myaccount-orders', 375);
  await shot(list, 'myaccount-orders', 1280);

  // The bare status page of the SMS link.
  const bare = await customerCtx.newPage();
  await bare.goto(`/m/${orderId}`);
  await expect(bare.getByRole('heading', { level: 1, name: 'Delivered' })).toBeVisible();
  await shot(bare, 'm-status', 375);

  await staff.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(row).toBeVisible();
  await shot(staff, 'partner-orders', 1280);

  await staffCtx.close();
  await customerCtx.close();
});

test('another restaurant’s staff socket is refused and the page offers Reconnect', async ({
  browser,
  baseURL,
}) => {
  const ctx = await browser.newContext();
  await logIn(ctx, baseURL!, '/api/v1/login/staff', STAFF);
  const url = new URL(baseURL!);
  await ctx.addCookies([{ name: 'res_id', value: '2', domain: url.hostname, path: '/' }]);
  const page = await ctx.newPage();
  await page.goto('/partner/orders');
  await expect(page.getByRole('button', { name: 'Reconnect' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/Offline: refreshing/)).toBeVisible();
  await ctx.close();
});
