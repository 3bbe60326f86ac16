// The storefront opens, routes unknown paths to the 404 page, and installs as a PWA.
import { expect, test } from '@playwright/test';

test('unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
});

test('the shell preloads a page’s own chunks, and assets come precompressed and cached for a year', async ({
  request,
}) => {
  const html = await (await request.get('/restaurants/meghana-biryani-house')).text();
  const chunk = /<link rel="modulepreload" crossorigin href="(\/assets\/restaurants-[^"]+\.js)">/.exec(
    html,
  )?.[1];
  expect(chunk, 'the menu page chunk is preloaded').toBeTruthy();
  const res = await request.get(chunk!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toContain('immutable');
  expect((await request.get('/no/such/page')).headers()['cache-control']).toBe('no-cache');
});
