// Discovery journey (issue 3) at phone and desktop widths: first visit, search a locality, pick it,
// land on /restaurants, filter veg only, open a menu, search the menu, search "paneer" site-wide, see
// offers; then with the network off a reload still shows the list and the menu (service worker).
import { expect, test, type Page } from './test.ts';
import { openRestaurantCard, screensDir, KORAMANGALA } from './support.ts';

const MENU_SLUG = 'meghana-biryani-house';
const SHOTS = screensDir('discovery');

const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Waits until the service worker controls this page (reloading once after it first activates). */
async function controlledByServiceWorker(page: Page) {
  // Strings, because the e2e tsconfig has no DOM types: this code runs in the page.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
  await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
}

for (const vp of viewports) {
  test.describe(`discovery on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('find food from the home page, and browse again offline', async ({ page, context }) => {
      test.setTimeout(120_000);

      // First visit: the home page, one h1, the location search.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Popular cities' })).toBeVisible();
      await shot(page, `home-${vp.name}`);

      // Search a locality: a hint while the 2 s debounce runs, then the place list.
      const input = page.getByRole('searchbox', { name: 'Enter your delivery location' });
      await input.fill('Koramangala');
      await expect(page.getByText('Searching…')).toBeVisible();
      const place = page.locator('.loc-search__place', { hasText: 'Koramangala' }).first();
      await expect(place).toBeVisible({ timeout: 15_000 });
      await expect(place.locator('.loc-search__title')).toHaveText(/Koramangala/);
      await place.click();

      // The list for that point.
      await expect(page).toHaveURL(/\/restaurants$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Koramangala');
      const cards = page.locator('.rl-card:not(.rl-card--skeleton)');
      await expect(cards.first()).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === 'userLocation');
      expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
        area: expect.stringMatching(/Koramangala/),
      });
      await shot(page, `list-${vp.name}`);

      // Veg only: the URL says so and every card is pure veg.
      await page.getByRole('button', { name: 'Veg only' }).click();
      await expect(page).toHaveURL(/[?&]veg=1/);
      await expect(page.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'true');
      const vegCount = await cards.count();
      expect(vegCount).toBeGreaterThan(0);
      for (let i = 0; i < vegCount; i++) await expect(cards.nth(i)).toContainText('Pure veg');
      // Reload keeps the filter (it lives in the URL).
      await page.reload();
      await expect(page.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Veg only' }).click();
      await expect(page).not.toHaveURL(/veg=1/);

      // The location overlay lists the recent search (kept in IndexedDB); picking it closes the overlay.
      await page
        .getByRole('button', { name: /Delivery location/ })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Choose delivery location' });
      await expect(dialog.getByRole('heading', { name: 'Recent searches' })).toBeVisible();
      await expect(dialog.getByRole('searchbox')).toBeFocused();
      await shot(page, `location-overlay-${vp.name}`);
      await dialog.locator('.loc-search__place', { hasText: 'Koramangala' }).first().click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/restaurants$/);
      await expect(cards.first()).toBeVisible();

      // Open a menu.
      await openRestaurantCard(page, 'Meghana Biryani House');
      await expect(page).toHaveURL(new RegExp(`/restaurants/${MENU_SLUG}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Menu categories' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Chicken Biryani' }).first()).toBeVisible();
      await shot(page, `menu-${vp.name}`);
      // Jump links: the category nav stays on screen while the menu scrolls.
      await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link').nth(2).click();
      await expect(page.getByRole('navigation', { name: 'Menu categories' })).toBeInViewport();
      await shot(page, `menu-scrolled-${vp.name}`);

      // Search inside the menu.
      await page.getByRole('searchbox', { name: 'Search in the menu' }).fill('paneer');
      await expect(page.getByRole('heading', { name: 'Paneer Tikka' }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Chicken Biryani' })).toHaveCount(0);
      const items = page.getByTestId('menu-item');
      const n = await items.count();
      for (let i = 0; i < n; i++) await expect(items.nth(i)).toContainText(/paneer/i);

      // Site-wide search for "paneer": suggestions, then dishes with their restaurant.
      await page.goto('/search');
      const box = page.getByRole('combobox', { name: 'Search for restaurants and dishes' });
      await box.fill('paneer');
      await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
      await box.press('ArrowDown');
      await expect(box).toHaveAttribute('aria-activedescendant', /opt-0/);
      await box.press('Escape');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=paneer/);
      const dishes = page.getByTestId('dish-result');
      await expect(dishes.first()).toBeVisible();
      await expect(dishes.filter({ hasText: 'Paneer Tikka' }).first()).toBeVisible();
      await expect(dishes.first().getByRole('link')).toHaveAttribute('href', /^\/restaurants\//);
      await shot(page, `search-${vp.name}`);

      // Offers near the chosen location.
      await page.goto('/offers');
      await expect(page.getByRole('heading', { level: 1, name: 'Offers for you' })).toBeVisible();
      await expect(page.getByText('WELCOME50').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: /Restaurants with offers near/ })).toBeVisible();
      await shot(page, `offers-${vp.name}`);

      // Offline: once the service worker controls the page and has seen the list and the menu, both
      // still render after a reload with the network off.
      await page.goto('/restaurants');
      await controlledByServiceWorker(page);
      await expect(cards.first()).toBeVisible();
      await page.goto(`/restaurants/${MENU_SLUG}`);
      await expect(page.getByRole('heading', { name: 'Chicken Biryani' }).first()).toBeVisible();
      await page.goto('/restaurants');
      await expect(cards.first()).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Koramangala');
      await expect(page.getByText('You are offline. Showing the restaurants we loaded last.')).toBeVisible();
      await page.goto(`/restaurants/${MENU_SLUG}`);
      await expect(page.getByRole('heading', { name: 'Chicken Biryani' }).first()).toBeVisible();
      await context.setOffline(false);
    });
  });
}

