// SQL of the orders module: order summaries (one shape for lists, details and socket messages),
// the customer's and the restaurant's lists, status changes, payments and courier positions (the demo
// courier's orders too). The payments ledger's SQL is in ./payment-queries.ts.
import type { Queryable } from '../../db/index.ts';
import type { CourierLocationRecord, OrderRecord, OrderStepTimeColumn } from '../../db/records.ts';
import { normalisePhoneNumber } from '../../../shared/api/accounts.ts';
import type {
  Courier,
  OrderItem,
  OrderSummary,
  Payment,
  RestaurantOrdersQuery,
} from '../../../shared/api/orders.ts';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { prepareAt } from '../../../shared/schedule-slots.ts';
import {
  ORDER_STATUSES,
  STATUS_TIME_FIELD,
  isFinalStatus,
  type OrderStatus,
} from '../../../shared/order-status.ts';

type OrderRow = Pick<
  OrderRecord,
  | 'id'
  | 'order_number'
  | 'user_id'
  | 'restaurant_id'
  | 'status'
  | 'payment_status'
  | 'refund_pending'
  | 'delivery_address'
  | 'item_total'
  | 'packaging'
  | 'delivery_fee'
  | 'taxes'
  | 'coupon_code'
  | 'coupon_discount'
  | 'to_pay'
  | 'prep_time_min'
  | 'reject_reason'
  | 'eta'
  | 'created_at'
  | 'updated_at'
  | 'paid_at'
  | OrderStepTimeColumn
  | 'cooking_instructions'
  | 'delivery_instructions'
  | 'tip'
  | 'scheduled_for'
> & {
  r_name: string;
  r_slug: string;
  r_area: string;
  r_image: string;
  r_lat: number;
  r_lng: number;
  r_delivery_time_min: number;
  customer_name: string;
  customer_phone: string | null;
};

/** An order as loaded for the API: its summary, with whose it is and its restaurant's delivery time. */
export interface LoadedOrder {
  summary: OrderSummary;
  userId: number;
  restaurantId: number;
  deliveryTimeMin: number;
}

const ORDER_COLUMNS = /* sql */ `
  o.id, o.order_number, o.user_id, o.restaurant_id, o.status, o.payment_status, o.refund_pending,
  o.delivery_address, o.item_total, o.packaging, o.delivery_fee, o.taxes, o.coupon_code,
  o.coupon_discount, o.to_pay, o.prep_time_min, o.reject_reason, o.eta, o.created_at, o.updated_at,
  o.paid_at, o.accepted_at, o.preparing_at, o.ready_at, o.picked_up_at, o.delivered_at,
  o.cancelled_at, o.rejected_at,
  r.name as r_name, r.slug as r_slug, r.area as r_area, r.image as r_image, r.lat as r_lat,
  r.lng as r_lng, r.delivery_time_min as r_delivery_time_min, u.name as customer_name,
  u.phone_number as customer_phone, o.cooking_instructions, o.delivery_instructions, o.tip,
  o.scheduled_for`;
const ORDER_FROM = /* sql */ `
  from orders o join restaurants r on r.id = o.restaurant_id join users u on u.id = o.user_id`;

/** Orders that reached the restaurant: paid, or paid once and then cancelled, rejected or refunded. */
export const PAID_ONCE = /* sql */ `(o.paid_at is not null or o.payment_status in ('paid', 'refunded'))`;
/** Orders a customer sees in their history: anything but an abandoned, never-paid checkout. */
const CUSTOMER_VISIBLE = /* sql */ `(o.payment_status <> 'pending' or o.paid_at is not null)`;

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

function num(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The address saved on the order, whichever field names the checkout stored it with. */
function deliveryPoint(raw: unknown): OrderSummary['delivery_address'] {
  const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    address: str(a['address']) || str(a['formatted_address']),
    flat: str(a['flat']),
    landmark: str(a['landmark']),
    lat: num(a['latitude'] ?? a['lat']),
    lng: num(a['longitude'] ?? a['lng']),
  };
}

