// Money exactly once (docs/product.md#orders-and-payments). Every payment the provider reports, by the
// checkout's callback, a webhook or our own reconciliation, goes through applyCapture/recordAttempt under the
// order's row lock:
// - an order is paid by exactly one payment (orders.payment_id) whose amount and currency equal its
//   to_pay in INR; the order is the one WE stored for the provider order, never one named in a request;
// - any other captured payment for it (a second capture, a wrong amount, a payment after cancellation)
//   is recorded as refund_pending and refunded in full through the provider, with an idempotency key,
//   retried with backoff by the sweep until it succeeds;
// - a payment's state only moves forward: pending < authorized < failed < paid < refund_pending <
//   refunded, so a late or repeated event ("authorized" after "failed", "captured" after "refunded")
//   changes nothing. `pending` is a UPI collect request the customer has not approved yet; a capture
//   that arrives after it failed (a late approval) is applied like any other capture: it pays the
//   order if nothing else did, else it is refunded.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { crashPoint } from '../../crash-points.ts';
import { HttpError } from '../../http/errors.ts';
import { toPayment, toRefund } from '../../providers/payments/entities.ts';
import type { PaymentProvider, ProviderPayment } from '../../providers/payments/index.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import { PAYMENT_ERROR_CODES } from '../../../shared/api/checkout.ts';
import { maskVpa } from '../../../shared/upi.ts';
import type { LedgerStatus } from '../../../shared/order-status.ts';
import {
  advanceAttempt,
  clearOrderedLines,
  countPaymentCheck,
  dueRefunds,
  insertAttempt,
  insertCapturedPayment,
  ledgerRow,
  lockOrder,
  markPaidPaymentForRefund,
  markPaymentRefunded,
  markProviderRefunded,
  orderByProviderOrder,
  orderRefById,
  ordersDueForCheck,
  paymentIdOf,
  paymentToRefund,
  pendingRefunds,
  recordRefundFailure,
  recordWebhookEvent,
  setOrderPaid,
  setOrderRefunded,
  setOrderRefundedReturning,
  setOrderRefundPending,
  updateCapturedPayment,
  type OrderRef,
} from './payment-queries.ts';

export type RefundReason = 'cancelled' | 'rejected' | 'duplicate' | 'amount_mismatch';
const RANK: Record<LedgerStatus, number> = {
  pending: 0,
  authorized: 1,
  failed: 2,
  paid: 3,
  refund_pending: 4,
  refunded: 5,
};
export const PAYMENT_CURRENCY = 'INR';

export type CaptureOutcome =
  | { kind: 'paid'; paymentId: number }
  | { kind: 'already'; paymentId: number }
  | { kind: 'refund'; paymentId: number; reason: RefundReason };

/**
 * Runs inside the paying transaction right after a newly paid order's order.created (the kitchen's
 * auto-accept registers here, so this module need not import it). A hook must not throw.
 */
export type PaidOrderHook = (
  tx: Queryable,
  order: { orderId: number; restaurantId: number; userId: number },
) => Promise<void>;
const paidOrderHooks = new Set<PaidOrderHook>();
export function onOrderPaid(hook: PaidOrderHook): void {
  paidOrderHooks.add(hook);
}

/**
 * Applies one captured payment to our order (inside the caller's transaction). Decides whether it pays
 * the order or must be refunded, records it once, and tells the restaurant about a newly paid order.
 */
export async function applyCapture(
  tx: Queryable,
  providerName: string,
  orderId: number,
  p: ProviderPayment,
): Promise<CaptureOutcome> {
  const order = await lockOrder(tx, orderId);
  const existing = await ledgerRow(tx, p.id);
  if (existing && (existing.order_id !== order.id || RANK[existing.status] >= RANK.paid)) {
    return { kind: 'already', paymentId: existing.id };
  }
  const exact = p.amount === order.to_pay && p.currency === PAYMENT_CURRENCY;
  const claims = exact && order.payment_id === null && ['pending', 'failed'].includes(order.payment_status);
  const dead = order.status === 'cancelled' || order.status === 'rejected';
  const reason: RefundReason | null = !exact
    ? 'amount_mismatch'
    : !claims
      ? 'duplicate'
      : dead
        ? (order.status as RefundReason)
        : null;
  const status: LedgerStatus = reason ? 'refund_pending' : 'paid';
  const paymentId = existing
    ? await updateCapturedPayment(tx, existing.id, status, p, reason, maskedVpa(p))
    : await insertCapturedPayment(tx, order.id, providerName, p, status, reason, maskedVpa(p));
  if (claims) {
    await setOrderPaid(tx, order.id, paymentId, reason !== null);
    if (!dead) {
      await clearOrderedLines(tx, order);
      await publishOrderEvent(tx, {
        type: 'order.created',
        orderId: order.id,
        restaurantId: order.restaurant_id,
        userId: order.user_id,
      });
      for (const hook of paidOrderHooks)
        await hook(tx, { orderId: order.id, restaurantId: order.restaurant_id, userId: order.user_id });
    }
  }
  return reason ? { kind: 'refund', paymentId, reason } : { kind: 'paid', paymentId };
}

