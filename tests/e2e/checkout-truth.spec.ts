// Checkout and cart, as a customer meets them, at phone (390x844) and desktop (1280x800) widths:
// the order page says what the server knows (waiting for payment, reopened for the same order, paid,
// cancelled, no order at all); coupon codes typed in the panel, and a coupon that stops qualifying
// left out instead of failing Pay; the nearest deliverable address chosen and a far one never priced;
// the "which cart do you want to keep?" question after signing in, carts in step across tabs, and the
// 50-per-dish limit. Screenshots land in .tmp/checkout-truth-shots/.
import { expect, test, type BrowserContext, type Customer, type Page } from './test.ts';
import { csrfOf, keptOrder, screensDir } from './support.ts';

const SHOTS = screensDir('checkout-truth');
const MENU = '/restaurants/meghana-biryani-house';
const NEAR = { address: '12, 5th Cross, Koramangala, Bengaluru', latitude: 12.9279, longitude: 77.6271 };
const NEARER = {
  address: '3, 1st Cross, 5th Block, Koramangala, Bengaluru',
  latitude: 12.9349,
  longitude: 77.6249,
};
const FAR = { address: 'Marine Drive, Mumbai', latitude: 18.9432, longitude: 72.8236 };
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Calls the API as the customer, from the context's request client. */
async function asCustomer<T>(
  ctx: BrowserContext,
  c: Customer,
  path: string,
  method = 'GET',
  data?: unknown,
): Promise<{ status: number; json: T }> {
  const headers = { 'x-csrftoken': await csrfOf(ctx, ctx.request), authorization: `Bearer ${c.access}` };
  const res = await ctx.request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
  return { status: res.status(), json: (await res.json()) as T };
}

async function saveAddress(ctx: BrowserContext, c: Customer, a: typeof NEAR, flat = '4B'): Promise<number> {
  const res = await asCustomer<{ id?: number; data?: { id: number } }>(
    ctx,
    c,
    '/api/v1/users/customer/address/create',
    'POST',
    { ...a, flat, landmark: 'Near the park', address_type: 'home', address_components: [], place_id: '' },
  );
  expect(res.status).toBe(201);
  return res.json.data?.id ?? res.json.id!;
}

async function menuItemId(ctx: BrowserContext, slug: string, name: string): Promise<number> {
  const res = await ctx.request.get(`/api/v1/restaurant/${slug}/`);
  const body = JSON.stringify(await res.json());
  const m = new RegExp(`"id":(\\d+),[^{}]*"name":"${name}"`).exec(body);
  expect(m, `${name} on ${slug}`).not.toBeNull();
  return Number(m![1]);
}

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹/ });
const sandbox = (page: Page) => page.getByRole('dialog', { name: 'Meghana Biryani House' });

