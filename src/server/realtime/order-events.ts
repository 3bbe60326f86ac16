// Order events cross server processes through the database's LISTEN/NOTIFY: whoever changes an order
// publishes here (inside its transaction, so the event fires only on commit); the websocket hub listens.
import type { Queryable } from '../db/index.ts';

export const ORDER_EVENTS_CHANNEL = 'order_events';

export interface OrderEvent {
  type: 'order.created' | 'order.updated';
  orderId: number;
  restaurantId: number;
  userId: number;
}

export async function publishOrderEvent(db: Queryable, event: OrderEvent): Promise<void> {
  await db.query('select pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, JSON.stringify(event)]);
}
