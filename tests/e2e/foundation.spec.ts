// The storefront opens, routes unknown paths to the 404 page, and installs as a PWA.
import { expect, test } from './test.ts';

test('unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
});

test('the shell preloads a page’s own chunks, and assets come precompressed and cached for a year', async ({
  request,
}) => {
  // The checkout is rendered in the browser: its chunks download with the shell.
  const html = await (await request.get('/checkout')).text();
  const chunk = /<link rel="modulepreload" crossorigin href="(\/assets\/checkout-[^"]+\.js)">/.exec(
    html,
  )?.[1];
  expect(chunk, 'the checkout page chunk is preloaded').toBeTruthy();
  // A menu is rendered by the server: painted before its scripts run, it links its stylesheets and
  // leaves the bandwidth to its pictures.
  const menu = await (await request.get('/restaurants/meghana-biryani-house')).text();
  expect(menu).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/restaurants-[^"]+\.css">/);
  expect(menu).not.toMatch(/rel="modulepreload"[^>]*href="\/assets\/restaurants-/);
  const res = await request.get(chunk!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toContain('immutable');
  expect((await request.get('/no/such/page')).headers()['cache-control']).toBe('no-cache');
});
