// The checkout API module (routes under /api): the cart, reorder and coupons. Its door for other
// modules: the orders module places orders from the cart and reserves and releases coupons through
// the exports below; accounts merges an anonymous cart at sign-in; discovery shows coupons as offers.
import type { FastifyPluginAsync } from 'fastify';
import { checkoutRoutes } from './routes.ts';

export { callerOf, loadUser, perCaller } from './caller.ts';
export { mergeAnonymousCart } from './cart-merge.ts';
export {
  findCoupon,
  releaseCoupon,
  reserveCoupon,
  usedUpCartCoupon,
  userCouponUses,
} from './coupon-queries.ts';
export { toApiCoupon, toRule, type CouponDisplayRow } from './coupons.ts';
export { cartLines, findCart, loadRestaurant, type CartRow } from './queries.ts';

export const checkoutModule: FastifyPluginAsync = async (app) => {
  checkoutRoutes(app, app.payments);
};
