// Every API module, mounted under /api. Each is an encapsulated Fastify plugin owning its routes.
import type { FastifyPluginAsync } from 'fastify';
import { accountsModule } from './accounts/index.ts';
import { checkoutModule } from './checkout/index.ts';
import { discoveryModule } from './discovery/index.ts';
import { favouritesModule } from './favourites/index.ts';
import { kitchenModule } from './kitchen/plugin.ts';
import { orderAlertsModule } from './order-alerts/index.ts';
import { ordersModule, ordersSocketsPlugin } from './orders/index.ts';
import { pushPlugin } from './push/index.ts';
import { ratingsModule } from './ratings/index.ts';

export const modules: FastifyPluginAsync[] = [
  discoveryModule,
  accountsModule,
  checkoutModule,
  ordersModule,
  orderAlertsModule,
  kitchenModule,
  ratingsModule,
  favouritesModule,
];

/** Modules registered at the root: the order websockets under /ws; Web Push (full /api paths). */
export const rootModules: FastifyPluginAsync[] = [ordersSocketsPlugin, pushPlugin];
