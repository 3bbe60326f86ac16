// Housekeeping: anonymises accounts whose removal grace period has passed (orders keep their money
// record, minus personal details) and drops expired OTPs, counters, outbox messages and sessions.
import type { Db } from '../../db/index.ts';
import { purgeOtps } from './otp.ts';
import { purgeRateLimits } from './rate-limit.ts';

/** Address fields in an order's delivery_address that identify a person or a home. */
const PERSONAL_TEXT = ['address', 'flat', 'landmark', 'name', 'phone_number', 'phone', 'email', 'place_id'];
const COORDINATES = ['latitude', 'longitude', 'lat', 'lng'];

/** Anonymises every account whose removal was requested at least `graceDays` ago. */
export async function anonymiseDueAccounts(db: Db, graceDays: number): Promise<number[]> {
  const due = await db.query<{ id: number }>(
    `select id from users
      where removal_requested_at is not null and anonymised_at is null
        and removal_requested_at <= now() - make_interval(days => $1)
      order by id limit 200`,
    [graceDays],
  );
  const done: number[] = [];
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [user] = await tx.query<{ phone_number: string | null }>(
        `select phone_number from users where id = $1 and anonymised_at is null
            and removal_requested_at <= now() - make_interval(days => $2) for update`,
        [id, graceDays],
      );
      if (!user) return;
      await tx.query(
        `update users set phone_number = null, name = '', email = '', password_hash = '!removed',
                          is_active = false, anonymised_at = now()
          where id = $1`,
        [id],
      );
      await tx.query('delete from addresses where user_id = $1', [id]);
      await tx.query('delete from auth_sessions where user_id = $1', [id]);
      await tx.query('delete from otp_codes where user_id = $1 or phone_number = $2', [
        id,
        user.phone_number,
      ]);
      if (user.phone_number) {
        await tx.query('delete from sms_outbox where to_number = $1', [user.phone_number]);
      }
      // Orders stay (amounts, items, payments) but lose who and where: text blanked, coordinates
      // rounded to about a kilometre.
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
        [id, PERSONAL_TEXT, COORDINATES],
      );
      done.push(id);
    });
  }
  return done;
}

/** Drops what is of no further use. */
export async function purgeExpiredAccountData(db: Db): Promise<void> {
  await purgeOtps(db);
  await purgeRateLimits(db);
  await db.query(`delete from sms_outbox where created_at < now() - interval '1 day'`);
  await db.query(`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
  await db.query(
    `delete from auth_sessions s where revoked_at < now() - interval '30 days'
        or (created_at < now() - interval '60 days'
            and not exists (select 1 from refresh_tokens r where r.session_id = s.id))`,
  );
}

export async function runAccountsHousekeeping(db: Db, graceDays: number): Promise<number[]> {
  const anonymised = await anonymiseDueAccounts(db, graceDays);
  await purgeExpiredAccountData(db);
  return anonymised;
}
