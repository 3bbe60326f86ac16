// The ratings module (issue 16): a customer rates a delivered order once (routes under /api).
import type { FastifyPluginAsync } from 'fastify';
import { ratingRoutes } from './routes.ts';

export const ratingsModule: FastifyPluginAsync = async (app) => {
  ratingRoutes(app);
};
