// The restaurant list a page at a time (issue 17, growth): on a server of its own seeded with three
// times the demo restaurants (31 deliver to Koramangala, the default page is 20), the page comes with
// its first 20 cards, the rest arrive as the customer scrolls, each restaurant once, and a menu opened
// from the second page and left again finds the list as it was.
import { expect, test } from './test.ts';
import { ownServer, type OwnServer } from './own-server.ts';
import { DESKTOP, KORAMANGALA, PHONE, screensDir, shot } from './support.ts';

const SHOTS = screensDir('list-pages');

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await ownServer('list-pages', {}, { seedScale: 3 });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`${viewport.width} px: pages arrive while scrolling, each restaurant once, and stay after a menu`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.base, viewport });
    try {
      await context.addCookies([
        { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: server.base },
      ]);
      const page = await context.newPage();
      const listRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/restaurant/list/')) listRequests.push(new URL(r.url()).search);
      });
      await page.goto('/restaurants');
      const heading = page.getByRole('heading', { name: /^\d+ restaurants$/ });
      const total = Number((await heading.textContent())!.split(' ')[0]);
      expect(total).toBeGreaterThan(20);
      const cards = page.getByTestId('restaurant-list').locator('.rl-card:not(.rl-card--skeleton)');
      await expect(cards).toHaveCount(20);
      // The first page came inside the HTML: nothing asked for it.
      expect(listRequests).toEqual([]);

      // Scrolling down brings the rest, with no button left once every restaurant is there.
      await expect(async () => {
        await page.mouse.wheel(0, 4000);
        await expect(cards).toHaveCount(total, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Show more restaurants' })).toHaveCount(0);
      expect(listRequests).toEqual([`?lat=${KORAMANGALA.lat}&lng=${KORAMANGALA.lng}&page=2`]);
      // Each restaurant once (names repeat: chains have branches; their menus do not).
      const menus = await cards
        .locator('a.rl-card__link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(menus).size).toBe(total);
      const names = await cards.locator('h3').allTextContents();
      await shot(page, SHOTS, 'all-pages');

      // A restaurant from the second page, and back: its cards are still there.
      const last = names.at(-1)!;
      await cards.last().locator('a.rl-card__link').click();
      await expect(page).toHaveURL(menus.at(-1)!);
      await expect(page.getByRole('heading', { level: 1, name: last })).toBeVisible();
      await page.goBack();
      await expect(cards).toHaveCount(total);
      await expect(cards.last()).toContainText(last);

      // A filter asks the server for its own first page, and its count.
      await page.getByRole('button', { name: 'Rating 4.0+' }).click();
      await expect(page).toHaveURL(/rating4=1/);
      await expect(heading).not.toHaveText(`${total} restaurants`);
      const rated = Number((await heading.textContent())!.split(' ')[0]);
      await expect(cards).toHaveCount(Math.min(rated, 20));
      for (const rating of await cards.locator('.rl-card__rating').allTextContents())
        expect(Number(rating.replace('★', '').trim())).toBeGreaterThanOrEqual(4);
    } finally {
      await context.close();
    }
  });
}
