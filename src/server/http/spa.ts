// Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated,
// and every client route (anything outside /api and /ws that asks for HTML) answered with the shell.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preloadTags, readManifest } from './route-chunks.ts';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'no client build found: only the API is served (run npm run build)');
    return;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const manifest = readManifest(clientDir);
  // One shell per set of hints: the route's chunks and first data preloaded (see route-chunks.ts).
  const shells = new Map<string, string>();
  const shellFor = async (req: FastifyRequest): Promise<string> => {
    const pathname = req.url.split('?')[0] ?? '/';
    const hints = await Promise.all(app.shellHints.map((hint) => hint(req, pathname).catch(() => '')));
    const tags = (manifest ? preloadTags(manifest, pathname) : '') + hints.join('');
    let html = shells.get(tags);
    if (html === undefined) {
      html = tags ? shell.replace('</head>', `${tags}</head>`) : shell;
      // Locations vary per visitor: keep the memo bounded.
      if (shells.size > 500) shells.clear();
      shells.set(tags, html);
    }
    return html;
  };
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    // scripts/precompress.mjs wrote .br/.gz beside each asset at build time.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(clientDir, filePath);
      res.header(
        'cache-control',
        rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('sendShell', async (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await shellFor(reply.request)),
  );
  app.get('/', (_req, reply) => app.sendShell(reply));
}

/** True when a request that matched no route should get the app shell rather than a JSON 404. */
export function wantsShell(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const p = req.url.split('?')[0] ?? '';
  if (p.startsWith('/api/') || p === '/api' || p.startsWith('/ws/')) return false;
  // A missing file with an extension (an old hashed asset) is a real 404, not a page.
  if (/\.[a-z0-9]{1,8}$/i.test(p)) return false;
  return true;
}

/**
 * A module's hint for the app shell of a page: extra <link rel="preload"> tags (the page's first data
 * or its largest image) so the browser starts them with the HTML. Registered in app.shellHints.
 */
export type ShellHint = (req: FastifyRequest, pathname: string) => Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    sendShell: (reply: FastifyReply) => Promise<FastifyReply>;
    shellHints: ShellHint[];
  }
}
