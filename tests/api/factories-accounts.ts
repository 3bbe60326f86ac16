// Test data for the accounts API tests: customers, staff (with their restaurant) and signed-in clients.
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { Db } from '../../src/server/db/index.ts';
import type { TestClient } from './helper.ts';

export interface TestUser {
  id: number;
  phone_number: string;
  password: string;
  name: string;
  email: string;
}

/** A fresh valid mobile number (first digit 6-9). */
export const phone = (): string => `${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

export async function createCustomer(db: Db, over: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const u = {
    phone_number: over.phone_number ?? phone(),
    password: over.password ?? 'correct-horse-1',
    name: over.name ?? 'Test Customer',
    email: over.email ?? 'customer@example.com',
  };
  const [row] = await db.query<{ id: number }>(
    `insert into users (phone_number, name, email, password_hash, role) values ($1, $2, $3, $4, 'customer')
     returning id`,
    [u.phone_number, u.name, u.email, await hashPassword(u.password)],
  );
  return { id: row!.id, ...u };
}

export async function createRestaurant(db: Db): Promise<number> {
  const [city] = await db.query<{ id: number }>(
    `insert into cities (slug, name, state, lat, lng) values ($1, 'Bengaluru', 'Karnataka', 12.97, 77.59)
     returning id`,
    [`bengaluru-${randomInt(1e9)}`],
  );
  const [r] = await db.query<{ id: number }>(
    `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, rating, rating_count,
       cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image)
     values ($1, 'Test Kitchen', $2, 'Koramangala', '1 Test Road', 12.93, 77.62, '{Biryani}', 4.2, 100,
       40000, 30, 7000, 0, 1440, '/img/test.jpg')
     returning id`,
    [`test-kitchen-${randomInt(1e9)}`, city!.id],
  );
  return r!.id;
}

export async function createStaff(
  db: Db,
  restaurantId: number,
): Promise<TestUser & { restaurantId: number }> {
  const u = { phone_number: phone(), password: 'staff-pass-123', name: 'Staff Member', email: '' };
  const [row] = await db.query<{ id: number }>(
    `insert into users (phone_number, name, email, password_hash, role, restaurant_id)
     values ($1, $2, '', $3, 'staff', $4) returning id`,
    [u.phone_number, u.name, await hashPassword(u.password), restaurantId],
  );
  return { id: row!.id, restaurantId, ...u };
}

/** Logs the client in as the user and keeps the access token on it; answers both tokens. */
export async function login(
  client: TestClient,
  user: Pick<TestUser, 'phone_number' | 'password'>,
): Promise<{ access: string; refresh: string }> {
  const res = await client.post('/api/v1/login/customers', {
    phone_number: user.phone_number,
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
