// HTTP routes of the orders module: the customer's orders, payments and tracking, and the staff's
// live-order list, status changes and courier positions. Served under /api.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../http/auth.ts';
import {
  courierLocationSchema,
  pageQuerySchema,
  restaurantOrdersQuerySchema,
  statusChangeSchema,
} from '../../../shared/api/orders.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { refundOrder } from '../checkout/index.ts';
import { customerOrders, customerPayments, findOrder, restaurantOrders } from './queries.ts';
import { changeStatus, currentCourier, ownOrder, postCourierLocation, tracking } from './service.ts';

/** Staff actions are limited per signed-in user (a whole kitchen may share one IP). */
const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Django-style page links: the same path with the neighbouring offset, or null. */
export function pageLinks(req: FastifyRequest, count: number, limit: number, offset: number) {
  const url = new URL(req.url, 'http://x');
  const at = (o: number) => {
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(o));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    next: offset + limit < count ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
  };
}

export async function orderRoutes(base: FastifyInstance, payments: PaymentProvider): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get('/v1/orders/all/customer/', { schema: { querystring: pageQuerySchema } }, async (req) => {
    const { userId } = requireUser(req);
    const { limit, offset } = req.query;
    const { count, records } = await customerOrders(db, userId, limit, offset);
    return { count, ...pageLinks(req, count, limit, offset), results: records.map((r) => r.summary) };
  });

  app.get(
    '/v1/orders/details/:orderNumber/',
    { schema: { params: z.object({ orderNumber: z.string().min(1).max(64) }) } },
    async (req) => {
      const { userId } = requireUser(req);
      return { order: (await ownOrder(db, userId, { orderNumber: req.params.orderNumber })).summary };
    },
  );

  app.get('/v1/orders/details/id/:id/', { schema: { params: idParams } }, async (req) => {
    const { userId } = requireUser(req);
    return { order: (await ownOrder(db, userId, { id: req.params.id })).summary };
  });

  app.get('/v1/orders/tracking/:id/', { schema: { params: idParams } }, async (req) => {
    const { userId } = requireUser(req);
    return tracking(db, await ownOrder(db, userId, { id: req.params.id }));
  });

  app.get('/v1/orders/get-order-location/:id/', { schema: { params: idParams } }, async (req) => {
    const { userId } = requireUser(req);
    const rec = await ownOrder(db, userId, { id: req.params.id });
    return { order_id: rec.summary.id, status: rec.summary.status, courier: await currentCourier(db, rec) };
  });

  app.get('/v1/orders/payments/', { schema: { querystring: pageQuerySchema } }, async (req) => {
    const { userId } = requireUser(req);
    const { limit, offset } = req.query;
    const { count, results } = await customerPayments(db, userId, limit, offset);
    return { count, ...pageLinks(req, count, limit, offset), results };
  });

  app.get('/v1/orders/restaurant/', { schema: { querystring: restaurantOrdersQuerySchema } }, async (req) => {
    const { restaurantId } = requireStaff(req);
    const q = req.query;
    const { count, records } = await restaurantOrders(db, restaurantId, q);
    return { count, ...pageLinks(req, count, q.limit, q.offset), results: records.map((r) => r.summary) };
  });

  app.post(
    '/v1/orders/restaurant/:id/status/',
    {
      schema: { params: idParams, body: statusChangeSchema },
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (req) => {
      const { restaurantId } = requireStaff(req);
      const order = await changeStatus(db, restaurantId, req.params.id, req.body);
      if (order.status === 'rejected' && order.refund_pending) {
        // refundOrder never throws: a failed refund stays refund_pending for a retry.
        if (await refundOrder(db, payments, order.id, req.log)) {
          return { order: (await findOrder(db, { id: order.id }))!.summary };
        }
      }
      return { order };
    },
  );

  app.post(
    '/v1/orders/:id/courier-location/',
    {
      schema: { params: idParams, body: courierLocationSchema },
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (req) => {
      const { restaurantId } = requireStaff(req);
      return { courier: await postCourierLocation(db, restaurantId, req.params.id, req.body) };
    },
  );
}
