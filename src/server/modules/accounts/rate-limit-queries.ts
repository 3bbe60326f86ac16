// SQL of the limits kept in the database (./rate-limit.ts): fixed-window counters by bucket, and the
// sign-in throttle's failures per (number, client) and per number.
import type { Queryable } from '../../db/index.ts';
import type { LoginThrottleRecord, RateLimitRecord } from '../../db/records.ts';

// ---------------------------------------------------------------- fixed-window counters

/** Counts one more event in the window; answers the count in it. */
export async function countInWindow(q: Queryable, bucket: string, windowStart: number): Promise<number> {
  const [row] = await q.query<Pick<RateLimitRecord, 'count'>>(
    `insert into rate_limits (bucket, window_start, count) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set count = rate_limits.count + 1
     returning count`,
    [bucket, windowStart],
  );
  return row?.count ?? 1;
}

/** Takes back one counted event. */
export async function uncountInWindow(q: Queryable, bucket: string, windowStart: number): Promise<void> {
  await q.query(
    'update rate_limits set count = greatest(count - 1, 0) where bucket = $1 and window_start = $2',
    [bucket, windowStart],
  );
}

export async function windowCount(q: Queryable, bucket: string, windowStart: number): Promise<number> {
  const [row] = await q.query<Pick<RateLimitRecord, 'count'>>(
    'select count from rate_limits where bucket = $1 and window_start = $2',
    [bucket, windowStart],
  );
  return row?.count ?? 0;
}

/** Drops windows that started before `before` (epoch seconds). */
export async function purgeWindows(q: Queryable, before: number): Promise<void> {
  await q.query('delete from rate_limits where window_start < $1', [before]);
}

// ---------------------------------------------------------------- sign-in throttle

/** Serialises sign-in tries for one number until the transaction ends. */
export async function lockLogin(tx: Queryable, phone: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))::text', [`login:${phone}`]);
}

/** since_failure: seconds since the last failure; trusted: the client signed in to the number lately. */
export type ThrottleRow = Pick<LoginThrottleRecord, 'key' | 'failures'> & {
  since_failure: number | null;
  trusted: boolean;
};

/** The throttle rows of a client's and a number's keys; trusted: a success within `trustedForS`. */
export function throttleRows(
  tx: Queryable,
  clientKey: string,
  numberKey: string,
  trustedForS: number,
): Promise<ThrottleRow[]> {
  return tx.query<ThrottleRow>(
    `select key, failures, extract(epoch from now() - last_failure_at)::float8 as since_failure,
              coalesce(last_success_at > now() - make_interval(secs => $3), false) as trusted
         from login_throttle where key in ($1, $2)`,
    [clientKey, numberKey, trustedForS],
  );
}

/** One more failure for the key; failures older than `forgetS` are forgotten first. */
export async function recordLoginFailure(tx: Queryable, key: string, forgetS: number): Promise<void> {
  await tx.query(
    `insert into login_throttle (key, failures, last_failure_at) values ($1, 1, now())
         on conflict (key) do update set
           failures = case when login_throttle.last_failure_at > now() - make_interval(secs => $2)
                           then login_throttle.failures + 1 else 1 end,
           last_failure_at = now()`,
    [key, forgetS],
  );
}

/** The client signed in: its failures are cleared and the success remembered. */
export async function recordLoginSuccess(q: Queryable, clientKey: string): Promise<void> {
  await q.query(
    `update login_throttle set failures = 0, last_failure_at = null, last_success_at = now()
          where key = $1`,
    [clientKey],
  );
}

/** Takes back the failure counted for the number before the password was checked. */
export async function forgiveLoginFailure(q: Queryable, numberKey: string): Promise<void> {
  await q.query('update login_throttle set failures = greatest(failures - 1, 0) where key = $1', [numberKey]);
}

/** Drops throttle rows with no failure within `failureForgetS` and no success within `successForgetS`. */
export async function purgeLoginThrottle(
  q: Queryable,
  failureForgetS: number,
  successForgetS: number,
): Promise<void> {
  await q.query(
    `delete from login_throttle
      where coalesce(last_failure_at, '-infinity') < now() - make_interval(secs => $1)
        and coalesce(last_success_at, '-infinity') < now() - make_interval(secs => $2)`,
    [failureForgetS, successForgetS],
  );
}
