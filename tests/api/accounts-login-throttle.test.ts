// Sign-in throttling without account lock-out: a client (IP) failing for a number waits 2, 4, 8 ...
// seconds (up to 15 minutes) between its own tries; other clients' failures only space the number's
// tries by at most 30 s, and not at all for a client that signed in to it before; a success clears
// the client's count; the per-IP limit across numbers stays. Every refusal is a 429 with code
// rate_limited and a Retry-After header. Time is moved by ageing the stored failure times.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { makeUser, phone, type UserFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

// Client addresses come from X-Forwarded-For, as behind one reverse proxy.
const ctx = await setupApp({ env: { TRUST_PROXY_HOPS: '1' } });
const { db } = ctx;

function attempt(user: Pick<UserFixture, 'phone' | 'password'>, ip: string) {
  return ctx.client.post(
    '/api/v1/login/customers',
    { phone_number: user.phone, password: user.password, session_key: null },
    { headers: { 'x-forwarded-for': ip } },
  );
}

/** Moves every stored sign-in failure for the number `seconds` into the past. */
async function age(phoneNumber: string, seconds: number) {
  await db.query(
    `update login_throttle set last_failure_at = last_failure_at - make_interval(secs => $2)
      where key = 'number:' || $1 or key like 'client:' || $1 || ':%'`,
    [phoneNumber, seconds],
  );
}

function expectRateLimited(res: LightMyRequestResponse, message: RegExp): number {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ status: 429, code: 'rate_limited', message: expect.stringMatching(message) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0, String(res.headers['retry-after'])).toBe(true);
  return retryAfter;
}

describe('sign-in throttle', () => {
  it("grows the attacker's delay, and never keeps the owner out for more than the mild delay", async () => {
    const owner = await makeUser(db);
    const attacker = { phone: owner.phone, password: 'not-the-password' };
    const attackerIp = '198.51.100.66';
    const waits: number[] = [];
    let failures = 0;
    while (failures < 50) {
      const res = await attempt(attacker, attackerIp);
      if (res.statusCode === 401) {
        failures++;
        continue;
      }
      const wait = expectRateLimited(res, /^Too many (failed )?sign-in attempts for this number/);
      waits.push(wait);
      await age(owner.phone, wait);
    }
    // Five free tries, then 2, 4, 8 ... seconds after each failure, capped at 15 minutes.
    expect(waits.slice(0, 10)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(new Set(waits.slice(9))).toEqual(new Set([900]));
    expect(waits).toHaveLength(45);

    // The attacker is held back ...
    const held = await attempt(attacker, attackerIp);
    expect(
      expectRateLimited(held, /^Too many failed sign-in attempts for this number\. Please wait \d+ minutes/),
    ).toBeGreaterThan(800);

    // ... while the owner, from another network, waits at most the mild number-wide delay.
    const ownerIp = '203.0.113.10';
    let res = await attempt(owner, ownerIp);
    if (res.statusCode === 429) {
      const wait = expectRateLimited(
        res,
        /^Too many sign-in attempts for this number right now\. Please wait \d+ seconds? before trying again\.$/,
      );
      expect(wait).toBeLessThanOrEqual(30);
      await db.query(
        `update login_throttle set last_failure_at = last_failure_at - make_interval(secs => $2) where key = $1`,
        [`number:${owner.phone}`, wait],
      );
      res = await attempt(owner, ownerIp);
    }
    expect(res.statusCode, res.body).toBe(200);

    // Having signed in from there, the owner is not slowed by the attack at all any more. (The
    // attacker's network used up its 50 failures for this window: start a new one.)
    await db.query('delete from rate_limits where bucket = $1', [`login-fail-ip:${attackerIp}`]);
    await age(owner.phone, 900);
    expect((await attempt(attacker, attackerIp)).statusCode).toBe(401);
    expect((await attempt(owner, ownerIp)).statusCode).toBe(200);
    // The attacker's count was not cleared by the owner's success.
    expectRateLimited(await attempt(attacker, attackerIp), /for this number\. Please wait \d+ minutes/);
  });

  it("clears a client's count for the number when it signs in", async () => {
    const user = await makeUser(db);
    const ip = '198.51.100.20';
    const wrong = { ...user, password: 'wrong-password' };
    for (let i = 0; i < 5; i++) expect((await attempt(wrong, ip)).statusCode).toBe(401);
    expect(expectRateLimited(await attempt(user, ip), /for this number/)).toBe(2);
    await age(user.phone, 2);
    expect((await attempt(user, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(wrong, ip)).statusCode).toBe(401);
    expectRateLimited(await attempt(wrong, ip), /for this number/);
  });

  it('lets parallel tries from one client through only up to the free ones', async () => {
    const user = await makeUser(db);
    const ip = '198.51.100.30';
    const results = await Promise.all(
      Array.from({ length: 12 }, () => attempt({ ...user, password: 'wrong-password' }, ip)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('throttles an unknown number the same way (404 for the free tries, then 429)', async () => {
    const ip = '198.51.100.40';
    const nobody = { phone: phone(), password: 'whatever-pass' };
    for (let i = 0; i < 5; i++) expect((await attempt(nobody, ip)).statusCode).toBe(404);
    expect(expectRateLimited(await attempt(nobody, ip), /for this number/)).toBe(2);
  });

  it('spaces tries for a number attacked from many clients by at most 30 s', async () => {
    const user = await makeUser(db);
    const wrong = { ...user, password: 'wrong-password' };
    // 20 free failures across clients (4 from each of 5 addresses), then 1, 2, 4 ... s, capped at 30.
    for (let c = 0; c < 5; c++) {
      for (let i = 0; i < 4; i++) expect((await attempt(wrong, `192.0.2.${c + 1}`)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let c = 6; c < 14; c++) {
      const ip = `192.0.2.${c}`;
      const res = await attempt(wrong, ip);
      waits.push(expectRateLimited(res, /right now/));
      await age(user.phone, waits.at(-1)!);
      expect((await attempt(wrong, ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('staff sign-in goes through the same throttle', async () => {
    const user = await makeUser(db);
    const ip = '198.51.100.50';
    const staffAttempt = () =>
      ctx.client.post(
        '/api/v1/login/staff',
        { phone_number: user.phone, password: 'wrong-password' },
        { headers: { 'x-forwarded-for': ip } },
      );
    for (let i = 0; i < 5; i++) expect((await staffAttempt()).statusCode).toBe(401);
    expectRateLimited(await staffAttempt(), /for this number/);
  });
});
