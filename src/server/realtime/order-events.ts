// Order events: rows in order_events with a per-restaurant sequence, written in the order's own
// transaction (so an event exists exactly when its change committed), then relayed to every server
// process through the database's LISTEN/NOTIFY. A socket or process that missed a NOTIFY (a socket gap,
// a restart, a database reconnect) reads what it missed from the table, by sequence.
import type { Queryable } from '../db/index.ts';

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Courier moves go on their own channel: only tracking sockets want them, staff tabs must not beep. */
export const COURIER_EVENTS_CHANNEL = 'courier_events';

/** order.acknowledged: staff silenced the new order's alert (staff sockets only, never customers). */
export type OrderEventType = 'order.created' | 'order.updated' | 'order.acknowledged';

export interface OrderEvent {
  type: OrderEventType;
  orderId: number;
  restaurantId: number;
  userId: number;
}

/** An event as stored and relayed: with its place in the restaurant's sequence. */
export interface SequencedOrderEvent extends OrderEvent {
  seq: number;
}

export interface CourierEvent {
  orderId: number;
  restaurantId: number;
  lat: number;
  lng: number;
  updated_at: string;
}

/**
 * Records the event and notifies on commit. Call it inside the transaction that changed the order:
 * the sequence row stays locked until commit, so one restaurant's events commit in sequence order.
 */
export async function publishOrderEvent(tx: Queryable, event: OrderEvent): Promise<SequencedOrderEvent> {
  const [row] = await tx.query<{ seq: number }>(
    `insert into order_event_seqs (restaurant_id, seq) values ($1, 1)
     on conflict (restaurant_id) do update set seq = order_event_seqs.seq + 1
     returning seq::float8 as seq`,
    [event.restaurantId],
  );
  const sequenced = { ...event, seq: row!.seq };
  await tx.query('insert into order_events (restaurant_id, seq, order_id, type) values ($1, $2, $3, $4)', [
    event.restaurantId,
    sequenced.seq,
    event.orderId,
    event.type,
  ]);
  await tx.query('select pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, JSON.stringify(sequenced)]);
  return sequenced;
}

/** The last sequence number of each restaurant (0 when it has had no event). */
export async function latestSeqs(db: Queryable, restaurantIds: number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ restaurant_id: number; seq: number }>(
    `select restaurant_id, seq::float8 as seq from order_event_seqs where restaurant_id = any($1::int[])`,
    [restaurantIds],
  );
  const out = new Map(restaurantIds.map((id) => [id, 0]));
  for (const r of rows) out.set(r.restaurant_id, r.seq);
  return out;
}

/** Every event after the given sequence of each restaurant, in order. */
export async function eventsAfter(
  db: Queryable,
  after: ReadonlyMap<number, number>,
  limit = 5000,
): Promise<SequencedOrderEvent[]> {
  if (after.size === 0) return [];
  const rows = await db.query<{
    restaurant_id: number;
    seq: number;
    order_id: number;
    type: OrderEvent['type'];
    user_id: number;
  }>(
    `select e.restaurant_id, e.seq::float8 as seq, e.order_id, e.type, o.user_id
       from order_events e
       join unnest($1::int[], $2::bigint[]) as w(restaurant_id, after)
         on e.restaurant_id = w.restaurant_id and e.seq > w.after
       join orders o on o.id = e.order_id
      order by e.restaurant_id, e.seq limit $3`,
    [[...after.keys()], [...after.values()], limit],
  );
  return rows.map((r) => ({
    type: r.type,
    orderId: r.order_id,
    restaurantId: r.restaurant_id,
    userId: r.user_id,
    seq: r.seq,
  }));
}

/** Events older than this are of no use to a reconnecting tab (it reloads its list instead). */
export async function purgeOrderEvents(db: Queryable, keepDays = 7): Promise<void> {
  await db.query(`delete from order_events where created_at < now() - make_interval(days => $1)`, [keepDays]);
}

export async function publishCourierLocation(db: Queryable, event: CourierEvent): Promise<void> {
  await db.query('select pg_notify($1, $2)', [COURIER_EVENTS_CHANNEL, JSON.stringify(event)]);
}

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Reads a NOTIFY payload defensively: anything malformed is dropped, never thrown. */
export function parseOrderEvent(payload: string): SequencedOrderEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<SequencedOrderEvent>;
    if (e.type !== 'order.created' && e.type !== 'order.updated' && e.type !== 'order.acknowledged')
      return null;
    if (!positiveInt(e.orderId) || !positiveInt(e.restaurantId) || !positiveInt(e.userId)) return null;
    if (!positiveInt(e.seq)) return null;
    return { type: e.type, orderId: e.orderId, restaurantId: e.restaurantId, userId: e.userId, seq: e.seq };
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
