// The order status chain (docs/product.md#order-statuses) as one table read by the server (which enforces it)
// and by the client (which only offers the actions the chain allows).
export const ORDER_STATUSES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'picked_up',
  'delivered',
  'cancelled',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Whether an order has reached the restaurant: once paid it stays in the kitchen's list and history
 * (a later refund does not hide it); an unpaid or failed payment never shows there. The SQL twin is
 * PAID_ONCE in src/server/modules/orders/queries.ts (tests/api/orders-api.test.ts keeps them equal).
 */
export const reachedRestaurant = (o: { paid_at: string | Date | null; payment_status: PaymentStatus }) =>
  o.paid_at !== null || o.payment_status === 'paid' || o.payment_status === 'refunded';

/** The happy path, in order; cancelled and rejected leave it. */
export const STATUS_CHAIN = ['placed', 'accepted', 'preparing', 'ready', 'picked_up', 'delivered'] as const;

export type Actor = 'restaurant' | 'customer';

/** Every allowed move: from -> to -> who may make it. Anything not listed is refused (409). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderStatus, Actor>>>>> =
  {
    placed: { accepted: 'restaurant', rejected: 'restaurant', cancelled: 'customer' },
    accepted: { preparing: 'restaurant', rejected: 'restaurant' },
    preparing: { ready: 'restaurant' },
    ready: { picked_up: 'restaurant' },
    picked_up: { delivered: 'restaurant' },
    delivered: {},
    cancelled: {},
    rejected: {},
  };

export function canTransition(from: OrderStatus, to: OrderStatus, actor: Actor): boolean {
  return ORDER_TRANSITIONS[from][to] === actor;
}

/** The statuses an actor may move an order to from where it is now, in chain order. */
export function nextStatuses(from: OrderStatus, actor: Actor): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, actor));
}

export const isFinalStatus = (s: OrderStatus): boolean => Object.keys(ORDER_TRANSITIONS[s]).length === 0;

/** What customers read for each status. */
export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  placed: 'Order placed',
  accepted: 'Accepted by the restaurant',
  preparing: 'Being prepared',
  ready: 'Ready for pickup',
  picked_up: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected by the restaurant',
};

/** A status as the staff console reads it: short, for chips and filters. */
export const STAFF_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  placed: 'Placed',
  accepted: 'Accepted',
  preparing: 'Preparing',
  ready: 'Ready',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** The staff's button for moving an order to a status. */
export const STAFF_ACTION_LABELS: Readonly<Partial<Record<OrderStatus, string>>> = {
  accepted: 'Accept',
  rejected: 'Reject',
  preparing: 'Preparing',
  ready: 'Ready',
  picked_up: 'Picked up',
  delivered: 'Delivered',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** The payment line of an order for customers and staff: a refund on its way shows as such. */
export function paymentLabel(o: { payment_status: PaymentStatus; refund_pending: boolean }): string {
  return o.refund_pending ? 'Refund in progress' : PAYMENT_STATUS_LABELS[o.payment_status];
}

/**
 * Every state of one payment attempt (the customer's payment history; the server's ledger);
 * `pending`: a UPI request the customer has not approved in their UPI app yet.
 */
export const LEDGER_STATUSES = [
  'pending',
  'authorized',
  'failed',
  'paid',
  'refund_pending',
  'refunded',
] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export const LEDGER_STATUS_LABELS: Readonly<Record<LedgerStatus, string>> = {
  pending: 'Waiting for approval',
  authorized: 'Authorised',
  failed: 'Failed',
  paid: 'Paid',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
};

/** The timestamp column (and summary field) set when an order reaches a status. */
export const STATUS_TIME_FIELD: Readonly<Record<OrderStatus, string>> = {
  placed: 'placed_at',
  accepted: 'accepted_at',
  preparing: 'preparing_at',
  ready: 'ready_at',
  picked_up: 'picked_up_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
  rejected: 'rejected_at',
};

/** Prep time choices offered on Accept, in minutes; the server accepts 1..180. */
export const PREP_TIME_CHOICES = [10, 15, 20, 30, 45, 60] as const;
export const PREP_TIME_LIMITS = { min: 1, max: 180 } as const;
