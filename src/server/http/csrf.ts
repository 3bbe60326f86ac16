// CSRF double-submit: the server sets a random `csrftoken` cookie readable by the page; every unsafe
// API call must echo it in X-CSRFTOKEN. A cross-site page can send the cookie but cannot read it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** Path prefixes exempt from the check because they authenticate by signature (payment webhooks). */
  exempt: string[];
  secure: boolean;
}

export function registerCsrf(app: FastifyInstance, opts: CsrfOptions): void {
  app.addHook('onRequest', async (req, reply) => {
    const cookie = req.cookies[CSRF_COOKIE];
    // API reads may be publicly cacheable: a Set-Cookie there could hand one token to everyone
    // behind a shared cache. Pages and refused unsafe calls set it instead.
    const cacheableRead = SAFE.has(req.method) && req.url.startsWith('/api/');
    if (!cacheableRead && (!cookie || !/^[A-Za-z0-9_-]{32,64}$/.test(cookie))) {
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
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (opts.exempt.some((p) => req.url.startsWith(p))) return;
    if (!tokensMatch(req)) {
      throw new HttpError(
        403,
        'CSRF token missing or incorrect. Reload the page and try again.',
        'csrf_failed',
      );
    }
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
