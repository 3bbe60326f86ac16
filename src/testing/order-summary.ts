// An order as the orders API answers it (OrderSummary): Asha Rao's paid, placed order of two Paneer
// Tikka from Meghana Biryani House, placed and paid at `at`; a test overrides what it is about.
import type { OrderSummary } from '../shared/api/orders.ts';

export const ORDER_RESTAURANT: OrderSummary['restaurant'] = {
  id: 1,
  name: 'Meghana Biryani House',
  slug: 'm',
  area: 'Koramangala',
  image: '',
  lat: 12.9,
  lng: 77.6,
};

/** What two Paneer Tikka (₹249 each) come to: packaging ₹20, delivery ₹25, taxes ₹24.90. */
export const ORDER_BILL: OrderSummary['bill'] = {
  item_total: 49800,
  packaging: 2000,
  delivery_fee: 2500,
  taxes: 2490,
  coupon_code: null,
  coupon_discount: 0,
  tip: 0,
  to_pay: 56790,
};

export function orderSummary(
  over: Partial<OrderSummary> = {},
  at = '2026-11-23T10:00:00.000Z',
): OrderSummary {
  return {
    id: 1,
    order_number: '261123-AAAAA1',
    status: 'placed',
    payment_status: 'paid',
    refund_pending: false,
    restaurant: ORDER_RESTAURANT,
    items: [{ menu_item_id: 7, name: 'Paneer Tikka', price: 24900, quantity: 2, is_veg: true }],
    item_count: 2,
    amount: ORDER_BILL.to_pay,
    bill: ORDER_BILL,
    customer_name: 'Asha Rao',
    customer_phone: '9876543210',
    instructions: { cooking: '', delivery: '' },
    scheduled_for: null,
    prepare_at: null,
    delivery_address: { address: '5th Cross', flat: '4B', landmark: '', lat: 12.92, lng: 77.62 },
    date: at,
    prep_time_min: null,
    reject_reason: null,
    eta: null,
    placed_at: at,
    paid_at: at,
    accepted_at: null,
    preparing_at: null,
    ready_at: null,
    picked_up_at: null,
    delivered_at: null,
    cancelled_at: null,
    rejected_at: null,
    updated_at: at,
    ...over,
  };
}
