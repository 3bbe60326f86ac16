// HTTP routes of the kitchen module, for the staff of one restaurant (requireStaff: customers 403, the
// signed-out 401), under /api/v1/restaurant-admin/. Every control answers the new kitchen state (or
// the changed item or order); CSRF applies to every unsafe call as everywhere.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../http/auth.ts';
import { pageLinks } from '../../http/page-links.ts';
import {
  autoAcceptBodySchema,
  busyBodySchema,
  itemIdParamsSchema,
  itemStockBodySchema,
  kitchenLogQuerySchema,
  pauseBodySchema,
  prepTimeBodySchema,
} from '../../../shared/api/kitchen.ts';
import { orderIdParamsSchema } from '../../../shared/api/orders.ts';
import {
  adjustPrepTime,
  changeItemStock,
  controlHistory,
  kitchenItems,
  kitchenState,
  pauseOrders,
  resumeOrders,
  setAutoAcceptMode,
  setBusyMode,
  type Staff,
} from './service.ts';

/** Staff controls are limited per signed-in user (a whole kitchen may share one IP). */
const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);
const limited = { rateLimit: { max: 300, timeWindow: '1 minute', keyGenerator: perUser } };

const staffOf = (req: FastifyRequest): Staff => {
  const s = requireStaff(req);
  return { userId: s.userId, restaurantId: s.restaurantId };
};

export function kitchenRoutes(base: FastifyInstance, opts: { liveWindowMs: number }): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const state = (staff: Staff) => kitchenState(db, staff.restaurantId, new Date(), opts.liveWindowMs);

  app.get('/v1/restaurant-admin/kitchen/', async (req) => state(staffOf(req)));

  app.put(
    '/v1/restaurant-admin/kitchen/busy/',
    { schema: { body: busyBodySchema }, config: limited },
    async (req) => {
      const staff = staffOf(req);
      await setBusyMode(db, staff, req.body.extra_min);
      return state(staff);
    },
  );

  app.post(
    '/v1/restaurant-admin/kitchen/pause/',
    { schema: { body: pauseBodySchema }, config: limited },
    async (req) => {
      const staff = staffOf(req);
      await pauseOrders(db, staff, req.body.duration, new Date());
      return state(staff);
    },
  );

  app.post('/v1/restaurant-admin/kitchen/resume/', { config: limited }, async (req) => {
    const staff = staffOf(req);
    await resumeOrders(db, staff, new Date());
    return state(staff);
  });

  app.put(
    '/v1/restaurant-admin/kitchen/auto-accept/',
    { schema: { body: autoAcceptBodySchema }, config: limited },
    async (req) => {
      const staff = staffOf(req);
      await setAutoAcceptMode(db, staff, req.body);
      return state(staff);
    },
  );

  app.get(
    '/v1/restaurant-admin/kitchen/log/',
    { schema: { querystring: kitchenLogQuerySchema } },
    async (req) => {
      const { restaurantId } = staffOf(req);
      const { limit, offset } = req.query;
      const { count, results } = await controlHistory(db, restaurantId, limit, offset);
      return { count, ...pageLinks(req, count, limit, offset), results };
    },
  );

  app.get('/v1/restaurant-admin/menu/items/', async (req) => {
    const { restaurantId } = staffOf(req);
    const results = await kitchenItems(db, restaurantId, new Date());
    return { count: results.length, next: null, previous: null, results };
  });

  app.put(
    '/v1/restaurant-admin/menu/items/:id/stock/',
    { schema: { params: itemIdParamsSchema, body: itemStockBodySchema }, config: limited },
    async (req) => ({
      item: await changeItemStock(db, staffOf(req), req.params.id, req.body, new Date()),
    }),
  );

  app.post(
    '/v1/restaurant-admin/orders/:id/prep-time/',
    { schema: { params: orderIdParamsSchema, body: prepTimeBodySchema }, config: limited },
    async (req) => ({
      order: await adjustPrepTime(db, staffOf(req), req.params.id, req.body.delta_min, new Date()),
    }),
  );
}
