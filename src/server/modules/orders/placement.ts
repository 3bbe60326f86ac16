// Order placement: createorder recomputes everything from the database (the cart and coupons of the
// checkout module, stock and pauses of the kitchen's) and reserves the coupon atomically, in one
// transaction; the provider order is opened after it (./checkout-service.ts).
import { randomBytes } from 'node:crypto';
import {
  CART_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  type InlineAddress,
  type OrderInstructions,
} from '../../../shared/api/checkout.ts';
import { computeBill, withTip } from '../../../shared/bill.ts';
import { checkCoupon, inTimeWindow, istClock } from '../../../shared/coupon-rules.ts';
import { checkChoices } from '../../../shared/customisation.ts';
import { formatDistance, formatRadius } from '../../../shared/distance.ts';
import { deliveryReach } from '../../../shared/geo.ts';
import { istDay } from '../../../shared/india-time.ts';
import { RESTAURANT_PAUSED_CODE, availability, effectiveInStock } from '../../../shared/kitchen.ts';
import { formatMinute, istMinuteOfDay } from '../../../shared/opening-hours.ts';
import { checkScheduledFor } from '../../../shared/schedule-slots.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { optionGroupsOfItems } from '../../db/option-groups.ts';
import { HttpError } from '../../http/errors.ts';
import {
  cartLines,
  findCart,
  findCoupon,
  loadRestaurant,
  loadUser,
  mergeAnonymousCart,
  releaseCoupon,
  reserveCoupon,
  toRule,
  usedUpCartCoupon,
  userCouponUses,
  type CartRow,
} from '../checkout/index.ts';
import { loadKitchen, stockOf } from '../kitchen/index.ts';
import {
  cancelOrders,
  insertOrder,
  insertOrderItem,
  lockUser,
  orderIdByKey,
  savedAddress,
  unpaidPlacedOrders,
  type SavedAddressRow,
} from './checkout-queries.ts';

const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "261121-7KQ3MZ": IST date and six unambiguous random characters. */
export function newOrderNumber(now = new Date()): string {
  const day = istDay(now);
  const date = day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);
  let tail = '';
  for (const b of randomBytes(6)) tail += NUMBER_ALPHABET[b % NUMBER_ALPHABET.length];
  return `${date}-${tail}`;
}

/** The address an order is delivered to, as the order keeps it: a saved address's fields and its id. */
type DeliveryAddress = Pick<
  SavedAddressRow,
  'address' | 'flat' | 'landmark' | 'address_type' | 'latitude' | 'longitude'
> & { address_id: number | null };

async function resolveAddress(
  q: Queryable,
  userId: number,
  body: { address_id?: number | undefined; address?: InlineAddress | undefined },
): Promise<DeliveryAddress> {
  if (body.address_id !== undefined) {
    const a = await savedAddress(q, body.address_id, userId);
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
    idempotencyKey ? await orderIdByKey(q, userId, idempotencyKey) : undefined;

  const known = await byKey(db);
  if (known !== undefined) return known;
  await loadUser(db, userId);
  const address = await resolveAddress(db, userId, input.body);

  // Fast refusal of a coupon already used up (the reservation below is what guarantees the limit),
  // so a rush on a limited coupon does not queue every loser through a write transaction.
  const usedUp = await usedUpCartCoupon(db, userId, input.sessionKey);
  if (usedUp !== undefined) {
    throw new HttpError(400, `Coupon ${usedUp} has been fully used up.`, 'coupon_used_up');
  }

  return db.transaction(async (tx) => {
    // One order creation per user at a time: a second request with the same key waits, then finds it.
    await lockUser(tx, userId);
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
        `${restaurant.name} does not deliver to this address (${formatDistance(distance)} away; it delivers within ${formatRadius(restaurant.delivery_radius_m)}).`,
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
        if (!(await reserveCoupon(tx, row!.id))) {
          throw new HttpError(400, `Coupon ${row!.coupon_code} has been fully used up.`, 'coupon_used_up');
        }
        couponDiscount = check.discount;
        couponCode = row!.coupon_code;
      }
    }

    // An unpaid order from an earlier attempt is superseded by this one and gives back its coupon.
    const stale = await unpaidPlacedOrders(tx, userId);
    for (const s of stale) {
      if (s.coupon_reserved && s.coupon_code) await releaseCoupon(tx, s.coupon_code);
    }
    if (stale.length) {
      await cancelOrders(
        tx,
        stale.map((s) => s.id),
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
    const orderId = await insertOrder(tx, {
      orderNumber: newOrderNumber(now),
      userId,
      restaurantId: restaurant.id,
      deliveryAddress: { ...address, lat: address.latitude, lng: address.longitude },
      itemTotal: bill.item_total,
      packaging: bill.packaging,
      deliveryFee: bill.delivery_fee,
      taxes: bill.taxes,
      couponCode,
      couponDiscount: bill.coupon_discount,
      toPay: bill.to_pay,
      idempotencyKey,
      couponReserved: couponCode !== null,
      distanceM: distance,
      cookingInstructions: input.body.instructions?.cooking ?? '',
      deliveryInstructions: input.body.instructions?.delivery ?? '',
      tip: bill.tip,
      scheduledFor: scheduledFor?.ok ? scheduledFor.at.toISOString() : null,
    });
    for (const l of lines) await insertOrderItem(tx, orderId, l);
    return orderId;
  });
}
