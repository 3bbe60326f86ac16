// HTTP routes of the checkout module: cart, coupons, order creation, payment callbacks, webhook and
// the sandbox provider's script and card endpoint (all under /api).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  SANDBOX_CARDS,
  addToCartBodySchema,
  cartQuerySchema,
  couponCodeParamSchema,
  createOrderBodySchema,
  getCouponsBodySchema,
  idempotencyKeySchema,
  opIdSchema,
  paymentSuccessBodySchema,
  type ApplyCouponResponse,
  type CancelOrderResponse,
  type CartResponse,
  type PaymentSuccessResponse,
  type ProviderKeyResponse,
} from '../../../shared/api/checkout.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import { requireUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { isSandbox, type PaymentProvider } from '../../providers/payments/index.ts';
import { providerId } from '../../providers/payments/sandbox.ts';
import { SANDBOX_CHECKOUT_JS } from '../../providers/payments/sandbox-checkout-script.ts';
import { callerOf, newSessionKey, type Caller } from './caller.ts';
import {
  cartLines,
  cartView,
  claimOp,
  ensureCart,
  findCart,
  loadRestaurant,
  setQuantity,
  tidy,
} from './cart.ts';
import { mergeAnonymousCart } from './cart-merge.ts';
import { couponsForStore, findCoupon, toRule, userCouponUses } from './coupons.ts';
import {
  cancelOrder,
  confirmPayment,
  createOrder,
  createOrderResponse,
  handleWebhook,
  loadOrder,
  orderSummary,
  recordFailedPayment,
  refundOrder,
} from './orders.ts';

const perCaller = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) =>
      req.auth ? `u:${req.auth.userId}` : `a:${String(req.headers['x-anonymous-id'] ?? req.ip)}`,
  },
});

