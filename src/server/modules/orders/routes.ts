// HTTP routes of the orders module: the customer's orders, payments and tracking, and the staff's
// live-order list, status changes and courier positions. Served under /api.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff, requireUser } from '../../http/auth.ts';
import {
  courierLocationSchema,
  orderIdParamsSchema,
  orderNumberParamsSchema,
  pageQuerySchema,
  restaurantOrdersQuerySchema,
  statusChangeSchema,
  statusTokenQuerySchema,
} from '../../../shared/api/orders.ts';
import { notFound } from '../../http/errors.ts';
import { pageLinks } from '../../http/page-links.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import { refundOrderNow } from './payments.ts';
import { checkOrderPayment, orderPayment } from './payment-check.ts';
import { customerOrders, customerPayments, findOrder, restaurantOrders } from './queries.ts';
import {
  changeStatus,
  checkStatusToken,
  currentCourier,
  ownOrder,
  postCourierLocation,
  publicStatus,
  statusLink,
  tracking,
} from './service.ts';

/** Staff actions are limited per signed-in user (a whole kitchen may share one IP). */
const perUser = (req: FastifyRequest) => (req.auth ? `u${req.auth.userId}` : `ip${req.ip}`);

const idParams = orderIdParamsSchema;

export async function orderRoutes(base: FastifyInstance, payments: PaymentProvider): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // Read per call: the signing key is loaded when the auth plugin registers.
  const linkSecret = () => app.tokens.secret('order-status-link');
  const linkFor = (orderId: number) => statusLink(linkSecret(), orderId);

  app.get('/v1/orders/all/customer/', { schema: { querystring: pageQuerySchema } }, async (req) => {
    const { userId } = requireUser(req);
    const { limit, offset } = req.query;
    const { count, records } = await customerOrders(db, userId, limit, offset);
    return { count, ...pageLinks(req, count, limit, offset), results: records.map((r) => r.summary) };
  });

  app.get(
    '/v1/orders/details/:orderNumber/',
    { schema: { params: orderNumberParamsSchema } },
    async (req) => {
      const { userId } = requireUser(req);
      const { summary } = await ownOrder(db, userId, { orderNumber: req.params.orderNumber });
      return {
        order: summary,
        status_link: linkFor(summary.id),
        payment: await orderPayment(db, summary.id),
      };
    },
  );

  app.get('/v1/orders/details/id/:id/', { schema: { params: idParams } }, async (req) => {
    const { userId } = requireUser(req);
    const { summary } = await ownOrder(db, userId, { id: req.params.id });
    return { order: summary, status_link: linkFor(summary.id), payment: await orderPayment(db, summary.id) };
  });

  // The order pages ask this while an order waits for its payment (a UPI request in the customer's UPI
  // app): the provider is asked about its payments first, so a lost webhook cannot keep it unpaid.
  app.post(
    '/v1/orders/check-payment/:id/',
    {
      schema: { params: idParams },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } },
    },
    async (req) => {
      const { userId } = requireUser(req);
      const own = await ownOrder(db, userId, { id: req.params.id });
      await checkOrderPayment(db, payments, own.summary.id, req.log);
      const { summary } = await ownOrder(db, userId, { id: req.params.id });
      return {
        order: summary,
        status_link: linkFor(summary.id),
        payment: await orderPayment(db, summary.id),
      };
    },
  );

  app.get('/v1/orders/tracking/:id/', { schema: { params: idParams } }, async (req) => {
    const { userId } = requireUser(req);
    return tracking(db, await ownOrder(db, userId, { id: req.params.id }), linkFor(req.params.id));
  });

  // The status page of a signed link (/m/{id}?t=...): no sign-in, only the public status fields.
  // Every refusal (no token, expired, altered, another order's, no such order) is the same 404.
  app.get(
    '/v1/orders/status/:id/',
    {
      schema: { params: idParams, querystring: statusTokenQuerySchema },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const exp = checkStatusToken(linkSecret(), req.params.id, req.query.t);
      const rec = exp === null ? null : await findOrder(db, { id: req.params.id });
      if (exp === null || !rec) throw notFound('This order status link is not valid or has expired.');
      void reply.header('cache-control', 'private, no-store');
      return publicStatus(rec, exp);
    },
  );

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
    const { count, totals, records } = await restaurantOrders(db, restaurantId, q);
    return {
      count,
      ...pageLinks(req, count, q.limit, q.offset),
      results: records.map((r) => r.summary),
      totals,
    };
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
        // Never throws: a failed refund stays refund_pending and the payments sweep retries it.
        await refundOrderNow(db, payments, order.id, req.log);
        return { order: (await findOrder(db, { id: order.id }))!.summary };
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
