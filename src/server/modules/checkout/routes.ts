// HTTP routes of the checkout module: cart, coupons, order creation, payment callbacks, webhook and
// the sandbox provider's script and card endpoint (all under /api).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CART_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  SANDBOX_CARDS,
  addToCartBodySchema,
  cartItemParamsSchema,
  cartQuerySchema,
  couponCodeParamSchema,
  createOrderBodySchema,
  getCouponsBodySchema,
  idempotencyKeySchema,
  keepCartBodySchema,
  opIdSchema,
  orderRefParamsSchema,
  paymentSuccessBodySchema,
  reorderBodySchema,
  sandboxPayBodySchema,
  type ApplyCouponResponse,
  type CancelOrderResponse,
  type CartResponse,
  type PaymentSuccessResponse,
  type ProviderKeyResponse,
  type ReorderResponse,
} from '../../../shared/api/checkout.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import { crashPoint } from '../../crash-points.ts';
import { requireUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { isSandbox, type PaymentProvider } from '../../providers/payments/index.ts';
import { SANDBOX_CHECKOUT_JS } from '../../providers/payments/sandbox-checkout-script.ts';
import { reorderInto } from './reorder.ts';
import { sandboxUpiRoutes } from './sandbox-upi.ts';
import { callerOf, newSessionKey, sessionKeyOf, type Caller } from './caller.ts';
import {
  cartLines,
  cartView,
  claimOp,
  ensureCart,
  findCart,
  loadRestaurant,
  savedCartSummary,
  setQuantity,
  tidy,
  type ViewOptions,
} from './cart.ts';
import { keepCart, mergeAnonymousCart } from './cart-merge.ts';
import { couponsForStore, findCoupon, toRule, userCouponUses } from './coupons.ts';
import { confirmPayment, handleWebhook, recordAttempt, refundOrderNow } from '../orders/payments.ts';
import { cancelOrder, createOrder, createOrderResponse, loadOrder, orderSummary } from './orders.ts';

const cartConflict = () =>
  new HttpError(
    409,
    'You have two carts: choose which one to keep before changing your cart or ordering.',
    CART_ERROR_CODES.conflict,
  );

const perCaller = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    // The signed-in customer, else the anonymous cart (header or cookie), else the network.
    keyGenerator: (req: FastifyRequest) =>
      req.auth ? `u:${req.auth.userId}` : `a:${sessionKeyOf(req) ?? req.ip}`,
  },
});