function toLoadedOrder(row: OrderRow, items: OrderItem[]): LoadedOrder {
  const summary: OrderSummary = {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    refund_pending: row.refund_pending,
    restaurant: {
      id: row.restaurant_id,
      name: row.r_name,
      slug: row.r_slug,
      area: row.r_area,
      image: row.r_image,
      lat: row.r_lat,
      lng: row.r_lng,
    },
    items,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    amount: row.to_pay,
    bill: {
      item_total: row.item_total,
      packaging: row.packaging,
      delivery_fee: row.delivery_fee,
      taxes: row.taxes,
      coupon_code: row.coupon_code,
      coupon_discount: row.coupon_discount,
      tip: row.tip,
      to_pay: row.to_pay,
    },
    customer_name: row.customer_name,
    customer_phone: row.customer_phone ?? '',
    delivery_address: deliveryPoint(row.delivery_address),
    instructions: { cooking: row.cooking_instructions, delivery: row.delivery_instructions },
    scheduled_for: iso(row.scheduled_for),
    prepare_at: row.scheduled_for ? prepareAt(iso(row.scheduled_for)!, row.r_delivery_time_min) : null,
    date: iso(row.created_at)!,
    prep_time_min: row.prep_time_min,
    reject_reason: row.reject_reason,
    eta: iso(row.eta),
    placed_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
    accepted_at: iso(row.accepted_at),
    preparing_at: iso(row.preparing_at),
    ready_at: iso(row.ready_at),
    picked_up_at: iso(row.picked_up_at),
    delivered_at: iso(row.delivered_at),
    cancelled_at: iso(row.cancelled_at),
    rejected_at: iso(row.rejected_at),
    updated_at: iso(row.updated_at)!,
  };
  return {
    summary,
    userId: row.user_id,
    restaurantId: row.restaurant_id,
    deliveryTimeMin: row.r_delivery_time_min,
  };
}

async function withItems(db: Queryable, rows: OrderRow[]): Promise<LoadedOrder[]> {
  if (rows.length === 0) return [];
  const items = await db.query<OrderItem & { order_id: number; choices: string[] }>(
    `select order_id, menu_item_id, name, price, quantity, is_veg, choices from order_items
     where order_id = any($1::int[]) order by order_id, name, options`,
    [rows.map((r) => r.id)],
  );
  const byOrder = new Map<number, OrderItem[]>();
  for (const { order_id, choices, ...item } of items) {
    let list = byOrder.get(order_id);
    if (!list) byOrder.set(order_id, (list = []));
    list.push(choices.length ? { ...item, choices } : item);
  }
  return rows.map((r) => toLoadedOrder(r, byOrder.get(r.id) ?? []));
}

export async function findOrder(
  db: Queryable,
  where: { id: number } | { orderNumber: string },
  forUpdate = false,
): Promise<LoadedOrder | undefined> {
  const [cond, param] = 'id' in where ? ['o.id = $1', where.id] : ['o.order_number = $1', where.orderNumber];
  const rows = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} ${ORDER_FROM} where ${cond}${forUpdate ? ' for update of o' : ''}`,
    [param],
  );
  const [rec] = await withItems(db, rows);
  return rec;
}

/** When an order last changed (its summary's `updated_at`); undefined when there is no such order. */
export async function orderUpdatedAt(db: Queryable, orderId: number): Promise<string | undefined> {
  const [row] = await db.query<{ updated_at: Date | string }>('select updated_at from orders where id = $1', [
    orderId,
  ]);
  return row ? iso(row.updated_at)! : undefined;
}

/** A status change: the new status, its time column (STATUS_TIME_FIELD), ETA, prep time and reason. */
export async function setOrderStatus(
  tx: Queryable,
  orderId: number,
  to: OrderStatus,
  eta: Date | null,
  prep: number | null,
  rejectReason: string | null | undefined,
): Promise<void> {
  const field = STATUS_TIME_FIELD[to];
  await tx.query(
    `update orders set status = $2, ${field} = now(), updated_at = now(), eta = $3, prep_time_min = $4,
       reject_reason = $5
     where id = $1`,
    [orderId, to, eta, prep, rejectReason],
  );
}

/** Orders a demo courier drives (DEMO_MODE): picked up, no position sent by real staff. */
export async function demoDeliveries(db: Queryable): Promise<LoadedOrder[]> {
  const rows = await db.query<{ id: number }>(
    `select o.id from orders o left join courier_locations c on c.order_id = o.id
     where o.status = 'picked_up' and ${PAID_ONCE} and (c.source is null or c.source = 'demo')
     order by o.id limit 200`,
  );
  const out: LoadedOrder[] = [];
  for (const r of rows) {
    const rec = await findOrder(db, { id: r.id });
    if (rec) out.push(rec);
  }
  return out;
}

export async function customerOrders(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; records: LoadedOrder[] }> {
  const [c] = await db.query<{ n: number }>(
    `select count(*)::int as n from orders o where o.user_id = $1 and ${CUSTOMER_VISIBLE}`,
    [userId],
  );
  const rows = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} ${ORDER_FROM} where o.user_id = $1 and ${CUSTOMER_VISIBLE}
     order by o.created_at desc, o.id desc limit $2 offset $3`,
    [userId, limit, offset],
  );
  return { count: c?.n ?? 0, records: await withItems(db, rows) };
}

/** Statuses still in the kitchen's hands: `delivery_status=active`. */
const ACTIVE_STATUSES = ORDER_STATUSES.filter((st) => !isFinalStatus(st));

