#!/usr/bin/env node
// Renders the demo illustrations (public/img/{restaurants,dishes,banners}/*.svg, drawn by
// generate-images.mjs) to WebP pictures beside them, which the seed data points at. A restaurant's
// pictures are photos in real use, and an SVG <img> costs the page's main thread a document of its own
// (10-65 ms each on a slow phone, a dozen on the restaurant list), where a WebP decodes off it.
// Drawn by the local Chromium (puppeteer-core, no network); run after generate-images.mjs:
//   node scripts/raster-images.mjs
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/img');
/** Each folder's scale: covers fill a phone's width (412 px at 1.75x), dishes and banners as drawn. */
const FOLDERS = { restaurants: 1.5, dishes: 1, banners: 1 };
const QUALITY = 75;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const [folder, scale] of Object.entries(FOLDERS)) {
    const dir = path.join(root, folder);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    for (const f of readdirSync(dir))
      if (f.endsWith('.webp') && !sources.includes(f.replace(/\.webp$/, '.svg'))) rmSync(path.join(dir, f));
    let largest = 0;
    for (const file of sources) {
      const svg = readFileSync(path.join(dir, file), 'utf8');
      const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
      if (!w || !h) throw new Error(`${folder}/${file}: no viewBox`);
      const width = Math.round(Number(w) * scale);
      const height = Math.round(Number(h) * scale);
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      const sized = svg.replace('<svg', `<svg width="${width}" height="${height}"`);
      await page.setContent(`<!doctype html><body style="margin:0">${sized}</body>`);
      const webp = await page.screenshot({
        type: 'webp',
        quality: QUALITY,
        clip: { x: 0, y: 0, width, height },
      });
      writeFileSync(path.join(dir, file.replace(/\.svg$/, '.webp')), webp);
      largest = Math.max(largest, webp.length);
    }
    console.log(`public/img/${folder}: ${sources.length} WebP pictures (largest ${largest} bytes)`);
  }
} finally {
  await browser.close();
}
