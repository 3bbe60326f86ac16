// Which order updates are news to staff (issue 15): what someone else did. A new order rings through
// the alert book; beyond that staff hear of a customer's cancellation, once, and of a payment that
// changed by itself (a refund or failure found later). Their own steps (accept, prepare, ready,
// picked up, delivered, reject, prep time, acknowledge) and the refund that follows a cancellation or
// a rejection raise nothing.
import type { OrderSummary } from '../../../shared/api/orders.ts';

export type SeenOrder = Pick<OrderSummary, 'status' | 'payment_status' | 'refund_pending'>;

/** A cancellation first heard of this late (a replay after a long sleep) is old news. */
export const CANCELLATION_NEWS_MS = 5 * 60_000;

/** The notification's kind for this update, or null when it is not news to staff. */
export function staffNews(
  before: SeenOrder | undefined,
  after: OrderSummary,
  now: number,
): 'cancelled' | 'payment' | null {
  if (after.status === 'cancelled') {
    if (before) return before.status === 'cancelled' ? null : 'cancelled';
    const at = after.cancelled_at ? Date.parse(after.cancelled_at) : NaN;
    return now - at < CANCELLATION_NEWS_MS ? 'cancelled' : null;
  }
  if (!before || after.status === 'rejected') return null;
  const paymentMoved =
    before.payment_status !== after.payment_status || before.refund_pending !== after.refund_pending;
  return paymentMoved ? 'payment' : null;
}
