// The accounts API module (routes under /api).
import type { FastifyPluginAsync } from 'fastify';

export const accountsModule: FastifyPluginAsync = async () => {};