/** We keep a UPI ID only masked (pr***@okhdfc): it is shown, never needed whole. */
const maskedVpa = (p: ProviderPayment): string | null => (p.vpa ? maskVpa(p.vpa) : null);

/**
 * Records an attempt that took no money: a UPI collect request waiting for the customer's approval
 * (pending, with its expiry when known), authorised but not yet captured, or failed.
 */
export async function recordAttempt(
  tx: Queryable,
  providerName: string,
  orderId: number,
  p: ProviderPayment,
  status: 'pending' | 'authorized' | 'failed',
): Promise<void> {
  await lockOrder(tx, orderId);
  const existing = await ledgerRow(tx, p.id);
  const expiresAt = status === 'pending' ? (p.expires_at ?? null) : null;
  if (!existing) {
    await insertAttempt(tx, orderId, providerName, p, status, maskedVpa(p), expiresAt);
  } else if (existing.order_id === orderId && RANK[existing.status] < RANK[status]) {
    await advanceAttempt(tx, existing.id, status, maskedVpa(p));
  }
}

/** Marks the payment that paid this order for a full refund (cancellation, rejection). */
export async function markOrderRefund(
  tx: Queryable,
  orderId: number,
  reason: RefundReason,
): Promise<boolean> {
  const marked = await markPaidPaymentForRefund(tx, orderId, reason);
  if (marked) await setOrderRefundPending(tx, orderId);
  return marked;
}

/** Seconds before the next try of a refund that failed `attempts` times: 30 s doubling, at most 1 h. */
export function refundRetryDelayS(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Refunds one refund_pending payment through the provider (outside any transaction; the idempotency key
 * makes a retry after a crash or a lost answer return the first refund), then records it. Never throws:
 * a failure is recorded and the sweep retries later.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  paymentId: number,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const p = await paymentToRefund(db, paymentId);
  if (!p || p.status !== 'refund_pending') return false;
  let refund;
  try {
    crashPoint('refund:before-provider');
    refund = await provider.refund(p.provider_payment_id, p.amount, `refund-${p.provider_payment_id}`, {
      order_number: p.order_number,
      reason: p.refund_reason ?? 'refund',
    });
    crashPoint('refund:after-provider');
  } catch (err) {
    const attempts = p.refund_attempts + 1;
    await recordRefundFailure(
      db,
      p.id,
      attempts,
      String((err as Error).message ?? err).slice(0, 500),
      refundRetryDelayS(attempts),
    ).catch(() => undefined);
    log?.warn({ err, paymentId: p.id, attempts }, 'refund failed; it will be retried');
    return false;
  }
  return db.transaction(async (tx) => {
    if (!(await markPaymentRefunded(tx, p.id, refund.id))) return false;
    if (p.pays_order) await setOrderRefunded(tx, p.order_id, p.id);
    await publishOrderEvent(tx, {
      type: 'order.updated',
      orderId: p.order_id,
      restaurantId: p.restaurant_id,
      userId: p.user_id,
    });
    return true;
  });
}

/** Refunds whatever payment of this order is waiting for a refund (the fast path after a cancellation). */
export async function refundOrderNow(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const due = await pendingRefunds(db, orderId);
  for (const p of due) await refundPayment(db, provider, p.id, log);
}

/** An authorised payment of exactly the order's amount is captured; anything else is left as it is. */
async function captureIfAuthorized(
  provider: PaymentProvider,
  order: OrderRef,
  p: ProviderPayment,
): Promise<ProviderPayment> {
  if (p.status !== 'authorized' || p.amount !== order.to_pay || p.currency !== PAYMENT_CURRENCY) return p;
  return provider.capture(p.id, p.amount, p.currency);
}

