// Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated,
// and every client route (anything outside /api and /ws that asks for HTML) answered with the shell.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'no client build found: only the API is served (run npm run build)');
    return;
  }
  const shell = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    preCompressed: false,
    setHeaders(res, filePath) {
      const rel = path.relative(clientDir, filePath);
      res.header(
        'cache-control',
        rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('sendShell', (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell),
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

declare module 'fastify' {
  interface FastifyInstance {
    sendShell: (reply: FastifyReply) => FastifyReply;
  }
}
