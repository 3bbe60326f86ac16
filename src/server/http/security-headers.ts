// Security headers on every response (CSP, frame and referrer rules, HSTS in production): helmet's
// values, worked out ONCE. None depends on the request, so its middleware runs a single time at start
// against a recorder and each request only copies the recorded headers (names and values as helmet
// writes them); its per-request chain of a dozen middlewares cost more than the headers themselves.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets, in its order (its removals, such as X-Powered-By, concern none of ours). */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    // On the raw response, as helmet did: the static files take the page-only ones off again (spa.ts).
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}
