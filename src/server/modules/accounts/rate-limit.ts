// Limits kept in the database, so they hold across every API process on one database: fixed-window
// counters (per-number and per-IP OTP sends and checks, per-IP sign-in failures, refreshes), and
// sign-in throttling with growing delays per (number, client) under a mild per-number ceiling. The SQL is
// in ./rate-limit-queries.ts.
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import {
  countInWindow,
  forgiveLoginFailure,
  lockLogin,
  purgeLoginThrottle,
  purgeWindows,
  recordLoginFailure,
  recordLoginSuccess,
  throttleRows,
  uncountInWindow,
  windowCount,
  type ThrottleRow,
} from './rate-limit-queries.ts';

export interface Limit {
  /** Bucket family, e.g. 'otp-send-phone'. */
  name: string;
  max: number;
  windowS: number;
}

/** The limits in force (tests fill a counter instead of changing these). */
export const LIMITS = {
  /** Failed sign-ins from one IP across all numbers. */
  loginFailIp: { name: 'login-fail-ip', max: 50, windowS: 15 * 60 },
  otpSendPhone: { name: 'otp-send-phone', max: 8, windowS: 60 * 60 },
  otpSendIp: { name: 'otp-send-ip', max: 30, windowS: 60 * 60 },
  otpCheckIp: { name: 'otp-check-ip', max: 60, windowS: 15 * 60 },
  refreshIp: { name: 'refresh-ip', max: 300, windowS: 15 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * A 429 with the wait in the message and in a Retry-After header. `headers` follows Fastify's
 * convention for errors that carry response headers.
 */
export class RateLimitedError extends HttpError {
  readonly headers: Record<string, string>;
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, message, 'rate_limited');
    this.headers = { 'retry-after': String(retryAfterS) };
  }
}

/** "45 seconds", "1 second", "12 minutes". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s > 90) return `${Math.ceil(s / 60)} minutes`;
  return `${s} ${s === 1 ? 'second' : 'seconds'}`;
}

/** A refusal that asks to wait `seconds` (rounded up, at least 1). */
export function rateLimited(message: (wait: string) => string, seconds: number): RateLimitedError {
  const s = Math.max(1, Math.ceil(seconds));
  return new RateLimitedError(message(waitText(s)), s);
}

const nowS = () => Math.floor(Date.now() / 1000);
const windowStart = (l: Limit, at = nowS()) => at - (at % l.windowS);
export const bucketKey = (l: Limit, id: string) => `${l.name}:${id}`;

/** Counts one more event; answers the count in the current window. */
export function hit(db: Queryable, l: Limit, id: string, at = nowS()): Promise<number> {
  return countInWindow(db, bucketKey(l, id), windowStart(l, at));
}

/** Takes back one event counted by `hit` at `at` (e.g. a sign-in that turned out to succeed). */
export function unhit(db: Queryable, l: Limit, id: string, at: number): Promise<void> {
  return uncountInWindow(db, bucketKey(l, id), windowStart(l, at));
}

export function peek(db: Queryable, l: Limit, id: string): Promise<number> {
  return windowCount(db, bucketKey(l, id), windowStart(l));
}

export function tooMany(l: Limit, what: string): RateLimitedError {
  const left = windowStart(l) + l.windowS - nowS();
  return rateLimited((wait) => `${what} Please try again in ${wait}.`, left);
}

/** Counts the event and refuses it with 429 once the window's maximum is passed. */
export async function consume(db: Queryable, l: Limit, id: string, what: string): Promise<void> {
  if ((await hit(db, l, id)) > l.max) throw tooMany(l, what);
}

/** Refuses with 429 when the window's maximum is already reached (counting happens elsewhere). */
export async function ensureBelow(db: Queryable, l: Limit, id: string, what: string): Promise<void> {
  if ((await peek(db, l, id)) >= l.max) throw tooMany(l, what);
}

// ---------------------------------------------------------------------------------------------
// Sign-in throttling. No account is ever locked: a client (IP) that keeps failing for a number waits
// longer and longer between its own tries; failures from all clients together only space the
// number's tries by a few seconds, and not at all for a client that has signed in to it before.

