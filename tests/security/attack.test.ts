// The attack suite (docs/architecture.md#bars: "bad input anywhere answers 4xx with a clear message; never
// 500"): every route of the server's real route table gets property-based hostile requests, as an
// anonymous caller, a signed-in customer and restaurant staff with a valid CSRF pair, and must answer
// below 500; an /api failure must carry the error body {status, message, code?, errors?} and must not be
// the database backstop's `invalid_input` (that means the contract let the value through).
//
//   FUZZ_RUNS        requests per database, spread over the routes (default 3,000;
//                    `npm run test:fuzz`: 12,000)
//   FUZZ_SEED        replay a run (the seed is printed at the start and in every failure)
//   FUZZ_KEEP_GOING  1: a failing request does not stop its route's run (no shrinking); every
//                    distinct failure is listed at the end (the long run uses this)
// A summary (requests, statuses, error codes, failures) is written to test-results/attack-<db>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_STAFF, seedDemo } from '../../src/server/db/seed.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/order-status.ts';
import { makeOrder, makeUser } from '../api/factories/index.ts';
import { setupApp, TEST_DB } from '../api/helper.ts';
import {
  describeRequest,
  render,
  requestArb,
  routeUnderTest,
  type FuzzRequest,
  type Session,
} from './requests.ts';
import { compactString } from './hostile.ts';
import type { Pools } from './zod-arbitrary.ts';

const RUNS = Math.max(1, Number(process.env['FUZZ_RUNS'] ?? 3_000));
const KEEP_GOING = process.env['FUZZ_KEEP_GOING'] === '1';
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : Date.now() % 2 ** 31;

/** The error the server's hooks saw for the request in flight (its stack goes into a failure). */
const seen: { error: Error | undefined } = { error: undefined };
const serverError = (): string => {
  const err = seen.error;
  return err ? `\n  server error: ${err.stack ?? String(err)}` : '';
};
const ctx = await setupApp({
  seed: async (db) => seedDemo(db),
  onInstance: (app) =>
    app.addHook('onError', async (_req, _reply, err) => {
      seen.error = err;
    }),
});
const app = ctx.app;
const routes = app.routeTable;

// HEAD twins of GET routes run the same handler; the GET fuzz covers them (and sends HEAD now and then).
const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
const targets = routes
  .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
  .flatMap(routeUnderTest)
  .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
const runsPerRoute = Math.max(1, Math.ceil(RUNS / targets.length));

// ---------------------------------------------------------------------------------------------
// Seeded data: customers with addresses, carts and orders at the staff's restaurant; real ids and codes
// for the generators; a server-issued CSRF pair.

interface PooledUser {
  id: number;
  phone?: string;
  role: 'customer' | 'staff';
  restaurantId: number | null;
}
const customers: PooledUser[] = [{ id: 1, role: 'customer', restaurantId: null }];
const staff: PooledUser[] = [{ id: 2, role: 'staff', restaurantId: DEMO_STAFF.restaurant_id }];
const pools: Record<string, unknown[]> = {};
let csrf = '';

const stats = {
  requests: 0,
  statuses: new Map<number, number>(),
  codes: new Map<string, number>(),
  /** The first answer seen for each status and error code (for the summary file). */
  samples: new Map<string, string>(),
  failures: [] as string[],
  startedAt: 0,
};

