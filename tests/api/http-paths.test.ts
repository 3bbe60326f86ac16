// The path-spelling class: whatever way a path is written (encoded letters, encoded slashes, double
// slashes, dot segments, trailing-slash variants, mixed case), no unsafe call reaches its handler
// without the CSRF pair, and immutable assets never carry a cookie. Sent over a real socket so the
// raw request target reaches the server exactly as typed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from './factories/index.ts';
import { setupApp, type TestContext } from './helper.ts';

let ctx: TestContext;
let base: { host: string; port: number };
let auth: string;
let cookie: string;

beforeAll(async () => {
  ctx = await setupApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address() as AddressInfo;
  base = { host: '127.0.0.1', port: addr.port };
  const user = await makeUser(ctx.db);
  auth = `Bearer ${(await login(ctx.client, user)).access}`;
  cookie = `csrftoken=${ctx.client.cookies.get('csrftoken')!}`;
});

interface Raw {
  status: number;
  body: string;
  setCookie: string[];
}

/** One request with the target written exactly as given. */
function send(method: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const body = ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : '{"item":1,"quantity":1}';
    const req = http.request(
      {
        ...base,
        agent: false,
        method,
        path: target,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: data, setCookie: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every way of writing one path that a router, proxy or browser might treat as the same. */
export function spellings(path: string): string[] {
  const encodeLetter = (p: string, at: number) =>
    p.slice(0, at) + '%' + p.charCodeAt(at).toString(16) + p.slice(at + 1);
  const letters = [...path].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0);
  const out = new Set<string>([
    encodeLetter(path, letters[0]!), // /%61pi/...
    encodeLetter(path, letters[letters.length - 1]!),
    path.replace(/[a-z]/gi, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()),
    '/' + path.slice(1).replace(/\//g, '%2F'),
    path.replace(/\/(?=[^/]*$)/, '%2f'),
    path.replace(/\//g, '//'),
    '/' + path,
    path.replace('/api/', '/api/x/../'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/static/%2e%2e/api/'),
    path.endsWith('/') ? path.slice(0, -1) : path + '/',
    path.toUpperCase(),
    path.replace('/api/', '/Api/'),
  ]);
  out.delete(path);
  return [...out];
}

describe('unsafe calls are checked for CSRF however their path is spelled', () => {
  it('covers every unsafe route the app registers', async () => {
    const unsafe = ctx.app.routeTable.filter(
      (r) =>
        [r.method].flat().some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)) &&
        (r.config as { csrf?: boolean } | undefined)?.csrf !== false,
    );
    expect(unsafe.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const route of unsafe) {
      const method = [route.method].flat().find((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m))!;
      const path = route.url.replace(/:[A-Za-z_]+/g, '1');
      for (const target of [path, ...spellings(path)]) {
        const res = await send(method, target, { authorization: auth, cookie }).catch((err: Error) => ({
          status: 0,
          body: err.message,
          setCookie: [],
        }));
        // Refused by the check, or not a route at all; anything else means a handler ran unchecked.
        const refused = res.status === 403 && res.body.includes('"csrf_failed"');
        const unrouted = res.status === 404 && res.body.includes('No API endpoint');
        if (!refused && !unrouted)
          leaks.push(`${method} ${target} -> ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('lets a canonical spelling through with the CSRF pair, like the plain path', async () => {
    const token = cookie.split('=')[1]!;
    const plain = await send('POST', '/api/v1/checkout/add/', { cookie, 'x-csrftoken': token });
    const encoded = await send('POST', '/%61pi/v1/checkout/./add/', { cookie, 'x-csrftoken': token });
    expect(plain.status).toBe(404); // menu item 1 does not exist here: the handler answered
    expect(encoded.status).toBe(plain.status);
    expect(JSON.parse(encoded.body)).toEqual(JSON.parse(plain.body));
  });

  it('exempts only the signed webhook, which refuses an unsigned body however it is spelled', async () => {
    for (const target of ['/api/v1/payments/webhook', '/%61pi/v1/payments//webhook']) {
      const res = await send('POST', target);
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body).code).toBe('signature_invalid');
    }
  });
});

describe('cookies', () => {
  it('are never set on immutable assets or API reads, however spelled', async () => {
    for (const target of [
      '/assets/app-1234.js',
      '/%61ssets/app-1234.js',
      '//assets/x.css',
      '/api/v1/restaurant/all/',
    ]) {
      const res = await send('GET', target);
      expect(res.setCookie, target).toEqual([]);
    }
  });

  it('are set on a page load, so the page can make its first unsafe call', async () => {
    const res = await send('GET', '/healthz');
    expect(res.setCookie.join(';')).toMatch(/csrftoken=/);
  });
});
