// The checkout journey in a real browser against the built server: a visitor fills a cart, meets the
// "Replace cart?" question, applies WELCOME50, logs in from checkout keeping the cart, picks an
// address, fails once with the sandbox failure card (cart kept), pays with the success card and lands
// on /checkout/success; then cart edits made offline replay after reconnecting. Screenshots of
// /checkout and the coupons panel at 375 and 1280 px land in .tmp/checkout-shots/.
import { expect, test, type Page } from './test.ts';
import { screensDir } from './support.ts';

const SHOTS = screensDir('checkout');
const CUSTOMER = { phone: '9876543210', password: 'demo-pass-123' };
const MENU = '/restaurants/meghana-biryani-house';

/** Calls the API as the page does (CSRF header, bearer token, anonymous id), with the page's cookies. */
async function apiInPage<T>(
  page: Page,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const jar = new Map((await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (jar.get('csrftoken')) headers['x-csrftoken'] = jar.get('csrftoken')!;
  if (jar.get('auth._token.local')) headers['authorization'] = jar.get('auth._token.local')!;
  if (jar.get('session_key')) headers['x-anonymous-id'] = jar.get('session_key')!;
  const res = await page.request.fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { data: body }),
  });
  return { status: res.status(), json: (await res.json()) as T };
}

interface CartBody {
  cart_items: Array<{ id: number; name: string; quantity: number; restaurant_id: number }>;
  cart_meta: { item_count: number } | null;
}

test.describe.configure({ mode: 'serial' });