export function checkoutRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /**
   * The caller with a session key (a new one when they have none) and any anonymous cart merged;
   * `conflict` when this browser's cart and the account's hold different restaurants' items.
   */
  async function withCart(
    req: FastifyRequest,
  ): Promise<{ caller: Caller; sessionKey: string; conflict: boolean }> {
    const caller = await callerOf(req, db);
    const sessionKey = caller.sessionKey ?? newSessionKey();
    let conflict = false;
    if (caller.userId !== null && caller.sessionKey) {
      const userId = caller.userId;
      const key = caller.sessionKey;
      const [anon] = await db.query('select 1 from carts where session_key = $1 and user_id is null', [key]);
      if (anon) conflict = (await db.transaction((tx) => mergeAnonymousCart(tx, key, userId))) === 'conflict';
    }
    return { caller: { ...caller, sessionKey }, sessionKey, conflict };
  }

  /** A cart change must wait for the customer's answer while two carts compete. */
  async function forChange(req: FastifyRequest): Promise<{ caller: Caller; sessionKey: string }> {
    const found = await withCart(req);
    if (found.conflict) throw cartConflict();
    return found;
  }

  /** The cart this browser shows: while two carts compete, its own cart plus the account's saved one. */
  async function currentView(caller: Caller, sessionKey: string, conflict: boolean, opts: ViewOptions) {
    if (!conflict) return cartView(db, await findCart(db, caller), caller, sessionKey, opts);
    const mine = await findCart(db, { userId: null, sessionKey });
    const saved = await findCart(db, caller);
    const view = await cartView(db, mine, caller, sessionKey, opts);
    const summary = saved ? await savedCartSummary(db, saved) : null;
    return { ...view, cart_conflict: summary ? { saved: summary } : null };
  }

  r.get('/v1/checkout/', { schema: { querystring: cartQuerySchema } }, async (req): Promise<CartResponse> => {
    const { caller, sessionKey, conflict } = await withCart(req);
    return currentView(caller, sessionKey, conflict, req.query);
  });

  r.post(
    '/v1/checkout/keep-cart/',
    { schema: { body: keepCartBodySchema, querystring: cartQuerySchema }, config: perCaller(60) },
    async (req): Promise<CartResponse> => {
      const { userId } = requireUser(req);
      const caller = await callerOf(req, db);
      const sessionKey = caller.sessionKey;
      if (sessionKey) await db.transaction((tx) => keepCart(tx, sessionKey, userId, req.body.keep));
      const { sessionKey: key, conflict } = await withCart(req);
      return currentView({ userId, sessionKey: key }, key, conflict, req.query);
    },
  );

  r.post(
    '/v1/checkout/add/',
    { schema: { body: addToCartBodySchema, querystring: cartQuerySchema }, config: perCaller(600) },
    async (req): Promise<CartResponse> => {
      const { caller, sessionKey } = await forChange(req);
      return db.transaction(async (tx) => {
        const cart = await ensureCart(tx, caller);
        if (await claimOp(tx, cart.id, req.body.op_id)) await setQuantity(tx, cart, req.body);
        const fresh = await findCart(tx, caller);
        return cartView(tx, fresh, caller, sessionKey, req.query);
      });
    },
  );

  r.post(
    '/v1/checkout/reorder/',
    { schema: { body: reorderBodySchema, querystring: cartQuerySchema }, config: perCaller(60) },
    async (req): Promise<ReorderResponse> => {
      const { userId } = requireUser(req);
      const { caller, sessionKey } = await forChange(req);
      return db.transaction(async (tx) => {
        const cart = await ensureCart(tx, caller);
        const reorder = await reorderInto(tx, cart, userId, req.body.order_id, req.body.replace ?? false);
        return {
          ...(await cartView(tx, await findCart(tx, caller), caller, sessionKey, req.query)),
          reorder,
        };
      });
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
      const { caller, sessionKey } = await forChange(req);
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
      const { caller, sessionKey } = await forChange(req);
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
      const { caller, sessionKey } = await forChange(req);
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
      const { orderId, outcome } = await confirmPayment(db, provider, req.body, req.log);
      const order = (await loadOrder(db, 'id', orderId))!;
      if (order.payment_status !== 'paid' && order.payment_status !== 'refunded') {
        // Captured money that does not pay this order (a wrong amount): refunded, the order still unpaid.
        throw new HttpError(
          409,
          'The amount paid does not match this order. It is being refunded in full; please pay again.',
          PAYMENT_ERROR_CODES.amountMismatch,
        );
      }
      return {
        status: 'success',
        message:
          outcome.kind === 'refund' && outcome.reason === 'duplicate'
            ? 'This order was already paid. This second payment is being refunded in full.'
            : order.refund_pending || order.payment_status === 'refunded'
              ? 'Payment received for a cancelled order; it is being refunded.'
              : 'Payment successful. Your order has been placed.',
        order: await orderSummary(db, order),
      };
    },
  );

  r.post(
    '/v1/orders/cancel-order/:orderID',
    {
      schema: { params: orderRefParamsSchema },
    },
    async (req): Promise<CancelOrderResponse> => {
      const auth = requireUser(req);
      const cancelled = await cancelOrder(db, auth.userId, req.params.orderID);
      if (cancelled.refund_pending) await refundOrderNow(db, provider, cancelled.id, req.log);
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
      // Authenticated by the provider's signature over the raw body, not by a CSRF token.
      { config: { csrf: false, rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !provider.verifyWebhookSignature(raw, signature)) {
          throw new HttpError(400, 'Invalid webhook signature.', PAYMENT_ERROR_CODES.signatureInvalid);
        }
        // Razorpay names each event; a body without an id is keyed by its hash (a resend is the same).
        const header = req.headers['x-razorpay-event-id'];
        const eventId =
          typeof header === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(header)
            ? header
            : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        return handleWebhook(db, provider, raw, eventId, req.log);
      },
    );
  });

  if (!isSandbox(provider)) return;
  const sandbox = provider;
  sandboxUpiRoutes(app, sandbox);

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
        body: sandboxPayBodySchema,
      },
      config: perCaller(60),
    },
    async (req, reply) => {
      const order = await loadOrder(db, 'provider_order_id', req.body.order_id);
      if (!order) throw new HttpError(404, 'Unknown payment order.', PAYMENT_ERROR_CODES.orderUnknown);
      if (order.payment_status === 'paid' || order.payment_status === 'refunded') {
        throw new HttpError(400, 'This order has already been paid.', 'order_already_paid');
      }
      if (req.body.card_number === SANDBOX_CARDS.failure) {
        const failed = await sandbox.pay(order.provider_order_id!, 'failed');
        const paymentId = failed.id;
        // As Razorpay's payment.failed webhook would: the attempt shows in the customer's payments.
        await db.transaction((tx) => recordAttempt(tx, sandbox.name, order.id, failed, 'failed'));
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
      const paid = await sandbox.pay(order.provider_order_id!, 'captured');
      crashPoint('sandbox:after-capture');
      return {
        razorpay_payment_id: paid.id,
        razorpay_order_id: order.provider_order_id,
        razorpay_signature: sandbox.signPayment(order.provider_order_id!, paid.id),
      };
    },
  );
}
