// Builds the whole server as one Fastify instance: used by main.ts (listen) and by every API test.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { registerAuth } from './http/auth.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts';
import { registerSpa, wantsShell } from './http/spa.ts';
import { modules, rootModules } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  db: Db;
}

export type App = FastifyInstance;

export async function buildApp({ config, db }: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Believe X-Forwarded-For only for the configured number of proxy hops.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
  }).withTypeProvider<ZodTypeProvider>();

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
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...maps, ...rzpScript],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...maps],
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
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  registerCsrf(app, { exempt: ['/api/v1/payments/webhook'], secure: config.NODE_ENV === 'production' });
  await registerAuth(app);

  app.get('/healthz', async (_req, reply) => {
    const up = await db.ping().catch(() => false);
    return reply
      .status(up ? 200 : 503)
      .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
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
  }
}
