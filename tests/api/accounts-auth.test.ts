// Sign-up with OTP, customer and staff login, token refresh with rotation and reuse detection, logout
// and account removal acting at once, forged tokens refused, CSRF, and bad input answering 400.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ageOtps, latestOtp, login, makeRestaurant, makeUser, phone } from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();
const { db } = ctx;

const details = (token: string) => ctx.client.get('/api/v1/users/details/', { token });

describe('sign-up with OTP', () => {
  it('creates the account only after the OTP is verified, then signs in', async () => {
    const c = ctx.client.fork();
    const number = phone();
    const created = await c.post('/api/v1/users/customer/create', {
      phone_number: number,
      password: 'my-secret-pass',
      name: 'Asha Rao',
      email: 'Asha@Example.com',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      status: 200,
      phone_number: number,
      expires_in: 300,
      resend_after: 30,
    });

    // Not an account yet: login answers 404 (the client switches to signup).
    const early = await c.post('/api/v1/login/customers', {
      phone_number: number,
      password: 'my-secret-pass',
    });
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ status: 404, code: 'account_not_found' });

    const otp = await latestOtp(c, number);
    const verified = await c.post('/api/v1/users/customer/verify/', {
      phone_number: number,
      otp,
      session_key: 'anon-' + 'a'.repeat(30),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json<{ status: number; access: string; refresh: string }>();
    expect(body.status).toBe(200);
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh.length).toBeGreaterThanOrEqual(40);

    const me = await details(body.access);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ phone_number: number, name: 'Asha Rao', email: 'asha@example.com' });

    // The same code cannot be used twice.
    const again = await c.post('/api/v1/users/customer/verify/', {
      phone_number: number,
      otp,
      session_key: null,
    });
    expect(again.statusCode).toBe(400);

    // And the number is now taken.
    const dup = await c.post('/api/v1/users/customer/create', {
      phone_number: number,
      password: 'another-pass-1',
      name: 'Someone',
      email: '',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'phone_taken' });
  });

  it('re-sends for an unverified number after the cooldown, and refuses a different password meanwhile', async () => {
    const c = ctx.client.fork();
    const number = phone();
    const payload = { phone_number: number, password: 'first-password', name: 'A', email: '' };
    expect((await c.post('/api/v1/users/customer/create', payload)).statusCode).toBe(200);
    const first = await latestOtp(c, number);

    const tooSoon = await c.post('/api/v1/users/customer/create', payload);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait \d+ seconds/);

    const hijack = await c.post('/api/v1/users/customer/create', { ...payload, password: 'attacker-pass' });
    expect(hijack.statusCode).toBe(400);
    expect(hijack.json()).toMatchObject({ code: 'signup_pending' });

    await ageOtps(db, number, 31);
    const resent = await c.post('/api/v1/users/customer/create', { ...payload, name: 'Asha' });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await latestOtp(c, number);

    // The replaced code is dead; the new one works and keeps the password of the sign-up.
    if (first !== second) {
      const old = await c.post('/api/v1/users/customer/verify/', { phone_number: number, otp: first });
      expect(old.statusCode).toBe(400);
    }
    const ok = await c.post('/api/v1/users/customer/verify/', { phone_number: number, otp: second });
    expect(ok.statusCode, ok.body).toBe(200);
    await login(c, { phone: number, password: 'first-password' });
    expect((await c.get('/api/v1/users/details/')).json()).toMatchObject({ name: 'Asha' });
  });
});