export function checkoutRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The caller with a session key (a new one when they have none) and any anonymous cart merged. */
  async function withCart(req: FastifyRequest): Promise<{ caller: Caller; sessionKey: string }> {
    const caller = await callerOf(req, db);
    const sessionKey = caller.sessionKey ?? newSessionKey();
    if (caller.userId !== null && caller.sessionKey) {
      const userId = caller.userId;
      const key = caller.sessionKey;
      const [anon] = await db.query('select 1 from carts where session_key = $1 and user_id is null', [key]);
      if (anon) await db.transaction((tx) => mergeAnonymousCart(tx, key, userId));
    }
    return { caller: { ...caller, sessionKey }, sessionKey };
  }

  r.get('/v1/checkout/', { schema: { querystring: cartQuerySchema } }, async (req): Promise<CartResponse> => {
    const { caller, sessionKey } = await withCart(req);
    const cart = await findCart(db, caller);
    return cartView(db, cart, caller, sessionKey, req.query);
  });

  r.post(
    '/v1/checkout/add/',
    { schema: { body: addToCartBodySchema, querystring: cartQuerySchema }, config: perCaller(600) },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await withCart(req);
      return db.transaction(async (tx) => {
        const cart = await ensureCart(tx, caller);
        if (await claimOp(tx, cart.id, req.body.op_id)) await setQuantity(tx, cart, req.body);
        const fresh = await findCart(tx, caller);
        return cartView(tx, fresh, caller, sessionKey, req.query);
      });
    },
  );

  r.delete(
    '/v1/checkout/delete/:item',
    {
      schema: {
        params: z.object({ item: z.coerce.number().int().positive() }),
        querystring: cartQuerySchema.extend({ op_id: opIdSchema.optional() }),
      },
      config: perCaller(600),
    },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await withCart(req);
      return db.transaction(async (tx) => {
        const cart = await findCart(tx, caller, true);
        if (cart && (await claimOp(tx, cart.id, req.query.op_id))) {
          await tx.query('delete from cart_items where cart_id = $1 and menu_item_id = $2', [
            cart.id,
            req.params.item,
          ]);
          await tidy(tx, cart.id);
        }
        return cartView(tx, await findCart(tx, caller), caller, sessionKey, req.query);
      });
    },
  );

  r.post('/v1/checkout/get-coupon/', { schema: { body: getCouponsBodySchema } }, async (req) => {
    const restaurant = await loadRestaurant(db, req.body.store_id);
    if (!restaurant) throw new HttpError(404, 'Restaurant not found.', 'not_found');
    return { data: await couponsForStore(db, restaurant.id) };
  });

  r.post(
    '/v1/checkout/get-coupon-value/:coupon_code',
    { schema: { params: couponCodeParamSchema, querystring: cartQuerySchema }, config: perCaller(30) },
    async (req): Promise<ApplyCouponResponse> => {
      const { caller, sessionKey } = await withCart(req);
      const cart = await findCart(db, caller);
      const lines = cart ? await cartLines(db, cart.id) : [];
      if (!cart || !lines.length) {
        throw new HttpError(
          400,
          'Add items to your cart before applying a coupon.',
          CART_ERROR_CODES.cartEmpty,
        );
      }
      const row = await findCoupon(db, req.params.coupon_code);
      const check = checkCoupon(row ? toRule(row) : null, {
        now: new Date(),
        storeId: cart.restaurant_id ?? lines[0]!.restaurant_id,
        itemTotal: lines.reduce((s, l) => s + l.price * l.quantity, 0),
        userUses: row ? await userCouponUses(db, caller.userId, row.coupon_code) : 0,
      });
      if (!check.ok) throw new HttpError(400, check.message, check.code);
      await db.query('update carts set coupon_code = $2, updated_at = now() where id = $1', [
        cart.id,
        row!.coupon_code,
      ]);
      const view = await cartView(db, await findCart(db, caller), caller, sessionKey, req.query);
      return {
        ...view,
        coupon_code: row!.coupon_code,
        coupon_discount: view.cart_meta?.coupon_discount ?? 0,
        message: `${row!.coupon_code} applied`,
      };
    },
  );

  r.post(
    '/v1/checkout/remove-coupon/',
    { schema: { querystring: cartQuerySchema } },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await withCart(req);
      const cart = await findCart(db, caller);
      if (cart)
        await db.query('update carts set coupon_code = null, updated_at = now() where id = $1', [cart.id]);
      return cartView(db, await findCart(db, caller), caller, sessionKey, req.query);
    },
  );

  r.get('/v1/checkout/getrazorpayapi/', async (): Promise<ProviderKeyResponse> => ({
    provider: provider.name,
    key: provider.keyId,
    script_url: provider.scriptUrl,
  }));

  r.post(
    '/v2/orders/createorder/',
    { schema: { body: createOrderBodySchema }, config: perCaller(30) },
    async (req, reply) => {
      const auth = requireUser(req);
      const rawKey = req.headers['idempotency-key'];
      let idempotencyKey: string | null = null;
      if (rawKey !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(rawKey);
        if (!parsed.success) {
          throw new HttpError(
            400,
            'Idempotency-Key must be 8-100 letters, digits, _ : . or -.',
            'validation_error',
          );
        }
        idempotencyKey = parsed.data;
      }
      const caller = await callerOf(req, db);
      const orderId = await createOrder(db, {
        userId: auth.userId,
        sessionKey: caller.sessionKey,
        idempotencyKey,
        body: req.body,
      });
      const res = await createOrderResponse(db, provider, orderId);
      return reply.status(201).send(res);
    },
  );

  r.post(
    '/v1/orders/paymentsuccess/',
    { schema: { body: paymentSuccessBodySchema }, config: perCaller(60) },
    async (req): Promise<PaymentSuccessResponse> => {
      const result = await confirmPayment(db, provider, req.body);
      if (result.refundNeeded) await refundOrder(db, provider, result.order.id, req.log);
      const order = (await loadOrder(db, 'id', result.order.id))!;
      return {
        status: 'success',
        message:
          order.refund_pending || order.payment_status === 'refunded'
            ? 'Payment received for a cancelled order; it is being refunded.'
            : 'Payment successful. Your order has been placed.',
        order: await orderSummary(db, order),
      };
    },
  );

  r.post(
    '/v1/orders/cancel-order/:orderID',
    {
      schema: { params: z.object({ orderID: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Invalid order id') }) },
    },
    async (req): Promise<CancelOrderResponse> => {
      const auth = requireUser(req);
      const cancelled = await cancelOrder(db, auth.userId, req.params.orderID);
      if (cancelled.refund_pending) await refundOrder(db, provider, cancelled.id, req.log);
      const order = (await loadOrder(db, 'id', cancelled.id))!;
      return {
        status: 'success',
        message:
          order.payment_status === 'refunded'
            ? 'Order cancelled. Your refund has been started.'
            : order.refund_pending
              ? 'Order cancelled. Your refund will be processed shortly.'
              : 'Order cancelled.',
        order: await orderSummary(db, order),
      };
    },
  );

  // The webhook authenticates by signature over the exact bytes sent, so it gets the raw body.
  app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      '/v1/payments/webhook',
      { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !provider.verifyWebhookSignature(raw, signature)) {
          throw new HttpError(400, 'Invalid webhook signature.', PAYMENT_ERROR_CODES.signatureInvalid);
        }
        const eventId = req.headers['x-razorpay-event-id'];
        const result = await handleWebhook(
          db,
          provider,
          raw,
          typeof eventId === 'string' ? eventId : undefined,
        );
        if (result.refundOrderId !== undefined)
          await refundOrder(db, provider, result.refundOrderId, req.log);
        return { status: result.status };
      },
    );
  });

  if (!isSandbox(provider)) return;
  const sandbox = provider;

  r.get('/v1/payments/sandbox/checkout.js', async (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SANDBOX_CHECKOUT_JS),
  );

  r.post(
    '/v1/payments/sandbox/pay',
    {
      schema: {
        body: z.object({
          order_id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/, 'Invalid order_id'),
          card_number: z.string().regex(/^\d{12,19}$/, 'Enter a valid card number'),
          expiry: z.string().regex(/^\d{2}\/\d{2}$/, 'Enter the expiry as MM/YY'),
          cvv: z.string().regex(/^\d{3,4}$/, 'Enter the CVV'),
          name: z.string().max(100).optional(),
        }),
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const order = await loadOrder(db, 'provider_order_id', req.body.order_id);
      if (!order) throw new HttpError(404, 'Unknown payment order.', PAYMENT_ERROR_CODES.orderUnknown);
      if (order.payment_status === 'paid' || order.payment_status === 'refunded') {
        throw new HttpError(400, 'This order has already been paid.', 'order_already_paid');
      }
      const paymentId = providerId('pay');
      if (req.body.card_number === SANDBOX_CARDS.failure) {
        await recordFailedPayment(db, 'sandbox', order, { id: paymentId, amount: order.to_pay });
        return reply.status(402).send({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment declined by the bank (sandbox failure card). No money was taken.',
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.provider_order_id, payment_id: paymentId },
          },
        });
      }
      if (req.body.card_number !== SANDBOX_CARDS.success) {
        throw new HttpError(
          400,
          'Use a sandbox test card: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 fails.',
          'sandbox_unknown_card',
        );
      }
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.provider_order_id,
        razorpay_signature: sandbox.signPayment(order.provider_order_id!, paymentId),
      };
    },
  );
}
