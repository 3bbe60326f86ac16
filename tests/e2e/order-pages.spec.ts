// Order pages at phone and desktop widths: cancelling asks in the app's own <dialog> (never the
// browser's confirm), cancelled and rejected orders say nothing about delivering or a courier, the
// tracking page shows the flat and the landmark, the signed status link opens /m/{id} without signing
// in (and nothing else does), and a failed token refresh tells the customer they were signed out.
// Screenshots land in .tmp/order-shots/.
import { expect, test } from './test.ts';
import { DESKTOP, PHONE, placePaidOrder, serveTiles, shot, staffMove, screensDir } from './support.ts';

const SHOTS = screensDir('order-pages');

for (const viewport of [PHONE, DESKTOP]) {
  test(`tracking and status pages at ${viewport.width} px: app dialog to cancel, address details, signed link, rejected order`, async ({
    browser,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ viewport });
    await serveTiles(ctx);
    const session = await signIn(ctx);
    const orderId = await placePaidOrder(ctx.request, session);
    const page = await ctx.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });

    await page.goto(`/tracking/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivering to' })).toBeVisible();
    await expect(page.getByText('4B, 12, 5th Cross, Koramangala, Bengaluru')).toBeVisible();
    await expect(page.getByText('Landmark: Near the park')).toBeVisible();
    await expect(page.getByText('The courier appears here once your order is picked up.')).toBeVisible();
    await page.locator('.status-map').scrollIntoViewIfNeeded();
    await expect(page.locator('.status-map img.leaflet-tile-loaded').first()).toBeVisible();
    await shot(page, SHOTS, 'tracking-placed');

    // The signed link the server minted for this customer opens the bare status page signed out.
    const tracking = (await (
      await ctx.request.get(`/api/v1/orders/tracking/${orderId}/`, { headers: session.headers })
    ).json()) as { status_link: { path: string } };
    const link = tracking.status_link.path;
    expect(link).toMatch(new RegExp(`^/m/${orderId}\\?t=`));
    const stranger = await browser.newContext({ viewport });
    const bare = await stranger.newPage();
    await bare.goto(link);
    await expect(bare.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    await expect(bare.getByText(/Meghana Biryani House · Order/)).toBeVisible();
    await expect(bare.getByRole('list', { name: 'Order progress' })).toBeVisible();
    expect(new URL(bare.url()).pathname).toBe(`/m/${orderId}`);
    // Only the status: no address, no bill, no sign-in prompt.
    await expect(bare.getByText(/5th Cross|Near the park|Paneer/)).toHaveCount(0);
    await expect(bare.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await shot(bare, SHOTS, 'm-signed-link');
    // Without the token, or with an altered one, it asks to sign in.
    await bare.goto(`/m/${orderId}`);
    await expect(bare.getByRole('heading', { name: 'Log in to see your order' })).toBeVisible();
    await expect(bare.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/m/${orderId}`)}`,
    );
    await shot(bare, SHOTS, 'm-sign-in');
    const altered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await bare.goto(altered);
    await expect(bare.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

    // Cancel: the app's own modal <dialog>; Escape keeps the order, "Yes, cancel order" cancels it.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await expect(confirm).toBeVisible();
    expect(await confirm.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
    await expect(confirm).toContainText('you paid is refunded to your payment method');
    await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await shot(page, SHOTS, 'cancel-dialog');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelled' })).toBeVisible();
    await expect(page.getByText('You cancelled this order.')).toBeVisible();
    await expect(page.getByText(/Delivering to/)).toHaveCount(0);
    await expect(page.getByText(/The courier appears here/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Map' })).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);
    await shot(page, SHOTS, 'tracking-cancelled');
    await bare.goto(link);
    await expect(bare.getByRole('heading', { level: 1, name: 'Cancelled' })).toBeVisible();
    await expect(bare.getByText('This order was cancelled.')).toBeVisible();

    // Rejected by the restaurant: the reason, and nothing about delivering.
    const staffCtx = await browser.newContext();
    const staff = await signIn(staffCtx, 'staff');
    const rejectedId = await placePaidOrder(ctx.request, session);
    await staffMove(staffCtx.request, staff, rejectedId, 'rejected', { reason: 'Out of paneer today' });
    await page.goto(`/tracking/${rejectedId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rejected by the restaurant' })).toBeVisible();
    await expect(
      page.getByText('The restaurant could not take this order: Out of paneer today'),
    ).toBeVisible();
    await expect(page.getByText(/Delivering to/)).toHaveCount(0);
    await expect(page.getByText(/The courier appears here/)).toHaveCount(0);
    await shot(page, SHOTS, 'tracking-rejected');

    await staffCtx.close();
    await stranger.close();
    await ctx.close();
  });

  test(`a failed token refresh signs out with a visible message at ${viewport.width} px`, async ({
    browser,
    baseURL,
    signIn,
  }) => {
    const ctx = await browser.newContext({ viewport });
    const { refresh, headers } = await signIn(ctx);
    // The session ends on the server (as after a sign-out on another device): its refresh token is dead.
    const out = await ctx.request.post('/api/v1/logout/', { data: { refresh }, headers });
    expect(out.status(), await out.text()).toBeLessThan(300);
    // This browser still holds the tokens, the access token already expired: the app refreshes at start.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
    await ctx.addCookies([
      {
        name: 'auth._token.local',
        value: `Bearer%20${expired}`,
        domain: new URL(baseURL!).hostname,
        path: '/',
      },
    ]);
    const page = await ctx.newPage();
    await page.goto('/offers');
    await expect(
      page.getByText('Error while refreshing token: you were logged out. Please log in again.'),
    ).toBeVisible();
    expect((await ctx.cookies()).find((c) => c.name === 'auth._token.local')).toBeUndefined();
    expect(await page.evaluate("localStorage.getItem('auth._refresh_token.local')")).toBeNull();
    await shot(page, SHOTS, 'signed-out-notice');
    await ctx.close();
  });
}

test('a tracking page catches up on a change made while its socket was connecting', async ({
  browser,
  signIn,
}) => {
  const ctx = await browser.newContext();
  const staffCtx = await browser.newContext();
  try {
    const orderId = await placePaidOrder(ctx.request, await signIn(ctx));
    const staff = await signIn(staffCtx, 'staff');
    const page = await ctx.newPage();
    // The page's socket reaches the server only once the restaurant has accepted: the page came with
    // the order as placed, and the server's greeting on connecting is all that can tell it otherwise
    // (a live page does not poll).
    let connect!: () => void;
    const accepted = new Promise<void>((resolve) => (connect = resolve));
    await page.routeWebSocket(/\/ws\/track\//, async (socket) => {
      await accepted;
      socket.connectToServer();
    });
    await page.goto(`/tracking/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    await staffMove(staffCtx.request, staff, orderId, 'accepted', { prep_time_min: 15 });
    connect();
    await expect(page.getByRole('heading', { level: 1, name: 'Accepted by the restaurant' })).toBeVisible({
      timeout: 5000,
    });
  } finally {
    await ctx.close();
    await staffCtx.close();
  }
});

test('a tracking page that came with the order does not fetch it again when it goes live', async ({
  page,
  context,
  signIn,
}) => {
  const orderId = await placePaidOrder(context.request, await signIn(context));
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/v1/orders/tracking/${orderId}/`)) asked.push(r.url());
  });
  await page.goto(`/tracking/${orderId}`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // The server's greeting said the order is as the page has it: nothing to catch up on.
  await page.waitForTimeout(1000);
  expect(asked).toEqual([]);
});
