// Page requests answer the app shell with the status the route table gives them: 200 for every page
// of src/shared/routes.ts (the table the client router reads), 404 for any other path and for a
// restaurant page whose restaurant does not exist, the shell still served so the app shows its 'Page
// not found' screen. The served head names the page (title and description) and preloads a lazy
// page's CSS in the mode Vite's loader fetches it, so it downloads once.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { PAGE_ROUTES } from '../../src/shared/routes.ts';
import { loadAfterPaint } from '../../src/server/http/paint-first.ts';
import { openTestDatabase } from './helper.ts';

/** A stand-in for the built client: the shell as index.html and a build manifest with one lazy page. */
function fakeClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pages-status-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en-IN"><head><meta charset="UTF-8" />
    <title>Bhojan: order food online</title>
    <meta
      name="description"
      content="The description index.html ships with."
    />
    <script type="module" crossorigin src="/assets/index.js"></script></head>
    <body><div id="root"></div></body></html>`,
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/restaurants.js'), 'export const page = 1;\n');
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/features/restaurants/menu-page.tsx': {
        file: 'assets/restaurants.js',
        css: ['assets/restaurants.css'],
        imports: ['src/features/cart/index.tsx'],
      },
      'src/features/cart/index.tsx': { file: 'assets/cart.js', css: ['assets/cart.css'] },
    }),
  );
  return dir;
}

/** One example path per page of the shared table: parameters filled with things that exist. */
const EXAMPLES: Record<string, string> = {
  slug: 'meghana-biryani-house',
  order_id: '1',
  orderid: '1',
};
const examplePath = (pattern: string) =>
  pattern.replace(/:(\w+)\??/g, (_m, key: string) => EXAMPLES[key] ?? 'x');

let app: App;
let db: Db;
let drop: () => Promise<void>;
let clientDir: string;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.db;
  drop = opened.drop;
  await seedDemo(db);
  clientDir = fakeClient();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  config.clientDir = clientDir;
  app = await buildApp({ config, db });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await drop?.();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: { accept: 'text/html' } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];

describe('page status', () => {
  it.each(PAGE_ROUTES.map((r) => [r.name, examplePath(r.path)]))(
    'answers 200 with the shell for the %s page (%s)',
    async (_name, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('answers 200 for optional parameters left out, a trailing slash and a restaurant id', async () => {
    for (const url of ['/tracking', '/m', '/about/', '/restaurants/', '/restaurants/1', '/search?q=dosa']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it.each([
    '/nope',
    '/restaurants/no-such-restaurant',
    '/restaurants/meghana-biryani-house/extra',
    '/restaurants/%3Cscript%3E',
    `/restaurants/${'a'.repeat(200)}`,
    '/restaurants/999999',
    '/About',
    '/myaccount/nope',
    '/checkout/success/again',
  ])('answers 404 with the shell and the not-found title for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(titleOf(res.body)).toBe('Page not found | Bhojan');
  });

  it('answers HEAD like GET', async () => {
    expect((await get('/nope', 'HEAD')).statusCode).toBe(404);
    expect((await get('/offers', 'HEAD')).statusCode).toBe(200);
  });

  it('leaves the API, missing assets and other methods out of it', async () => {
    const api = await get('/api/v1/nope/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
    const asset = await get('/assets/old-chunk.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });
});

describe('headers of a hashed file', () => {
  it('keep what a script needs and leave out what only a page uses', async () => {
    const asset = await get('/assets/restaurants.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    for (const name of ['content-security-policy', 'x-frame-options', 'etag', 'last-modified'])
      expect(asset.headers[name], name).toBeUndefined();
    // The page (and the service worker, a worker script) keep the whole set.
    const page = await get('/offers');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the head of the served shell', () => {
  it('names the page, ending with the brand, in place of the shell’s own title and description', async () => {
    const home = (await get('/')).body;
    expect(titleOf(home)).toBe('Order food online from restaurants near you | Bhojan');
    expect(home.match(/<title>/g)).toHaveLength(1);
    expect(home.match(/name="description"/g)).toHaveLength(1);
    expect(descriptionOf(home)).toMatch(/^Order food from the best restaurants near you/);
    expect(titleOf((await get('/offers')).body)).toBe('Offers and coupons | Bhojan');
    expect(titleOf((await get('/tracking/1')).body)).toBe('Track your order | Bhojan');
  });

  it('names the restaurant on its menu and the query on search, escaped', async () => {
    const menu = (await get('/restaurants/meghana-biryani-house')).body;
    expect(titleOf(menu)).toBe('Meghana Biryani House, Koramangala: menu | Bhojan');
    expect(descriptionOf(menu)).toMatch(/^Order from Meghana Biryani House in Koramangala/);
    expect(titleOf((await get('/search?q=biryani')).body)).toBe('Search: biryani | Bhojan');
    const hostile = (await get('/search?q=%3C%2Ftitle%3E%3Cscript%3E%22%24%26')).body;
    expect(titleOf(hostile)).toBe('Search: &lt;/title&gt;&lt;script&gt;&quot;$&amp; | Bhojan');
    expect(hostile).not.toContain('<script>"');
  });

  it('preloads a lazy page’s CSS in CORS mode, as Vite’s loader requests it, and its code after the first paint', async () => {
    const menu = (await get('/restaurants/meghana-biryani-house')).body;
    // The entry and the page's chunk are asked for by the inline loader once the shell has painted.
    expect(menu).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(menu).toContain(
      `<script>${loadAfterPaint(['/assets/index.js', '/assets/restaurants.js', '/assets/cart.js'])}</script>`,
    );
    expect(menu).toContain('<link rel="preload" as="style" crossorigin href="/assets/restaurants.css">');
    expect(menu).toContain('<link rel="preload" as="style" crossorigin href="/assets/cart.css">');
    expect(menu).not.toMatch(/<link rel="preload" as="style" href=/);
  });
});
