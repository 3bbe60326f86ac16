// The HTTP SMS gateway adapter against a local HTTP server (request shape, failures), and the dev
// outbox being unreachable in production mode.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { httpSmsProvider } from '../../src/server/providers/sms/http.ts';
import { SmsSendError } from '../../src/server/providers/sms/index.ts';
import { makeUser } from './factories/index.ts';
import { setupApp } from './helper.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const received: Received[] = [];
let answer = 200;
const gateway = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    received.push({
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body: JSON.parse(raw || 'null'),
    });
    res.writeHead(answer, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: answer < 300 }));
  });
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/sms`;
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

const ctx = await setupApp({
  env: {
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: gatewayUrl,
    SMS_HTTP_TOKEN: 'gateway-token-123',
    SMS_SENDER_ID: 'TSTORE',
  },
});

describe('HTTP SMS gateway', () => {
  it('posts {sender_id, to, text} as JSON with the bearer token', async () => {
    const user = await makeUser(ctx.db);
    received.length = 0;
    answer = 200;
    const res = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(received).toHaveLength(1);
    const [sms] = received;
    expect(sms).toMatchObject({ method: 'POST', url: '/v1/sms' });
    expect(sms!.headers['authorization']).toBe('Bearer gateway-token-123');
    expect(sms!.headers['content-type']).toMatch(/^application\/json/);
    expect(sms!.body).toEqual({
      sender_id: 'TSTORE',
      to: `+91${user.phone}`,
      text: expect.stringMatching(/^\d{6} is your OTP to reset your password\. It is valid for 5 minutes\./),
    });
    // The http provider keeps nothing in the dev outbox.
    const outbox = await ctx.client.get(`/api/v1/dev/outbox?phone_number=${user.phone}`);
    expect(outbox.json()).toEqual({ results: [] });
  });

  it('treats a non-2xx answer as a failed send: 502 with a message, and no cooldown left behind', async () => {
    const user = await makeUser(ctx.db);
    answer = 503;
    const res = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      status: 502,
      code: 'sms_failed',
      message: expect.stringMatching(/OTP/),
    });
    const [left] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from otp_codes where phone_number = $1',
      [user.phone],
    );
    expect(left!.n).toBe(0);
    answer = 200;
    const retry = await ctx.client.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(retry.statusCode).toBe(200);
  });

  it('rejects when the gateway cannot be reached', async () => {
    const provider = httpSmsProvider({
      url: 'http://127.0.0.1:1/none',
      token: undefined,
      senderId: 'X',
      timeoutMs: 2000,
    });
    await expect(provider.send({ to: '9876543210', text: 'hi' })).rejects.toBeInstanceOf(SmsSendError);
  });
});

describe('dev outbox in production mode', () => {
  it('does not exist (404)', async () => {
    const prod = await setupApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    const user = await makeUser(prod.db);
    const sent = await prod.client.post('/api/v1/users/sendotp/', { phone_number: user.phone });
    expect(sent.statusCode).toBe(200);
    const res = await prod.client.get(`/api/v1/dev/outbox?phone_number=${user.phone}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/\d{6} is your OTP/);
    const [kept] = await prod.db.query<{ n: number }>('select count(*)::int as n from sms_outbox');
    expect(kept!.n).toBe(0);
  });
});
