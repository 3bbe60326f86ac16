// The discovery API module (routes under /api).
import type { FastifyPluginAsync } from 'fastify';

export const discoveryModule: FastifyPluginAsync = async () => {};
