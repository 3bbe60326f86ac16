// Requests for one route of the server's real route table: path parameters, query, body, content type
// and headers, each near-valid (from the route's zod schemas and the seeded data) or hostile. A request
// is a plain, printable value (fast-check shows it as the counterexample); `render` turns it into the
// exact inject options, `describeRequest` into one readable line.
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  Big,
  compactString,
  contentTypes,
  encodeSegment,
  hostileBody,
  hostileHeaderValue,
  hostileQueryText,
  hostileSegment,
  hostileStringIn,
  Raw,
  toJsonText,
  toText,
  type Json,
} from './hostile.ts';
import { hostileArb, validArb, type Pools } from './zod-arbitrary.ts';

export type Identity = 'anonymous' | 'customer' | 'staff';

/** One route as registered, with the zod schemas it validates with (route schema or contract). */
export interface RouteUnderTest {
  method: string;
  url: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  websocket: boolean;
}

export interface FuzzRequest {
  as: Identity;
  /** Which pooled user of that identity (modulo the pool size). */
  user: number;
  method: string;
  /** Path exactly as sent (percent-encoding included). */
  path: string;
  /** Query string exactly as sent, without '?' ('' for none). */
  query: string;
  contentType: string | undefined;
  /** Body value (undefined: no body); how it is written depends on the content type. */
  body: Json | undefined;
  /** Extra headers (besides CSRF, cookies and the bearer token the identity adds). */
  headers: Record<string, string>;
  /** session_key cookie value (raw, may be hostile). */
  sessionCookie: string | undefined;
  remoteAddress: string;
}

const isZod = (v: unknown): v is z.ZodType =>
  typeof v === 'object' && v !== null && '_zod' in (v as Record<string, unknown>);

/** The route table entry as the suite sees it: schemas from `schema` or `config.contract`. */
export function routeUnderTest(route: RouteOptions): RouteUnderTest[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const contract = ((route.config as Record<string, unknown> | undefined)?.['contract'] ?? {}) as Record<
    string,
    unknown
  >;
  const pick = (k: string) => (isZod(schema[k]) ? schema[k] : isZod(contract[k]) ? contract[k] : undefined);
  return methods.map((method) => ({
    method: String(method),
    url: route.url,
    params: pick('params'),
    querystring: pick('querystring'),
    body: pick('body'),
    websocket: Boolean((route as { websocket?: boolean }).websocket),
  }));
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Splits a Fastify route url into literal text and parameters (":name", ":name(regex)", "*"). */
function pathParts(url: string): ({ literal: string } | { param: string })[] {
  const parts: ({ literal: string } | { param: string })[] = [];
  const re = /:([A-Za-z0-9_]+)(\([^)]*\))?|\*/g;
  let last = 0;
  for (let m = re.exec(url); m; m = re.exec(url)) {
    if (m.index > last) parts.push({ literal: url.slice(last, m.index) });
    parts.push({ param: m[0] === '*' ? '*' : m[1]! });
    last = m.index + m[0].length;
  }
  if (last < url.length) parts.push({ literal: url.slice(last) });
  return parts;
}

/** Near-valid and hostile values for one part of a request. */
interface Part<T> {
  valid: fc.Arbitrary<T>;
  hostile: fc.Arbitrary<T>;
}

function paramPart(name: string, route: RouteUnderTest, pools: Pools): Part<string> {
  const shape = route.params
    ? ((route.params as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def.shape ??
      {})
    : {};
  const encode = (v: unknown) => (name === '*' ? String(v) : encodeSegment(toText(v)));
  const fromSchema = shape[name] ? validArb(shape[name], pools, name).map(encode) : undefined;
  const pooled = pools[name]?.length ? fc.constantFrom(...pools[name]).map(encode) : undefined;
  const generic = fc.string({ minLength: 1, maxLength: 12 }).map(encodeSegment);
  const valid = pooled
    ? fc.oneof({ weight: 3, arbitrary: pooled }, { weight: 1, arbitrary: fromSchema ?? generic })
    : (fromSchema ?? generic);
  // A real value with hostile text spliced in (e.g. a real coupon code with a NUL in it).
  const poisoned = fc.tuple(pooled ?? fromSchema ?? generic, hostileStringIn, fc.nat()).map(([v, p, at]) => {
    const plain = decodeSafely(v);
    const i = at % (plain.length + 1);
    return encodeSegment(plain.slice(0, i) + p + plain.slice(i));
  });
  const hostile: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: hostileSegment },
    { weight: 2, arbitrary: poisoned },
  ];
  if (name === '*') {
    hostile.push({
      weight: 1,
      arbitrary: fc.array(hostileSegment, { minLength: 2, maxLength: 4 }).map((p) => p.join('/')),
    });
  }
  return { valid, hostile: fc.oneof(...hostile) };
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function pathPart(route: RouteUnderTest, pools: Pools): Part<string> {
  const pieces = pathParts(route.url);
  const parts = pieces.map((p) =>
    'literal' in p
      ? { valid: fc.constant(p.literal), hostile: fc.constant(p.literal) }
      : paramPart(p.param, route, pools),
  );
  const join = (segments: string[]) => segments.join('');
  const valid = fc.tuple(...parts.map((p) => p.valid)).map(join);
  const paramIndexes = pieces.flatMap((p, i) => ('literal' in p ? [] : [i]));
  if (!paramIndexes.length) return { valid, hostile: valid };
  // One parameter hostile, the others valid; now and then all of them.
  const oneHostile = fc
    .constantFrom(...paramIndexes)
    .chain((target) => fc.tuple(...parts.map((p, i) => (i === target ? p.hostile : p.valid))).map(join));
  const allHostile = fc.tuple(...parts.map((p) => p.hostile)).map(join);
  return {
    valid,
    hostile: fc.oneof({ weight: 4, arbitrary: oneHostile }, { weight: 1, arbitrary: allHostile }),
  };
}

