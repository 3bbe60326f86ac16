// SQL of the payments ledger (./payments.ts, ./payment-check.ts): payment rows by provider payment,
// the order's payment columns under its row lock, refunds, webhook event ids, the sweep's due work,
// and the paid order's lines leaving the cart.
import type { Queryable } from '../../db/index.ts';
import type { OrderRecord, PaymentRecord } from '../../db/records.ts';
import type { ProviderPayment } from '../../providers/payments/index.ts';
import type { LedgerStatus } from '../../../shared/order-status.ts';

/** An order's columns the ledger reads under the order's row lock. */
export type LedgerOrder = Pick<
  OrderRecord,
  | 'id'
  | 'user_id'
  | 'restaurant_id'
  | 'status'
  | 'payment_status'
  | 'payment_id'
  | 'to_pay'
  | 'coupon_code'
  | 'provider_order_id'
  | 'order_number'
>;

export async function lockOrder(tx: Queryable, orderId: number): Promise<LedgerOrder> {
  const [order] = await tx.query<LedgerOrder>(
    `select id, user_id, restaurant_id, status, payment_status, payment_id, to_pay, coupon_code,
            provider_order_id, order_number
       from orders where id = $1 for update`,
    [orderId],
  );
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

export async function ledgerRow(tx: Queryable, providerPaymentId: string) {
  const [row] = await tx.query<Pick<PaymentRecord, 'id' | 'order_id' | 'status'>>(
    'select id, order_id, status from payments where provider_payment_id = $1 for update',
    [providerPaymentId],
  );
  return row;
}

/** The ordered lines leave the customer's cart once the order is paid. */
export async function clearOrderedLines(tx: Queryable, order: LedgerOrder): Promise<void> {
  const [cart] = await tx.query<{ id: number }>('select id from carts where user_id = $1 for update', [
    order.user_id,
  ]);
  if (!cart) return;
  await tx.query(
    `delete from cart_items where cart_id = $1
        and (menu_item_id, options) in (select menu_item_id, options from order_items where order_id = $2)`,
    [cart.id, order.id],
  );
  await tx.query(
    `update carts set coupon_code = case when coupon_code = $2 then null else coupon_code end,
                      updated_at = now() where id = $1`,
    [cart.id, order.coupon_code],
  );
  await tx.query(
    `update carts set restaurant_id = null, coupon_code = null
      where id = $1 and not exists (select 1 from cart_items where cart_id = $1)`,
    [cart.id],
  );
}

/** A known payment captured: its new state, amount and (masked) UPI ID; returns its id. */
export async function updateCapturedPayment(
  tx: Queryable,
  paymentId: number,
  status: LedgerStatus,
  p: ProviderPayment,
  reason: string | null,
  vpa: string | null,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `update payments set status = $2, amount = $3, currency = $4, method = $5, refund_reason = $6,
            refund_next_at = case when $2 = 'refund_pending' then now() end, updated_at = now(),
            vpa = coalesce($7, vpa), expires_at = null
      where id = $1 returning id`,
    [paymentId, status, p.amount, p.currency, p.method, reason, vpa],
  );
  return row!.id;
}

/** A payment first seen captured; returns its id. */
export async function insertCapturedPayment(
  tx: Queryable,
  orderId: number,
  providerName: string,
  p: ProviderPayment,
  status: LedgerStatus,
  reason: string | null,
  vpa: string | null,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into payments (order_id, provider, provider_payment_id, amount, currency, method, status,
                           refund_reason, refund_next_at, vpa)
     values ($1, $2, $3, $4, $5, $6, $7, $8, case when $7 = 'refund_pending' then now() end, $9)
     returning id`,
    [orderId, providerName, p.id, p.amount, p.currency, p.method, status, reason, vpa],
  );
  return row!.id;
}

export async function setOrderPaid(
  tx: Queryable,
  orderId: number,
  paymentId: number,
  refundPending: boolean,
): Promise<void> {
  await tx.query(
    `update orders set payment_id = $2, payment_status = 'paid', paid_at = now(), updated_at = now(),
                       refund_pending = $3
      where id = $1`,
    [orderId, paymentId, refundPending],
  );
}

export async function insertAttempt(
  tx: Queryable,
  orderId: number,
  providerName: string,
  p: ProviderPayment,
  status: LedgerStatus,
  vpa: string | null,
  expiresAt: string | null,
): Promise<void> {
  await tx.query(
    `insert into payments (order_id, provider, provider_payment_id, amount, currency, method, status, vpa,
                           expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [orderId, providerName, p.id, p.amount, p.currency, p.method, status, vpa, expiresAt],
  );
}

