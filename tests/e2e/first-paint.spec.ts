// Server-rendered first pages (docs/architecture.md#first-paint): the landing pages' content is in the
// HTML itself, styled, before any JavaScript runs; the app then hydrates that HTML (a mismatch fails
// every journey, see test.ts) with the answers the page came with, fetching none of them again, and
// the page works as before. A customer's orders and an order's tracking are rendered for the customer
// whose auth cookie the request carries, and the staff console's board for its staff, with the API's
// own checks. The checkout is rendered as the
// empty cart for a browser that holds none, else as the frame the browser's cart loads into.
import { expect, test, type BrowserContext, type Page, type SignIn } from './test.ts';
import { KORAMANGALA as LOCATION, placePaidOrder, serveTiles } from './support.ts';

const MENU = '/restaurants/meghana-biryani-house';

async function saveLocation(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(LOCATION)), url: baseURL },
  ]);
}

/** The demo customer pays for an order; the context is then signed in as the restaurant's staff. */
async function staffWithPaidOrder(context: BrowserContext, signIn: SignIn): Promise<number> {
  const orderId = await placePaidOrder(context.request, await signIn(context));
  await signIn(context, 'staff');
  return orderId;
}

/** API paths the page requests (the cart's own loads aside). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/v1/checkout/'))
      seen.push(url.pathname + url.search);
  });
  return seen;
}

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('the restaurant list is in the page, styled', async ({ page, context, baseURL }) => {
        await saveLocation(context, baseURL!);
        await page.goto('/restaurants');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restaurants near Koramangala');
        await expect(page.getByRole('heading', { name: '11 restaurants' })).toBeVisible();
        const cards = page.getByTestId('restaurant-list').getByRole('listitem');
        await expect(cards.first()).toContainText('Meghana Biryani House');
        // The page's own stylesheet applies: cards sit side by side on a wide screen, one per row
        // on a phone, exactly as the app lays them out.
        const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
        if (width >= 1024) expect(b!.y).toBe(a!.y);
        else expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
        // Banners per view come from the stylesheet too: one on a phone, three on a wide screen.
        const slide = await page.locator('.rl-carousel__slide').first().boundingBox();
        const viewport = await page.locator('.rl-carousel__viewport').boundingBox();
        expect(Math.round(viewport!.width / slide!.width)).toBe(width >= 1024 ? 3 : 1);
      });

      test('a menu is in the page with its dishes and prices', async ({ page }) => {
        const res = await page.goto(MENU);
        expect(res!.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meghana Biryani House');
        await expect(page.getByText('Chicken Biryani').first()).toBeVisible();
        await expect(page.getByText('₹299').first()).toBeVisible();
      });

      test("a visitor's empty cart is in the page: a first visit, or a cart last shown empty", async ({
        page,
        context,
        baseURL,
      }) => {
        await page.goto('/checkout');
        await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'See restaurants near you' })).toBeVisible();
        await context.addCookies([
          { name: 'session_key', value: 'k'.repeat(32), url: baseURL! },
          { name: 'cart_lines', value: '0', url: baseURL! },
        ]);
        await page.goto('/checkout');
        await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
      });

      test('home and about are in the page; a signed-in page is not, signed out', async ({ page }) => {
        await page.goto('/about');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.goto('/');
        await expect(page.locator('#main')).toBeVisible();
        await page.goto('/myaccount/orders');
        await expect(page.locator('#main')).toHaveCount(0);
      });

      test("a customer's order and their orders are in the page, for them alone", async ({
        page,
        context,
        signIn,
        browser,
      }) => {
        const session = await signIn(context);
        const orderId = await placePaidOrder(context.request, session);
        const res = await page.goto(`/tracking/${orderId}`);
        // Personal: no shared cache may keep it.
        expect(res!.headers()['cache-control']).toBe('private, no-cache');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order placed');
        await expect(page.getByText('Waiting for the restaurant to accept your order.')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
        await expect(page.getByText('Paneer Tikka').first()).toBeVisible();
        await page.goto('/myaccount/orders');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
        await expect(page.locator(`[data-order-id="${orderId}"]`)).toContainText('Meghana Biryani House');

        // Another customer's cookie gets the plain shell for this order: nothing of it in the page.
        const other = await browser.newContext({
          javaScriptEnabled: false,
          baseURL: new URL(page.url()).origin,
        });
        try {
          await signIn(other, 'new customer');
          const theirs = await other.newPage();
          const html = await (await theirs.goto(`/tracking/${orderId}`))!.text();
          expect(html).not.toContain('Paneer Tikka');
          expect(html).not.toContain('first-page-data');
          await expect(theirs.locator('#main')).toHaveCount(0);
        } finally {
          await other.close();
        }
      });
      test("the staff console's board is in the page, for the restaurant's staff alone", async ({
        page,
        context,
        signIn,
        browser,
      }) => {
        const orderId = await staffWithPaidOrder(context, signIn);
        const res = await page.goto('/partner/orders');
        expect(res!.headers()['cache-control']).toBe('private, no-cache');
        await expect(page.locator('.console-bar__restaurant')).toHaveText('Meghana Biryani House');
        const lane = page.locator('[data-lane="new"]');
        await expect(lane.getByRole('heading', { level: 2 })).toContainText('New');
        await expect(lane.locator(`[data-order-id="${orderId}"]`)).toContainText('Paneer Tikka');
        await expect(page.getByText('No order is ringing')).toBeVisible();

        // A customer's cookie (even with a restaurant's id beside it) gets the plain shell.
        const other = await browser.newContext({
          javaScriptEnabled: false,
          baseURL: new URL(page.url()).origin,
        });
        try {
          await signIn(other);
          await other.addCookies([{ name: 'res_id', value: '1', url: new URL(page.url()).origin }]);
          const html = await (await (await other.newPage()).goto('/partner/orders'))!.text();
          expect(html).not.toContain('Paneer Tikka');
          expect(html).not.toContain('first-page-data');
        } finally {
          await other.close();
        }
      });
    });

    test('the list hydrates with the answers it came with, and a filter asks the server', async ({
      page,
      context,
      baseURL,
    }) => {
      await saveLocation(context, baseURL!);
      const requested = apiRequests(page);
      await page.goto('/restaurants');
      const list = page.getByTestId('restaurant-list');
      await expect(list.getByRole('listitem')).toHaveCount(11);
      // Working controls prove the page is hydrated, not just painted.
      await page.getByRole('button', { name: 'Veg only' }).click();
      await expect(page).toHaveURL(/veg=1/);
      await expect(page.getByRole('heading', { name: /^\d+ restaurants?$/ })).not.toHaveText(
        '11 restaurants',
      );
      expect(requested.filter((p) => /restaurant\/(list|all-banners)/.test(p))).toEqual([
        '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245&veg=1',
      ]);
    });

    test('a menu hydrates without asking for itself again, and its dishes go in the cart', async ({
      page,
      context,
      baseURL,
    }) => {
      await saveLocation(context, baseURL!);
      const requested = apiRequests(page);
      await page.goto(MENU);
      await page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first().click();
      await expect(page.getByRole('button', { name: 'Add one more Chicken Biryani' }).first()).toBeVisible();
      expect(requested.filter((p) => p.startsWith('/api/v1/restaurant/meghana'))).toEqual([]);
    });

    test('each rendered page keeps the content it painted once the app has started', async ({
      browser,
      baseURL,
    }) => {
      // A page whose first client render differs from the server's (a state read differently in the
      // browser) puts new nodes on screen after hydration: the paint the visitor saw first is redone.
      // Each page is a first visit (a fresh browser): a repeat visit opens from the service worker.
      for (const path of ['/', '/restaurants', MENU, '/offers', '/search', '/about', '/checkout']) {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        try {
          if (path !== '/') await saveLocation(context, baseURL!);
          const page = await context.newPage();
          await page.addInitScript({
            content: `document.addEventListener('DOMContentLoaded', () => { window.__painted = document.querySelector('main'); });`,
          });
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
          expect(
            await page.evaluate('!!window.__painted && window.__painted === document.querySelector("main")'),
            path,
          ).toBe(true);
        } finally {
          await context.close();
        }
      }
    });

    test('a visitor with a cart opens the checkout on its frame, never on "Your cart is empty"', async ({
      page,
      context,
      baseURL,
    }) => {
      await saveLocation(context, baseURL!);
      await page.goto(MENU);
      await page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first().click();
      await expect(page.getByRole('button', { name: 'Add one more Chicken Biryani' }).first()).toBeVisible();
      // Everything the page shows from its HTML on, watched while its cart is held back a second.
      await page.addInitScript({
        content: `window.__sawEmptyCart = false;
          new MutationObserver(() => {
            if (document.body?.textContent.includes('Your cart is empty')) window.__sawEmptyCart = true;
          }).observe(document, { subtree: true, childList: true, characterData: true });`,
      });
      // The cart's answer comes from its load or, when the Add above is still queued in the browser
      // (its acknowledgement not yet written to IndexedDB as the page left), from replaying that Add
      // first: both are held back.
      await page.route(/\/api\/v1\/checkout\/(add\/)?(\?.*)?$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto('/checkout');
      await expect(page.getByRole('status').filter({ hasText: 'Loading your cart…' })).toBeAttached();
      await expect(page.getByText('Chicken Biryani')).toBeVisible();
      expect(await page.evaluate('window.__sawEmptyCart')).toBe(false);
    });

    test('an order page hydrates with its answer and the order stays live', async ({
      page,
      context,
      signIn,
    }) => {
      const session = await signIn(context);
      const orderId = await placePaidOrder(context.request, session);
      const requested = apiRequests(page);
      await page.goto('/myaccount/orders');
      const card = page.locator(`[data-order-id="${orderId}"]`);
      // Hydrated: the card's controls work.
      await card.getByRole('button', { name: 'Details' }).click();
      await expect(card.getByRole('button', { name: 'Hide details' })).toBeVisible();
      expect(requested.filter((p) => p.startsWith('/api/v1/orders/all/customer/'))).toEqual([]);
      await card.getByRole('link', { name: 'Track order' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order placed');
      // Straight to the tracking page: rendered, hydrated, then live over its socket.
      await page.goto(`/tracking/${orderId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order placed');
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    });

    test('the staff console hydrates its board in place, goes live and takes the order', async ({
      page,
      context,
      signIn,
    }) => {
      const orderId = await staffWithPaidOrder(context, signIn);
      await page.addInitScript({
        content: `document.addEventListener('DOMContentLoaded', () => { window.__painted = document.querySelector('[data-order-id="${orderId}"]'); });`,
      });
      await page.goto('/partner/orders');
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      const card = page.locator(`[data-order-id="${orderId}"]`);
      // The card the server painted is the one the app took over, not a second render of it.
      expect(
        await page.evaluate(
          `!!window.__painted && window.__painted === document.querySelector('[data-order-id="${orderId}"]')`,
        ),
      ).toBe(true);
      await card.getByRole('button', { name: /^Accept/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Preparation time').selectOption('15');
      await dialog.getByRole('button', { name: 'Accept order' }).click();
      await expect(
        page.locator('[data-lane="preparing"]').locator(`[data-order-id="${orderId}"]`),
      ).toContainText('Accepted');
    });

    test('a rendered page paints from its HTML: no stylesheet fetched, its scripts asked for after the paint', async ({
      page,
      context,
      baseURL,
    }) => {
      await saveLocation(context, baseURL!);
      const css: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.css')) css.push(r.url());
      });
      await page.goto(MENU);
      await page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first().click();
      await expect(page.getByRole('button', { name: 'Add one more Chicken Biryani' }).first()).toBeVisible();
      // The stylesheets the HTML carries inline are not downloaded, not even when the app loads the
      // page's chunk (whose CSS they are).
      const inline: string[] = [];
      for (const link of await page.locator('link[rel="stylesheet"][disabled]').all())
        inline.push(new URL((await link.getAttribute('href'))!, page.url()).href);
      expect(inline.length).toBeGreaterThan(1);
      expect(css.filter((u) => inline.includes(u))).toEqual([]);
      const { paint, entry } = await page.evaluate(() => ({
        // When the frame was painted (its startTime is when the screen showed it, a moment later).
        paint: (performance.getEntriesByName('first-contentful-paint')[0]!.toJSON() as { paintTime: number })
          .paintTime,
        entry: performance
          .getEntriesByType('resource')
          .find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))!.startTime,
      }));
      expect(entry).toBeGreaterThan(paint);
    });

    test('a tap on the painted page before its JavaScript has run is kept', async ({
      page,
      context,
      baseURL,
    }) => {
      await saveLocation(context, baseURL!);
      // A slow phone network: the page's HTML and CSS are here, its scripts held back until the tap
      // has been seen (then they arrive, as they would a moment later).
      let scriptsArrive!: () => void;
      const arrived = new Promise<void>((resolve) => (scriptsArrive = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await arrived;
        await route.continue();
      });
      await page.goto(MENU, { waitUntil: 'commit' });
      const add = page.getByRole('button', { name: 'Add Chicken Biryani to cart' }).first();
      await add.click();
      // Heard (the control shows it) but not yet handled: the app is not running.
      await expect(add).toHaveAttribute('data-held-tap', '');
      scriptsArrive();
      // Once the app has hydrated, the tap does what it said: one Chicken Biryani in the cart.
      await expect(page.getByRole('status', { name: 'Chicken Biryani quantity' }).first()).toHaveText('1');
    });
  });
}

test('no landing page makes an Error object while it loads, nor its street map', async ({
  browser,
  baseURL,
  signIn,
}) => {
  // While an inspector is attached (Lighthouse's, a developer's), V8 re-parses every function on the
  // stack of each Error made, to record its stack trace: made inside a library's large module function
  // (React DOM's sentinels, Leaflet's VML probe), one cost the simulated phone 25-40 ms of blocking time
  // (src/app/stackless-errors.ts). A page that loads as it should has no error to make. Two ways one
  // is made: by script (`Error(...)`, seen by a stand-in for the constructor) and by the engine (a
  // TypeError thrown, even when caught, seen by the debugger).
  const probe = `{
    const made = (window.__errorsMade = []);
    const NativeError = Error;
    const note = (message) => made.push(String(message) + ' @ ' +
      (Reflect.construct(NativeError, []).stack || '').split('\\n').slice(3, 5).join(' | '));
    window.Error = new Proxy(NativeError, {
      apply: (target, self, args) => (note(args[0]), Reflect.apply(target, self, args)),
      construct: (target, args, newTarget) => (note(args[0]), Reflect.construct(target, args, newTarget)),
    });
  }`;
  const visit = async (context: BrowserContext, path: string, map?: string) => {
    const page = await context.newPage();
    await page.addInitScript({ content: probe });
    const thrown: string[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on(
      'Debugger.paused',
      (event: { reason: string; data?: { subtype?: string; description?: string } }) => {
        if (event.reason === 'exception' && event.data?.subtype === 'error')
          thrown.push(event.data.description!.split('\n').slice(0, 2).join(' '));
        void cdp.send('Debugger.resume');
      },
    );
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setPauseOnExceptions', { state: 'all' });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (map) {
      await page.locator(map).scrollIntoViewIfNeeded();
      await expect(page.locator(`${map} img.leaflet-tile-loaded`).first()).toBeVisible();
    }
    expect(await page.evaluate('window.__errorsMade'), `${path}: made by script`).toEqual([]);
    expect(thrown, `${path}: thrown by the engine`).toEqual([]);
    await page.close();
  };
  // Each a first visit (a fresh browser): a repeat visit opens from the service worker.
  for (const path of ['/', '/restaurants', MENU, '/offers', '/search', '/about', '/checkout']) {
    const context = await browser.newContext();
    try {
      if (path !== '/') await saveLocation(context, baseURL!);
      await visit(context, path);
    } finally {
      await context.close();
    }
  }
  const customer = await browser.newContext();
  try {
    await serveTiles(customer);
    const orderId = await placePaidOrder(customer.request, await signIn(customer));
    await visit(customer, `/tracking/${orderId}`, '.status-map');
    await visit(customer, '/myaccount/orders');
    await signIn(customer, 'staff');
    await visit(customer, '/partner/orders');
  } finally {
    await customer.close();
  }
});
