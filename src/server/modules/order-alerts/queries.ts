// SQL of the order alerts (parameterised; the same text runs on PGlite and PostgreSQL): which orders of
// a restaurant should still be ringing, and marking one acknowledged.
import type { Queryable } from '../../db/index.ts';
import type { OrderRecord } from '../../db/records.ts';
import { PAID_ONCE } from '../orders/index.ts';

/** When an order starts ringing: once placed, or for a scheduled one when its cooking should start. */
const RINGS_FROM = /* sql */ `coalesce(o.scheduled_for - make_interval(mins => r.delivery_time_min), o.created_at)`;
/**
 * Placed and paid, not acknowledged, ringing since within the ringing window: these ring. A scheduled
 * order waits, silent, until its preparation should start (docs/product.md#rider-tip-and-scheduled-orders).
 */
const RINGING = /* sql */ `o.status = 'placed' and o.acknowledged_at is null and ${PAID_ONCE}
  and ${RINGS_FROM} <= now() and ${RINGS_FROM} >= now() - make_interval(hours => $2)`;
const RINGING_FROM = /* sql */ `from orders o join restaurants r on r.id = o.restaurant_id`;

/** placed_at: the order's created_at. */
export type RingingRow = Pick<OrderRecord, 'id' | 'order_number'> & { placed_at: Date };

export async function ringingOrders(
  db: Queryable,
  restaurantId: number,
  windowHours: number,
  limit: number,
): Promise<{ count: number; rows: RingingRow[] }> {
  const [c] = await db.query<{ n: number }>(
    `select count(*)::int as n ${RINGING_FROM} where o.restaurant_id = $1 and ${RINGING}`,
    [restaurantId, windowHours],
  );
  const rows = await db.query<RingingRow>(
    `select o.id, o.order_number, o.created_at as placed_at ${RINGING_FROM}
      where o.restaurant_id = $1 and ${RINGING}
      order by ${RINGS_FROM}, o.id limit $3`,
    [restaurantId, windowHours, limit],
  );
  return { count: c?.n ?? 0, rows };
}

/** Paid scheduled orders still waiting for their cooking time (they ring from ring_at). */
export async function upcomingOrders(
  db: Queryable,
  restaurantId: number,
  limit: number,
): Promise<Array<{ id: number; order_number: string; ring_at: Date | string }>> {
  return db.query(
    `select o.id, o.order_number, ${RINGS_FROM} as ring_at ${RINGING_FROM}
      where o.restaurant_id = $1 and o.status = 'placed' and o.acknowledged_at is null and ${PAID_ONCE}
        and o.scheduled_for is not null and ${RINGS_FROM} > now()
        and ${RINGS_FROM} <= now() + interval '2 days'
      order by ${RINGS_FROM}, o.id limit $2`,
    [restaurantId, limit],
  );
}

export type AckRow = Pick<
  OrderRecord,
  'id' | 'order_number' | 'user_id' | 'restaurant_id' | 'status' | 'acknowledged_at'
> & { paid: boolean };

/** The order, locked for the acknowledgement (two screens pressing at once: one event, not two). */
export async function lockOrderForAck(tx: Queryable, orderId: number): Promise<AckRow | undefined> {
  const [row] = await tx.query<AckRow>(
    `select o.id, o.order_number, o.user_id, o.restaurant_id, o.status, ${PAID_ONCE} as paid, o.acknowledged_at
       from orders o where o.id = $1 for update`,
    [orderId],
  );
  return row;
}

export async function markAcknowledged(
  tx: Queryable,
  orderId: number,
  userId: number,
): Promise<Date | string> {
  const [row] = await tx.query<{ acknowledged_at: Date | string }>(
    `update orders set acknowledged_at = now(), acknowledged_by = $2 where id = $1 returning acknowledged_at`,
    [orderId, userId],
  );
  return row!.acknowledged_at;
}
