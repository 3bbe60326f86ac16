// The storefront opens, routes unknown paths to the 404 page, and installs as a PWA.
import { expect, test } from './test.ts';

test('unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
});

test('a rendered page paints before its scripts, and assets come precompressed and cached for a year', async ({
  request,
}) => {
  // A menu is rendered by the server and painted before its scripts are asked for: its stylesheets
  // come inline (each link kept, disabled, for Vite's loader to find), allowed by their hashes in the
  // page's policy, and no script or chunk is hinted in its HTML.
  const menuRes = await request.get('/restaurants/meghana-biryani-house');
  const menu = await menuRes.text();
  expect(menu).toMatch(
    /<link rel="stylesheet" crossorigin href="\/assets\/restaurants-[^"]+\.css" disabled>/,
  );
  expect(menu).not.toMatch(/<link rel="stylesheet"[^>]*\.css">/);
  expect(menu).not.toMatch(/rel="modulepreload"|<script type="module"/);
  const styles = [...menu.matchAll(/<style>/g)].length;
  expect(styles).toBeGreaterThan(1);
  const policy = menuRes.headers()['content-security-policy']!;
  expect(/style-src ([^;]*)/.exec(policy)![1]!.match(/'sha256-/g)).toHaveLength(styles);
  // Its loader asks for the app's start once the page has painted.
  const chunk = /<script>[^<]*"(\/assets\/start-app-[^"]+\.js)"/.exec(menu)?.[1];
  expect(chunk, "the app's start is asked for by the page's loader").toBeTruthy();
  const res = await request.get(chunk!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toContain('immutable');
  expect((await request.get('/no/such/page')).headers()['cache-control']).toBe('no-cache');
});
