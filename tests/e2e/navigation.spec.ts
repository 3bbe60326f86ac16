// The client router's promises (docs/decisions/0016): back and forward bring a page back where it was
// scrolled while a new page starts at the top; a deep link opens the page it names, its query decoded
// exactly once; the client shows "Page not found" for exactly the paths the server answers 404 (paths
// are case-sensitive on both); the header and bottom navigation mark the current page, and a link to
// the page on screen does not add a history entry.
import { expect, test, type BrowserContext, type Page } from './test.ts';
import { DESKTOP, KORAMANGALA, PHONE, screensDir, shot } from './support.ts';

const SHOTS = screensDir('navigation');
const MENU_SLUG = 'meghana-biryani-house';

async function atKoramangala(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: baseURL },
  ]);
}

const scrollY = (page: Page) => page.evaluate<number>('Math.round(window.scrollY)');
const historyLength = (page: Page) => page.evaluate<number>('history.length');

/** Scrolls the window to `y` and returns where it came to rest. */
async function scrollTo(page: Page, y: number): Promise<number> {
  await page.evaluate(`window.scrollTo(0, ${y})`);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(y / 2);
  return scrollY(page);
}

/** Waits until the window rests at `y` (the browser restores it after the page renders again). */
async function expectScrolledTo(page: Page, y: number) {
  await expect.poll(async () => Math.abs((await scrollY(page)) - y)).toBeLessThanOrEqual(2);
}

test.describe('history', () => {
  test.use({ viewport: DESKTOP });

  test('back and forward between list, menu and search restore each page and its scroll', async ({
    page,
    context,
    baseURL,
  }) => {
    await atKoramangala(context, baseURL!);
    await page.goto('/restaurants');
    const cards = page.locator('a.rl-card__link');
    await expect(cards.nth(7)).toBeVisible();
    const listY = await scrollTo(page, 500);
    // A card wholly on screen, so clicking it does not scroll the list.
    let card = cards.first();
    for (let i = 0; i < 8; i++) {
      const box = (await cards.nth(i).boundingBox())!;
      if (box.y >= 0 && box.y + box.height <= DESKTOP.height) {
        card = cards.nth(i);
        break;
      }
    }
    const href = (await card.getAttribute('href'))!;
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const menuHeading = page.locator('h1.rm-header__name');
    await expect(menuHeading).toBeVisible();
    const restaurant = (await menuHeading.textContent())!;
    // A new page starts at the top.
    await expectScrolledTo(page, 0);
    await expect(page.getByTestId('menu-item').nth(5)).toBeVisible();
    const menuY = await scrollTo(page, 700);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expectScrolledTo(page, 0);

    // Back: the menu, where it was scrolled; back again: the list, where it was.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(menuHeading).toHaveText(restaurant);
    await expectScrolledTo(page, menuY);
    await shot(page, SHOTS, 'back-to-menu');
    await page.goBack();
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(card).toBeAttached();
    await expectScrolledTo(page, listY);

    // Forward: the menu again at its place, then the search page.
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(menuHeading).toHaveText(restaurant);
    await expectScrolledTo(page, menuY);
    await page.goForward();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expectScrolledTo(page, 0);
  });
});

test.describe('deep links', () => {
  test.use({ viewport: DESKTOP });

  test('open the page they name, the query decoded once, a slug to its menu', async ({
    page,
    context,
    baseURL,
  }) => {
    await atKoramangala(context, baseURL!);
    await page.goto('/search?q=paneer%20tikka');
    const box = page.getByRole('combobox', { name: 'Search for restaurants and dishes' });
    await expect(box).toHaveValue('paneer tikka');
    await expect(page).toHaveTitle('Search: paneer tikka | Bhojan');
    await expect(page.getByTestId('dish-result').filter({ hasText: 'Paneer Tikka' }).first()).toBeVisible();
    await shot(page, SHOTS, 'deep-link-search');

    // "%2520" is an encoded "%20": the customer typed a percent sign, which must stay one.
    await page.goto('/search?q=paneer%2520tikka');
    await expect(box).toHaveValue('paneer%20tikka');
    await expect(page).toHaveTitle('Search: paneer%20tikka | Bhojan');

    await page.goto(`/restaurants/${MENU_SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meghana Biryani House' })).toBeVisible();
  });

  test('an unknown or wrongly cased path shows the not-found page the server answers 404 for', async ({
    page,
  }) => {
    for (const path of ['/nope', '/About', '/Restaurants', '/restaurants/a/b', '/checkout/success/x']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
    }
    await shot(page, SHOTS, 'not-found');
    // The same paths in the right case are pages on both sides.
    const about = await page.goto('/about');
    expect(about?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
  });
});

test.describe('navigation links', () => {
  test('the header marks the current page only; its link there adds no history entry', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP);
    await atKoramangala(context, baseURL!);
    await page.goto('/restaurants');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const search = nav.getByRole('link', { name: 'Search' });
    const offers = nav.getByRole('link', { name: 'Offers' });
    const cart = nav.getByRole('link', { name: /^Cart/ });
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);

    await search.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(search).toHaveAttribute('aria-current', 'page');
    await expect(offers).not.toHaveAttribute('aria-current');
    await expect(cart).not.toHaveAttribute('aria-current');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    // The link to the page on screen replaces its entry: Back still leaves the page.
    const entries = await historyLength(page);
    await search.click();
    await expect(page).toHaveURL(/\/search$/);
    expect(await historyLength(page)).toBe(entries);

    await offers.click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(offers).toHaveAttribute('aria-current', 'page');
    await expect(search).not.toHaveAttribute('aria-current');
    expect(await historyLength(page)).toBe(entries + 1);
    await shot(page, SHOTS, 'header-offers-current');

    await page.goBack();
    await expect(page).toHaveURL(/\/search$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('the bottom navigation marks the current page only; its link there adds no history entry', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize(PHONE);
    await atKoramangala(context, baseURL!);
    await page.goto('/restaurants');
    const nav = page.getByRole('navigation', { name: 'Bottom navigation' });
    const nearMe = nav.getByRole('link', { name: 'Near Me' });
    const search = nav.getByRole('link', { name: 'Search' });
    await expect(nearMe).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await shot(page, SHOTS, 'bottom-nav-near-me');

    const entries = await historyLength(page);
    await nearMe.click();
    await expect(page).toHaveURL(/\/restaurants$/);
    expect(await historyLength(page)).toBe(entries);

    await search.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(search).toHaveAttribute('aria-current', 'page');
    await expect(nearMe).not.toHaveAttribute('aria-current');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    expect(await historyLength(page)).toBe(entries + 1);
    await search.click();
    expect(await historyLength(page)).toBe(entries + 1);

    await page.goBack();
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(nearMe).toHaveAttribute('aria-current', 'page');
  });
});
