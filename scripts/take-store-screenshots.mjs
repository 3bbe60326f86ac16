// Takes the web app manifest's screenshots (the richer install sheet of Chrome and Edge) from the real
// app: a menu on a phone (390x844) and the restaurant list on a desktop (1280x800), into
// public/screenshots/ (viewport only, device pixel ratio 1, so they stay small). The outputs are
// committed; run this against a running build after a visible change:
//   node scripts/take-store-screenshots.mjs http://localhost:8181
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8181';
const OUT = 'public/screenshots';
const KORAMANGALA = {
  address: 'Koramangala, Bengaluru, Karnataka, India',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
};
const SHOTS = [
  { file: 'menu-phone.png', path: '/restaurants/meghana-biryani-house', width: 390, height: 844 },
  { file: 'restaurants-desktop.png', path: '/restaurants', width: 1280, height: 800 },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
    await context.addCookies([
      { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: base },
    ]);
    const page = await context.newPage();
    await page.goto(base + shot.path, { waitUntil: 'networkidle' });
    // Pictures decoded and the second render pass done.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/${shot.file}` });
    await context.close();
  }
} finally {
  await browser.close();
}
