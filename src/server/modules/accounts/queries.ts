// SQL of the accounts module (parameterised; the same text runs on PGlite and PostgreSQL): users and
// their profile, saved addresses (every statement scoped to the caller) and the dev SMS outbox. OTPs,
// rate limits and housekeeping have their own files: ./otp-queries.ts, ./rate-limit-queries.ts,
// ./removal-queries.ts.
import type { Queryable } from '../../db/index.ts';
import type { AddressRecord, RefreshTokenRecord, SmsOutboxRecord, UserRecord } from '../../db/records.ts';

// ---------------------------------------------------------------- users

/** A live account: only an anonymised one (never found by number nor signed in) has no phone number. */
export type UserRow = Pick<
  UserRecord,
  'id' | 'name' | 'email' | 'password_hash' | 'role' | 'restaurant_id' | 'is_active' | 'removal_requested_at'
> & { phone_number: string };

const USER_COLUMNS =
  'id, phone_number, name, email, password_hash, role, restaurant_id, is_active, removal_requested_at';

export async function userByPhone(q: Queryable, phone: string): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>(
    `select ${USER_COLUMNS} from users where phone_number = $1 and anonymised_at is null`,
    [phone],
  );
  return row;
}

export async function userById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>(
    `select ${USER_COLUMNS} from users where id = $1 and anonymised_at is null`,
    [id],
  );
  return row;
}

/** Whether any account, live or anonymised, holds the number. */
export async function phoneRegistered(q: Queryable, phone: string): Promise<boolean> {
  const [existing] = await q.query('select 1 from users where phone_number = $1', [phone]);
  return existing !== undefined;
}

/** A verified sign-up's account; undefined when the number was taken meanwhile. */
export async function insertCustomer(
  tx: Queryable,
  u: { phone: string; name: string; email: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [user] = await tx.query<UserRow>(
    `insert into users (phone_number, name, email, password_hash, role, is_active)
         values ($1, $2, $3, $4, 'customer', true)
         on conflict (phone_number) do nothing
         returning ${USER_COLUMNS}`,
    [u.phone, u.name, u.email, u.passwordHash],
  );
  return user;
}

/** Signing in cancels a removal request. */
export async function clearRemovalRequest(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update users set removal_requested_at = null where id = $1', [userId]);
}

export async function setPasswordHash(tx: Queryable, userId: number, hash: string): Promise<void> {
  await tx.query('update users set password_hash = $2 where id = $1', [userId, hash]);
}

/** Throws the database's unique violation (23505) when another account has the number. */
export async function setPhoneNumber(q: Queryable, userId: number, phone: string): Promise<void> {
  await q.query('update users set phone_number = $2 where id = $1', [userId, phone]);
}

/** Changes the name and the email where given (null keeps the current one). */
export async function updateNameEmail(
  q: Queryable,
  userId: number,
  name: string | null,
  email: string | null,
): Promise<void> {
  await q.query('update users set name = coalesce($2, name), email = coalesce($3, email) where id = $1', [
    userId,
    name,
    email,
  ]);
}

/** Records the removal request (the first one counts); answers when the data will be removed. */
export async function markRemovalRequested(
  tx: Queryable,
  userId: number,
  graceDays: number,
): Promise<Date | string> {
  const [row] = await tx.query<{ remove_after: Date | string }>(
    `update users set removal_requested_at = coalesce(removal_requested_at, now())
          where id = $1
          returning removal_requested_at + make_interval(days => $2) as remove_after`,
    [userId, graceDays],
  );
  return row!.remove_after;
}

/** The session a refresh token (by its hash) belongs to. */
export async function sessionOfRefreshToken(q: Queryable, tokenHash: string): Promise<string | undefined> {
  const [row] = await q.query<Pick<RefreshTokenRecord, 'session_id'>>(
    'select session_id from refresh_tokens where token_hash = $1',
    [tokenHash],
  );
  return row?.session_id;
}

// ---------------------------------------------------------------- addresses

export type AddressRow = Omit<AddressRecord, 'user_id'>;

const ADDRESS_COLUMNS =
  'id, address, flat, landmark, address_type, latitude, longitude, address_components, place_id, created_at';

export function addressRows(q: Queryable, userId: number): Promise<AddressRow[]> {
  return q.query<AddressRow>(`select ${ADDRESS_COLUMNS} from addresses where user_id = $1 order by id desc`, [
    userId,
  ]);
}

export async function addressRow(q: Queryable, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await q.query<AddressRow>(
    `select ${ADDRESS_COLUMNS} from addresses where id = $1 and user_id = $2`,
    [id, userId],
  );
  return row;
}

export type NewAddress = Pick<
  AddressRecord,
  | 'address'
  | 'flat'
  | 'landmark'
  | 'address_type'
  | 'latitude'
  | 'longitude'
  | 'address_components'
  | 'place_id'
>;

/** Saves an address unless the user already has `max`; undefined when they have. */
export async function insertAddress(
  q: Queryable,
  userId: number,
  a: NewAddress,
  max: number,
): Promise<AddressRow | undefined> {
  const [row] = await q.query<AddressRow>(
    `insert into addresses (user_id, address, flat, landmark, address_type, latitude, longitude,
                            address_components, place_id)
     select $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9
      where (select count(*) from addresses where user_id = $1) < $10
     returning ${ADDRESS_COLUMNS}`,
    [
      userId,
      a.address,
      a.flat,
      a.landmark,
      a.address_type,
      a.latitude,
      a.longitude,
      JSON.stringify(a.address_components),
      a.place_id,
      max,
    ],
  );
  return row;
}

/** Whether the user had that address (and it is gone now). */
export async function deleteAddressRow(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query('delete from addresses where id = $1 and user_id = $2 returning id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------- SMS outbox (development)

export type OutboxRow = Pick<SmsOutboxRecord, 'to_number' | 'text' | 'purpose' | 'created_at'>;

/** The last 20 messages to a number, newest first. */
export function outboxOf(q: Queryable, phone: string): Promise<OutboxRow[]> {
  return q.query<OutboxRow>(
    'select to_number, text, purpose, created_at from sms_outbox where to_number = $1 order by id desc limit 20',
    [phone],
  );
}
