// The staff tab never misses an order (issue 14), in Chromium against a built server of its own (so
// it can be restarted) with a 1 s heartbeat (WS_HEARTBEAT_MS; production beats every 10 s):
// - offline (context.setOffline) while two orders arrive: both appear, in order, and alert after the
//   tab reconnects; the connection indicator says Offline, then Live;
// - a socket that goes silent without closing is found dead within two beats and resumed;
// - the server restarts under an open tab: Live again within 20 s, an order placed meanwhile arrives;
// - two tabs of one browser: one rings; two browsers: each rings, Acknowledge in one stops both.
// What the staff observe is read from the page: the indicator, the table, the alert bar, and the
// notifications and beeps the page raised (counted by wrapping showNotification and the oscillator).
// E2E_WS_HEARTBEAT_MS sets the server's beat (10000 measures production's detection time);
// E2E_STAFF_OFFLINE_MS how long the tab stays offline (default 60000, as the issue asks).
import { mkdirSync } from 'node:fs';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Session,
  type SignIn,
} from './test.ts';
import { ownServer, type OwnServer } from './own-server.ts';
import { DESKTOP, PHONE, placePaidOrder, screensDir } from './support.ts';

const BEAT_MS = Number(process.env['E2E_WS_HEARTBEAT_MS'] ?? 1000);
/** How long the tab stays offline while orders arrive (the proof: 60 s). */
const OFFLINE_MS = Number(process.env['E2E_STAFF_OFFLINE_MS'] ?? 60_000);
const SHOTS = screensDir('staff-reliability');

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let server: OwnServer;
let base = '';

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await ownServer('staff-reliability', { WS_HEARTBEAT_MS: String(BEAT_MS) });
  base = server.base;
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

/** What a page raised: notifications (title, body, tag) and beeps (two tones each). */
const COUNT_ALERTS = `(() => {
  window.__shown = [];
  window.__tones = 0;
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    window.__shown.push({ title, body: options && options.body, tag: options && options.tag });
    return show.call(this, title, options);
  };
  const osc = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__tones += 1;
    return osc.call(this);
  };
})();`;

interface Shown {
  title: string;
  body: string;
  tag: string;
}

const staffSessions = new WeakMap<BrowserContext, Session>();

async function staffContext(browser: Browser, signIn: SignIn, viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: base, viewport });
  await ctx.grantPermissions(['notifications'], { origin: base });
  await ctx.addInitScript({ content: COUNT_ALERTS });
  staffSessions.set(ctx, await signIn(ctx, 'staff'));
  return ctx;
}

async function openStaffTab(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/partner/orders');
  await expect(page.getByRole('heading', { name: 'Live orders' })).toBeVisible();
  await expect(connection(page)).toHaveText(/Live/, { timeout: 10_000 });
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // Browsers block sound until a first tap: the alert bar offers the button when so.
  const turnOn = page.getByRole('button', { name: 'Turn on sound' });
  if (await turnOn.isVisible()) await turnOn.click();
  return page;
}

const connection = (page: Page) => page.getByRole('status', { name: 'Connection' });
const alertBar = (page: Page) => page.getByRole('region', { name: 'New order alerts' });
/** The ringing part of the alert bar (the bar may stay with a note, e.g. the screen may sleep). */
const waiting = (page: Page) => alertBar(page).getByText(/new orders? waiting/i);
const shown = (page: Page) => page.evaluate<Shown[]>('window.__shown');
const tones = (page: Page) => page.evaluate<number>('window.__tones');

let customer: Session;
let customerCtx: BrowserContext;

