// Which built JavaScript a page needs before it can render, read from Vite's build manifest: the
// server adds these as <link rel="modulepreload"> to the app shell so they download alongside the
// entry chunk instead of after it, and the bundle report checks the first route against its budget.
// Pages are named as in the route table client and server share (src/shared/routes.ts); which frame
// parts a page shows mirrors src/app/layout-rules.ts (a stale entry only costs a wasted hint).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageName } from '../../shared/routes.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

const CHROME = 'src/app/layout/chrome.tsx';
const FOOTER = 'src/app/layout/footer.tsx';
const feature = (name: string) => `src/features/${name}/index.tsx`;

/** Pages (by route name) and the lazily loaded modules they render first (page, chrome, footer). */
export const ROUTE_CHUNKS: ReadonlyArray<{ route: string; pages: PageName[]; modules: string[] }> = [
  { route: '/ (home)', pages: ['index'], modules: [feature('location'), FOOTER] },
  {
    route: '/restaurants',
    pages: ['restaurants'],
    modules: ['src/features/restaurants/list-page.tsx', CHROME, FOOTER],
  },
  {
    route: '/restaurants/:slug',
    pages: ['restaurants-slug'],
    modules: ['src/features/restaurants/menu-page.tsx', CHROME, FOOTER],
  },
  { route: '/search', pages: ['search'], modules: [feature('search'), CHROME, FOOTER] },
  { route: '/offers', pages: ['offers'], modules: [feature('offers'), CHROME, FOOTER] },
  { route: '/about', pages: ['about'], modules: [feature('company'), CHROME, FOOTER] },
  { route: '/checkout', pages: ['checkout'], modules: [feature('checkout')] },
  { route: '/myaccount/orders', pages: ['myaccount-orders'], modules: [feature('orders'), CHROME, FOOTER] },
  { route: '/tracking/:id', pages: ['tracking'], modules: [feature('tracking'), CHROME, FOOTER] },
  { route: '/partner/orders', pages: ['partner-orders'], modules: [feature('live-orders')] },
];

/**
 * The modules a page's first render waits for: all but the footer, which sits below the fold and
 * loads right after (src/app/layout/shell.tsx). Its styles still go with a server-rendered page.
 */
export const firstRenderModules = (modules: readonly string[]): string[] =>
  modules.filter((m) => m !== FOOTER);

export function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** A chunk and everything it imports statically (manifest keys). */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, seen);
  return seen;
}

export function entryKey(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('.html'));
}

/** The app's start, which the entry loads on every page (main.tsx imports start-app.tsx). */
function startChunks(manifest: Manifest): string[] {
  return manifest[entryKey(manifest) ?? '']?.dynamicImports ?? [];
}

/**
 * Manifest keys a page needs beyond the entry chunk's own closure (which index.html already loads): the
 * app's start, then the page's modules, each with what it imports.
 */
export function routeChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = closure(manifest, entryKey(manifest) ?? '');
  const needed = new Set(
    [...startChunks(manifest), ...modules]
      .filter((m) => manifest[m])
      .flatMap((m) => [...closure(manifest, m)]),
  );
  return [...needed].filter((k) => !entry.has(k));
}

/**
 * <link> tags that start a page's chunks (and their CSS) downloading with the shell. The CSS hint is
 * CORS-mode (`crossorigin`) like the stylesheet link Vite's loader adds for a lazy chunk: a preload
 * in another mode would not match it, and the browser would download the file twice.
 */
export function preloadTags(manifest: Manifest, page: PageName, rendered = false): string {
  const route = ROUTE_CHUNKS.find((r) => r.pages.includes(page));
  if (!route) return '';
  const tags: string[] = [];
  if (rendered) {
    // A page the server rendered is painted before its JavaScript runs: its styles (footer included,
    // it is in the HTML too) must apply to that paint, or the page would jump when they arrive: the
    // page carries their text inline (paint-first.ts). Of its scripts only the app's start is named
    // (asked for after the paint, with the entry): the page's own chunks, hinted, took the pictures'
    // bandwidth (largest paint 1.97 -> 2.5 s on the Lighthouse profile), and the start asks for them
    // soon enough to hydrate the page.
    for (const key of routeChunks(manifest, route.modules))
      for (const css of manifest[key]!.css ?? [])
        tags.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    for (const key of routeChunks(manifest, []))
      tags.push(`<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    return tags.join('');
  }
  for (const key of routeChunks(manifest, firstRenderModules(route.modules))) {
    const chunk = manifest[key]!;
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? [])
      tags.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
  }
  return tags.join('');
}
