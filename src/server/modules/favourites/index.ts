// The favourites module (issue 16): restaurants a customer hearted (routes under /api).
import type { FastifyPluginAsync } from 'fastify';
import { favouriteRoutes } from './routes.ts';

export const favouritesModule: FastifyPluginAsync = async (app) => {
  favouriteRoutes(app);
};
