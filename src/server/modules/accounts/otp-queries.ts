// SQL of one-time passwords (./otp.ts): the latest live code for a number and purpose, issuing one
// under an advisory lock, counting tries, consuming it, and purging old codes.
import type { Queryable } from '../../db/index.ts';
import type { OtpCodeRecord } from '../../db/records.ts';

export type OtpPurpose = OtpCodeRecord['purpose'];

/** id is read as text. */
export type PendingRow = Pick<OtpCodeRecord, 'payload'> & { id: string };

/** The latest live code for a number and purpose with tries left (e.g. a pending sign-up), if any. */
export async function pendingOtpRow(
  q: Queryable,
  phone: string,
  purpose: OtpPurpose,
  maxAttempts: number,
): Promise<PendingRow | undefined> {
  const [row] = await q.query<PendingRow>(
    `select id::text as id, payload from otp_codes
        where phone_number = $1 and purpose = $2 and consumed_at is null
          and expires_at > now() and attempts < $3
        order by created_at desc, id desc limit 1`,
    [phone, purpose, maxAttempts],
  );
  return row;
}

/** Serialises issuing codes for one number and purpose until the transaction ends. */
export async function lockOtpIssue(tx: Queryable, phone: string, purpose: OtpPurpose): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))::text', [`otp:${purpose}:${phone}`]);
}

/** Seconds since the latest unconsumed code for the number and purpose was stored, if any. */
export async function latestOtpAge(
  q: Queryable,
  phone: string,
  purpose: OtpPurpose,
): Promise<number | undefined> {
  const [last] = await q.query<{ age: number }>(
    `select extract(epoch from now() - created_at)::float8 as age from otp_codes
        where phone_number = $1 and purpose = $2 and consumed_at is null
        order by created_at desc, id desc limit 1`,
    [phone, purpose],
  );
  return last?.age;
}

/** Every earlier code of the number and purpose stops counting. */
export async function retireOtps(tx: Queryable, phone: string, purpose: OtpPurpose): Promise<void> {
  await tx.query(
    `update otp_codes set consumed_at = now()
          where phone_number = $1 and purpose = $2 and consumed_at is null`,
    [phone, purpose],
  );
}

/** Stores a code (its hash), live for `ttlS`; returns its id as text. */
export async function insertOtp(
  tx: Queryable,
  o: {
    phone: string;
    purpose: OtpPurpose;
    userId: number | null;
    codeHash: string;
    payload: Record<string, unknown> | null;
    ttlS: number;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into otp_codes (phone_number, purpose, user_id, code_hash, payload, expires_at)
         values ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6))
         returning id::text as id`,
    [o.phone, o.purpose, o.userId, o.codeHash, o.payload === null ? null : JSON.stringify(o.payload), o.ttlS],
  );
  return row!.id;
}

export async function deleteOtp(q: Queryable, id: string): Promise<void> {
  await q.query('delete from otp_codes where id = $1::bigint', [id]);
}

/** The latest unconsumed code for the number and purpose; id is read as text. */
export type LatestOtpRow = Pick<OtpCodeRecord, 'code_hash' | 'attempts' | 'user_id'> & {
  id: string;
  expired: boolean;
};

export async function latestOtp(
  q: Queryable,
  phone: string,
  purpose: OtpPurpose,
): Promise<LatestOtpRow | undefined> {
  const [row] = await q.query<LatestOtpRow>(
    `select id::text as id, code_hash, attempts, expires_at <= now() as expired, user_id
         from otp_codes
        where phone_number = $1 and purpose = $2 and consumed_at is null
        order by created_at desc, id desc limit 1`,
    [phone, purpose],
  );
  return row;
}

/** Counts one try on a code with tries left; its tries so far, or undefined when none were left. */
export async function countOtpTry(
  q: Queryable,
  id: string,
  maxAttempts: number,
): Promise<number | undefined> {
  const [tried] = await q.query<Pick<OtpCodeRecord, 'attempts'>>(
    `update otp_codes set attempts = attempts + 1
        where id = $1::bigint and attempts < $2 and consumed_at is null
        returning attempts`,
    [id, maxAttempts],
  );
  return tried?.attempts;
}

/** Uses the code up; undefined when it was used already. */
export async function consumeOtp(
  q: Queryable,
  id: string,
): Promise<Pick<OtpCodeRecord, 'payload' | 'user_id'> | undefined> {
  const [used] = await q.query<Pick<OtpCodeRecord, 'payload' | 'user_id'>>(
    `update otp_codes set consumed_at = now() where id = $1::bigint and consumed_at is null
       returning payload, user_id`,
    [id],
  );
  return used;
}

/** Old codes are of no use after a day. */
export async function purgeOtps(q: Queryable): Promise<void> {
  await q.query(`delete from otp_codes where created_at < now() - interval '1 day'`);
}
