// People: customers and staff (with their restaurant), signed in through a token or the login route,
// and the OTPs the console SMS provider "sent" them.
import { expect } from 'vitest';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import type { App } from '../../../src/server/app.ts';
import type { Db, Queryable } from '../../../src/server/db/index.ts';
import type { TestClient } from '../helper.ts';
import { phone } from './unique.ts';

export type Role = 'customer' | 'staff';

export interface UserOptions {
  role?: Role;
  /** The staff member's restaurant. */
  restaurantId?: number;
  /** 'Asha Rao' for a customer, 'Ravi Kumar' for staff. */
  name?: string;
  email?: string;
  phone?: string;
  password?: string;
}

export interface UserFixture {
  id: number;
  phone: string;
  name: string;
  email: string;
  /** What the user signs in with (the login route checks it against a real hash). */
  password: string;
  role: Role;
  restaurantId: number | null;
  /** An access token for the user, signed by the app it was made through. */
  token: string;
}

/** Every fixture user may sign in with this unless told otherwise. */
export const DEFAULT_PASSWORD = 'correct-horse-1';

// Hashing is deliberately slow (argon2): each password is hashed once per process and shared.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string): Promise<string> => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

/**
 * A customer, or a staff member of `restaurantId`. Made through the app it comes with a signed access
 * token; on a bare database (no app: other server processes will serve it) without one.
 */
export async function makeUser(app: App, opts?: UserOptions): Promise<UserFixture>;
export async function makeUser(db: Queryable, opts?: UserOptions): Promise<Omit<UserFixture, 'token'>>;
export async function makeUser(
  target: App | Queryable,
  opts: UserOptions = {},
): Promise<Omit<UserFixture, 'token'> & { token?: string }> {
  const role = opts.role ?? 'customer';
  const p = opts.phone ?? phone();
  const user = {
    phone: p,
    name: opts.name ?? (role === 'staff' ? 'Ravi Kumar' : 'Asha Rao'),
    email: opts.email ?? `${p}@example.com`,
    password: opts.password ?? DEFAULT_PASSWORD,
    role,
    restaurantId: opts.restaurantId ?? null,
  };
  const db = 'tokens' in target ? target.db : target;
  const [row] = await db.query<{ id: number }>(
    `insert into users (phone_number, name, email, password_hash, role, restaurant_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [user.phone, user.name, user.email, await hashOf(user.password), role, user.restaurantId],
  );
  const id = row!.id;
  if (!('tokens' in target)) return { id, ...user };
  const token = await target.tokens.sign({
    userId: id,
    role,
    restaurantId: role === 'staff' ? user.restaurantId : null,
  });
  return { id, ...user, token };
}

/** Logs the client in as the user and keeps the access token on it; answers both tokens. */
export async function login(
  client: TestClient,
  user: Pick<UserFixture, 'phone' | 'password'>,
): Promise<{ access: string; refresh: string }> {
  const res = await client.post('/api/v1/login/customers', {
    phone_number: user.phone,
    password: user.password,
    session_key: null,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ access: string; refresh: string }>();
  client.token = body.access;
  return body;
}

/** The newest OTP the console provider "sent" to a number (through the dev outbox endpoint). */
export async function latestOtp(client: TestClient, phoneNumber: string): Promise<string> {
  const res = await client.get(`/api/v1/dev/outbox?phone_number=${phoneNumber}`);
  expect(res.statusCode, res.body).toBe(200);
  const otp = res.json<{ results: { otp: string | null }[] }>().results[0]?.otp;
  expect(otp).toMatch(/^\d{6}$/);
  return otp!;
}

/** Moves a number's OTPs back in time (past the resend cooldown, or past expiry). */
export async function ageOtps(db: Db, phoneNumber: string, seconds: number): Promise<void> {
  await db.query(
    `update otp_codes set created_at = created_at - make_interval(secs => $2),
                          expires_at = expires_at - make_interval(secs => $2)
      where phone_number = $1`,
    [phoneNumber, seconds],
  );
}
