// Orders business rules: who may see which order, the status chain the restaurant moves orders along
// (with times and ETA), tracking and courier positions. Routes stay thin; this file decides.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { publishCourierLocation, publishOrderEvent } from '../../realtime/order-events.ts';
import type {
  Courier,
  OrderSummary,
  PublicOrderStatus,
  StatusChange,
  StatusLink,
  Tracking,
  TimelineStep,
} from '../../../shared/api/orders.ts';
import {
  STATUS_CHAIN,
  STATUS_LABELS,
  STATUS_TIME_FIELD,
  canTransition,
  nextStatuses,
  reachedRestaurant,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import { haversineMeters } from '../../../shared/geo.ts';
import { acceptancePrepTime } from '../../../shared/kitchen.ts';
import { kitchenSettings } from '../kitchen/index.ts';
import { markOrderRefund } from './payments.ts';
import {
  courierPosition,
  findOrder,
  saveCourierPosition,
  setOrderStatus,
  type LoadedOrder,
} from './queries.ts';

const NOT_FOUND = 'Order not found.';
export const DEFAULT_PREP_TIME_MIN = 20;
/** Minutes a courier needs between "ready" and leaving the restaurant. */
const PICKUP_MIN = 5;

/** A customer's own order, or 404 (never 403: another customer's order ids must not be probed). */
export async function ownOrder(
  db: Queryable,
  userId: number,
  where: { id: number } | { orderNumber: string },
): Promise<LoadedOrder> {
  const rec = await findOrder(db, where);
  if (!rec || rec.userId !== userId) throw notFound(NOT_FOUND);
  return rec;
}

/** An order of the staff member's restaurant that reached it (paid once), or 404. */
async function restaurantOrder(
  db: Queryable,
  restaurantId: number,
  orderId: number,
  forUpdate = false,
): Promise<LoadedOrder> {
  const rec = await findOrder(db, { id: orderId }, forUpdate);
  if (!rec || rec.restaurantId !== restaurantId || !reachedRestaurant(rec.summary)) throw notFound(NOT_FOUND);
  return rec;
}

/** Riding time from restaurant to door: 20 km/h in city traffic plus five minutes to hand over. */
export function travelMinutes(rec: LoadedOrder): number {
  const d = rec.summary.delivery_address;
  if (d.lat === null || d.lng === null) return Math.max(10, Math.round(rec.deliveryTimeMin / 2));
  return (
    Math.ceil((haversineMeters(rec.summary.restaurant, { lat: d.lat, lng: d.lng }) / 1000 / 20) * 60) + 5
  );
}

function describe(s: OrderStatus): string {
  return s.replace('_', ' ');
}

/** Moves an order one step along the chain for its restaurant; the event fires on commit. */
export async function changeStatus(
  db: Db,
  restaurantId: number,
  orderId: number,
  change: StatusChange,
): Promise<OrderSummary> {
  return db.transaction((tx) => changeStatusInTx(tx, restaurantId, orderId, change));
}

/** changeStatus inside the caller's transaction (the kitchen's auto-accept runs in the paying one). */
export async function changeStatusInTx(
  tx: Queryable,
  restaurantId: number,
  orderId: number,
  change: StatusChange,
): Promise<OrderSummary> {
  const rec = await restaurantOrder(tx, restaurantId, orderId, true);
  const from = rec.summary.status;
  const to = change.status;
  if (!canTransition(from, to, 'restaurant')) {
    const allowed = nextStatuses(from, 'restaurant').map(describe);
    throw new HttpError(
      409,
      `Order ${rec.summary.order_number} is ${describe(from)}: it cannot be marked ${describe(to)}.` +
        (allowed.length ? ` Next allowed: ${allowed.join(' or ')}.` : ' It is already closed.'),
      'invalid_transition',
    );
  }
  if (to === 'rejected' && !change.reason) {
    throw new HttpError(400, 'Give a reason for rejecting the order.', 'reason_required', {
      reason: ['Required when rejecting'],
    });
  }
  const travel = travelMinutes(rec);
  const now = Date.now();
  const min = 60_000;
  let eta: Date | null = rec.summary.eta ? new Date(rec.summary.eta) : null;
  let prep = rec.summary.prep_time_min;
  if (to === 'accepted') {
    // The chosen (or the restaurant's default) prep time plus busy mode: docs/kitchen-controls.md.
    prep = acceptancePrepTime(change.prep_time_min, await kitchenSettings(tx, rec.restaurantId));
    eta = new Date(now + (prep + PICKUP_MIN + travel) * min);
  } else if (to === 'ready') {
    eta = new Date(now + (PICKUP_MIN + travel) * min);
  } else if (to === 'picked_up') {
    eta = new Date(now + travel * min);
  } else if (to === 'delivered' || to === 'rejected') {
    eta = null;
  }
  await setOrderStatus(
    tx,
    orderId,
    to,
    eta,
    prep,
    to === 'rejected' ? change.reason : rec.summary.reject_reason,
  );
  if (to === 'rejected') await markOrderRefund(tx, orderId, 'rejected');
  await publishOrderEvent(tx, {
    type: 'order.updated',
    orderId,
    restaurantId: rec.restaurantId,
    userId: rec.userId,
  });
  const updated = await findOrder(tx, { id: orderId });
  return updated!.summary;
}

export function timeline(o: OrderSummary): TimelineStep[] {
  const at = (s: OrderStatus): string | null =>
    s === 'placed' ? o.placed_at : (o[STATUS_TIME_FIELD[s] as keyof OrderSummary] as string | null);
  const steps: OrderStatus[] = [...STATUS_CHAIN];
  if (o.status === 'cancelled' || o.status === 'rejected') {
    // The chain stops where the order left it.
    const reached = STATUS_CHAIN.filter((s) => at(s) !== null);
    steps.splice(0, steps.length, ...reached, o.status);
  }
  return steps.map((s) => ({
    status: s,
    label: STATUS_LABELS[s],
    at: at(s),
    done: at(s) !== null,
    current: s === o.status,
  }));
}

export async function tracking(db: Queryable, rec: LoadedOrder, link: StatusLink): Promise<Tracking> {
  const o = rec.summary;
  const d = o.delivery_address;
  return {
    order: o,
    timeline: timeline(o),
    eta: o.eta,
    restaurant_point: { lat: o.restaurant.lat, lng: o.restaurant.lng, name: o.restaurant.name },
    delivery_point: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng, address: d.address } : null,
    courier: o.status === 'picked_up' || o.status === 'delivered' ? await courierPosition(db, o.id) : null,
    status_link: link,
  };
}

