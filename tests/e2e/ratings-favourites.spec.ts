// Ratings and favourites (issue 16) in the real app at phone and desktop widths. A delivered order is
// rated on its tracking page with the keyboard (stars, a dish, a comment) and another from the orders
// list; the restaurant's rating on its card in the list changes. A restaurant hearted on its card and
// another on its menu show in /myaccount; un-hearting one there removes it; a refused heart falls back;
// a signed-out visitor who taps a heart is asked to log in. Screenshots land in .tmp/ratings-shots/.
import { expect, test, type BrowserContext, type Page, type Session } from './test.ts';
import { DESKTOP, PHONE, placePaidOrder, shot, staffMove, screensDir, KORAMANGALA } from './support.ts';

const SHOTS = screensDir('ratings-favourites');
const MEGHANA = 'Meghana Biryani House';

async function atKoramangala(ctx: BrowserContext, baseURL: string) {
  await ctx.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: baseURL },
  ]);
}

/** The rating the list's card for `name` shows, e.g. "4.5". */
async function cardRating(page: Page, name: string): Promise<string> {
  const card = page.locator('.rl-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const label = await card.locator('.rl-card__rating').getAttribute('aria-label');
  return /Rated ([\d.]+) out of 5/.exec(label ?? '')![1]!;
}

async function delivered(ctx: BrowserContext, customer: Session, staffCtx: BrowserContext, staff: Session) {
  const id = await placePaidOrder(ctx.request, customer);
  await staffMove(staffCtx.request, staff, id, 'accepted', { prep_time_min: 15 });
  for (const s of ['preparing', 'ready', 'picked_up', 'delivered'])
    await staffMove(staffCtx.request, staff, id, s);
  return id;
}

for (const vp of [PHONE, DESKTOP]) {
  test.describe(`at ${vp.width} px`, () => {
    test.use({ viewport: vp });

    test('a delivered order is rated and the rating on the restaurant card changes', async ({
      browser,
      baseURL,
      signIn,
    }) => {
      const ctx = await browser.newContext({ viewport: vp });
      const staffCtx = await browser.newContext();
      const customer = await signIn(ctx);
      const staff = await signIn(staffCtx, 'staff');
      await atKoramangala(ctx, baseURL!);
      const page = await ctx.newPage();

      await page.goto('/restaurants');
      await expect(page.getByRole('heading', { name: MEGHANA, exact: true })).toBeVisible();
      const before = await cardRating(page, MEGHANA);

      // Not delivered yet: nothing to rate.
      const first = await placePaidOrder(ctx.request, customer);
      await page.goto(`/tracking/${first}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Rate your order' })).toHaveCount(0);
      await staffMove(staffCtx.request, staff, first, 'accepted', { prep_time_min: 15 });
      for (const s of ['preparing', 'ready', 'picked_up', 'delivered'])
        await staffMove(staffCtx.request, staff, first, s);

      // Delivered: the card on the tracking page, operated with the keyboard.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Rate your order' })).toBeVisible();
      const overall = page.getByRole('radiogroup', { name: 'Your rating for this order' });
      await expect(overall.getByRole('radio')).toHaveCount(5);
      await overall.getByRole('radio', { name: '1 star', exact: true }).focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(overall.getByRole('radio', { name: '2 stars' })).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(overall.getByRole('radio', { name: '1 star', exact: true })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(page.getByText('Awful')).toBeVisible();
      const dish = page.getByRole('radiogroup', { name: 'Paneer Tikka' });
      await dish.getByRole('radio', { name: '5 stars' }).click();
      await page.getByLabel('Comment (optional)').fill('Cold when it came, sadly.');
      await shot(page, SHOTS, 'rate-form');
      await page.getByRole('button', { name: 'Submit rating' }).click();
      await expect(page.getByRole('heading', { name: 'Your rating' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'You rated this order: 1 out of 5 stars' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Paneer Tikka: 5 out of 5 stars' })).toBeVisible();
      await expect(page.getByText('“Cold when it came, sadly.”')).toBeVisible();
      await shot(page, SHOTS, 'rated');

      // A second delivered order, rated from the orders list.
      const second = await delivered(ctx, customer, staffCtx, staff);
      await page.goto('/myaccount/orders');
      const card = page.locator(`[data-order-id="${second}"]`);
      await expect(card.getByRole('heading', { name: 'Rate your order' })).toBeVisible();
      await card.getByRole('radio', { name: '2 stars' }).click();
      await shot(page, SHOTS, 'orders-rate');
      await card.getByRole('button', { name: 'Submit rating' }).click();
      await expect(card.getByRole('img', { name: 'You rated this order: 2 out of 5 stars' })).toBeVisible();
      await expect(
        page.locator(`[data-order-id="${first}"]`).getByRole('img', { name: /1 out of 5/ }),
      ).toBeVisible();

      // The list's card shows the restaurant's new rating, as the server now answers it.
      const menu = (await (await ctx.request.get('/api/v1/restaurant/meghana-biryani-house/')).json()) as {
        rating: number;
      };
      expect(menu.rating).toBeLessThan(Number(before));
      await page.goto('/restaurants');
      await expect(page.getByRole('heading', { name: MEGHANA, exact: true })).toBeVisible();
      expect(await cardRating(page, MEGHANA)).toBe(menu.rating.toFixed(1));
      await shot(page, SHOTS, 'list-after-rating');
      await ctx.close();
      await staffCtx.close();
    });

    test('a hearted restaurant shows in /myaccount and un-hearting removes it', async ({
      browser,
      baseURL,
      signIn,
    }) => {
      // Signed out: the heart asks to log in.
      const guest = await browser.newContext({ viewport: vp });
      await atKoramangala(guest, baseURL!);
      const gp = await guest.newPage();
      await gp.goto('/restaurants');
      await gp.getByRole('button', { name: `Favourite: ${MEGHANA}` }).click();
      await expect(gp.getByRole('dialog')).toBeVisible();
      await expect(gp.getByText('Log in to save your favourite restaurants.')).toBeVisible();
      await guest.close();

      const ctx = await browser.newContext({ viewport: vp });
      const customer = await signIn(ctx);
      await atKoramangala(ctx, baseURL!);
      // Start from no favourites (the other width's run kept some).
      const kept = (await (
        await ctx.request.get('/api/v1/favourites/', { headers: customer.headers })
      ).json()) as {
        results: Array<{ id: number }>;
      };
      for (const r of kept.results)
        await ctx.request.delete(`/api/v1/favourites/${r.id}/`, { headers: customer.headers });
      const page = await ctx.newPage();

      await page.goto('/restaurants');
      const heart = page.getByRole('button', { name: `Favourite: ${MEGHANA}` });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await shot(page, SHOTS, 'hearted-card');

      // A refused heart falls back and says so.
      const names = await page.locator('.rl-card__name').allTextContents();
      const other = names.find((n) => n !== MEGHANA)!;
      await page.route('**/api/v1/favourites/*/', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"status":503,"message":"Try again in a moment."}',
            })
          : route.fallback(),
      );
      const otherHeart = page.getByRole('button', { name: `Favourite: ${other}` });
      await otherHeart.click();
      await expect(
        page.getByText(/Could not save it to your favourites: Try again in a moment\./),
      ).toBeVisible();
      await expect(otherHeart).toHaveAttribute('aria-pressed', 'false');
      await page.unroute('**/api/v1/favourites/*/');

      // Hearted on its menu page.
      await page.getByRole('heading', { name: other, exact: true }).click();
      const menuHeart = page.getByRole('button', { name: `Favourite: ${other}` });
      await expect(menuHeart).toHaveAttribute('aria-pressed', 'false');
      await menuHeart.click();
      await expect(menuHeart).toHaveAttribute('aria-pressed', 'true');
      await shot(page, SHOTS, 'hearted-menu');

      await page.goto('/myaccount');
      const section = page.getByRole('region', { name: 'Favourite restaurants' });
      await expect(section.getByRole('link', { name: new RegExp(MEGHANA) })).toBeVisible();
      await expect(section.getByRole('link', { name: new RegExp(other) })).toBeVisible();
      await shot(page, SHOTS, 'myaccount-favourites');
      await section.getByRole('button', { name: `Favourite: ${MEGHANA}` }).click();
      await expect(section.getByRole('link', { name: new RegExp(MEGHANA) })).toHaveCount(0);
      await page.reload();
      await expect(section.getByRole('link', { name: new RegExp(other) })).toBeVisible();
      await expect(section.getByRole('link', { name: new RegExp(MEGHANA) })).toHaveCount(0);

      await page.goto('/restaurants');
      await expect(page.getByRole('button', { name: `Favourite: ${MEGHANA}` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(page.getByRole('button', { name: `Favourite: ${other}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await ctx.close();
    });
  });
}