beforeAll(async () => {
  const db = ctx.db;
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  csrf = health.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  expect(csrf, 'the server hands out a CSRF cookie').not.toBe('');

  const restaurantId = DEMO_STAFF.restaurant_id;
  const restaurants = await db.query<{ id: number; slug: string }>(
    'select id, slug from restaurants order by id limit 6',
  );
  // Dishes without choices: the set-up adds them to carts as they are (one with choices needs them).
  const items = await db.query<{ id: number }>(
    `select id from menu_items mi where restaurant_id = $1 and in_stock
        and not exists (select 1 from option_groups g where g.menu_item_id = mi.id)
      order by id limit 6`,
    [restaurantId],
  );
  const otherItems = await db.query<{ id: number }>(
    'select id from menu_items where restaurant_id <> $1 order by id limit 2',
    [restaurantId],
  );
  const coupons = await db.query<{ coupon_code: string }>('select coupon_code from coupons order by id');
  const restaurant = { id: restaurantId, itemIds: items.map((i) => i.id) };

  // Enough customers that per-user limits (30 coupon or order calls a minute) rarely answer 429.
  const customerCount = Math.max(4, Math.ceil(runsPerRoute / 20));
  for (let i = 0; i < customerCount; i++) {
    const u = await makeUser(app);
    customers.push({ id: u.id, phone: u.phone, role: 'customer', restaurantId: null });
  }
  for (let i = 0; i < 2; i++) {
    const u = await makeUser(app, { role: 'staff', restaurantId });
    staff.push({ id: u.id, role: 'staff', restaurantId });
  }

  const addressIds: number[] = [];
  const orderIds: number[] = [];
  const orderNumbers: string[] = [];
  const statuses: OrderStatus[] = ['placed', 'placed', 'accepted', 'preparing', 'ready', 'picked_up'];
  for (const [i, c] of customers.entries()) {
    const session = {
      csrf,
      token: await app.tokens.sign({ userId: c.id, role: 'customer', restaurantId: null }),
    };
    const created = await app.inject(
      render(
        {
          as: 'customer',
          user: i,
          method: 'POST',
          path: '/api/v1/users/customer/address/create',
          query: '',
          contentType: 'application/json',
          body: {
            address: '12, 5th Cross, Koramangala, Bengaluru',
            flat: '4B',
            landmark: 'Near the park',
            address_type: 'home',
            latitude: 12.94,
            longitude: 77.63,
          },
          headers: {},
          sessionCookie: undefined,
          remoteAddress: '127.0.0.1',
        },
        session,
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    addressIds.push(created.json<{ data: { id: number } }>().data.id);
    const added = await app.inject(
      render(
        {
          as: 'customer',
          user: i,
          method: 'POST',
          path: '/api/v1/checkout/add/',
          query: '',
          contentType: 'application/json',
          body: { item: items[i % items.length]!.id, quantity: 2 },
          headers: {},
          sessionCookie: undefined,
          remoteAddress: '127.0.0.1',
        },
        session,
      ),
    );
    expect(added.statusCode, added.body).toBe(200);
    for (const [k, status] of statuses.entries()) {
      const o = await makeOrder(db, { userId: c.id, restaurant, status, paid: k !== 1 });
      orderIds.push(o.id);
      orderNumbers.push(o.orderNumber);
    }
  }

  const restaurantIds = restaurants.map((r) => r.id);
  // Real accounts' numbers (each allows 10 failed sign-ins per 15 minutes) and one unknown number.
  const phones = [
    DEMO_CUSTOMER.phone_number,
    DEMO_STAFF.phone_number,
    '9123456789',
    ...customers.flatMap((c) => (c.phone ? [c.phone] : [])),
  ];
  Object.assign(pools, {
    // Path parameters (by the name the route gives them).
    id: [...orderIds.slice(0, 12), ...restaurantIds, ...addressIds.slice(0, 4), restaurants[0]!.slug],
    orderNumber: orderNumbers.slice(0, 12),
    orderID: [...orderIds.slice(0, 8), ...orderNumbers.slice(0, 8)],
    item: [...items.map((i) => i.id), ...otherItems.map((i) => i.id)],
    coupon_code: coupons.map((c) => c.coupon_code),
    param: addressIds,
    latlng: ['12.9352,77.6245', '12.94,77.63', '19.0596,72.8295', '0,0', '-90,180'],
    storeID: [...restaurantIds, restaurants[0]!.slug],
    restaurant_id: [restaurantId, ...restaurantIds],
    order_id: orderIds.slice(0, 12),
    '*': ['Koramangala', 'Indiranagar%2C%20Bengaluru', 'Bandra', 'gazetteer%3A1277333'],
    // Body and query fields.
    store_id: restaurantIds,
    address_id: addressIds,
    quantity: [0, 1, 2, 3],
    phone_number: phones,
    old_phone_number: phones,
    password: [DEMO_CUSTOMER.password, DEMO_STAFF.password, 'wrong-password-1'],
    query: ['biryani', 'dosa', 'paneer tikka', 'Meghana', ''],
    cuisine: ['Biryani', 'North Indian', 'South Indian'],
    city: ['Bengaluru', 'bengaluru', 'Mumbai'],
    lat: [12.9352, '12.9352', 12.94],
    lng: [77.6245, '77.6245', 77.63],
    latitude: [12.94, '12.94'],
    longitude: [77.63, '77.63'],
    status: [...ORDER_STATUSES],
    // Days that look right but are not (30 February, year 0) next to real ones.
    startDate: ['2026-01-01', '2024-02-29', '2024-02-30', '2023-02-29', '0000-01-01', '9999-12-31'],
    endDate: ['2026-12-31', '2024-04-31', '2024-02-30', '0000-12-31', '9999-12-31'],
    // Headers and cookies.
    session_key: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'fuzz-session-key-0123456789ab'],
    'x-anonymous-id': ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'fuzz-session-key-0123456789ab'],
    'idempotency-key': ['fuzz-idem-0001', 'fuzz-idem-0002'],
  } satisfies Pools);

  stats.startedAt = performance.now();
  console.log(
    `[attack ${TEST_DB}] ${targets.length} routes x ${runsPerRoute} runs (FUZZ_RUNS=${RUNS}), seed ${SEED} ` +
      `(replay: FUZZ_SEED=${SEED}); ${customers.length} customers, ${staff.length} staff`,
  );
}, 120_000);

