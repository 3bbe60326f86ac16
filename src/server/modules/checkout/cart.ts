// The cart: one per anonymous session key or per user, one restaurant at a time, prices always read
// from the menu. Every change is an absolute quantity; a change carrying an op id already applied is
// ignored, so an offline queue can replay safely. The SQL is in ./queries.ts.
import {
  CART_ERROR_CODES,
  type CartInfo,
  type CartItem,
  type CartResponse,
  type SavedCart,
  type StoreInfo,
} from '../../../shared/api/checkout.ts';
import { computeBill } from '../../../shared/bill.ts';
import { deliveryReach } from '../../../shared/geo.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import { canonicalOptions, checkChoices } from '../../../shared/customisation.ts';
import type { Queryable } from '../../db/index.ts';
import { optionGroupsOfItems } from '../../db/option-groups.ts';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from './caller.ts';
import { findCoupon, userCouponUses } from './coupon-queries.ts';
import { toRule } from './coupons.ts';
import {
  cartDish,
  cartLines,
  countCartLines,
  deleteCartLine,
  deleteCartLines,
  loadRestaurant,
  resetCart,
  setCartRestaurant,
  tidy,
  upsertCartLine,
  type CartRow,
  type CartSnapshot,
  type RestaurantRow,
} from './queries.ts';

export function storeInfo(r: RestaurantRow): StoreInfo {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    image: r.image,
    area: r.area,
    lat: Number(r.lat),
    lng: Number(r.lng),
    delivery_radius_m: r.delivery_radius_m,
    open_minute: r.open_minute,
    close_minute: r.close_minute,
    delivery_time_min: r.delivery_time_min,
  };
}

export interface ViewOptions {
  now?: Date;
  lat?: number | undefined;
  lng?: number | undefined;
}

/** GET /checkout/'s body for a cart (or for no cart yet). */
export async function cartView(
  q: Queryable,
  cart: CartRow | undefined,
  caller: Caller,
  sessionKey: string,
  opts: ViewOptions = {},
): Promise<CartResponse> {
  if (!cart) return emptyView(sessionKey);
  const lines = await cartLines(q, cart.id);
  if (!lines.length) return emptyView(sessionKey);
  const restaurant = await loadRestaurant(q, cart.restaurant_id ?? lines[0]!.restaurant_id);
  return cartViewOf(q, { cart, lines, restaurant }, caller, sessionKey, opts);
}

const emptyView = (sessionKey: string): CartResponse => ({
  session_key: sessionKey,
  cart_items: [],
  cart_info: null,
  cart_meta: null,
  store_info: null,
  cart_conflict: null,
});

/** The same body from a cart read with its lines and restaurant at once (./queries.ts snapshots). */
export async function cartViewOf(
  q: Queryable,
  { cart, lines, restaurant }: CartSnapshot,
  caller: Caller,
  sessionKey: string,
  opts: ViewOptions = {},
): Promise<CartResponse> {
  if (!cart || !lines.length || !restaurant) return emptyView(sessionKey);

  const items: CartItem[] = lines.map((l) => ({ ...l, line_total: l.price * l.quantity }));
  const food = items.reduce((s, i) => s + i.line_total, 0);

  let couponDiscount = 0;
  let couponError: string | null = null;
  let couponErrorCode: string | null = null;
  if (cart.coupon_code) {
    const row = await findCoupon(q, cart.coupon_code);
    const check = checkCoupon(row ? toRule(row) : null, {
      now: opts.now ?? new Date(),
      storeId: restaurant.id,
      itemTotal: food,
      userUses: await userCouponUses(q, caller.userId, cart.coupon_code),
    });
    if (check.ok) couponDiscount = check.discount;
    else {
      couponError = check.message;
      couponErrorCode = check.code;
    }
  }

  // A point the restaurant does not deliver to is never priced: the bill keeps the base fee and the
  // page says why that address cannot be used.
  const reach =
    opts.lat !== undefined && opts.lng !== undefined
      ? deliveryReach(
          {
            lat: Number(restaurant.lat),
            lng: Number(restaurant.lng),
            delivery_radius_m: restaurant.delivery_radius_m,
          },
          { lat: opts.lat, lng: opts.lng },
        )
      : null;
  const distance = reach?.delivers ? reach.distance_m : null;
  const bill = computeBill({
    lines: items,
    packagingFee: restaurant.packaging_fee,
    distanceM: distance,
    couponDiscount,
  });
  const info: CartInfo = {
    ...bill,
    coupon_code: cart.coupon_code,
    coupon_error: couponError,
    coupon_error_code: couponErrorCode,
    distance_m: distance,
  };
  return {
    session_key: sessionKey,
    cart_items: items,
    cart_info: info,
    cart_meta: {
      item_count: items.reduce((s, i) => s + i.quantity, 0),
      item_total: bill.item_total,
      coupon_discount: bill.coupon_discount,
    },
    store_info: storeInfo(restaurant),
    cart_conflict: null,
  };
}

/** What the conflict question says about the account's saved cart. */
export async function savedCartSummary(q: Queryable, cart: CartRow): Promise<SavedCart | null> {
  const lines = await cartLines(q, cart.id);
  if (!lines.length) return null;
  const restaurant = await loadRestaurant(q, cart.restaurant_id ?? lines[0]!.restaurant_id);
  return {
    store_name: restaurant?.name ?? 'another restaurant',
    store_slug: restaurant?.slug ?? '',
    item_count: lines.reduce((s, l) => s + l.quantity, 0),
    item_total: lines.reduce((s, l) => s + l.price * l.quantity, 0),
    items: lines.map((l) => ({ name: l.name, quantity: l.quantity })),
  };
}

/** Sets one cart line's quantity (0 removes it); prices, stock and choices are checked on the menu. */
export async function setQuantity(
  q: Queryable,
  cart: CartRow,
  input: { item: number; quantity: number; options?: number[] | undefined; replace?: boolean | undefined },
): Promise<void> {
  const options = canonicalOptions(input.options);
  const item = await cartDish(q, input.item);
  if (input.quantity === 0) {
    await deleteCartLine(q, cart.id, input.item, options);
    await tidy(q, cart.id);
    return;
  }
  if (!item) throw new HttpError(404, 'This item is no longer on the menu.', CART_ERROR_CODES.itemNotFound);
  if (!item.in_stock || !item.restaurant_active) {
    throw new HttpError(400, `${item.name} is out of stock right now.`, CART_ERROR_CODES.outOfStock);
  }
  const groups = (await optionGroupsOfItems(q, [item.id])).get(item.id) ?? [];
  const choice = checkChoices(item.name, groups, options);
  if (!choice.ok) throw new HttpError(400, choice.message, CART_ERROR_CODES.choices);
  const n = await countCartLines(q, cart.id);
  if (n > 0 && cart.restaurant_id !== null && cart.restaurant_id !== item.restaurant_id) {
    if (!input.replace) {
      const current = await loadRestaurant(q, cart.restaurant_id);
      throw new HttpError(
        409,
        `Your cart has items from ${current?.name ?? 'another restaurant'}. Replace them with this item?`,
        CART_ERROR_CODES.storeConflict,
      );
    }
    // Another restaurant's cart, replaced as the customer said.
    await deleteCartLines(q, cart.id);
    await resetCart(q, cart.id);
  }
  await upsertCartLine(q, cart.id, item.id, choice.options, input.quantity);
  await setCartRestaurant(q, cart.id, item.restaurant_id);
}
