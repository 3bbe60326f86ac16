// Every API module, mounted under /api. Each is an encapsulated Fastify plugin owning its routes.
import type { FastifyPluginAsync } from 'fastify';
import { accountsModule } from './accounts/index.ts';
import { checkoutModule } from './checkout/index.ts';
import { discoveryModule } from './discovery/index.ts';
import { ordersModule, ordersSocketsPlugin } from './orders/index.ts';

export const modules: FastifyPluginAsync[] = [discoveryModule, accountsModule, checkoutModule, ordersModule];

/** Modules served outside /api: the order websockets under /ws. */
export const rootModules: FastifyPluginAsync[] = [ordersSocketsPlugin];
