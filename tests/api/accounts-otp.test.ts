// OTP rules: single use, bound to number and purpose, 5 tries per code, 5-minute life, 30 s resend
// cooldown, per-number and per-IP limits; forgot password and phone change built on them.
import { describe, expect, it } from 'vitest';
import { ageOtps, createCustomer, latestOtp, login, phone } from './factories-accounts.ts';
import { setupApp } from './helper.ts';

// Per-IP limits read the client address from X-Forwarded-For, as behind one reverse proxy.
const ctx = await setupApp({ env: { TRUST_PROXY_HOPS: '1' } });
const { db } = ctx;

/** A code that is certainly not `otp`. */
const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

async function fillBucket(bucket: string, windowS: number, count: number) {
  const now = Math.floor(Date.now() / 1000);
  await db.query(
    `insert into rate_limits (bucket, window_start, count) values ($1, $2, $3)
     on conflict (bucket, window_start) do update set count = excluded.count`,
    [bucket, now - (now % windowS), count],
  );
}

describe('forgot password', () => {
  it('resets the password with the OTP and signs out other devices', async () => {
    const user = await createCustomer(db);
    const other = ctx.client.fork();
    const old = await login(other, user);
    const c = ctx.client.fork();
    const sent = await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 200, expires_in: 300 });
    const otp = await latestOtp(c, user.phone_number);
    const changed = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp,
      password: 'brand-new-pass',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ status: 200, message: 'Password Changed successfully' });

    expect((await c.get('/api/v1/users/details/', { token: old.access })).statusCode).toBe(401);
    const oldPass = await c.post('/api/v1/login/customers', user);
    expect(oldPass.statusCode).toBe(401);
    await login(c, { phone_number: user.phone_number, password: 'brand-new-pass' });

    const reuse = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp,
      password: 'third-password',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBeTruthy();
  });

  it("keeps the caller's own session when a signed-in user changes the password", async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    const t = await login(c, user);
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const otp = await latestOtp(c, user.phone_number);
    const res = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp,
      password: 'changed-in-profile',
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/v1/users/details/', { token: t.access })).statusCode).toBe(200);
  });

  it('answers 404 for a number without an account', async () => {
    const res = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: phone() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});

