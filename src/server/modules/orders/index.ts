// The orders module: customer orders, payments and tracking, the staff's live orders (routes under
// /api), and the order websockets (ordersSocketsPlugin, registered at the root, outside /api).
import type { FastifyPluginAsync } from 'fastify';
import { loadPaymentProvider } from '../checkout/index.ts';
import { startDemoCourier } from './courier-demo.ts';
import { orderRoutes } from './routes.ts';

export { ordersSocketsPlugin } from './sockets.ts';

export const ordersModule: FastifyPluginAsync = async (app) => {
  // A rejected paid order is refunded at once through the same provider the checkout uses.
  await orderRoutes(app, await loadPaymentProvider(app.config, app.db));
  if (app.config.DEMO_MODE) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startDemoCourier(app.db, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }
};
