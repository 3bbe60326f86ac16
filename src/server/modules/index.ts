// Every API module, mounted under /api. Each is an encapsulated Fastify plugin owning its routes.
import type { FastifyPluginAsync } from 'fastify';

export const modules: FastifyPluginAsync[] = [];
