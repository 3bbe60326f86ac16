// Order creation and payment: createorder recomputes everything from the database and reserves the
// coupon atomically; payment results (client callback or webhook) mark an order paid exactly once;
// a cancelled paid order is refunded through the provider adapter.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CART_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  type CheckoutOrder,
  type CreateOrderResponse,
  type InlineAddress,
} from '../../../shared/api/checkout.ts';
import { computeBill, distanceMetres } from '../../../shared/bill.ts';
import { checkCoupon, inTimeWindow, istClock } from '../../../shared/coupon-rules.ts';
import type { Db, Queryable, Row } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import { loadUser } from './caller.ts';
import { cartLines, findCart, loadRestaurant, type CartRow } from './cart.ts';
import { mergeAnonymousCart } from './cart-merge.ts';
import { findCoupon, releaseCoupon, toRule, userCouponUses } from './coupons.ts';

export interface OrderRow extends Row {
  id: number;
  order_number: string;
  user_id: number;
  restaurant_id: number;
  restaurant_name: string;
  delivery_address: Record<string, unknown>;
  item_total: number;
  packaging: number;
  delivery_fee: number;
  taxes: number;
  coupon_code: string | null;
  coupon_discount: number;
  coupon_reserved: boolean;
  to_pay: number;
  status: CheckoutOrder['status'];
  payment_status: CheckoutOrder['payment_status'];
  refund_pending: boolean;
  provider_order_id: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function loadOrder(q: Queryable, where: 'id' | 'provider_order_id', value: unknown) {
  const [row] = await q.query<OrderRow>(
    `select o.*, r.name as restaurant_name from orders o join restaurants r on r.id = o.restaurant_id
      where o.${where} = $1`,
    [value],
  );
  return row;
}

export async function orderSummary(q: Queryable, row: OrderRow): Promise<CheckoutOrder> {
  const items = await q.query<{ id: number; name: string; price: number; quantity: number; is_veg: boolean }>(
    `select menu_item_id as id, name, price, quantity, is_veg from order_items where order_id = $1
      order by name`,
    [row.id],
  );
  return {
    id: row.id,
    order_number: row.order_number,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    status: row.status,
    payment_status: row.payment_status,
    refund_pending: row.refund_pending,
    coupon_code: row.coupon_code,
    delivery_address: row.delivery_address,
    item_total: row.item_total,
    packaging: row.packaging,
    delivery_fee: row.delivery_fee,
    taxes: row.taxes,
    coupon_discount: row.coupon_discount,
    to_pay: row.to_pay,
    items,
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
  };
}

const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "261121-7KQ3MZ": IST date and six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const ist = new Date(now.getTime() + 330 * 60_000).toISOString();
  const date = ist.slice(2, 4) + ist.slice(5, 7) + ist.slice(8, 10);
  let tail = '';
  for (const b of randomBytes(6)) tail += NUMBER_ALPHABET[b % NUMBER_ALPHABET.length];
  return `${date}-${tail}`;
}

interface DeliveryAddress {
  address: string;
  flat: string;
  landmark: string;
  address_type: string;
  latitude: number;
  longitude: number;
  address_id: number | null;
}

async function resolveAddress(
  q: Queryable,
  userId: number,
  body: { address_id?: number | undefined; address?: InlineAddress | undefined },
): Promise<DeliveryAddress> {
  if (body.address_id !== undefined) {
    const [exists] = await q.query<{ t: string | null }>(`select to_regclass('addresses')::text as t`);
    const rows = exists?.t
      ? await q.query<Omit<DeliveryAddress, 'address_id'>>(
          `select address, flat, landmark, address_type, latitude, longitude
             from addresses where id = $1 and user_id = $2`,
          [body.address_id, userId],
        )
      : [];
    const a = rows[0];
    if (!a) {
      throw new HttpError(404, 'That delivery address was not found.', PAYMENT_ERROR_CODES.addressNotFound);
    }
    return {
      ...a,
      latitude: Number(a.latitude),
      longitude: Number(a.longitude),
      address_id: body.address_id,
    };
  }
  const a = body.address!;
  return {
    address: a.address,
    flat: a.flat,
    landmark: a.landmark ?? '',
    address_type: a.address_type ?? 'other',
    latitude: a.latitude,
    longitude: a.longitude,
    address_id: null,
  };
}

