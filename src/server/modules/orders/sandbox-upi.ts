// The sandbox provider's UPI (docs/product.md#upi-payments): the checkout window's collect request and
// its poll, and the sandbox UPI app, a page that stands in for the customer's UPI app (BHIM, Google
// Pay, PhonePe): it lists the requests waiting for a UPI ID and approves or declines them. Approving
// captures the payment and sends Razorpay's payment.captured webhook, signed as Razorpay signs it, to
// our own webhook route; declining (or letting it expire) fails it. Only with PAYMENT_PROVIDER=sandbox.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYMENT_ERROR_CODES,
  sandboxPaymentParamsSchema,
  sandboxUpiAnswerBodySchema,
  sandboxUpiAppQuerySchema,
  sandboxUpiBodySchema,
} from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';
import { HttpError } from '../../http/errors.ts';
import { PaymentProviderError, type ProviderPayment } from '../../providers/payments/types.ts';
import type { SandboxProvider } from '../../providers/payments/sandbox.ts';
import {
  SANDBOX_UPI_APP_CSS,
  SANDBOX_UPI_APP_HTML,
  SANDBOX_UPI_APP_JS,
} from '../../providers/payments/sandbox-upi-app.ts';
import { loadOrder, sandboxFailureReason } from './checkout-queries.ts';
import { reconcileOrder, recordAttempt } from './payments.ts';

/** A refusal by the sandbox (the "bank") becomes the API's error shape, never a 500. */
function refused(err: unknown): never {
  if (err instanceof PaymentProviderError) {
    throw new HttpError(err.status === 409 ? 409 : 400, err.message, 'upi_request_closed');
  }
  throw err;
}

