// OTP rules: single use, bound to number and purpose, 5 tries per code, 5-minute life, 30 s resend
// cooldown, per-number and per-IP limits, one live code per number and purpose even under parallel
// sends; forgot password (the same answer with or without an account) and phone change built on them.
import { describe, expect, it } from 'vitest';
import { ageOtps, latestOtp, login, makeUser, phone } from './factories/index.ts';
import { setupApp } from './helper.ts';

// Per-IP limits read the client address from X-Forwarded-For, as behind one reverse proxy.
const ctx = await setupApp({ env: { TRUST_PROXY_HOPS: '1' } });
const { db } = ctx;

/** A code that is certainly not `otp`. */
const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

async function outboxCount(phoneNumber: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from sms_outbox where to_number = $1',
    [phoneNumber],
  );
  return row!.n;
}

async function liveCodes(phoneNumber: string, purpose: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from otp_codes
      where phone_number = $1 and purpose = $2 and consumed_at is null and expires_at > now()`,
    [phoneNumber, purpose],
  );
  return row!.n;
}

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
    const user = await makeUser(db);
    const other = ctx.client.fork();
    const old = await login(other, user);
    const c = ctx.client.fork();
    const sent = await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 200, expires_in: 300 });
    const otp = await latestOtp(c, user.phone);
    const changed = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'brand-new-pass',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ status: 200, message: 'Password Changed successfully' });

    expect((await c.get('/api/v1/users/details/', { token: old.access })).statusCode).toBe(401);
    const oldPass = await c.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
    });
    expect(oldPass.statusCode).toBe(401);
    await login(c, { phone: user.phone, password: 'brand-new-pass' });

    const reuse = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'third-password',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBeTruthy();
  });

  it("keeps the caller's own session when a signed-in user changes the password", async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const t = await login(c, user);
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const otp = await latestOtp(c, user.phone);
    const res = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'changed-in-profile',
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/v1/users/details/', { token: t.access })).statusCode).toBe(200);
  });

  it('answers a number without an account exactly like a registered one, and sends it nothing', async () => {
    const user = await makeUser(db);
    const nobody = phone();
    const known = await ctx.client.fork().post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const unknown = await ctx.client.fork().post('/api/v1/users/sendotp/', { phone_number: nobody });
    expect(known.statusCode, known.body).toBe(200);
    expect(unknown.statusCode, unknown.body).toBe(200);
    const neutral = {
      status: 200,
      message: 'If an account exists for this number, we have sent an OTP to it.',
      expires_in: 300,
      resend_after: 30,
    };
    expect(known.json()).toEqual({ ...neutral, phone_number: user.phone });
    expect(unknown.json()).toEqual({ ...neutral, phone_number: nobody });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await outboxCount(nobody)).toBe(0);
    expect(await outboxCount(user.phone)).toBe(1);

    // The same cooldown for both.
    const [knownAgain, unknownAgain] = await Promise.all([
      ctx.client.fork().post('/api/v1/users/sendotp/', { phone_number: user.phone }),
      ctx.client.fork().post('/api/v1/users/sendotp/', { phone_number: nobody }),
    ]);
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json()).toEqual(knownAgain.json());
  });

  it('fails the follow-up password change for an unknown number exactly like a wrong OTP', async () => {
    const user = await makeUser(db);
    const nobody = phone();
    const c = ctx.client.fork();
    const change = (phoneNumber: string, otp: string) =>
      c.post('/api/v1/users/changepassword/', { phone_number: phoneNumber, otp, password: 'attacker-pass' });
    const strip = (r: { statusCode: number; json: () => unknown }) => ({
      status: r.statusCode,
      body: r.json(),
    });

    // Nothing requested yet: the same "no OTP" answer.
    const [k0, u0] = [await change(user.phone, '123456'), await change(nobody, '123456')];
    expect(strip(u0)).toEqual(strip(k0));
    expect(k0.json()).toMatchObject({ code: 'otp_expired' });

    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    await c.post('/api/v1/users/sendotp/', { phone_number: nobody });
    const otp = await latestOtp(c, user.phone);
    // Every guess for the unknown number is a wrong OTP, and the code burns after 5 like a real one.
    for (let i = 0; i < 5; i++) {
      const k = await change(user.phone, wrong(otp));
      const u = await change(nobody, wrong(otp));
      expect(strip(u)).toEqual(strip(k));
      expect(k.statusCode).toBe(400);
    }
    const [k6, u6] = [await change(user.phone, otp), await change(nobody, otp)];
    expect(strip(u6)).toEqual(strip(k6));
    expect(k6.json()).toMatchObject({ code: 'otp_locked' });
    await login(c, user);
  });

  it('limits forgot-password sends per number and per IP for unknown numbers too', async () => {
    const nobody = phone();
    await fillBucket(`otp-send-phone:${nobody}`, 3600, 8);
    const perNumber = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: nobody });
    expect(perNumber.statusCode).toBe(429);
    expect(perNumber.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(perNumber.json().message).toMatch(/for this number\. Please try again in \d+ (minutes|seconds)\./);

    const ip = '203.0.113.90';
    await fillBucket(`otp-send-ip:${ip}`, 3600, 30);
    const perIp = await ctx.client.post(
      '/api/v1/users/sendotp/',
      { phone_number: phone() },
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(perIp.json().message).toMatch(/network/);
  });
});

describe('OTP brute force', () => {
  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const otp = await latestOtp(c, user.phone);
    const attempt = (code: string) =>
      c.post('/api/v1/users/changepassword/', {
        phone_number: user.phone,
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
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const otp = await latestOtp(c, user.phone);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.post('/api/v1/users/changepassword/', {
          phone_number: user.phone,
          otp: String((Number(otp) + i + 1) % 1_000_000).padStart(6, '0'),
          password: 'attacker-pass',
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await db.query<{ attempts: number }>(
      `select attempts from otp_codes where phone_number = $1 order by id desc limit 1`,
      [user.phone],
    );
    expect(row!.attempts).toBe(5);
    const right = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'attacker-pass',
    });
    expect(right.json()).toMatchObject({ code: 'otp_locked' });
  });

  it('stores codes hashed, never in clear', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const otp = await latestOtp(c, user.phone);
    const rows = await db.query<{ code_hash: string }>(
      'select code_hash from otp_codes where phone_number = $1',
      [user.phone],
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
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const otp = await latestOtp(c, user.phone);
    await ageOtps(db, user.phone, 301);
    const res = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'new-password-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('a password-reset code cannot verify a sign-up, a sign-up code cannot change a phone', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const resetCode = await latestOtp(c, user.phone);
    const asSignup = await c.post('/api/v1/users/customer/verify/', {
      phone_number: user.phone,
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
      old_phone_number: user.phone,
      otp: signupCode,
    });
    expect(asPhoneChange.statusCode).toBe(400);
    // The reset code still works for its own purpose.
    const reset = await c.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp: resetCode,
      password: 'after-purpose-test',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('OTP sending limits', () => {
  it('applies a 30 s resend cooldown with a message and Retry-After', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    expect((await c.post('/api/v1/users/sendotp/', { phone_number: user.phone })).statusCode).toBe(200);
    const again = await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      status: 429,
      code: 'rate_limited',
      message: expect.stringMatching(/^Please wait \d+ seconds before requesting another OTP\.$/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
    await ageOtps(db, user.phone, 31);
    expect((await c.post('/api/v1/users/sendotp/', { phone_number: user.phone })).statusCode).toBe(200);
  });

  it('issues one code for parallel sends to one number: one 200, the rest wait', async () => {
    const user = await makeUser(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.client.post(
          '/api/v1/users/sendotp/',
          { phone_number: user.phone },
          { headers: { 'x-forwarded-for': `198.18.0.${i + 1}` } },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(429)]);
    for (const r of results.filter((x) => x.statusCode === 429)) {
      expect(r.json()).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(r.json().message).toMatch(/^Please wait \d+ seconds before requesting another OTP\.$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await liveCodes(user.phone, 'reset')).toBe(1);
    expect(await outboxCount(user.phone)).toBe(1);
    // The one code that went out is the live one.
    const otp = await latestOtp(ctx.client, user.phone);
    const changed = await ctx.client.post('/api/v1/users/changepassword/', {
      phone_number: user.phone,
      otp,
      password: 'after-the-race',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('issues one sign-up code for parallel sign-ups of one number, whatever their passwords', async () => {
    const number = phone();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.client.fork().post('/api/v1/users/customer/create', {
          phone_number: number,
          password: `password-${i}-long`,
          name: `Racer ${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    // The others either met the cooldown or the pending sign-up with another password.
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([429, 400]).toContain(r.statusCode);
      expect(r.json().code).toMatch(/^(rate_limited|signup_pending)$/);
    }
    expect(await liveCodes(number, 'signup')).toBe(1);
    expect(await outboxCount(number)).toBe(1);
  });

  it('counts the send limits inside the same step: parallel sends for many numbers stop at the IP limit', async () => {
    const ip = '198.18.1.1';
    await fillBucket(`otp-send-ip:${ip}`, 3600, 27);
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(db)));
    const results = await Promise.all(
      users.map((u) =>
        ctx.client.post(
          '/api/v1/users/sendotp/',
          { phone_number: u.phone },
          { headers: { 'x-forwarded-for': ip } },
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('limits sends per number', async () => {
    const user = await makeUser(db);
    await fillBucket(`otp-send-phone:${user.phone}`, 3600, 8);
    const res = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(res.json().message).toMatch(/for this number\. Please try again in \d+ (minutes|seconds)\./);
  });

  it('limits sends per IP', async () => {
    const user = await makeUser(db);
    const ip = '203.0.113.77';
    await fillBucket(`otp-send-ip:${ip}`, 3600, 30);
    const res = await ctx.client.post(
      '/api/v1/users/sendotp/',
      { phone_number: user.phone },
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/network/);
    const elsewhere = await ctx.client.post(
      '/api/v1/users/sendotp/',
      { phone_number: user.phone },
      { headers: { 'x-forwarded-for': '203.0.113.78' } },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits failed logins per IP', async () => {
    const user = await makeUser(db);
    const ip = '198.51.100.9';
    await fillBucket(`login-fail-ip:${ip}`, 900, 50);
    const res = await ctx.client.post(
      '/api/v1/login/customers',
      { phone_number: user.phone, password: user.password },
      {
        headers: { 'x-forwarded-for': ip },
      },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(res.json().message).toMatch(/network/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('phone number change', () => {
  it('sends the code to the new number and moves the account there', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await login(c, user);
    const next = phone();
    const sent = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: next,
      old_phone_number: user.phone,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await latestOtp(c, next);
    const bad = await c.post('/api/v1/users/changephonenumber/', {
      phone_number: next,
      old_phone_number: user.phone,
      otp: wrong(otp),
    });
    expect(bad.statusCode).toBe(400);
    const ok = await c.post('/api/v1/users/changephonenumber/', {
      phone_number: next,
      old_phone_number: user.phone,
      otp,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 200,
      message: 'Phone Number Updated successfully',
      phone_number: next,
    });
    expect((await c.get('/api/v1/users/details/')).json()).toMatchObject({ phone_number: next });
    await login(ctx.client.fork(), { phone: next, password: user.password });
    const oldLogin = await ctx.client.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
    });
    expect(oldLogin.statusCode).toBe(404);
  });

  it("refuses a taken number, the same number and a number that is not the caller's", async () => {
    const a = await makeUser(db);
    const b = await makeUser(db);
    const c = ctx.client.fork();
    await login(c, a);
    const taken = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: b.phone,
      old_phone_number: a.phone,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'phone_taken' });
    const same = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: a.phone,
      old_phone_number: a.phone,
    });
    expect(same.statusCode).toBe(400);
    const notMine = await c.post('/api/v1/users/sendotp-update/', {
      phone_number: phone(),
      old_phone_number: b.phone,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ code: 'phone_mismatch' });
    const anonymous = await ctx.client.fork().post('/api/v1/users/sendotp-update/', {
      phone_number: phone(),
      old_phone_number: a.phone,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("does not let another user redeem someone's phone-change code", async () => {
    const a = await makeUser(db);
    const b = await makeUser(db);
    const ca = ctx.client.fork();
    const cb = ctx.client.fork();
    await login(ca, a);
    await login(cb, b);
    const target = phone();
    await ca.post('/api/v1/users/sendotp-update/', {
      phone_number: target,
      old_phone_number: a.phone,
    });
    const otp = await latestOtp(ca, target);
    const stolen = await cb.post('/api/v1/users/changephonenumber/', {
      phone_number: target,
      old_phone_number: b.phone,
      otp,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await cb.get('/api/v1/users/details/')).json()).toMatchObject({ phone_number: b.phone });
    const mine = await ca.post('/api/v1/users/changephonenumber/', {
      phone_number: target,
      old_phone_number: a.phone,
      otp,
    });
    expect(mine.statusCode).toBe(200);
  });
});
