// Kitchen controls end to end, at tablet landscape (1280x800) and on a phone (390x844): staff pause the
// restaurant and a customer sees "Not accepting orders right now" on its card and menu and cannot pay,
// then staff resume; staff mark a dish out of stock and the customer's checkout names it and refuses
// it; with auto-accept on a new paid order arrives accepted (and auto-prints its ticket), +5 moves the
// customer's ETA; the kitchen ticket in print media. Screenshots land in .tmp/kitchen-shots/.
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Session,
  type SignIn,
} from './test.ts';
import { DESKTOP, PHONE, placePaidOrder, shot, screensDir, KORAMANGALA } from './support.ts';

const SHOTS = screensDir('kitchen-controls');
const RESTAURANT = 'Meghana Biryani House';
const SLUG = 'meghana-biryani-house';

/** Staff on the console's Kitchen view with window.print recorded instead of opening a dialog. */
async function staffConsole(browser: Browser, signIn: SignIn, viewport: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript({
    content: `window.__prints = [];
      window.print = () => window.__prints.push(document.getElementById('kot-print')?.textContent ?? '');`,
  });
  const session = await signIn(ctx, 'staff');
  await restoreKitchen(ctx, session);
  const page = await ctx.newPage();
  await page.goto('/partner/orders?view=kitchen');
  const panel = page.getByRole('region', { name: 'Kitchen controls' });
  await expect(panel.getByRole('status')).toBeVisible();
  const view = (name: 'Orders' | 'History' | 'Kitchen') =>
    page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  return { ctx, page, panel, session, view };
}

/** Taking orders, auto-accept off, Paneer Tikka in stock: whatever an earlier journey left. */
async function restoreKitchen(ctx: BrowserContext, staff: Session) {
  const base = '/api/v1/restaurant-admin';
  const headers = staff.headers;
  const ok = (status: number) => expect([200, 204]).toContain(status);
  ok((await ctx.request.post(`${base}/kitchen/resume/`, { headers })).status());
  ok((await ctx.request.put(`${base}/kitchen/auto-accept/`, { headers, data: { enabled: false } })).status());
  const items = (await (await ctx.request.get(`${base}/menu/items/`, { headers })).json()) as {
    results: Array<{ id: number; name: string; in_stock: boolean }>;
  };
  const paneer = items.results.find((i) => i.name === 'Paneer Tikka')!;
  if (!paneer.in_stock)
    ok(
      (
        await ctx.request.put(`${base}/menu/items/${paneer.id}/stock/`, { headers, data: { in_stock: true } })
      ).status(),
    );
}

