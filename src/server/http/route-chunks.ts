// Which built JavaScript a page needs before it can render, read from Vite's build manifest: the
// server adds these as <link rel="modulepreload"> to the app shell so they download alongside the
// entry chunk instead of after it, and the bundle report checks the first route against its budget.
// The table mirrors src/app/routes.tsx and layout-rules.ts; a stale entry only costs a wasted hint.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

const CHROME = 'src/app/layout/chrome.tsx';
const FOOTER = 'src/app/layout/footer.tsx';
const feature = (name: string) => `src/features/${name}/index.tsx`;

/** Page path patterns and the lazily loaded modules that page renders first (page, chrome, footer). */
export const ROUTE_CHUNKS: ReadonlyArray<{ route: string; pattern: RegExp; modules: string[] }> = [
  { route: '/ (home)', pattern: /^\/$/, modules: [feature('location'), FOOTER] },
  {
    route: '/restaurants, /restaurants/:slug',
    pattern: /^\/restaurants(\/[^/]+)?\/?$/,
    modules: [feature('restaurants'), CHROME, FOOTER],
  },
  { route: '/search', pattern: /^\/search\/?$/, modules: [feature('search'), CHROME, FOOTER] },
  { route: '/offers', pattern: /^\/offers\/?$/, modules: [feature('offers'), CHROME, FOOTER] },
  { route: '/checkout', pattern: /^\/checkout\/?$/, modules: [feature('checkout')] },
];

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

/** Manifest keys a page needs beyond the entry chunk's own closure (which index.html already loads). */
export function routeChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = closure(manifest, entryKey(manifest) ?? '');
  const needed = new Set(modules.filter((m) => manifest[m]).flatMap((m) => [...closure(manifest, m)]));
  return [...needed].filter((k) => !entry.has(k));
}

/** <link> tags that start a page's chunks (and their CSS) downloading with the shell. */
export function preloadTags(manifest: Manifest, pathname: string): string {
  const route = ROUTE_CHUNKS.find((r) => r.pattern.test(pathname));
  if (!route) return '';
  const tags: string[] = [];
  // The footer sits below the fold: it is not worth bandwidth the first paint needs.
  const aboveFold = route.modules.filter((m) => m !== FOOTER);
  for (const key of routeChunks(manifest, aboveFold)) {
    const chunk = manifest[key]!;
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) tags.push(`<link rel="preload" as="style" href="/${css}">`);
  }
  return tags.join('');
}