/** Applies what the provider says about one payment of one of our orders. */
async function applyProviderPayment(
  db: Db,
  provider: PaymentProvider,
  order: OrderRef,
  p: ProviderPayment,
): Promise<CaptureOutcome | null> {
  if (p.status === 'captured') return db.transaction((tx) => applyCapture(tx, provider.name, order.id, p));
  if (p.status === 'refunded') {
    // Refunded at the provider (its dashboard, or our refund whose answer we lost): never pays an order.
    await db.transaction((tx) => recordProviderRefund(tx, p.id, null));
  } else if (p.status === 'authorized' || p.status === 'failed') {
    const status = p.status;
    await db.transaction((tx) => recordAttempt(tx, provider.name, order.id, p, status));
  } else if (p.status === 'created' && p.method === 'upi') {
    // A UPI collect request waiting in the customer's UPI app: the order shows it as waiting.
    await db.transaction((tx) => recordAttempt(tx, provider.name, order.id, p, 'pending'));
  }
  return null;
}

export interface CallbackBody {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
  order_id?: number | undefined;
}

/**
 * POST /orders/paymentsuccess/: the checkout's callback. The signature is checked against the provider
 * order WE stored; the amount, currency and state against the provider's own record of the payment.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  body: CallbackBody,
  log?: FastifyBaseLogger,
): Promise<{ orderId: number; outcome: CaptureOutcome }> {
  const order = await orderByProviderOrder(db, body.razorpay_order_id);
  if (!order || (body.order_id !== undefined && body.order_id !== order.id)) {
    throw new HttpError(400, 'This payment does not match any order.', PAYMENT_ERROR_CODES.orderUnknown);
  }
  if (
    !provider.verifyPaymentSignature(
      order.provider_order_id,
      body.razorpay_payment_id,
      body.razorpay_signature,
    )
  ) {
    throw new HttpError(
      400,
      'The payment could not be verified. You have not been charged for this order.',
      PAYMENT_ERROR_CODES.signatureInvalid,
    );
  }
  let p: ProviderPayment;
  try {
    p = await captureIfAuthorized(provider, order, await provider.fetchPayment(body.razorpay_payment_id));
    crashPoint('payment:after-provider-capture');
  } catch (err) {
    log?.warn({ err, orderId: order.id }, 'payment could not be checked with the provider');
    throw new HttpError(
      502,
      'We could not confirm your payment with the payment service yet. If it went through, your order will update within a few minutes.',
      PAYMENT_ERROR_CODES.providerUnavailable,
    );
  }
  if (p.order_id !== order.provider_order_id) {
    throw new HttpError(400, 'This payment does not match any order.', PAYMENT_ERROR_CODES.orderUnknown);
  }
  if (p.status === 'refunded') {
    // Already refunded at the provider (a repeated callback for a second payment we refunded): the
    // ledger follows, and the answer is about the order, which another payment may have paid.
    await db.transaction((tx) => recordProviderRefund(tx, p.id, null));
    const paymentId = await paymentIdOf(db, p.id);
    if (paymentId !== undefined) return { orderId: order.id, outcome: { kind: 'already', paymentId } };
  }
  if (p.status !== 'captured') {
    throw new HttpError(
      402,
      'The payment has not gone through. You have not been charged.',
      'payment_not_captured',
    );
  }
  const outcome = await db.transaction(async (tx) => {
    const out = await applyCapture(tx, provider.name, order.id, p);
    crashPoint('payment:before-commit');
    return out;
  });
  crashPoint('payment:after-commit');
  if (outcome.kind === 'refund') await refundPayment(db, provider, outcome.paymentId, log);
  return { orderId: order.id, outcome };
}

/**
 * One verified webhook body, de-duplicated by event id in the same transaction as its effect (a crash
 * before commit leaves it unrecorded, so the provider's retry is handled in full).
 */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  raw: Buffer,
  eventId: string,
  log?: FastifyBaseLogger,
): Promise<{ status: 'ok' | 'duplicate' | 'ignored' }> {
  let event: { event?: unknown; payload?: Record<string, { entity?: unknown } | undefined> };
  try {
    event = JSON.parse(raw.toString('utf8')) as typeof event;
  } catch {
    throw new HttpError(400, 'The webhook body is not valid JSON.', 'webhook_invalid');
  }
  const name = typeof event.event === 'string' ? event.event.slice(0, 100) : '';
  const refunds: number[] = [];
  const status = await db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, eventId, name))) return 'duplicate' as const;
    const result = await applyWebhookEvent(tx, provider, name, event.payload ?? {});
    if (result.refund !== undefined) refunds.push(result.refund);
    crashPoint('webhook:before-commit');
    return result.status;
  });
  crashPoint('webhook:after-commit');
  for (const id of refunds) await refundPayment(db, provider, id, log);
  return { status };
}

