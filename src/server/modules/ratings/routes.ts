// HTTP routes of order ratings: the customer's own orders only (signed out 401, another's order 404).
// CSRF applies to the POST.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.ts';
import { orderIdParamsSchema } from '../../../shared/api/orders.ts';
import { rateOrderRequestSchema } from '../../../shared/api/ratings-schemas.ts';
import { rateOrder, ratingState } from './service.ts';

const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);

export function ratingRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/v1/orders/:id/rating/', { schema: { params: orderIdParamsSchema } }, async (req, reply) => {
    const { userId } = requireUser(req);
    void reply.header('cache-control', 'no-store');
    return ratingState(app.db, userId, req.params.id);
  });

  app.post(
    '/v1/orders/:id/rating/',
    {
      schema: { params: orderIdParamsSchema, body: rateOrderRequestSchema },
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (req, reply) => {
      const { userId } = requireUser(req);
      const state = await rateOrder(app.db, userId, req.params.id, req.body);
      void reply.code(201);
      return state;
    },
  );
}
