// The checkout API module (routes under /api).
import type { FastifyPluginAsync } from 'fastify';

export const checkoutModule: FastifyPluginAsync = async () => {};