async function newOrder(): Promise<{ id: number; number: string }> {
  const id = await placePaidOrder(customerCtx.request, customer);
  const res = await customerCtx.request.get(`/api/v1/orders/details/id/${id}/`, {
    headers: customer.headers,
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { order: { order_number: string } };
  return { id, number: body.order.order_number };
}

test.beforeAll(async ({ browser, signIn }) => {
  customerCtx = await browser.newContext({ baseURL: base });
  customer = await signIn(customerCtx);
});

test('offline while two orders arrive: both appear, in order, and alert after reconnecting', async ({
  browser,
  signIn,
}) => {
  const ctx = await staffContext(browser, signIn, PHONE);
  const page = await openStaffTab(ctx);
  // The alert bar holds its place while calm: ringing moves nothing below it (the board's buttons).
  const tabsAt = async () => (await page.getByRole('tablist', { name: 'Console' }).boundingBox())!.y;
  await expect(alertBar(page)).toContainText('No order is ringing');
  const calmAt = await tabsAt();
  // Live, the restaurant's name shares its row with Log out only, not with the wider connection pill.
  await expect(connection(page)).toHaveText(/Live/);
  const nameHeight = async () => (await page.locator('.console-bar__restaurant').boundingBox())!.height;
  expect(await nameHeight()).toBeLessThan(40);

  await ctx.setOffline(true);
  await expect(connection(page)).toHaveText(/Offline/);
  // The offline hint and Reconnect do not squeeze the header: the restaurant's name stays on one line.
  expect(await nameHeight()).toBeLessThan(40);
  await page.screenshot({ path: `${SHOTS}/offline-${PHONE.width}.png` });
  const first = await newOrder();
  const second = await newOrder();
  await page.waitForTimeout(OFFLINE_MS);
  // Nothing reached the tab while it was offline.
  await expect(page.locator(`article[data-order-id="${first.id}"]`)).toHaveCount(0);
  expect(await shown(page)).toEqual([]);

  const back = Date.now();
  await ctx.setOffline(false);
  await expect(connection(page)).toHaveText(/Live/, { timeout: 20_000 });
  const liveAfterMs = Date.now() - back;
  // Both orders, newest on top, and the alert bar lists them oldest first.
  const rows = page.getByRole('region', { name: /^New \d+ orders?$/ }).locator('article[data-order-id]');
  await expect(rows.nth(0)).toHaveAttribute('data-order-id', String(second.id));
  await expect(rows.nth(1)).toHaveAttribute('data-order-id', String(first.id));
  await expect(alertBar(page)).toContainText('2 new orders waiting');
  await expect(alertBar(page)).toContainText(`${first.number}, ${second.number}`);
  expect(await tabsAt()).toBe(calmAt);
  await expect
    .poll(async () => (await shown(page)).map((n) => n.tag))
    .toEqual([`order-${first.id}-placed`, `order-${second.id}-placed`]);
  for (const n of await shown(page)) {
    expect(n.title).toBe('!! Order Update Received');
    expect(n.body).toBe('You have a new Order Update');
  }
  // It keeps ringing until someone acknowledges.
  const t0 = await tones(page);
  await expect.poll(() => tones(page), { timeout: 10_000 }).toBeGreaterThan(t0);
  await page.screenshot({ path: `${SHOTS}/ringing-${PHONE.width}.png`, fullPage: true });
  await alertBar(page).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(waiting(page)).toHaveCount(0);
  expect(await tabsAt()).toBe(calmAt);
  console.log(`staff-reliability: Live again ${liveAfterMs} ms after the network came back`);
  await ctx.close();
});

test('a connection that goes silent without closing is found dead within two beats and resumed', async ({
  browser,
  signIn,
}) => {
  const ctx = await staffContext(browser, signIn);
  // Pass each socket through, until the test cuts the current one off without closing it (a dead
  // connection: nothing arrives, nothing fails); new connections go through.
  let cutCurrent = () => undefined as void;
  await ctx.routeWebSocket(/\/ws\/orders\//, (ws) => {
    let dead = false;
    const server = ws.connectToServer();
    server.onMessage((m) => {
      if (!dead) ws.send(m);
    });
    ws.onMessage((m) => {
      if (!dead) server.send(m);
    });
    cutCurrent = () => {
      dead = true;
    };
  });
  const page = await openStaffTab(ctx);
  // Every change of the indicator, with the page's clock (Reconnecting may last only a moment).
  await page.evaluate(`(() => {
    window.__states = [];
    const el = document.querySelector('[data-state]');
    new MutationObserver(() => window.__states.push([Date.now(), el.dataset.state])).observe(el, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  })()`);
  const states = () => page.evaluate<Array<[number, string]>>('window.__states');
  cutCurrent();
  const cut = await page.evaluate<number>('Date.now()');
  const order = await newOrder(); // placed while the tab's connection is dead
  await expect
    .poll(async () => (await states()).map(([, s]) => s), { timeout: 4 * BEAT_MS + 2000 })
    .toContain('reconnecting');
  const detectedMs = (await states()).find(([, s]) => s === 'reconnecting')![0] - cut;
  expect(detectedMs).toBeGreaterThan(BEAT_MS / 2); // from missed beats, not from a closed socket
  expect(detectedMs).toBeLessThanOrEqual(2 * BEAT_MS + 250);
  await expect(connection(page)).toHaveText(/Live/);
  await expect(page.locator(`article[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(alertBar(page)).toContainText(order.number);
  console.log(`staff-reliability: dead connection found in ${detectedMs} ms (beat ${BEAT_MS} ms)`);
  await alertBar(page).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(waiting(page)).toHaveCount(0);
  await ctx.close();
});

test('the server restarts under an open tab: Live again within 20 s, nothing missed', async ({
  browser,
  signIn,
}) => {
  const ctx = await staffContext(browser, signIn);
  const page = await openStaffTab(ctx);
  await server.stop();
  await expect(connection(page)).toHaveText(/Reconnecting|Offline/);
  const restarted = Date.now();
  await server.start();
  const order = await newOrder(); // possibly before the tab is back: replayed after its last sequence
  await expect(connection(page)).toHaveText(/Live/, { timeout: 20_000 });
  const liveAfterMs = Date.now() - restarted;
  await expect(page.locator(`article[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(alertBar(page)).toContainText(order.number);
  console.log(`staff-reliability: Live ${liveAfterMs} ms after the server began restarting`);
  await alertBar(page).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(waiting(page)).toHaveCount(0);
  await ctx.close();
});

test('two tabs of one browser ring once; two browsers each ring, and Acknowledge in one stops both', async ({
  browser,
  signIn,
}) => {
  const one = await staffContext(browser, signIn);
  const tabA = await openStaffTab(one);
  const tabB = await openStaffTab(one);
  const other = await staffContext(browser, signIn, PHONE);
  const device2 = await openStaffTab(other);

  const order = await newOrder();
  for (const p of [tabA, tabB, device2]) await expect(alertBar(p)).toContainText(order.number);
  // One tab of the first browser rings, the other says so.
  const who = await Promise.all([tabA, tabB].map((p) => alertBar(p).locator('.alert-bar__who').innerText()));
  expect(who.sort()).toEqual([
    'Ringing in another tab of this browser',
    'Ringing until someone accepts or acknowledges',
  ]);
  await expect.poll(async () => (await shown(tabA)).length + (await shown(tabB)).length).toBe(1);
  expect((await tones(tabA)) > 0 !== (await tones(tabB)) > 0).toBe(true);
  // The second browser rings on its own.
  await expect
    .poll(async () => (await shown(device2)).map((n) => n.tag))
    .toEqual([`order-${order.id}-placed`]);
  await expect.poll(() => tones(device2)).toBeGreaterThan(0);
  await tabA.screenshot({ path: `${SHOTS}/two-tabs-${DESKTOP.width}.png`, fullPage: true });

  // Acknowledge on the phone: every screen stops.
  await alertBar(device2).getByRole('button', { name: 'Acknowledge' }).click();
  for (const p of [device2, tabA, tabB]) await expect(waiting(p)).toHaveCount(0, { timeout: 5000 });
  const after = await Promise.all([tabA, tabB, device2].map(tones));
  await tabA.waitForTimeout(9000); // two ring intervals
  expect(await Promise.all([tabA, tabB, device2].map(tones))).toEqual(after);
  const ringing = await one.request.get('/api/v1/orders/restaurant/alerts/', {
    headers: staffSessions.get(one)!.headers,
  });
  expect(ringing.status()).toBe(200);
  expect(((await ringing.json()) as { count: number }).count).toBe(0);
  await one.close();
  await other.close();
});
