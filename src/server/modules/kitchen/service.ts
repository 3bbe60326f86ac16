// Kitchen controls (docs/kitchen-controls.md): the staff's busy mode, pause, auto-accept, item stock
// and prep-time adjustments for their own restaurant, each logged with who, when, what, from and to;
// the kitchen state the console shows; and the auto-accept of a newly paid order. Routes stay thin.
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import type {
  AutoAcceptBody,
  ItemStockBody,
  KitchenAction,
  KitchenItem,
  KitchenLogEntry,
  KitchenState,
} from '../../../shared/api/kitchen.ts';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import {
  UNATTENDED_REASON,
  adjustedPrepTime,
  availability,
  effectiveInStock,
  outOfStockUntil,
  pauseEndsAt,
  staffPauseActive,
  startOfIstDay,
  type PauseDuration,
} from '../../../shared/kitchen.ts';
import { formatMinute, istMinuteOfDay, openState } from '../../../shared/opening-hours.ts';
import { PREP_TIME_LIMITS, reachedRestaurant } from '../../../shared/order-status.ts';
import { changeStatusInTx, findOrder, type PaidOrderHook } from '../orders/index.ts';
import {
  clearPause,
  findItem,
  insertLog,
  isScheduledOrder,
  kitchenSettings,
  listItems,
  listLog,
  loadKitchen,
  markedOutOfStock,
  presenceSummary,
  setAutoAccept,
  setBusy,
  setItemStock,
  setOrderPrepTime,
  setPause,
  type ItemStockRow,
  type KitchenRow,
  type LogRow,
} from './queries.ts';

/** The signed-in staff member acting for their restaurant. */
export interface Staff {
  userId: number;
  restaurantId: number;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

async function lockKitchen(tx: Queryable, restaurantId: number): Promise<KitchenRow> {
  const r = await loadKitchen(tx, restaurantId, true);
  if (!r) throw notFound('Restaurant not found.');
  return r;
}

// ---------------------------------------------------------------- state

export async function kitchenState(
  q: Queryable,
  restaurantId: number,
  now: Date,
  liveWindowMs: number,
): Promise<KitchenState> {
  const r = await loadKitchen(q, restaurantId);
  if (!r) throw notFound('Restaurant not found.');
  const open = openState(r.open_minute, r.close_minute, now);
  const shown = availability(r, now);
  const presence = await presenceSummary(q, restaurantId, new Date(now.getTime() - liveWindowMs));
  const marked = await markedOutOfStock(q, restaurantId);
  return {
    restaurant: { id: r.id, name: r.name, is_open: open.is_open, hours_label: open.hours_label },
    accepting_orders: shown.accepting_orders,
    not_accepting_reason: shown.not_accepting_reason,
    pause: staffPauseActive(r, now)
      ? {
          until: r.paused_until_reopened ? null : iso(r.paused_until),
          until_reopened: r.paused_until_reopened,
          since: iso(r.paused_at),
        }
      : null,
    unattended_pause:
      r.unattended_since !== null ? { since: iso(r.unattended_since)!, reason: UNATTENDED_REASON } : null,
    busy_extra_min: r.busy_extra_min,
    auto_accept: r.auto_accept,
    default_prep_time_min: r.default_prep_time_min,
    staff_devices: { connected: presence.connected, last_seen_at: iso(presence.last_seen_at) },
    out_of_stock: marked
      .filter((i) => !effectiveInStock(i, now))
      .map((i) => ({ id: i.id, name: i.name, until: iso(i.out_of_stock_until) })),
  };
}

// ---------------------------------------------------------------- busy mode, pause, auto-accept

export async function setBusyMode(db: Db, staff: Staff, extraMin: number): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockKitchen(tx, staff.restaurantId);
    if (r.busy_extra_min === extraMin) return;
    await setBusy(tx, r.id, extraMin);
    await log(tx, staff, 'busy', { from: String(r.busy_extra_min), to: String(extraMin) });
  });
}

/** "accepting", "paused_until_reopened" or "paused_until:<ISO>": a staff pause as the history shows it. */
function pauseValue(r: KitchenRow, now: Date): string {
  if (r.paused_until_reopened) return 'paused_until_reopened';
  return staffPauseActive(r, now) ? `paused_until:${iso(r.paused_until)}` : 'accepting';
}

/** Pauses new orders (replacing any earlier staff pause): for some minutes or until reopened. */
export async function pauseOrders(db: Db, staff: Staff, duration: PauseDuration, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockKitchen(tx, staff.restaurantId);
    const until = pauseEndsAt(duration, now);
    await setPause(tx, r.id, until, now);
    await log(tx, staff, 'pause', {
      from: pauseValue(r, now),
      to: until ? `paused_until:${until.toISOString()}` : 'paused_until_reopened',
      note: until ? `for ${duration} minutes` : 'until reopened',
    });
  });
}

