// Orders end to end with two browsers: the staff tab already on /partner/orders sees a customer's paid
// order within a second (row + notification), moves it along the chain, and the customer's tracking
// page follows each step live; the orders list ends with it delivered. The customer adds a dish on the
// menu and pays on /checkout with the sandbox card. Screenshots land in .tmp/orders-shots/.
import { expect, test, type Page } from './test.ts';
import { screensDir } from './support.ts';

const SHOTS = screensDir('orders');

/** What the spy on ServiceWorkerRegistration.prototype.showNotification records. */
interface Notified {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

/** The customer pays through the app: Add on the menu, the saved address on /checkout, the sandbox card. */
async function placeAndPay(page: Page, headers: Record<string, string>): Promise<number> {
  // A delivery address inside restaurant 1's radius (the address overlay has its own journey).
  const saved = await page.request.post('/api/v1/users/customer/address/create', {
    data: {
      address: '12, 5th Cross, Koramangala, Bengaluru',
      flat: '4B',
      landmark: 'Near the park',
      address_type: 'home',
      latitude: 12.9279,
      longitude: 77.6271,
      address_components: [],
      place_id: '',
    },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.goto('/restaurants/meghana-biryani-house');
  await page.getByRole('button', { name: 'Add Paneer Tikka to cart' }).click();
  const replace = page.getByRole('button', { name: /^Replace/ });
  if (await replace.isVisible().catch(() => false)) await replace.click();
  const stepper = page.getByRole('group', { name: 'Paneer Tikka in cart' });
  await expect(stepper).toBeVisible();
  await page.getByRole('button', { name: 'Add one more Paneer Tikka' }).click();
  await expect(stepper).toContainText('2');

  await page.goto('/checkout');
  await page
    .getByRole('radio', { name: /5th Cross, Koramangala/ })
    .first()
    .check();
  // Instructions for the kitchen and the rider travel with the order.
  await page.getByRole('textbox', { name: 'For the kitchen' }).fill('Less spicy, no onion');
  await page.getByRole('button', { name: "Don't ring the bell" }).click();
  await expect(page.getByRole('textbox', { name: 'For the rider' })).toHaveValue("Don't ring the bell");
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  const sandbox = page.getByRole('dialog', { name: 'Meghana Biryani House' });
  await sandbox.getByLabel('Card number').fill('4111 1111 1111 1111');
  await sandbox.getByLabel('Expiry (MM/YY)').fill('12/34');
  await sandbox.getByLabel('CVV').fill('123');
  await sandbox.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  return Number(new URL(page.url()).searchParams.get('order'));
}

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test('staff see a paid order live, move it along, and the customer follows every step', async ({
  browser,
  baseURL,
  signIn,
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
        window.__notifications.push({ title, body: options && options.body, url: options && options.data && options.data.url, tag: options && options.tag });
        return original.call(this, title, options);
      };`,
  });
  await signIn(staffCtx, 'staff');
  const staff = await staffCtx.newPage();
  await staff.goto('/partner/orders');
  await expect(staff.getByRole('heading', { name: 'Live orders' })).toBeVisible();
  await expect(staff.getByText('Live', { exact: true })).toBeVisible();
  await expect(staff.getByText('Notifications on', { exact: true })).toBeVisible();
  await staff.evaluate('navigator.serviceWorker.ready.then(() => true)');

  // Customer: signed in through the API, then orders and pays in the app.
  const customerCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const customer = await signIn(customerCtx);
  const orderId = await placeAndPay(await customerCtx.newPage(), customer.headers);

  // The board shows it whole in New within a second, with a notification.
  const row = staff.locator(`article[data-order-id="${orderId}"]`);
  const lane = (name: string) => staff.getByRole('region', { name: new RegExp(`^${name} \\d+ orders?$`) });
  await expect(lane('New').locator(`[data-order-id="${orderId}"]`)).toBeVisible({ timeout: 1000 });
  await expect(row).toContainText('Placed');
  await expect(row).toContainText('2 × Paneer Tikka');
  await expect(row).toContainText(/Paid · ₹\d/);
  await expect(row).toContainText('5th Cross, Koramangala');
  await expect(row.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d{6,}/);
  await expect(row).toContainText('CookingLess spicy, no onion');
  await expect(row).toContainText("DeliveryDon't ring the bell");
  const mine = async () =>
    (await staff.evaluate<Notified[]>('window.__notifications')).filter((n) =>
      n.tag?.startsWith(`order-${orderId}-`),
    );
  await expect.poll(async () => (await mine()).length, { timeout: 3000 }).toBeGreaterThan(0);
  const [note] = await mine();
  expect(note).toEqual({
    title: '!! Order Update Received',
    body: 'You have a new Order Update',
    url: '/partner/orders',
    tag: `order-${orderId}-placed`,
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
  await expect(lane('Preparing').locator(`[data-order-id="${orderId}"]`)).toContainText('Accepted');
  await expect(track.getByRole('heading', { level: 1, name: 'Accepted by the restaurant' })).toBeVisible({
    timeout: 3000,
  });
  await expect(track.getByText(/Arriving by/)).toBeVisible();
  await expect(track.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await shot(staff, 'partner-orders', 1280);
  const steps: Array<[string, string, string, string, string[]]> = [
    // While the kitchen has it: prep time steps (accepted, preparing) and its kitchen ticket.
    [
      'Preparing',
      'Preparing',
      'Preparing',
      'Being prepared',
      ['Preparing', 'Reject', '−5', '+5', 'Print ticket'],
    ],
    ['Ready', 'Ready', 'Ready', 'Ready for pickup', ['Ready', '−5', '+5', 'Print ticket']],
    ['Picked up', 'Picked up', 'Out for delivery', 'Out for delivery', ['Picked up', 'Print ticket']],
  ];
  for (const [action, rowText, laneName, heading, offered] of steps) {
    await expect(row.getByRole('button')).toHaveText(offered);
    await row.getByRole('button', { name: new RegExp(`^${action}`) }).click();
    await expect(lane(laneName).locator(`[data-order-id="${orderId}"] .live-orders__status`)).toHaveText(
      rowText,
    );
    await expect(track.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 3000 });
  }
  await expect(row.getByRole('button')).toHaveText(['Delivered']);
  await row.getByRole('button', { name: /^Delivered/ }).click();
  await expect(track.getByRole('heading', { level: 1, name: 'Delivered' })).toBeVisible({ timeout: 3000 });
  // A delivered order leaves the board; the history has it, with no steps left.
  await expect(row).toHaveCount(0);
  await staff.getByRole('tab', { name: 'History' }).click();
  const done = staff.getByRole('tabpanel', { name: 'History' }).locator(`[data-order-id="${orderId}"]`);
  await expect(done.locator('.live-orders__status')).toHaveText('Delivered');
  await expect(done.getByRole('button')).toHaveCount(0);
  await expect(staff.getByRole('status').filter({ hasText: /orders? today · ₹/ })).toBeVisible();
  // Staff heard of the new order, and of none of their own steps (orders earlier journeys left
  // waiting may ring meanwhile: only this order's notifications count).
  expect((await mine()).map((n) => n.tag)).toEqual([`order-${orderId}-placed`]);

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

  await shot(staff, 'partner-orders-history', 1280);

  await staffCtx.close();
  await customerCtx.close();
});

test('another restaurant’s staff socket is refused and the page offers Reconnect', async ({
  browser,
  baseURL,
  signIn,
}) => {
  const ctx = await browser.newContext();
  await signIn(ctx, 'staff');
  const url = new URL(baseURL!);
  await ctx.addCookies([{ name: 'res_id', value: '2', domain: url.hostname, path: '/' }]);
  const page = await ctx.newPage();
  await page.goto('/partner/orders');
  await expect(page.getByRole('button', { name: 'Reconnect' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(
    /Offline.*Log in again to receive orders/,
  );
  await ctx.close();
});
