// The push module: Web Push to staff devices (new and cancelled orders of their restaurant) and to
// customers (their own orders' status changes), with the app closed. Registered at the root (its
// routes carry full /api paths) so the app is decorated with its service (`app.push`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pushRoutes } from './routes.ts';
import { vapidPairMatches } from './sender.ts';
import { PushService } from './service.ts';

export { PushService } from './service.ts';

export const pushPlugin = fp(
  async function push(app: FastifyInstance): Promise<void> {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = app.config;
    const vapid = publicKey && privateKey ? { subject, publicKey, privateKey } : null;
    if (vapid && !vapidPairMatches(vapid.publicKey, vapid.privateKey)) {
      throw new Error(
        'VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY: generate both together ' +
          '(npx web-push generate-vapid-keys).',
      );
    }
    const service = new PushService({
      db: app.db,
      vapid,
      production: app.config.NODE_ENV === 'production',
      log: app.log,
    });
    app.decorate('push', service);
    await pushRoutes(app, service);
    app.addHook('onReady', async () => service.start());
    app.addHook('onClose', async () => service.stop());
  },
  { name: 'push' },
);

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}
