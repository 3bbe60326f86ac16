// Order creation and cancellation: createorder recomputes everything from the database and reserves
// the coupon atomically, then opens the provider order; a cancelled paid order is marked for a refund
// (the payments ledger in modules/orders/payments.ts takes it from there).
import { checkChoices } from '../../../shared/customisation.ts';
import { optionGroupsOfItems } from '../../db/option-groups.ts';
import { randomBytes } from 'node:crypto';
import {
  CART_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  type CheckoutOrder,
  type CreateOrderResponse,
  type InlineAddress,
  type OrderInstructions,
} from '../../../shared/api/checkout.ts';
import { computeBill, withTip } from '../../../shared/bill.ts';
import { deliveryReach } from '../../../shared/geo.ts';
import { istDay } from '../../../shared/india-time.ts';
import { checkCoupon, inTimeWindow, istClock } from '../../../shared/coupon-rules.ts';
import { RESTAURANT_PAUSED_CODE, availability, effectiveInStock } from '../../../shared/kitchen.ts';
import { formatMinute, istMinuteOfDay } from '../../../shared/opening-hours.ts';
import { checkScheduledFor } from '../../../shared/schedule-slots.ts';
import type { Db, Queryable, Row } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { crashPoint } from '../../crash-points.ts';
import { publishOrderEvent } from '../../realtime/order-events.ts';
import { loadKitchen, stockOf } from '../kitchen/queries.ts';
import { markOrderRefund } from '../orders/payments.ts';
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
  tip: number;
  scheduled_for: Date | string | null;
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
  const items = await q.query<{
    id: number;
    name: string;
    price: number;
    quantity: number;
    is_veg: boolean;
    choices: string[];
  }>(
    `select menu_item_id as id, name, price, quantity, is_veg, choices from order_items where order_id = $1
      order by name, options`,
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
    items: items.map(({ choices, ...item }) => (choices.length ? { ...item, choices } : item)),
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
    tip: row.tip,
    scheduled_for: iso(row.scheduled_for),
  };
}

const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "261121-7KQ3MZ": IST date and six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const day = istDay(now);
  const date = day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);
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
  body: {
    address_id?: number | undefined;
    address?: InlineAddress | undefined;
    instructions?: OrderInstructions | undefined;
    tip?: number | undefined;
    scheduled_for?: string | null | undefined;
  };
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

    if (input.sessionKey && (await mergeAnonymousCart(tx, input.sessionKey, userId)) === 'conflict') {
      throw new HttpError(
        409,
        'You have two carts: choose which one to keep before ordering.',
        CART_ERROR_CODES.conflict,
      );
    }
    const cart: CartRow | undefined = await findCart(tx, { userId, sessionKey: null }, true);
    const lines = cart ? await cartLines(tx, cart.id) : [];
    if (!cart || !lines.length) {
      throw new HttpError(400, 'Your cart is empty.', CART_ERROR_CODES.cartEmpty);
    }
    // Stock as the kitchen set it, a timed "out of stock" that ran out counting as in stock.
    const stock = await stockOf(
      tx,
      lines.map((l) => l.id),
    );
    const inStock = new Map(stock.map((s) => [s.id, effectiveInStock(s, now)]));
    const out = lines.find((l) => !(inStock.get(l.id) ?? l.in_stock));
    if (out) throw new HttpError(400, `${out.name} is out of stock right now.`, CART_ERROR_CODES.outOfStock);
    // Choices made when the dish was added are checked again: the menu may have changed since.
    const groups = await optionGroupsOfItems(
      tx,
      lines.map((l) => l.id),
    );
    for (const l of lines) {
      const check = checkChoices(l.name, groups.get(l.id) ?? [], l.options);
      if (!check.ok) throw new HttpError(409, check.message, CART_ERROR_CODES.choices);
    }
    const restaurant = await loadRestaurant(tx, cart.restaurant_id ?? lines[0]!.restaurant_id);
    if (!restaurant || !restaurant.is_active) {
      throw new HttpError(
        400,
        'This restaurant is not taking orders right now.',
        PAYMENT_ERROR_CODES.restaurantClosed,
      );
    }
    // A scheduled order is checked against the restaurant's delivery slots instead (it may be placed
    // while the restaurant is closed, for a slot after it opens).
    const scheduledFor = input.body.scheduled_for
      ? checkScheduledFor(restaurant, input.body.scheduled_for, now)
      : null;
    if (scheduledFor && !scheduledFor.ok) {
      throw new HttpError(400, scheduledFor.message, PAYMENT_ERROR_CODES.scheduleInvalid);
    }
    if (
      !scheduledFor &&
      restaurant.open_minute !== restaurant.close_minute &&
      !inTimeWindow(istClock(now).minutes, restaurant.open_minute, restaurant.close_minute)
    ) {
      throw new HttpError(
        400,
        `${restaurant.name} is closed right now.`,
        PAYMENT_ERROR_CODES.restaurantClosed,
      );
    }
    // Paused by staff or by the server (no staff device connected): docs/kitchen-controls.md.
    const kitchen = await loadKitchen(tx, restaurant.id);
    const shown = kitchen ? availability(kitchen, now) : null;
    if (shown && !shown.accepting_orders) {
      const back = shown.paused_until
        ? ` Try again after ${formatMinute(istMinuteOfDay(new Date(shown.paused_until)))}.`
        : ' Please try again later.';
      throw new HttpError(
        409,
        `${restaurant.name} is not accepting orders right now.${back}`,
        RESTAURANT_PAUSED_CODE,
      );
    }
    const { distance_m: distance, delivers } = deliveryReach(
      {
        lat: Number(restaurant.lat),
        lng: Number(restaurant.lng),
        delivery_radius_m: restaurant.delivery_radius_m,
      },
      { lat: address.latitude, lng: address.longitude },
    );
    if (!delivers) {
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
      // A coupon that no longer qualifies (below its minimum after a change, expired, outside its days
      // or hours, its per-customer limit reached) is left out, as the cart's bill already showed it:
      // the order is placed at the price the customer saw and the cart keeps the code for later.
      if (check.ok) {
        // The reservation: only succeeds while uses remain, however many requests race for them.
        // Losing that race is the one coupon refusal left: the customer saw the discount, so we do
        // not charge more without asking (the page removes the coupon and shows the new total).
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

    const bill = withTip(
      computeBill({
        lines,
        packagingFee: restaurant.packaging_fee,
        distanceM: distance,
        couponDiscount,
      }),
      input.body.tip ?? 0,
    );
    const [order] = await tx.query<{ id: number }>(
      `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
                           delivery_fee, taxes, coupon_code, coupon_discount, to_pay, idempotency_key,
                           coupon_reserved, distance_m, cooking_instructions, delivery_instructions,
                           tip, scheduled_for)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       returning id`,
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
        input.body.instructions?.cooking ?? '',
        input.body.instructions?.delivery ?? '',
        bill.tip,
        scheduledFor?.ok ? scheduledFor.at.toISOString() : null,
      ],
    );
    for (const l of lines) {
      await tx.query(
        `insert into order_items (order_id, menu_item_id, options, choices, name, price, quantity, is_veg)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [order!.id, l.id, l.options, l.choices, l.name, l.price, l.quantity, l.is_veg],
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
    crashPoint('createorder:after-provider-order');
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
  crashPoint('createorder:after-commit');
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
      `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), coupon_reserved = false
        where id = $1`,
      [order.id],
    );
    if (await markOrderRefund(tx, order.id, 'cancelled')) {
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
