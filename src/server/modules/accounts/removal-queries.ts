// SQL of the accounts housekeeping (./removal-job.ts): accounts due for anonymising, what goes with
// them, and what expired OTPs, outbox messages, refresh tokens and sessions leave behind.
import type { Queryable } from '../../db/index.ts';
import type { UserRecord } from '../../db/records.ts';

/** Accounts whose removal was requested at least `graceDays` ago (200 at a time). */
export async function dueRemovals(q: Queryable, graceDays: number): Promise<number[]> {
  const due = await q.query<Pick<UserRecord, 'id'>>(
    `select id from users
      where removal_requested_at is not null and anonymised_at is null
        and removal_requested_at <= now() - make_interval(days => $1)
      order by id limit 200`,
    [graceDays],
  );
  return due.map((u) => u.id);
}

/** The account, locked, while it is still due; undefined when it is not (any more). */
export async function lockDueUser(
  tx: Queryable,
  userId: number,
  graceDays: number,
): Promise<Pick<UserRecord, 'phone_number'> | undefined> {
  const [user] = await tx.query<Pick<UserRecord, 'phone_number'>>(
    `select phone_number from users where id = $1 and anonymised_at is null
            and removal_requested_at <= now() - make_interval(days => $2) for update`,
    [userId, graceDays],
  );
  return user;
}

export async function anonymiseUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `update users set phone_number = null, name = '', email = '', password_hash = '!removed',
                          is_active = false, anonymised_at = now()
          where id = $1`,
    [userId],
  );
}

/** The person's addresses, sign-ins, codes and (with a number) messages. */
export async function deletePersonalRows(tx: Queryable, userId: number, phone: string | null): Promise<void> {
  await tx.query('delete from addresses where user_id = $1', [userId]);
  await tx.query('delete from auth_sessions where user_id = $1', [userId]);
  await tx.query('delete from otp_codes where user_id = $1 or phone_number = $2', [userId, phone]);
  if (phone) {
    await tx.query('delete from sms_outbox where to_number = $1', [phone]);
  }
}

/**
 * The user's orders keep their money record but lose who and where: keys in `personalText` blanked,
 * address_components emptied, numeric keys in `coordinates` rounded to two decimals.
 */
export async function anonymiseOrderAddresses(
  tx: Queryable,
  userId: number,
  personalText: string[],
  coordinates: string[],
): Promise<void> {
  await tx.query(
    `update orders set delivery_address = (
            select coalesce(jsonb_object_agg(k, case
                     when k = any($2::text[]) then to_jsonb(''::text)
                     when k = 'address_components' then '[]'::jsonb
                     when k = any($3::text[]) and jsonb_typeof(v) = 'number'
                       then to_jsonb(round((v #>> '{}')::numeric, 2))
                     else v end), '{}'::jsonb)
              from jsonb_each(delivery_address) as e(k, v))
          where user_id = $1 and jsonb_typeof(delivery_address) = 'object'`,
    [userId, personalText, coordinates],
  );
}

/** Outbox messages and refresh tokens a day past, sessions long ended or long idle without tokens. */
export async function purgeOldSignInData(q: Queryable): Promise<void> {
  await q.query(`delete from sms_outbox where created_at < now() - interval '1 day'`);
  await q.query(`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
  await q.query(
    `delete from auth_sessions s where revoked_at < now() - interval '30 days'
        or (created_at < now() - interval '60 days'
            and not exists (select 1 from refresh_tokens r where r.session_id = s.id))`,
  );
}