// ---------------------------------------------------------------------------------------------
// Sending one request and judging its answer.

async function sessionFor(r: FuzzRequest): Promise<Session> {
  if (r.as === 'anonymous') return { csrf, token: undefined };
  const pool = r.as === 'staff' ? staff : customers;
  const u = pool[r.user % pool.length]!;
  // A fresh session per request: logout and account removal by one request cannot sign out the next.
  const token = await app.tokens.sign({ userId: u.id, role: u.role, restaurantId: u.restaurantId });
  return { csrf, token };
}

/** Why an answer breaks the rules (empty: fine). */
function problemsWith(url: string, method: string, status: number, body: string): string[] {
  const out: string[] = [];
  if (status >= 500) out.push(`answered ${status}`);
  if (status < 400 || !url.startsWith('/api/') || method === 'HEAD') return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...out, `error body is not JSON: ${body.slice(0, 200)}`];
  }
  const e = parsed as Record<string, unknown>;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return [...out, 'error body is not an object'];
  if (e['status'] !== status)
    out.push(`error body status ${String(e['status'])} is not the HTTP status ${status}`);
  if (typeof e['message'] !== 'string' || !e['message'].trim()) out.push('error body has no message');
  if (e['code'] !== undefined && typeof e['code'] !== 'string') out.push('error code is not a string');
  if (e['code'] === 'invalid_input')
    out.push('the database refused the value (invalid_input): the contract let it through');
  if (e['errors'] !== undefined) {
    const errs = e['errors'];
    const ok =
      typeof errs === 'object' &&
      errs !== null &&
      !Array.isArray(errs) &&
      Object.values(errs).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
    if (!ok) out.push('error "errors" is not {field: [message]}');
  }
  const extra = Object.keys(e).filter((k) => !['status', 'message', 'code', 'errors'].includes(k));
  if (extra.length) out.push(`error body has extra fields ${extra.join(', ')}`);
  return out;
}

