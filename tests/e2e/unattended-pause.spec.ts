// When nobody is listening, the restaurant stops taking orders (issue 14): a server of its own whose
// 5 minutes without a staff device are compressed to UNATTENDED_PAUSE_AFTER_S=3 (checked every
// 500 ms). The staff console connects (arming the watch) and goes away; the restaurant pauses by
// itself and a customer sees "Not accepting orders right now" on its menu (createorder refuses a
// paused restaurant: kitchen-controls.spec.ts); a staff device connecting again resumes it within 10 s.
import { expect, test } from './test.ts';
import { ownServer, type OwnServer } from './own-server.ts';
import { DESKTOP, PHONE, shot, screensDir } from './support.ts';

const SHOTS = screensDir('unattended-pause');
const SLUG = 'meghana-biryani-house';
const PAUSED = 'Not accepting orders right now';
const AFTER_S = 3;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer('unattended', {
    UNATTENDED_PAUSE_AFTER_S: String(AFTER_S),
    KITCHEN_SWEEP_INTERVAL_MS: '500',
    WS_HEARTBEAT_MS: '1000',
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

test('no staff device for the unattended time pauses the restaurant; a staff device back resumes it', async ({
  browser,
  signIn,
}) => {
  const base = server.base;
  // A staff console connects: the restaurant is watched from now on.
  const staffCtx = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  await signIn(staffCtx, 'staff');
  const staff = await staffCtx.newPage();
  await staff.goto('/partner/orders?view=kitchen');
  await expect(staff.getByRole('status', { name: 'Connection' })).toHaveText(/Live/, { timeout: 10_000 });
  await expect(staff.locator('.console-bar__intake')).toHaveText('Taking new orders');

  // The kitchen's tablet goes away.
  const left = Date.now();
  await staffCtx.close();

  // Once the unattended time has passed the menu says so (asked without any cache), and a customer
  // opening it sees the notice.
  const customerCtx = await browser.newContext({ baseURL: base, viewport: PHONE });
  await signIn(customerCtx);
  await expect
    .poll(async () => (await customerCtx.request.get(`/api/v1/restaurant/${SLUG}/`)).text(), {
      timeout: 30_000,
      intervals: [250],
    })
    .toContain(PAUSED);
  const pausedAfter = Date.now() - left;
  expect(pausedAfter).toBeGreaterThanOrEqual(AFTER_S * 1000);
  const menu = await customerCtx.newPage();
  await menu.goto(`/restaurants/${SLUG}`);
  await expect(menu.locator('.rm-header')).toContainText(PAUSED);
  await shot(menu, SHOTS, 'menu-unattended');

  // A staff device connects again: the pause ends within 10 seconds, without anyone pressing Resume.
  const backCtx = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  await signIn(backCtx, 'staff');
  const back = await backCtx.newPage();
  const returned = Date.now();
  await back.goto('/partner/orders?view=kitchen');
  await expect
    .poll(async () => (await customerCtx.request.get(`/api/v1/restaurant/${SLUG}/`)).text(), {
      timeout: 10_000,
      intervals: [250],
    })
    .not.toContain(PAUSED);
  const resumedAfter = Date.now() - returned;
  // The console and a customer opening the menu see it too.
  const panel = back.getByRole('region', { name: 'Kitchen controls' });
  await expect(panel.getByRole('status')).toContainText('Taking new orders', { timeout: 10_000 });
  const fresh = await browser.newContext({ baseURL: base, viewport: PHONE });
  const again = await fresh.newPage();
  await again.goto(`/restaurants/${SLUG}`);
  await expect(again.locator('.rm-header')).toBeVisible();
  await expect(again.locator('.rm-header')).not.toContainText(PAUSED);
  console.log(
    `unattended: paused ${pausedAfter} ms after the last staff device left (setting ${AFTER_S} s); resumed ${resumedAfter} ms after one came back`,
  );
  await backCtx.close();
  await fresh.close();
  await customerCtx.close();
});
