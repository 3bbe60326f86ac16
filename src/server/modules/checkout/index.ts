// The checkout API module (routes under /api): cart, coupons, order creation and payment.
import type { FastifyPluginAsync } from 'fastify';
import { checkoutRoutes } from './routes.ts';

export { mergeAnonymousCart } from './cart-merge.ts';

export const checkoutModule: FastifyPluginAsync = async (app) => {
  if (app.payments.name === 'sandbox' && app.config.NODE_ENV === 'production') {
    app.log.warn('PAYMENT_PROVIDER is the sandbox: orders are "paid" with test cards, no money moves');
  }
  checkoutRoutes(app, app.payments);
};
