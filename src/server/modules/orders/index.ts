// The orders module: customer orders, payments and tracking, the staff's live orders (routes under
// /api), the order websockets (ordersSocketsPlugin, registered at the root, outside /api) and the
// payments sweep (refund retries, reconciliation of unconfirmed payments).
import type { FastifyPluginAsync } from 'fastify';
import { purgeOrderEvents } from '../../realtime/order-events.ts';
import { startDemoCourier } from './courier-demo.ts';
import { startPaymentsSweep } from './payments.ts';
import { orderRoutes } from './routes.ts';

export { ordersSocketsPlugin } from './sockets.ts';

export const ordersModule: FastifyPluginAsync = async (app) => {
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