/** Ends a staff pause (the unattended pause ends only when a staff device connects). */
export async function resumeOrders(db: Db, staff: Staff, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockKitchen(tx, staff.restaurantId);
    const from = pauseValue(r, now);
    if (!r.paused_until_reopened && r.paused_until === null) return;
    await clearPause(tx, r.id);
    if (from !== 'accepting') await log(tx, staff, 'resume', { from, to: 'accepting' });
  });
}

export async function setAutoAcceptMode(db: Db, staff: Staff, body: AutoAcceptBody): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockKitchen(tx, staff.restaurantId);
    const prep = body.default_prep_time_min ?? r.default_prep_time_min;
    if (r.auto_accept === body.enabled && r.default_prep_time_min === prep) return;
    await setAutoAccept(tx, r.id, body.enabled, prep);
    if (r.auto_accept !== body.enabled)
      await log(tx, staff, 'auto_accept', {
        from: r.auto_accept ? 'on' : 'off',
        to: body.enabled ? 'on' : 'off',
      });
    if (r.default_prep_time_min !== prep)
      await log(tx, staff, 'default_prep_time', { from: String(r.default_prep_time_min), to: String(prep) });
  });
}

/**
 * The kitchen's auto-accept (registered with the payments module): a newly paid order of a restaurant
 * with auto-accept on is accepted in the paying transaction, with the default prep time plus busy mode.
 * Under a savepoint: if accepting fails, the order stays placed for staff and the payment stands.
 * An order scheduled for later is never auto-accepted: it waits apart until its cooking should start,
 * then rings, and staff accept it then (accepting starts the prep clock and the customer's ETA).
 */
export const autoAcceptPaidOrder: PaidOrderHook = async (tx, order) => {
  if (!(await kitchenSettings(tx, order.restaurantId)).auto_accept) return;
  if (await isScheduledOrder(tx, order.orderId)) return;
  // Transaction mechanics, not data: the savepoint stays with the rule that needs it.
  await tx.query('savepoint kitchen_auto_accept');
  try {
    await changeStatusInTx(tx, order.restaurantId, order.orderId, { status: 'accepted' });
    await tx.query('release savepoint kitchen_auto_accept');
  } catch {
    await tx.query('rollback to savepoint kitchen_auto_accept');
  }
};

// ---------------------------------------------------------------- stock

function itemView(i: ItemStockRow, now: Date): KitchenItem {
  const inStock = effectiveInStock(i, now);
  return {
    id: i.id,
    name: i.name,
    category: i.category,
    price: i.price,
    is_veg: i.is_veg,
    in_stock: inStock,
    out_of_stock_until: inStock ? null : iso(i.out_of_stock_until),
  };
}

export async function kitchenItems(q: Queryable, restaurantId: number, now: Date): Promise<KitchenItem[]> {
  return (await listItems(q, restaurantId)).map((i) => itemView(i, now));
}

/** "in_stock", "out_until_turned_on" or "out_until:<ISO>": an item's stock as the history shows it. */
function stockValue(i: { in_stock: boolean; out_of_stock_until: Date | string | null }, now: Date): string {
  if (effectiveInStock(i, now)) return 'in_stock';
  return i.out_of_stock_until === null ? 'out_until_turned_on' : `out_until:${iso(i.out_of_stock_until)}`;
}

export async function changeItemStock(
  db: Db,
  staff: Staff,
  itemId: number,
  body: ItemStockBody,
  now: Date,
): Promise<KitchenItem> {
  return db.transaction(async (tx) => {
    const item = await findItem(tx, staff.restaurantId, itemId, true);
    // Another restaurant's item answers like a missing one: ids cannot be probed.
    if (!item) throw notFound('No such item on your menu.');
    const until = body.in_stock ? null : outOfStockUntil(body.duration!, now);
    const next = { in_stock: body.in_stock, out_of_stock_until: until };
    const from = stockValue(item, now);
    const to = stockValue(next, now);
    await setItemStock(tx, item.id, body.in_stock, until);
    if (from !== to)
      await log(tx, staff, 'stock', {
        subject: item.name,
        subjectId: item.id,
        from,
        to,
        note: body.duration ?? null,
      });
    return itemView({ ...item, ...next }, now);
  });
}

// ---------------------------------------------------------------- prep time