test('visitor to paid order: replace question, coupon, login keeping the cart, failure then success', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // ---- A visitor adds two biryanis from restaurant 1.
  await page.goto(MENU);
  const addBiryani = page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first();
  await addBiryani.click();
  await page.getByRole('button', { name: 'Add one more Chicken Biryani' }).first().click();
  await expect(page.getByRole('group', { name: 'Chicken Biryani in cart' }).first()).toContainText('2');
  await expect
    .poll(async () => (await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_meta?.item_count)
    .toBe(2);
  const sessionKey = (await page.context().cookies()).find((c) => c.name === 'session_key')?.value;
  expect(sessionKey).toMatch(/^[A-Za-z0-9_-]{22,}$/);

  // ---- Another restaurant's item asks "Replace cart?"; No keeps the cart.
  const all = await (await page.request.get('/api/v1/restaurant/all/')).json();
  const other = (all.results as Array<{ id: number; slug: string }>).find((r) => r.id !== 1)!;
  await page.goto(`/restaurants/${other.slug}`);
  await page
    .getByRole('button', { name: /^Add .+ to cart$/ })
    .first()
    .click();
  const replace = page.getByRole('alertdialog', { name: 'Replace cart?' });
  await expect(replace).toBeVisible();
  await expect(replace).toContainText('Meghana Biryani House');
  await expect(replace.getByRole('button', { name: 'Replace' })).toBeFocused();
  await replace.getByRole('button', { name: 'No' }).click();
  await expect(replace).toHaveCount(0);
  expect(
    (await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_items.every(
      (i) => i.restaurant_id === 1,
    ),
  ).toBe(true);

  // ---- Checkout as a visitor: items, bill, then WELCOME50 from the coupons panel changes the bill.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Chicken Biryani').first()).toBeVisible();
  const toPay = page.getByTestId('to-pay');
  await expect(toPay).toBeVisible();
  const before = await toPay.textContent();
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  const panel = page.getByRole('dialog', { name: 'Available Coupons' });
  await expect(panel.getByText('WELCOME50', { exact: true })).toBeVisible();
  await expect(panel.getByText("Other T&C's may apply").first()).toBeVisible();
  await expect(
    panel.getByText(/^Offer valid till [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/).first(),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Apply Coupon WELCOME50' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText('Coupon discount (WELCOME50)')).toBeVisible();
  await expect(toPay).not.toHaveText(before!);
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeDisabled();

  // ---- Log in from checkout: the cart (and its coupon) stay.
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  const auth = page.getByRole('dialog');
  await auth.getByLabel('Phone number').fill(CUSTOMER.phone);
  await auth.getByLabel('Password').fill(CUSTOMER.password);
  await auth.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('group', { name: 'Chicken Biryani in cart' })).toContainText('2');
  await expect(page.getByText('Coupon discount (WELCOME50)')).toBeVisible();

  // ---- A saved address inside the delivery radius (saved through the API), picked on the page.
  const saved = await apiInPage<{ data?: { id: number } }>(
    page,
    '/api/v1/users/customer/address/create',
    'POST',
    {
      address: '12, 5th Cross, Koramangala, Bengaluru',
      flat: '4B',
      landmark: 'Near the park',
      address_type: 'home',
      latitude: 12.9279,
      longitude: 77.6271,
      address_components: [],
      place_id: '',
    },
  );
  expect(saved.status).toBe(201);
  await page.reload();
  await page
    .getByRole('radio', { name: /5th Cross, Koramangala/ })
    .first()
    .check();
  const payButton = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(payButton).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/checkout-ready-1280.png`, fullPage: true });
  await expect(payButton).toHaveText(`Pay ${(await toPay.textContent())!.trim()}`);

  // ---- The failure card: an error in the payment window, then closing keeps the cart and allows a retry.
  await payButton.click();
  const rzp = page.getByRole('dialog', { name: 'Meghana Biryani House' });
  await expect(rzp).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sandbox-1280.png` });
  await rzp.getByLabel('Card number').fill('4000 0000 0000 0002');
  await rzp.getByLabel('Expiry (MM/YY)').fill('12/34');
  await rzp.getByLabel('CVV').fill('123');
  await rzp.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(rzp.getByRole('alert')).toContainText('declined');
  await rzp.getByRole('button', { name: 'Close payment' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Your cart is saved' }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Chicken Biryani in cart' })).toContainText('2');

  // ---- The success card pays; /checkout/success shows the order and the tracking link.
  await payButton.click();
  await expect(rzp).toBeVisible();
  await rzp.getByLabel('Card number').fill('4111 1111 1111 1111');
  await rzp.getByLabel('Expiry (MM/YY)').fill('12/34');
  await rzp.getByLabel('CVV').fill('123');
  await rzp.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/success-1280.png` });
  await expect(page.getByTestId('order-number')).toHaveText(/^\d{6}-[A-Z0-9]{6}$/);
  await expect(page.getByText(/2 × Chicken Biryani/)).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order');
  await expect(page.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
    'href',
    `/tracking/${orderId}`,
  );
  expect((await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_items).toEqual([]);
});

test('cart edits made offline are kept and replayed after reconnecting', async ({ page, context }) => {
  await page.goto(MENU);
  await page.getByRole('button', { name: 'Add Paneer Tikka to cart' }).first().click();
  await expect
    .poll(async () => (await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_meta?.item_count)
    .toBe(1);

  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Paneer Tikka in cart' })).toContainText('1');

  await context.setOffline(true);
  await expect(page.getByText(/You are offline/)).toBeVisible();
  const plus = page.getByRole('button', { name: 'Add one more Paneer Tikka' });
  await plus.click();
  await plus.click();
  await expect(page.getByRole('group', { name: 'Paneer Tikka in cart' })).toContainText('3');
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeDisabled();
  // The queued changes are kept in IndexedDB until they are sent.
  const queued = await page.evaluate<number>(`new Promise((resolve) => {
    const open = indexedDB.open('bhojan');
    open.onsuccess = () => {
      const get = open.result.transaction('kv').objectStore('kv').get('cart-queue');
      get.onsuccess = () => resolve((get.result || []).length);
    };
  })`);
  expect(queued).toBe(2);

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_items.find(
          (i) => i.name === 'Paneer Tikka',
        )?.quantity,
      {
        timeout: 15_000,
      },
    )
    .toBe(3);
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
});

test('screenshots of /checkout and the coupons panel', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(MENU);
    const add = page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first();
    if (width === 375) await add.click();
    await expect
      .poll(async () => (await apiInPage<CartBody>(page, '/api/v1/checkout/')).json.cart_meta?.item_count)
      .toBeGreaterThan(0);
    await page.goto('/checkout');
    await expect(page.getByTestId('to-pay')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/checkout-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Available Coupons' }).getByText('WELCOME50', { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/coupons-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
