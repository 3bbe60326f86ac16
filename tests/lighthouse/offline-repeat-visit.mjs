// The installed app opened again with the network off (issue 17: first content in under 1 s on the
// Lighthouse mobile profile). A first visit online installs the service worker and opens the list,
// as a customer would; then each run opens the app's start URL offline in a fresh page with
// Lighthouse's mobile settings (412 x 823, DPR 1.75, 4x CPU slowdown) and reads the browser's own
// first-contentful-paint and the time the first restaurant card is on screen. Prints each run and
// the median. Needs the built app (npm run build).
//   node tests/lighthouse/offline-repeat-visit.mjs [runs=7]
import { chromium } from 'playwright';
import { startBuiltServer } from './built-server.mjs';

const PORT = 8284;
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = '.tmp/offline-visit-data';
const RUNS = Number(process.argv[2] ?? 7);
const LOCATION = {
  address: '80 Feet Road, Koramangala, Bengaluru',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { server, ready } = startBuiltServer({ port: PORT, dataDir: DATA_DIR });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let status = 1;
try {
  await ready;
  const ctx = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await ctx.addCookies([
    { name: 'userLocation', value: encodeURIComponent(JSON.stringify(LOCATION)), url: ORIGIN },
  ]);
  // First visit, online: the service worker installs and takes the page; the list's data is cached.
  const first = await ctx.newPage();
  await first.goto(`${ORIGIN}/`);
  await first.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if (!(await first.evaluate('!!navigator.serviceWorker.controller'))) await first.reload();
  await first.waitForFunction('!!navigator.serviceWorker.controller');
  await first.goto(`${ORIGIN}/restaurants`);
  await first.locator('.rl-card').first().waitFor({ timeout: 30_000 });
  await first.close();

  // When the first restaurant card is in the document (a paint follows within a frame).
  await ctx.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.rl-card')) return;
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await ctx.setOffline(true);
  const fcps = [];
  const contents = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${ORIGIN}/`, { waitUntil: 'commit' });
    await page.locator('.rl-card').first().waitFor({ timeout: 30_000 });
    const [fcp, content] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      window.__firstCardAt,
    ]);
    fcps.push(Math.round(fcp));
    contents.push(Math.round(content));
    console.log(
      `run ${run + 1}: first contentful paint ${Math.round(fcp)} ms, first restaurant card by ${Math.round(content)} ms`,
    );
    await page.close();
  }
  console.log(
    `offline repeat visit, ${RUNS} runs, median: first contentful paint ${median(fcps)} ms, first restaurant card by ${median(contents)} ms`,
  );
  status = median(fcps) < 1000 ? 0 : 1;
} catch (err) {
  console.error(err);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(status);
