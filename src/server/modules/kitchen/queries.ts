// SQL of the kitchen module (parameterised; the same text runs on PGlite and PostgreSQL): a restaurant's
// kitchen settings and pauses, an order's schedule and prep time, item stock, staff device presence and
// the control history. Imported by orders (prep settings; pause and stock at createorder), so it
// imports nothing of orders.
import type { Queryable } from '../../db/index.ts';
import type {
  KitchenLogRecord,
  MenuItemRecord,
  OrderRecord,
  RestaurantPresenceRecord,
  RestaurantRecord,
} from '../../db/records.ts';
import type { PrepSettings } from '../../../shared/kitchen.ts';

export type KitchenRow = Pick<
  RestaurantRecord,
  | 'id'
  | 'name'
  | 'open_minute'
  | 'close_minute'
  | 'is_active'
  | 'paused_until'
  | 'paused_until_reopened'
  | 'paused_at'
  | 'unattended_since'
  | 'busy_extra_min'
  | 'auto_accept'
  | 'default_prep_time_min'
>;

const KITCHEN_COLUMNS = `id, name, open_minute, close_minute, is_active, paused_until, paused_until_reopened,
  paused_at, unattended_since, busy_extra_min, auto_accept, default_prep_time_min`;

export async function loadKitchen(
  q: Queryable,
  restaurantId: number,
  forUpdate = false,
): Promise<KitchenRow | undefined> {
  const [row] = await q.query<KitchenRow>(
    `select ${KITCHEN_COLUMNS} from restaurants where id = $1${forUpdate ? ' for update' : ''}`,
    [restaurantId],
  );
  return row;
}

/** What an acceptance needs: the default prep time, busy mode and the auto-accept toggle. */
export async function kitchenSettings(
  q: Queryable,
  restaurantId: number,
): Promise<PrepSettings & { auto_accept: boolean }> {
  const [row] = await q.query<PrepSettings & { auto_accept: boolean }>(
    'select default_prep_time_min, busy_extra_min, auto_accept from restaurants where id = $1',
    [restaurantId],
  );
  return row ?? { default_prep_time_min: 20, busy_extra_min: 0, auto_accept: false };
}

export async function setBusy(q: Queryable, restaurantId: number, extraMin: number): Promise<void> {
  await q.query('update restaurants set busy_extra_min = $2, updated_at = now() where id = $1', [
    restaurantId,
    extraMin,
  ]);
}

/** A pause by staff: until a time, or until reopened (until null). Replaces any earlier one. */
export async function setPause(
  q: Queryable,
  restaurantId: number,
  until: Date | null,
  now: Date,
): Promise<void> {
  await q.query(
    `update restaurants set paused_until = $2, paused_until_reopened = $3, paused_at = $4, updated_at = now()
      where id = $1`,
    [restaurantId, until, until === null, now],
  );
}

export async function clearPause(q: Queryable, restaurantId: number): Promise<void> {
  await q.query(
    `update restaurants set paused_until = null, paused_until_reopened = false, paused_at = null,
            updated_at = now()
      where id = $1`,
    [restaurantId],
  );
}

export async function setAutoAccept(
  q: Queryable,
  restaurantId: number,
  enabled: boolean,
  defaultPrepMin: number,
): Promise<void> {
  await q.query(
    `update restaurants set auto_accept = $2, default_prep_time_min = $3, updated_at = now() where id = $1`,
    [restaurantId, enabled, defaultPrepMin],
  );
}

/** Timed pauses that ran out by `now`, cleared (each returned once, whichever process clears it). */
export function expirePauses(q: Queryable, now: Date): Promise<Array<{ id: number; paused_until: Date }>> {
  return q.query(
    `update restaurants r set paused_until = null, paused_at = null, updated_at = now()
       from restaurants old
      where old.id = r.id and r.paused_until is not null and r.paused_until <= $1
      returning r.id, old.paused_until`,
    [now],
  );
}

/** Sets the server's own pause; returns whether this call set it. */
export async function setUnattended(q: Queryable, restaurantId: number, now: Date): Promise<boolean> {
  const rows = await q.query(
    `update restaurants set unattended_since = $2, updated_at = now()
      where id = $1 and unattended_since is null returning id`,
    [restaurantId, now],
  );
  return rows.length > 0;
}

/** Ends the server's own pause of these restaurants; returns those it ended. */
export async function clearUnattended(q: Queryable, restaurantIds: number[]): Promise<number[]> {
  if (restaurantIds.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    `update restaurants set unattended_since = null, updated_at = now()
      where id = any($1::int[]) and unattended_since is not null returning id`,
    [restaurantIds],
  );
  return rows.map((r) => r.id);
}

