// Orders business rules: who may see which order, the status chain the restaurant moves orders along
// (with times and ETA), tracking and courier positions. Routes stay thin; this file decides.
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { publishCourierLocation, publishOrderEvent } from '../../realtime/order-events.ts';
import type {
  Courier,
  OrderSummary,
  StatusChange,
  Tracking,
  TimelineStep,
} from '../../../shared/api/orders.ts';
import {
  STATUS_CHAIN,
  STATUS_LABELS,
  STATUS_TIME_FIELD,
  canTransition,
  nextStatuses,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import { PAID_ONCE, courierPosition, findOrder, saveCourierPosition, type OrderRecord } from './queries.ts';

const NOT_FOUND = 'Order not found.';
export const DEFAULT_PREP_TIME_MIN = 20;
/** Minutes a courier needs between "ready" and leaving the restaurant. */
const PICKUP_MIN = 5;

/** A customer's own order, or 404 (never 403: another customer's order ids must not be probed). */
export async function ownOrder(
  db: Queryable,
  userId: number,
  where: { id: number } | { orderNumber: string },
): Promise<OrderRecord> {
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
): Promise<OrderRecord> {
  const rec = await findOrder(db, { id: orderId }, forUpdate);
  if (!rec || rec.restaurantId !== restaurantId || !reachedRestaurant(rec.summary)) throw notFound(NOT_FOUND);
  return rec;
}

export const reachedRestaurant = (o: OrderSummary) =>
  o.paid_at !== null || o.payment_status === 'paid' || o.payment_status === 'refunded';

export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** Riding time from restaurant to door: 20 km/h in city traffic plus five minutes to hand over. */
export function travelMinutes(rec: OrderRecord): number {
  const d = rec.summary.delivery_address;
  if (d.lat === null || d.lng === null) return Math.max(10, Math.round(rec.deliveryTimeMin / 2));
  return Math.ceil((haversineKm(rec.summary.restaurant, { lat: d.lat, lng: d.lng }) / 20) * 60) + 5;
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
  return db.transaction(async (tx) => {
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
      prep = change.prep_time_min ?? DEFAULT_PREP_TIME_MIN;
      eta = new Date(now + (prep + PICKUP_MIN + travel) * min);
    } else if (to === 'ready') {
      eta = new Date(now + (PICKUP_MIN + travel) * min);
    } else if (to === 'picked_up') {
      eta = new Date(now + travel * min);
    } else if (to === 'delivered' || to === 'rejected') {
      eta = null;
    }
    const field = STATUS_TIME_FIELD[to];
    await tx.query(
      `update orders set status = $2, ${field} = now(), updated_at = now(), eta = $3, prep_time_min = $4,
         reject_reason = $5,
         refund_pending = refund_pending or ($2 = 'rejected' and payment_status = 'paid')
       where id = $1`,
      [orderId, to, eta, prep, to === 'rejected' ? change.reason : rec.summary.reject_reason],
    );
    await publishOrderEvent(tx, {
      type: 'order.updated',
      orderId,
      restaurantId: rec.restaurantId,
      userId: rec.userId,
    });
    const updated = await findOrder(tx, { id: orderId });
    return updated!.summary;
  });
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

export async function tracking(db: Queryable, rec: OrderRecord): Promise<Tracking> {
  const o = rec.summary;
  const d = o.delivery_address;
  return {
    order: o,
    timeline: timeline(o),
    eta: o.eta,
    restaurant_point: { lat: o.restaurant.lat, lng: o.restaurant.lng, name: o.restaurant.name },
    delivery_point: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng, address: d.address } : null,
    courier: o.status === 'picked_up' || o.status === 'delivered' ? await courierPosition(db, o.id) : null,
  };
}

/** The courier's position while the order is on its way; null before pickup and after delivery. */
export async function currentCourier(db: Queryable, rec: OrderRecord): Promise<Courier | null> {
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

/** Orders a demo courier drives (DEMO_MODE): picked up, no position sent by real staff. */
export async function demoDeliveries(db: Queryable): Promise<OrderRecord[]> {
  const rows = await db.query<{ id: number }>(
    `select o.id from orders o left join courier_locations c on c.order_id = o.id
     where o.status = 'picked_up' and ${PAID_ONCE} and (c.source is null or c.source = 'demo')
     order by o.id limit 200`,
  );
  const out: OrderRecord[] = [];
  for (const r of rows) {
    const rec = await findOrder(db, { id: r.id });
    if (rec) out.push(rec);
  }
  return out;
}