export const LOGIN_THROTTLE = {
  /** Failures one client may make for one number before it has to wait. */
  clientFree: 5,
  /** Then each try waits 2, 4, 8 ... seconds after the client's last failure, up to this. */
  clientMaxDelayS: 15 * 60,
  /** A client's failures for a number are forgotten after this long without another one. */
  clientForgetS: 24 * 60 * 60,
  /** Failures for one number from all clients together before the number-wide spacing starts. */
  numberFree: 20,
  /** Then tries for the number wait 1, 2, 4 ... seconds after its last failure, up to this. */
  numberMaxDelayS: 30,
  numberForgetS: 60 * 60,
  /** A client that signed in to the number this recently is not slowed by other clients. */
  trustedForS: 30 * 24 * 60 * 60,
} as const;

/** Seconds a client must wait after its last failure, having failed `failures` times. */
export function clientDelayS(failures: number): number {
  const t = LOGIN_THROTTLE;
  return failures < t.clientFree ? 0 : Math.min(t.clientMaxDelayS, 2 ** (failures - t.clientFree + 1));
}

/** Seconds any untrusted client must wait after the number's last failure. */
export function numberDelayS(failures: number): number {
  const t = LOGIN_THROTTLE;
  return failures < t.numberFree ? 0 : Math.min(t.numberMaxDelayS, 2 ** (failures - t.numberFree));
}

export const loginClientKey = (phone: string, ip: string) => `client:${phone}:${ip}`;
export const loginNumberKey = (phone: string) => `number:${phone}`;

export interface LoginAttempt {
  /** The password was right: the client's failures for the number are cleared, the counts taken back. */
  succeeded(): Promise<void>;
}

/**
 * Lets one sign-in try for `phone` from `ip` through, or refuses it with 429 and the wait. A try
 * that goes through is counted as a failure before the password is checked (in one transaction,
 * serialised per number), so parallel tries cannot slip past the limits; `succeeded()` takes it back.
 */
export async function startLoginAttempt(db: Db, phone: string, ip: string): Promise<LoginAttempt> {
  const t = LOGIN_THROTTLE;
  const clientKey = loginClientKey(phone, ip);
  const numberKey = loginNumberKey(phone);
  const at = nowS();
  await db.transaction(async (tx) => {
    await lockLogin(tx, phone);
    const rows = await throttleRows(tx, clientKey, numberKey, t.trustedForS);
    const client = rows.find((r) => r.key === clientKey);
    const number = rows.find((r) => r.key === numberKey);
    const wait = (row: ThrottleRow | undefined, forgetS: number, delay: (n: number) => number) => {
      if (!row || row.since_failure === null || row.since_failure >= forgetS) return 0;
      return delay(row.failures) - row.since_failure;
    };
    const clientWait = wait(client, t.clientForgetS, clientDelayS);
    if (clientWait > 0) {
      throw rateLimited(
        (w) => `Too many failed sign-in attempts for this number. Please wait ${w} before trying again.`,
        clientWait,
      );
    }
    const numberWait = client?.trusted ? 0 : wait(number, t.numberForgetS, numberDelayS);
    if (numberWait > 0) {
      throw rateLimited(
        (w) => `Too many sign-in attempts for this number right now. Please wait ${w} before trying again.`,
        numberWait,
      );
    }
    if ((await hit(tx, LIMITS.loginFailIp, ip, at)) > LIMITS.loginFailIp.max) {
      throw tooMany(LIMITS.loginFailIp, 'Too many failed sign-in attempts from your network.');
    }
    for (const [key, forgetS] of [
      [clientKey, t.clientForgetS],
      [numberKey, t.numberForgetS],
    ] as const) {
      await recordLoginFailure(tx, key, forgetS);
    }
  });
  return {
    async succeeded() {
      await recordLoginSuccess(db, clientKey);
      await forgiveLoginFailure(db, numberKey);
      await unhit(db, LIMITS.loginFailIp, ip, at);
    },
  };
}

/** Drops windows that ended more than a day ago, and sign-in rows with nothing left to remember. */
export async function purgeRateLimits(db: Queryable): Promise<void> {
  await purgeWindows(db, nowS() - 2 * 24 * 60 * 60);
  await purgeLoginThrottle(db, LOGIN_THROTTLE.clientForgetS, LOGIN_THROTTLE.trustedForS);
}
