// How an order is being paid, for the customer's order pages, and the check those pages ask for while
// an order waits for its payment (docs/product.md#upi-payments): a UPI request approved while the app
// was closed, or whose webhook was lost, is found by asking the provider, not left to the sweep.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { OrderPayment } from '../../../shared/api/orders.ts';
import { claimPaymentCheck, orderPaymentRow } from './payment-queries.ts';
import { reconcileOrder } from './payments.ts';

/** One order's provider is asked at most this often by the pages (the sweep keeps its own pace). */
export const CHECK_EVERY_S = 3;

/** The payment that paid the order, else its newest attempt; null before any attempt. */
export async function orderPayment(db: Queryable, orderId: number): Promise<OrderPayment | null> {
  const row = await orderPaymentRow(db, orderId);
  if (!row) return null;
  return {
    method: row.method,
    vpa: row.vpa,
    // A request past its expiry is failed whether or not the provider has told us yet.
    status: row.lapsed ? 'failed' : row.status,
    expires_at: row.lapsed || !row.expires_at ? null : new Date(row.expires_at).toISOString(),
  };
}

/**
 * Asks the provider about an unpaid, still placed order's payments and applies what it says (the same
 * reconciliation as the sweep), at most once per CHECK_EVERY_S for one order whoever asks. Never
 * throws: when the provider cannot answer, the order stays as it is and the next check tries again.
 */
export async function checkOrderPayment(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (!(await claimPaymentCheck(db, orderId, CHECK_EVERY_S))) return;
  try {
    await reconcileOrder(db, provider, orderId, log);
  } catch (err) {
    log?.warn({ err, orderId }, 'could not check the payments of an order with the provider');
  }
}