describe('customer login', () => {
  it('answers 404 for an unknown number and 401 for a wrong password', async () => {
    const user = await makeUser(db);
    const unknown = await ctx.client.post('/api/v1/login/customers', {
      phone_number: phone(),
      password: 'whatever-pass',
      session_key: null,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    const wrong = await ctx.client.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 401, code: 'invalid_credentials' });
    const ok = await ctx.client.post('/api/v1/login/customers', {
      phone_number: `+91 ${user.phone}`,
      password: user.password,
      session_key: 'k'.repeat(32),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 200 });
  });

  it('keeps passwords whole: a 128-character password works, its 127-character prefix does not', async () => {
    const long = 'p'.repeat(100) + 'Q'.repeat(28);
    const user = await makeUser(db, { password: long });
    const c = ctx.client.fork();
    await login(c, user);
    const prefix = await c.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: long.slice(0, 127),
    });
    expect(prefix.statusCode).toBe(401);
    const tooLong = await c.post('/api/v1/users/customer/create', {
      phone_number: phone(),
      password: 'x'.repeat(129),
      name: 'A',
      email: '',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Password must be at most 128 characters.');
  });

  it('sends staff to the staff sign-in', async () => {
    const staff = await makeUser(db, { role: 'staff', restaurantId: (await makeRestaurant(db)).id });
    const res = await ctx.client.post('/api/v1/login/customers', {
      phone_number: staff.phone,
      password: staff.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'staff_account' });
  });
});

