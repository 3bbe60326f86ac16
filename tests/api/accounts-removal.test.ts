// Account removal: after the grace period the housekeeping job anonymises personal data; orders keep
// their financial record without the person or the home.
import { describe, expect, it } from 'vitest';
import {
  anonymiseDueAccounts,
  runAccountsHousekeeping,
} from '../../src/server/modules/accounts/removal-job.ts';
import { login, makeRestaurant, makeUser } from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();
const { db } = ctx;

async function placeOrder(userId: number, restaurantId: number): Promise<number> {
  const [o] = await db.query<{ id: number }>(
    `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
       delivery_fee, taxes, to_pay, status, payment_status)
     values ($1, $2, $3, $4::jsonb, 40000, 2000, 3000, 2000, 47000, 'delivered', 'paid') returning id`,
    [
      `ORD-${userId}-${Date.now()}`,
      userId,
      restaurantId,
      JSON.stringify({
        address: '12th Main Rd, Koramangala',
        flat: 'Flat 3B',
        landmark: 'Near the park',
        address_type: 'home',
        latitude: 12.935212,
        longitude: 77.624511,
        address_components: [{ long_name: 'Koramangala' }],
        place_id: 'abc',
      }),
    ],
  );
  return o!.id;
}

describe('account removal', () => {
  it('anonymises only after the grace period, keeping the order amounts', async () => {
    const user = await makeUser(db, { name: 'Asha Rao', email: 'asha@example.com' });
    const c = ctx.client.fork();
    await login(c, user);
    await c.post('/api/v1/users/customer/address/create', {
      address: 'Somewhere',
      flat: '1',
      landmark: 'Tree',
      address_type: 'home',
      latitude: 12.9,
      longitude: 77.6,
    });
    const orderId = await placeOrder(user.id, (await makeRestaurant(db)).id);
    const keep = await makeUser(db);

    expect((await c.post('/api/v1/users/request-remove/')).statusCode).toBe(200);
    expect(await anonymiseDueAccounts(db, ctx.config.ACCOUNT_REMOVAL_GRACE_DAYS)).toEqual([]);

    await db.query(`update users set removal_requested_at = now() - interval '15 days' where id = $1`, [
      user.id,
    ]);
    expect(await runAccountsHousekeeping(db, ctx.config.ACCOUNT_REMOVAL_GRACE_DAYS)).toEqual([user.id]);

    const [u] = await db.query(
      'select phone_number, name, email, is_active, anonymised_at from users where id = $1',
      [user.id],
    );
    expect(u).toMatchObject({ phone_number: null, name: '', email: '', is_active: false });
    expect(u!['anonymised_at']).not.toBeNull();
    const [addr] = await db.query<{ n: number }>(
      'select count(*)::int as n from addresses where user_id = $1',
      [user.id],
    );
    expect(addr!.n).toBe(0);

    const [order] = await db.query<{
      to_pay: number;
      payment_status: string;
      delivery_address: Record<string, unknown>;
    }>('select to_pay, payment_status, delivery_address from orders where id = $1', [orderId]);
    expect(order).toMatchObject({ to_pay: 47000, payment_status: 'paid' });
    expect(order!.delivery_address).toMatchObject({
      address: '',
      flat: '',
      landmark: '',
      place_id: '',
      address_components: [],
      address_type: 'home',
      latitude: 12.94,
      longitude: 77.62,
    });

    // The old number is free again and nobody can sign in as the removed account.
    const login404 = await ctx.client.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
    });
    expect(login404.statusCode).toBe(404);
    const signup = await ctx.client.post('/api/v1/users/customer/create', {
      phone_number: user.phone,
      password: 'a-new-person-1',
      name: 'New Owner',
    });
    expect(signup.statusCode, signup.body).toBe(200);

    // Others are untouched; a second run does nothing.
    const [other] = await db.query('select phone_number from users where id = $1', [keep.id]);
    expect(other!['phone_number']).toBe(keep.phone);
    expect(await anonymiseDueAccounts(db, ctx.config.ACCOUNT_REMOVAL_GRACE_DAYS)).toEqual([]);
  });

  it('purges expired OTPs and old rate-limit windows', async () => {
    await db.query(
      `insert into otp_codes (phone_number, purpose, code_hash, created_at, expires_at)
       values ('9123456789', 'reset', 'x', now() - interval '2 days', now() - interval '2 days')`,
    );
    await db.query(`insert into rate_limits (bucket, window_start, count) values ('old:1', 1000, 3)`);
    await runAccountsHousekeeping(db, 14);
    expect(await db.query(`select 1 from otp_codes where phone_number = '9123456789'`)).toHaveLength(0);
    expect(await db.query(`select 1 from rate_limits where bucket = 'old:1'`)).toHaveLength(0);
  });
});
