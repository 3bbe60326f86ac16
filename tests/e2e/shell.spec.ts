// The app shell at phone (375 px) and desktop (1280 px) widths: which chrome shows on which route,
// the footer's external links, overlays, colour mode, and the PWA base (manifest, active worker).
// Pages may still be placeholders: these tests look at the chrome, not at page content.
import { expect, test, type BrowserContext, type Page } from './test.ts';
import { screensDir, KORAMANGALA as LOCATION } from './support.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = screensDir('shell');

async function saveLocation(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    {
      name: 'userLocation',
      value: encodeURIComponent(JSON.stringify(LOCATION)),
      url: baseURL ?? 'http://localhost',
    },
  ]);
}

const desktopHeader = (page: Page) => page.locator('header.site-header');
const mobileHeader = (page: Page) => page.locator('header.mobile-location');
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Bottom navigation' });
const footer = (page: Page) => page.getByRole('contentinfo');

async function settled(page: Page) {
  await expect(page.locator('#content')).toBeVisible();
}

test.describe('phone, 375 px', () => {
  test.use({ viewport: PHONE });

  test('/restaurants: location header and bottom nav, no desktop header', async ({
    page,
    context,
    baseURL,
  }) => {
    await saveLocation(context, baseURL);
    await page.goto('/restaurants');
    await settled(page);
    await expect(mobileHeader(page)).toBeVisible();
    await expect(mobileHeader(page)).toContainText('Koramangala');
    await expect(mobileHeader(page)).toContainText('80 Feet Road, Koramangala, Bengaluru');
    await expect(bottomNav(page)).toBeVisible();
    await expect(bottomNav(page).getByRole('link', { name: 'Near Me' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(bottomNav(page).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/login');
    await expect(desktopHeader(page)).toBeHidden();
    await expect(footer(page)).toBeVisible();
    await expect(page.getByTestId('cart-bar')).toHaveCount(0);
    // The bottom bar sticks to the bottom of the screen.
    await expect
      .poll(async () => {
        const box = await bottomNav(page).boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(PHONE.height);
    // Tapping the location opens the location overlay and marks the body.
    await mobileHeader(page).getByRole('button').click();
    await expect(page.getByRole('dialog', { name: 'Choose delivery location' })).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-overlay', 'open');
    await expect.poll(async () => (await page.getByRole('dialog').boundingBox())?.width).toBe(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveAttribute('data-overlay', 'open');
    await page.screenshot({ path: `${SHOTS}/restaurants-375.png`, fullPage: true });
  });

  test('/checkout: no header, footer or bottom bars', async ({ page }) => {
    await page.goto('/checkout');
    await settled(page);
    await expect(desktopHeader(page)).toHaveCount(0);
    await expect(mobileHeader(page)).toHaveCount(0);
    await expect(bottomNav(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  });

  test('/search: bottom nav but no location header', async ({ page }) => {
    await page.goto('/search');
    await settled(page);
    await expect(bottomNav(page)).toBeVisible();
    await expect(bottomNav(page).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mobileHeader(page)).toHaveCount(0);
    await expect(desktopHeader(page)).toBeHidden();
    await expect(footer(page)).toBeVisible();
  });

  test('/ without a saved location: home with the footer only', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(desktopHeader(page)).toHaveCount(0);
    await expect(mobileHeader(page)).toHaveCount(0);
    await expect(bottomNav(page)).toHaveCount(0);
    await expect(footer(page)).toBeVisible();
  });

  test('/restaurants without a saved location goes home (Guard 3)', async ({ page }) => {
    await page.goto('/restaurants');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('/restaurants: the desktop header, no bottom bars', async ({ page, context, baseURL }) => {
    await saveLocation(context, baseURL);
    await page.goto('/restaurants');
    await settled(page);
    const header = desktopHeader(page);
    await expect(header).toBeVisible();
    await expect(header.getByRole('link', { name: 'Bhojan' })).toHaveAttribute('href', '/restaurants');
    const location = header.getByRole('button', { name: /Delivery location/ });
    await expect(location).toContainText('Koramangala');
    const locBox = await location.boundingBox();
    expect(locBox!.width).toBeLessThanOrEqual(300);
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    await expect(nav.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
    await expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/checkout');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await expect(mobileHeader(page)).toBeHidden();
    await expect(bottomNav(page)).toBeHidden();
    await expect(footer(page)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/restaurants-1280.png`, fullPage: true });
  });

  test('Log In opens the 600 px auth overlay; Escape closes it and focus returns', async ({
    page,
    context,
    baseURL,
  }) => {
    await saveLocation(context, baseURL);
    await page.goto('/restaurants');
    const login = desktopHeader(page).getByRole('button', { name: 'Log In' });
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(600);
    await expect(page.locator('body')).toHaveAttribute('data-overlay', 'open');
    await page.screenshot({ path: `${SHOTS}/auth-overlay-1280.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(login).toBeFocused();
  });

  test('/checkout: no header, no footer', async ({ page }) => {
    await page.goto('/checkout');
    await settled(page);
    await expect(desktopHeader(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  });

  test('/search: the desktop header', async ({ page }) => {
    await page.goto('/search');
    await settled(page);
    await expect(desktopHeader(page)).toBeVisible();
    await expect(bottomNav(page)).toBeHidden();
  });

  test('/ with a saved location goes to /restaurants (Guard 2)', async ({ page, context, baseURL }) => {
    await saveLocation(context, baseURL);
    await page.goto('/');
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(desktopHeader(page)).toBeVisible();
  });

  test('footer: columns, 2023 company line, other sites open in a new tab without opener', async ({
    page,
  }) => {
    await page.goto('/search');
    const f = footer(page);
    for (const col of ['Info', 'Contact', 'Legal', 'Follow Us']) {
      await expect(f.getByRole('heading', { name: col })).toBeVisible();
    }
    await expect(f).toContainText(/© 2023 .*Private Limited/);
    await expect(f.getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
    const external = f.locator('a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(13);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    for (const name of ['Facebook', 'Instagram', 'Twitter', 'LinkedIn']) {
      await expect(f.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    await expect(f.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  });

  test('dark mode is remembered across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/search');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await footer(page).getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // String expressions: this file is type-checked without the DOM library.
    expect(await page.evaluate("localStorage.getItem('color-mode')")).toBe('dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  });

  test('the system dark preference is the default', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/search');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('PWA', () => {
  test('the manifest is linked and describes an installable app', async ({ page, request }) => {
    await page.goto('/search');
    const links = page.locator('link[rel="manifest"]');
    await expect(links).toHaveCount(1);
    const href = await links.getAttribute('href');
    const res = await request.get(href!);
    expect(res.ok()).toBe(true);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.theme_color.toLowerCase()).toBe('#fed501');
    expect(manifest.background_color).toBeTruthy();
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const img = await request.get(icon.src);
      expect(img.ok(), icon.src).toBe(true);
      expect(img.headers()['content-type']).toContain('image/png');
    }
    for (const path of ['/favicon.ico', '/favicon.svg', '/icons/apple-touch-icon.png']) {
      expect((await request.get(path)).ok(), path).toBe(true);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#fed501');
  });

  test('the service worker is active and controls the page after one reload', async ({ page }) => {
    await page.goto('/search');
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await settled(page);
    const state = (await page.evaluate(
      '({ controller: navigator.serviceWorker.controller?.state ?? null, url: navigator.serviceWorker.controller?.scriptURL ?? null })',
    )) as { controller: string | null; url: string | null };
    expect(state.controller).toBe('activated');
    expect(state.url).toMatch(/\/sw\.js$/);
    // No update is waiting on a fresh install, so no prompt.
    await expect(page.getByText('Update available')).toHaveCount(0);
  });
});
