// Regenerates the PWA icons, apple-touch icon and favicons in public/ from one SVG drawing, rendered
// by headless Chromium (no network). The outputs are committed; run this only after changing the art:
//   node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BRAND = '#fed501';
const INK = '#1f1a00';

/** The mark: a steaming bowl. `inset` shrinks it toward the centre (maskable safe zone). */
function art({ size = 512, rounded = true, inset = 0 }) {
  const s = 512;
  const scale = 1 - 2 * inset;
  const offset = (s * inset).toFixed(1);
  const radius = rounded ? 112 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${radius}" fill="${BRAND}"/>
  <g${inset ? ` transform="translate(${offset} ${offset}) scale(${scale})"` : ''}>
    <path d="M96 250h320c0 92-72 164-160 164S96 342 96 250Z" fill="${INK}"/>
    <rect x="76" y="232" width="360" height="30" rx="15" fill="${INK}"/>
    <path d="M196 408h120l-12 26H208Z" fill="${INK}"/>
    <g fill="none" stroke="${INK}" stroke-width="22" stroke-linecap="round">
      <path d="M180 196c0-30 28-34 28-64s-20-36-20-36"/>
      <path d="M256 196c0-30 28-34 28-64s-20-36-20-36"/>
      <path d="M332 196c0-30 28-34 28-64s-20-36-20-36"/>
    </g>
  </g>
</svg>`;
}

/** A real .ico holding PNG images (supported by every current browser). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt8(0, e + 2);
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });

async function render(svg, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${svg.replace(
      /width="\d+" height="\d+"/,
      `width="${size}" height="${size}"`,
    )}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

mkdirSync('public/icons', { recursive: true });
const any = art({});
writeFileSync('public/favicon.svg', any + '\n');
writeFileSync('public/icons/icon-192.png', await render(any, 192));
writeFileSync('public/icons/icon-512.png', await render(any, 512));
// Maskable: full-bleed background, the mark inside the central 80% safe zone.
writeFileSync('public/icons/maskable-512.png', await render(art({ rounded: false, inset: 0.12 }), 512));
// iOS rounds the corners itself and shows transparency as black: opaque square.
writeFileSync('public/icons/apple-touch-icon.png', await render(art({ rounded: false, inset: 0.06 }), 180));
const small = [];
for (const size of [16, 32, 48]) small.push({ size, data: await render(any, size) });
writeFileSync('public/favicon.ico', ico(small));

await browser.close();
console.log('icons written to public/icons, public/favicon.svg and public/favicon.ico');
