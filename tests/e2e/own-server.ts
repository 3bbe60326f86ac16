// A built storefront server of a spec's own, for journeys that need settings the shared e2e server
// does not have (VAPID keys, a fast heartbeat, a short unattended pause, PostgreSQL) or that restart
// it. It runs dist/ (E2E_DIST) on a free port with its own data folder, demo data and no unattended
// pause unless the spec asks for one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

const DIST = process.env['E2E_DIST'] ?? 'dist';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  readonly port: number;
  readonly base: string;
  /** Starts it (again, after stop, on the same port and data) and waits until /healthz answers. */
  start(): Promise<void>;
  /** SIGTERM, and waits until it has exited. */
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * `name` names its data folder; `env` adds to (or overrides) the defaults; `seedScale` seeds the
 * embedded database with that many times the demo restaurants before the first start (the server
 * seeds scale 1 itself).
 */
export async function ownServer(
  name: string,
  env: Record<string, string> = {},
  { seedScale }: { seedScale?: number } = {},
): Promise<OwnServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = `.tmp/${name}-data-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  if (seedScale !== undefined) {
    const seeded = spawnSync('node', [`${DIST}/server/seed-cli.mjs`, '--scale', String(seedScale)], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    if (seeded.status !== 0) throw new Error(`seeding ${name} at scale ${seedScale} failed`);
  }
  let child: ChildProcess | undefined;

  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };

  return {
    port,
    base,
    async start() {
      child = spawn('node', [`${DIST}/server/main.mjs`], {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          CLIENT_DIR: `${DIST}/client`,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          DEMO_MODE: 'false',
          // No staff screen is connected while a journey starts: keep restaurant 1 taking orders.
          UNATTENDED_PAUSE_AFTER_S: '0',
          ...env,
        },
      });
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}`);
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (Date.now() > deadline) throw new Error(`${name} server did not start in 150 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