/** Whether the order is scheduled for later (auto-accept leaves those to staff). */
export async function isScheduledOrder(q: Queryable, orderId: number): Promise<boolean> {
  const [scheduled] = await q.query<Pick<OrderRecord, 'id'>>(
    'select id from orders where id = $1 and scheduled_for is not null',
    [orderId],
  );
  return scheduled !== undefined;
}

/** A staff member's new prep time for an order, and its ETA with it. */
export async function setOrderPrepTime(
  q: Queryable,
  orderId: number,
  prepTimeMin: number,
  eta: Date,
): Promise<void> {
  await q.query('update orders set prep_time_min = $2, eta = $3, updated_at = now() where id = $1', [
    orderId,
    prepTimeMin,
    eta,
  ]);
}

// ---------------------------------------------------------------- items

export type ItemStockRow = Pick<
  MenuItemRecord,
  'id' | 'restaurant_id' | 'name' | 'price' | 'is_veg' | 'in_stock' | 'out_of_stock_until'
> & { category: string };

const ITEM_SELECT = `select mi.id, mi.restaurant_id, mi.name, mc.name as category, mi.price, mi.is_veg, mi.in_stock,
       mi.out_of_stock_until
  from menu_items mi join menu_categories mc on mc.id = mi.category_id`;

export function listItems(q: Queryable, restaurantId: number): Promise<ItemStockRow[]> {
  return q.query<ItemStockRow>(
    `${ITEM_SELECT} where mi.restaurant_id = $1 order by mc.position, mi.position, mi.id`,
    [restaurantId],
  );
}

export async function findItem(
  q: Queryable,
  restaurantId: number,
  itemId: number,
  forUpdate = false,
): Promise<ItemStockRow | undefined> {
  const [row] = await q.query<ItemStockRow>(
    `${ITEM_SELECT} where mi.id = $1 and mi.restaurant_id = $2${forUpdate ? ' for update of mi' : ''}`,
    [itemId, restaurantId],
  );
  return row;
}

/** Items marked out of stock (a timed mark may have run out already: see effectiveInStock). */
export function markedOutOfStock(q: Queryable, restaurantId: number): Promise<ItemStockRow[]> {
  return q.query<ItemStockRow>(
    `${ITEM_SELECT} where mi.restaurant_id = $1 and not mi.in_stock order by mi.name, mi.id`,
    [restaurantId],
  );
}

/** The stock columns of these items (createorder checks the cart's lines with effectiveInStock). */
export function stockOf(
  q: Queryable,
  itemIds: number[],
): Promise<Array<{ id: number; name: string; in_stock: boolean; out_of_stock_until: Date | string | null }>> {
  return q.query(
    'select id, name, in_stock, out_of_stock_until from menu_items where id = any($1::int[]) order by id',
    [itemIds],
  );
}

export async function setItemStock(
  q: Queryable,
  itemId: number,
  inStock: boolean,
  until: Date | null,
): Promise<void> {
  await q.query('update menu_items set in_stock = $2, out_of_stock_until = $3 where id = $1', [
    itemId,
    inStock,
    inStock ? null : until,
  ]);
}

/** Timed out-of-stock marks that ran out by `now`, turned back to in stock (each returned once). */
export function expireStock(
  q: Queryable,
  now: Date,
): Promise<Array<{ id: number; restaurant_id: number; name: string; out_of_stock_until: Date }>> {
  return q.query(
    `update menu_items mi set in_stock = true, out_of_stock_until = null
       from menu_items old
      where old.id = mi.id and not mi.in_stock and mi.out_of_stock_until is not null
        and mi.out_of_stock_until <= $1
      returning mi.id, mi.restaurant_id, mi.name, old.out_of_stock_until`,
    [now],
  );
}

// ---------------------------------------------------------------- staff presence

/** Writes this process's socket counts for these restaurants, seen now (unknown restaurants skipped). */
export async function upsertPresence(
  q: Queryable,
  processId: string,
  counts: ReadonlyMap<number, number>,
): Promise<void> {
  if (counts.size === 0) return;
  await q.query(
    `insert into restaurant_presence (restaurant_id, process_id, connections, last_seen_at)
     select u.restaurant_id, $1, u.connections, now()
       from unnest($2::int[], $3::int[]) as u(restaurant_id, connections)
       join restaurants r on r.id = u.restaurant_id
     on conflict (restaurant_id, process_id)
       do update set connections = excluded.connections, last_seen_at = excluded.last_seen_at`,
    [processId, [...counts.keys()], [...counts.values()]],
  );
}

