// HTTP routes of the push module: the public VAPID key (anyone; null when push is not configured) and
// the signed-in browser's subscription, saved (POST) or removed (DELETE). Full paths: this module is
// registered at the root, next to the service it decorates the app with.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.ts';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/api/push.ts';
import { pushPaths } from '../../../shared/api/paths.ts';
import type { PushService } from './service.ts';

/** Limited per signed-in user (a household may share one IP). */
const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);
const limit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } };

export async function pushRoutes(base: FastifyInstance, push: PushService): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(pushPaths.publicKey, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { public_key: push.publicKey };
  });

  app.post(
    pushPaths.subscriptions,
    { schema: { body: pushSubscriptionSchema }, config: limit },
    async (req, reply) => {
      const auth = requireUser(req);
      return reply.status(201).send(await push.subscribe(auth, req.body));
    },
  );

  app.delete(
    pushPaths.subscriptions,
    { schema: { body: pushUnsubscribeSchema }, config: limit },
    async (req) => {
      const auth = requireUser(req);
      return push.unsubscribe(auth, req.body.endpoint);
    },
  );
}