// ---------------------------------------------------------------- signed status links
// /m/{id}?t=<id>.<exp>.<mac>: the order id and expiry (epoch seconds) in clear, and an HMAC-SHA256
// over both with a server secret for this purpose only, cut to 128 bits so an SMS link stays short.

/** How long a status link works after it was minted (a delivery takes hours, not days). */
export const STATUS_LINK_TTL_S = 48 * 3600;
/** Expiry rounded up to the hour: the same link for an hour of page loads (stable cached data, caches). */
const STATUS_LINK_ROUND_S = 3600;
const TOKEN_RE = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

function statusMac(secret: Buffer, orderId: number, exp: number): string {
  return createHmac('sha256', secret)
    .update(`order-status:${orderId}:${exp}`)
    .digest('base64url')
    .slice(0, 22);
}

export function statusToken(secret: Buffer, orderId: number, exp: number): string {
  return `${orderId}.${exp}.${statusMac(secret, orderId, exp)}`;
}

/** A fresh link to the order's status page for its customer. */
export function statusLink(secret: Buffer, orderId: number, now = Date.now()): StatusLink {
  const exp = Math.ceil((now / 1000 + STATUS_LINK_TTL_S) / STATUS_LINK_ROUND_S) * STATUS_LINK_ROUND_S;
  return {
    path: `/m/${orderId}?t=${statusToken(secret, orderId, exp)}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** The token's expiry (epoch seconds) when it is ours, for this order and not expired; else null. */
export function checkStatusToken(
  secret: Buffer,
  orderId: number,
  token: string,
  now = Date.now(),
): number | null {
  const m = TOKEN_RE.exec(token);
  if (!m || Number(m[1]) !== orderId) return null;
  const exp = Number(m[2]);
  if (exp * 1000 <= now) return null;
  const expected = Buffer.from(statusMac(secret, orderId, exp));
  const given = Buffer.from(m[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? exp : null;
}

/** What a status link shows: status, timeline and ETA of the order, nothing personal. */
export function publicStatus(rec: LoadedOrder, exp: number): PublicOrderStatus {
  const o = rec.summary;
  return {
    order: {
      id: o.id,
      order_number: o.order_number,
      status: o.status,
      restaurant_name: o.restaurant.name,
      updated_at: o.updated_at,
    },
    timeline: timeline(o),
    eta: o.eta,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** The courier's position while the order is on its way; null before pickup and after delivery. */
export async function currentCourier(db: Queryable, rec: LoadedOrder): Promise<Courier | null> {
  return rec.summary.status === 'picked_up' ? courierPosition(db, rec.summary.id) : null;
}

export async function postCourierLocation(
  db: Db,
  restaurantId: number,
  orderId: number,
  point: { lat: number; lng: number },
  source: 'staff' | 'demo' = 'staff',
): Promise<Courier> {
  return db.transaction(async (tx) => {
    const rec = await restaurantOrder(tx, restaurantId, orderId);
    if (rec.summary.status !== 'picked_up') {
      throw new HttpError(
        409,
        `Order ${rec.summary.order_number} is ${describe(rec.summary.status)}: a courier position can only be sent while it is picked up.`,
        'not_picked_up',
      );
    }
    const courier = await saveCourierPosition(tx, orderId, point.lat, point.lng, source);
    await publishCourierLocation(tx, { orderId, restaurantId, ...courier });
    return courier;
  });
}