test('an unknown restaurant shows the not-found page', async ({ page }) => {
  await page.goto('/restaurants/no-such-restaurant-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
});

test('search shows a query as text, never as HTML', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(page.getByText('<img src=x onerror=alert(1)>').first()).toBeVisible();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
});

test('the company page names the company and how to reach it', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Bhojan');
  const main = page.getByRole('main');
  await expect(main.getByText(/Bhojan Foods Private Limited, a private limited company/)).toBeVisible();
  await expect(main.getByText('Registered office')).toBeVisible();
  await expect(main.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /^mailto:/);
  await shot(page, 'about-desktop');
});

// ---- Browse details of issue 12, at phone and desktop widths.

const userLocationCookie = (baseURL: string) => ({
  name: 'userLocation',
  value: encodeURIComponent(JSON.stringify(KORAMANGALA)),
  url: baseURL,
});
/** The first banner on screen, as "n of N" (string expressions: no DOM types in this file). */
const firstVisibleBanner = (page: Page) =>
  page
    .locator('.rl-carousel__slide[aria-hidden="false"]')
    .first()
    .getAttribute('aria-label', { timeout: 5000 });

for (const vp of viewports) {
  test.describe(`browse details on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('banners: a mouse drag moves them and opens nothing, a click opens one; autoplay waits for an open overlay', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await context.addCookies([userLocationCookie(baseURL!)]);
      await page.goto('/restaurants');
      const viewport = page.locator('.rl-carousel__viewport');
      await expect(viewport).toBeVisible();
      const box = (await viewport.boundingBox())!;
      const y = box.y + box.height / 2;
      // Hovering pauses autoplay; then wait out the 500 ms move throttle.
      await page.mouse.move(box.x + box.width / 2, y);
      await page.waitForTimeout(600);
      const before = await firstVisibleBanner(page);
      const n = Number(before!.split(' ')[0]);

      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 60, y, { steps: 4 });
      // The track follows the mouse while it is held.
      await expect(page.getByTestId('carousel-track')).toHaveClass(/rl-carousel__track--dragging/);
      await page.mouse.move(box.x + box.width / 2 - 160, y, { steps: 4 });
      await page.mouse.up();
      await page.waitForTimeout(300);
      await expect(page).toHaveURL(/\/restaurants$/);
      await expect.poll(() => firstVisibleBanner(page)).toMatch(new RegExp(`^${n + 1} of`));
      await shot(page, `banners-dragged-${vp.name}`);

      // A click (no drag) opens the banner's link.
      const link = page.locator('.rl-carousel__slide[aria-hidden="false"] a').first();
      const href = await link.getAttribute('href');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.?]/g, '\\$&')}$`));

      // Autoplay stands still while the location overlay is open, and resumes after it closes.
      await page.goto('/restaurants');
      await expect(viewport).toBeVisible();
      await page.mouse.move(1, vp.height - 1);
      await page
        .getByRole('button', { name: /Delivery location|Change location/ })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Choose delivery location' });
      await expect(dialog).toBeVisible();
      const shown = await firstVisibleBanner(page);
      await page.waitForTimeout(3600);
      expect(await firstVisibleBanner(page)).toBe(shown);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await page.mouse.move(1, vp.height - 1);
      await expect.poll(() => firstVisibleBanner(page), { timeout: 8000 }).not.toBe(shown);
    });

    test('the offers strip scrolls from the keyboard; the location overlay’s rows are actions, not choices', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await context.addCookies([userLocationCookie(baseURL!)]);
      await page.goto(`/restaurants/${MENU_SLUG}`);
      const strip = page.getByRole('list', { name: 'Offers' });
      await expect(strip).toBeVisible();
      // Reached with the keyboard (just before the menu search), and arrow keys scroll it.
      await page.getByRole('searchbox', { name: 'Search in the menu' }).focus();
      await page.keyboard.press('Shift+Tab');
      await expect(strip).toBeFocused();
      const overflows = (await strip.evaluate('(el) => el.scrollWidth > el.clientWidth')) as boolean;
      if (overflows) {
        await page.keyboard.press('End');
        await expect
          .poll(async () => (await strip.evaluate('(el) => el.scrollLeft')) as number)
          .toBeGreaterThan(0);
      }
      await shot(page, `menu-offers-focused-${vp.name}`);

      // The location overlay: "Use my current location" and each place are buttons with an icon
      // saying what they do; nothing is a radio button. Keyboard: Tab from the search reaches them.
      await page.goto('/restaurants');
      await page
        .getByRole('button', { name: /Delivery location|Change location/ })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Choose delivery location' });
      const search = dialog.getByRole('searchbox');
      await expect(search).toBeFocused();
      await search.fill('Indiranagar');
      const place = dialog.getByRole('button', { name: /^Indiranagar/ }).first();
      await expect(place).toBeVisible({ timeout: 15_000 });
      await place.click();
      await expect(dialog).toHaveCount(0);
      await page
        .getByRole('button', { name: /Delivery location|Change location/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(dialog.getByRole('heading', { name: 'Recent searches' })).toBeVisible();
      await expect(dialog.getByRole('radio')).toHaveCount(0);
      await expect(dialog.locator('input[type="radio"]')).toHaveCount(0);
      const current = dialog.getByRole('button', { name: /^Use my current location/ });
      await expect(current.locator('svg').first()).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(current).toBeFocused();
      const recent = dialog.getByRole('list').getByRole('button', { name: /^Indiranagar/ });
      await expect(recent.locator('svg').first()).toBeVisible();
      await shot(page, `location-overlay-actions-${vp.name}`);
      await page.keyboard.press('Tab');
      await expect(recent.first()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Indiranagar');
    });

    test('each stylesheet downloads once on a cold load of home, the list and a menu', async ({
      browser,
      baseURL,
    }) => {
      for (const [path, withLocation] of [
        ['/', false],
        ['/restaurants', true],
        [`/restaurants/${MENU_SLUG}`, true],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        if (withLocation) await context.addCookies([userLocationCookie(baseURL!)]);
        const page = await context.newPage();
        const css: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname.endsWith('.css')) css.push(new URL(r.url()).pathname);
        });
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        const twice = css.filter((u, i) => css.indexOf(u) !== i);
        expect(twice, `${path}: ${css.join(', ')}`).toEqual([]);
        expect(css.length, path).toBeGreaterThan(1);
        await context.close();
      }
    });

    test('coupon texts: one date format, weekdays from Monday to Sunday', async ({ page }) => {
      await page.goto('/offers');
      const terms = page.locator('.of-coupon__terms');
      await expect(terms.first()).toBeVisible();
      for (const text of await terms.allTextContents()) {
        if (!text.includes('valid till')) continue;
        expect(text).toMatch(/Offer valid till [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M\./);
      }
      // The Available Coupons panel on checkout writes the same date and lists days in week order.
      await page.goto(`/restaurants/${MENU_SLUG}`);
      await page
        .getByRole('button', { name: /^Add .+ to cart$/ })
        .first()
        .click();
      await expect(page.getByRole('group', { name: /in cart$/ }).first()).toBeVisible();
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      const panel = page.getByRole('dialog', { name: 'Available Coupons' });
      const weekend = panel.getByRole('listitem').filter({ hasText: 'WEEKEND30' });
      await expect(weekend.getByText('Offer valid on Saturday, Sunday')).toBeVisible();
      await expect(
        weekend.getByText(/^Offer valid till [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/),
      ).toBeVisible();
      await shot(page, `coupons-panel-${vp.name}`);
    });
  });
}
