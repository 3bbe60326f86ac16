// Builds the real app on a fresh database for one test file: PGlite in memory by default, or a new
// PostgreSQL database when TEST_DB=postgres. `client` adds the CSRF cookie/header pair and tokens.
import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/index.ts';

export const TEST_DB = process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'pglite';
export const POSTGRES_ADMIN_URL =
  process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  client: TestClient;
  /** A database URL for this test file (PostgreSQL only), e.g. to start a second server process. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{
  db: Db;
  url: string | undefined;
  drop(): Promise<void>;
}> {
  if (TEST_DB === 'pglite') {
    const db = await openDatabase({});
    return { db, url: undefined, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Builds the app on a fresh database and closes both after the file's tests.
 * `seed` runs on the database before the app starts (e.g. the demo seed or a factory).
 */
export async function setupApp(
  opts: {
    env?: Record<string, string>;
    seed?: (db: Db) => Promise<unknown>;
    /** Sees the Fastify instance as it is created, before any plugin or route (e.g. to add hooks). */
    onInstance?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const { db, url, drop } = await openTestDatabase();
  if (opts.seed) await opts.seed(db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...opts.env });
  config.clientDir = '/nonexistent';
  const app = await withNewInstance(
    (instance) => opts.onInstance?.(instance),
    () => buildApp({ config, db }),
  );
  await app.ready();
  const ctx: TestContext = {
    app,
    db,
    config,
    databaseUrl: url,
    client: new TestClient(app),
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
  afterAll(() => ctx.close());
  return ctx;
}

/** Runs `build` and hands `see` the Fastify instance it creates (Fastify's initialization channel). */
async function withNewInstance<T>(see: (app: FastifyInstance) => void, build: () => Promise<T>): Promise<T> {
  const channel = diagnostics.channel('fastify.initialization');
  let seen = false;
  const listener = (message: unknown) => {
    if (seen) return;
    seen = true;
    see((message as { fastify: FastifyInstance }).fastify);
  };
  channel.subscribe(listener);
  try {
    return await build();
  } finally {
    channel.unsubscribe(listener);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer access token for this call; defaults to the client's own token. */
  token?: string | null;
  /** Send the request without the CSRF header (to test the check). */
  noCsrf?: boolean;
}

/** A browser-like API caller: keeps cookies, echoes the CSRF token, sends its bearer token. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  anonymousId: string | null = null;

  constructor(readonly app: App) {}

  /** A separate client (another browser) on the same app. */
  fork(): TestClient {
    return new TestClient(this.app);
  }

  async call(method: Method, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrftoken') && method !== 'GET') await this.call('GET', '/healthz');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf && !opts.noCsrf && method !== 'GET') headers['x-csrftoken'] = csrf;
    const token = opts.token === undefined ? this.token : opts.token;
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (this.anonymousId && !headers['x-anonymous-id']) headers['x-anonymous-id'] = this.anonymousId;
    const req: InjectOptions = { method, url, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    const res = await this.app.inject(req);
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, opts?: CallOptions) => this.call('GET', url, opts);
  post = (url: string, body?: unknown, opts?: CallOptions) => this.call('POST', url, { ...opts, body });
  put = (url: string, body?: unknown, opts?: CallOptions) => this.call('PUT', url, { ...opts, body });
  delete = (url: string, opts?: CallOptions) => this.call('DELETE', url, opts);
}