/** A signed-in customer (with the list's delivery location) and a saved address near the restaurant. */
async function customer(
  browser: Browser,
  signIn: SignIn,
  baseURL: string,
  viewport: { width: number; height: number },
) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: baseURL },
  ]);
  const session = await signIn(ctx);
  await emptyCart(ctx, session);
  const saved = await ctx.request.post('/api/v1/users/customer/address/create', {
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
    headers: session.headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { ctx, session, page: await ctx.newPage() };
}

/** Paneer Tikka in the cart from the menu (replacing another restaurant's cart), then /checkout. */
async function toCheckoutWithPaneer(page: Page) {
  await page.goto(`/restaurants/${SLUG}`);
  const add = page.getByRole('button', { name: 'Add Paneer Tikka to cart' });
  const stepper = page.getByRole('group', { name: 'Paneer Tikka in cart' });
  await expect(add.or(stepper)).toBeVisible();
  if (await add.isVisible()) {
    await add.click();
    const replace = page.getByRole('button', { name: /^Replace/ });
    if (await replace.isVisible().catch(() => false)) await replace.click();
  }
  await expect(stepper).toBeVisible();
  await page.goto('/checkout');
  await page
    .getByRole('radio', { name: /5th Cross, Koramangala/ })
    .first()
    .check();
}

/** Pays on /checkout; the server refuses before the payment sheet opens: returns what the page says. */
async function payRefused(page: Page) {
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  const said = page.locator('.co-pay-message');
  await expect(said).toBeVisible();
  await expect(page.getByRole('dialog', { name: RESTAURANT })).toHaveCount(0);
  return said;
}

async function emptyCart(ctx: BrowserContext, session: Session) {
  const cart = (await (await ctx.request.get('/api/v1/checkout/', { headers: session.headers })).json()) as {
    cart_items?: Array<{ id: number }>;
  };
  for (const line of cart.cart_items ?? [])
    await ctx.request.delete(`/api/v1/checkout/delete/${line.id}`, { headers: session.headers });
}

// A journey that stops midway (a timeout with auto-accept on, or the kitchen paused) must not fail the
// journeys of other files that order from this restaurant after it.
test.afterEach(async ({ browser, signIn }) => {
  const ctx = await browser.newContext();
  await restoreKitchen(ctx, await signIn(ctx, 'staff'));
  await ctx.close();
});

for (const vp of [
  { name: 'tablet landscape', size: DESKTOP },
  { name: 'phone', size: PHONE },
]) {
  test.describe(`kitchen controls on a ${vp.name}`, () => {
    test("history: yesterday's orders in Indian days, their totals, a search by phone, all kept in the address", async ({
      browser,
      signIn,
    }) => {
      const staff = await staffConsole(browser, signIn, vp.size);
      await staff.view('History');
      const history = staff.page.getByRole('tabpanel', { name: 'History' });
      await history.getByRole('button', { name: 'Yesterday' }).click();
      await expect(staff.page).toHaveURL(/\/partner\/orders\?view=history&range=yesterday$/);
      const totals = history.getByRole('status');
      await expect(totals).toHaveText(/^\d+ orders yesterday · ₹[\d,]+(\.\d\d)? paid$/);
      const cards = history.locator('article[data-order-id]');
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
      // The demo week holds a rejection and a customer's cancellation yesterday, both refunded.
      await expect(cards.filter({ hasText: 'Rejected' }).first()).toContainText('Refunded');
      await expect(cards.filter({ hasText: 'Cancelled' }).first()).toContainText('Refunded');
      await shot(staff.page, SHOTS, 'console-yesterday');

      // A diner's phone, typed as people type it, narrows the list to their orders.
      await history.getByRole('searchbox', { name: 'Order number or phone' }).fill('+91 98450 12301');
      await expect(staff.page).toHaveURL(/q=%2B91\+98450\+12301/);
      await expect(totals).toHaveText(/^\d+ orders? matching “\+91 98450 12301” yesterday · ₹/);
      await expect(cards.first()).toContainText('Priya Nair');
      for (const text of await cards.allInnerTexts()) expect(text).toContain('Priya Nair');
      // The address keeps the view: a reload shows the same.
      await staff.page.reload();
      await expect(history.getByRole('searchbox', { name: 'Order number or phone' })).toHaveValue(
        '+91 98450 12301',
      );
      await expect(history.getByRole('button', { name: 'Yesterday' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await staff.ctx.close();
    });

    test('pause: customers see the notice on the card and the menu and cannot order; resume lifts it', async ({
      browser,
      baseURL,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const staff = await staffConsole(browser, signIn, vp.size);
      await expect(staff.panel.getByRole('status')).toContainText('Taking new orders');

      // Pause for 30 minutes: a confirmation in a modal dialog first.
      await staff.panel.getByRole('button', { name: 'Pause new orders' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Pause new orders' });
      await expect(dialog.getByRole('radio', { name: '30 minutes' })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: '30 minutes' })).toBeFocused();
      await shot(staff.page, SHOTS, 'pause-dialog');
      await dialog.getByRole('button', { name: 'Pause orders' }).click();
      await expect(dialog).toBeHidden();
      await expect(staff.panel.getByRole('status')).toContainText(/Paused until \d{1,2}:\d{2}/);
      // The console's own bar says so on every view.
      await expect(staff.page.locator('.console-bar__intake')).toContainText(/Paused until/);
      // Focus lands on the control that replaced the opener.
      await expect(staff.panel.getByRole('button', { name: 'Resume orders' })).toBeFocused();
      await shot(staff.page, SHOTS, 'console-paused');

      const c = await customer(browser, signIn, baseURL!, vp.size);
      // The list's card (its cache reloads on the change within seconds).
      await expect(async () => {
        await c.page.goto('/restaurants');
        const card = c.page.locator('.rl-card').filter({ hasText: RESTAURANT });
        await expect(card).toContainText('Not accepting orders right now', { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await shot(c.page, SHOTS, 'list-paused');
      await c.page.goto(`/restaurants/${SLUG}`);
      await expect(c.page.locator('.rm-header')).toContainText('Not accepting orders right now');
      await shot(c.page, SHOTS, 'menu-paused');

      // Paying is refused with the server's words.
      await toCheckoutWithPaneer(c.page);
      const said = await payRefused(c.page);
      await expect(said).toContainText(`${RESTAURANT} is not accepting orders right now. Try again after`);

      // Resume: the notice goes.
      await staff.panel.getByRole('button', { name: 'Resume orders' }).click();
      await expect(staff.panel.getByRole('status')).toContainText('Taking new orders');
      // A customer opening the menu now sees no notice (a browser that already holds the paused menu
      // may show it until its minute of HTTP caching is over; checkout asks the server every time).
      const fresh = await browser.newContext({ viewport: vp.size });
      const menu = await fresh.newPage();
      await expect(async () => {
        await menu.goto(`/restaurants/${SLUG}`);
        await expect(menu.locator('.rm-header')).toBeVisible({ timeout: 2000 });
        await expect(menu.locator('.rm-header')).not.toContainText('Not accepting orders right now', {
          timeout: 500,
        });
      }).toPass({ timeout: 15_000 });
      await expect(menu.getByRole('button', { name: 'Add Paneer Tikka to cart' })).toBeEnabled();
      await fresh.close();

      // The history says who did what.
      await staff.panel.getByText('Control history').click();
      const history = staff.panel.locator('.kitchen-history');
      await expect(history.locator('li').first()).toContainText(
        'Ravi Kumar reopened the restaurant for orders.',
      );
      await expect(history.locator('li').nth(1)).toContainText('Ravi Kumar paused new orders');
      await expect(history.locator('li').first().locator('time')).toHaveText(/^\d{1,2}:\d{2}\s?[ap]m$/i);
      await shot(staff.page, SHOTS, 'console-history');

      await emptyCart(c.ctx, c.session);
      await staff.ctx.close();
      await c.ctx.close();
    });

    test('out of stock: the customer’s checkout names the dish and refuses it; back in stock', async ({
      browser,
      baseURL,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const staff = await staffConsole(browser, signIn, vp.size);
      const c = await customer(browser, signIn, baseURL!, vp.size);
      await toCheckoutWithPaneer(c.page);
      await expect(c.page.locator('.co-item').filter({ hasText: 'Paneer Tikka' })).not.toContainText(
        'Out of stock',
      );

      const stockSummary = staff.panel.locator('summary').first();
      const outBefore = Number(/(\d+) out of stock/.exec((await stockSummary.textContent())!)?.[1] ?? 0);
      await stockSummary.click();
      await staff.panel.getByRole('searchbox', { name: 'Search items' }).fill('paneer tik');
      const line = staff.panel.locator('.kitchen-stock__item').filter({ hasText: 'Paneer Tikka' });
      await expect(line).toHaveCount(1);
      await line.getByRole('button', { name: 'Mark Paneer Tikka out of stock' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Paneer Tikka out of stock' });
      await dialog.getByRole('radio', { name: 'Until I turn it back on' }).check();
      await dialog.getByRole('button', { name: 'Mark out of stock' }).click();
      await expect(line).toContainText('Out of stock until turned back on');
      await expect(stockSummary).toHaveText(`Item stock · ${outBefore + 1} out of stock`);
      await shot(staff.page, SHOTS, 'console-stock');

      // The customer's cart shows it, and paying is refused naming it.
      await c.page.reload();
      await expect(c.page.locator('.co-item').filter({ hasText: 'Paneer Tikka' })).toContainText(
        'Out of stock',
      );
      await c.page
        .getByRole('radio', { name: /5th Cross, Koramangala/ })
        .first()
        .check();
      const said = await payRefused(c.page);
      await expect(said).toContainText('Paneer Tikka is out of stock right now.');
      await shot(c.page, SHOTS, 'checkout-out-of-stock');

      await line.getByRole('button', { name: 'Put Paneer Tikka back in stock' }).click();
      await expect(line).toContainText('In stock');
      await c.page.reload();
      await expect(c.page.locator('.co-item').filter({ hasText: 'Paneer Tikka' })).not.toContainText(
        'Out of stock',
      );

      await emptyCart(c.ctx, c.session);
      await staff.ctx.close();
      await c.ctx.close();
    });

    test('auto-accept: a new order arrives accepted and prints its ticket; +5 moves the customer’s ETA', async ({
      browser,
      baseURL,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const staff = await staffConsole(browser, signIn, vp.size);
      const autoAccept = staff.panel.getByRole('checkbox', { name: 'Accept paid orders by themselves' });
      await staff.panel.getByRole('combobox', { name: 'Prep time they get' }).selectOption('20');
      // The box follows the server's answer, not the click.
      await autoAccept.click();
      await expect(staff.panel.getByRole('status')).toContainText('Auto-accept on');
      await expect(autoAccept).toBeChecked();
      await staff.panel.getByRole('radio', { name: '58 mm' }).check();
      await staff.panel.getByRole('checkbox', { name: 'Print accepted orders automatically' }).check();

      const c = await customer(browser, signIn, baseURL!, vp.size);
      const orderId = await placePaidOrder(c.ctx.request, c.session);
      await staff.view('Orders');
      const card = staff.page
        .getByRole('region', { name: /^Preparing \d+ orders?$/ })
        .locator(`[data-order-id="${orderId}"]`);
      await expect(card).toContainText('Accepted');
      await expect(card).toContainText('Prep 20 min');
      // The whole order on the card, at this width too.
      await expect(card).toContainText('2 × Paneer Tikka');
      await expect(card).toContainText(/Paid · ₹\d/);
      await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d{6,}/);
      // Auto-print: the ticket of that order went to the printer once.
      await expect.poll(() => staff.page.evaluate<string[]>('window.__prints')).toHaveLength(1);
      const [printed] = await staff.page.evaluate<string[]>('window.__prints');
      expect(printed).toContain('Paneer Tikka');

      // The customer's tracking page shows the ETA; +5 on the console moves it 5 minutes later.
      const track = await c.ctx.newPage();
      await track.goto(`/tracking/${orderId}`);
      const eta = track.locator('.tracking__eta');
      await expect(eta).toContainText('Arriving by');
      const before = (await eta.textContent())!;
      await card.getByRole('button', { name: /^\+5 minutes for order/ }).click();
      await expect(card).toContainText('Prep 25 min');
      await expect(eta).not.toHaveText(before);
      const minuteOf = (text: string) => {
        const [, h, m, ap] = /by (\d{1,2}):(\d{2})\s?([ap]m)/i.exec(text)!;
        return ((Number(h) % 12) + (ap!.toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(m);
      };
      expect((minuteOf((await eta.textContent())!) - minuteOf(before) + 1440) % 1440).toBe(5);
      await shot(track, SHOTS, 'tracking-after-plus-5');

      // The kitchen ticket, printed by hand, in print media: the ticket alone, 58 mm wide.
      await card.getByRole('button', { name: /^Print ticket for order/ }).click();
      await expect.poll(() => staff.page.evaluate<string[]>('window.__prints')).toHaveLength(2);
      await staff.page.emulateMedia({ media: 'print' });
      const ticket = staff.page.locator('#kot-print .kot');
      await expect(ticket).toBeVisible();
      await expect(staff.page.locator('#main')).toBeHidden();
      await expect(ticket).toContainText('DELIVERY');
      await expect(ticket).toContainText('Customer: Asha');
      await expect(ticket).toContainText('Paneer Tikka');
      await expect(ticket).toContainText('Prep 25 min');
      const width = (await ticket.boundingBox())!.width;
      expect(Math.round(width)).toBe(Math.round((58 * 96) / 25.4));
      await staff.page.screenshot({ path: `${SHOTS}/ticket-print-${vp.size.width}.png` });
      await staff.page.emulateMedia({ media: 'screen' });
      await shot(staff.page, SHOTS, 'console-accepted');

      // Leave the restaurant as it was.
      await staff.view('Kitchen');
      await autoAccept.click();
      await expect(autoAccept).not.toBeChecked();
      await expect(staff.panel.getByRole('status')).not.toContainText('Auto-accept on');
      await staff.ctx.close();
      await c.ctx.close();
    });
  });
}