/** LIKE pattern of text taken literally (its %, _ and \\ mean themselves). */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function restaurantOrders(
  db: Queryable,
  restaurantId: number,
  q: Required<Pick<RestaurantOrdersQuery, 'limit' | 'offset'>> & {
    delivery_status: OrderStatus | 'active' | '';
    startDate?: string | undefined;
    endDate?: string | undefined;
    q?: string | undefined;
  },
): Promise<{ count: number; totals: { orders: number; revenue: number }; records: LoadedOrder[] }> {
  const params: unknown[] = [restaurantId];
  const conds = ['o.restaurant_id = $1', PAID_ONCE];
  if (q.delivery_status === 'active') {
    params.push(ACTIVE_STATUSES);
    conds.push(`o.status = any($${params.length}::text[])`);
  } else if (q.delivery_status) {
    params.push(q.delivery_status);
    conds.push(`o.status = $${params.length}`);
  }
  if (q.startDate) {
    params.push(q.startDate);
    conds.push(`o.created_at >= ($${params.length}::date::timestamp at time zone '${INDIA_TIME_ZONE}')`);
  }
  if (q.endDate) {
    // endDate is a whole day: orders up to its end are included.
    params.push(q.endDate);
    conds.push(`o.created_at < (($${params.length}::date + 1)::timestamp at time zone '${INDIA_TIME_ZONE}')`);
  }
  if (q.q) {
    // An order number containing the text, or with 4+ digits a customer phone containing them.
    params.push(likeContaining(q.q));
    const byNumber = `o.order_number ilike $${params.length}`;
    // "+91 98450 12345", "098450-12345": the national number, as sign-up stores users.phone_number;
    // a part such as "+98450" or "98-450" searches by its digits.
    const digits = normalisePhoneNumber(q.q).replace(/\+/g, '');
    if (/^\d{4,}$/.test(digits)) {
      params.push(likeContaining(digits));
      conds.push(
        `(${byNumber} or o.user_id in (select id from users where phone_number like $${params.length}))`,
      );
    } else conds.push(byNumber);
  }
  const where = conds.join(' and ');
  // Revenue: what the kitchen keeps, so neither a refund (done or on its way) nor a cancelled or
  // rejected order, whatever its payment says. As bigint (a long range passes 2^31 paise), read back
  // as a number.
  const [t] = await db.query<{ n: number; revenue: string | number }>(
    `select count(*)::int as n,
       coalesce(sum(o.to_pay) filter (where o.payment_status = 'paid' and not o.refund_pending
                                        and o.status not in ('cancelled', 'rejected')), 0)::bigint as revenue
     from orders o where ${where}`,
    params,
  );
  const rows = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} ${ORDER_FROM} where ${where}
     order by o.created_at desc, o.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, q.limit, q.offset],
  );
  const count = t?.n ?? 0;
  return {
    count,
    totals: { orders: count, revenue: Number(t?.revenue ?? 0) },
    records: await withItems(db, rows),
  };
}

export async function customerPayments(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; results: Payment[] }> {
  const [c] = await db.query<{ n: number }>(
    `select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.user_id = $1`,
    [userId],
  );
  const rows = await db.query<Omit<Payment, 'date'> & { created_at: Date }>(
    // A UPI request past its expiry reads as failed even before the provider has told us.
    `select p.id, p.order_id, o.order_number, r.name as restaurant_name, p.amount, p.method, p.vpa,
            case when p.status = 'pending' and p.expires_at <= now() then 'failed' else p.status end as status,
            p.created_at
     from payments p join orders o on o.id = p.order_id join restaurants r on r.id = o.restaurant_id
     where o.user_id = $1 order by p.created_at desc, p.id desc limit $2 offset $3`,
    [userId, limit, offset],
  );
  return {
    count: c?.n ?? 0,
    results: rows.map(({ created_at, ...p }) => ({ ...p, date: iso(created_at)! })),
  };
}

export async function courierPosition(db: Queryable, orderId: number): Promise<Courier | null> {
  const [row] = await db.query<Pick<CourierLocationRecord, 'lat' | 'lng' | 'updated_at'>>(
    'select lat, lng, updated_at from courier_locations where order_id = $1',
    [orderId],
  );
  return row ? { lat: row.lat, lng: row.lng, updated_at: iso(row.updated_at)! } : null;
}

export async function saveCourierPosition(
  db: Queryable,
  orderId: number,
  lat: number,
  lng: number,
  source: 'staff' | 'demo',
): Promise<Courier> {
  const [row] = await db.query<Pick<CourierLocationRecord, 'updated_at'>>(
    `insert into courier_locations (order_id, lat, lng, source, updated_at) values ($1, $2, $3, $4, now())
     on conflict (order_id) do update set lat = excluded.lat, lng = excluded.lng,
       source = excluded.source, updated_at = excluded.updated_at
     returning updated_at`,
    [orderId, lat, lng, source],
  );
  return { lat, lng, updated_at: iso(row!.updated_at)! };
}
