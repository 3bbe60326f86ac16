// Order events cross server processes through the database's LISTEN/NOTIFY: whoever changes an order
// publishes here (inside its transaction, so the event fires only on commit); the websocket hub listens.
import type { Queryable } from '../db/index.ts';

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Courier moves go on their own channel: only tracking sockets want them, staff tabs must not beep. */
export const COURIER_EVENTS_CHANNEL = 'courier_events';

export interface OrderEvent {
  type: 'order.created' | 'order.updated';
  orderId: number;
  restaurantId: number;
  userId: number;
}

export interface CourierEvent {
  orderId: number;
  restaurantId: number;
  lat: number;
  lng: number;
  updated_at: string;
}

export async function publishOrderEvent(db: Queryable, event: OrderEvent): Promise<void> {
  await db.query('select pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, JSON.stringify(event)]);
}

export async function publishCourierLocation(db: Queryable, event: CourierEvent): Promise<void> {
  await db.query('select pg_notify($1, $2)', [COURIER_EVENTS_CHANNEL, JSON.stringify(event)]);
}

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Reads a NOTIFY payload defensively: anything malformed is dropped, never thrown. */
export function parseOrderEvent(payload: string): OrderEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<OrderEvent>;
    if (e.type !== 'order.created' && e.type !== 'order.updated') return null;
    if (!positiveInt(e.orderId) || !positiveInt(e.restaurantId) || !positiveInt(e.userId)) return null;
    return { type: e.type, orderId: e.orderId, restaurantId: e.restaurantId, userId: e.userId };
  } catch {
    return null;
  }
}

export function parseCourierEvent(payload: string): CourierEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<CourierEvent>;
    if (!positiveInt(e.orderId) || !positiveInt(e.restaurantId)) return null;
    if (typeof e.lat !== 'number' || typeof e.lng !== 'number' || typeof e.updated_at !== 'string')
      return null;
    return {
      orderId: e.orderId,
      restaurantId: e.restaurantId,
      lat: e.lat,
      lng: e.lng,
      updated_at: e.updated_at,
    };
  } catch {
    return null;
  }
}
