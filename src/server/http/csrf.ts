// CSRF double-submit: the server sets a random `csrftoken` cookie readable by the page; every unsafe
// request must echo it in X-CSRFTOKEN. A cross-site page can send the cookie but cannot read it.
// The check looks at the method and the matched route only, never at how the path was spelled: every
// POST/PUT/PATCH/DELETE is checked unless its route opts out with `config: { csrf: false }` (the
// payment webhook, which authenticates by signature).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATIC_ROUTE = '/*';

export interface CsrfOptions {
  secure: boolean;
}

/**
 * Whether a response may carry a new token cookie. API reads may be publicly cacheable and static
 * files are immutable: a Set-Cookie there could hand one token to everyone behind a shared cache.
 * Pages and refused unsafe calls set it instead. `req.url` is already canonical (see app.ts).
 */
function mayIssueCookie(req: FastifyRequest): boolean {
  if (!SAFE.has(req.method)) return true;
  if (req.routeOptions.url === STATIC_ROUTE) return false;
  return !/^\/(api|assets)\//.test(req.url);
}

export function registerCsrf(app: FastifyInstance, opts: CsrfOptions): void {
  // A callback hook, not an async one: most requests (safe reads that carry or need no token) pass
  // without a promise and its extra turn of the microtask queue.
  app.addHook('onRequest', (req, reply, done) => {
    const cookie = req.cookies[CSRF_COOKIE];
    if ((!cookie || !/^[A-Za-z0-9_-]{32,64}$/.test(cookie)) && mayIssueCookie(req)) {
      const token = randomBytes(24).toString('base64url');
      req.cookies[CSRF_COOKIE] = token;
      void reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure: opts.secure,
        httpOnly: false,
        maxAge: 60 * 60 * 24 * 365,
      });
    }
    if (
      SAFE.has(req.method) ||
      (req.routeOptions.config as { csrf?: boolean } | undefined)?.csrf === false ||
      tokensMatch(req)
    ) {
      done();
      return;
    }
    done(
      new HttpError(403, 'CSRF token missing or incorrect. Reload the page and try again.', 'csrf_failed'),
    );
  });
}

function tokensMatch(req: FastifyRequest): boolean {
  const header = req.headers[CSRF_HEADER];
  const cookie = req.cookies[CSRF_COOKIE];
  if (typeof header !== 'string' || !cookie) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route authenticates another way (a signature) and skips the CSRF check. */
    csrf?: boolean;
  }
}
