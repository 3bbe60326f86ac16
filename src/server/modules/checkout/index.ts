// The checkout API module (routes under /api): cart, coupons, order creation and payment.
import type { FastifyPluginAsync } from 'fastify';
import { loadPaymentProvider } from '../../providers/payments/index.ts';
import { checkoutRoutes } from './routes.ts';

export { mergeAnonymousCart } from './cart-merge.ts';
export { refundOrder } from './orders.ts';
/** The orders module loads the same provider (e.g. to refund a rejected paid order via refundOrder). */
export { loadPaymentProvider } from '../../providers/payments/index.ts';

export const checkoutModule: FastifyPluginAsync = async (app) => {
  const provider = await loadPaymentProvider(app.config, app.db);
  if (provider.name === 'sandbox' && app.config.NODE_ENV === 'production') {
    app.log.warn('PAYMENT_PROVIDER is the sandbox: orders are "paid" with test cards, no money moves');
  }
  checkoutRoutes(app, provider);
};
