// The checkout's order lifecycle after placement (./placement.ts), for ./checkout-routes.ts: the order
// as the checkout shows it, its provider order, the payment callback's answer, and the customer's
// cancellation (a paid order is marked for a refund; the payments ledger, ./payments.ts, takes it
// from there).
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_ERROR_CODES,
  type CancelOrderResponse,
  type CheckoutOrder,
  type CreateOrderResponse,
  type PaymentSuccessResponse,
} from '../../../shared/api/checkout.ts';
import { crashPoint } from '../../crash-points.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import { loadUser, releaseCoupon } from '../checkout/index.ts';
import {
  cancelOrderRow,
  loadOrder,
  orderLines,
  ownOrderIdForUpdate,
  setProviderOrderId,
  type OrderRow,
} from './checkout-queries.ts';
import { confirmPayment, markOrderRefund, refundOrderNow, type CallbackBody } from './payments.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function orderSummary(q: Queryable, row: OrderRow): Promise<CheckoutOrder> {
  const items = await orderLines(q, row.id);
  return {
    id: row.id,
    order_number: row.order_number,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    status: row.status,
    payment_status: row.payment_status,
    refund_pending: row.refund_pending,
    coupon_code: row.coupon_code,
    delivery_address: row.delivery_address,
    item_total: row.item_total,
    packaging: row.packaging,
    delivery_fee: row.delivery_fee,
    taxes: row.taxes,
    coupon_discount: row.coupon_discount,
    to_pay: row.to_pay,
    items: items.map(({ choices, ...item }) => (choices.length ? { ...item, choices } : item)),
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
    tip: row.tip,
    scheduled_for: iso(row.scheduled_for),
  };
}

/** Gives the order its provider order (once), outside any transaction: the provider may be slow. */
export async function ensureProviderOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
): Promise<OrderRow> {
  const order = (await loadOrder(db, 'id', orderId))!;
  if (order.provider_order_id) return order;
  let providerOrderId: string;
  try {
    const created = await provider.createOrder({
      amount: order.to_pay,
      currency: 'INR',
      receipt: order.order_number,
      notes: { order_id: String(order.id), order_number: order.order_number },
    });
    providerOrderId = created.id;
    crashPoint('createorder:after-provider-order');
  } catch {
    throw new HttpError(
      502,
      'The payment service is not reachable right now. Please try again.',
      PAYMENT_ERROR_CODES.providerUnavailable,
    );
  }
  await setProviderOrderId(db, order.id, providerOrderId);
  return (await loadOrder(db, 'id', orderId))!;
}

export async function createOrderResponse(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
): Promise<CreateOrderResponse> {
  crashPoint('createorder:after-commit');
  const order = await ensureProviderOrder(db, provider, orderId);
  const user = await loadUser(db, order.user_id);
  return {
    order: await orderSummary(db, order),
    provider: provider.name,
    provider_order_id: order.provider_order_id!,
    amount: order.to_pay,
    currency: 'INR',
    key: provider.keyId,
    prefill: { name: user.name, email: user.email, contact: user.phone_number ?? '' },
  };
}

/** The checkout's payment callback: the payment confirmed (./payments.ts), the order as it now is. */
export async function paymentSuccess(
  db: Db,
  provider: PaymentProvider,
  body: CallbackBody,
  log: FastifyBaseLogger,
): Promise<PaymentSuccessResponse> {
  const { orderId, outcome } = await confirmPayment(db, provider, body, log);
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
}

/** The owner cancels before the restaurant accepts; a paid order is marked for refund. */
export async function cancelOrder(db: Db, userId: number, ref: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const id = await ownOrderIdForUpdate(tx, userId, ref);
    if (id === undefined) throw new HttpError(404, 'Order not found.', 'not_found');
    const order = (await loadOrder(tx, 'id', id))!;
    if (order.status === 'cancelled') return order;
    if (order.status !== 'placed') {
      throw new HttpError(
        409,
        'The restaurant has already accepted this order, so it can no longer be cancelled.',
        PAYMENT_ERROR_CODES.notCancellable,
      );
    }
    if (order.coupon_reserved && order.coupon_code) await releaseCoupon(tx, order.coupon_code);
    await cancelOrderRow(tx, order.id);
    if (await markOrderRefund(tx, order.id, 'cancelled')) {
      await publishOrderEvent(tx, {
        type: 'order.updated',
        orderId: order.id,
        restaurantId: order.restaurant_id,
        userId: order.user_id,
      });
    }
    return (await loadOrder(tx, 'id', order.id))!;
  });
}

/** The customer's cancel button: the order cancelled and, when it was paid, its refund started. */
export async function cancelAndRefund(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  ref: string,
  log: FastifyBaseLogger,
): Promise<CancelOrderResponse> {
  const cancelled = await cancelOrder(db, userId, ref);
  if (cancelled.refund_pending) await refundOrderNow(db, provider, cancelled.id, log);
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
}
