// Test data for the alerting tests: a paid, placed order summary and its socket messages.
import type { OrderSocketMessage, OrderSummary } from '../../../shared/api/orders.ts';
import { orderSummary } from '../../../testing/order-summary.ts';

export function paidOrder(id: number, over: Partial<OrderSummary> = {}): OrderSummary {
  return orderSummary({
    id,
    order_number: `261123-${String(id).padStart(6, 'A')}`,
    ...over,
  });
}

export const event = (
  type: 'order.created' | 'order.updated' | 'order.acknowledged',
  order: OrderSummary,
  seq?: number,
): OrderSocketMessage => ({ type, order, ...(seq !== undefined ? { seq } : {}) });
