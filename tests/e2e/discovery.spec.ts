// Discovery journey (issue 3) at phone and desktop widths: first visit, search a locality, pick it,
// land on /restaurants, filter veg only, open a menu, search the menu, search "paneer" site-wide, see
// offers; then with the network off a reload still shows the list and the menu (service worker).
import { expect, test, type Page } from '@playwright/test';

const MENU_SLUG = 'meghana-biryani-house';
const SHOTS = process.env['E2E_SHOTS_DIR'];

const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
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
      await page.locator(`a[href="/restaurants/${MENU_SLUG}"]`).first().click();
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
