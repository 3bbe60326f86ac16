// Real server processes for tests that need more than app.inject: several processes on one database,
// a second start on a locked data folder, kill -9 in the middle of a checkout. Each runs
// `node --import tsx src/server/main.ts` (or SERVER_ENTRY, e.g. the built dist/server/main.mjs) on a
// free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const ENTRY = process.env['SERVER_ENTRY'] ?? 'src/server/main.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM and wait; SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Spawns a server; `env` adds to a quiet test configuration (no demo seed, no client build). */
export function spawnServer(env: Record<string, string>, port: number): ServerProcess {
  let out = '';
  // One process, not the tsx wrapper and its child: a signal must reach the server itself.
  const args = ENTRY.endsWith('.ts') ? ['--import', 'tsx', ENTRY] : [ENTRY];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CLIENT_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until /healthz answers 200, or throws with the server's output. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`server exited (${await server.exited}):\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server on ${server.port} did not start:\n${server.output()}`);
}

/** Spawns a server and waits until it is healthy. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const server = spawnServer(env, port ?? (await freePort()));
  await waitHealthy(server);
  return server;
}