/** A process going away: none of its sockets remain, seen now. */
export async function releaseProcess(q: Queryable, processId: string): Promise<void> {
  await q.query(
    `update restaurant_presence set connections = 0, last_seen_at = now()
      where process_id = $1 and connections > 0`,
    [processId],
  );
}

/** connected: sockets connected now over every live process; last_seen_at: null before any. */
export type PresenceSummary = {
  connected: number;
  last_seen_at: RestaurantPresenceRecord['last_seen_at'] | null;
};

/** Rows seen at or after `liveSince` count as live (their process is still beating). */
export async function presenceSummary(
  q: Queryable,
  restaurantId: number,
  liveSince: Date,
): Promise<PresenceSummary> {
  const [row] = await q.query<PresenceSummary>(
    `select coalesce(sum(connections) filter (where last_seen_at >= $2), 0)::int as connected,
            max(last_seen_at) as last_seen_at
       from restaurant_presence where restaurant_id = $1`,
    [restaurantId, liveSince],
  );
  return row ?? { connected: 0, last_seen_at: null };
}

/** last_seen_at: null when no staff device ever connected (the watch is not armed). */
export type WatchedRestaurant = Pick<
  RestaurantRecord,
  'id' | 'open_minute' | 'close_minute' | 'unattended_since'
> & { last_seen_at: RestaurantPresenceRecord['last_seen_at'] | null; live: boolean };

/** Restaurants a staff device has connected for (the watch is armed), and any paused as unattended. */
export function watchedRestaurants(q: Queryable, liveSince: Date): Promise<WatchedRestaurant[]> {
  return q.query<WatchedRestaurant>(
    `select r.id, r.open_minute, r.close_minute, r.unattended_since, p.last_seen_at,
            coalesce(p.live, false) as live
       from restaurants r
       left join (select restaurant_id, max(last_seen_at) as last_seen_at,
                         bool_or(connections > 0 and last_seen_at >= $1) as live
                    from restaurant_presence group by restaurant_id) p on p.restaurant_id = r.id
      where (p.restaurant_id is not null and r.is_active) or r.unattended_since is not null
      order by r.id`,
    [liveSince],
  );
}

/** Rows of processes gone for a day, except each restaurant's newest (it keeps the watch armed). */
export async function purgePresence(q: Queryable, now: Date): Promise<void> {
  await q.query(
    `delete from restaurant_presence p
      where p.last_seen_at < $1::timestamptz - interval '1 day'
        and exists (select 1 from restaurant_presence n
                     where n.restaurant_id = p.restaurant_id and n.last_seen_at > p.last_seen_at)`,
    [now],
  );
}

// ---------------------------------------------------------------- control history

export interface LogEntryInput {
  restaurantId: number;
  /** null: the server itself. */
  actorUserId: number | null;
  action: string;
  subject?: string | null;
  subjectId?: number | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** When it happened, if not now (a pause that ran out at its end time). */
  at?: Date;
}

export async function insertLog(q: Queryable, e: LogEntryInput): Promise<void> {
  await q.query(
    `insert into kitchen_log (restaurant_id, actor_user_id, action, subject, subject_id, from_value, to_value,
                              note, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))`,
    [
      e.restaurantId,
      e.actorUserId,
      e.action,
      e.subject ?? null,
      e.subjectId ?? null,
      e.from ?? null,
      e.to ?? null,
      e.note ?? null,
      e.at ?? null,
    ],
  );
}

/** actor_name: null for the server itself. */
export type LogRow = Omit<KitchenLogRecord, 'restaurant_id'> & { actor_name: string | null };

/**
 * The restaurant's history, newest first in the order it was recorded (an entry the sweep writes for a
 * pause that ran out carries the end time as its time, a few seconds before it was recorded).
 */
export async function listLog(
  q: Queryable,
  restaurantId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: LogRow[] }> {
  const [c] = await q.query<{ n: number }>(
    'select count(*)::int as n from kitchen_log where restaurant_id = $1',
    [restaurantId],
  );
  const rows = await q.query<LogRow>(
    `select l.id, l.created_at, l.actor_user_id, u.name as actor_name, l.action, l.subject, l.subject_id,
            l.from_value, l.to_value, l.note
       from kitchen_log l left join users u on u.id = l.actor_user_id
      where l.restaurant_id = $1
      order by l.id desc
      limit $2 offset $3`,
    [restaurantId, limit, offset],
  );
  return { count: c?.n ?? 0, rows };
}