/** Writes a value as a query string (a non-object becomes ?q=...). */
function writeQuery(v: unknown): string {
  if (!v || typeof v !== 'object' || Array.isArray(v) || v instanceof Raw || v instanceof Big) {
    return `q=${encodeSegment(toText(v))}`;
  }
  return Object.entries(v as Record<string, unknown>)
    .flatMap(([k, x]) =>
      (Array.isArray(x) ? x : [x]).map((y) => `${encodeSegment(k)}=${encodeSegment(toText(y))}`),
    )
    .join('&');
}

function queryPart(route: RouteUnderTest, pools: Pools): Part<string> {
  if (!route.querystring) {
    return {
      valid: fc.constant(''),
      hostile: fc.oneof(
        hostileQueryText,
        fc
          .dictionary(
            fc.constantFrom('limit', 'offset', 'id', 'query', 'lat', 'lng', 'page'),
            hostileSegment,
            {
              maxKeys: 3,
            },
          )
          .map((o) =>
            Object.entries(o)
              .map(([k, v]) => `${k}=${v}`)
              .join('&'),
          ),
      ),
    };
  }
  const valid = validArb(route.querystring, pools);
  return {
    valid: valid.map(writeQuery),
    hostile: fc.oneof(
      { weight: 6, arbitrary: hostileArb(valid).map(writeQuery) },
      { weight: 1, arbitrary: hostileQueryText },
      {
        weight: 1,
        arbitrary: fc.tuple(valid.map(writeQuery), hostileQueryText).map(([a, b]) => (a ? `${a}&${b}` : b)),
      },
    ),
  };
}

