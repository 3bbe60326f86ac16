// Search by delivery location and by the ways Indians spell dishes (issue 12, items 2 and 3), at phone
// and desktop widths: without a location the search asks for one and comes back to the same search;
// at Koramangala what delivers comes first with Add buttons and the rest says "Doesn't deliver to
// Koramangala" without one; "panner" suggests paneer, and picking a dish opens its restaurant at that
// dish; the menu's own search reads "panner" as paneer too.
import { expect, test, type BrowserContext, type Page } from './test.ts';
import { DESKTOP, PHONE, screensDir, KORAMANGALA } from './support.ts';

const SHOTS = screensDir('search');
const FAR = "Doesn't deliver to Koramangala";

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function atKoramangala(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: baseURL },
  ]);
}

const viewports = [
  { name: 'phone', ...PHONE },
  { name: 'desktop', ...DESKTOP },
] as const;

for (const vp of viewports) {
  test.describe(`search by location and spelling on ${vp.name}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('asks for a location, then puts what delivers there first and marks the rest', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/search?q=fish%20biryani');
      const prompt = page.getByRole('region', { name: 'Where should we deliver?' });
      await expect(prompt).toBeVisible();
      const results = page.getByTestId('dish-result');
      await expect(results.first()).toBeVisible();
      // Nothing is addable before we know where to deliver.
      await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
      await shot(page, `search-no-location-${vp.name}`);

      await prompt.getByRole('button', { name: 'Choose location' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose delivery location' });
      await dialog.getByRole('searchbox').fill('Koramangala');
      await dialog
        .locator('.loc-search__place', { hasText: 'Koramangala' })
        .first()
        .click({ timeout: 15_000 });
      await expect(dialog).toBeHidden();

      // Back on the same search, now for Koramangala.
      await expect(page).toHaveURL(/\/search\?q=fish(%20|\+)biryani$/);
      // Phones have no location header on /search: the page says where it delivers to.
      if (vp.name === 'phone') await expect(page.getByText('Delivering to Koramangala')).toBeVisible();
      await expect(
        page.getByText('Nothing called “fish biryani” delivers to Koramangala. Similar dishes that do:'),
      ).toBeVisible();
      await expect(prompt).toBeHidden();
      const first = results.first();
      await expect(first).not.toContainText(FAR);
      await expect(first.getByRole('button', { name: /^Add / })).toBeVisible();
      // No kitchen near Koramangala makes fish biryani: those that do come after, marked, not addable.
      const fish = results.filter({ has: page.getByRole('heading', { name: 'Fish Biryani', exact: true }) });
      await expect(fish.first()).toBeVisible();
      for (const row of await fish.all()) {
        await expect(row).toContainText(FAR);
        await expect(row.getByRole('button', { name: /^Add / })).toHaveCount(0);
      }
      await expect(
        page.getByRole('heading', { name: "Farther away: these dishes don't deliver to Koramangala" }),
      ).toBeVisible();
      await shot(page, `search-koramangala-${vp.name}`);
      await fish.first().scrollIntoViewIfNeeded();
      await shot(page, `search-koramangala-far-${vp.name}`);
    });

    test('"panner" suggests paneer; a dish opens its restaurant at that dish', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await atKoramangala(context, baseURL!);
      await page.goto('/search');
      const box = page.getByRole('combobox', { name: 'Search for restaurants and dishes' });
      await box.fill('panner');
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
      await expect(options.first()).toContainText('Paneer');
      await expect(options.filter({ hasText: /Pancake|Panna/ })).toHaveCount(0);
      await expect(options.filter({ hasText: FAR })).toHaveCount(0);
      await shot(page, `search-suggest-panner-${vp.name}`);

      const name = (await options.first().locator('.sr-box__name').textContent())!;
      await options.first().click();
      await expect(page).toHaveURL(/\/restaurants\/[a-z0-9-]+\?dish=\d+$/);
      const dishId = new URL(page.url()).searchParams.get('dish');
      const target = page.locator(`#dish-${dishId}`);
      await expect(target).toHaveAttribute('aria-current', 'true');
      await expect(target.getByRole('heading', { name, exact: true })).toBeInViewport();
      await expect(target).toBeFocused();
      await shot(page, `menu-at-dish-${vp.name}`);

      // The menu's own search reads the same spellings.
      await page.getByRole('searchbox', { name: 'Search in the menu' }).fill('panner');
      await expect(page.getByRole('status').filter({ hasText: /dish(es)? found/ })).toBeVisible();
      const names = await page.getByTestId('menu-item').getByRole('heading').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(n).toMatch(/paneer/i);
      await shot(page, `menu-search-panner-${vp.name}`);
    });

    test('what does not deliver is marked in suggestions and results', async ({ page, context, baseURL }) => {
      await atKoramangala(context, baseURL!);
      await page.goto('/search');
      await page.getByRole('combobox', { name: 'Search for restaurants and dishes' }).fill('pizza');
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
      await expect(options.first()).toContainText(FAR);
      await shot(page, `search-suggest-far-${vp.name}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=pizza$/);
      await expect(
        page.getByRole('heading', {
          name: 'No dishes matching “pizza” deliver to Koramangala. These are farther away:',
        }),
      ).toBeVisible();
      await expect(page.getByTestId('dish-result').first()).toContainText(FAR);
      await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
      await shot(page, `search-far-only-${vp.name}`);
    });
  });
}
