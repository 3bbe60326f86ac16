// The orders module: the order lifecycle (placing, paying, cancelling and refunding orders: the
// checkout's order routes, the payment webhook and the sandbox provider's endpoints), customer orders,
// payments and tracking, the staff's live orders (routes under /api), the order websockets
// (ordersSocketsPlugin, registered at the root, outside /api) and the payments sweep (refund retries,
// reconciliation of unconfirmed payments). Its door for other modules: the kitchen hooks its
// auto-accept into newly paid orders, reads orders and moves their status; order alerts use PAID_ONCE.
import type { FastifyPluginAsync } from 'fastify';
import { purgeOrderEvents } from '../../realtime/order-events.ts';
import { checkoutOrderRoutes } from './checkout-routes.ts';
import { startDemoCourier } from './courier-demo.ts';
import { startPaymentsSweep } from './payments.ts';
import { orderRoutes } from './routes.ts';

export { ordersSocketsPlugin } from './sockets.ts';
export { onOrderPaid, type PaidOrderHook } from './payments.ts';
export { PAID_ONCE, findOrder } from './queries.ts';
export { changeStatusInTx } from './service.ts';

export const ordersModule: FastifyPluginAsync = async (app) => {
  if (app.payments.name === 'sandbox' && app.config.NODE_ENV === 'production') {
    app.log.warn('PAYMENT_PROVIDER is the sandbox: orders are "paid" with test cards, no money moves');
  }
  checkoutOrderRoutes(app, app.payments);
  await orderRoutes(app, app.payments);
  const stops: Array<() => void> = [];
  app.addHook('onReady', async () => {
    stops.push(startPaymentsSweep(app.db, app.payments, app.config.PAYMENT_SWEEP_INTERVAL_MS, app.log));
    // A tab offline for more than a week reloads its list instead of replaying: old events go.
    const purge = setInterval(
      () =>
        void purgeOrderEvents(app.db).catch((err: unknown) => app.log.warn({ err }, 'event purge failed')),
      60 * 60_000,
    );
    purge.unref();
    stops.push(() => clearInterval(purge));
    if (app.config.DEMO_MODE) stops.push(startDemoCourier(app.db, app.log));
  });
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
};