function bodyPart(route: RouteUnderTest, pools: Pools): Part<Json | undefined> {
  if (!METHODS_WITH_BODY.has(route.method)) return { valid: fc.constant(undefined), hostile: hostileBody };
  if (!route.body) {
    return { valid: fc.constantFrom<Json | undefined>(undefined, {}), hostile: hostileBody };
  }
  const valid = validArb(route.body, pools) as fc.Arbitrary<Json>;
  return {
    valid,
    hostile: fc.oneof(
      { weight: 12, arbitrary: hostileArb(valid) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  };
}

const ipArb = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map((p) => `10.${p[1]}.${p[2]}.${p[3]}`);

const headerNames = [
  'x-anonymous-id',
  'idempotency-key',
  'authorization',
  'if-none-match',
  'accept-encoding',
  'x-forwarded-for',
  'origin',
  'accept',
  'x-razorpay-signature',
  'x-razorpay-event-id',
] as const;

function headersPart(pools: Pools): Part<Record<string, string>> {
  const value = (name: string) =>
    pools[name]?.length
      ? fc.oneof(fc.constantFrom(...(pools[name] as string[])), hostileHeaderValue)
      : hostileHeaderValue;
  return {
    valid: fc.constant({}),
    hostile: fc
      .uniqueArray(fc.constantFrom(...headerNames), { minLength: 1, maxLength: 3 })
      .chain((names) => fc.record(Object.fromEntries(names.map((n) => [n, value(n)])))),
  };
}

const sessionCookiePart = (pools: Pools): Part<string | undefined> => ({
  valid: pools['session_key']?.length
    ? fc.constantFrom<string | undefined>(undefined, ...(pools['session_key'] as string[]))
    : fc.constant(undefined),
  hostile: hostileSegment,
});

const methodPart = (route: RouteUnderTest): Part<string> => ({
  valid: fc.constant(route.method),
  hostile: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
});

const contentTypePart: Part<string | undefined> = {
  valid: fc.constant('application/json'),
  hostile: contentTypes,
};

/** fast-check prints a request through this: exact, with long strings compacted. */
const printable = {
  [fc.toStringMethod](this: FuzzRequest): string {
    return compactValue({ ...this });
  },
};

type Focus = 'path' | 'query' | 'body' | 'contentType' | 'headers' | 'sessionCookie' | 'method';

/**
 * Every request the suite may send to one route: most change one part (path parameter, query, body,
 * content type, headers, session cookie or method) to something hostile and keep the rest near-valid,
 * so the hostile part reaches as deep into the handler as it can; some are hostile everywhere and some
 * are entirely near-valid (they move the seeded data along: carts, coupons, order statuses).
 */
export function requestArb(route: RouteUnderTest, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const parts = {
    path: pathPart(route, pools),
    query: queryPart(route, pools),
    body: bodyPart(route, pools),
    contentType: contentTypePart,
    headers: headersPart(pools),
    sessionCookie: sessionCookiePart(pools),
    method: methodPart(route),
  };
  const hasParams = /[:*]/.test(route.url);
  const focusArb = fc.oneof(
    { weight: hasParams ? 4 : 0, arbitrary: fc.constant<Focus | 'all' | 'none'>('path') },
    { weight: 3, arbitrary: fc.constant<Focus | 'all' | 'none'>('query') },
    {
      weight: METHODS_WITH_BODY.has(route.method) ? 6 : 1,
      arbitrary: fc.constant<Focus | 'all' | 'none'>('body'),
    },
    { weight: 1, arbitrary: fc.constant<Focus | 'all' | 'none'>('contentType') },
    { weight: 1, arbitrary: fc.constant<Focus | 'all' | 'none'>('headers') },
    { weight: 1, arbitrary: fc.constant<Focus | 'all' | 'none'>('sessionCookie') },
    { weight: 1, arbitrary: fc.constant<Focus | 'all' | 'none'>('method') },
    { weight: 1, arbitrary: fc.constant<Focus | 'all' | 'none'>('all') },
    { weight: 2, arbitrary: fc.constant<Focus | 'all' | 'none'>('none') },
  );
  const pick = <K extends Focus>(k: K, focus: Focus | 'all' | 'none') =>
    (focus === k || focus === 'all' ? parts[k].hostile : parts[k].valid) as (typeof parts)[K]['valid'];
  return focusArb
    .chain((focus) =>
      fc.record({
        as: fc.oneof(
          { weight: 1, arbitrary: fc.constant<Identity>('anonymous') },
          { weight: 2, arbitrary: fc.constant<Identity>('customer') },
          { weight: 1, arbitrary: fc.constant<Identity>('staff') },
        ),
        user: fc.nat(1000),
        method: pick('method', focus),
        path: pick('path', focus),
        query: pick('query', focus),
        contentType: pick('contentType', focus),
        body: pick('body', focus),
        headers: pick('headers', focus),
        sessionCookie: pick('sessionCookie', focus),
        remoteAddress: ipArb,
      }),
    )
    .map((r) => Object.assign(Object.create(printable) as FuzzRequest, r));
}

/** The body text (or bytes) a request sends, written as its content type says. */
function payloadOf(r: FuzzRequest): string | undefined {
  if (r.body === undefined) return undefined;
  const ct = (r.contentType ?? '').toLowerCase();
  const fields =
    r.body &&
    typeof r.body === 'object' &&
    !Array.isArray(r.body) &&
    !(r.body instanceof Raw) &&
    !(r.body instanceof Big)
      ? Object.entries(r.body)
      : [['value', r.body] as [string, Json]];
  if (ct.startsWith('application/x-www-form-urlencoded')) {
    return fields.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(toText(v))}`).join('&');
  }
  if (ct.startsWith('multipart/form-data')) {
    return (
      fields
        .map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${toText(v)}\r\n`)
        .join('') + '--xyz--\r\n'
    );
  }
  return toJsonText(r.body);
}

export interface Session {
  csrf: string;
  token: string | undefined;
}

/** The exact inject options of a request for a signed-in (or anonymous) session. */
export function render(r: FuzzRequest, session: Session): InjectOptions {
  const headers: Record<string, string> = { ...r.headers };
  const cookies = [`csrftoken=${session.csrf}`];
  if (r.sessionCookie !== undefined) cookies.push(`session_key=${r.sessionCookie}`);
  headers['cookie'] = cookies.join('; ');
  headers['x-csrftoken'] = session.csrf;
  if (session.token) headers['authorization'] = `Bearer ${session.token}`;
  const payload = payloadOf(r);
  if (payload !== undefined && r.contentType !== undefined) headers['content-type'] = r.contentType;
  const opts: InjectOptions = {
    method: r.method as InjectOptions['method'],
    url: r.query ? `${r.path}?${r.query}` : r.path,
    headers,
    remoteAddress: r.remoteAddress,
  };
  if (payload !== undefined) opts.payload = payload;
  return opts;
}

/** A value as an exact JavaScript expression, with long strings compacted. */
export function compactValue(v: unknown): string {
  if (typeof v === 'string') return compactString(v);
  if (v instanceof Raw || v instanceof Big) return v[fc.toStringMethod]();
  if (Array.isArray(v)) return `[${v.map(compactValue).join(', ')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${compactValue(x)}`)
      .join(', ')}}`;
  }
  return v === undefined ? 'undefined' : Object.is(v, -0) ? '-0' : String(v);
}

/** One readable line with the exact request: method, url, headers and body. */
export function describeRequest(opts: InjectOptions): string {
  const body = opts.payload === undefined ? '(no body)' : compactString(String(opts.payload));
  return `${String(opts.method)} ${compactString(String(opts.url))} | headers ${compactValue(opts.headers ?? {})} | body ${body}`;
}
