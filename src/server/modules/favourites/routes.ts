// HTTP routes of favourite restaurants, for the signed-in customer (signed out 401). CSRF applies to
// PUT and DELETE.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.ts';
import { favouriteParamsSchema } from '../../../shared/api/ratings-schemas.ts';
import { favourites, heart, unheart } from './service.ts';

const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);
const limited = { rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: perUser } };

export function favouriteRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/v1/favourites/', async (req, reply) => {
    const { userId } = requireUser(req);
    void reply.header('cache-control', 'no-store');
    return favourites(app.db, userId);
  });

  app.put(
    '/v1/favourites/:restaurantId/',
    { schema: { params: favouriteParamsSchema }, config: limited },
    async (req) => heart(app.db, requireUser(req).userId, req.params.restaurantId),
  );

  app.delete(
    '/v1/favourites/:restaurantId/',
    { schema: { params: favouriteParamsSchema }, config: limited },
    async (req) => unheart(app.db, requireUser(req).userId, req.params.restaurantId),
  );
}
