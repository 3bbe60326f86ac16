// What an order notification says and where a click on it leads, for staff and customers: the server
// puts it in the Web Push payload, the service worker shows it, and an open tracking page shows the
// same one through the service-worker registration. One tag per order (per order and status for
// staff, as the live-orders tab tags its own) so a push and an in-app alert replace, never stack.
import { ORDER_NOTIFICATION } from './constants.ts';
import type { OrderStatus } from './order-status.ts';

/** The decrypted Web Push payload (JSON). */
export interface PushMessage {
  title: string;
  body: string;
  /** A same-origin path the click opens or focuses. */
  url: string;
  tag: string;
  /** Alert again although a notification with this tag is showing (a new status of one order). */
  renotify?: boolean;
}

export const STAFF_ORDERS_PATH = '/partner/orders';
export const trackingPath = (orderId: number) => `/tracking/${orderId}`;

/** Staff hear about new orders and about orders their customer cancelled. */
export type StaffPushKind = 'placed' | 'cancelled';

/** The status changes a customer who allowed notifications hears about. */
export const CUSTOMER_PUSH_STATUSES = [
  'accepted',
  'picked_up',
  'delivered',
  'cancelled',
  'rejected',
] as const;
export type CustomerPushStatus = (typeof CUSTOMER_PUSH_STATUSES)[number];

export const isCustomerPushStatus = (s: OrderStatus): s is CustomerPushStatus =>
  (CUSTOMER_PUSH_STATUSES as readonly string[]).includes(s);

/** docs/product.md#notification-texts, exactly; the tag is the live-orders tab's own (order and status). */
export function staffOrderMessage(orderId: number, kind: StaffPushKind): PushMessage {
  return {
    title: ORDER_NOTIFICATION.title,
    body: ORDER_NOTIFICATION.body,
    url: STAFF_ORDERS_PATH,
    tag: `order-${orderId}-${kind}`,
  };
}

export interface CustomerOrderRef {
  id: number;
  order_number: string;
  restaurant: string;
}

const CUSTOMER_TEXTS: Readonly<Record<CustomerPushStatus, (o: CustomerOrderRef) => [string, string]>> = {
  accepted: (o) => [
    'Order accepted',
    `${o.restaurant} accepted order ${o.order_number} and is preparing it.`,
  ],
  picked_up: (o) => ['Out for delivery', `Order ${o.order_number} from ${o.restaurant} is on its way.`],
  delivered: (o) => [
    'Delivered',
    `Order ${o.order_number} from ${o.restaurant} was delivered. Enjoy your meal!`,
  ],
  cancelled: (o) => [
    'Order cancelled',
    `Order ${o.order_number} from ${o.restaurant} was cancelled. Any amount paid is refunded.`,
  ],
  rejected: (o) => [
    'Order rejected',
    `${o.restaurant} could not take order ${o.order_number}. Any amount paid is refunded.`,
  ],
};

export function customerStatusMessage(order: CustomerOrderRef, status: CustomerPushStatus): PushMessage {
  const [title, body] = CUSTOMER_TEXTS[status](order);
  return { title, body, url: trackingPath(order.id), tag: `order-${order.id}`, renotify: true };
}

/** Shown when a push carries no readable payload (a browser must show something for every push). */
export const FALLBACK_PUSH_MESSAGE: PushMessage = {
  title: 'Bhojan',
  body: 'You have an update. Open the app to see it.',
  url: '/',
  tag: 'update',
};

const short = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * Reads a push payload defensively: anything malformed falls back, and the click target must be a
 * path on this origin (never another site, never a protocol-relative "//host").
 */
export function parsePushMessage(text: string | null | undefined): PushMessage {
  if (!text) return FALLBACK_PUSH_MESSAGE;
  let m: Partial<Record<keyof PushMessage, unknown>>;
  try {
    m = JSON.parse(text) as typeof m;
  } catch {
    return FALLBACK_PUSH_MESSAGE;
  }
  if (typeof m !== 'object' || m === null) return FALLBACK_PUSH_MESSAGE;
  if (!short(m.title, 200) || !short(m.body, 500)) return FALLBACK_PUSH_MESSAGE;
  // "/x" only: "//host" and "/\\host" would leave the origin.
  const url = short(m.url, 500) && /^\/(?![/\\])/.test(m.url) ? m.url : '/';
  return {
    title: m.title,
    body: m.body,
    url,
    tag: short(m.tag, 100) ? m.tag : FALLBACK_PUSH_MESSAGE.tag,
    ...(m.renotify === true ? { renotify: true } : {}),
  };
}
