// Login and sign-up verification hand the anonymous cart (session_key) to the checkout module inside
// the sign-in transaction; a failing merge never blocks the sign-in.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { latestOtp, makeUser, phone } from './factories/index.ts';
import { setupApp } from './helper.ts';

const merge = vi.hoisted(() => vi.fn(async (..._args: unknown[]) => undefined));
vi.mock('../../src/server/modules/checkout/cart-merge.ts', () => ({ mergeAnonymousCart: merge }));

const ctx = await setupApp();
const KEY = 'Zq3v9xS0bYw1Lr8KfT2mNa6HcUe4PdJ7';

beforeEach(() => merge.mockClear());

describe('anonymous cart merge on sign-in', () => {
  it('login passes session_key and the user id inside a transaction', async () => {
    const user = await makeUser(ctx.db);
    const res = await ctx.client.fork().post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
      session_key: KEY,
    });
    expect(res.statusCode).toBe(200);
    expect(merge).toHaveBeenCalledTimes(1);
    const [tx, key, userId] = merge.mock.calls[0]!;
    expect(key).toBe(KEY);
    expect(userId).toBe(user.id);
    expect(typeof (tx as { query: unknown }).query).toBe('function');
  });

  it('falls back to the x-anonymous-id header, and skips the merge without any key', async () => {
    const user = await makeUser(ctx.db);
    const c = ctx.client.fork();
    c.anonymousId = KEY;
    await c.post('/api/v1/login/customers', { phone_number: user.phone, password: user.password });
    expect(merge.mock.calls[0]?.[1]).toBe(KEY);
    merge.mockClear();
    await ctx.client.fork().post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
      session_key: null,
    });
    expect(merge).not.toHaveBeenCalled();
  });

  it('verify passes session_key for the new account', async () => {
    const c = ctx.client.fork();
    const number = phone();
    await c.post('/api/v1/users/customer/create', {
      phone_number: number,
      password: 'merge-pass-1',
      name: 'M',
    });
    const otp = await latestOtp(c, number);
    const res = await c.post('/api/v1/users/customer/verify/', {
      phone_number: number,
      otp,
      session_key: KEY,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.query<{ id: number }>('select id from users where phone_number = $1', [
      number,
    ]);
    expect(merge).toHaveBeenCalledWith(expect.anything(), KEY, row!.id);
  });

  it('signs in even when the merge fails', async () => {
    const user = await makeUser(ctx.db);
    merge.mockImplementationOnce(async (tx: unknown) => {
      // A failed statement inside the transaction, as a broken merge would cause.
      await (tx as { query(sql: string): Promise<unknown> }).query('select * from no_such_table');
    });
    const res = await ctx.client.fork().post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
      session_key: KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.client.get('/api/v1/users/details/', { token: res.json().access })).statusCode).toBe(
      200,
    );
  });
});