async function applyWebhookEvent(
  tx: Queryable,
  provider: PaymentProvider,
  name: string,
  payload: Record<string, { entity?: unknown } | undefined>,
): Promise<{ status: 'ok' | 'ignored'; refund?: number }> {
  if (name === 'refund.processed') {
    let r;
    try {
      r = toRefund(payload['refund']?.entity);
    } catch {
      return { status: 'ignored' };
    }
    await recordProviderRefund(tx, r.payment_id, r.id);
    return { status: 'ok' };
  }
  if (!['payment.captured', 'payment.authorized', 'payment.failed', 'order.paid'].includes(name)) {
    return { status: 'ignored' };
  }
  let p: ProviderPayment;
  try {
    p = toPayment(payload['payment']?.entity);
  } catch {
    return { status: 'ignored' };
  }
  const order = await orderByProviderOrder(tx, p.order_id);
  if (!order) return { status: 'ignored' };
  if (name === 'payment.captured' || name === 'order.paid') {
    const out = await applyCapture(tx, provider.name, order.id, { ...p, status: 'captured' });
    return out.kind === 'refund' ? { status: 'ok', refund: out.paymentId } : { status: 'ok' };
  }
  await recordAttempt(tx, provider.name, order.id, p, name === 'payment.failed' ? 'failed' : 'authorized');
  return { status: 'ok' };
}

/** The provider refunded a payment (our request, or its dashboard): the ledger and the order follow. */
async function recordProviderRefund(
  tx: Queryable,
  providerPaymentId: string,
  refundId: string | null,
): Promise<void> {
  const p = await markProviderRefunded(tx, providerPaymentId, refundId);
  if (!p) return;
  const o = await setOrderRefundedReturning(tx, p.order_id, p.id);
  if (o) {
    await publishOrderEvent(tx, {
      type: 'order.updated',
      orderId: p.order_id,
      restaurantId: o.restaurant_id,
      userId: o.user_id,
    });
  }
}

/**
 * Asks the provider about the payments of one unpaid order (a callback lost to a closed tab, a crash,
 * a network cut) and applies each, so every captured payment ends up paying an order or refunded.
 */
export async function reconcileOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const order = await orderRefById(db, orderId);
  if (!order?.provider_order_id) return;
  const payments = await provider.orderPayments(order.provider_order_id);
  crashPoint('reconcile:after-provider');
  for (const listed of payments) {
    if (listed.order_id !== order.provider_order_id) continue;
    const p = await captureIfAuthorized(provider, order, listed);
    const outcome = await applyProviderPayment(db, provider, order, p);
    if (outcome?.kind === 'refund') await refundPayment(db, provider, outcome.paymentId, log);
  }
}

/** Reconciliation checks of an unpaid order, in sweep intervals after it was created (then it stops). */
export const RECONCILE_AFTER_SWEEPS = [4, 20, 60, 240, 1440, 5760] as const;
/**
 * A paid order is checked too, by the first two of those: a card charged twice near checkout time (the
 * first answer lost, the customer paying again) is found and refunded even without a webhook.
 */
const PAID_ORDER_CHECKS = 2;

/**
 * One pass of the payments sweep: refunds that are due (first tries and retries), then orders whose
 * next provider check is due. Safe on several processes at once: every step is idempotent.
 */
export async function sweepPayments(
  db: Db,
  provider: PaymentProvider,
  sweepMs: number,
  log?: FastifyBaseLogger,
): Promise<{ refunds: number; reconciled: number }> {
  const due = await dueRefunds(db);
  let refunds = 0;
  for (const p of due) if (await refundPayment(db, provider, p.id, log)) refunds++;

  const delays = RECONCILE_AFTER_SWEEPS.map((n) => n * sweepMs);
  const unpaid = await ordersDueForCheck(
    db,
    delays.length,
    (delays.at(-1)! * 2) / 1000,
    delays.map((ms) => ms / 1000),
    PAID_ORDER_CHECKS,
  );
  let reconciled = 0;
  for (const o of unpaid) {
    try {
      await reconcileOrder(db, provider, o.id, log);
      reconciled++;
    } catch (err) {
      log?.warn({ err, orderId: o.id }, 'could not reconcile the payments of an order');
    }
    await countPaymentCheck(db, o.id);
  }
  return { refunds, reconciled };
}

/** Runs the sweep every `sweepMs` until stopped; one pass at a time. */
export function startPaymentsSweep(
  db: Db,
  provider: PaymentProvider,
  sweepMs: number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepPayments(db, provider, sweepMs, log)
      .catch((err: unknown) => log.warn({ err }, 'payments sweep failed'))
      .finally(() => (running = false));
  }, sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
