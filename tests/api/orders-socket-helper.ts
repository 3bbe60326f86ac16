// A listening server for the order websocket tests: the real app on a fresh database, with the order
// sockets plugin at the root (registered here until the app factory does it), on a loopback port.
import { afterAll } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/index.ts';
import { ordersSocketsPlugin } from '../../src/server/modules/orders/index.ts';
import { openTestDatabase } from './helper.ts';

export interface LiveServer {
  app: App;
  db: Db;
  base: string;
  port: number;
  databaseUrl: string | undefined;
}

export async function buildOrdersApp(db: Db, env: Record<string, string> = {}): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  config.clientDir = '/nonexistent';
  const app = await buildApp({ config, db });
  if (!app.hasRoute({ method: 'GET', url: '/ws/orders/:restaurantId/' }))
    await app.register(ordersSocketsPlugin);
  return app;
}

export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const { db, url, drop } = await openTestDatabase();
  const app = await buildOrdersApp(db, env);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  afterAll(async () => {
    await app.close();
    await db.close();
    await drop();
  });
  return { app, db, port, base: `http://127.0.0.1:${port}`, databaseUrl: url };
}

export interface SocketResult {
  ws: WebSocket;
  /** Every message but the server's heartbeat pings and greetings (those are in `control`). */
  messages: unknown[];
  control: Array<Record<string, unknown>>;
  /** Resolves with the close code (or the HTTP status of a refused upgrade, as a negative number). */
  closed: Promise<number>;
  opened: Promise<boolean>;
  next(pred?: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  ping(): Promise<void>;
}

export function openSocket(
  port: number,
  path: string,
  /** autoPong false: a client that never answers the server's pings (a dead connection). */
  opts: { token?: string; origin?: string | null; cookie?: string; autoPong?: boolean } = {},
): SocketResult {
  const headers: Record<string, string> = {};
  const origin = opts.origin === undefined ? `http://127.0.0.1:${port}` : opts.origin;
  if (origin) headers['origin'] = origin;
  if (opts.cookie) headers['cookie'] = opts.cookie;
  else if (opts.token) headers['cookie'] = `auth._token.local=${encodeURIComponent(`Bearer ${opts.token}`)}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers, autoPong: opts.autoPong ?? true });
  const messages: Record<string, unknown>[] = [];
  const control: Record<string, unknown>[] = [];
  const waiters: Array<{
    pred: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  ws.on('message', (data) => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(data.toString()) as Record<string, unknown>;
    } catch {
      return;
    }
    if (m['type'] === 'ping' || m['type'] === 'hello' || m['type'] === 'order.current') {
      control.push(m);
      return;
    }
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<number>((resolve) => {
    ws.on('unexpected-response', (_req, res) => {
      resolve(-(res.statusCode ?? 0));
      ws.terminate();
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => undefined);
  });
  const opened = new Promise<boolean>((resolve) => {
    ws.on('open', () => resolve(true));
    void closed.then(() => resolve(false));
  });
  const next = (pred: (m: Record<string, unknown>) => boolean = () => true, timeoutMs = 5000) => {
    const found = messages.find(pred);
    if (found) {
      messages.splice(messages.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no matching message on ${path} in ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(t);
          messages.splice(messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  };
  return {
    ws,
    messages,
    control,
    closed,
    opened,
    next,
    async ping() {
      await opened;
      ws.send('ping');
      await next((m) => m['type'] === 'pong');
    },
  };
}