describe('staff login', () => {
  it('signs staff in with their restaurant id and refuses customers with 403', async () => {
    const rid = (await makeRestaurant(db)).id;
    const staff = await makeUser(db, { role: 'staff', restaurantId: rid });
    const res = await ctx.client.post('/api/v1/login/staff', {
      phone_number: staff.phone,
      password: staff.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ access: string; refresh: string; restaurant_id: number; status: number }>();
    expect(body).toMatchObject({ status: 200, restaurant_id: rid });
    const claims = await ctx.app.tokens.verify(body.access);
    expect(claims).toMatchObject({ userId: staff.id, role: 'staff', restaurantId: rid });

    const customer = await makeUser(db);
    const refused = await ctx.client.post('/api/v1/login/staff', {
      phone_number: customer.phone,
      password: customer.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_staff' });

    const wrong = await ctx.client.post('/api/v1/login/staff', {
      phone_number: staff.phone,
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await ctx.client.post('/api/v1/login/staff', {
      phone_number: phone(),
      password: 'x1234567',
    });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and the new access token works', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const first = await login(c, user);
    const res = await c.post('/api/v1/login/refresh/', { refresh: first.refresh });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<{ access: string; refresh: string }>();
    expect(next.refresh).not.toBe(first.refresh);
    expect((await details(next.access)).statusCode).toBe(200);
    const again = await c.post('/api/v1/login/refresh/', { refresh: next.refresh });
    expect(again.statusCode).toBe(200);
  });

  it('answers two tabs refreshing with the same token at once with the same pair', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const first = await login(c, user);
    const [a, b] = await Promise.all([
      c.post('/api/v1/login/refresh/', { refresh: first.refresh }),
      c.post('/api/v1/login/refresh/', { refresh: first.refresh }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    // Sequential replay inside the window: still the same pair, and the session lives on.
    const c2 = await c.post('/api/v1/login/refresh/', { refresh: first.refresh });
    expect(c2.json()).toEqual(a.json());
    expect((await details(a.json().access)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const first = await login(c, user);
    const rotated = (await c.post('/api/v1/login/refresh/', { refresh: first.refresh })).json<{
      access: string;
      refresh: string;
    }>();
    expect((await details(rotated.access)).statusCode).toBe(200);
    // Step past the 10 s grace window.
    await db.query(
      `update refresh_tokens set used_at = used_at - interval '60 seconds' where used_at is not null`,
    );

    const reuse = await c.post('/api/v1/login/refresh/', { refresh: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'refresh_reused' });
    // The thief's (or victim's) newer tokens die with the family, access token included, at once.
    expect((await details(rotated.access)).statusCode).toBe(401);
    const newer = await c.post('/api/v1/login/refresh/', { refresh: rotated.refresh });
    expect(newer.statusCode).toBe(401);
    // Another sign-in of the same user is untouched.
    const other = await login(ctx.client.fork(), user);
    expect((await details(other.access)).statusCode).toBe(200);
  });

  it('refuses unknown refresh tokens', async () => {
    const res = await ctx.client.post('/api/v1/login/refresh/', { refresh: 'not-a-real-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'refresh_invalid' });
  });
});

describe('logout and account removal act at once', () => {
  it('logout ends the access token and its refresh family, leaving other devices signed in', async () => {
    const user = await makeUser(db);
    const phoneA = ctx.client.fork();
    const laptop = ctx.client.fork();
    const a = await login(phoneA, user);
    const b = await login(laptop, user);
    const out = await phoneA.post('/api/v1/logout/');
    expect(out.statusCode).toBe(200);
    expect((await details(a.access)).statusCode).toBe(401);
    expect((await phoneA.post('/api/v1/login/refresh/', { refresh: a.refresh })).statusCode).toBe(401);
    expect((await details(b.access)).statusCode).toBe(200);
  });

  it('logout with only the refresh token (access expired) still ends the session', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const t = await login(c, user);
    const out = await c.post('/api/v1/logout/', { refresh: t.refresh }, { token: null });
    expect(out.statusCode).toBe(200);
    expect((await details(t.access)).statusCode).toBe(401);
  });

  it('request-remove signs out everywhere; logging in again cancels the request', async () => {
    const user = await makeUser(db);
    const a = ctx.client.fork();
    const b = ctx.client.fork();
    const ta = await login(a, user);
    const tb = await login(b, user);
    const res = await a.post('/api/v1/users/request-remove/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ remove_after: string; message: string }>();
    const days = (Date.parse(body.remove_after) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    for (const t of [ta, tb]) {
      expect((await details(t.access)).statusCode).toBe(401);
      expect((await a.post('/api/v1/login/refresh/', { refresh: t.refresh })).statusCode).toBe(401);
    }
    const back = await a.post('/api/v1/login/customers', {
      phone_number: user.phone,
      password: user.password,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toMatch(/cancelled/);
    const [row] = await db.query('select removal_requested_at from users where id = $1', [user.id]);
    expect(row!['removal_requested_at']).toBeNull();
  });

  it('request-remove needs a signed-in caller', async () => {
    const res = await ctx.client.fork().post('/api/v1/users/request-remove/', undefined, { token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('forged and stale access tokens are refused', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('refuses another key, an expired token, alg none, a wrong audience and garbage', async () => {
    const user = await makeUser(db);
    const { access } = await login(ctx.client.fork(), user);
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;

    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-for-hs256'));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await ctx.app.tokens.signFor(
      { userId: user.id, role: 'customer', restaurantId: null, sessionId: String(claims['sid']) },
      { iat: now - 3600 },
    );
    const wrongAud = `${access.split('.')[0]}.${b64({ ...claims, aud: 'elsewhere' })}.${access.split('.')[2]}`;
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(new TextEncoder().encode(ctx.config.JWT_SECRET ?? 'x'.repeat(64)));

    for (const token of [otherKey, none, expired, wrongAud, hs512, 'garbage', `${access}x`]) {
      const res = await details(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
    expect((await details(access)).statusCode).toBe(200);
  });

  it('keeps tokens minted by other modules through app.tokens.sign working and revocable', async () => {
    const user = await makeUser(db);
    const token = await ctx.app.tokens.sign({ userId: user.id, role: 'customer', restaurantId: null });
    expect((await details(token)).statusCode).toBe(200);
    await ctx.client.fork().post('/api/v1/logout/', undefined, { token });
    expect((await details(token)).statusCode).toBe(401);
  });
});

describe('CSRF and bad input', () => {
  it('refuses unsafe calls without the CSRF header with 403', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    const { access } = await login(c, user);
    for (const [method, url] of [
      ['POST', '/api/v1/login/customers'],
      ['POST', '/api/v1/users/request-remove/'],
      ['PUT', '/api/v1/users/update-profile/'],
      ['POST', '/api/v1/users/customer/address/create'],
      ['DELETE', '/api/v1/users/customer/address/details/1'],
      ['POST', '/api/v1/logout/'],
    ] as const) {
      const res = await c.call(method, url, { body: { name: 'x' }, noCsrf: true, token: access });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf_failed' });
    }
    expect((await details(access)).statusCode).toBe(200);
  });

  it('answers wrong types, long fields and malformed numbers with 400 and a message', async () => {
    const user = await makeUser(db);
    const c = ctx.client.fork();
    await login(c, user);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/v1/login/customers', { phone_number: 12345, password: 'x' }],
      ['POST', '/api/v1/login/customers', { phone_number: '12345', password: 'abcdefgh' }],
      ['POST', '/api/v1/login/customers', { phone_number: '9876543210', password: ['a'] }],
      ['POST', '/api/v1/login/customers', { phone_number: '9876543210', password: 'x'.repeat(5000) }],
      ['POST', '/api/v1/login/customers', [1, 2]],
      ['POST', '/api/v1/login/staff', { phone_number: '+1 555 0100', password: 'abcdefgh' }],
      ['POST', '/api/v1/login/refresh/', { refresh: 42 }],
      ['POST', '/api/v1/login/refresh/', {}],
      [
        'POST',
        '/api/v1/users/customer/create',
        { phone_number: '9876543210', password: 'short', name: 'A', email: '' },
      ],
      [
        'POST',
        '/api/v1/users/customer/create',
        { phone_number: '9876543210', password: 'long-enough', name: '', email: '' },
      ],
      [
        'POST',
        '/api/v1/users/customer/create',
        { phone_number: '9876543210', password: 'long-enough', name: 'A', email: 'nope' },
      ],
      [
        'POST',
        '/api/v1/users/customer/create',
        { phone_number: '9876543210', password: 'long-enough', name: 'n'.repeat(101), email: '' },
      ],
      ['POST', '/api/v1/users/customer/verify/', { phone_number: '9876543210', otp: '12ab56' }],
      ['POST', '/api/v1/users/customer/verify/', { phone_number: '9876543210', otp: { $gt: '' } }],
      ['POST', '/api/v1/users/sendotp/', { phone_number: null }],
      ['POST', '/api/v1/users/sendotp/', { phone_number: '5876543210' }],
      ['POST', '/api/v1/users/sendotp-update/', { phone_number: '98765', old_phone_number: user.phone }],
      [
        'POST',
        '/api/v1/users/changephonenumber/',
        { phone_number: '9876543210', old_phone_number: user.phone },
      ],
      [
        'POST',
        '/api/v1/users/changepassword/',
        { phone_number: '9876543210', otp: '123456', password: 'short' },
      ],
      ['PUT', '/api/v1/users/update-profile/', {}],
      ['PUT', '/api/v1/users/update-profile/', { name: 7 }],
      ['PUT', '/api/v1/users/update-profile/', { email: 'not an email' }],
      ['PUT', '/api/v1/users/update-profile/', { name: '   ' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await c.call(method as 'POST', url, { body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)} -> ${res.body}`).toBe(400);
      const json = res.json<{ status: number; message: string }>();
      expect(json.status).toBe(400);
      expect(json.message.length).toBeGreaterThan(3);
    }
    const jsonString = await c.call('POST', '/api/v1/login/customers', {
      body: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(jsonString.statusCode).toBe(400);
    expect(jsonString.json().message).toBe('Send the request body as a JSON object.');
    const invalidJson = await c.call('POST', '/api/v1/login/customers', {
      body: '{"phone_number":',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalidJson.statusCode).toBe(400);
  });

  it('names the field in its messages', async () => {
    const res = await ctx.client.post('/api/v1/users/customer/create', {
      phone_number: '123',
      password: 'long-enough',
      name: 'A',
      email: '',
    });
    expect(res.json()).toMatchObject({
      status: 400,
      message: 'Enter a valid 10-digit mobile number.',
      code: 'validation_error',
      errors: { phone_number: ['Enter a valid 10-digit mobile number.'] },
    });
  });
});
