// The order alerts module (issue 14): which orders still ring on the staff screens, and the
// acknowledgement that silences one on every screen (routes under /api).
import type { FastifyPluginAsync } from 'fastify';
import { orderAlertRoutes } from './routes.ts';

export const orderAlertsModule: FastifyPluginAsync = async (app) => {
  orderAlertRoutes(app);
};
