// Hot answers (src/server/http/hot-answers.ts): a browsing answer is replayed before routing, and a
// client cannot tell: the replay is the answer Fastify gave, byte for byte and header for header, for
// every browsing route and content coding; whatever may answer differently (conditional requests,
// credentials, bodies, HEAD, anything not from a response cache) still reaches Fastify; and a change
// to the data is answered at once. Over real HTTP, since the replay sits in front of Fastify's handler.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { KORAMANGALA, makeDiscoveryFixture, type DiscoveryFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

let fx!: DiscoveryFixture;
const ctx = await setupApp({
  seed: async (db) => {
    fx = await makeDiscoveryFixture(db);
  },
});
await ctx.app.listen({ host: '127.0.0.1', port: 0 });
const port = (ctx.app.server.address() as AddressInfo).port;
const hot = ctx.app.hotAnswers;

interface Raw {
  status: number;
  /** Header names (as written) and values, without Date. */
  headers: string[];
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date')
            raw.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        }
        resolve({ status: res.statusCode!, headers: raw, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Calls `fn` and returns how many answers were replayed meanwhile. */
async function replays(fn: () => Promise<unknown>): Promise<number> {
  const before = hot.served;
  await fn();
  return hot.served - before;
}

const { lat, lng } = KORAMANGALA;
const near = { lat, lng };
const BROWSING = [
  discoveryPaths.banners(),
  discoveryPaths.allRestaurants({ page: 1, page_size: 2 }),
  discoveryPaths.restaurantList(lat, lng),
  discoveryPaths.restaurantList(lat, lng, { veg: true, sort: 'rating' }),
  discoveryPaths.restaurant('meghana-biryani-house'),
  discoveryPaths.restaurant(fx.meghana),
  discoveryPaths.searchSuggest('dosa', near),
  discoveryPaths.search('biryani', near),
  discoveryPaths.offers(near),
];
const CODINGS: Array<Record<string, string>> = [
  { 'accept-encoding': 'br, gzip' },
  { 'accept-encoding': 'gzip, deflate' },
  { 'accept-encoding': 'x-gzip' },
  {},
];

describe('hot answers', () => {
  it('replays every browsing answer as Fastify sent it, for every content coding', async () => {
    for (const path of BROWSING) {
      for (const coding of CODINGS) {
        const first = await get(path, coding);
        expect(first.status, `${path} ${first.body.toString()}`).toBe(200);
        let second!: Raw;
        expect(await replays(async () => (second = await get(path, coding))), path).toBe(1);
        expect(second, `${path} ${JSON.stringify(coding)}`).toEqual(first);
        // Asked so that Fastify must answer (a tag that matches nothing): still the same answer.
        const routed = await get(path, { ...coding, 'if-none-match': '"no-such-tag"' });
        expect(routed).toEqual(first);
      }
    }
  });

  it('leaves to Fastify whatever may be answered differently', async () => {
    const path = discoveryPaths.restaurantList(lat, lng);
    const coding = { 'accept-encoding': 'br' };
    const fresh = await get(path, coding);
    const etag = fresh.headers[fresh.headers.indexOf('etag') + 1]!;

    expect(
      await replays(async () =>
        expect((await get(path, { ...coding, 'if-none-match': etag })).status).toBe(304),
      ),
    ).toBe(0);
    expect(
      await replays(async () => {
        const head = await get(path, coding, 'HEAD');
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
      }),
    ).toBe(0);
    // Credentials go to Fastify, which checks them (a public read ignores a token it cannot use).
    expect(await replays(() => get(path, { ...coding, authorization: 'Bearer nope' }))).toBe(0);
    expect(
      await replays(async () =>
        expect((await get(path, { ...coding, 'content-encoding': 'nonsense' })).status).toBe(415),
      ),
    ).toBe(0);
    // An answer that does not come from a response cache is never replayed.
    const cart = { 'x-anonymous-id': 'a'.repeat(32) };
    expect(
      await replays(async () => {
        await get('/api/v1/checkout/', cart);
        await get('/api/v1/checkout/', cart);
      }),
    ).toBe(0);
    // Nor a refusal: the same bad question is asked of Fastify each time.
    const bad = '/api/v1/restaurant/list/?lat=1000&lng=0';
    expect(
      await replays(async () => {
        expect((await get(bad)).status).toBe(400);
        expect((await get(bad)).status).toBe(400);
      }),
    ).toBe(0);
  });

  it('answers a change to the data at once, then replays the new answer', async () => {
    const path = discoveryPaths.restaurant(fx.greenLeaf);
    await get(path);
    expect(await replays(() => get(path))).toBe(1);

    await ctx.db.query(`update restaurants set name = 'Green Leaf Renamed' where id = $1`, [fx.greenLeaf]);
    // The change notification arrives in the same turn on PGlite and a moment later on PostgreSQL.
    let renamed: Raw | undefined;
    for (let i = 0; i < 100 && !renamed; i++) {
      const res = await get(path);
      if (res.body.toString().includes('Green Leaf Renamed')) renamed = res;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(renamed, 'the renamed restaurant').toBeDefined();
    const first = await get(path);
    let again!: Raw;
    expect(await replays(async () => (again = await get(path)))).toBe(1);
    expect(again).toEqual(first);
    expect(again.body.toString()).toContain('Green Leaf Renamed');
  });
});
