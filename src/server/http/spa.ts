// Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated,
// and every page request (anything outside /api and /ws that asks for HTML) answered with the shell:
// status 200 for a page of the route table the client router uses (src/shared/routes.ts), 404 for
// any other path and for a page whose subject does not exist (an unknown restaurant), where the app
// shows its 'Page not found' screen. The shell carries the page's title and description.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isServerOnlyPath } from '../../shared/canonical-path.ts';
import { pageDescription } from '../../shared/page-descriptions.ts';
import { detailFromUrl, matchPage, pageTitle, type PageDetail, type PageMatch } from '../../shared/routes.ts';
import { parseUserLocation } from '../../shared/user-location.ts';
import { COOKIES } from '../../shared/constants.ts';
import { EARLY_TAPS_TAG } from './early-taps.ts';
import { loadFirstPaint, type CachedAnswer, type FirstAnswer } from './first-paint.ts';
import { paintFirstHead, withSources, type PaintFirstHead } from './paint-first.ts';
import { preloadTags, readManifest } from './route-chunks.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
/**
 * Everything inside #root of index.html (what it paints while the app loads), up to its end mark: a
 * server-rendered page puts its own HTML there, with nothing around it for hydration to trip on.
 */
const ROOT_CONTENT = /(<div id="root">)[\s\S]*?<!--\/boot-screen-->\s*/;
/** Adds tags at the end of the head (a function replacement: `$` in a tag is not a pattern). */
const addToHead = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);
/** Replaces the shell's own tag, or adds the tag to the head when the shell has none. */
const putInHead = (html: string, existing: RegExp, tag: string) =>
  existing.test(html) ? html.replace(existing, () => tag) : addToHead(html, tag);

