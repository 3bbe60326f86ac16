// The order status chain (DESIGN.md section 3) as one table read by the server (which enforces it) and
// by the client (which only offers the actions the chain allows).
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
