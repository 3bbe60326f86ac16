// Order alert rules (issue 14): an order rings on the staff screens from the moment it reaches the
// restaurant (paid) while it is placed, until someone accepts it (any status change) or acknowledges
// it. An acknowledgement is recorded once and relayed to every screen as an `order.acknowledged`
// event in the restaurant's sequence, so a screen that was offline replays it too.
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import {
  RINGING_LIST_LIMIT,
  RINGING_WINDOW_HOURS,
  type Acknowledged,
  type RingingList,
} from '../../../shared/api/order-alerts.ts';
import { lockOrderForAck, markAcknowledged, ringingOrders, upcomingOrders } from './queries.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function ringingList(db: Db, restaurantId: number): Promise<RingingList> {
  const { count, rows } = await ringingOrders(db, restaurantId, RINGING_WINDOW_HOURS, RINGING_LIST_LIMIT);
  const upcoming = await upcomingOrders(db, restaurantId, RINGING_LIST_LIMIT);
  return {
    count,
    results: rows.map((r) => ({ id: r.id, order_number: r.order_number, placed_at: iso(r.placed_at)! })),
    upcoming: upcoming.map((r) => ({ id: r.id, order_number: r.order_number, ring_at: iso(r.ring_at)! })),
  };
}

export async function acknowledgeOrder(
  db: Db,
  staff: { userId: number; restaurantId: number },
  orderId: number,
): Promise<Acknowledged> {
  return db.transaction(async (tx) => {
    const row = await lockOrderForAck(tx, orderId);
    // Another restaurant's order and an unpaid checkout look the same as no order: ids cannot be probed.
    if (!row || row.restaurant_id !== staff.restaurantId || !row.paid) throw notFound('Order not found.');
    const answer = { order_id: row.id, order_number: row.order_number };
    if (row.acknowledged_at !== null || row.status !== 'placed')
      return { ...answer, acknowledged_at: iso(row.acknowledged_at), changed: false };
    const at = await markAcknowledged(tx, row.id, staff.userId);
    await publishOrderEvent(tx, {
      type: 'order.acknowledged',
      orderId: row.id,
      restaurantId: row.restaurant_id,
      userId: row.user_id,
    });
    return { ...answer, acknowledged_at: iso(at), changed: true };
  });
}