async function payWithCard(page: Page, card: string): Promise<void> {
  const rzp = sandbox(page);
  await expect(rzp).toBeVisible();
  await rzp.getByLabel('Card number').fill(card);
  await rzp.getByLabel('Expiry (MM/YY)').fill('12/34');
  await rzp.getByLabel('CVV').fill('123');
  await rzp.getByRole('button', { name: /^Pay ₹/ }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`checkout at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ mode: 'serial' });

    test('the order page tells the truth: waiting, reopened for the same order, paid, cancelled, none', async ({
      page,
      context,
      signIn,
    }) => {
      test.setTimeout(150_000);
      const me = await signIn(context, 'new customer');
      await saveAddress(context, me, NEAR);
      const biryani = await menuItemId(context, 'meghana-biryani-house', 'Chicken Biryani');
      await asCustomer(context, me, '/api/v1/checkout/add/', 'POST', { item: biryani, quantity: 2 });

      // No order at all.
      await page.goto('/checkout/success');
      await expect(page.getByRole('heading', { name: 'No order to show' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to restaurants' })).toBeVisible();
      await shot(page, 'success-none');

      // Pay, then close the card window: the order is saved, not paid, and the page says so.
      await page.goto('/checkout');
      await expect(page.getByRole('radio', { name: /5th Cross, Koramangala/ })).toBeChecked();
      await expect(payButton(page)).toBeEnabled();
      const total = (await page.getByTestId('to-pay').textContent())!.trim();
      expect(total).toMatch(/^₹[\d,]+(\.\d\d)?$/);
      await payButton(page).click();
      await expect(sandbox(page)).toBeVisible();
      await sandbox(page).getByRole('button', { name: 'Close payment' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toContainText('You have not been charged');
      // The order waits in the device's order outbox (and checkout says Pay continues it).
      await expect(page.getByTestId('kept-order')).toContainText('is saved and waiting for your payment');
      const attempt = (await keptOrder(page))!;

      await page.goto(`/checkout/success?order=${attempt.orderId}`);
      await expect(page.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
      await expect(page.getByText('Order placed!')).toHaveCount(0);
      await expect(page.getByText(/^Paid /)).toHaveCount(0);
      await shot(page, 'success-pending');

      // A declined card: "Payment failed", no money taken; the same order's window opens again.
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      await payWithCard(page, '4000 0000 0000 0002');
      await expect(sandbox(page).getByRole('alert')).toContainText('declined');
      await sandbox(page).getByRole('button', { name: 'Close payment' }).click();
      await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
      await expect(page.getByTestId('order-state')).toContainText('No money was taken');
      await shot(page, 'success-failed');

      const number = (await page.getByTestId('order-number').textContent())!.trim();
      await page.getByRole('button', { name: `Try again: pay ${total}` }).click();
      await expect(sandbox(page)).toContainText(number);
      await payWithCard(page, '4111 1111 1111 1111');
      await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
      await expect(page.getByTestId('order-state')).toHaveText(
        `Paid ${total}. Meghana Biryani House has your order.`,
      );
      await expect(page.getByTestId('order-number')).toHaveText(number);
      await shot(page, 'success-paid');

      // An order cancelled before payment: not charged, never "placed".
      await asCustomer(context, me, '/api/v1/checkout/add/', 'POST', { item: biryani, quantity: 1 });
      const addressId = await saveAddress(context, me, NEAR, '7C');
      const created = await asCustomer<{ order: { id: number } }>(
        context,
        me,
        '/api/v2/orders/createorder/',
        'POST',
        { address_id: addressId },
      );
      expect(created.status).toBe(201);
      await asCustomer(context, me, `/api/v1/orders/cancel-order/${created.json.order.id}`, 'POST');
      await page.goto(`/checkout/success?order=${created.json.order.id}`);
      await expect(page.getByRole('heading', { name: 'Order cancelled' })).toBeVisible();
      await expect(page.getByTestId('order-state')).toHaveText(
        'This order was cancelled before it was paid. You have not been charged.',
      );
      await shot(page, 'success-cancelled');
    });

    test('coupon codes typed in the panel, and a coupon that stops qualifying never fails Pay', async ({
      page,
      context,
      signIn,
    }) => {
      test.setTimeout(120_000);
      const me = await signIn(context, 'new customer');
      await saveAddress(context, me, NEAR);
      const biryani = await menuItemId(context, 'meghana-biryani-house', 'Chicken Biryani');
      await asCustomer(context, me, '/api/v1/checkout/add/', 'POST', { item: biryani, quantity: 2 });

      await page.goto('/checkout');
      await expect(payButton(page)).toBeEnabled();
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      const panel = page.getByRole('dialog', { name: 'Available Coupons' });
      const field = panel.getByLabel('Enter coupon code');
      for (const [code, reason] of [
        ['expired20', 'Coupon EXPIRED20 has expired.'],
        ['PAUSED10', 'Coupon PAUSED10 is not available right now.'],
        ['NOSUCHCODE', 'This coupon code is not valid.'],
        ['HEALTHY15', 'Coupon HEALTHY15 is not valid on this restaurant.'],
      ] as const) {
        await field.fill(code);
        await panel.getByRole('button', { name: 'Apply', exact: true }).click();
        await expect(panel.getByRole('alert')).toHaveText(reason);
      }
      await shot(page, 'coupon-code-error');
      await field.fill('FLAT125');
      await field.press('Enter');
      await expect(panel).toHaveCount(0);
      await expect(page.getByText('Coupon discount (FLAT125)')).toBeVisible();
      const discounted = (await page.getByTestId('to-pay').textContent())!.trim();

      // One biryani is below FLAT125's ₹499 minimum: the bill and the coupon change at once.
      await page.getByRole('button', { name: 'Remove one Chicken Biryani' }).click();
      await expect(page.getByTestId('coupon')).toContainText('Not applied');
      await expect(page.getByText(/^Add items worth ₹[\d,.]+ more to use FLAT125/)).toBeVisible();
      await expect(page.getByText(/Coupon discount/)).toHaveCount(0);
      await expect(page.getByTestId('to-pay')).not.toHaveText(discounted);
      await expect(payButton(page)).toBeEnabled();
      await shot(page, 'coupon-not-applied');
      const toPay = (await page.getByTestId('to-pay').textContent())!.trim();
      await expect(payButton(page)).toHaveText(`Pay ${toPay}`);

      // Pay opens the payment window for exactly what the bill shows.
      await payButton(page).click();
      await expect(sandbox(page)).toBeVisible();
      await expect(sandbox(page).getByRole('button', { name: `Pay ${toPay}` })).toBeVisible();
      await sandbox(page).getByRole('button', { name: 'Close payment' }).click();

      // Back above the minimum, the coupon applies again.
      await page.getByRole('button', { name: 'Add one more Chicken Biryani' }).click();
      await expect(page.getByText('Coupon discount (FLAT125)')).toBeVisible();
    });

    test('the nearest deliverable address is chosen, a far one says why and is never priced', async ({
      page,
      context,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const me = await signIn(context, 'new customer');
      await saveAddress(context, me, FAR, '9');
      await saveAddress(context, me, NEAR, '4B');
      await saveAddress(context, me, NEARER, '2A');
      const biryani = await menuItemId(context, 'meghana-biryani-house', 'Chicken Biryani');
      await asCustomer(context, me, '/api/v1/checkout/add/', 'POST', { item: biryani, quantity: 1 });

      // Every delivery fee the page ever shows is recorded: it must never price the far address.
      await page.addInitScript({
        content: `window.__fees = [];
          new MutationObserver(() => {
            for (const row of document.querySelectorAll('[data-testid="bill"] .co-bill__row')) {
              if (row.textContent.startsWith('Delivery fee')) window.__fees.push(row.textContent);
            }
          }).observe(document, { subtree: true, childList: true, characterData: true });`,
      });
      await page.goto('/checkout');
      await expect(page.getByRole('radio', { name: /1st Cross, 5th Block/ })).toBeChecked();
      const far = page.getByRole('radio', { name: /Marine Drive, Mumbai/ });
      await expect(far).toBeDisabled();
      await expect(
        page.getByText(/^Too far: [\d,.]+ km from Meghana Biryani House, which delivers within 7 km\.$/),
      ).toBeVisible();
      await expect(payButton(page)).toBeEnabled();
      const fee = page.locator('[data-testid="bill"] .co-bill__row', { hasText: 'Delivery fee' });
      await expect(fee).toContainText(/Delivery fee \((less than 100 m|\d+ m)\)₹25$/);
      await shot(page, 'address-nearest');

      // Choosing the other nearby address prices its distance; the far one was never priced.
      await page.getByRole('radio', { name: /5th Cross, Koramangala/ }).check();
      await expect(fee).toContainText(/Delivery fee \((\d+ m|\d\.\d km)\)₹\d+$/);
      const fees = (await page.evaluate('window.__fees')) as string[];
      expect(fees.length).toBeGreaterThan(0);
      for (const f of fees) {
        expect(f).not.toContain('0.0 km');
        expect(Number(/₹([\d,]+)/.exec(f)![1]!.replace(/,/g, ''))).toBeLessThan(100);
      }
    });

    test('signing in with a cart from another restaurant asks which to keep; tabs stay in step; 50 per dish', async ({
      page,
      context,
      browser,
      baseURL,
      signIn,
    }) => {
      test.setTimeout(150_000);
      // The account's saved cart, from another device: a dish of another restaurant.
      const elsewhere = await browser.newContext({ baseURL: baseURL! });
      const me = await signIn(elsewhere, 'new customer');
      const all = (await (await context.request.get('/api/v1/restaurant/all/')).json()) as {
        results: Array<{ id: number; slug: string; name: string }>;
      };
      const other = all.results.find((r) => r.id !== 1)!;
      const menu = JSON.stringify(
        await (await context.request.get(`/api/v1/restaurant/${other.slug}/`)).json(),
      );
      const otherDish = /"id":(\d+),[^{}]*"name":"([^"]+)"[^{}]*"in_stock":true/.exec(menu)!;
      const saved = await asCustomer(elsewhere, me, '/api/v1/checkout/add/', 'POST', {
        item: Number(otherDish[1]),
        quantity: 2,
      });
      expect(saved.status).toBe(200);
      await elsewhere.close();

      // In this browser, as a visitor: biryani from Meghana, then log in from checkout.
      await page.goto(MENU);
      await page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first().click();
      await expect(page.getByRole('group', { name: 'Chicken Biryani in cart' }).first()).toContainText('1');
      await page.goto('/checkout');
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      const auth = page.getByRole('dialog');
      await auth.getByLabel('Phone number').fill(me.phone);
      await auth.getByLabel('Password').fill(me.password);
      await auth.getByRole('button', { name: 'Log in', exact: true }).click();

      const question = page.getByRole('dialog', { name: 'Which cart do you want to keep?' });
      await expect(question).toBeVisible();
      await expect(question.getByRole('button', { name: /Keep this cart/ })).toContainText(
        'Meghana Biryani House',
      );
      await expect(question.getByRole('button', { name: /Use my saved cart/ })).toContainText(other.name);
      await expect(question.getByRole('button', { name: /Use my saved cart/ })).toContainText(
        `2 × ${otherDish[2]}`,
      );
      await expect(payButton(page)).toBeDisabled();
      await shot(page, 'cart-conflict');
      // Escape does not dismiss a question that needs an answer.
      await page.keyboard.press('Escape');
      await expect(question).toBeVisible();

      const keepThis = viewport.width > 500;
      await question.getByRole('button', { name: keepThis ? /Keep this cart/ : /Use my saved cart/ }).click();
      await expect(question).toHaveCount(0);
      if (keepThis) {
        await expect(page.getByRole('group', { name: 'Chicken Biryani in cart' })).toContainText('1');
      } else {
        await expect(page.getByRole('group', { name: `${otherDish[2]} in cart` })).toContainText('2');
      }

      // A second tab of the same browser follows changes made in the first.
      const tab = await context.newPage();
      await tab.goto('/checkout');
      const dish = keepThis ? 'Chicken Biryani' : otherDish[2]!;
      const before = Number(
        await tab
          .getByRole('group', { name: `${dish} in cart` })
          .locator('output')
          .textContent(),
      );
      await page.getByRole('button', { name: `Add one more ${dish}` }).click();
      await expect(tab.getByRole('group', { name: `${dish} in cart` })).toContainText(String(before + 1));
      await tab.close();

      // At 50 of one dish, + says why instead of adding more.
      const token = (await context.cookies()).find((c) => c.name === 'auth._token.local')!.value;
      const items = (
        await (
          await context.request.get('/api/v1/checkout/', {
            headers: { authorization: decodeURIComponent(token) },
          })
        ).json()
      ).cart_items as Array<{ id: number; name: string }>;
      const line = items.find((i) => i.name === dish)!;
      const csrf = await csrfOf(context, context.request);
      const set50 = await context.request.post('/api/v1/checkout/add/', {
        data: { item: line.id, quantity: 50 },
        headers: { authorization: decodeURIComponent(token), 'x-csrftoken': csrf },
      });
      expect(set50.status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('group', { name: `${dish} in cart` })).toContainText('50');
      // aria-disabled: it looks disabled but still answers a tap (Playwright would wait for "enabled").
      await page.getByRole('button', { name: `Add one more ${dish}` }).click({ force: true });
      await expect(page.getByText(`You can add up to 50 × ${dish} per order.`)).toBeVisible();
      await shot(page, 'quantity-limit');
      await expect(page.getByRole('group', { name: `${dish} in cart` })).toContainText('50');
    });
  });
}