export async function advanceAttempt(
  tx: Queryable,
  paymentId: number,
  status: LedgerStatus,
  vpa: string | null,
): Promise<void> {
  await tx.query(
    `update payments set status = $2, updated_at = now(), vpa = coalesce($3, vpa), expires_at = null
      where id = $1`,
    [paymentId, status, vpa],
  );
}

/** The payment that paid the order, if still just paid, now waits for a refund; whether it did. */
export async function markPaidPaymentForRefund(
  tx: Queryable,
  orderId: number,
  reason: string,
): Promise<boolean> {
  const [marked] = await tx.query<{ id: number }>(
    `update payments set status = 'refund_pending', refund_reason = $2, refund_next_at = now(), updated_at = now()
      where id = (select payment_id from orders where id = $1) and status = 'paid' returning id`,
    [orderId, reason],
  );
  return marked !== undefined;
}

export async function setOrderRefundPending(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('update orders set refund_pending = true, updated_at = now() where id = $1', [orderId]);
}

/** A payment with what refunding it needs to know about its order; pays_order: it paid the order. */
type RefundRow = Pick<
  PaymentRecord,
  'id' | 'provider_payment_id' | 'amount' | 'status' | 'refund_reason' | 'refund_attempts' | 'order_id'
> &
  Pick<OrderRecord, 'order_number' | 'restaurant_id' | 'user_id'> & { pays_order: boolean };

/** A payment with what refunding it needs to know about its order. */
export async function paymentToRefund(q: Queryable, paymentId: number) {
  const [p] = await q.query<RefundRow>(
    `select p.id, p.provider_payment_id, p.amount, p.status, p.refund_reason, p.refund_attempts, p.order_id,
            o.order_number, o.payment_id is not distinct from p.id as pays_order, o.restaurant_id, o.user_id
       from payments p join orders o on o.id = p.order_id where p.id = $1`,
    [paymentId],
  );
  return p;
}

/** A failed refund try: counted, its error kept, the next try `delayS` from now. */
export async function recordRefundFailure(
  q: Queryable,
  paymentId: number,
  attempts: number,
  error: string,
  delayS: number,
): Promise<void> {
  await q.query(
    `update payments set refund_attempts = $2, refund_error = $3, updated_at = now(),
            refund_next_at = now() + make_interval(secs => $4)
      where id = $1 and status = 'refund_pending'`,
    [paymentId, attempts, error, delayS],
  );
}

/** Records our refund of a payment still waiting for it; whether it was. */
export async function markPaymentRefunded(
  tx: Queryable,
  paymentId: number,
  refundId: string,
): Promise<boolean> {
  const [done] = await tx.query(
    `update payments set status = 'refunded', refund_id = $2, refunded_at = now(), refund_error = null,
                         updated_at = now()
      where id = $1 and status = 'refund_pending' returning id`,
    [paymentId, refundId],
  );
  return done !== undefined;
}

export async function setOrderRefunded(tx: Queryable, orderId: number, paymentId: number): Promise<void> {
  await tx.query(
    `update orders set payment_status = 'refunded', refund_pending = false, updated_at = now()
      where id = $1 and payment_id = $2`,
    [orderId, paymentId],
  );
}

/** The order's payments waiting for a refund. */
export async function pendingRefunds(q: Queryable, orderId: number) {
  return q.query<{ id: number }>(
    `select id from payments where order_id = $1 and status = 'refund_pending' order by id`,
    [orderId],
  );
}

/** What the provider's reports about an order's payments are checked against. */
export type OrderRef = Pick<OrderRecord, 'id' | 'to_pay' | 'provider_order_id'>;

/** Found by its provider order, so it has one. */
type ProviderOrderRef = OrderRef & { provider_order_id: string };

export async function orderByProviderOrder(
  q: Queryable,
  providerOrderId: string,
): Promise<ProviderOrderRef | undefined> {
  const [o] = await q.query<ProviderOrderRef>(
    'select id, to_pay, provider_order_id from orders where provider_order_id = $1',
    [providerOrderId],
  );
  return o;
}

