// Test data for the alerting tests: a paid, placed order summary and its socket messages.
import type { OrderSocketMessage, OrderSummary } from '../../../shared/api/orders.ts';

export function paidOrder(id: number, over: Partial<OrderSummary> = {}): OrderSummary {
  const now = '2026-11-23T10:00:00.000Z';
  return {
    id,
    order_number: `261123-${String(id).padStart(6, 'A')}`,
    status: 'placed',
    payment_status: 'paid',
    refund_pending: false,
    restaurant: { id: 1, name: 'Meghana', slug: 'm', area: 'Koramangala', image: '', lat: 12.9, lng: 77.6 },
    items: [{ menu_item_id: 7, name: 'Paneer Tikka', price: 24900, quantity: 2, is_veg: true }],
    item_count: 2,
    amount: 56790,
    bill: {
      item_total: 49800,
      packaging: 2000,
      delivery_fee: 2500,
      taxes: 2490,
      coupon_code: null,
      coupon_discount: 0,
      tip: 0,
      to_pay: 56790,
    },
    customer_name: 'Asha Rao',
    customer_phone: '9876543210',
    instructions: { cooking: '', delivery: '' },
    scheduled_for: null,
    prepare_at: null,
    delivery_address: { address: '5th Cross', flat: '4B', landmark: '', lat: 12.92, lng: 77.62 },
    date: now,
    prep_time_min: null,
    reject_reason: null,
    eta: null,
    placed_at: now,
    paid_at: now,
    accepted_at: null,
    preparing_at: null,
    ready_at: null,
    picked_up_at: null,
    delivered_at: null,
    cancelled_at: null,
    rejected_at: null,
    updated_at: now,
    ...over,
  };
}

export const event = (
  type: 'order.created' | 'order.updated' | 'order.acknowledged',
  order: OrderSummary,
  seq?: number,
): OrderSocketMessage => ({ type, order, ...(seq !== undefined ? { seq } : {}) });