/** Moves an accepted or preparing order's prep time, and its ETA with it, by whole 5-minute steps. */
export async function adjustPrepTime(
  db: Db,
  staff: Staff,
  orderId: number,
  deltaMin: number,
  now: Date,
): Promise<OrderSummary> {
  return db.transaction(async (tx) => {
    const rec = await findOrder(tx, { id: orderId }, true);
    if (!rec || rec.restaurantId !== staff.restaurantId || !reachedRestaurant(rec.summary))
      throw notFound('Order not found.');
    const o = rec.summary;
    if (o.status !== 'accepted' && o.status !== 'preparing') {
      throw new HttpError(
        409,
        `Order ${o.order_number} is ${o.status.replace('_', ' ')}: its prep time can change only while it is accepted or being prepared.`,
        'prep_time_locked',
      );
    }
    const current = o.prep_time_min ?? (await kitchenSettings(tx, staff.restaurantId)).default_prep_time_min;
    const next = adjustedPrepTime(current, deltaMin);
    if (next === null) {
      throw new HttpError(
        409,
        `The prep time of order ${o.order_number} is ${current} minutes; it must stay between ${PREP_TIME_LIMITS.min} and ${PREP_TIME_LIMITS.max} minutes.`,
        'prep_time_out_of_range',
      );
    }
    const eta = new Date((o.eta ? Date.parse(o.eta) : now.getTime()) + deltaMin * 60_000);
    await setOrderPrepTime(tx, orderId, next, eta);
    await publishOrderEvent(tx, {
      type: 'order.updated',
      orderId,
      restaurantId: rec.restaurantId,
      userId: rec.userId,
    });
    await log(tx, staff, 'prep_time', {
      subject: o.order_number,
      subjectId: o.id,
      from: String(current),
      to: String(next),
    });
    return (await findOrder(tx, { id: orderId }))!.summary;
  });
}

// ---------------------------------------------------------------- history

function log(
  tx: Queryable,
  staff: Staff,
  action: KitchenAction,
  e: { subject?: string; subjectId?: number; from?: string; to?: string; note?: string | null },
): Promise<void> {
  return insertLog(tx, { restaurantId: staff.restaurantId, actorUserId: staff.userId, action, ...e });
}

/** "7:45 PM" (IST), or "the end of the day" for midnight IST. */
function clock(isoText: string): string {
  const d = new Date(isoText);
  return startOfIstDay(d).getTime() === d.getTime() ? 'the end of the day' : formatMinute(istMinuteOfDay(d));
}

const untilText = (v: string | null, prefix: string): string | null =>
  v?.startsWith(prefix) ? clock(v.slice(prefix.length)) : null;

/** One sentence per history entry, for the console. */
export function summarise(row: LogRow): string {
  const who =
    row.actor_user_id === null ? null : row.actor_name?.trim() || `Staff member ${row.actor_user_id}`;
  const actor = who ?? 'The server';
  const to = row.to_value;
  switch (row.action as KitchenAction) {
    case 'busy':
      return to === '0'
        ? `${actor} turned busy mode off.`
        : `${actor} turned busy mode on: ${to} minutes added to every prep time.`;
    case 'pause': {
      const until = untilText(to, 'paused_until:');
      return until
        ? `${actor} paused new orders ${row.note ?? ''} (until ${until}).`.replace('  ', ' ')
        : `${actor} paused new orders until reopened.`;
    }
    case 'resume':
      return who
        ? `${actor} reopened the restaurant for orders.`
        : 'The pause ran out: orders are open again.';
    case 'auto_pause':
      return `Paused automatically: ${UNATTENDED_REASON}.`;
    case 'auto_resume':
      return `The automatic pause ended: ${row.note ?? 'staff device connected'}.`;
    case 'auto_accept':
      return `${actor} turned auto-accept ${to === 'on' ? 'on' : 'off'}.`;
    case 'default_prep_time':
      return `${actor} changed the default prep time from ${row.from_value} to ${to} minutes.`;
    case 'stock': {
      const item = row.subject ?? 'An item';
      if (to === 'in_stock')
        return who
          ? `${actor} marked ${item} back in stock.`
          : `${item} is back in stock (its time ran out).`;
      if (to === 'out_until_turned_on') return `${actor} marked ${item} out of stock until turned back on.`;
      return `${actor} marked ${item} out of stock until ${untilText(to, 'out_until:') ?? 'later'}.`;
    }
    case 'prep_time':
      return `${actor} changed the prep time of order ${row.subject} from ${row.from_value} to ${to} minutes.`;
    default:
      return `${actor}: ${row.action}.`;
  }
}

export async function controlHistory(
  q: Queryable,
  restaurantId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; results: KitchenLogEntry[] }> {
  const { count, rows } = await listLog(q, restaurantId, limit, offset);
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      at: iso(r.created_at)!,
      actor: r.actor_user_id === null ? null : { id: r.actor_user_id, name: r.actor_name ?? '' },
      action: r.action as KitchenAction,
      subject: r.subject,
      subject_id: r.subject_id,
      from: r.from_value,
      to: r.to_value,
      note: r.note,
      summary: summarise(r),
    })),
  };
}
