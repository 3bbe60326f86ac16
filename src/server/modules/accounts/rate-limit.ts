// Fixed-window counters kept in the database, so per-number and per-IP limits hold across every API
// process on one database.
import type { Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';

export interface Limit {
  /** Bucket family, e.g. 'otp-send-phone'. */
  name: string;
  max: number;
  windowS: number;
}

/** The limits in force (tests fill a counter instead of changing these). */
export const LIMITS = {
  loginFailPhone: { name: 'login-fail-phone', max: 10, windowS: 15 * 60 },
  loginFailIp: { name: 'login-fail-ip', max: 50, windowS: 15 * 60 },
  otpSendPhone: { name: 'otp-send-phone', max: 8, windowS: 60 * 60 },
  otpSendIp: { name: 'otp-send-ip', max: 30, windowS: 60 * 60 },
  otpCheckIp: { name: 'otp-check-ip', max: 60, windowS: 15 * 60 },
  refreshIp: { name: 'refresh-ip', max: 300, windowS: 15 * 60 },
} as const satisfies Record<string, Limit>;

const nowS = () => Math.floor(Date.now() / 1000);
const windowStart = (l: Limit, at = nowS()) => at - (at % l.windowS);
export const bucketKey = (l: Limit, id: string) => `${l.name}:${id}`;

/** Counts one more event; answers the count in the current window. */
export async function hit(db: Queryable, l: Limit, id: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `insert into rate_limits (bucket, window_start, count) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set count = rate_limits.count + 1
     returning count`,
    [bucketKey(l, id), windowStart(l)],
  );
  return row?.count ?? 1;
}

export async function peek(db: Queryable, l: Limit, id: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count from rate_limits where bucket = $1 and window_start = $2',
    [bucketKey(l, id), windowStart(l)],
  );
  return row?.count ?? 0;
}

export function tooMany(l: Limit, what: string): HttpError {
  const left = windowStart(l) + l.windowS - nowS();
  const wait = left > 90 ? `${Math.ceil(left / 60)} minutes` : `${Math.max(left, 1)} seconds`;
  return new HttpError(429, `${what} Please try again in ${wait}.`, 'rate_limited');
}

/** Counts the event and refuses it with 429 once the window's maximum is passed. */
export async function consume(db: Queryable, l: Limit, id: string, what: string): Promise<void> {
  if ((await hit(db, l, id)) > l.max) throw tooMany(l, what);
}

/** Refuses with 429 when the window's maximum is already reached (counting happens elsewhere). */
export async function ensureBelow(db: Queryable, l: Limit, id: string, what: string): Promise<void> {
  if ((await peek(db, l, id)) >= l.max) throw tooMany(l, what);
}

/** Drops windows that ended more than a day ago. */
export async function purgeRateLimits(db: Queryable): Promise<void> {
  await db.query('delete from rate_limits where window_start < $1', [nowS() - 2 * 24 * 60 * 60]);
}