async function attack(r: FuzzRequest): Promise<void> {
  const opts = render(r, await sessionFor(r));
  seen.error = undefined;
  const res = await app.inject(opts);
  stats.requests++;
  stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
  const url = String(opts.url);
  const problems = problemsWith(url, String(opts.method), res.statusCode, res.body);
  if (res.statusCode >= 400 && url.startsWith('/api/')) {
    try {
      const body = JSON.parse(res.body) as { code?: string; message?: string };
      const code = body.code ?? '(none)';
      stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
      const key = `${res.statusCode} ${code}`;
      if (!stats.samples.has(key))
        stats.samples.set(key, `${String(opts.method)} ${url.slice(0, 120)}: ${body.message}`);
    } catch {
      /* counted as a problem above */
    }
  }
  if (problems.length) {
    const line =
      `${problems.join('; ')}\n  request: ${describeRequest(opts)}\n  response: ${res.statusCode} ${compactString(res.body.slice(0, 2_000))}` +
      serverError();
    stats.failures.push(line);
    throw new Error(line);
  }
}

describe(`attack suite (${TEST_DB})`, () => {
  for (const target of targets) {
    const label = `${target.method} ${target.url}`;
    it(
      label,
      async () => {
        if (!KEEP_GOING) {
          await fc.assert(fc.asyncProperty(requestArb(target, pools), attack), {
            numRuns: runsPerRoute,
            seed: SEED,
          });
          return;
        }
        const failed = new Map<string, string>();
        let count = 0;
        const recordFailure = async (r: FuzzRequest) => {
          try {
            await attack(r);
          } catch (err) {
            count++;
            const text = (err as Error).message;
            const kind = text.split('\n')[0]!;
            if (!failed.has(kind)) failed.set(kind, `${fc.stringify(r)}\n${text}`);
          }
        };
        await fc.assert(fc.asyncProperty(requestArb(target, pools), recordFailure), {
          numRuns: runsPerRoute,
          seed: SEED,
        });
        if (count) {
          throw new Error(
            `${count} of ${runsPerRoute} requests failed (seed ${SEED}); one of each kind:\n\n` +
              [...failed.values()].join('\n\n'),
          );
        }
      },
      Math.max(60_000, runsPerRoute * 1_500),
    );
  }

  it('reaches the handlers (rate limits answer 429 to at most 20% of requests)', () => {
    const limited = stats.statuses.get(429) ?? 0;
    expect(stats.requests).toBeGreaterThan(0);
    expect(1 - limited / stats.requests).toBeGreaterThanOrEqual(0.8);
  });
});

afterAll(() => {
  const seconds = (performance.now() - stats.startedAt) / 1000;
  const limited = stats.statuses.get(429) ?? 0;
  const histogram = [...stats.statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const codes = [...stats.codes]
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  const reached = stats.requests ? (100 * (stats.requests - limited)) / stats.requests : 0;
  const summary = {
    database: TEST_DB,
    seed: SEED,
    fuzzRuns: RUNS,
    routes: targets.length,
    requests: stats.requests,
    seconds: Math.round(seconds * 10) / 10,
    statuses: Object.fromEntries(stats.statuses),
    errorCodes: Object.fromEntries(stats.codes),
    samples: Object.fromEntries(stats.samples),
    reachedHandlersPercent: Math.round(reached * 10) / 10,
    failures: stats.failures.length,
  };
  console.log(
    `[attack ${TEST_DB}] ${stats.requests} requests in ${seconds.toFixed(1)} s over ${targets.length} routes; ` +
      `statuses {${histogram}}; reached handlers (not 429) ${reached.toFixed(1)}%; ` +
      `${stats.failures.length} failing requests (5xx, bad error body or invalid_input)\n  error codes: ${codes}`,
  );
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `attack-${TEST_DB}.json`),
    JSON.stringify({ ...summary, failureDetails: stats.failures.slice(0, 200) }, null, 2),
  );
});
