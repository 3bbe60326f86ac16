// The orders API module (routes under /api).
import type { FastifyPluginAsync } from 'fastify';

export const ordersModule: FastifyPluginAsync = async () => {};
