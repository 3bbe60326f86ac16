// Every page fits a phone, and says what it is. At 360, 390 and 414 px no page of the app (each route
// of docs/product.md#routes signed out, signed in and as staff, plus an unknown path) is wider than the
// screen, so nothing scrolls sideways and the bottom bar stays on screen; overlays opened there keep
// their Close button on screen. Each page has its own title ending with the brand and a description,
// and the server answers 404 for unknown paths and restaurants, 200 for the pages. Screenshots of a
// few pages at 390 and 1280 px land in test-results/screens/layout.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page, type Session } from './test.ts';
import { openRestaurantCard, placePaidOrder, screensDir, KORAMANGALA as LOCATION } from './support.ts';

const PHONES = [360, 390, 414];
const SHOTS = screensDir('layout');
const MENU = '/restaurants/meghana-biryani-house';

async function saveLocation(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(LOCATION)), url: baseURL },
  ]);
}

/** Calls the API the way the app does: CSRF header from the cookie, bearer token when signed in. */
async function api<T>(
  context: BrowserContext,
  baseURL: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  access?: string,
): Promise<T> {
  let csrf = (await context.cookies(baseURL)).find((c) => c.name === 'csrftoken')?.value;
  if (!csrf) {
    await context.request.get('/healthz');
    csrf = (await context.cookies(baseURL)).find((c) => c.name === 'csrftoken')!.value;
  }
  const res = await context.request.fetch(path, {
    method,
    headers: { 'x-csrftoken': csrf, ...(access ? { authorization: `Bearer ${access}` } : {}) },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A new customer's long details: they must wrap, not widen a page. */
const LONG_DETAILS = {
  name: 'Venkataraghavan Meenakshisundaram Subramaniam',
  email: (phone: string) => `venkataraghavan.meenakshisundaram.${phone}@example-long-domain.co.in`,
};

/** An order of one dish from restaurant 1 to a long Koramangala address, left unpaid (tracking shows it). */
async function placeOrder(context: BrowserContext, baseURL: string, s: Session): Promise<number> {
  const menu = await api<{ categories: { items: { id: number; in_stock: boolean }[] }[] }>(
    context,
    baseURL,
    'GET',
    '/api/v1/restaurant/meghana-biryani-house/',
  );
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.in_stock)!;
  await api(context, baseURL, 'POST', '/api/v1/checkout/add/', { item: item.id, quantity: 1 }, s.access);
  const created = await api<{ order: { id: number } }>(
    context,
    baseURL,
    'POST',
    '/api/v2/orders/createorder/',
    {
      address: {
        address: '12, 5th Cross, Koramangala 4th Block, Bengaluru, Karnataka 560034',
        flat: 'Flat 4B, Sunshine Residency Apartments, Tower C',
        landmark: 'Opposite the big banyan tree near the water tank',
        latitude: 12.9279,
        longitude: 77.6271,
      },
    },
    s.access,
  );
  // The cart emptied into the order: one dish again so /checkout has something to show.
  await api(context, baseURL, 'POST', '/api/v1/checkout/add/', { item: item.id, quantity: 1 }, s.access);
  return created.order.id;
}

/** Waits for the page's own content (or a quiet network), then checks it at each phone width. */
async function fitsEveryPhone(page: Page, label: string, ready?: Locator) {
  if (ready) await expect(ready.first(), `${label}: content`).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 844 });
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - innerWidth'), {
        message: `${label} at ${width} px: page wider than the screen by`,
        timeout: 2000,
      })
      .toBeLessThanOrEqual(0);
  }
  await onTheTypeScale(page, label);
  await accessible(page, label);
}

/**
 * Every text on the page is set in a size of the type scale (the --type-* tokens of global.css), in
 * regular or bold: each further size or weight costs a font lookup before the first paint.
 */
async function onTheTypeScale(page: Page, label: string) {
  const offScale = await page.evaluate<string[]>(`(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const root = getComputedStyle(document.documentElement);
    const scale = new Set();
    for (const name of [...root].filter((p) => p.startsWith('--type-'))) {
      probe.style.fontSize = root.getPropertyValue(name);
      scale.add(getComputedStyle(probe).fontSize);
    }
    probe.remove();
    const found = new Map();
    for (const el of document.body.querySelectorAll('*')) {
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const { fontSize, fontWeight } = getComputedStyle(el);
      const onScale = scale.has(fontSize) && (fontWeight === '400' || fontWeight === '700');
      if (text && !onScale && el.checkVisibility()) {
        const cls = el.getAttribute('class')?.split(' ')[0];
        found.set(el.tagName.toLowerCase() + (cls ? '.' + cls : ''), fontSize + ' ' + fontWeight);
      }
    }
    return [...found].map(([el, style]) => el + ' ' + style);
  })()`);
  expect(offScale, `${label}: text off the type scale`).toEqual([]);
}

