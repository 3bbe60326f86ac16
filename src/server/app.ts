// Builds the whole server as one Fastify instance: used by main.ts (listen) and by every API test.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { canonicalUrl } from '../shared/canonical-path.ts';
import { tileOrigin, type Config } from './config.ts';
import type { Db } from './db/index.ts';
import { registerAuth } from './http/auth.ts';
import { floodLimitStore } from './http/flood-limit-store.ts';
import { registerCsrf } from './http/csrf.ts';
import { EARLY_TAPS_CSP_SOURCE } from './http/early-taps.ts';
import {
  DATABASE_RETRY_AFTER_S,
  answerClientError,
  registerErrorHandling,
  sendApiNotFound,
} from './http/errors.ts';
import { HotAnswers, registerHotAnswers } from './http/hot-answers.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa, wantsShell } from './http/spa.ts';
import { modules, rootModules } from './modules/index.ts';
import { createMapsProvider, type MapsProvider } from './providers/maps/index.ts';
import { loadPaymentProvider, type PaymentProvider } from './providers/payments/index.ts';
import { createSmsProvider, type SmsProvider } from './providers/sms/index.ts';

/** How long one database ping answers /healthz. */
const HEALTH_PING_TTL_MS = 500;

/** `ask`, called at most once per `ttlMs`: callers in between share the last (or pending) answer. */
function recentAnswer<T>(ask: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at >= ttlMs) last = { at: now, answer: ask() };
    return last.answer;
  };
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** The payment provider; by default the one the configuration names. */
  payments?: PaymentProvider;
}

export type App = FastifyInstance;

/** Fastify's own settings for the server it would make: kept for the one made here. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildApp({ config, db, payments }: AppDeps): Promise<App> {
  const hot = new HotAnswers();
  const app = Fastify({
    // Node's server, as Fastify would make it, with the hot answers in front (http/hot-answers.ts).
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (!hot.serve(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Believe X-Forwarded-For only for the configured number of proxy hops.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    // One spelling of every path before routing: whatever looks at req.url afterwards (CSRF, cache
    // headers, the shell fallback) decides on the path the router matched.
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    // The router's own refusals (broken percent-encoding, an over-long path parameter) answer the
    // API error shape like every other failure.
    frameworkErrors: (err, _req, res) => {
      const reply = res as unknown as FastifyReply;
      const status = err.statusCode ?? 400;
      const message =
        err.code === 'FST_ERR_BAD_URL'
          ? 'The address is not valid URL encoding.'
          : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'A part of the address is too long.'
            : 'The request could not be routed.';
      void reply.status(status).send({ status, message, code: err.code.toLowerCase() });
    },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // Node closes a server's idle keep-alive connections only when close() starts. One whose last
  // response was still being written then (a compressed body under load) goes idle a moment later and
  // would hold close() open for the keep-alive timeout (72 s): close each one as soon as it is idle.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      app.server.once('close', () => clearInterval(sweep));
    }
    done();
  });

  // Fastify logs each request it answers at info: the replays are logged at that level too.
  if (['info', 'debug', 'trace'].includes(config.LOG_LEVEL)) hot.log = app.log;
  registerHotAnswers(app, hot);
  app.decorate('hotAnswers', hot);

  // Every route as registered (method, path, schemas, config): the attack and path suites walk it.
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route as RouteOptions));
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('shellHints', []);
  registerErrorHandling(app);

  // The Google map widget needs Google's script, tile and API hosts, and only when a browser key is set.
  const maps = config.GOOGLE_MAPS_BROWSER_KEY
    ? ['https://maps.googleapis.com', 'https://maps.gstatic.com']
    : [];
  // Razorpay's real checkout script and its payment frames (the sandbox is same-origin).
  const razorpay = config.PAYMENT_PROVIDER === 'razorpay';
  const rzpScript = razorpay ? ['https://checkout.razorpay.com'] : [];
  const rzpFrames = razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One inline script: the early-taps script of a server-rendered page (http/early-taps.ts).
        scriptSrc: ["'self'", EARLY_TAPS_CSP_SOURCE, ...maps, ...rzpScript],
        styleSrc: ["'self'"],
        // Street-map tiles (MAP_TILE_URL) come from that one origin, as images only.
        imgSrc: ["'self'", 'data:', 'blob:', ...maps, tileOrigin(config.MAP_TILE_URL)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...maps, ...rzpFrames],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", ...rzpFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The checkout and maps scripts are served cross-origin in production; COEP would block them.
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
  });
  await app.register(fastifyCookie);
  const floodStore = floodLimitStore(app, db, config.REDIS_URL);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in Redis or PostgreSQL so that every process counts together (docs/decisions/0013);
    // when that store cannot answer, the request goes through rather than failing.
    ...(floodStore.kind === 'redis' && { redis: floodStore.redis, nameSpace: 'storefront-rl:' }),
    ...(floodStore.kind === 'postgres' && { store: floodStore.store }),
    skipOnError: true,
    // Per-route limits answer like every other 429: the API's error body with code rate_limited (the
    // error handler lower-cases `code`), and Retry-After in seconds (a default header of the plugin).
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`Too many requests. Please try again in ${ctx.after}.`), {
        statusCode: ctx.statusCode,
        code: 'RATE_LIMITED',
      }),
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  registerCsrf(app, { secure: config.NODE_ENV === 'production' });
  await registerAuth(app);
  // One provider of each outside service for the whole app. Payments: the orders module opens,
  // confirms and refunds payments; checkout hands its key to the page. SMS: accounts sends OTPs.
  // Maps: discovery's location search and geocoding.
  app.decorate('payments', payments ?? (await loadPaymentProvider(config, db)));
  app.decorate('sms', createSmsProvider(config, { db, log: app.log }));
  app.decorate('maps', createMapsProvider(config));

  // Ready only when both the database answers and its notifications arrive: without the listener, no
  // order reaches the kitchen's screens, so a load balancer should send traffic elsewhere.
  // A load balancer may ask many times a second: one database ping answers every check for 500 ms.
  const databaseUp = recentAnswer(() => db.ping().catch(() => false), HEALTH_PING_TTL_MS);
  app.get('/healthz', async (_req, reply) => {
    const database = await databaseUp();
    const listener = db.listenerUp();
    const ok = database && listener;
    if (!ok) void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'degraded',
        database: database ? 'up' : 'down',
        listener: listener ? 'up' : 'down',
      });
  });

  for (const mod of modules) await app.register(mod, { prefix: '/api' });
  for (const mod of rootModules) await app.register(mod);

  await registerSpa(app, config.clientDir);
  app.setNotFoundHandler((req, reply) =>
    wantsShell(req) && app.hasDecorator('sendShell') ? app.sendShell(reply) : sendApiNotFound(req, reply),
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    routeTable: readonly RouteOptions[];
    /** Cached GET answers replayed before routing (http/hot-answers.ts). */
    hotAnswers: HotAnswers;
    payments: PaymentProvider;
    sms: SmsProvider;
    maps: MapsProvider;
  }
}
