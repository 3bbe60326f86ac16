// HTTP routes of the checkout module: the cart, reorder, coupons and the payment provider's key (all
// under /api). Placing, paying for and cancelling orders are the orders module's routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToCartBodySchema,
  cartItemParamsSchema,
  cartQuerySchema,
  couponCodeParamSchema,
  getCouponsBodySchema,
  keepCartBodySchema,
  opIdSchema,
  reorderBodySchema,
  type ApplyCouponResponse,
  type CartResponse,
  type ProviderKeyResponse,
  type ReorderResponse,
} from '../../../shared/api/checkout.ts';
import { requireUser } from '../../http/auth.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { callerOf, perCaller, sessionKeyOf } from './caller.ts';
import {
  addToCart,
  applyCoupon,
  currentView,
  forChange,
  keepChosenCart,
  removeCoupon,
  removeFromCart,
  reorder,
  storeCoupons,
  viewCart,
  withCart,
} from './service.ts';

export function checkoutRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get('/v1/checkout/', { schema: { querystring: cartQuerySchema } }, async (req): Promise<CartResponse> => {
    return viewCart(db, { userId: req.auth?.userId ?? null, sessionKey: sessionKeyOf(req) }, req.query);
  });

  r.post(
    '/v1/checkout/keep-cart/',
    { schema: { body: keepCartBodySchema, querystring: cartQuerySchema }, config: perCaller(60) },
    async (req): Promise<CartResponse> => {
      const { userId } = requireUser(req);
      const caller = await callerOf(req, db);
      await keepChosenCart(db, caller.sessionKey, userId, req.body.keep);
      const { sessionKey: key, conflict } = await withCart(db, await callerOf(req, db));
      return currentView(db, { userId, sessionKey: key }, key, conflict, req.query);
    },
  );

  r.post(
    '/v1/checkout/add/',
    { schema: { body: addToCartBodySchema, querystring: cartQuerySchema }, config: perCaller(600) },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await forChange(db, await callerOf(req, db));
      return addToCart(db, caller, sessionKey, req.body, req.query);
    },
  );

  r.post(
    '/v1/checkout/reorder/',
    { schema: { body: reorderBodySchema, querystring: cartQuerySchema }, config: perCaller(60) },
    async (req): Promise<ReorderResponse> => {
      const { userId } = requireUser(req);
      const { caller, sessionKey } = await forChange(db, await callerOf(req, db));
      return reorder(db, caller, sessionKey, userId, req.body, req.query);
    },
  );

  r.delete(
    '/v1/checkout/delete/:item',
    {
      schema: {
        params: cartItemParamsSchema,
        querystring: cartQuerySchema.extend({ op_id: opIdSchema.optional() }),
      },
      config: perCaller(600),
    },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await forChange(db, await callerOf(req, db));
      return removeFromCart(db, caller, sessionKey, req.params.item, req.query.op_id, req.query);
    },
  );

  r.post('/v1/checkout/get-coupon/', { schema: { body: getCouponsBodySchema } }, async (req) =>
    storeCoupons(db, req.body.store_id),
  );

  r.post(
    '/v1/checkout/get-coupon-value/:coupon_code',
    { schema: { params: couponCodeParamSchema, querystring: cartQuerySchema }, config: perCaller(30) },
    async (req): Promise<ApplyCouponResponse> => {
      const { caller, sessionKey } = await forChange(db, await callerOf(req, db));
      return applyCoupon(db, caller, sessionKey, req.params.coupon_code, req.query);
    },
  );

  r.post(
    '/v1/checkout/remove-coupon/',
    { schema: { querystring: cartQuerySchema } },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await forChange(db, await callerOf(req, db));
      return removeCoupon(db, caller, sessionKey, req.query);
    },
  );

  r.get('/v1/checkout/getrazorpayapi/', async (): Promise<ProviderKeyResponse> => ({
    provider: provider.name,
    key: provider.keyId,
    script_url: provider.scriptUrl,
  }));
}