/** axe finds nothing against WCAG 2.1 A and AA on the page as it stands (contrast, names, roles...). */
async function accessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(found, `${label}: accessibility`).toEqual([]);
}

/** The dialog's Close button lies inside the screen at every phone width. */
async function closeButtonOnScreen(page: Page, label: string) {
  const close = page.getByRole('dialog').getByRole('button', { name: 'Close' });
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 844 });
    await expect(close).toBeInViewport({ ratio: 1 });
    const box = (await close.boundingBox())!;
    expect(box.x, `${label} Close at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${label} Close at ${width} px`).toBeLessThanOrEqual(width);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  }
}

async function shot(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/layout-${name}-${width}.png` });
  }
}

const heading = (page: Page, name?: string | RegExp) =>
  page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

test.describe('no page is wider than a phone', () => {
  test.use({ viewport: { width: 360, height: 844 } });

  test('home, browse and public pages, signed out', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await fitsEveryPhone(page, '/', page.getByRole('heading', { name: 'Popular cities' }));

    await saveLocation(context, baseURL!);
    const pages: Array<[string, Locator]> = [
      ['/restaurants', page.locator('.rl-card:not(.rl-card--skeleton)')],
      [MENU, page.getByTestId('menu-item')],
      ['/search', heading(page, 'Search')],
      ['/search?q=biryani', page.getByTestId('dish-result')],
      ['/offers', page.getByText('WELCOME50')],
      ['/about', heading(page, 'About Bhojan')],
      ['/login', heading(page)],
      ['/register', heading(page)],
      ['/partner/login', heading(page)],
      ['/no-such-page', heading(page, 'Page not found')],
      ['/restaurants/no-such-restaurant', heading(page, 'Page not found')],
    ];
    for (const [path, ready] of pages) {
      await page.setViewportSize({ width: 360, height: 844 });
      await page.goto(path);
      await fitsEveryPhone(page, path, ready);
    }

    // On the list the bottom bar is on screen (it is fixed to the bottom of the screen).
    await page.goto('/restaurants');
    await fitsEveryPhone(page, '/restaurants', page.locator('.rl-card:not(.rl-card--skeleton)'));
    await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeInViewport({ ratio: 1 });
    await shot(page, 'restaurants');
  });

  test('overlays keep their Close button on screen', async ({ page, context, baseURL }) => {
    await saveLocation(context, baseURL!);
    await page.goto('/restaurants');
    await expect(page.locator('.rl-card:not(.rl-card--skeleton)').first()).toBeVisible();
    await page.locator('header.mobile-location').getByRole('button').click();
    await expect(page.getByRole('dialog', { name: 'Choose delivery location' })).toBeVisible();
    await closeButtonOnScreen(page, 'location overlay');
    await shot(page, 'location-overlay');
    await page.keyboard.press('Escape');

    // The auth overlay, from checkout with a visitor's cart.
    await page.setViewportSize({ width: 360, height: 844 });
    await page.goto(MENU);
    await page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .click();
    await expect(page.getByRole('group', { name: /in cart$/ }).first()).toBeVisible();
    await page.goto('/checkout');
    await fitsEveryPhone(page, '/checkout (visitor)', page.getByRole('button', { name: 'Log in' }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
    await closeButtonOnScreen(page, 'auth overlay');
  });

  test('account, checkout and order pages, signed in', async ({ page, context, baseURL, signIn }) => {
    test.setTimeout(120_000);
    await saveLocation(context, baseURL!);
    const session = await signIn(context, 'new customer', LONG_DETAILS);
    const orderId = await placeOrder(context, baseURL!, session);
    const pages: Array<[string, Locator]> = [
      ['/checkout', heading(page, 'Checkout')],
      ['/myaccount', page.getByRole('main').getByText('Venkataraghavan Meenakshisundaram Subramaniam')],
      ['/myaccount/addresses', heading(page)],
      ['/myaccount/orders', heading(page, 'Orders')],
      ['/myaccount/payments', heading(page)],
      ['/request-remove', heading(page)],
      [`/tracking/${orderId}`, heading(page)],
      [`/m/${orderId}`, heading(page)],
      [`/checkout/success?order=${orderId}`, heading(page)],
    ];
    for (const [path, ready] of pages) {
      await page.setViewportSize({ width: 360, height: 844 });
      await page.goto(path);
      await fitsEveryPhone(page, path, ready);
    }
    // The tracking page's title names the order by its number once it has loaded.
    await page.goto(`/tracking/${orderId}`);
    await expect(page).toHaveTitle(/^Track order [A-Z0-9-]+ \| Bhojan$/);
    await page.goto('/myaccount');
    await shot(page, 'myaccount');
  });

  test('the staff console, every view, as staff', async ({ browser, page, context, signIn }) => {
    // A waiting order, so the board and the alert bar have a card to fit (whatever ran before).
    const diner = await browser.newContext();
    await placePaidOrder(diner.request, await signIn(diner));
    await diner.close();
    await signIn(context, 'staff');
    await page.goto('/partner/orders');
    await fitsEveryPhone(page, '/partner/orders', page.locator('article[data-order-id]'));
    for (const view of ['history', 'kitchen']) {
      await page.goto(`/partner/orders?view=${view}`);
      await fitsEveryPhone(page, `/partner/orders?view=${view}`, page.getByRole('tabpanel'));
    }
  });
});

test.describe('each page says what it is', () => {
  // Each page as the server sends it: the service worker answers a repeat visit with its one shell,
  // which carries the home page's title until the app names the page.
  test.use({ serviceWorkers: 'block' });
  const brand = / \| Bhojan$/;
  // String expressions: tests are also type-checked without the DOM library.
  const titleOf = (page: Page) => page.evaluate<string>('document.title');
  const descriptionOf = (page: Page) =>
    page.evaluate<string>(`document.querySelector('meta[name="description"]')?.content ?? ''`);

  for (const width of [390, 1280]) {
    test(`titles and descriptions at ${width} px`, async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      await expect(page).toHaveTitle(/^Order food online from restaurants near you \| Bhojan$/);
      expect(await descriptionOf(page)).toMatch(/^Order food from the best restaurants/);

      await saveLocation(context, baseURL!);
      const expected: Array<[string, RegExp]> = [
        ['/restaurants', /^Restaurants near Koramangala \| Bhojan$/],
        [MENU, /^Meghana Biryani House, Koramangala: menu \| Bhojan$/],
        ['/search', /^Search for dishes and restaurants \| Bhojan$/],
        ['/search?q=biryani', /^Search: biryani \| Bhojan$/],
        ['/offers', /^Offers and coupons \| Bhojan$/],
        ['/about', /^About us \| Bhojan$/],
        ['/login', /^Log in \| Bhojan$/],
        ['/register', /^Sign up \| Bhojan$/],
        ['/partner/login', /^Restaurant partner log in \| Bhojan$/],
        ['/checkout', /^Cart and checkout \| Bhojan$/],
        ['/no-such-page', /^Page not found \| Bhojan$/],
        ['/restaurants/no-such-restaurant', /^Page not found \| Bhojan$/],
      ];
      // Every title the tab shows, from the HTML's on: a page names itself once, with no other title
      // flashing in while the app starts or its data loads (a 404's "Page not found" included).
      await page.addInitScript({
        content: `window.__titles = [];
          new MutationObserver(() => {
            if (document.title && window.__titles.at(-1) !== document.title) window.__titles.push(document.title);
          }).observe(document, { subtree: true, childList: true, characterData: true });`,
      });
      const seen = new Set<string>();
      for (const [path, title] of expected) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate<string[]>('window.__titles'), path).toEqual([await titleOf(page)]);
        seen.add(await titleOf(page));
        expect(await descriptionOf(page), path).not.toBe('');
      }
      // Every page but the two unknown ones has a title of its own.
      expect(seen.size).toBe(expected.length - 1);

      // Client-side navigation updates the title, and a menu names its restaurant once loaded.
      await page.goto('/restaurants');
      await expect(page).toHaveTitle(/^Restaurants near Koramangala/);
      await openRestaurantCard(page, 'Meghana Biryani House');
      await expect(page).toHaveTitle(/^Meghana Biryani House, Koramangala: menu \| Bhojan$/);
      expect(await titleOf(page)).toMatch(brand);
    });
  }

  test('unknown paths and restaurants answer 404 with the app’s not-found page; pages 200', async ({
    page,
    request,
  }) => {
    for (const path of ['/', '/restaurants', MENU, '/search?q=dosa', '/offers', '/tracking/1', '/m']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    for (const path of ['/no-such-page', '/restaurants/no-such-restaurant', '/About']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<title>Page not found | Bhojan</title>');
    }
    // A first visit (no service worker yet) gets the 404 and the app's page.
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(heading(page, 'Page not found')).toBeVisible();
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
  });
});