describe('OTP brute force', () => {
  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const otp = await latestOtp(c, user.phone_number);
    const attempt = (code: string) =>
      c.post('/api/v1/users/changepassword/', {
        phone_number: user.phone_number,
        otp: code,
        password: 'attacker-pass',
      });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await attempt(wrong(otp));
      expect(res.statusCode).toBe(400);
      messages.push(res.json<{ message: string }>().message);
    }
    expect(messages[0]).toBe('Incorrect OTP. 4 attempts left.');
    expect(messages[3]).toBe('Incorrect OTP. 1 attempt left.');
    expect(messages[4]).toMatch(/Too many wrong attempts/);
    const right = await attempt(otp);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'otp_locked' });
    await login(c, user);
  });

  it('counts parallel guesses too: at most 5 are ever compared', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const otp = await latestOtp(c, user.phone_number);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.post('/api/v1/users/changepassword/', {
          phone_number: user.phone_number,
          otp: String((Number(otp) + i + 1) % 1_000_000).padStart(6, '0'),
          password: 'attacker-pass',
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await db.query<{ attempts: number }>(
      `select attempts from otp_codes where phone_number = $1 order by id desc limit 1`,
      [user.phone_number],
    );
    expect(row!.attempts).toBe(5);
    const right = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp,
      password: 'attacker-pass',
    });
    expect(right.json()).toMatchObject({ code: 'otp_locked' });
  });

  it('stores codes hashed, never in clear', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const otp = await latestOtp(c, user.phone_number);
    const rows = await db.query<{ code_hash: string }>(
      'select code_hash from otp_codes where phone_number = $1',
      [user.phone_number],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.code_hash).not.toContain(otp);
      expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('OTP life and purpose', () => {
  it('refuses a code after 5 minutes', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const otp = await latestOtp(c, user.phone_number);
    await ageOtps(db, user.phone_number, 301);
    const res = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp,
      password: 'new-password-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('a password-reset code cannot verify a sign-up, a sign-up code cannot change a phone', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    const resetCode = await latestOtp(c, user.phone_number);
    const asSignup = await c.post('/api/v1/users/customer/verify/', {
      phone_number: user.phone_number,
      otp: resetCode,
    });
    expect(asSignup.statusCode).toBe(400);

    // A new number with a pending sign-up, and the signed-in user trying to move onto it.
    const fresh = phone();
    await c.post('/api/v1/users/customer/create', {
      phone_number: fresh,
      password: 'pending-pass',
      name: 'P',
    });
    const signupCode = await latestOtp(c, fresh);
    await login(c, user);
    const asPhoneChange = await c.post('/api/v1/users/changephonenumber/', {
      phone_number: fresh,
      old_phone_number: user.phone_number,
      otp: signupCode,
    });
    expect(asPhoneChange.statusCode).toBe(400);
    // The reset code still works for its own purpose.
    const reset = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone_number,
      otp: resetCode,
      password: 'after-purpose-test',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('OTP sending limits', () => {
  it('applies a 30 s resend cooldown with a message', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    expect((await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number })).statusCode).toBe(
      200,
    );
    const again = await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ status: 429, code: 'otp_cooldown' });
    expect(again.json().message).toMatch(/^Please wait \d+ seconds/);
    await ageOtps(db, user.phone_number, 31);
    expect((await c.post('/api/v1/users/sendotp/', { phone_number: user.phone_number })).statusCode).toBe(
      200,
    );
  });

  it('limits sends per number', async () => {
    const user = await createCustomer(db);
    await fillBucket(`otp-send-phone:${user.phone_number}`, 3600, 8);
    const res = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: user.phone_number });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(res.json().message).toMatch(/for this number\. Please try again in \d+ (minutes|seconds)\./);
  });

  it('limits sends per IP', async () => {
    const user = await createCustomer(db);
    const ip = '203.0.113.77';
    await fillBucket(`otp-send-ip:${ip}`, 3600, 30);
    const res = await ctx.client.post(
      '/api/v1/users/sendotp/',
      { phone_number: user.phone_number },
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/network/);
    const elsewhere = await ctx.client.post(
      '/api/v1/users/sendotp/',
      { phone_number: user.phone_number },
      { headers: { 'x-forwarded-for': '203.0.113.78' } },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('locks a number after 10 failed logins, even for the right password', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/v1/login/customers', {
        phone_number: user.phone_number,
        password: `nope-${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await c.post('/api/v1/login/customers', user);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('limits failed logins per IP', async () => {
    const user = await createCustomer(db);
    const ip = '198.51.100.9';
    await fillBucket(`login-fail-ip:${ip}`, 900, 50);
    const res = await ctx.client.post('/api/v1/login/customers', user, {
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/network/);
  });
});

describe('phone number change', () => {
  it('sends the code to the new number and moves the account there', async () => {
    const user = await createCustomer(db);
    const c = ctx.client.fork();
    await login(c, user);
    const next = phone();
    const sent = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: next,
      old_phone_number: user.phone_number,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await latestOtp(c, next);
    const bad = await c.post('/api/v1/users/changephonenumber/', {
      phone_number: next,
      old_phone_number: user.phone_number,
      otp: wrong(otp),
    });
    expect(bad.statusCode).toBe(400);
    const ok = await c.post('/api/v1/users/changephonenumber/', {
      phone_number: next,
      old_phone_number: user.phone_number,
      otp,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 200,
      message: 'Phone Number Updated successfully',
      phone_number: next,
    });
    expect((await c.get('/api/v1/users/details/')).json()).toMatchObject({ phone_number: next });
    await login(ctx.client.fork(), { phone_number: next, password: user.password });
    const oldLogin = await ctx.client.post('/api/v1/login/customers', user);
    expect(oldLogin.statusCode).toBe(404);
  });

  it("refuses a taken number, the same number and a number that is not the caller's", async () => {
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const c = ctx.client.fork();
    await login(c, a);
    const taken = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: b.phone_number,
      old_phone_number: a.phone_number,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'phone_taken' });
    const same = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: a.phone_number,
      old_phone_number: a.phone_number,
    });
    expect(same.statusCode).toBe(400);
    const notMine = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: phone(),
      old_phone_number: b.phone_number,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ code: 'phone_mismatch' });
    const anonymous = await ctx.client.fork().post('/api/v1/users/sendotp-update/', {
      phone_number: phone(),
      old_phone_number: a.phone_number,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("does not let another user redeem someone's phone-change code", async () => {
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const ca = ctx.client.fork();
    const cb = ctx.client.fork();
    await login(ca, a);
    await login(cb, b);
    const target = phone();
    await ca.post('/api/v1/users/sendotp-update/', {
      phone_number: target,
      old_phone_number: a.phone_number,
    });
    const otp = await latestOtp(ca, target);
    const stolen = await cb.post('/api/v1/users/changephonenumber/', {
      phone_number: target,
      old_phone_number: b.phone_number,
      otp,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await cb.get('/api/v1/users/details/')).json()).toMatchObject({ phone_number: b.phone_number });
    const mine = await ca.post('/api/v1/users/changephonenumber/', {
      phone_number: target,
      old_phone_number: a.phone_number,
      otp,
    });
    expect(mine.statusCode).toBe(200);
  });
});