export interface CreateOrderInput {
  userId: number;
  sessionKey: string | null;
  idempotencyKey: string | null;
  body: { address_id?: number | undefined; address?: InlineAddress | undefined };
  now?: Date;
}

/** Creates (or, for a known Idempotency-Key, finds) the order; the provider order comes after. */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<number> {
  const { userId, idempotencyKey } = input;
  const now = input.now ?? new Date();
  const byKey = async (q: Queryable) =>
    idempotencyKey
      ? (
          await q.query<{ id: number }>('select id from orders where user_id = $1 and idempotency_key = $2', [
            userId,
            idempotencyKey,
          ])
        )[0]?.id
      : undefined;

  const known = await byKey(db);
  if (known !== undefined) return known;
  await loadUser(db, userId);
  const address = await resolveAddress(db, userId, input.body);

  // Fast refusal of a coupon already used up (the reservation below is what guarantees the limit),
  // so a rush on a limited coupon does not queue every loser through a write transaction.
  const [usedUp] = await db.query<{ coupon_code: string }>(
    `select cp.coupon_code from carts c join coupons cp on upper(cp.coupon_code) = upper(c.coupon_code)
      where c.user_id = $1 and cp.usage_limit is not null and cp.used_count >= cp.usage_limit
        and not exists (select 1 from carts a where a.session_key = $2 and a.user_id is null)`,
    [userId, input.sessionKey ?? ''],
  );
  if (usedUp) {
    throw new HttpError(400, `Coupon ${usedUp.coupon_code} has been fully used up.`, 'coupon_used_up');
  }

  return db.transaction(async (tx) => {
    // One order creation per user at a time: a second request with the same key waits, then finds it.
    await tx.query('select id from users where id = $1 for update', [userId]);
    const again = await byKey(tx);
    if (again !== undefined) return again;

    if (input.sessionKey) await mergeAnonymousCart(tx, input.sessionKey, userId);
    const cart: CartRow | undefined = await findCart(tx, { userId, sessionKey: null }, true);
    const lines = cart ? await cartLines(tx, cart.id) : [];
    if (!cart || !lines.length) {
      throw new HttpError(400, 'Your cart is empty.', CART_ERROR_CODES.cartEmpty);
    }
    const out = lines.find((l) => !l.in_stock);
    if (out) throw new HttpError(400, `${out.name} is out of stock right now.`, CART_ERROR_CODES.outOfStock);
    const restaurant = await loadRestaurant(tx, cart.restaurant_id ?? lines[0]!.restaurant_id);
    if (!restaurant || !restaurant.is_active) {
      throw new HttpError(
        400,
        'This restaurant is not taking orders right now.',
        PAYMENT_ERROR_CODES.restaurantClosed,
      );
    }
    if (
      restaurant.open_minute !== restaurant.close_minute &&
      !inTimeWindow(istClock(now).minutes, restaurant.open_minute, restaurant.close_minute)
    ) {
      throw new HttpError(
        400,
        `${restaurant.name} is closed right now.`,
        PAYMENT_ERROR_CODES.restaurantClosed,
      );
    }
    const distance = distanceMetres(
      { lat: address.latitude, lng: address.longitude },
      { lat: Number(restaurant.lat), lng: Number(restaurant.lng) },
    );
    if (distance > restaurant.delivery_radius_m) {
      throw new HttpError(
        400,
        `${restaurant.name} does not deliver to this address (${(distance / 1000).toFixed(1)} km away; it delivers within ${restaurant.delivery_radius_m / 1000} km).`,
        PAYMENT_ERROR_CODES.addressOutOfRange,
      );
    }

    const food = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    let couponDiscount = 0;
    let couponCode: string | null = null;
    if (cart.coupon_code) {
      const row = await findCoupon(tx, cart.coupon_code);
      const check = checkCoupon(row ? toRule(row) : null, {
        now,
        storeId: restaurant.id,
        itemTotal: food,
        userUses: await userCouponUses(tx, userId, row?.coupon_code ?? cart.coupon_code),
        ignoreTotalUsage: true,
      });
      if (!check.ok) throw new HttpError(400, check.message, check.code);
      // The reservation: only succeeds while uses remain, however many requests race for them.
      const reserved = await tx.query(
        `update coupons set used_count = used_count + 1
          where id = $1 and (usage_limit is null or used_count < usage_limit) returning id`,
        [row!.id],
      );
      if (!reserved.length) {
        throw new HttpError(400, `Coupon ${row!.coupon_code} has been fully used up.`, 'coupon_used_up');
      }
      couponDiscount = check.discount;
      couponCode = row!.coupon_code;
    }

    // An unpaid order from an earlier attempt is superseded by this one and gives back its coupon.
    const stale = await tx.query<{ id: number; coupon_code: string | null; coupon_reserved: boolean }>(
      `select id, coupon_code, coupon_reserved from orders
        where user_id = $1 and status = 'placed' and payment_status = 'pending' for update`,
      [userId],
    );
    for (const s of stale) {
      if (s.coupon_reserved && s.coupon_code) await releaseCoupon(tx, s.coupon_code);
    }
    if (stale.length) {
      await tx.query(
        `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), coupon_reserved = false
          where id = any($1::int[])`,
        [stale.map((s) => s.id)],
      );
    }

    const bill = computeBill({
      lines,
      packagingFee: restaurant.packaging_fee,
      distanceM: distance,
      couponDiscount,
    });
    const [order] = await tx.query<{ id: number }>(
      `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
                           delivery_fee, taxes, coupon_code, coupon_discount, to_pay, idempotency_key,
                           coupon_reserved, distance_m)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
      [
        newOrderNumber(now),
        userId,
        restaurant.id,
        JSON.stringify({ ...address, lat: address.latitude, lng: address.longitude }),
        bill.item_total,
        bill.packaging,
        bill.delivery_fee,
        bill.taxes,
        couponCode,
        bill.coupon_discount,
        bill.to_pay,
        idempotencyKey,
        couponCode !== null,
        distance,
      ],
    );
    for (const l of lines) {
      await tx.query(
        `insert into order_items (order_id, menu_item_id, name, price, quantity, is_veg)
         values ($1, $2, $3, $4, $5, $6)`,
        [order!.id, l.id, l.name, l.price, l.quantity, l.is_veg],
      );
    }
    return order!.id;
  });
}

/** Gives the order its provider order (once), outside any transaction: the provider may be slow. */
export async function ensureProviderOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
): Promise<OrderRow> {
  const order = (await loadOrder(db, 'id', orderId))!;
  if (order.provider_order_id) return order;
  let providerOrderId: string;
  try {
    const created = await provider.createOrder({
      amount: order.to_pay,
      currency: 'INR',
      receipt: order.order_number,
      notes: { order_id: String(order.id), order_number: order.order_number },
    });
    providerOrderId = created.id;
  } catch {
    throw new HttpError(
      502,
      'The payment service is not reachable right now. Please try again.',
      PAYMENT_ERROR_CODES.providerUnavailable,
    );
  }
  await db.query('update orders set provider_order_id = $2 where id = $1 and provider_order_id is null', [
    order.id,
    providerOrderId,
  ]);
  return (await loadOrder(db, 'id', orderId))!;
}

export async function createOrderResponse(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
): Promise<CreateOrderResponse> {
  const order = await ensureProviderOrder(db, provider, orderId);
  const user = await loadUser(db, order.user_id);
  return {
    order: await orderSummary(db, order),
    provider: provider.name,
    provider_order_id: order.provider_order_id!,
    amount: order.to_pay,
    currency: 'INR',
    key: provider.keyId,
    prefill: { name: user.name, email: user.email, contact: user.phone_number ?? '' },
  };
}

export interface PaidResult {
  order: OrderRow;
  /** True when this call moved the order to paid; false when it already was. */
  changed: boolean;
  refundNeeded: boolean;
}

/**
 * Marks the order with this provider order id paid, exactly once (a conditional update), records the
 * payment, clears the ordered lines from the cart and tells the restaurant. Shared by the client
 * callback and the webhook. A payment arriving for a cancelled order is recorded and refunded.
 */
export async function markPaid(
  tx: Queryable,
  providerName: string,
  order: OrderRow,
  payment: { id: string; amount: number; method?: string | undefined },
): Promise<PaidResult> {
  const [updated] = await tx.query<{ id: number; status: string }>(
    `update orders set payment_status = 'paid', paid_at = now(), updated_at = now(),
                       refund_pending = (status = 'cancelled' or status = 'rejected')
      where id = $1 and payment_status in ('pending', 'failed') returning id, status`,
    [order.id],
  );
  await tx.query(
    `insert into payments (order_id, provider, provider_payment_id, amount, method, status)
     values ($1, $2, $3, $4, $5, 'paid')
     on conflict (provider_payment_id) do update set status = 'paid'
       where payments.status = 'failed'`,
    [order.id, providerName, payment.id, payment.amount, payment.method ?? 'card'],
  );
  if (!updated) return { order, changed: false, refundNeeded: false };

  if (updated.status !== 'cancelled' && updated.status !== 'rejected') {
    const [cart] = await tx.query<{ id: number }>('select id from carts where user_id = $1 for update', [
      order.user_id,
    ]);
    if (cart) {
      await tx.query(
        `delete from cart_items where cart_id = $1
            and menu_item_id in (select menu_item_id from order_items where order_id = $2)`,
        [cart.id, order.id],
      );
      await tx.query(
        `update carts set coupon_code = case when coupon_code = $2 then null else coupon_code end,
                          updated_at = now() where id = $1`,
        [cart.id, order.coupon_code],
      );
      await tx.query(
        `update carts set restaurant_id = null, coupon_code = null
          where id = $1 and not exists (select 1 from cart_items where cart_id = $1)`,
        [cart.id],
      );
    }
    await publishOrderEvent(tx, {
      type: 'order.created',
      orderId: order.id,
      restaurantId: order.restaurant_id,
      userId: order.user_id,
    });
  }
  const fresh = (await loadOrder(tx, 'id', order.id))!;
  return { order: fresh, changed: true, refundNeeded: fresh.refund_pending };
}

/** POST /orders/paymentsuccess/: the checkout callback, verified against OUR stored provider order id. */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  body: {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
    order_id?: number | undefined;
  },
): Promise<PaidResult> {
  const order = await loadOrder(db, 'provider_order_id', body.razorpay_order_id);
  if (!order || (body.order_id !== undefined && body.order_id !== order.id)) {
    throw new HttpError(400, 'This payment does not match any order.', PAYMENT_ERROR_CODES.orderUnknown);
  }
  if (
    !provider.verifyPaymentSignature(
      order.provider_order_id!,
      body.razorpay_payment_id,
      body.razorpay_signature,
    )
  ) {
    throw new HttpError(
      400,
      'The payment could not be verified. You have not been charged for this order.',
      PAYMENT_ERROR_CODES.signatureInvalid,
    );
  }
  return db.transaction((tx) =>
    markPaid(tx, provider.name, order, { id: body.razorpay_payment_id, amount: order.to_pay }),
  );
}

/** Records a failed payment attempt; the order stays pending so the customer can retry. */
export async function recordFailedPayment(
  q: Queryable,
  providerName: string,
  order: OrderRow,
  payment: { id: string; amount: number; method?: string | undefined },
): Promise<void> {
  await q.query(
    `insert into payments (order_id, provider, provider_payment_id, amount, method, status)
     values ($1, $2, $3, $4, $5, 'failed') on conflict (provider_payment_id) do nothing`,
    [order.id, providerName, payment.id, payment.amount, payment.method ?? 'card'],
  );
}

interface WebhookPayment {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  method?: unknown;
}

/** Handles one verified webhook body; de-duplicated by event id inside the same transaction. */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  raw: Buffer,
  eventIdHeader: string | undefined,
): Promise<{ status: 'ok' | 'duplicate' | 'ignored'; refundOrderId?: number }> {
  let event: { event?: unknown; payload?: { payment?: { entity?: WebhookPayment } } };
  try {
    event = JSON.parse(raw.toString('utf8')) as typeof event;
  } catch {
    throw new HttpError(400, 'The webhook body is not valid JSON.', 'webhook_invalid');
  }
  const name = typeof event.event === 'string' ? event.event : '';
  const eventId =
    eventIdHeader && /^[A-Za-z0-9_-]{1,100}$/.test(eventIdHeader)
      ? eventIdHeader
      : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  return db.transaction(async (tx) => {
    const fresh = await tx.query(
      'insert into payment_events (event_id, event) values ($1, $2) on conflict do nothing returning event_id',
      [eventId, name],
    );
    if (!fresh.length) return { status: 'duplicate' as const };
    const p = event.payload?.payment?.entity;
    if (!p || typeof p.order_id !== 'string' || typeof p.id !== 'string')
      return { status: 'ignored' as const };
    const order = await loadOrder(tx, 'provider_order_id', p.order_id);
    if (!order) return { status: 'ignored' as const };
    const payment = {
      id: p.id,
      amount: typeof p.amount === 'number' ? p.amount : order.to_pay,
      method: typeof p.method === 'string' ? p.method : undefined,
    };
    if (name === 'payment.captured') {
      const r = await markPaid(tx, provider.name, order, payment);
      return r.refundNeeded ? { status: 'ok' as const, refundOrderId: order.id } : { status: 'ok' as const };
    }
    if (name === 'payment.failed') {
      await recordFailedPayment(tx, provider.name, order, payment);
      return { status: 'ok' as const };
    }
    return { status: 'ignored' as const };
  });
}

/** The owner cancels before the restaurant accepts; a paid order is marked for refund. */
export async function cancelOrder(db: Db, userId: number, ref: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      /^\d{1,9}$/.test(ref)
        ? 'select id from orders where id = $1::int and user_id = $2 for update'
        : 'select id from orders where order_number = $1 and user_id = $2 for update',
      [ref, userId],
    );
    if (!row) throw new HttpError(404, 'Order not found.', 'not_found');
    const order = (await loadOrder(tx, 'id', row.id))!;
    if (order.status === 'cancelled') return order;
    if (order.status !== 'placed') {
      throw new HttpError(
        409,
        'The restaurant has already accepted this order, so it can no longer be cancelled.',
        PAYMENT_ERROR_CODES.notCancellable,
      );
    }
    if (order.coupon_reserved && order.coupon_code) await releaseCoupon(tx, order.coupon_code);
    await tx.query(
      `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), coupon_reserved = false,
                         refund_pending = (payment_status = 'paid')
        where id = $1`,
      [order.id],
    );
    if (order.payment_status === 'paid') {
      await publishOrderEvent(tx, {
        type: 'order.updated',
        orderId: order.id,
        restaurantId: order.restaurant_id,
        userId: order.user_id,
      });
    }
    return (await loadOrder(tx, 'id', order.id))!;
  });
}

/**
 * Refunds a paid order marked refund_pending through the provider (outside any transaction), then
 * records it. A failure leaves refund_pending set so a later call retries. Used for cancellations
 * here and by the orders module for rejections.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const order = await loadOrder(db, 'id', orderId);
  if (!order || !order.refund_pending || order.payment_status !== 'paid') return false;
  const [payment] = await db.query<{ id: number; provider_payment_id: string; amount: number }>(
    `select id, provider_payment_id, amount from payments where order_id = $1 and status = 'paid'
      order by id limit 1`,
    [orderId],
  );
  if (!payment) return false;
  try {
    const refund = await provider.refund(payment.provider_payment_id, payment.amount, {
      order_number: order.order_number,
    });
    await db.transaction(async (tx) => {
      await tx.query(
        `update payments set status = 'refunded', refund_id = $2, refunded_at = now() where id = $1`,
        [payment.id, refund.id],
      );
      await tx.query(
        `update orders set payment_status = 'refunded', refund_pending = false, updated_at = now()
          where id = $1 and payment_status = 'paid'`,
        [orderId],
      );
      await publishOrderEvent(tx, {
        type: 'order.updated',
        orderId,
        restaurantId: order.restaurant_id,
        userId: order.user_id,
      });
    });
    return true;
  } catch (err) {
    log?.warn({ err, orderId }, 'refund failed; the order stays refund_pending');
    return false;
  }
}
