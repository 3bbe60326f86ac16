// The street map without a Google key (docs/decisions/0005), at phone and desktop widths: the address
// overlay's map draws tiles from MAP_TILE_URL (a fixture answered by serveTiles), credits
// OpenStreetMap, lets the customer drag the map and tap a spot to place the pin, and the saved address
// carries the pin's coordinates; the tracking page shows the courier on the same kind of map, moving
// live. Screenshots land in .tmp/map-shots/.
import { expect, test, type Locator, type Page } from './test.ts';
import {
  DESKTOP,
  PHONE,
  TILE_HOST,
  placePaidOrder,
  serveTiles,
  shot,
  staffMove,
  screensDir,
} from './support.ts';

const SHOTS = screensDir('street-map');

/** Content-Security-Policy refusals the page logs (there must be none). */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

async function pinAt(coords: Locator): Promise<{ lat: number; lng: number }> {
  const [lat, lng] = (await coords.innerText())
    .replace(/[^\d.,-]/g, '')
    .split(',')
    .map(Number);
  return { lat: lat!, lng: lng! };
}

/**
 * Where the pin rests once the map stops: it glides on after a drag or a tap, longer on a busy
 * machine, and a tap while it glides only stops it (as on a phone).
 */
async function settledPin(coords: Locator): Promise<{ lat: number; lng: number }> {
  await expect
    .poll(async () => {
      const before = await pinAt(coords);
      await coords.page().waitForTimeout(250);
      const after = await pinAt(coords);
      return before.lat === after.lat && before.lng === after.lng;
    })
    .toBe(true);
  return pinAt(coords);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`address map at ${viewport.width} px: street tiles, attribution, drag and tap move the pin, the address keeps its coordinates`, async ({
    browser,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const ctx = await browser.newContext({ viewport });
    const tiles = await serveTiles(ctx);
    const session = await signIn(ctx);
    const page = await ctx.newPage();
    const refused = cspRefusals(page);
    await page.goto('/myaccount/addresses');
    await page.getByRole('button', { name: 'Add new address' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save delivery address' });
    const map = dialog.getByTestId('pin-picker');
    await expect(map).toBeVisible();

    // Real tiles at zoom 13 (docs/product.md#constants-and-limits), from the configured host, drawn on the
    // map.
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    expect(await map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(1);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((u) => u.startsWith(`${TILE_HOST}/13/`))).toBe(true);
    const credit = dialog.getByRole('link', { name: '© OpenStreetMap contributors' });
    await expect(credit).toBeVisible();
    await expect(credit).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    await expect(dialog.locator('.address-form__address')).not.toBeEmpty();

    // Drag the map 120 px left and 80 px down: the pin now marks a point east and north of before.
    const coords = dialog.getByTestId('pin-coords');
    const start = await pinAt(coords);
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 60, cy + 40, { steps: 5 });
    await page.mouse.move(cx - 120, cy + 80, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await pinAt(coords)).lng).toBeGreaterThan(start.lng + 0.001);
    const dragged = await settledPin(coords);
    expect(dragged.lat).toBeGreaterThan(start.lat + 0.001);

    // A tap 60 px right of and 40 px above the pin puts the pin there.
    await page.mouse.click(cx + 60, cy - 40);
    await expect.poll(async () => (await pinAt(coords)).lng).toBeGreaterThan(dragged.lng + 0.001);
    const placed = await settledPin(coords);
    expect(placed.lat).toBeGreaterThan(dragged.lat + 0.0005);
    await expect(dialog.locator('.address-form__address')).not.toBeEmpty();
    await expect(dialog.getByText('Finding the address of the pin…')).toHaveCount(0);

    await dialog.getByLabel('Door / Flat No.').fill('Flat 7C, Garden View');
    await dialog.getByLabel('Landmark').fill('Behind the bus stop');
    await dialog.getByText('Other', { exact: true }).click();
    await shot(page, SHOTS, 'address-map');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const saved = (await (
      await ctx.request.get('/api/v1/users/customer/address/', { headers: session.headers })
    ).json()) as { results: Array<{ id: number; flat: string; latitude: number; longitude: number }> };
    const mine = saved.results.find((a) => a.flat === 'Flat 7C, Garden View')!;
    expect(mine.latitude).toBeCloseTo(placed.lat, 6);
    expect(mine.longitude).toBeCloseTo(placed.lng, 6);
    expect(refused).toEqual([]);
    await ctx.request.delete(`/api/v1/users/customer/address/details/${mine.id}`, {
      headers: session.headers,
    });
    await ctx.close();
  });

  test(`tracking map at ${viewport.width} px: restaurant, door and a live courier on street tiles`, async ({
    browser,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const ctx = await browser.newContext({ viewport });
    await serveTiles(ctx);
    const session = await signIn(ctx);
    const staffCtx = await browser.newContext();
    const staff = await signIn(staffCtx, 'staff');
    const orderId = await placePaidOrder(ctx.request, session);
    await staffMove(staffCtx.request, staff, orderId, 'accepted', { prep_time_min: 15 });
    for (const s of ['preparing', 'ready', 'picked_up']) await staffMove(staffCtx.request, staff, orderId, s);
    const courierAt = (lat: number, lng: number) =>
      staffCtx.request.post(`/api/v1/orders/${orderId}/courier-location/`, {
        data: { lat, lng },
        headers: staff.headers,
      });
    expect((await courierAt(12.9325, 77.6255)).status()).toBe(200);

    const page = await ctx.newPage();
    const refused = cspRefusals(page);
    await page.goto(`/tracking/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Out for delivery' })).toBeVisible();
    const map = page.locator('.status-map');
    // On a phone the map sits below the order's progress: it loads once the customer scrolls to it.
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await expect(map.locator('.street-map__marker--restaurant')).toBeVisible();
    await expect(map.locator('.street-map__marker--home')).toBeVisible();
    const courier = map.locator('.street-map__marker--courier');
    await expect(courier).toBeVisible();
    await expect(courier).toHaveAttribute('title', 'Courier');
    await expect(map.getByText('Courier', { exact: true })).toBeVisible();
    await expect(map.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeVisible();
    await expect(map.getByText(/Courier position updated/)).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await shot(page, SHOTS, 'tracking-map');

    // The courier moves closer to the door: the marker follows over the socket.
    const before = (await courier.boundingBox())!;
    expect((await courierAt(12.9285, 77.6268)).status()).toBe(200);
    await expect
      .poll(async () => {
        const now = (await courier.boundingBox())!;
        return Math.abs(now.y - before.y) + Math.abs(now.x - before.x);
      })
      .toBeGreaterThan(5);
    expect(refused).toEqual([]);
    await staffCtx.close();
    await ctx.close();
  });
}
