// One server per embedded-database folder (docs/architecture.md#data-and-migrations): a second process on the
// same DATA_DIR refuses to start with a clear message and leaves the first one serving; after a kill -9 the
// stale lock does not stop the next start, and what the killed process committed is still there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './helper.ts';
import { freePort, spawnServer, startServer, type ServerProcess } from './server-process.ts';

if (TEST_DB !== 'pglite') console.log('data-dir-lock: PGlite only (PostgreSQL arbitrates its own clients).');

describe.skipIf(TEST_DB !== 'pglite')('the embedded database folder lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bhojan-lock-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder and keeps the first one serving', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
    servers.push(second);
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain(
      `is in use by another server process (pid ${first.child.pid}). Stop that server first`,
    );
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  }, 90_000);

  it('starts after the holder was killed with kill -9, with its committed data', async () => {
    const first = servers[0]!;
    // Something the first process committed: a CSRF-free write is enough (a sign-up OTP request).
    const health = await fetch(`${first.url}/healthz`);
    const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
    const signup = await fetch(`${first.url}/api/v1/users/customer/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      body: JSON.stringify({
        phone_number: '9812345670',
        password: 'lock-test-pass',
        name: 'Lock',
        email: '',
      }),
    });
    expect(signup.status).toBeLessThan(300);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const next = await startServer({ DATA_DIR: dataDir });
    servers.push(next);
    const outbox = await fetch(`${next.url}/api/v1/dev/outbox?phone_number=9812345670`);
    expect(((await outbox.json()) as { results: unknown[] }).results).toHaveLength(1);
  }, 90_000);
});