/**
 * Headers that only mean something on a page (or a worker script, which is not hashed): a hashed
 * script, style or picture would carry them for nothing. About 650 bytes on each of the thirty files
 * a first page loads; nosniff, the resource policy and the referrer policy stay. Validators go too:
 * an immutable file is never revalidated.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'no client build found: only the API is served (run npm run build)');
    return;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const manifest = readManifest(clientDir);
  const firstPaint = await loadFirstPaint(app.log);
  const assets = new Map<string, string>();
  /** A built file's text (kept: assets are immutable), or undefined when it is missing. */
  const readAsset = (file: string) => {
    if (!assets.has(file) && existsSync(path.join(clientDir, file)))
      assets.set(file, readFileSync(path.join(clientDir, file), 'utf8'));
    return assets.get(file);
  };
  // One shell per page head: its title and description, its chunks and first data preloaded (see
  // route-chunks.ts and ShellHint), made to paint before its scripts arrive (paint-first.ts): the
  // server's HTML of the page, or the shell's loading screen.
  const shells = new Map<string, PaintFirstHead>();
  const policies = new WeakMap<PaintFirstHead, string>();
  const shellFor = async (
    req: FastifyRequest,
  ): Promise<{ status: number; html: string; personal: boolean; head: PaintFirstHead }> => {
    const [pathname = '/', query = ''] = req.url.split('?');
    const page = matchPage(pathname);
    let detail: PageDetail = page ? detailFromUrl(page.name, query) : {};
    // The list is named after the customer's area, as the page names itself (list-page.tsx): the
    // tab's title is right from the HTML on.
    const area = page?.name === 'restaurants' && parseUserLocation(req.cookies[COOKIES.userLocation])?.area;
    if (area) detail = { ...detail, area };
    let found = page !== null;
    let tags = '';
    const rendered = page !== null && firstPaint !== undefined && firstPaint.rendersFirstPaint(pathname);
    if (page) {
      const hints = await Promise.all(
        app.shellHints.map((hint) => hint(req, pathname, rendered).catch(() => '')),
      );
      tags = (manifest ? preloadTags(manifest, page.name, rendered) : '') + hints.join('');
      for (const hint of app.shellHints) {
        const facts = await hint.page?.(page).catch(() => undefined);
        if (facts?.missing) found = false;
        if (facts?.detail) detail = { ...detail, ...facts.detail };
      }
    }
    const name = found && page ? page.name : 'not-found';
    const title = `<title>${escapeHtml(pageTitle(name, detail))}</title>`;
    const description = `<meta name="description" content="${escapeHtml(pageDescription(name, detail))}">`;
    const key = title + description + tags;
    let head = shells.get(key);
    if (head === undefined) {
      const html = addToHead(putInHead(putInHead(shell, TITLE, title), DESCRIPTION, description), tags);
      head = paintFirstHead(html, readAsset);
      // Locations and restaurants vary per request: keep the memo bounded.
      if (shells.size > 500) shells.clear();
      shells.set(key, head);
    }
    if (found && rendered) {
      const page = await renderFirstPaint(req);
      if (page) {
        const html = addToHead(
          head.html.replace(ROOT_CONTENT, (_all, open: string) => open + page.html),
          EARLY_TAPS_TAG,
        ).replace(head.appLoader, (loader) => page.dataTag + loader);
        return { status: 200, html, personal: page.signedIn, head };
      }
    }
    return { status: found ? 200 : 404, html: head.html, personal: false, head };
  };
  const renderFirstPaint = async (req: FastifyRequest) => {
    const [pathname = '/'] = req.url.split('?');
    const userLocation = parseUserLocation(req.cookies[COOKIES.userLocation]);
    const reads = firstPaint!.signedInReads(req.url);
    if (reads === null) return null;
    if (reads) {
      const answers = await signedInAnswers(req, reads);
      if (!answers) return null;
      const page = firstPaint!.render(req.url, req.cookies, { userLocation, signedIn: true }, answers);
      return page && { ...page, signedIn: true };
    }
    const lists = await Promise.all(
      app.shellHints.map((hint) => hint.answers?.(req, pathname).catch(() => []) ?? []),
    );
    const page = firstPaint!.render(req.url, req.cookies, { userLocation, signedIn: false }, lists.flat());
    return page && { ...page, signedIn: false };
  };
  /**
   * A signed-in page's first answers, asked of the API itself with the token of the request's auth
   * cookie (the header the browser would send), so every check of the route applies as it would to the
   * browser's own request. Null (the plain shell, the browser takes over) unless each answered 200: no
   * cookie, an expired token or session, someone else's order.
   */
  const signedInAnswers = async (req: FastifyRequest, paths: string[]): Promise<FirstAnswer[] | null> => {
    const authorization = req.cookies[COOKIES.authToken];
    if (!authorization) return null;
    const replies = await Promise.all(
      paths.map((url) =>
        app.inject({ method: 'GET', url, headers: { authorization }, remoteAddress: req.ip }),
      ),
    );
    if (replies.some((r) => r.statusCode !== 200)) return null;
    return replies.map((r, i) => ({ path: paths[i]!, value: r.json() }));
  };
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    // scripts/precompress.mjs wrote .br/.gz beside each asset at build time.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = path.relative(clientDir, filePath).startsWith('assets' + path.sep);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    },
  });
  app.decorate('sendShell', async (reply: FastifyReply) => {
    const { status, html, personal, head } = await shellFor(reply.request);
    // The page's inline styles and script loader, allowed by their hashes on this page alone (the
    // base policy is the same for every request: worked out once per shell).
    let policy = policies.get(head);
    if (policy === undefined) {
      const base = String(reply.raw.getHeader('content-security-policy') ?? '');
      policy =
        base &&
        withSources(withSources(base, 'script-src', head.scriptSources), 'style-src', head.styleSources);
      policies.set(head, policy);
    }
    if (policy) reply.header('content-security-policy', policy);
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        // A page rendered with a customer's orders is theirs alone: no shared cache may keep it.
        .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
        .send(html)
    );
  });
  app.get('/', (_req, reply) => app.sendShell(reply));
}

/** True when a request that matched no route should get the app shell rather than a JSON 404. */
export function wantsShell(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const p = req.url.split('?')[0] ?? '';
  if (isServerOnlyPath(p)) return false;
  // A missing file with an extension (an old hashed asset) is a real 404, not a page.
  if (/\.[a-z0-9]{1,8}$/i.test(p)) return false;
  return true;
}

/** What a module knows about a page's subject: that it does not exist (404), or its title's detail. */
export interface PageFacts {
  missing?: boolean;
  detail?: PageDetail;
}

/**
 * A module's part in the app shell of a page, registered in app.shellHints: extra <link rel="preload">
 * tags (the page's first data or its largest image) so the browser starts them with the HTML, and
 * optionally what it knows about the page (a restaurant page whose restaurant does not exist is a 404).
 */
export interface ShellHint {
  /** `rendered`: the server renders the page with its answers (see answers below). */
  (req: FastifyRequest, pathname: string, rendered: boolean): Promise<string>;
  page?: (page: PageMatch) => Promise<PageFacts | undefined>;
  /** The API answers the page reads first, for a server-rendered first page (first-paint.ts). */
  answers?: (req: FastifyRequest, pathname: string) => Promise<CachedAnswer[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendShell: (reply: FastifyReply) => Promise<FastifyReply>;
    shellHints: ShellHint[];
  }
}
