// Every 429 answers the API's error body {status: 429, message, code: 'rate_limited'} with a
// Retry-After header in seconds: the per-route limits of @fastify/rate-limit as much as the accounts
// limits (OTP cooldown, send limits, sign-in throttle).
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/shared/api/errors.ts';
import { ACCOUNT_ERROR_CODES } from '../../src/shared/api/accounts.ts';
import { makeUser } from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();

describe('429 bodies', () => {
  it('a route limit (sandbox pay, 60 a minute) answers rate_limited with Retry-After', async () => {
    const c = ctx.client.fork();
    const pay = () =>
      c.post('/api/v1/payments/sandbox/pay', {
        order_id: 'order_doesnotexist1',
        card_number: '4111111111111111',
        expiry: '12/30',
        cvv: '123',
      });
    for (let i = 0; i < 60; i++) expect((await pay()).statusCode).not.toBe(429);
    const res = await pay();
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(apiErrorSchema.strict().parse(body)).toEqual({
      status: 429,
      code: ACCOUNT_ERROR_CODES.rateLimited,
      message: expect.stringMatching(
        /^Too many requests\. Please try again in \d+ (second|seconds|minute)\.$/,
      ),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('the OTP resend cooldown and the sign-in throttle answer the same shape', async () => {
    const user = await makeUser(ctx.db);
    const c = ctx.client.fork();
    expect((await c.post('/api/v1/users/sendotp/', { phone_number: user.phone })).statusCode).toBe(200);
    const cooldown = await c.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    const wrong = { phone_number: user.phone, password: 'wrong-password', session_key: null };
    for (let i = 0; i < 5; i++) expect((await c.post('/api/v1/login/customers', wrong)).statusCode).toBe(401);
    const throttled = await c.post('/api/v1/login/customers', wrong);
    for (const res of [cooldown, throttled]) {
      expect(res.statusCode).toBe(429);
      expect(apiErrorSchema.strict().parse(res.json())).toEqual({
        status: 429,
        code: 'rate_limited',
        message: expect.stringMatching(/Please wait \d+ seconds? before/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
