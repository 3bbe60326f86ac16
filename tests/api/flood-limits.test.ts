// Where flood limits count (docs/decisions/0013): two API instances on one PostgreSQL, or on one Redis,
// share a limit's count, so N processes do not allow N times the limit; the embedded database, which
// serves one process, counts in memory. A store that cannot answer lets requests through.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/index.ts';
import { TEST_DB, TestClient, setupApp } from './helper.ts';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** get-coupon-value allows 30 a minute per caller. */
const LIMIT = 30;

async function secondApp(db: Db, env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  config.clientDir = '/nonexistent';
  const app = await buildApp({ config, db });
  afterAll(() => app.close());
  return app;
}

/** Alternates one anonymous visitor's coupon checks between apps; answers each status. */
async function couponChecks(apps: App[], count: number): Promise<number[]> {
  const visitor = randomBytes(18).toString('base64url');
  const clients = apps.map((app) => {
    const c = new TestClient(app);
    c.anonymousId = visitor;
    return c;
  });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await clients[i % clients.length]!.post(`/api/v1/checkout/get-coupon-value/NOPE${i}`);
    statuses.push(res.statusCode);
  }
  return statuses;
}

const refusedFrom = (statuses: number[]) => statuses.findIndex((s) => s === 429) + 1;

describe('flood limits on the database', () => {
  it(
    TEST_DB === 'postgres'
      ? 'two instances on one PostgreSQL count together'
      : 'the embedded database counts in the process it serves',
    async () => {
      const ctx = await setupApp();
      const other = await secondApp(ctx.db);
      const statuses = await couponChecks([ctx.app, other], LIMIT + 4);
      // Shared: the 31st check is refused whichever instance it reaches. In memory: each counts alone.
      expect(refusedFrom(statuses)).toBe(TEST_DB === 'postgres' ? LIMIT + 1 : 0);
      const alone = await couponChecks([ctx.app], LIMIT + 1);
      expect(refusedFrom(alone)).toBe(LIMIT + 1);
    },
  );
});

describe('flood limits on Redis (REDIS_URL)', () => {
  it('two instances on one Redis count together and answer the usual 429', async () => {
    const ctx = await setupApp({ env: { REDIS_URL } });
    const other = await secondApp(ctx.db, { REDIS_URL });
    const statuses = await couponChecks([ctx.app, other], LIMIT + 3);
    expect(refusedFrom(statuses)).toBe(LIMIT + 1);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });

  it('a Redis that cannot be reached lets requests through instead of failing them', async () => {
    const ctx = await setupApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const statuses = await couponChecks([ctx.app], 5);
    expect(statuses.every((s) => s < 429)).toBe(true);
  });
});
