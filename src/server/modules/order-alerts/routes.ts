// HTTP routes of the order alerts, for the staff of one restaurant (customers 403, the signed-out
// 401), beside the live-order list under /api/v1/orders/restaurant/. CSRF applies to the POST.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../http/auth.ts';
import { orderIdParamsSchema } from '../../../shared/api/orders.ts';
import { acknowledgeOrder, ringingList } from './service.ts';

/** Per signed-in user: a whole kitchen may share one IP. */
const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);

export function orderAlertRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/orders/restaurant/alerts/',
    { config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perUser } } },
    async (req, reply) => {
      const { restaurantId } = requireStaff(req);
      void reply.header('cache-control', 'no-store');
      return ringingList(app.db, restaurantId);
    },
  );

  app.post(
    '/v1/orders/restaurant/:id/ack/',
    {
      schema: { params: orderIdParamsSchema },
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (req) => {
      const { userId, restaurantId } = requireStaff(req);
      return acknowledgeOrder(app.db, { userId, restaurantId }, req.params.id);
    },
  );
}
