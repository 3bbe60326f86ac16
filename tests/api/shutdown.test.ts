// Closing the server (a deploy, a restart, the end of a test file) waits for requests under way and no
// longer: a keep-alive connection whose response was still being written when close() began is closed
// as soon as it is idle, not after the keep-alive timeout (72 s).
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openTestDatabase } from './helper.ts';

describe('closing the server', () => {
  it('finishes the response under way, then closes its keep-alive connection at once', async () => {
    const { db, drop } = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    config.clientDir = '/nonexistent';
    const app = await buildApp({ config, db });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    app.get('/slow-for-test', async () => {
      await held;
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true });
    try {
      const pending = get(`http://127.0.0.1:${port}/slow-for-test`, agent);
      // Wait until the request is in the handler, then begin closing.
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      const closed = app.close();
      setTimeout(release, 300);
      const res = await pending;
      expect(res).toEqual({ status: 200, body: { done: true } });
      await closed;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      agent.destroy();
      await db.close();
      await drop();
    }
  }, 20_000);
});

/** A GET through a keep-alive agent: the connection stays open after the response, as a browser's does. */
function get(url: string, agent: http.Agent): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      })
      .on('error', reject);
  });
}
