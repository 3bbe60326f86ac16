// SQL of the checkout's order routes (./placement.ts, ./checkout-service.ts, ./sandbox-upi.ts): the
// order row as the checkout answers it, its lines, the delivery address, the order and order_items
// inserts, superseded and cancelled orders, and the sandbox's failure reasons.
import type { Queryable } from '../../db/index.ts';
import type { AddressRecord, OrderItemRecord, OrderRecord, SandboxPaymentRecord } from '../../db/records.ts';

/** An order as the checkout answers it: its own columns and the restaurant's name. */
export type OrderRow = OrderRecord & { restaurant_name: string };

export async function loadOrder(q: Queryable, where: 'id' | 'provider_order_id', value: unknown) {
  const [row] = await q.query<OrderRow>(
    `select o.*, r.name as restaurant_name from orders o join restaurants r on r.id = o.restaurant_id
      where o.${where} = $1`,
    [value],
  );
  return row;
}

/** id: the line's menu_item_id. */
export type OrderLineRow = Pick<OrderItemRecord, 'name' | 'price' | 'quantity' | 'is_veg' | 'choices'> & {
  id: number;
};

export async function orderLines(q: Queryable, orderId: number): Promise<OrderLineRow[]> {
  return q.query<OrderLineRow>(
    `select menu_item_id as id, name, price, quantity, is_veg, choices from order_items where order_id = $1
      order by name, options`,
    [orderId],
  );
}

export type SavedAddressRow = Pick<
  AddressRecord,
  'address' | 'flat' | 'landmark' | 'address_type' | 'latitude' | 'longitude'
>;

/** The customer's saved address (none while the addresses table does not exist). */
export async function savedAddress(
  q: Queryable,
  addressId: number,
  userId: number,
): Promise<SavedAddressRow | undefined> {
  const [exists] = await q.query<{ t: string | null }>(`select to_regclass('addresses')::text as t`);
  const rows = exists?.t
    ? await q.query<SavedAddressRow>(
        `select address, flat, landmark, address_type, latitude, longitude
           from addresses where id = $1 and user_id = $2`,
        [addressId, userId],
      )
    : [];
  return rows[0];
}

export async function orderIdByKey(
  q: Queryable,
  userId: number,
  idempotencyKey: string,
): Promise<number | undefined> {
  return (
    await q.query<{ id: number }>('select id from orders where user_id = $1 and idempotency_key = $2', [
      userId,
      idempotencyKey,
    ])
  )[0]?.id;
}

/** One order creation per user at a time: the user's row stays locked until the transaction ends. */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.query('select id from users where id = $1 for update', [userId]);
}

/** The user's unpaid orders still placed (earlier checkout attempts), locked. */
export async function unpaidPlacedOrders(q: Queryable, userId: number) {
  return q.query<Pick<OrderRecord, 'id' | 'coupon_code' | 'coupon_reserved'>>(
    `select id, coupon_code, coupon_reserved from orders
      where user_id = $1 and status = 'placed' and payment_status = 'pending' for update`,
    [userId],
  );
}

export async function cancelOrders(q: Queryable, orderIds: number[]): Promise<void> {
  await q.query(
    `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), coupon_reserved = false
      where id = any($1::int[])`,
    [orderIds],
  );
}

export interface NewOrder {
  orderNumber: string;
  userId: number;
  restaurantId: number;
  deliveryAddress: Record<string, unknown>;
  itemTotal: number;
  packaging: number;
  deliveryFee: number;
  taxes: number;
  couponCode: string | null;
  couponDiscount: number;
  toPay: number;
  idempotencyKey: string | null;
  couponReserved: boolean;
  distanceM: number;
  cookingInstructions: string;
  deliveryInstructions: string;
  tip: number;
  scheduledFor: string | null;
}

export async function insertOrder(q: Queryable, o: NewOrder): Promise<number> {
  const [order] = await q.query<{ id: number }>(
    `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
                         delivery_fee, taxes, coupon_code, coupon_discount, to_pay, idempotency_key,
                         coupon_reserved, distance_m, cooking_instructions, delivery_instructions,
                         tip, scheduled_for)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     returning id`,
    [
      o.orderNumber,
      o.userId,
      o.restaurantId,
      JSON.stringify(o.deliveryAddress),
      o.itemTotal,
      o.packaging,
      o.deliveryFee,
      o.taxes,
      o.couponCode,
      o.couponDiscount,
      o.toPay,
      o.idempotencyKey,
      o.couponReserved,
      o.distanceM,
      o.cookingInstructions,
      o.deliveryInstructions,
      o.tip,
      o.scheduledFor,
    ],
  );
  return order!.id;
}

export async function insertOrderItem(
  q: Queryable,
  orderId: number,
  l: {
    id: number;
    options: number[];
    choices: string[];
    name: string;
    price: number;
    quantity: number;
    is_veg: boolean;
  },
): Promise<void> {
  await q.query(
    `insert into order_items (order_id, menu_item_id, options, choices, name, price, quantity, is_veg)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [orderId, l.id, l.options, l.choices, l.name, l.price, l.quantity, l.is_veg],
  );
}

export async function setProviderOrderId(q: Queryable, orderId: number, providerOrderId: string) {
  await q.query('update orders set provider_order_id = $2 where id = $1 and provider_order_id is null', [
    orderId,
    providerOrderId,
  ]);
}

/** The customer's order by id (digits) or order number, locked; undefined when not theirs. */
export async function ownOrderIdForUpdate(
  q: Queryable,
  userId: number,
  ref: string,
): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    /^\d{1,9}$/.test(ref)
      ? 'select id from orders where id = $1::int and user_id = $2 for update'
      : 'select id from orders where order_number = $1 and user_id = $2 for update',
    [ref, userId],
  );
  return row?.id;
}

export async function cancelOrderRow(q: Queryable, orderId: number): Promise<void> {
  await q.query(
    `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), coupon_reserved = false
      where id = $1`,
    [orderId],
  );
}

/** Why the sandbox failed a payment (expired, superseded, declined, ...). */
export async function sandboxFailureReason(q: Queryable, paymentId: string): Promise<string | null> {
  const [why] = await q.query<Pick<SandboxPaymentRecord, 'error_reason'>>(
    'select error_reason from sandbox_payments where id = $1',
    [paymentId],
  );
  return why?.error_reason ?? null;
}
