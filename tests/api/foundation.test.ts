// The server's front door: health, JSON 404s, the app shell, CSRF, and bad input answering 4xx.
import { describe, expect, it } from 'vitest';
import { setupApp } from './helper.ts';

const ctx = await setupApp();

describe('foundation', () => {
  it('reports database reachability on /healthz', async () => {
    const res = await ctx.client.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', listener: 'up' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.client.get('/api/v1/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('sets a csrftoken cookie and refuses unsafe calls without the matching header', async () => {
    const c = ctx.client.fork();
    await c.get('/healthz');
    expect(c.cookies.get('csrftoken')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const res = await c.post('/api/v1/anything', { a: 1 }, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'csrf_failed' });
    const wrong = await c.post(
      '/api/v1/anything',
      { a: 1 },
      { noCsrf: true, headers: { 'x-csrftoken': 'x'.repeat(32) } },
    );
    expect(wrong.statusCode).toBe(403);
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await ctx.client.get('/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('bad input answers 4xx JSON, never 500, and the server keeps going', () => {
  const login = '/api/v1/login/customers';

  it('malformed JSON', async () => {
    const res = await ctx.client.call('POST', login, {
      body: '{"phone_number": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'The request body is not valid JSON.' });
  });

  it('wrong types name the field', async () => {
    const res = await ctx.client.post(login, { phone_number: 9876543210, password: ['x'] });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status: number; message: string; errors: Record<string, string[]> };
    expect(body.status).toBe(400);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['phone_number']));
  });

  it('an oversized body', async () => {
    const res = await ctx.client.post(login, { phone_number: '9876543210', password: 'x'.repeat(200_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, message: 'The request body is too large.' });
  });

  it('a body that is not JSON', async () => {
    const res = await ctx.client.call('POST', login, {
      body: 'a=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('still serves after all of that', async () => {
    expect((await ctx.client.get('/healthz')).statusCode).toBe(200);
  });
});
