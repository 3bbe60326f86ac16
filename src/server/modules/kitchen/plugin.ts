// The kitchen module's plugin (docs/kitchen-controls.md): staff controls under
// /api/v1/restaurant-admin/, the auto-accept of newly paid orders (hooked into the payments module)
// and the kitchen sweep (timed pauses and out-of-stock marks that run out, the unattended pause).
// Staff presence is recorded by the order sockets (modules/orders/sockets.ts) with ./presence.ts.
// Registered by modules/index.ts; other modules use ./index.ts, which must not import this file.
import type { FastifyPluginAsync } from 'fastify';
import { onOrderPaid } from '../orders/index.ts';
import { kitchenRoutes } from './routes.ts';
import { autoAcceptPaidOrder } from './service.ts';
import { LIVE_WINDOW_MS, startKitchenSweep } from './sweep.ts';

export const kitchenModule: FastifyPluginAsync = async (app) => {
  kitchenRoutes(app, { liveWindowMs: LIVE_WINDOW_MS });
  // One hook per process, however many apps (tests) register it: a Set keeps the same function once.
  onOrderPaid(autoAcceptPaidOrder);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startKitchenSweep(
      app.db,
      {
        intervalMs: app.config.KITCHEN_SWEEP_INTERVAL_MS,
        unattendedAfterMs: app.config.UNATTENDED_PAUSE_AFTER_S * 1000,
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
};