export async function orderRefById(q: Queryable, orderId: number): Promise<OrderRef | undefined> {
  const [order] = await q.query<OrderRef>('select id, to_pay, provider_order_id from orders where id = $1', [
    orderId,
  ]);
  return order;
}

export async function paymentIdOf(q: Queryable, providerPaymentId: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('select id from payments where provider_payment_id = $1', [
    providerPaymentId,
  ]);
  return row?.id;
}

/** Records a webhook event id; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(tx: Queryable, eventId: string, name: string): Promise<boolean> {
  const fresh = await tx.query(
    'insert into payment_events (event_id, event) values ($1, $2) on conflict do nothing returning event_id',
    [eventId, name],
  );
  return fresh.length > 0;
}

/** A paid (or refund-pending) payment the provider refunded; undefined when there is none. */
export async function markProviderRefunded(
  tx: Queryable,
  providerPaymentId: string,
  refundId: string | null,
) {
  const [p] = await tx.query<Pick<PaymentRecord, 'id' | 'order_id'>>(
    `update payments set status = 'refunded', refund_id = coalesce(refund_id, $2),
            refunded_at = coalesce(refunded_at, now()), updated_at = now()
      where provider_payment_id = $1 and status in ('paid', 'refund_pending') returning id, order_id`,
    [providerPaymentId, refundId],
  );
  return p;
}

/** setOrderRefunded, answering whom to tell (undefined when that payment did not pay the order). */
export async function setOrderRefundedReturning(tx: Queryable, orderId: number, paymentId: number) {
  const [o] = await tx.query<Pick<OrderRecord, 'restaurant_id' | 'user_id'>>(
    `update orders set payment_status = 'refunded', refund_pending = false, updated_at = now()
      where id = $1 and payment_id = $2 returning restaurant_id, user_id`,
    [orderId, paymentId],
  );
  return o;
}

/** Refunds due now (first tries and retries), oldest first. */
export async function dueRefunds(q: Queryable) {
  return q.query<{ id: number }>(
    `select id from payments where status = 'refund_pending' and refund_next_at <= now()
      order by refund_next_at limit 50`,
  );
}

/**
 * Orders whose next provider check is due: `delaysS[n]` after creation for the (n+1)th check, up to
 * `unpaidChecks` checks of an unpaid order and `paidChecks` of a paid one, none older than `maxAgeS`.
 */
export async function ordersDueForCheck(
  q: Queryable,
  unpaidChecks: number,
  maxAgeS: number,
  delaysS: number[],
  paidChecks: number,
) {
  return q.query<{ id: number }>(
    `select id from orders
      where provider_order_id is not null
        and payment_checks < case when payment_status in ('pending', 'failed') then $1::int else $4::int end
        and created_at > now() - make_interval(secs => $2)
        and created_at + make_interval(secs => ($3::float8[])[payment_checks + 1]) <= now()
      order by created_at limit 50`,
    [unpaidChecks, maxAgeS, delaysS, paidChecks],
  );
}

export async function countPaymentCheck(q: Queryable, orderId: number): Promise<void> {
  await q.query(
    'update orders set payment_checks = payment_checks + 1, payment_checked_at = now() where id = $1',
    [orderId],
  );
}

/** The payment that paid the order, else its newest attempt; lapsed: a UPI request past its expiry. */
export async function orderPaymentRow(q: Queryable, orderId: number) {
  const [row] = await q.query<
    Pick<PaymentRecord, 'method' | 'vpa' | 'status' | 'expires_at'> & { lapsed: boolean }
  >(
    `select p.method, p.vpa, p.status, p.expires_at,
            (p.status = 'pending' and p.expires_at is not null and p.expires_at <= now()) as lapsed
       from payments p join orders o on o.id = p.order_id
      where p.order_id = $1
      order by (p.id = o.payment_id) desc, p.id desc limit 1`,
    [orderId],
  );
  return row;
}

/**
 * Claims the order's next provider check (unpaid, still placed, not checked in the last `everyS`
 * seconds); whether this caller got it.
 */
export async function claimPaymentCheck(q: Queryable, orderId: number, everyS: number): Promise<boolean> {
  const [due] = await q.query<{ id: number }>(
    `update orders set payment_checked_at = now()
      where id = $1 and provider_order_id is not null and status = 'placed'
        and payment_status in ('pending', 'failed')
        and (payment_checked_at is null or payment_checked_at <= now() - make_interval(secs => $2))
      returning id`,
    [orderId, everyS],
  );
  return due !== undefined;
}