export function sandboxUpiRoutes(app: FastifyInstance, sandbox: SandboxProvider): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  /** Our order for a sandbox payment or provider order (the sandbox only ever serves ours). */
  const ourOrder = async (providerOrderId: string) => {
    const order = await loadOrder(db, 'provider_order_id', providerOrderId);
    if (!order) throw new HttpError(404, 'Unknown payment order.', PAYMENT_ERROR_CODES.orderUnknown);
    return order;
  };

  /**
   * Razorpay's webhook for one payment event, delivered to our own webhook route with Razorpay's
   * headers (signature over the exact body, event id). 'lose' plays a webhook the network lost.
   */
  async function sendWebhook(
    event: 'payment.captured' | 'payment.failed',
    p: ProviderPayment,
    mode: 'deliver' | 'lose',
  ): Promise<'delivered' | 'lost' | 'undelivered'> {
    if (mode === 'lose') return 'lost';
    const raw = sandbox.paymentEvent(event, p);
    try {
      const res = await app.inject({
        method: 'POST',
        url: checkoutPaths.webhook,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandbox.signWebhook(raw),
          'x-razorpay-event-id': `evt_${randomBytes(10).toString('hex')}`,
        },
        payload: raw,
      });
      if (res.statusCode === 200) return 'delivered';
      app.log.warn(
        { status: res.statusCode, event },
        'sandbox webhook was refused; reconciliation will find it',
      );
    } catch (err) {
      app.log.warn({ err, event }, 'sandbox webhook could not be delivered; reconciliation will find it');
    }
    return 'undelivered';
  }

  // The checkout window's UPI form: a collect request to the customer's UPI ID, waiting for approval.
  r.post(
    '/v1/payments/sandbox/upi',
    { schema: { body: sandboxUpiBodySchema }, config: perIp(30) },
    async (req, reply) => {
      const order = await ourOrder(req.body.order_id);
      if (order.payment_status === 'paid' || order.payment_status === 'refunded') {
        throw new HttpError(400, 'This order has already been paid.', 'order_already_paid');
      }
      if (order.status !== 'placed') {
        throw new HttpError(400, 'This order was cancelled and can no longer be paid.', 'order_not_payable');
      }
      const p = await sandbox
        .startCollect(order.provider_order_id!, req.body.vpa, app.config.SANDBOX_UPI_EXPIRY_S)
        .catch(refused);
      // What Razorpay's own records now say (this request waiting, any earlier one withdrawn) is what
      // the order pages show: the same reconciliation a page's check or the sweep runs.
      await reconcileOrder(db, sandbox, order.id, req.log);
      return reply.status(201).send({
        razorpay_payment_id: p.id,
        razorpay_order_id: p.order_id,
        status: p.status,
        method: p.method,
        vpa: req.body.vpa,
        amount: p.amount,
        currency: p.currency,
        expires_at: p.expires_at ?? null,
        upi_app_url: `${checkoutPaths.sandboxUpiApp}?vpa=${encodeURIComponent(req.body.vpa)}`,
      });
    },
  );

  // The checkout window asks while it shows "Approve in your UPI app"; captured answers carry what
  // Razorpay Checkout hands its handler (the result goes to paymentsuccess like a card's).
  r.get(
    '/v1/payments/sandbox/upi/:payment_id',
    { schema: { params: sandboxPaymentParamsSchema }, config: perIp(120) },
    async (req) => {
      const p = await sandbox.fetchPayment(req.params.payment_id).catch(() => {
        throw new HttpError(404, 'Unknown payment.', 'not_found');
      });
      if (p.method !== 'upi') throw new HttpError(404, 'Unknown payment.', 'not_found');
      if (p.status === 'failed') {
        const order = await ourOrder(p.order_id);
        await db.transaction((tx) => recordAttempt(tx, sandbox.name, order.id, p, 'failed'));
        const why = await sandboxFailureReason(db, p.id);
        return {
          status: 'failed',
          reason: why ?? 'failed',
          description:
            why === 'expired'
              ? 'The UPI request expired before it was approved. No money was taken.'
              : why === 'superseded'
                ? 'This UPI request was replaced by a newer one. No money was taken.'
                : 'The UPI request was declined. No money was taken.',
        };
      }
      if (p.status === 'captured' || p.status === 'refunded') {
        return {
          status: 'captured',
          razorpay_payment_id: p.id,
          razorpay_order_id: p.order_id,
          razorpay_signature: sandbox.signPayment(p.order_id, p.id),
        };
      }
      return { status: 'created', expires_at: p.expires_at ?? null };
    },
  );

  // The sandbox UPI app: a page of its own (not the storefront), a stylesheet and a script (the CSP
  // allows no inline code).
  r.get('/v1/payments/sandbox/upi-app', async (_req, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(SANDBOX_UPI_APP_HTML),
  );
  r.get('/v1/payments/sandbox/upi-app.js', async (_req, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SANDBOX_UPI_APP_JS),
  );
  r.get('/v1/payments/sandbox/upi-app.css', async (_req, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SANDBOX_UPI_APP_CSS),
  );

  r.get(
    '/v1/payments/sandbox/upi-app/requests',
    { schema: { querystring: sandboxUpiAppQuerySchema }, config: perIp(120) },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const requests = await sandbox.collectsFor(req.query.vpa);
      return {
        vpa: req.query.vpa,
        requests: requests.map((c) => ({
          payment_id: c.id,
          amount: c.amount,
          currency: c.currency,
          order_number: c.receipt,
          expires_at: c.expires_at,
        })),
      };
    },
  );

  r.post(
    '/v1/payments/sandbox/upi-app/approve',
    { schema: { body: sandboxUpiAnswerBodySchema }, config: perIp(60) },
    async (req) => {
      const p = await sandbox.approveCollect(req.body.payment_id).catch(async (err: unknown) => {
        // Refused by the bank (expired, or its order paid meanwhile): the payment failed, and Razorpay
        // says so with payment.failed, so the order pages stop waiting for it.
        const failed = await sandbox.fetchPayment(req.body.payment_id).catch(() => null);
        if (failed?.status === 'failed' && failed.method === 'upi') {
          await sendWebhook('payment.failed', failed, req.body.webhook);
        }
        return refused(err);
      });
      return {
        status: 'captured',
        amount: p.amount,
        currency: p.currency,
        webhook: await sendWebhook('payment.captured', p, req.body.webhook),
      };
    },
  );

  r.post(
    '/v1/payments/sandbox/upi-app/decline',
    { schema: { body: sandboxUpiAnswerBodySchema }, config: perIp(60) },
    async (req) => {
      const p = await sandbox.declineCollect(req.body.payment_id).catch(refused);
      return { status: 'failed', webhook: await sendWebhook('payment.failed', p, req.body.webhook) };
    },
  );
}
