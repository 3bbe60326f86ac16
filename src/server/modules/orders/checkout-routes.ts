// HTTP routes of the orders module that the checkout calls: order creation, the payment callback,
// cancellation, the provider's webhook, and the sandbox provider's script, card endpoint and UPI (all
// under /api). The cart and coupons are the checkout module's.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYMENT_ERROR_CODES,
  SANDBOX_CARDS,
  createOrderBodySchema,
  idempotencyKeySchema,
  orderRefParamsSchema,
  paymentSuccessBodySchema,
  sandboxPayBodySchema,
  type CancelOrderResponse,
  type PaymentSuccessResponse,
} from '../../../shared/api/checkout.ts';
import { crashPoint } from '../../crash-points.ts';
import { requireUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { isSandbox, type PaymentProvider } from '../../providers/payments/index.ts';
import { SANDBOX_CHECKOUT_JS } from '../../providers/payments/sandbox-checkout-script.ts';
import { callerOf, perCaller } from '../checkout/index.ts';
import { loadOrder } from './checkout-queries.ts';
import { cancelAndRefund, createOrderResponse, paymentSuccess } from './checkout-service.ts';
import { handleWebhook, recordAttempt } from './payments.ts';
import { createOrder } from './placement.ts';
import { sandboxUpiRoutes } from './sandbox-upi.ts';

export function checkoutOrderRoutes(app: FastifyInstance, provider: PaymentProvider): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

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
    async (req): Promise<PaymentSuccessResponse> => paymentSuccess(db, provider, req.body, req.log),
  );

  r.post(
    '/v1/orders/cancel-order/:orderID',
    {
      schema: { params: orderRefParamsSchema },
    },
    async (req): Promise<CancelOrderResponse> => {
      const auth = requireUser(req);
      return cancelAndRefund(db, provider, auth.userId, req.params.orderID, req.log);
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
